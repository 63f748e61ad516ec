extension CollectionView {
  /// The offset is out of bounds after the content shrank, the viewport grew, or an animation
  /// ended at an offset that no longer exists: blank space would show. Bring it to the nearest
  /// offset in bounds, as UICollectionView does after a reload. It runs when the layout
  /// prepares and when a motion finishes, so an offset you set out of bounds yourself stays
  /// until the content changes.
  ///
  /// A drag is left alone (the content stays under the finger and bounces at release). A
  /// fling, bounce or animation that the new geometry leaves past the end would coast over
  /// blank space and spring back for up to a second (a reload to fewer items during a fling):
  /// it stops where the content now ends, with `scrollViewDidEndDecelerating` if it was
  /// decelerating.
  ///
  /// - Complexity: O(1).
  func restOffsetInBounds() {
    guard !isTracking else { return }
    let offset = contentOffset
    let clamped = clampedContentOffset(offset)
    guard clamped != offset else { return }
    if isDecelerating || isScrollAnimating { stopMotion() }
    // In an empty viewport (a terminal too small to show the view) the stop noted before the
    // resize stays for the next real size, where the view rests on it again.
    let stop = viewportSize.isEmpty ? stopBeforeResize : nil
    contentOffset = clamped
    if let stop { stopBeforeResize = stop }
  }
}

extension CollectionView.PassContext {
  // Each call checks for nil, then unwraps in place with `!`: binding the optional existential
  // (`if let`, `?.`) would copy it, which costs a retain and a release per view, every frame.
  // The `!` after the check costs nothing measurable (`unsafelyUnwrapped` gave the same
  // instruction counts, see the Performance article), so none of it is unchecked.

  /// The data source's cell for an entering item.
  @inline(__always)
  func cell(for collectionView: CollectionView, at indexPath: ItemPath) -> CollectionViewCell {
    require(dataSource != nil, "internal: items displayed without a data source")
    return dataSource!.collectionView(collectionView, cellForItemAt: indexPath)
  }

  /// The data source's supplementary view, or a blank one without a data source.
  @inline(__always)
  func supplementaryView(
    for collectionView: CollectionView, ofKind kind: SupplementaryKind, at indexPath: ItemPath
  ) -> ReusableView {
    if dataSource == nil {
      return collectionView.dequeuePlaceholderSupplementaryView(ofKind: kind, for: indexPath)
    }
    return dataSource!.collectionView(
      collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
  }

  @inline(__always)
  func willDisplay(
    _ view: ReusableView, _ attributes: LayoutAttributes, in collectionView: CollectionView
  ) {
    tellDelegate(entering: true, view, attributes, in: collectionView)
  }

  @inline(__always)
  func didEndDisplaying(
    _ view: ReusableView, _ attributes: LayoutAttributes, in collectionView: CollectionView
  ) {
    tellDelegate(entering: false, view, attributes, in: collectionView)
  }

  /// The delegate's will-display or did-end-displaying call for a cell or a supplementary
  /// view (`entering` is a constant at each inlined call site).
  @inline(__always)
  private func tellDelegate(
    entering: Bool, _ view: ReusableView, _ attributes: LayoutAttributes,
    in collectionView: CollectionView
  ) {
    guard delegate != nil else { return }
    let path = attributes.indexPath
    // A cell element's view is always the `CollectionViewCell` its data source returned
    // (``displayNewElement(_:_:)`` takes no other), so the downcast is not checked again in
    // release builds: a checked cast costs a runtime call for every cell that enters or leaves.
    switch (attributes.category, entering) {
    case (.cell, true):
      delegate!.collectionView(
        collectionView, willDisplay: unsafeDowncast(view, to: CollectionViewCell.self),
        forItemAt: path)
    case (.cell, false):
      delegate!.collectionView(
        collectionView, didEndDisplaying: unsafeDowncast(view, to: CollectionViewCell.self),
        forItemAt: path)
    case (.supplementaryView(let kind), true):
      delegate!.collectionView(
        collectionView, willDisplaySupplementaryView: view, forElementKind: kind, at: path)
    case (.supplementaryView(let kind), false):
      delegate!.collectionView(
        collectionView, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: path)
    }
  }

  @inline(__always)
  func preferredSize(
    forItemAt indexPath: ItemPath, fitting proposedSize: Size, in collectionView: CollectionView
  ) -> Size? {
    guard delegate != nil else { return nil }
    return delegate!.collectionView(
      collectionView, preferredSizeForItemAt: indexPath, fitting: proposedSize)
  }

  @inline(__always)
  func attach(_ view: ReusableView, in collectionView: CollectionView) {
    if host != nil { host!.collectionView(collectionView, attach: view) }
  }

  @inline(__always)
  func detach(_ view: ReusableView, in collectionView: CollectionView) {
    if host != nil { host!.collectionView(collectionView, detach: view) }
  }

  @inline(__always)
  func hiddenStateChanged(_ view: ReusableView, in collectionView: CollectionView) {
    if host != nil {
      host!.collectionView(collectionView, didChangeHiddenStateOf: view)
    }
  }
}

extension CollectionView {
  /// The data source, delegate and host, loaded once per layout pass (each load of a weak
  /// reference costs a retain through a side table) and passed down as guaranteed arguments.
  struct PassContext {
    let dataSource: (any CollectionViewDataSource)?
    let delegate: (any CollectionViewDelegate)?
    let host: (any CollectionViewHost)?
  }
}
