extension ListLayout: SectionedLayout {
  var laidOutSectionCount: Int { itemCounts.count }

  // MARK: Geometry helpers

  /// Where section `section` starts along the scroll axis.
  @inline(__always)
  func sectionStart(_ section: Int) -> Double { sections.start(section) }

  /// Where the items of `section` start along the scroll axis.
  @inline(__always)
  func itemsStart(_ section: Int) -> Double {
    sections.start(section) + headerLengths[section] + inset.leading(scrollDirection)
  }

  /// The cross-axis range items occupy.
  @inline(__always)
  var itemCrossRange: (start: Double, length: Double) {
    let cross = scrollDirection.cross
    let start = inset.leading(cross)
    return (start, max(0, viewportSize[cross].sanitizedLength - start - inset.trailing(cross)))
  }

  /// The frame of flat item `flat` in section `section`, whose items start at `base`.
  @inline(__always)
  func itemFrame(flat: Int, section: Int, base: Double) -> Rect {
    let cross = itemCrossRange
    let main = base + (items.start(flat) - items.start(sectionFirstItem[section]))
    return Rect(
      axis: scrollDirection, main: main, mainLength: items.length(flat), cross: cross.start,
      crossLength: cross.length)
  }

  /// The natural frame of a header or footer.
  func supplementaryFrame(_ kind: SupplementaryKind, section: Int) -> Rect? {
    let crossLength = viewportSize[scrollDirection.cross].sanitizedLength
    if kind == .header {
      let length = headerLengths[section]
      guard length > 0 else { return nil }
      return Rect(
        axis: scrollDirection, main: sectionStart(section), mainLength: length, cross: 0,
        crossLength: crossLength)
    }
    if kind == .footer {
      let length = footerLengths[section]
      guard length > 0 else { return nil }
      let end = sectionStart(section) + sections.length(section)
      return Rect(
        axis: scrollDirection, main: end - length, mainLength: length, cross: 0,
        crossLength: crossLength)
    }
    return nil
  }

  // MARK: Queries

  /// Appends every header, item and footer that meets `query.rect`, plus the pinned header
  /// when ``pinsHeaders`` is on.
  ///
  /// - Complexity: O(log n + k) (O(log S + k log n) in estimated mode), where k is the number
  ///   of elements found; no allocation once the buffers have grown.
  public func elements(in query: LayoutQuery, into result: inout LayoutElements) {
    let sectionCount = itemCounts.count
    guard sectionCount > 0, invalidation == .none else { return }
    let axis = scrollDirection
    let rect = query.rect
    let low = rect.min(axis)
    let high = rect.max(axis)
    let pinned = pinnedHeaderSection(viewportStart: query.viewport.min(axis))
    let pinnedFooter = pinnedFooterSection(viewportEnd: query.viewport.max(axis))
    let firstItem = result.items.count
    var section = sections.lastIndex(startingAtOrBefore: low, in: 0..<sectionCount)
    while section > 0, sectionStart(section - 1) + sections.length(section - 1) > low {
      section -= 1  // guard against rounding in the search
    }
    while section < sectionCount {
      let start = sectionStart(section)
      if start >= high { break }
      if section != pinned, let frame = supplementaryFrame(.header, section: section),
        frame.intersects(rect)
      {
        result.supplementaryViews.append(
          LayoutAttributes(forSupplementaryViewOfKind: .header, section: section, frame: frame))
      }
      appendItems(of: section, meeting: rect, into: &result.items)
      if section != pinnedFooter, let frame = supplementaryFrame(.footer, section: section),
        frame.intersects(rect)
      {
        result.supplementaryViews.append(
          LayoutAttributes(forSupplementaryViewOfKind: .footer, section: section, frame: frame))
      }
      section += 1
    }
    if stackedHeaders != nil { insertStuckRows(for: query, into: &result.items, from: firstItem) }
    if let pinned, let frame = pinnedHeaderFrame(pinned, viewportStart: query.viewport.min(axis)),
      frame.intersects(rect)
    {
      result.supplementaryViews.append(
        LayoutAttributes(
          forSupplementaryViewOfKind: .header, section: pinned, frame: frame,
          zIndex: Self.pinnedZIndex))
    }
    if let pinnedFooter,
      let frame = pinnedFooterFrame(pinnedFooter, viewportEnd: query.viewport.max(axis)),
      frame.intersects(rect)
    {
      result.supplementaryViews.append(
        LayoutAttributes(
          forSupplementaryViewOfKind: .footer, section: pinnedFooter, frame: frame,
          zIndex: Self.pinnedZIndex))
    }
  }

  /// Appends the items of `section` that meet `rect`, in order.
  private func appendItems(
    of section: Int, meeting rect: Rect, into result: inout [LayoutAttributes]
  ) {
    let range = sectionFirstItem[section]..<sectionFirstItem[section + 1]
    guard !range.isEmpty else { return }
    let axis = scrollDirection
    let cross = itemCrossRange
    // Items span the same cross range: if the rect misses it, no item meets.
    guard
      Rect(axis: axis, main: 0, mainLength: 1, cross: cross.start, crossLength: cross.length)
        .crossOverlaps(rect, axis: axis)
    else { return }
    let low = rect.min(axis)
    let high = rect.max(axis)
    // Positions are computed exactly as `itemFrame` does, so both agree to the last bit.
    // (`items` is read in place: a local copy would retain its three buffers.)
    let base = itemsStart(section)
    let origin = items.start(range.lowerBound)
    // The last item starting at or before `low` is the first that can meet the rect.
    var flat = items.lastIndex(startingAtOrBefore: low - base + origin, in: range)
    // Guard against rounding in the search: step back while the previous item still meets.
    while flat > range.lowerBound,
      base + (items.start(flat - 1) - origin) + items.length(flat - 1) > low
    {
      flat -= 1
    }
    // The run is written by `append(contentsOf:)` straight into the array's spare capacity
    // (kept from the last frame): no uniqueness or capacity check per cell, as appending them
    // one by one makes (a tenth of a list frame). The index is read in place through a
    // pointer: a copy would retain its buffers.
    if items.mode == .uniform {
      let extents = UniformExtents(length: items.length(flat), spacing: items.spacing)
      result.append(
        contentsOf: ItemRun(
          extents: extents, section: section, flat: flat, end: range.upperBound,
          firstItem: range.lowerBound, base: base, origin: origin, low: low, high: high,
          axis: axis, cross: cross))
      return
    }
    withUnsafePointer(to: &items) { items in
      result.append(
        contentsOf: ItemRun(
          extents: IndexExtents(items: items), section: section, flat: flat,
          end: range.upperBound, firstItem: range.lowerBound, base: base, origin: origin,
          low: low, high: high, axis: axis, cross: cross))
    }
  }

  /// The section whose header is pinned to the viewport, if any.
  func pinnedHeaderSection(viewportStart: Double) -> Int? {
    guard pinsHeaders, !itemCounts.isEmpty else { return nil }
    let section = sections.lastIndex(startingAtOrBefore: viewportStart, in: 0..<itemCounts.count)
    let start = sectionStart(section)
    guard start <= viewportStart, viewportStart < start + sections.length(section),
      headerLengths[section] > 0
    else { return nil }
    return section
  }

  /// The frame of `section`'s header pinned to the viewport: at the viewport's leading edge,
  /// but never above its natural place and never past the end of its section, so the next
  /// header pushes it away.
  func pinnedHeaderFrame(_ section: Int, viewportStart: Double) -> Rect? {
    guard var frame = supplementaryFrame(.header, section: section) else { return nil }
    let axis = scrollDirection
    let length = headerLengths[section]
    let sectionEnd = sectionStart(section) + sections.length(section)
    let main = min(max(viewportStart, sectionStart(section)), sectionEnd - length)
    frame = Rect(
      axis: axis, main: main, mainLength: length, cross: frame.min(axis.cross),
      crossLength: frame.length(axis.cross))
    return frame
  }

  /// The section whose footer is pinned to the viewport's trailing edge, if any: the one the
  /// viewport ends in.
  func pinnedFooterSection(viewportEnd: Double) -> Int? {
    guard pinsFooters, !itemCounts.isEmpty else { return nil }
    var section = sections.lastIndex(startingAtOrBefore: viewportEnd, in: 0..<itemCounts.count)
    // A viewport that ends exactly where a section starts ends in the section before.
    while section > 0, sectionStart(section) >= viewportEnd { section -= 1 }
    let start = sectionStart(section)
    guard start < viewportEnd, viewportEnd <= start + sections.length(section) + 1e-9,
      footerLengths[section] > 0
    else { return nil }
    return section
  }

  /// The frame of `section`'s footer pinned to the viewport: at the viewport's trailing edge,
  /// but never past its natural place and never before its section's items start.
  func pinnedFooterFrame(_ section: Int, viewportEnd: Double) -> Rect? {
    guard let natural = supplementaryFrame(.footer, section: section) else { return nil }
    let axis = scrollDirection
    let length = footerLengths[section]
    let earliest = sectionStart(section) + headerLengths[section]
    let main = max(min(viewportEnd - length, natural.min(axis)), earliest)
    return Rect(
      axis: axis, main: main, mainLength: length, cross: natural.min(axis.cross),
      crossLength: natural.length(axis.cross))
  }

  /// The attributes of one item.
  ///
  /// - Complexity: O(1), or O(log n) in estimated mode.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    guard invalidation == .none, contains(indexPath) else { return nil }
    let flat = sectionFirstItem[indexPath.section] + indexPath.item
    let frame = itemFrame(
      flat: flat, section: indexPath.section, base: itemsStart(indexPath.section))
    return LayoutAttributes(forCellAt: indexPath, frame: frame)
  }

  /// The natural frame of a header or footer (a pinned header is drawn elsewhere while pinned).
  public func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? {
    supplementaryAttributes(ofKind: kind, inSection: section)
  }

  /// The item under `point`, or `nil` over spacing, insets, headers and footers.
  ///
  /// - Complexity: O(log n).
  public func indexPathForItem(at point: Point) -> ItemPath? {
    let sectionCount = itemCounts.count
    guard sectionCount > 0, invalidation == .none, point.isFinite else { return nil }
    let axis = scrollDirection
    let main = point[axis]
    let section = sections.lastIndex(startingAtOrBefore: main, in: 0..<sectionCount)
    let range = sectionFirstItem[section]..<sectionFirstItem[section + 1]
    guard !range.isEmpty else { return nil }
    let base = itemsStart(section)
    let sectionOrigin = items.start(range.lowerBound)
    let flat = items.lastIndex(startingAtOrBefore: main - base + sectionOrigin, in: range)
    let frame = itemFrame(flat: flat, section: section, base: base)
    guard frame.contains(point) else { return nil }
    return ItemPath(section: section, item: flat - range.lowerBound)
  }
}

/// Where the items of a run start and how long they are, read the way `ExtentIndex` answers
/// (so that a run and ``ListLayout/itemFrame(flat:section:base:)`` agree to the last bit).
protocol RunExtents {
  /// Item `i`'s start in the index.
  func start(_ i: Int) -> Double
  func length(_ i: Int) -> Double
  var spacing: Double { get }
  /// Whether a run should add lengths up rather than ask each start (Fenwick mode, where a
  /// start is an O(log n) prefix sum; for integer lengths, as cells measure in points, both
  /// ways give the same bits).
  var accumulates: Bool { get }
}

/// Items of one length: positions are computed here, as the index computes them
/// (`Double(i) * (length + spacing)`), with no read of it per cell.
struct UniformExtents: RunExtents {
  let length: Double
  let spacing: Double
  let stride: Double

  init(length: Double, spacing: Double) {
    self.length = length
    self.spacing = spacing
    stride = length + spacing
  }

  @inline(__always) func start(_ i: Int) -> Double { Double(i) * stride }
  @inline(__always) func length(_ i: Int) -> Double { length }
  var accumulates: Bool { false }
}

/// Any index, read in place through a pointer (a copy of it would retain its buffers). The
/// run lives only inside the call that appends it, while the layout keeps the index.
struct IndexExtents: RunExtents {
  let items: UnsafePointer<ExtentIndex>
  let accumulates: Bool

  init(items: UnsafePointer<ExtentIndex>) {
    self.items = items
    accumulates = items.pointee.mode == .fenwick
  }

  @inline(__always) func start(_ i: Int) -> Double { items.pointee.start(i) }
  @inline(__always) func length(_ i: Int) -> Double { items.pointee.length(i) }
  var spacing: Double { items.pointee.spacing }
}

/// The cells of one section's items that meet a rect along the scroll axis, from `flat` on,
/// in order: what `Array.append(contentsOf:)` writes straight into the array's spare
/// capacity, with no uniqueness or capacity check per cell (which appending them one by one
/// makes: a tenth of a list frame).
struct ItemRun<Extents: RunExtents>: Sequence, IteratorProtocol {
  let extents: Extents
  let section: Int
  var flat: Int
  let end: Int
  let firstItem: Int
  let base: Double
  let origin: Double
  let low: Double
  let high: Double
  let axis: Axis
  let cross: (start: Double, length: Double)
  var nextStart: Double

  init(
    extents: Extents, section: Int, flat: Int, end: Int, firstItem: Int, base: Double,
    origin: Double, low: Double, high: Double, axis: Axis, cross: (start: Double, length: Double)
  ) {
    self.extents = extents
    self.section = section
    self.flat = flat
    self.end = end
    self.firstItem = firstItem
    self.base = base
    self.origin = origin
    self.low = low
    self.high = high
    self.axis = axis
    self.cross = cross
    nextStart = base + (extents.start(flat) - origin)
  }

  @inline(__always)
  mutating func next() -> LayoutAttributes? {
    while flat < end {
      let start = extents.accumulates ? nextStart : base + (extents.start(flat) - origin)
      if start >= high { return nil }
      let length = extents.length(flat)
      nextStart = start + length + extents.spacing
      let item = flat - firstItem
      flat += 1
      // Meets along the main axis (the cross axis was checked once by the query).
      if low < start + length {
        return LayoutAttributes(
          forCellAt: ItemPath(section: section, item: item),
          frame: Rect(
            axis: axis, main: start, mainLength: length, cross: cross.start,
            crossLength: cross.length))
      }
    }
    return nil
  }
}
