/// Rows that stick one under another at the leading edge of a ``ListLayout`` while their
/// descendants scroll: the expanded parents of the rows at the top of an outline, as VS Code's
/// sticky scroll shows a file's enclosing scopes.
///
/// The layout asks `parent` for an item's parent row and `lastDescendant` for the last row
/// of its subtree (the row itself when it shows no children). From the top of the viewport
/// down, each stuck row is the ancestor, at the next depth, of the row just under the rows
/// stuck so far; a stuck row is pushed up by the end of its subtree, so the next sibling takes
/// its place without a jump. The stack never covers more than ``maximumRows`` rows nor
/// ``maximumFraction`` of the viewport: a deeper chain is compressed to its outermost row and
/// its innermost ones (the middle ones are left out).
///
/// A press on a stuck row focuses it and scrolls the list to it; the stack counts as a pinned
/// header, so items scrolled into view land below it.
public struct StackedHeaders {
  /// The parent row of an item, `nil` at the top level.
  public var parent: (ItemPath) -> ItemPath?
  /// The last row of an item's subtree (the item itself without visible children).
  public var lastDescendant: (ItemPath) -> ItemPath
  /// The most rows that stick (5 by default, as VS Code's default).
  public var maximumRows: Int
  /// The most of the viewport's length the stack covers (0.4).
  public var maximumFraction: Double

  /// Creates stacked headers.
  public init(
    maximumRows: Int = 5, maximumFraction: Double = 0.4,
    parent: @escaping (ItemPath) -> ItemPath?,
    lastDescendant: @escaping (ItemPath) -> ItemPath
  ) {
    self.maximumRows = max(0, maximumRows)
    self.maximumFraction = maximumFraction.isFinite ? min(max(0, maximumFraction), 1) : 0.4
    self.parent = parent
    self.lastDescendant = lastDescendant
  }
}

/// One stuck row: its item, where it shows, and how far up its subtree's end pushes it.
struct StuckRow {
  var indexPath: ItemPath
  var frame: Rect
  /// The highest its leading edge may sit: its subtree's end, less its length.
  var limit: Double
}

extension ListLayout {
  // MARK: Stacked headers

  /// Stuck rows draw at this z-index and above (up to 100, the outermost highest).
  static let stuckZIndex = 40

  /// Whether a displayed element sits where the viewport is, not where it is in the content:
  /// a stuck row (``stackedHeaders``), which anchors nothing, or a pinned header or footer
  /// (``pinsHeaders``, ``pinsFooters``), which an update does not glide from where the
  /// viewport was.
  public func isStuck(_ attributes: LayoutAttributes) -> Bool {
    if attributes.supplementaryKind != nil { return attributes.zIndex == Self.pinnedZIndex }
    return attributes.zIndex >= Self.stuckZIndex && stackedHeaders != nil
  }

  /// Pinned headers and footers draw at this z-index.
  static let pinnedZIndex = 20

  /// The rows stuck when the visible area is `viewport`, in order (outermost first), with
  /// their frames. Empty without ``stackedHeaders``.
  ///
  /// - Complexity: O(d² + d log n) for a chain d deep.
  public func stuckItems(forViewport viewport: Rect) -> [(indexPath: ItemPath, frame: Rect)] {
    computeStuckRows(viewport: viewport)
    return stuckRows.map { ($0.indexPath, $0.frame) }
  }

  /// Whether `indexPath` is stuck when the visible area is `viewport`.
  public func isStuck(_ indexPath: ItemPath, viewport: Rect) -> Bool {
    guard stackedHeaders != nil else { return false }
    computeStuckRows(viewport: viewport)
    return stuckRows.contains { $0.indexPath == indexPath }
  }

  /// The item under `point`: a stuck row covers what scrolls under it.
  public func indexPathForItem(at point: Point, viewport: Rect) -> ItemPath? {
    if stackedHeaders != nil {
      computeStuckRows(viewport: viewport)
      for row in stuckRows.reversed() where row.frame.contains(point) { return row.indexPath }
    }
    return indexPathForItem(at: point)
  }

  /// Puts the stuck rows into the items this query found (from `first` on, in path order):
  /// a stuck row found at its natural place takes its stuck frame, one above the rect is
  /// inserted in order.
  func insertStuckRows(
    for query: LayoutQuery, into items: inout [LayoutAttributes], from first: Int
  ) {
    computeStuckRows(viewport: query.viewport)
    for (depth, row) in stuckRows.enumerated() where row.frame.intersects(query.rect) {
      // The outer rows draw over the inner ones a subtree's end pushes up under them.
      let attributes = LayoutAttributes(
        forCellAt: row.indexPath, frame: row.frame,
        zIndex: 100 - min(depth, 100 - Self.stuckZIndex))
      var low = first
      var high = items.count
      while low < high {
        let mid = (low + high) / 2
        if items[mid].indexPath < row.indexPath { low = mid + 1 } else { high = mid }
      }
      if low < items.count, items[low].indexPath == row.indexPath {
        items[low] = attributes
      } else {
        items.insert(attributes, at: low)
      }
    }
    // Rows the stack covers whole show nothing: they are not displayed (nor read out).
    let axis = scrollDirection
    guard !stuckRows.isEmpty else { return }
    var bottom = -Double.infinity
    for row in stuckRows { bottom = max(bottom, row.frame.max(axis)) }
    let end = query.viewport.max(axis)
    var index = first
    while index < items.count {
      let frame = items[index].frame
      // What shows of it (above the viewport's end) ends where the stack does, or before.
      if items[index].zIndex == 0, frame.min(axis) < bottom, min(frame.max(axis), end) <= bottom {
        items.remove(at: index)
      } else {
        index += 1
      }
    }
  }

  /// The item at `position` along the scroll axis: the one whose frame holds it, else the
  /// next one (in spacing, a header or an inset); `nil` past the last.
  func item(atMain position: Double) -> ItemPath? {
    let sectionCount = itemCounts.count
    guard sectionCount > 0 else { return nil }
    var section = sections.lastIndex(startingAtOrBefore: position, in: 0..<sectionCount)
    while section < sectionCount {
      let range = sectionFirstItem[section]..<sectionFirstItem[section + 1]
      if !range.isEmpty {
        let base = itemsStart(section)
        let origin = items.start(range.lowerBound)
        var flat = items.lastIndex(startingAtOrBefore: position - base + origin, in: range)
        if base + (items.start(flat) - origin) + items.length(flat) <= position {
          flat += 1
        }
        if flat < range.upperBound {
          return ItemPath(section: section, item: flat - range.lowerBound)
        }
      }
      section += 1
    }
    return nil
  }

  /// Computes ``stuckRows`` for `viewport`.
  func computeStuckRows(viewport: Rect) {
    stuckRows.removeAll(keepingCapacity: true)
    guard let headers = stackedHeaders, invalidation == .none, headers.maximumRows > 0 else {
      return
    }
    let axis = scrollDirection
    let length = viewport.length(axis)
    let start = viewport.min(axis)
    guard length > 0, start.isFinite else { return }
    var slot = start
    // The whole chain first (at most 64 deep), then the cap.
    while stuckRows.count < 64, let row = item(atMain: slot) {
      let depth = stuckRows.count
      chainScratch.removeAll(keepingCapacity: true)
      var node: ItemPath? = headers.parent(row)
      while let ancestor = node, chainScratch.count < 256 {
        guard contains(ancestor), ancestor < row else { break }
        chainScratch.append(ancestor)
        node = headers.parent(ancestor)
      }
      chainScratch.reverse()  // outermost first
      // A row that starts above the slot and has rows under it sticks itself, as soon as
      // it starts to scroll away.
      if depth == chainScratch.count, headers.lastDescendant(row) != row,
        let frame = layoutAttributesForItem(at: row)?.frame, frame.min(axis) < slot
      {
        chainScratch.append(row)
      }
      guard depth < chainScratch.count else { break }
      // The row under the stack descends from every row stuck so far.
      var consistent = true
      for index in 0..<depth where chainScratch[index] != stuckRows[index].indexPath {
        consistent = false
        break
      }
      guard consistent else { break }
      let ancestor = chainScratch[depth]
      guard let natural = layoutAttributesForItem(at: ancestor)?.frame else { break }
      let rowLength = natural.length(axis)
      let last = headers.lastDescendant(ancestor)
      let end =
        contains(last) ? layoutAttributesForItem(at: last)!.frame.max(axis) : natural.max(axis)
      let limit = end - rowLength
      let top = min(slot, limit)
      var frame = natural
      frame.origin[axis] = top
      stuckRows.append(StuckRow(indexPath: ancestor, frame: frame, limit: limit))
      slot = top + rowLength
    }
    // The cap: rows and a fraction of the viewport; a deeper chain keeps its outermost row
    // and its innermost ones.
    let room = headers.maximumFraction * length
    var kept = min(stuckRows.count, headers.maximumRows)
    while kept > 0 {
      var total = stuckRows[0].frame.length(axis)
      for row in stuckRows.suffix(kept - 1) { total += row.frame.length(axis) }
      if total <= room + 1e-9 { break }
      kept -= 1
    }
    if kept < stuckRows.count {
      if kept == 0 {
        stuckRows.removeAll(keepingCapacity: true)
        return
      }
      stuckRows.removeSubrange(1..<(stuckRows.count - (kept - 1)))
      // Stacked again from the top, each still pushed by its subtree's end.
      var next = start
      for index in stuckRows.indices {
        let top = min(next, stuckRows[index].limit)
        stuckRows[index].frame.origin[axis] = top
        next = top + stuckRows[index].frame.length(axis)
      }
    }
  }
}
