/// Where `scrollToItem(at:at:animated:)` places an item in the viewport, along the scrolling
/// axis (UIKit's `UICollectionView.ScrollPosition`, one value per axis-free meaning).
public enum ScrollPosition: Hashable, Sendable {
  /// The item's leading edge at the viewport's leading edge (UIKit's `.top` / `.left`).
  case start
  /// The item's centre at the viewport's centre (`.centeredVertically` / `.centeredHorizontally`).
  case center
  /// The item's trailing edge at the viewport's trailing edge (`.bottom` / `.right`).
  case end
  /// As little movement as makes the item fully visible; none if it already is. An item
  /// longer than the viewport shows from its leading edge (`.start`).
  case nearest
}

extension CollectionView {
  // MARK: Scrolling to items

  /// Scrolls so that the item at `indexPath` sits at `position`, clamped to the content.
  ///
  /// Pinned headers and footers count as covering the viewport: an item aligned to the start
  /// lands just below its section's pinned header, never under it (and one aligned to the end
  /// just above a pinned footer). ``ScrollPosition/nearest`` measures from where the content
  /// is heading (``ScrollView/restingContentOffset``), so a call made while an animation runs
  /// continues from that animation's target instead of stopping it half-way.
  ///
  /// It lands exactly, even with estimated sizes: an animation re-aims at the item on every
  /// tick as cells measure themselves, and both forms correct once more after the last layout
  /// pass. Paths out of range are ignored, with a diagnostic.
  public func scrollToItem(at indexPath: ItemPath, at position: ScrollPosition, animated: Bool) {
    scrollToItem(at: indexPath, at: position, animated: animated, padding: 0)
  }

  /// ``scrollToItem(at:at:animated:)``, keeping `padding` points more between the item and
  /// the viewport's edges (what pinned views leave of them).
  func scrollToItem(
    at indexPath: ItemPath, at position: ScrollPosition, animated: Bool, padding: Double
  ) {
    guard isValid(indexPath) else {
      diagnostics.report(.indexPathOutOfRange, "scrollToItem(at:): \(indexPath) is out of range")
      return
    }
    layoutIfNeeded()
    // The item's rail brings it into view across the axis first.
    scrollRail(showing: indexPath, animated: animated, padding: padding)
    guard
      let (target, resolved) = scrollTarget(
        for: indexPath, at: position, from: restingContentOffset, padding: padding)
    else { return }
    // `.nearest` is decided once, here: re-aiming keeps the same edge.
    guard let resolved else { return }  // already in view where the content is heading
    if animated && !isTracking {
      setContentOffset(target, animated: true)
      guard phase == .animating else { return }
      aim(at: indexPath, resolved, padding: padding)
    } else {
      contentOffset = target
      landExactly(on: indexPath, at: resolved, padding: padding)
    }
  }

  /// Scrolls the rail holding the item at `indexPath` (a layout's section that scrolls across
  /// its axis) as its paging or snapping rests showing it; nothing for an item that shows, or
  /// that no rail holds.
  func scrollRail(showing indexPath: ItemPath, animated: Bool, padding: Double) {
    guard let layout = collectionViewLayout.sectionScrolling,
      let offset = rails.offset(showing: indexPath, in: layout, padding: padding)
    else { return }
    rails.setOffset(offset, ofRail: indexPath.section, animated: animated && !isTracking, in: self)
    layoutIfNeeded()
  }

  /// The content offset that puts the item at `position`, clamped to the content, or `nil` if
  /// the item is out of range. Pinned headers and footers of the item's section count as
  /// covering the viewport; ``ScrollPosition/nearest`` moves as little as possible from
  /// ``ScrollView/restingContentOffset``.
  public func scrollTarget(for indexPath: ItemPath, at position: ScrollPosition) -> Point? {
    scrollTarget(for: indexPath, at: position, from: restingContentOffset)?.offset
  }

  /// The offset that puts the item at `position`, and the position it resolved to: `.nearest`
  /// becomes `.start` or `.end` (measured from `origin`), or `nil` when the item is already
  /// fully in view from there.
  func scrollTarget(
    for indexPath: ItemPath, at position: ScrollPosition, from origin: Point, padding: Double = 0
  ) -> (offset: Point, resolved: ScrollPosition?)? {
    let layout = collectionViewLayout
    guard let frame = layout.layoutAttributesForItem(at: indexPath)?.frame else {
      return nil
    }
    let axis = layout.scrollDirection
    let pinned = layout.pinnedLengths(inSection: indexPath.section)
    // Padding never asks for more room than the viewport has around the item.
    let room =
      viewportSize[axis] - contentInset.leading(axis) - contentInset.trailing(axis)
      - pinned.leading - pinned.trailing - frame.length(axis)
    let padding = min(padding, max(0, room / 2))
    var target = origin
    let leading = frame.min(axis) - contentInset.leading(axis) - pinned.leading - padding
    let trailing =
      frame.max(axis) - viewportSize[axis] + contentInset.trailing(axis) + pinned.trailing
      + padding
    var resolved: ScrollPosition? = position
    switch position {
    case .start: target[axis] = belowStuckItems(indexPath, frame, from: leading, padding: padding)
    case .center:
      // The middle of what the pinned views leave uncovered.
      target[axis] = frame.mid(axis) - (viewportSize[axis] + pinned.leading - pinned.trailing) / 2
    case .end: target[axis] = trailing
    case .nearest:
      // An item longer than the room shows from its start (its title, say), as UIKit shows a
      // rect larger than the view from its origin: its end showed, and the row focused
      // seemed lost (a new user's finding, a list's expanded row in a short terminal).
      if origin[axis] > leading || room < 0
        || stuckCover(at: origin, excluding: indexPath) > frame.min(axis) - padding
      {
        target[axis] = belowStuckItems(indexPath, frame, from: leading, padding: padding)
        resolved = .start
      } else if origin[axis] < trailing {
        target[axis] = trailing
        resolved = .end
      } else {
        resolved = nil
      }
    }
    // Content that also scrolls across the axis (a table wider than the viewport) brings the
    // item into view across it too, as little as it can, clear of what is pinned there.
    let cross = axis.cross
    if contentSize[cross] > viewportSize[cross] {
      let crossLeading = frame.min(cross) - contentInset.leading(cross) - pinned.crossLeading
      let crossTrailing = frame.max(cross) - viewportSize[cross] + contentInset.trailing(cross)
      if origin[cross] > crossLeading {
        target[cross] = crossLeading
      } else if origin[cross] < crossTrailing {
        target[cross] = min(crossTrailing, crossLeading)
      }
      if resolved == nil && clampedContentOffset(target)[cross] != origin[cross] {
        resolved = .nearest
      }
    }
    return (clampedContentOffset(target), resolved)
  }

  /// Where the rows a layout sticks at the leading edge (``CollectionViewLayout/stuckItems(forViewport:)``,
  /// an outline's parents) end when the content is at `offset`, other than `item` itself;
  /// `-infinity` when none stick there.
  func stuckCover(at offset: Point, excluding item: ItemPath) -> Double {
    let layout = collectionViewLayout
    let axis = layout.scrollDirection
    let viewport = Rect(origin: clampedContentOffset(offset), size: viewportSize)
    var end = -Double.infinity
    for stuck in layout.stuckItems(forViewport: viewport) where stuck.indexPath != item {
      end = max(end, stuck.frame.max(axis))
    }
    return end
  }

  /// The offset along the axis that puts the item (its natural `frame`) at the leading edge,
  /// from `leading` (which counts the inset and pinned header), moved back by what the rows
  /// stuck there cover. The stack depends on where the content is, so it is asked where the
  /// item lands: the offset moves back by what covers the item until nothing does (a few
  /// steps); where the stack shrank on the way, the last step is halved back towards the
  /// item, so it lies just below the stack, not a row lower.
  func belowStuckItems(
    _ item: ItemPath, _ frame: Rect, from leading: Double, padding: Double
  ) -> Double {
    let axis = collectionViewLayout.scrollDirection
    let edge = frame.min(axis) - padding
    func overlap(at offset: Double) -> Double {
      var point = contentOffset
      point[axis] = offset
      return stuckCover(at: point, excluding: item) - edge
    }
    var offset = leading
    var covered: Double?  // the last offset where a stuck row covered the item
    for _ in 0..<8 {
      let over = overlap(at: offset)
      guard over > 1e-9, offset > minimumContentOffset[axis] else { break }
      covered = offset
      offset = max(minimumContentOffset[axis], offset - over)
    }
    guard var high = covered, overlap(at: offset) <= 1e-9 else { return offset }
    // Between a clear offset and a covered one: the furthest clear one, to a hundredth.
    var low = offset
    while high - low > 0.01 {
      let middle = (low + high) / 2
      if overlap(at: middle) <= 1e-9 { low = middle } else { high = middle }
    }
    // Exactly below the stack found there, when the same stack still clears the item.
    let gap = -overlap(at: low)
    if gap.isFinite, gap > 0, overlap(at: low + gap) <= 1e-9 { return low + gap }
    return low
  }

  /// Has the running animation aim at the item at `indexPath`, re-aimed on every tick (cells
  /// measured on the way move it) and landing on it exactly; the item is followed through
  /// batch updates (``ScrollTargeting``).
  func aim(at indexPath: ItemPath, _ position: ScrollPosition, padding: Double) {
    targeting.pendingItemScroll = (indexPath, position, padding)
    animationAim = .target { [unowned self] in
      guard let (path, position, padding) = self.targeting.pendingItemScroll else { return nil }
      return self.scrollTarget(for: path, at: position, from: self.contentOffset, padding: padding)?
        .offset
    }
  }

  /// Lays out and re-aims until the item stays where it should (cells that measured
  /// themselves may have moved it), at most a few times.
  func landExactly(on indexPath: ItemPath, at position: ScrollPosition, padding: Double = 0) {
    for _ in 0..<8 {
      layoutIfNeeded()
      guard
        let target = scrollTarget(
          for: indexPath, at: position, from: contentOffset, padding: padding)?.offset,
        target != contentOffset
      else { return }
      applyOffset(target)
    }
    layoutIfNeeded()
  }

  // MARK: Flat indices

  /// The path of the item at flat index `flat` (counting across sections).
  func indexPath(forFlatIndex flat: Int) -> ItemPath? { counts.indexPath(forFlatIndex: flat) }

  /// The flat index of `indexPath`.
  func flatIndex(of indexPath: ItemPath) -> Int { counts.flatIndex(of: indexPath) }
}

extension CollectionView: ScrollSnapStopProvider {
  /// The item whose aligned offset is nearest `offset`.
  ///
  /// - Complexity: O(log n + k) for a layout query around the alignment line.
  public func nearestSnapStop(to offset: Double, axis: Axis, alignment: SnapAlignment) -> SnapStop?
  {
    guard axis == collectionViewLayout.scrollDirection, offset.isFinite else { return nil }
    layoutIfNeeded()
    return nearestSnapStopInPreparedLayout(to: offset, axis: axis, alignment: alignment)
  }

  /// The stop nearest `offset` in the layout as last prepared (no pass runs).
  func nearestSnapStopInPreparedLayout(
    to offset: Double, axis: Axis, alignment: SnapAlignment
  ) -> SnapStop? {
    let layout = collectionViewLayout
    let total = counts.total
    guard total > 0 else { return nil }
    let line = alignmentLine(forOffset: offset, axis: axis, alignment: alignment)
    // Look a viewport either side of the line: an item meets it, or a near one does.
    let reach = max(viewportSize[axis], 1)
    let window = Rect(
      axis: axis, main: line - reach, mainLength: 2 * reach, cross: -1e12, crossLength: 2e12)
    targeting.snapElements.removeAll()
    layout.elements(in: LayoutQuery(rect: window, viewport: window), into: &targeting.snapElements)
    var best: SnapStop?
    for element in targeting.snapElements.items {
      let stop = SnapStop(
        index: flatIndex(of: element.indexPath),
        offset: alignedOffset(of: element.frame, axis: axis, alignment: alignment))
      if best == nil || abs(stop.offset - offset) < abs(best!.offset - offset) { best = stop }
    }
    if let best { return best }
    // Nothing near: the line is before the first item or after the last.
    let contentMiddle = layout.contentSize[axis] / 2
    return snapStop(
      forFlatIndex: line < contentMiddle ? 0 : total - 1, axis: axis, alignment: alignment)
  }

  /// The stop `steps` stops from `stop`'s item (recomputed), clamped to the first and last
  /// stops. A step goes to the next distinct offset along the axis: in a list the next item,
  /// in a grid the next row, in a waterfall the next card to start in any column, so a step
  /// always moves when there is somewhere to go. `steps == 0` gives the item's own stop.
  ///
  /// - Complexity: O(|steps| × (log n + k)) for up to 256 steps; beyond that the steps are
  ///   counted in items (O(log n)), as for a jump.
  public func snapStop(
    _ stop: SnapStop, advancedBy steps: Int, axis: Axis, alignment: SnapAlignment
  )
    -> SnapStop?
  {
    let total = counts.total
    guard total > 0 else { return nil }
    guard steps.magnitude <= 256 else {
      let (sum, overflow) = stop.index.addingReportingOverflow(steps)
      let flat = overflow ? (steps > 0 ? total - 1 : 0) : min(max(sum, 0), total - 1)
      return snapStop(forFlatIndex: flat, axis: axis, alignment: alignment)
    }
    guard
      var current = snapStop(
        forFlatIndex: min(max(stop.index, 0), total - 1), axis: axis,
        alignment: alignment)
    else { return nil }
    for _ in 0..<steps.magnitude {
      guard
        let next = adjacentSnapStop(
          from: current, forward: steps > 0, axis: axis, alignment: alignment)
      else { break }
      current = next
    }
    return current
  }

  /// The nearest stop strictly after (or before) `stop` along the axis, found by querying
  /// windows that grow from the stop until one holds it or the content ends. Of several items
  /// at that offset (a grid's row), the first.
  private func adjacentSnapStop(
    from stop: SnapStop, forward: Bool, axis: Axis, alignment: SnapAlignment
  ) -> SnapStop? {
    let layout = collectionViewLayout
    let line = alignmentLine(forOffset: stop.offset, axis: axis, alignment: alignment)
    let viewport = max(viewportSize[axis], 1)
    let contentLength = layout.contentSize[axis]
    let epsilon = 1e-9 * max(1, abs(stop.offset))
    var reach = viewport
    while true {
      let low = forward ? line - viewport : line - reach
      let high = forward ? line + reach : line + viewport
      let window = Rect(
        axis: axis, main: low, mainLength: high - low, cross: -1e12, crossLength: 2e12)
      targeting.snapElements.removeAll()
      layout.elements(
        in: LayoutQuery(rect: window, viewport: window), into: &targeting.snapElements)
      var best: SnapStop?
      for element in targeting.snapElements.items {
        let offset = alignedOffset(of: element.frame, axis: axis, alignment: alignment)
        guard forward ? offset > stop.offset + epsilon : offset < stop.offset - epsilon else {
          continue
        }
        let candidate = SnapStop(index: flatIndex(of: element.indexPath), offset: offset)
        guard let current = best else {
          best = candidate
          continue
        }
        let closer = forward ? offset < current.offset : offset > current.offset
        if closer || (offset == current.offset && candidate.index < current.index) {
          best = candidate
        }
      }
      if let best { return best }
      if forward ? high >= contentLength + viewport : low <= -viewport { return nil }
      reach *= 4
    }
  }

  private func snapStop(forFlatIndex flat: Int, axis: Axis, alignment: SnapAlignment) -> SnapStop? {
    guard let path = indexPath(forFlatIndex: flat),
      let frame = collectionViewLayout.layoutAttributesForItem(at: path)?.frame
    else { return nil }
    return SnapStop(index: flat, offset: alignedOffset(of: frame, axis: axis, alignment: alignment))
  }

  private func alignmentLine(
    forOffset offset: Double, axis: Axis, alignment: SnapAlignment
  )
    -> Double
  {
    alignment == .leading
      ? offset + contentInset.leading(axis) : offset + viewportSize[axis] / 2
  }

  private func alignedOffset(of frame: Rect, axis: Axis, alignment: SnapAlignment) -> Double {
    alignment == .leading
      ? frame.min(axis) - contentInset.leading(axis) : frame.mid(axis) - viewportSize[axis] / 2
  }
}
