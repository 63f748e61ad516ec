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
    if dataSource == nil && !itemCounts.isEmpty {
      diagnostics.report(
        .dataSourceChangedWithoutReload, "the data source went away; showing no items")
      itemCounts = []
      selectedItems.removeAll()
      needsReconfigureAll = true
      collectionViewLayout.invalidateLayout()
    }
    if needsReconfigureAll {
      needsReconfigureAll = false
      pendingItemReloads.removeAll()
      displayedItems.removeAll(leaving: endDisplaying)
      displayedSupplementaryViews.removeAll(leaving: endDisplaying)
    } else if !pendingItemReloads.isEmpty {
      pendingItemReloads.sort()
      let reloads = pendingItemReloads
      pendingItemReloads.removeAll(keepingCapacity: true)
      displayedItems.removeAll(
        where: { attributes in binarySearch(reloads, attributes.indexPath) },
        leaving: endDisplaying)
    }

    let layout = collectionViewLayout
    if layout.needsPrepare || preparedViewportSize != viewportSize {
      layout.prepare(
        LayoutContext(itemCounts: itemCounts, viewportSize: viewportSize, diagnostics: diagnostics))
      preparedViewportSize = viewportSize
      contentSize = layout.contentSize
    }

    // With self-sizing, choose the anchor among the items displayed before this pass: their
    // geometry is measured, so they are what the user is looking at.
    var anchor = layout.wantsSelfSizing ? scrollAnchor(layout) : nil
    queryAndReconcile(layout)
    if layout.wantsSelfSizing {
      if anchor == nil { anchor = scrollAnchor(layout) }
      var rounds = 0
      while measureDisplayedCells(layout) {
        rounds += 1
        if rounds > CollectionView.maximumSelfSizingRounds {
          setNeedsLayout()  // finish in the next pass rather than spin here
          break
        }
        contentSize = layout.contentSize
        if let old = anchor, let frame = layout.layoutAttributesForItem(at: old.indexPath)?.frame {
          let axis = layout.scrollDirection
          let shift = frame.min(axis) - old.position
          if shift != 0 {
            var offset = contentOffset
            let minimum = -contentInset.leading(axis)
            offset[axis] += shift
            if contentOffset[axis] >= minimum { offset[axis] = max(minimum, offset[axis]) }
            contentOffset = offset
          }
          anchor = (old.indexPath, frame.min(axis))
        }
        queryAndReconcile(layout)
      }
      contentSize = layout.contentSize
    }
    updatePrefetch(layout)
  }

  /// Asks the layout for the elements in the widened visible rect and reconciles both
  /// displayed sets with the answer.
  private func queryAndReconcile(_ layout: any CollectionViewLayout) {
    elements.removeAll()
    if !viewportSize.isEmpty {
      let visible = bounds
      layout.elements(
        in: LayoutQuery(rect: visible.outset(by: overscan), viewport: visible), into: &elements)
    }
    sortInDisplayOrder(&elements.items)
    sortInDisplayOrder(&elements.supplementaryViews)
    displayedItems.reconcile(
      with: elements.items, leaving: endDisplaying, updating: applyAttributes,
      entering: displayNewElement)
    displayedSupplementaryViews.reconcile(
      with: elements.supplementaryViews, leaving: endDisplaying, updating: applyAttributes,
      entering: displayNewElement)
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
  private func displayNewElement(_ attributes: LayoutAttributes) -> ReusableView {
    let indexPath = attributes.indexPath
    let view: ReusableView
    switch attributes.category {
    case .cell:
      let cell: CollectionViewCell
      if let dataSource {
        cell = dataSource.collectionView(self, cellForItemAt: indexPath)
      } else {
        preconditionFailure("internal: items displayed without a data source")
      }
      precondition(
        cell.owner === self && cell.reuseState == .dequeued,
        "The cell returned by collectionView(_:cellForItemAt:) for \(indexPath) was not freshly "
          + "dequeued from this collection view (or was returned twice). Return "
          + "dequeueReusableCell(withReuseIdentifier:for:), configured.")
      let selected = selectedItems.contains(indexPath)
      if cell.isSelected != selected { cell.isSelected = selected }
      view = cell
    case .supplementaryView(let kind):
      if let dataSource {
        view = dataSource.collectionView(
          self, viewForSupplementaryElementOfKind: kind, at: indexPath)
      } else {
        view = dequeuePlaceholderSupplementaryView(ofKind: kind, for: indexPath)
      }
      precondition(
        view.owner === self && view.reuseState == .dequeued,
        "The view returned by collectionView(_:viewForSupplementaryElementOfKind:at:) for "
          + "\(kind) \(indexPath.section) was not freshly dequeued from this collection view. "
          + "Return dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:).")
    }
    view.measuredLength = nil
    view.layoutAttributes = attributes
    view.apply(attributes)
    view.reuseState = .visible
    reuseCounters.noteDisplayed()
    registrations[view.registrationSlot].counters.noteDisplayed()
    switch attributes.category {
    case .cell:
      delegate?.collectionView(self, willDisplay: view as! CollectionViewCell, forItemAt: indexPath)
    case .supplementaryView(let kind):
      delegate?.collectionView(
        self, willDisplaySupplementaryView: view, forElementKind: kind, at: indexPath)
    }
    if !view.isAttached {
      view.isAttached = true
      host?.collectionView(self, attach: view)
    }
    view.isHidden = false
    if attachStrategy == .hide { host?.collectionView(self, didChangeHiddenStateOf: view) }
    return view
  }

  /// Takes a leaving element's view off screen (detach or hide), calls `didEndDisplaying`, and
  /// returns the view to the pool.
  private func endDisplaying(_ view: ReusableView, _ attributes: LayoutAttributes) {
    view.isHidden = true
    switch attachStrategy {
    case .detach:
      if view.isAttached {
        view.isAttached = false
        host?.collectionView(self, detach: view)
      }
    case .hide:
      host?.collectionView(self, didChangeHiddenStateOf: view)
    }
    switch attributes.category {
    case .cell:
      delegate?.collectionView(
        self, didEndDisplaying: view as! CollectionViewCell, forItemAt: attributes.indexPath)
    case .supplementaryView(let kind):
      delegate?.collectionView(
        self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind,
        at: attributes.indexPath)
    }
    reuseCounters.visible -= 1
    let registration = registrations[view.registrationSlot]
    registration.counters.visible -= 1
    reusePool.enqueue(view, slot: registration.poolSlot)
  }

  /// Hands a displayed view the new attributes the layout gave its element.
  private func applyAttributes(_ view: ReusableView, _ attributes: LayoutAttributes) {
    view.layoutAttributes = attributes
    view.apply(attributes)
  }

  // MARK: Self-sizing

  /// The first displayed item that reaches into the viewport, and where the layout places it
  /// now: the item that keeps its place on screen when sizes above it change.
  private func scrollAnchor(
    _ layout: any CollectionViewLayout
  ) -> (indexPath: ItemPath, position: Double)? {
    let axis = layout.scrollDirection
    let top = contentOffset[axis]
    for entry in displayedItems.entries {
      guard let frame = layout.layoutAttributesForItem(at: entry.attributes.indexPath)?.frame
      else { continue }
      if frame.max(axis) > top { return (entry.attributes.indexPath, frame.min(axis)) }
    }
    return nil
  }

  /// Asks each displayed cell whose length was not yet measured at its current attributes for
  /// its preferred size, and hands it to the layout. Returns `true` when any length changed.
  private func measureDisplayedCells(_ layout: any CollectionViewLayout) -> Bool {
    let axis = layout.scrollDirection
    var changed = false
    for entry in displayedItems.entries {
      let view = entry.view!
      let length = entry.attributes.frame.length(axis)
      if view.measuredLength == length { continue }
      if let size = view.preferredLayoutSize(fitting: entry.attributes.frame.size),
        layout.setMeasuredSize(size, forItemAt: entry.attributes.indexPath)
      {
        changed = true
        view.measuredLength =
          layout.layoutAttributesForItem(at: entry.attributes.indexPath)?.frame.length(axis)
      } else {
        view.measuredLength = length
      }
    }
    return changed
  }
}

/// Whether sorted `array` contains `value`.
func binarySearch<T: Comparable>(_ array: [T], _ value: T) -> Bool {
  var low = 0
  var high = array.count
  while low < high {
    let mid = (low + high) / 2
    if array[mid] < value { low = mid + 1 } else { high = mid }
  }
  return low < array.count && array[low] == value
}
