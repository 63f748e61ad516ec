/// Where `scrollToItem(at:at:animated:)` places an item in the viewport, along the scrolling
/// axis (UIKit's `UICollectionView.ScrollPosition`, one value per axis-free meaning).
public enum ScrollPosition: Hashable, Sendable {
  /// The item's leading edge at the viewport's leading edge (UIKit's `.top` / `.left`).
  case start
  /// The item's centre at the viewport's centre (`.centeredVertically` / `.centeredHorizontally`).
  case center
  /// The item's trailing edge at the viewport's trailing edge (`.bottom` / `.right`).
  case end
  /// As little movement as makes the item fully visible; none if it already is.
  case nearest
}

extension CollectionView {
  // MARK: Scrolling to items

  /// Scrolls so that the item at `indexPath` sits at `position`, clamped to the content.
  ///
  /// It lands exactly, even with estimated sizes: an animation re-aims at the item on every
  /// tick as cells measure themselves, and both forms correct once more after the last layout
  /// pass. Paths out of range are ignored, with a diagnostic.
  public func scrollToItem(at indexPath: ItemPath, at position: ScrollPosition, animated: Bool) {
    guard isValid(indexPath) else {
      diagnostics.report(.indexPathOutOfRange, "scrollToItem(at:): \(indexPath) is out of range")
      return
    }
    layoutIfNeeded()
    guard let target = scrollTarget(for: indexPath, at: position) else { return }
    if animated && !isTracking {
      setContentOffset(target, animated: true)
      guard phase == .animating else { return }
      pendingItemScroll = (indexPath, position)
      animationTarget = { [unowned self] in self.scrollTarget(for: indexPath, at: position) }
    } else {
      contentOffset = target
      landExactly(on: indexPath, at: position)
    }
  }

  /// The content offset that puts the item at `position`, clamped to the content, or `nil` if
  /// the item is out of range.
  public func scrollTarget(for indexPath: ItemPath, at position: ScrollPosition) -> Point? {
    guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
      return nil
    }
    let axis = collectionViewLayout.scrollDirection
    var target = contentOffset
    let leading = frame.min(axis) - contentInset.leading(axis)
    let trailing = frame.max(axis) - viewportSize[axis] + contentInset.trailing(axis)
    switch position {
    case .start: target[axis] = leading
    case .center: target[axis] = frame.mid(axis) - viewportSize[axis] / 2
    case .end: target[axis] = trailing
    case .nearest:
      if contentOffset[axis] > leading {
        target[axis] = leading
      } else if contentOffset[axis] < trailing {
        target[axis] = trailing
      }
    }
    return clampedContentOffset(target)
  }

  /// Lays out and re-aims until the item stays where it should (cells that measured
  /// themselves may have moved it), at most a few times.
  func landExactly(on indexPath: ItemPath, at position: ScrollPosition) {
    for _ in 0..<8 {
      layoutIfNeeded()
      guard let target = scrollTarget(for: indexPath, at: position), target != contentOffset
      else { return }
      applyOffset(target)
    }
    layoutIfNeeded()
  }

  // MARK: Flat indices

  /// The path of the item at flat index `flat` (counting across sections).
  func indexPath(forFlatIndex flat: Int) -> ItemPath? {
    let total = itemCountPrefix[itemCountPrefix.count - 1]
    guard flat >= 0, flat < total else { return nil }
    var low = 0
    var high = itemCounts.count - 1
    while low < high {  // last section whose first flat index is ≤ flat
      let mid = (low + high + 1) / 2
      if itemCountPrefix[mid] <= flat { low = mid } else { high = mid - 1 }
    }
    return ItemPath(section: low, item: flat - itemCountPrefix[low])
  }

  /// The flat index of `indexPath`.
  func flatIndex(of indexPath: ItemPath) -> Int {
    itemCountPrefix[indexPath.section] + indexPath.item
  }
}

extension CollectionView: ScrollSnapStopProvider {
  /// The item whose aligned offset is nearest `offset`.
  ///
  /// - Complexity: O(log n + k) for a layout query around the alignment line.
  public func nearestSnapStop(to offset: Double, axis: Axis, alignment: SnapAlignment) -> SnapStop?
  {
    let layout = collectionViewLayout
    guard axis == layout.scrollDirection, offset.isFinite else { return nil }
    layoutIfNeeded()
    let total = itemCountPrefix[itemCountPrefix.count - 1]
    guard total > 0 else { return nil }
    let line = alignmentLine(forOffset: offset, axis: axis, alignment: alignment)
    // Look a viewport either side of the line: an item meets it, or a near one does.
    let reach = max(viewportSize[axis], 1)
    let window = Rect(
      axis: axis, main: line - reach, mainLength: 2 * reach, cross: -1e12, crossLength: 2e12)
    snapElements.removeAll()
    layout.elements(in: LayoutQuery(rect: window, viewport: window), into: &snapElements)
    var best: SnapStop?
    for element in snapElements.items {
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

  /// The stop `steps` items from `stop`, clamped to the first and last items.
  public func snapStop(
    _ stop: SnapStop, advancedBy steps: Int, axis: Axis, alignment: SnapAlignment
  )
    -> SnapStop?
  {
    let total = itemCountPrefix[itemCountPrefix.count - 1]
    guard total > 0 else { return nil }
    let (sum, overflow) = stop.index.addingReportingOverflow(steps)
    let flat = overflow ? (steps > 0 ? total - 1 : 0) : min(max(sum, 0), total - 1)
    return snapStop(forFlatIndex: flat, axis: axis, alignment: alignment)
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
