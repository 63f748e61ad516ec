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
          guard let view = entry.view else { preconditionFailure("displayed entry without a view") }
          if let previous {
            precondition(
              LayoutAttributes.displayOrder(previous, entry.attributes),
              "displayed elements out of order or duplicated at \(entry.attributes.indexPath)")
          }
          precondition(view.reuseState == .visible, "displayed view is \(view.reuseState)")
          precondition(view.owner === self, "displayed view owned by another collection view")
          precondition(view.layoutAttributes == entry.attributes, "view has stale attributes")
          precondition(!view.isHidden && view.isAttached, "displayed view hidden or detached")
          previous = entry.attributes
          displayedCount += 1
        }
      }
      precondition(reuseCounters.visible == displayedCount, "visible counter out of sync")
      precondition(
        registrations.reduce(0) { $0 + $1.counters.visible } == displayedCount,
        "per-identifier visible counters out of sync")
      _checkSelectionInvariants()
      reusePool._checkInvariants()
      precondition(isSorted(prefetchedItems), "prefetched items not sorted")
      if !needsLayout && !collectionViewLayout.needsPrepare && !isInLayoutPass
        && preparedViewportSize == viewportSize
      {
        var expected = LayoutElements()
        if !viewportSize.isEmpty {
          collectionViewLayout.elements(
            in: LayoutQuery(rect: bounds.outset(by: overscan), viewport: bounds), into: &expected)
        }
        let displayed = displayedItems.entries.map(\.attributes)
        let sortedExpected = expected.items.sorted(by: LayoutAttributes.displayOrder)
        precondition(displayed == sortedExpected, "displayed items differ from the layout's answer")
      }
    #endif
  }

  /// Checks that the selection names existing items and that displayed cells show it.
  func _checkSelectionInvariants() {
    #if REUSEKIT_CHECKS
      for path in selectedItems {
        precondition(isValid(path), "selected item \(path) is out of range")
      }
      if !allowsMultipleSelection {
        precondition(selectedItems.count <= 1, "several items selected in single selection")
      }
      for entry in displayedItems.entries {
        let cell = entry.view as! CollectionViewCell
        precondition(
          cell.isSelected == selectedItems.contains(entry.attributes.indexPath),
          "cell at \(entry.attributes.indexPath) shows the wrong selection state")
      }
    #endif
  }
}

func isSorted<T: Comparable>(_ array: [T]) -> Bool {
  zip(array, array.dropFirst()).allSatisfy { $0 < $1 }
}
