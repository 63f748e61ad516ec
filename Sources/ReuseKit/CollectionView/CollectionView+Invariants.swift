extension CollectionView {
  /// Checks the reuse engine, the displayed sets and the selection against each other, and
  /// (when no pass is pending) that the displayed items are exactly the layout's answer.
  /// Compiled in only with `REUSEKIT_CHECKS`; called at the end of every mutation.
  func _checkInvariants() {
    #if REUSEKIT_CHECKS
      var displayedCount = 0
      for set in [displayedItems, displayedSupplementaryViews] {
        var previous: LayoutAttributes?
        for entry in set.entries {
          let view = entry.view
          if let previous {
            invariant(
              LayoutAttributes.displayOrder(previous, entry.attributes),
              "displayed elements out of order or duplicated at \(entry.attributes.indexPath)")
          }
          invariant(view.reuseState == .visible, "displayed view is \(view.reuseState)")
          invariant(view.owner === self, "displayed view owned by another collection view")
          invariant(view.layoutAttributes == entry.attributes, "view has stale attributes")
          invariant(!view.isHidden && view.isAttached, "displayed view hidden or detached")
          previous = entry.attributes
          displayedCount += 1
        }
      }
      // Views a batch update removed stay displayed until its animation ends.
      for item in (updateAnimation?.disappearing ?? []) + settlingViews {
        invariant(item.view.reuseState == .visible, "disappearing view is \(item.view.reuseState)")
        invariant(item.view.owner === self, "disappearing view owned by another collection view")
        displayedCount += 1
      }
      invariant(reuseCounters.visible == displayedCount, "visible counter out of sync")
      invariant(
        registrationCounters.reduce(0) { $0 + $1.visible } == displayedCount,
        "per-identifier visible counters out of sync")
      _checkSelectionInvariants()
      for entry in displayedItems.entries where !needsReconfigureAll {
        invariant(
          (entry.view as! CollectionViewCell).isFocused
            == (entry.attributes.indexPath == focusedItem),
          "cell at \(entry.attributes.indexPath) shows the wrong focus state")
      }
      reusePool._checkInvariants()
      invariant(isSorted(prefetchedItems), "prefetched items not sorted")
      if !needsLayout && !collectionViewLayout.needsPrepare && !isInLayoutPass
        && preparedViewportSize == viewportSize && interactiveMovement == nil
      {
        var expected = LayoutElements()
        if !viewportSize.isEmpty {
          collectionViewLayout.elements(
            in: LayoutQuery(rect: bounds.outset(by: overscan), viewport: bounds), into: &expected)
        }
        let displayed = displayedItems.entries.map(\.attributes)
        let sortedExpected = expected.items.sorted(by: LayoutAttributes.displayOrder)
        invariant(displayed == sortedExpected, "displayed items differ from the layout's answer")
      }
    #endif
  }

  /// Checks that the selection names existing items and that displayed cells show it.
  func _checkSelectionInvariants() {
    #if REUSEKIT_CHECKS
      for path in selectedItems {
        invariant(isValid(path), "selected item \(path) is out of range")
      }
      if let focused = focusedItem {
        invariant(isValid(focused), "focused item \(focused) is out of range")
      }
      if !allowsMultipleSelection {
        invariant(selectedItems.count <= 1, "several items selected in single selection")
      }
      // Between reloadData() and the next pass the displayed cells are stale; skip them.
      for entry in displayedItems.entries where !needsReconfigureAll {
        let cell = entry.view as! CollectionViewCell
        invariant(
          cell.isSelected == selectedItems.contains(entry.attributes.indexPath),
          "cell at \(entry.attributes.indexPath) shows the wrong selection state")
      }
    #endif
  }
}

extension CollectionView {
  /// A failed invariant: stops with the message, after the debug label (seed and step).
  func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    #if REUSEKIT_CHECKS
      if !condition() {
        let label = debugLabel.isEmpty ? "" : "[\(debugLabel)] "
        preconditionFailure(label + message(), file: file, line: line)
      }
    #endif
  }
}

func isSorted<T: Comparable>(_ array: [T]) -> Bool {
  zip(array, array.dropFirst()).allSatisfy { $0 < $1 }
}
