extension CollectionView {
  // MARK: Displaying and ending elements

  /// Gives a newly entering element its view: asks the data source, applies the attributes and
  /// selection, calls `willDisplay`, and attaches (or unhides) it.
  func displayNewElement(
    _ attributes: LayoutAttributes, _ context: PassContext
  )
    -> ReusableView
  {
    if !participants.isEmpty {
      forEachParticipant { participant in
        participant.collectionView(self, willDisplay: attributes, context)
      }
    }
    // One owned reference flows from the data source to the displayed set, and the steps
    // between take it borrowed (a view bound in a switch's cases and copied out of it cost two
    // retains and two releases a cell).
    let view = newView(for: attributes, context)
    show(view, attributes, context)
    return view
  }

  /// The data source's view for an entering element, checked (and a cell given its states).
  @inline(never)
  private func newView(for attributes: LayoutAttributes, _ context: PassContext) -> ReusableView {
    let indexPath = attributes.indexPath
    if case .supplementaryView(let kind) = attributes.category {
      let view = context.supplementaryView(for: self, ofKind: kind, at: indexPath)
      require(
        view.dequeuedBy == ObjectIdentifier(self) && view.reuseState == .dequeued,
        "The view returned by collectionView(_:viewForSupplementaryElementOfKind:at:) for "
          + "\(kind) \(indexPath.section) was not freshly dequeued from this collection view. "
          + "Return dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:).")
      return view
    }
    let cell = context.cell(for: self, at: indexPath)
    prepareNewCell(cell, at: indexPath)
    return cell
  }

  /// Puts an entering element's new view on screen: its attributes, `willDisplay`, attached
  /// (or unhidden).
  @inline(never)
  private func show(
    _ view: ReusableView, _ attributes: LayoutAttributes, _ context: PassContext
  ) {
    view.measuredLength = nil
    view.layoutAttributes = attributes
    view.apply(attributes)
    view.reuseState = .visible
    registry.totals.noteDisplayed()
    registry.counters[view.registrationSlot].noteDisplayed()
    context.willDisplay(view, attributes, in: self)
    if !view.isAttached {
      view.isAttached = true
      context.attach(view, in: self)
    }
    view.isHidden = false
    if attachStrategy == .hide { context.hiddenStateChanged(view, in: self) }
    if !participants.isEmpty {
      forEachParticipant { participant in
        participant.collectionView(self, didDisplay: view, attributes)
      }
    }
  }

  /// Checks that a data source's new cell was freshly dequeued, and gives it its item's
  /// selected, focused and dragged states.
  @inline(never)
  private func prepareNewCell(_ cell: CollectionViewCell, at indexPath: ItemPath) {
    require(
      cell.dequeuedBy == ObjectIdentifier(self) && cell.reuseState == .dequeued,
      "The cell returned by collectionView(_:cellForItemAt:) for \(indexPath) was not freshly "
        + "dequeued from this collection view (or was returned twice). Return "
        + "dequeueReusableCell(withReuseIdentifier:for:), configured.")
    let selected = selection.isShownSelected(indexPath)
    if cell.isSelected != selected { cell.isSelected = selected }
    let focused = focus.item == indexPath
    if cell.isFocused != focused { cell.isFocused = focused }
    if cell.isDragged { cell.isDragged = false }  // a drag's part sets it while one runs
  }

  /// Takes a leaving element's view off screen (detach or hide), calls `didEndDisplaying`, and
  /// returns the view to the pool.
  func endDisplaying(
    _ view: ReusableView, _ attributes: LayoutAttributes, _ context: PassContext
  ) {
    if !participants.isEmpty {
      for participant in participants
      where participant.collectionView(self, keepsLeaving: view, attributes) {
        return  // it ends when the participant says
      }
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
    registry.totals.visible -= 1
    registry.counters[view.registrationSlot].visible -= 1
    // The pool is lent unretained: its enqueue runs no code outside it (a retain and a
    // release of the pool for each cell that leaves); the cap, which calls owners, waits.
    let slot = registry.poolSlots[view.registrationSlot]
    let capsNow = Unmanaged.passUnretained(reusePool)._withUnsafeGuaranteedRef {
      $0.enqueueUncapped(view, slot: slot)
    }
    if capsNow { reusePool.applyCapacity(slot: slot) }
  }

  /// Sets `flag` on every displayed cell to `value` of its item, redrawing the cells it
  /// changes.
  ///
  /// - Complexity: O(k) for the k displayed cells.
  func refreshDisplayedCells(
    _ flag: ReferenceWritableKeyPath<CollectionViewCell, Bool>, _ value: (ItemPath) -> Bool
  ) {
    let displayed = displayedItems
    for index in 0..<displayed.count {
      guard let cell = displayed.view(at: index) as? CollectionViewCell else { continue }
      let wanted = value(displayed.attributes[index].indexPath)
      if cell[keyPath: flag] != wanted {
        cell[keyPath: flag] = wanted
        cell.setNeedsDisplay()
      }
    }
  }

  /// Hands a displayed view the new attributes the layout gave its element.
  func applyAttributes(_ view: ReusableView, _ attributes: LayoutAttributes) {
    view.layoutAttributes = attributes
    view.apply(attributes)
  }
}

extension CollectionView {
  /// Runs `body`, which calls the app (display callbacks, the data source) outside a pass, as
  /// a pass runs them: an update or a layout they start waits (a reload, asked with
  /// ``requestReloadAfterPass()``) instead of changing the sets being walked.
  func runAsPass(_ body: () -> Void) {
    let wasInPass = pass.isInPass
    pass.isInPass = true
    body()
    pass.isInPass = wasInPass
  }

  /// Whether a pass, or code run as one, is running now.
  package var isInPass: Bool { pass.isInPass }

  /// Whether a ``layoutIfNeeded()`` is running passes now. Its layout observers hear
  /// ``CollectionViewLayoutObserver/collectionViewDidLayout(_:)`` when it ends, so what an
  /// observer holds for the passes' sake it can let go of then.
  package var isLayingOut: Bool { pass.isLayingOut }

  /// The data changed under a pass: it is reloaded once no pass runs.
  func requestReloadAfterPass() { pass.reloadRequested = true }

  /// Reloads now if something asked for it during a pass that has ended.
  func reloadIfRequested() {
    guard !pass.isInPass, pass.reloadRequested else { return }
    pass.reloadRequested = false
    reloadData()
  }
}
