extension CollectionView {
  /// An item to keep in its place on screen while the content changes around it (a batch
  /// update inserts above it, cells above it measure themselves).
  struct ScrollAnchor {
    /// The item, by its path after the change.
    var indexPath: ItemPath
    /// Where its leading edge was, relative to the viewport's leading edge.
    var onScreen: Double
  }

  /// How ``restoreScrollAnchor(_:clamping:)`` keeps the offset in bounds.
  enum AnchorClamping {
    /// Into the content, unless a drag or a fling moves it (they settle in bounds by
    /// themselves): a batch update.
    case toContentWhenIdle
    /// Never above the minimum offset once at or past it (cells measuring themselves: the
    /// content may still grow below).
    case aboveMinimum
  }

  /// The anchor for the first displayed item that reaches into the viewport, by its current
  /// frame.
  func scrollAnchor(for indexPath: ItemPath) -> ScrollAnchor? {
    let axis = collectionViewLayout.scrollDirection
    guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
      return nil
    }
    return ScrollAnchor(indexPath: indexPath, onScreen: frame.min(axis) - contentOffset[axis])
  }

  /// Moves the offset so that the anchor item is where it was on screen (or, without one,
  /// only keeps the offset in bounds as `clamping` says), through the one event for content
  /// that moves under the viewport (``ScrollView/moveContent(by:)``): a drag, running motions
  /// and an update animation's starting places move with the content, so nothing jumps on
  /// screen, not even under a finger.
  ///
  /// - Complexity: O(log n) for the layout lookup, plus O(k) for the update animation.
  func restoreScrollAnchor(_ anchor: ScrollAnchor?, clamping: AnchorClamping) {
    let axis = collectionViewLayout.scrollDirection
    var offset = contentOffset
    if let anchor,
      let frame = collectionViewLayout.layoutAttributesForItem(at: anchor.indexPath)?.frame
    {
      offset[axis] = frame.min(axis) - anchor.onScreen
    }
    switch clamping {
    case .toContentWhenIdle:
      // A scroll animation from code (a focus move) is clamped too: left past the content,
      // it brought the offset back over its frames, and an update's rows, which keep their
      // places on screen through the anchor's move, slid in from above (the outline's top
      // rows blank for a quarter second after a collapse: a new user's finding). A drag or a
      // fling settles in bounds by itself.
      if phase == .idle || phase == .animating { offset = clampedContentOffset(offset) }
    case .aboveMinimum:
      let minimum = minimumContentOffset[axis]
      if contentOffset[axis] >= minimum { offset[axis] = max(minimum, offset[axis]) }
    }
    moveContent(by: Point(x: offset.x - contentOffset.x, y: offset.y - contentOffset.y))
  }

  // MARK: Keeping the focused item whole across the axis

  /// The focused item, when it is wholly in view across the axis of content that also scrolls
  /// that way (a table wider than its viewport): what cells measuring themselves should not
  /// push out (``keepWholeAcross(_:)``). `nil` otherwise, and for an item pinned across (a
  /// frozen column's cell), which never leaves.
  func focusedItemWholeAcross() -> ItemPath? {
    let cross = collectionViewLayout.scrollDirection.cross
    guard contentSize[cross] > viewportSize[cross], let focused = focusedIndexPath,
      let room = roomAcross(for: focused), room.leading >= -1e-9, room.trailing >= -1e-9
    else { return nil }
    return focused
  }

  /// Moves the content across the axis as little as it takes to show the item at `indexPath`
  /// whole again, its leading edge first when it is wider than the room: a column that widened
  /// as its cells measured (a database's rows arriving after Ctrl-End) left the focused cell
  /// cut at the right edge, and nothing brought it back (a new user's finding).
  func keepWholeAcross(_ indexPath: ItemPath) {
    guard let room = roomAcross(for: indexPath) else { return }
    let cross = collectionViewLayout.scrollDirection.cross
    var delta = 0.0
    if room.leading < 0 {
      delta = room.leading
    } else if room.trailing < 0 {
      delta = min(-room.trailing, room.leading)
    }
    guard delta != 0 else { return }
    var target = contentOffset
    target[cross] += delta
    target = clampedContentOffset(target)
    moveContent(by: Point(x: target.x - contentOffset.x, y: target.y - contentOffset.y))
  }

  /// How much room the item's frame leaves across the axis, before its leading edge (after
  /// the inset and what is pinned there) and after its trailing edge; negative where it is
  /// cut. `nil` for an item with no frame.
  private func roomAcross(for indexPath: ItemPath) -> (leading: Double, trailing: Double)? {
    let layout = collectionViewLayout
    let cross = layout.scrollDirection.cross
    guard let frame = layout.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
    let pinned = layout.pinnedLengths(inSection: indexPath.section)
    let low = contentOffset[cross] + contentInset.leading(cross) + pinned.crossLeading
    let high = contentOffset[cross] + viewportSize[cross] - contentInset.trailing(cross)
    return (frame.min(cross) - low, high - frame.max(cross))
  }

  /// The data source, delegate and host, loaded once for a pass or an update.
  var passContext: PassContext {
    PassContext(dataSource: dataSource, delegate: collectionDelegate, host: host)
  }

  /// Prepares the layout for the current counts and viewport (telling layout observers first
  /// when the viewport changed size), and takes its content size.
  func prepareLayout() {
    if pass.preparedViewportSize != viewportSize {
      accessibility.revision &+= 1
      if !layoutObservers.isEmpty { notifyObserversWillPrepareLayout() }
      // Cells measured across another width measure again (wrapped text wraps anew); those
      // not displayed are measured when they show.
      let cross = collectionViewLayout.scrollDirection.cross
      if let old = pass.preparedViewportSize, old[cross] != viewportSize[cross],
        collectionViewLayout.wantsSelfSizing
      {
        for index in 0..<displayedItems.count {
          displayedItems.view(at: index).measuredLength = nil
        }
      }
    }
    collectionViewLayout.prepare(
      LayoutContext(
        itemCounts: counts.perSection, viewportSize: viewportSize, diagnostics: diagnostics))
    pass.preparedViewportSize = viewportSize
    contentSize = collectionViewLayout.contentSize
    rails.layoutDidPrepare(in: self)
  }

  // MARK: Keeping an item in view across a new size

  /// Notes what a new viewport size keeps in view, while the layout still has the geometry of
  /// the old one: the focused item when any of it was on screen, else the first item on
  /// screen (``firstDisplayedItem(reachingPast:along:where:)``). A window narrowed from four
  /// columns to two moves every item; without it, the offset stays and the reader (and the
  /// focus) lands elsewhere. Paging, snapping and chat views keep their own stop instead
  /// (``ScrollView/noteStopBeforeResize()``), as does an animation aimed at an item; a drag
  /// keeps the content under the finger.
  func noteAnchorBeforeResize() {
    guard pass.resizeAnchor == nil, stopBeforeResize == nil, animationAim == nil,
      let prepared = pass.preparedViewportSize, !prepared.isEmpty,
      !collectionViewLayout.needsPrepare
    else { return }
    let axis = collectionViewLayout.scrollDirection
    let top = contentOffset[axis]
    let bottom = top + prepared[axis]
    // Under a finger, the content on screen keeps its place, not the focus: the drag goes on
    // from what it holds (the anchor moves the drag's start with the content). Left unanchored,
    // a carousel's long run kept its old offset, past its new end, and the release flew
    // across most of it (a new user's finding).
    if !isTracking, let focused = focusedIndexPath,
      let frame = collectionViewLayout.layoutAttributesForItem(at: focused)?.frame,
      frame.max(axis) > top, frame.min(axis) < bottom
    {
      pass.resizeAnchor = ResizeAnchor(
        anchor: ScrollAnchor(indexPath: focused, onScreen: frame.min(axis) - top), isFocus: true)
    } else if contentOffset[axis] > minimumContentOffset[axis],
      let first = firstDisplayedItem(reachingPast: top, along: axis),
      first.frame.min(axis) < bottom
    {
      pass.resizeAnchor = ResizeAnchor(
        anchor: ScrollAnchor(indexPath: first.indexPath, onScreen: first.frame.min(axis) - top),
        isFocus: false)
    }
  }

  /// Puts the item noted before the resize back in view, at the new geometry (called once the
  /// layout is prepared for the new size): where it was on screen, and the focused item whole
  /// (its leading edge first when it is longer than the viewport), clear of the edges by
  /// ``focusScrollPadding`` as focus moves keep it. An empty viewport (a
  /// terminal too small to show the view) keeps the note for the next real size.
  func restoreAnchorAfterResize() {
    guard let noted = pass.resizeAnchor, !viewportSize.isEmpty else { return }
    pass.resizeAnchor = nil
    guard counts.isValid(noted.anchor.indexPath) else { return }
    var anchor = noted.anchor
    if noted.isFocus,
      let frame = collectionViewLayout.layoutAttributesForItem(at: anchor.indexPath)?.frame
    {
      // As little as makes it whole, ``focusScrollPadding`` from the edges where that fits.
      let axis = collectionViewLayout.scrollDirection
      let room = viewportSize[axis] - frame.length(axis)
      let padding = min(focusScrollPadding, max(0, room / 2))
      anchor.onScreen = max(padding, min(anchor.onScreen, room - padding))
    }
    restoreScrollAnchor(anchor, clamping: .toContentWhenIdle)
  }
}
