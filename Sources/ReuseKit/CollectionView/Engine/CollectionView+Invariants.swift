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
      for view in parts.all.flatMap(\.viewsStillShown) {
        invariant(view.reuseState == .visible, "disappearing view is \(view.reuseState)")
        invariant(view.owner === self, "disappearing view owned by another collection view")
        displayedCount += 1
      }
      invariant(registry.totals.visible == displayedCount, "visible counter out of sync")
      invariant(
        registry.counters.reduce(0) { $0 + $1.visible } == displayedCount,
        "per-identifier visible counters out of sync")
      invariant(
        registry.poolSlots.count == registry.registrations.count
          && registry.counters.count == registry.registrations.count,
        "registration tables out of step")
      invariant(counts.prefix.count == counts.sectionCount + 1, "count prefix out of step")
      reusePool._checkInvariants()
      // Each part checks its own state.
      forEachPart { $0.checkInvariants(in: self) }
      for participant in participants {
        invariant(
          participants.filter({ $0 === participant }).count == 1, "a participant joined twice")
      }
      if !pass.needsLayout && !collectionViewLayout.needsPrepare && !pass.isInPass
        && pass.preparedViewportSize == viewportSize
        && !parts.all.contains(where: { $0.presentsElsewhere(in: self) })
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
