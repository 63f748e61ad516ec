extension CollectionView {
  /// How many times one call to ``layoutIfNeeded()`` may run a pass before it gives up on a
  /// delegate that keeps invalidating the layout from its callbacks.
  static let maximumPassesPerLayout = 8
  /// How many measure-and-requery rounds one pass may take with self-sizing cells.
  static let maximumSelfSizingRounds = 16

  /// Runs a layout pass if the offset, the viewport, the data or the layout changed since the
  /// last one; otherwise returns at once.
  ///
  /// Calls from inside a pass (from a delegate or data source callback) return at once; the
  /// running pass repeats if they changed something.
  ///
  /// - Complexity: O(log n + k) for the layouts ReuseKit ships, where k is the number of
  ///   elements displayed; O(1) when nothing changed. No allocation in the steady state.
  public func layoutIfNeeded() {
    guard !pass.isInPass else { return }
    var passes = 0
    defer {
      if passes > 0 {
        pass.isLayingOut = false
        if !layoutObservers.isEmpty { notifyObserversDidLayout() }
      }
    }
    while pass.needsLayout || collectionViewLayout.needsPrepare {
      passes += 1
      pass.isLayingOut = true
      if passes > CollectionView.maximumPassesPerLayout {
        diagnostics.report(
          .reentrantUpdate,
          "layout invalidated itself \(CollectionView.maximumPassesPerLayout) times in a row "
            + "(from a delegate callback?); showing the last pass")
        pass.needsLayout = false
        break
      }
      pass.needsLayout = false
      performLayoutPass()
      if pass.reloadRequested {
        pass.reloadRequested = false
        reloadData()
      }
      // notify: after the pass, so that the delegate may load items with a batch update.
      if !participants.isEmpty && !pass.needsLayout {
        forEachParticipant { participant in participant.collectionViewDidFinishPass(self) }
      }
    }
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }

  /// One pass, phase by phase: prepare, query, present, reconcile, measure, prefetch (notify
  /// runs in ``layoutIfNeeded()``, once the pass is over).
  private func performLayoutPass() {
    pass.isInPass = true
    reusePool.beginPass()
    defer {
      reusePool.endPass()
      pass.isInPass = false
    }
    let context = PassContext(dataSource: dataSource, delegate: collectionDelegate, host: host)
    let layout = collectionViewLayout
    prepare(layout, context)
    // With self-sizing, the anchor is an item displayed before this pass (its geometry is
    // measured, so it is what the user is looking at). Only its path is noted now; its place is
    // looked up just before the first measurement that changes a size.
    let anchorPath = layout.wantsSelfSizing ? firstDisplayedItem(reachingPast: layout) : nil
    queryPresentAndReconcile(layout, context)
    if layout.wantsSelfSizing { measure(layout, context, anchorPath: anchorPath) }
    if !participants.isEmpty {
      forEachParticipant { participant in
        participant.collectionView(self, prefetchAround: layout)
      }
    }
  }

  /// prepare: a data source that went away shows nothing; a reload replaces every view; the
  /// layout prepares when its inputs changed, and the offset rests where the new geometry
  /// allows.
  private func prepare(_ layout: any CollectionViewLayout, _ context: PassContext) {
    if context.dataSource == nil && counts.sectionCount > 0 {
      diagnostics.report(
        .dataSourceChangedWithoutReload, "the data source went away; showing no items")
      setItemCounts([])
      selection.removeAll(in: self)
      pass.needsReconfigureAll = true
      layout.invalidateLayout()
    }
    if pass.needsReconfigureAll {
      pass.needsReconfigureAll = false
      displayedItems.removeAll { endDisplaying($0, $1, context) }
      displayedSupplementaryViews.removeAll { endDisplaying($0, $1, context) }
    }
    if layout.needsPrepare || pass.preparedViewportSize != viewportSize {
      prepareLayout()
      // The content or the viewport changed size: a paging or snapping view rests on the page
      // or item it rested on before, any other keeps the focused or first item on screen in
      // view, and an idle offset past the new end comes back.
      restOnStopAfterResize()
      restoreAnchorAfterResize()
      restOffsetInBounds()
    }
    if !participants.isEmpty {
      forEachParticipant { participant in participant.collectionView(self, willQuery: layout) }
    }
  }

  /// query, present and reconcile: the layout's answer for the visible rect (widened by
  /// ``overscan`` and the participants), moved where the participants present it, becomes the
  /// displayed sets.
  private func queryPresentAndReconcile(_ layout: any CollectionViewLayout, _ context: PassContext)
  {
    elements.removeAll()
    if !viewportSize.isEmpty {
      let visible = bounds
      var rect = visible.outset(by: overscan)
      if !participants.isEmpty {
        forEachParticipant { participant in
          participant.collectionView(self, widenQuery: &rect, layout: layout)
        }
      }
      layout.elements(in: LayoutQuery(rect: rect, viewport: visible), into: &elements)
    }
    if !areCellsInOrder(elements.items) { sortInDisplayOrder(&elements.items) }
    sortInDisplayOrder(&elements.supplementaryViews)
    if !participants.isEmpty {
      forEachParticipant { participant in
        participant.collectionView(self, present: &elements, layout: layout)
      }
    }
    // The displayed sets take the new buffers and hand back their old ones, which the next
    // query clears and refills: the attributes are never copied. (Each callback is a closure
    // literal: a method passed as a value would retain the collection view, whose cells refer
    // to it weakly, so each retain and release takes the runtime's slow way.)
    displayedItems.reconcile(
      with: &elements.items, leaving: { endDisplaying($0, $1, context) },
      updating: { applyAttributes($0, $1) }, entering: { displayNewElement($0, context) })
    displayedSupplementaryViews.reconcile(
      with: &elements.supplementaryViews, leaving: { endDisplaying($0, $1, context) },
      updating: { applyAttributes($0, $1) }, entering: { displayNewElement($0, context) })
    if !participants.isEmpty {
      forEachParticipant { participant in participant.collectionViewDidReconcile(self) }
    }
  }

  /// measure: cells that entered or changed measure themselves; when a length changes, what
  /// is on screen keeps its place (the first item on screen, or what a participant says), the
  /// focused item stays whole across the axis when it was, and the content moves under the
  /// viewport instead, through the one event for that (``ScrollView/moveContent(by:)``); then
  /// the query runs again.
  private func measure(
    _ layout: any CollectionViewLayout, _ context: PassContext, anchorPath: ItemPath?
  ) {
    var keepsEnd = false
    if !participants.isEmpty {
      for participant in participants where participant.measuringAnchor(in: self) == .end {
        keepsEnd = true
      }
    }
    var anchor: ScrollAnchor?
    var keptWhole: ItemPath?
    var noted = false

    let resolveAnchor = {
      if !noted {
        noted = true
        keptWhole = self.focusedItemWholeAcross()
      }
      guard anchor == nil, let path = anchorPath ?? self.firstDisplayedItem(reachingPast: layout)
      else { return }
      anchor = self.scrollAnchor(for: path)
    }
    var rounds = 0
    while measureDisplayedCells(layout, context, beforeChange: resolveAnchor) {
      rounds += 1
      if rounds > CollectionView.maximumSelfSizingRounds {
        setNeedsLayout()  // finish in the next pass rather than spin here
        break
      }
      contentSize = layout.contentSize
      if keepsEnd {
        restoreEnd()
      } else if let anchor {
        restoreScrollAnchor(anchor, clamping: .aboveMinimum)
      }
      if let keptWhole { keepWholeAcross(keptWhole) }
      queryPresentAndReconcile(layout, context)
    }
    contentSize = layout.contentSize
  }

  /// Whether cell attributes are in strictly ascending index-path order, as layouts promise:
  /// an O(k) check of index paths only (cells all share one category).
  @inline(__always)
  private func areCellsInOrder(_ cells: [LayoutAttributes]) -> Bool {
    cells.withUnsafeBufferPointer { buffer in
      var index = 1
      while index < buffer.count {
        if !(buffer[index - 1].indexPath < buffer[index].indexPath) { return false }
        index += 1
      }
      return true
    }
  }

  /// Sorts a layout's answer into display order and drops duplicates. Layouts that already
  /// answer in order (all of ReuseKit's) cost one O(k) check.
  private func sortInDisplayOrder(_ elements: inout [LayoutAttributes]) {
    var sorted = true
    for index in elements.indices.dropFirst()
    where !LayoutAttributes.displayOrder(elements[index - 1], elements[index]) {
      sorted = false
      break
    }
    if sorted { return }
    // Insertion sort: no allocation, and near-sorted input (a few supplementary views) is O(k).
    for index in elements.indices.dropFirst() {
      let element = elements[index]
      var hole = index
      while hole > 0, LayoutAttributes.displayOrder(element, elements[hole - 1]) {
        elements[hole] = elements[hole - 1]
        hole -= 1
      }
      elements[hole] = element
    }
    var kept = 0
    var duplicates = 0
    for index in elements.indices {
      if kept > 0, elements[kept - 1].isSameElement(as: elements[index]) {
        duplicates += 1
        continue
      }
      elements[kept] = elements[index]
      kept += 1
    }
    if duplicates > 0 {
      elements.removeLast(elements.count - kept)
      diagnostics.report(
        .invalidConfiguration,
        "the layout returned \(duplicates) duplicate element(s); showing each once")
    }
  }

  // MARK: Self-sizing

  /// The first displayed item that reaches into the viewport, by the stored frames: the item
  /// that keeps its place on screen when sizes above it change.
  ///
  /// - Complexity: O(k), no layout lookups.
  private func firstDisplayedItem(reachingPast layout: any CollectionViewLayout) -> ItemPath? {
    let axis = layout.scrollDirection
    let top = contentOffset[axis]
    let bottom = top + viewportSize[axis]
    // Only an item on screen: after a jump, the views displayed before it are elsewhere, and
    // keeping one of them in place would carry the offset away from where it was sent.
    guard let first = firstDisplayedItem(reachingPast: top, along: axis),
      first.frame.min(axis) < bottom
    else { return nil }
    return first.indexPath
  }

  /// Asks each displayed cell whose length was not yet measured at its current attributes for
  /// its preferred size, and hands it to the layout. Returns `true` when any length changed;
  /// `beforeChange` runs before the first change reaches the layout (at least once).
  ///
  /// - Complexity: O(k) checks; only cells that entered or changed length are asked.
  private func measureDisplayedCells(
    _ layout: any CollectionViewLayout, _ context: PassContext, beforeChange: () -> Void
  ) -> Bool {
    let axis = layout.scrollDirection
    var changed = false
    for index in 0..<displayedItems.count {
      let frame = displayedItems.attributes.withUnsafeBufferPointer { $0[index].frame }
      let length = frame.length(axis)
      if displayedItems.viewWasMeasured(at: index, length: length) { continue }
      let view = displayedItems.view(at: index)
      let indexPath = displayedItems.attributes.withUnsafeBufferPointer { $0[index].indexPath }
      guard
        let size = context.preferredSize(forItemAt: indexPath, fitting: frame.size, in: self)
          ?? view.preferredLayoutSize(fitting: frame.size)
      else {
        view.measuredLength = length
        continue
      }
      // Before the first change: a longer or shorter item, or one wider than its frame
      // across (a table's column widening to it).
      if !changed && (size[axis] != length || size[axis.cross] > frame.size[axis.cross]) {
        beforeChange()
      }
      if layout.setMeasuredSize(size, forItemAt: indexPath) {
        changed = true
        view.measuredLength = layout.layoutAttributesForItem(at: indexPath)?.frame.length(axis)
      } else {
        view.measuredLength = length
      }
    }
    return changed
  }
}
