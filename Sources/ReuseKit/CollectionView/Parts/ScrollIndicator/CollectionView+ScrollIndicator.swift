/// Where a scroll indicator's thumb sits on its track: its start and its length, in the
/// track's units (terminal rows, points).
public struct ScrollThumb: Hashable, Sendable {
  /// The distance from the track's start to the thumb's.
  public var offset: Double
  /// The thumb's length.
  public var length: Double

  /// Creates a thumb.
  public init(offset: Double, length: Double) { (self.offset, self.length) = (offset, length) }
}

extension CollectionView {
  /// The thumb of a scroll indicator `trackLength` long along the scroll axis, or `nil` when
  /// the content fits (nothing to scroll), nothing is laid out, or the track is empty.
  ///
  /// The thumb is placed by items, not by points: the viewport's leading edge is at item
  /// `i + f` (item `i`'s flat index, `f` the part of it scrolled past) and its trailing edge
  /// at `j + g`; the thumb's length is the share of items in view, and its position the share
  /// of the items out of view that are above it. When estimated sizes turn into measured ones, the content size and
  /// the offset change but the items in view do not, so the thumb holds still instead of
  /// jumping (UIKit's indicator jumps). At the very top and bottom it touches the track's
  /// ends exactly. The thumb is at least one unit long.
  ///
  /// - Complexity: O(k) for the k items displayed.
  public func scrollThumb(trackLength: Double) -> ScrollThumb? {
    guard trackLength.isFinite, trackLength >= 1, let span = itemSpanInView() else { return nil }
    let axis = collectionViewLayout.scrollDirection
    let minimum = minimumContentOffset[axis]
    let maximum = maximumContentOffset[axis]
    guard maximum > minimum else { return nil }
    let total = Double(counts.total)
    let shown = min(max(span.end - span.start, 0), total)
    let length = min(trackLength, max(1, (shown / total * trackLength).rounded()))
    let offset = contentOffset[axis]
    let position: Double
    if offset <= minimum {
      position = 0
    } else if offset >= maximum {
      position = 1
    } else {
      // Items above against items above and below: it falls as the view moves up and rises
      // as it moves down, whatever the lengths of the items coming into view.
      let above = max(span.start, 0)
      let below = max(total - span.end, 0)
      position = above + below > 0 ? min(above / (above + below), 1) : 0
    }
    return ScrollThumb(offset: position * (trackLength - length), length: length)
  }

  /// ``scrollThumb(trackLength:)`` in whole points when `roundedToWholePoints` (a host that
  /// draws in whole points, such as a terminal's cells): the length rounded (at least 1), the
  /// offset rounded and kept on the track.
  public func scrollThumb(trackLength: Double, roundedToWholePoints: Bool) -> ScrollThumb? {
    guard let thumb = scrollThumb(trackLength: trackLength) else { return nil }
    guard roundedToWholePoints else { return thumb }
    let length = max(1, thumb.length.rounded())
    let offset = min(max(0, thumb.offset.rounded()), max(0, trackLength.rounded(.down) - length))
    return ScrollThumb(offset: offset, length: length)
  }

  /// The content offset that puts the thumb of a `trackLength` track at `thumbOffset`: the
  /// inverse of ``scrollThumb(trackLength:)``, for dragging the thumb. The ends of the track
  /// give the ends of the content.
  ///
  /// - Complexity: O(k + log n).
  public func contentOffset(forScrollThumbOffset thumbOffset: Double, trackLength: Double) -> Point
  {
    var result = contentOffset
    let axis = collectionViewLayout.scrollDirection
    guard thumbOffset.isFinite, let thumb = scrollThumb(trackLength: trackLength),
      let span = itemSpanInView()
    else { return result }
    let room = trackLength - thumb.length
    let position = room > 0 ? min(max(thumbOffset / room, 0), 1) : 0
    if position <= 0 {
      result[axis] = minimumContentOffset[axis]
      return result
    }
    if position >= 1 {
      result[axis] = maximumContentOffset[axis]
      return result
    }
    let total = counts.total
    // Above / (above + below) = position, with above + below = total - shown.
    let shown = min(max(span.end - span.start, 0), Double(total))
    let target = position * (Double(total) - shown)
    let flat = min(max(Int(target), 0), total - 1)
    guard let path = indexPath(forFlatIndex: flat),
      let frame = collectionViewLayout.layoutAttributesForItem(at: path)?.frame
    else { return result }
    let leading = frame.min(axis) + (target - Double(flat)) * frame.length(axis)
    result[axis] = min(
      max(leading - contentInset.leading(axis), minimumContentOffset[axis]),
      maximumContentOffset[axis])
    return result
  }

  /// Where the viewport's leading and trailing edges are, in items: the flat index of the item
  /// under each edge plus the part of it before the edge (an edge over a header or spacing
  /// counts as the start of the next item). `nil` with no items displayed.
  private func itemSpanInView() -> (start: Double, end: Double)? {
    layoutIfNeeded()
    let axis = collectionViewLayout.scrollDirection
    let low = contentOffset[axis] + contentInset.leading(axis)
    let high = contentOffset[axis] + viewportSize[axis] - contentInset.trailing(axis)
    guard high > low else { return nil }
    var start: Double?
    var end: Double?
    var firstAfterLow: Int?
    var lastBeforeHigh: Int?
    // Pinned items (a list's stuck parents) sit where the viewport is, not where the content
    // they stand for is: counting them put the edge at a parent far above (a full thumb).
    let layout = collectionViewLayout
    for attributes in displayedItems.attributes
    where attributes.zIndex <= 0 || !layout.isStuck(attributes) {
      let frame = attributes.frame
      let minimum = frame.min(axis)
      let maximum = frame.max(axis)
      let flat = Double(flatIndex(of: attributes.indexPath))
      let length = max(frame.length(axis), .leastNonzeroMagnitude)
      if minimum <= low && low < maximum {
        let value = flat + (low - minimum) / length
        start = min(start ?? value, value)
      }
      if minimum < high && high <= maximum {
        let value = flat + (high - minimum) / length
        end = max(end ?? value, value)
      }
      if minimum >= low { firstAfterLow = min(firstAfterLow ?? Int(flat), Int(flat)) }
      if maximum <= high { lastBeforeHigh = max(lastBeforeHigh ?? Int(flat), Int(flat)) }
    }
    guard let resolvedStart = start ?? firstAfterLow.map(Double.init),
      let resolvedEnd = end ?? lastBeforeHigh.map({ Double($0 + 1) })
    else { return nil }
    return (resolvedStart, max(resolvedStart, resolvedEnd))
  }
}
