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
    guard !isInLayoutPass else { return }
    var passes = 0
    defer { if passes > 0 && !layoutObservers.isEmpty { notifyObserversDidLayout() } }
    while needsLayout || collectionViewLayout.needsPrepare {
      passes += 1
      if passes > CollectionView.maximumPassesPerLayout {
        diagnostics.report(
          .reentrantUpdate,
          "layout invalidated itself \(CollectionView.maximumPassesPerLayout) times in a row "
            + "(from a delegate callback?); showing the last pass")
        needsLayout = false
        break
      }
      needsLayout = false
      performLayoutPass()
      if reloadRequestedDuringPass {
        reloadRequestedDuringPass = false
        reloadData()
      }
      // After the pass, so that the delegate may load items with a batch update.
      if edgeDistance > 0 && !needsLayout { noteApproachedEdges() }
    }
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }

  private func performLayoutPass() {
    isInLayoutPass = true
    reusePool.beginPass()
    defer {
      reusePool.endPass()
      isInLayoutPass = false
    }
    let context = PassContext(dataSource: dataSource, delegate: collectionDelegate, host: host)
    if context.dataSource == nil && !itemCounts.isEmpty {
      diagnostics.report(
        .dataSourceChangedWithoutReload, "the data source went away; showing no items")
      itemCounts = []
      selectedItems.removeAll()
      needsReconfigureAll = true
      collectionViewLayout.invalidateLayout()
    }
    if needsReconfigureAll {
      needsReconfigureAll = false
      displayedItems.removeAll { endDisplaying($0, $1, context) }
      displayedSupplementaryViews.removeAll { endDisplaying($0, $1, context) }
    }

    let layout = collectionViewLayout
    if layout.needsPrepare || preparedViewportSize != viewportSize {
      prepareLayout()
      // The content or the viewport changed size: a paging or snapping view rests on the page
      // or item it rested on before, and an idle offset past the new end comes back.
      restOnStopAfterResize()
      restOffsetInBounds()
    }

    // With self-sizing, the anchor is an item displayed before this pass (its geometry is
    // measured, so it is what the user is looking at). Only its path is noted now; its place is
    // looked up just before the first measurement that changes a size.
    if opensAtEnd && !viewportSize.isEmpty {
      opensAtEnd = false
      if !isTracking { restoreEnd() }
    }
    let anchorPath = layout.wantsSelfSizing ? firstDisplayedItem(reachingPast: layout) : nil
    // Chat mode, at the end: cells growing there (a message streaming in) keep the end in view.
    let keepsEnd = layout.wantsSelfSizing && keepsEndInView
    queryAndReconcile(layout, context)
    if layout.wantsSelfSizing {
      var anchor: ScrollAnchor?
      let resolveAnchor = {
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
        // The content moved under the viewport: the anchor keeps its place on screen.
        if keepsEnd {
          restoreEnd()
        } else if let anchor {
          restoreScrollAnchor(anchor, clamping: .aboveMinimum)
        }
        queryAndReconcile(layout, context)
      }
      contentSize = layout.contentSize
    }
    updatePrefetch(layout)
  }

  /// Asks the layout for the elements in the widened visible rect and reconciles both
  /// displayed sets with the answer.
  private func queryAndReconcile(_ layout: any CollectionViewLayout, _ context: PassContext) {
    if isMovingItem { prepareMovementPass(layout) }
    elements.removeAll()
    if !viewportSize.isEmpty {
      let visible = bounds
      var rect = visible.outset(by: overscan)
      // Items sliding aside to make room for a moving one can come from just out of view.
      if isMovingItem, let movement = interactiveMovement, movement.style == .shift {
        rect.origin[movement.axis] -= movement.shift
        rect.size[movement.axis] += 2 * movement.shift
      }
      layout.elements(in: LayoutQuery(rect: rect, viewport: visible), into: &elements)
    }
    if !areCellsInOrder(elements.items) { sortInDisplayOrder(&elements.items) }
    sortInDisplayOrder(&elements.supplementaryViews)
    if isMovingItem, var movement = interactiveMovement {
      presentMovement(&movement, in: layout)
      interactiveMovement = movement
    }
    // The displayed sets take the new buffers and hand back their old ones, which the next
    // query clears and refills: the attributes are never copied.
    displayedItems.reconcile(
      with: &elements.items, leaving: { endDisplaying($0, $1, context) },
      updating: applyAttributes, entering: { displayNewElement($0, context) })
    displayedSupplementaryViews.reconcile(
      with: &elements.supplementaryViews, leaving: { endDisplaying($0, $1, context) },
      updating: applyAttributes, entering: { displayNewElement($0, context) })
    if isMovingItem {
      noteMovementOffsets()
      noteLiftedCell()
    }
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

  // MARK: Display transitions

  /// Gives a newly entering element its view: asks the data source, applies the attributes and
  /// selection, calls `willDisplay`, and attaches (or unhides) it.
  func displayNewElement(
    _ attributes: LayoutAttributes, _ context: PassContext
  )
    -> ReusableView
  {
    let indexPath = attributes.indexPath
    displayTransitions?.collectionView(self, willDisplay: attributes, context)
    let view: ReusableView
    switch attributes.category {
    case .cell:
      let cell = context.cell(for: self, at: indexPath)
      require(
        cell.dequeuedBy == ObjectIdentifier(self) && cell.reuseState == .dequeued,
        "The cell returned by collectionView(_:cellForItemAt:) for \(indexPath) was not freshly "
          + "dequeued from this collection view (or was returned twice). Return "
          + "dequeueReusableCell(withReuseIdentifier:for:), configured.")
      let selected = !selectedItems.isEmpty && selectedItems.contains(indexPath)
      if cell.isSelected != selected { cell.isSelected = selected }
      let focused = focusedItem == indexPath
      if cell.isFocused != focused { cell.isFocused = focused }
      view = cell
    case .supplementaryView(let kind):
      view = context.supplementaryView(for: self, ofKind: kind, at: indexPath)
      require(
        view.dequeuedBy == ObjectIdentifier(self) && view.reuseState == .dequeued,
        "The view returned by collectionView(_:viewForSupplementaryElementOfKind:at:) for "
          + "\(kind) \(indexPath.section) was not freshly dequeued from this collection view. "
          + "Return dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:).")
    }
    view.measuredLength = nil
    view.layoutAttributes = attributes
    view.apply(attributes)
    view.reuseState = .visible
    reuseCounters.noteDisplayed()
    registrationCounters[view.registrationSlot].noteDisplayed()
    context.willDisplay(view, attributes, in: self)
    if !view.isAttached {
      view.isAttached = true
      context.attach(view, in: self)
    }
    view.isHidden = false
    if attachStrategy == .hide { context.hiddenStateChanged(view, in: self) }
    displayTransitions?.collectionView(self, didDisplay: view, attributes)
    return view
  }

  /// Takes a leaving element's view off screen (detach or hide), calls `didEndDisplaying`, and
  /// returns the view to the pool.
  func endDisplaying(
    _ view: ReusableView, _ attributes: LayoutAttributes, _ context: PassContext
  ) {
    if let transitions = displayTransitions,
      transitions.collectionView(self, keepsLeaving: view, attributes)
    {
      return  // it ends when the transition does
    }
    view.isHidden = true
    switch attachStrategy {
    case .detach:
      if view.isAttached {
        view.isAttached = false
        context.detach(view, in: self)
      }
    case .hide:
      context.hiddenStateChanged(view, in: self)
    }
    context.didEndDisplaying(view, attributes, in: self)
    reuseCounters.visible -= 1
    registrationCounters[view.registrationSlot].visible -= 1
    reusePool.enqueue(view, slot: registrationPoolSlots[view.registrationSlot])
  }

  /// Hands a displayed view the new attributes the layout gave its element.
  private func applyAttributes(_ view: ReusableView, _ attributes: LayoutAttributes) {
    view.layoutAttributes = attributes
    view.apply(attributes)
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
    return displayedItems.attributes.withUnsafeBufferPointer { displayed in
      for attributes in displayed where attributes.frame.max(axis) > top {
        return attributes.frame.min(axis) < bottom ? attributes.indexPath : nil
      }
      return nil
    }
  }

  /// Asks each displayed cell whose length was not yet measured at its current attributes for
  /// its preferred size, and hands it to the layout. Returns `true` when any length changed;
  /// `beforeChange` runs once, before the first change reaches the layout.
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
      if !changed && size[axis] != length { beforeChange() }
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
