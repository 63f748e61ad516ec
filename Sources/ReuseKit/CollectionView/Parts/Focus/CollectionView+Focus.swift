/// How arrow keys move the focus in a layout (``CollectionViewLayout/focusNavigation``).
public enum FocusNavigation: Hashable, Sendable {
  /// In item order, across sections: the arrows along the scroll axis go to the previous or
  /// next item, the other two do nothing. Lists and carousels.
  case sequential
  /// By frames: an arrow goes to the nearest item in its direction. Grids and waterfalls.
  case spatial
  /// As the layout says (``CollectionViewLayout/indexPath(forFocusMove:from:viewport:)``),
  /// for every move: a table moves by rows and columns in the order they show.
  case layout
}

/// A keyboard move of the focus (``CollectionView/moveFocus(_:animated:)``).
public enum FocusMove: Hashable, Sendable, CaseIterable {
  /// The arrow keys: towards the top, the bottom, the left, the right.
  case up, down, left, right
  /// About one viewport back or forward along the scroll axis.
  case pageUp, pageDown
  /// The first or the last item (Home, End; Control-Home, Control-End in a table).
  case first, last
  /// The first or the last item on the focused item's line: the ends of a table's row (Home,
  /// End in a table), or of a grid's row. Nowhere in a list.
  case lineStart, lineEnd
}

extension CollectionView {
  // MARK: The focused item

  /// The focused item: the one keys act on, drawn with ``CollectionViewCell/isFocused``.
  ///
  /// It follows its item's identity: a batch update or a diffable snapshot that moves the item
  /// moves the focus with it; one that deletes it passes the focus to its neighbour (the next
  /// surviving item of its section, else the previous one, else the nearest non-empty
  /// section); a reload keeps the path, clamped into range. `nil` until an item is focused.
  public var focusedIndexPath: ItemPath? { focus.item }

  /// How far the focused item stays from the viewport's edges along the scroll axis when a
  /// focus move scrolls it into view, in points (beyond pinned headers and footers, which
  /// always count as covering the viewport). NaN and negative values count as 0.
  public var focusScrollPadding: Double {
    get { focus.scrollPadding }
    set { focus.scrollPadding = newValue >= 0 && newValue.isFinite ? newValue : 0 }
  }

  /// Focuses an item from code (`nil` removes the focus) and, unless `scrollsIntoView` is
  /// `false`, scrolls as little as makes it fully visible, ``focusScrollPadding`` from the
  /// edges and clear of pinned headers and footers. No delegate call. Paths out of range are
  /// ignored, with a diagnostic.
  public func focusItem(
    at indexPath: ItemPath?, scrollsIntoView: Bool = true, animated: Bool = false
  ) {
    guard let indexPath else {
      focus.setItem(nil, in: self)
      return
    }
    guard isValid(indexPath) else {
      diagnostics.report(.indexPathOutOfRange, "focusItem(at:): \(indexPath) is out of range")
      return
    }
    focus.setItem(indexPath, in: self)
    if scrollsIntoView { scrollFocusedItemIntoView(animated: animated) }
  }

  /// Moves the focus as a key press would, scrolls the newly focused item into view (see
  /// ``focusItem(at:scrollsIntoView:animated:)``) and tells the delegate. Without a focused
  /// item, any move focuses the first item reaching into the viewport (or the first or last
  /// item for ``FocusMove/first`` and ``FocusMove/last``).
  ///
  /// A move with nowhere to go (↑ on the first item) or that lands on the focused item itself
  /// (Home on the first item) scrolls the focused item back into view if the content was
  /// scrolled away from it.
  ///
  /// Returns `false` when there is nowhere to go (the first item and ↑, a cross arrow in a
  /// list, no items) and nothing scrolled, so the host can use the key for something else.
  ///
  /// - Complexity: O(log n + k) for the layouts ReuseKit ships: arrows and pages ask the
  ///   layout for the items in widening bands beside the focused item.
  @discardableResult
  public func moveFocus(_ move: FocusMove, animated: Bool = false) -> Bool {
    layoutIfNeeded()
    let target: ItemPath?
    if let focused = focus.item {
      target = indexPath(forFocusMove: move, from: focused)
    } else if move == .first || move == .last {
      target = indexPath(forFocusMove: move, from: ItemPath(section: 0, item: 0))
    } else {
      target = firstItemInViewport()
    }
    guard let target, target != focus.item else {
      // Nowhere else to go (↑ on the first item), or already there (Home on the first item),
      // with the focused item perhaps scrolled out of view: the key brings it back, as it
      // would bring any focus move into view (it did nothing: a new user's finding).
      guard focus.item != nil else { return false }
      let resting = restingContentOffset
      scrollFocusedItemIntoView(animated: animated)
      return restingContentOffset != resting
    }
    let previous = focus.item
    focus.setItem(target, in: self)
    scrollFocusedItemIntoView(animated: animated)
    collectionDelegate?.collectionView(self, didMoveFocusFrom: previous, to: target)
    return true
  }

  /// The item a focus move from `indexPath` goes to, or `nil` if there is none; nothing
  /// changes. The rules, by the layout's ``CollectionViewLayout/focusNavigation``:
  /// - sequential: the arrows along the scroll axis go to the previous or next item across
  ///   sections; the cross arrows go nowhere;
  /// - spatial: of the items that start at or beyond the focused item's edge in the arrow's
  ///   direction, the one with the smallest `13 × along² + across²`, where `along` is the gap
  ///   along the arrow and `across` the distance between the centres across it (ties: the
  ///   lowest index path);
  /// - pages: the item nearest the point one viewport (less pinned views) along the scroll
  ///   axis from the focused item's centre, by the same score;
  /// - first and last: the first and the last item.
  public func indexPath(forFocusMove move: FocusMove, from indexPath: ItemPath) -> ItemPath? {
    let total = counts.total
    guard total > 0 else { return nil }
    let layout = collectionViewLayout
    switch move {
    case .first where layout.focusNavigation != .layout:
      return self.indexPath(forFlatIndex: 0)
    case .last where layout.focusNavigation != .layout:
      return self.indexPath(forFlatIndex: total - 1)
    default: break
    }
    guard isValid(indexPath) else { return nil }
    if layout.focusNavigation == .layout {
      return layout.indexPath(forFocusMove: move, from: indexPath, viewport: bounds)
    }
    let axis = layout.scrollDirection
    let arrowAxis: Axis = move == .up || move == .down ? .vertical : .horizontal
    let forward = move == .down || move == .right || move == .pageDown
    if move == .pageUp || move == .pageDown {
      guard let frame = layout.frameForItem(at: indexPath) else { return nil }
      let pinned = layout.pinnedLengths(inSection: indexPath.section)
      let page = max(1, viewportSize[axis] - pinned.leading - pinned.trailing)
      var point = Point(x: frame.midX, y: frame.midY)
      point[axis] = min(max(0, point[axis] + (forward ? page : -page)), contentSize[axis])
      return nearestItem(to: point, along: axis) ?? indexPath
    }
    if move == .lineStart || move == .lineEnd {
      return lineEnd(from: indexPath, forward: move == .lineEnd)
    }
    switch layout.focusNavigation {
    case .sequential:
      guard arrowAxis == axis else { return nil }
      let flat = flatIndex(of: indexPath) + (forward ? 1 : -1)
      return self.indexPath(forFlatIndex: flat)
    case .spatial, .layout:
      guard let frame = layout.frameForItem(at: indexPath) else { return nil }
      return spatialNeighbour(of: frame, excluding: indexPath, along: arrowAxis, forward: forward)
    }
  }

  /// The last item the cross arrow (left, or right when `forward`) reaches from `indexPath`
  /// step by step: the end of its row in a grid. `nil` in sequential layouts, and when the
  /// item is at that end already.
  ///
  /// - Complexity: O(m (log n + k)) for m items on the line.
  private func lineEnd(from indexPath: ItemPath, forward: Bool) -> ItemPath? {
    let layout = collectionViewLayout
    guard layout.focusNavigation == .spatial else { return nil }
    let along = layout.scrollDirection.cross  // the line runs across the scroll axis
    let across = along.cross
    var current = indexPath
    var reached: ItemPath?
    while let frame = layout.frameForItem(at: current),
      let next = spatialNeighbour(of: frame, excluding: current, along: along, forward: forward),
      let nextFrame = layout.frameForItem(at: next),
      abs(nextFrame.mid(across) - frame.mid(across)) < max(1, frame.length(across) / 2)
    {
      reached = next
      current = next
    }
    return reached
  }

  // MARK: Internals

  /// Scrolls the focused item fully into view, ``focusScrollPadding`` from the edges.
  func scrollFocusedItemIntoView(animated: Bool) {
    guard let focused = focus.item else { return }
    if isOnFirstLine(focused) && revealsSectionHeader(with: focused, animated: animated) {
      // Its rail still brings it into view across (after a resize, a store rail rested
      // mid-page with the focused app off screen: a new user's finding).
      scrollRail(showing: focused, animated: animated, padding: focusScrollPadding)
      return
    }
    scrollToItem(at: focused, at: .nearest, animated: animated, padding: focusScrollPadding)
  }

  /// Whether `item` is on its section's first line: the first item, or one level with it (a
  /// rail's apps, a grid's first row), so that moving onto it shows the section's title too
  /// (↑ onto a store rail left its title above the top: a new user's finding).
  private func isOnFirstLine(_ item: ItemPath) -> Bool {
    guard item.item != 0 else { return true }
    let layout = collectionViewLayout
    let axis = layout.scrollDirection
    guard let first = layout.layoutAttributesForItem(at: ItemPath(section: item.section, item: 0)),
      let frame = layout.layoutAttributesForItem(at: item)
    else { return false }
    return abs(first.frame.min(axis) - frame.frame.min(axis)) < 0.5
  }

  /// The first item of a section brings its section's header into view with it (Home, PgUp
  /// to the top, ↑ from the section below), as lists with plain headers do: a new user's
  /// finding, Home on the settings page showed "Wi-Fi" with "Connections" above it unseen.
  /// Returns `false`, leaving the item's own scroll, when the header is pinned (in view
  /// anyway), absent, already in view from its top, or the two do not fit together.
  private func revealsSectionHeader(with item: ItemPath, animated: Bool) -> Bool {
    let layout = collectionViewLayout
    let axis = layout.scrollDirection
    guard layout.pinnedLengths(inSection: item.section).leading == 0,
      let header = layout.layoutAttributesForSupplementaryView(
        ofKind: .header, inSection: item.section)?.frame, header.length(axis) > 0,
      let frame = layout.layoutAttributesForItem(at: item)?.frame,
      frame.max(axis) - header.min(axis)
        <= viewportSize[axis] - contentInset.leading(axis) - contentInset.trailing(axis)
    else { return false }
    var target = restingContentOffset
    let top = header.min(axis) - contentInset.leading(axis)
    guard target[axis] > top else { return false }
    target[axis] = top
    setContentOffset(clampedContentOffset(target), animated: animated)
    return true
  }

  /// `item` (clamped) in `section` if it has items, else the first item of the next non-empty
  /// section, else the last item of the previous one; `nil` without items.
  static func nearestItem(in counts: ItemCountList, section: Int, item: Int) -> ItemPath? {
    guard section >= 0, section < counts.count else { return nil }
    if counts[section] > 0 {
      return ItemPath(section: section, item: min(max(0, item), counts[section] - 1))
    }
    for next in (section + 1)..<max(section + 1, counts.count) where counts[next] > 0 {
      return ItemPath(section: next, item: 0)
    }
    for previous in stride(from: section - 1, through: 0, by: -1) where counts[previous] > 0 {
      return ItemPath(section: previous, item: counts[previous] - 1)
    }
    return nil
  }

  /// The first displayed item that reaches into the viewport, else the first item.
  private func firstItemInViewport() -> ItemPath? {
    let axis = collectionViewLayout.scrollDirection
    return firstDisplayedItem(reachingPast: contentOffset[axis], along: axis)?
      .indexPath ?? indexPath(forFlatIndex: 0)
  }
}
