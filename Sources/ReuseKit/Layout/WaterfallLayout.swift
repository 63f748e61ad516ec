/// Columns of items with their own heights (seed 003's waterfall, a photo feed): each item goes
/// to the shortest column, or round-robin from the left or the right.
///
/// ```swift
/// let layout = WaterfallLayout(columns: .adaptive(minimumWidth: 160), itemHeight: .perItem {
///   path, width in width / photos[path.item].aspectRatio
/// })
/// ```
///
/// Each section is: header, top inset, its columns side by side, bottom inset, footer (headers
/// and footers span the full width). Every column keeps its items' heights in an offset index,
/// so a rect query costs O(log n) per column plus the items found, and answers in item order.
///
/// ### Placement and the lane policy
/// An item's column is decided once, when it is placed, and measuring never moves it: when
/// an estimated height is corrected, the items below it in the same column shift, and the
/// other columns don't move. Only a relayout places items again, with the heights known by
/// then: a width change, a reload, an update that is not an append, or a new configuration.
/// Appending items at the end of the last section ("load more") places only the new ones.
///
/// Heights that are NaN, infinite or negative are clamped to 0 (and huge ones to
/// ``maximumElementLength``), with one diagnostic per pass.
public final class WaterfallLayout: CollectionViewLayout {
  /// Which column the next item goes to.
  public enum PlacementOrder: Sendable {
    /// The shortest column (the leftmost of equals): the default, and what a feed wants.
    case shortestFirst
    /// Columns in turn, from the left.
    case leftToRight
    /// Columns in turn, from the right.
    case rightToLeft
  }

  /// How tall items are.
  public enum ItemHeight {
    /// All the same.
    case fixed(Double)
    /// From the item and its column width (a photo's height from its aspect ratio).
    case perItem((ItemPath, Double) -> Double)
    /// An estimate, corrected as cells measure themselves.
    case estimated(Double)
  }

  // MARK: Configuration

  /// How many columns each section has.
  public var columns: ColumnCount { didSet { invalidateLayout() } }
  /// The gap between columns.
  public var columnSpacing: Double { didSet { invalidateLayout() } }
  /// The gap between items in a column.
  public var itemSpacing: Double { didSet { invalidateLayout() } }
  /// Space around each section's columns, inside its header and footer.
  public var sectionInset: EdgeInsets { didSet { invalidateLayout() } }
  /// Section header heights.
  public var headerLength: ListLayout.SectionMetric { didSet { invalidateLayout() } }
  /// Section footer heights.
  public var footerLength: ListLayout.SectionMetric { didSet { invalidateLayout() } }
  /// Which column the next item goes to.
  public var placement: PlacementOrder { didSet { invalidateLayout() } }
  /// How tall items are.
  public var itemHeight: ItemHeight { didSet { invalidateLayout() } }

  /// Waterfalls scroll vertically.
  public var scrollDirection: Axis { .vertical }

  // MARK: State

  /// One column of a section: its items in order, and their heights and offsets.
  struct Column {
    var items: [Int32] = []
    var extents = ExtentIndex()
  }

  /// One laid-out section.
  struct Section {
    var geometry: ColumnGeometry
    var columns: [Column]
    /// Per item: its column, and its row in that column.
    var itemColumn: [Int32] = []
    var itemRow: [Int32] = []
    var header = 0.0
    var footer = 0.0

    var itemCount: Int { itemColumn.count }

    /// The height of the tallest column.
    var columnsHeight: Double {
      columns.reduce(0) { Swift.max($0, $1.extents.totalExtent) }
    }
  }

  /// What the next prepare must recompute: nothing, the sections from one onward, or all.
  enum Invalidation: Equatable {
    case none
    case from(Int)
  }

  // Read on every query: no runtime exclusivity tracking (single-threaded, like UIKit).
  @exclusivity(unchecked) var invalidation = Invalidation.from(0)
  @exclusivity(unchecked) var sections: [Section] = []
  /// Section lengths (header + insets + columns + footer) and their offsets.
  @exclusivity(unchecked) var sectionExtents = ExtentIndex()
  @exclusivity(unchecked) var itemCounts: [Int] = []
  @exclusivity(unchecked) var viewportWidth = 0.0
  var diagnostics = Diagnostics(handler: nil)
  @exclusivity(unchecked) var inset = EdgeInsets.zero
  @exclusivity(unchecked) var spacing = (column: 0.0, item: 0.0)
  /// Heights carried across a batch update (estimated mode), flat, `nan` for new items.
  var carriedHeights: [Double]?
  /// Scratch space for the query's merge of columns (no allocation once grown).
  @exclusivity(unchecked) private var cursors: [(row: Int, end: Int)] = []
  /// The size of all sections.
  public private(set) var contentSize = Size.zero

  // MARK: Lifecycle

  /// Creates a waterfall layout.
  public init(
    columns: ColumnCount = .fixed(2), itemHeight: ItemHeight = .fixed(100),
    columnSpacing: Double = 0, itemSpacing: Double = 0, sectionInset: EdgeInsets = .zero,
    headerLength: ListLayout.SectionMetric = .none, footerLength: ListLayout.SectionMetric = .none,
    placement: PlacementOrder = .shortestFirst
  ) {
    self.columns = columns
    self.itemHeight = itemHeight
    self.columnSpacing = columnSpacing
    self.itemSpacing = itemSpacing
    self.sectionInset = sectionInset
    self.headerLength = headerLength
    self.footerLength = footerLength
    self.placement = placement
  }

  // MARK: Invalidation

  /// `true` when something must be laid out again.
  public var needsPrepare: Bool { invalidation != .none }

  /// Everything is laid out again at the next prepare.
  public func invalidateLayout() { invalidation = .from(0) }

  /// The sections from `indexPath.section` onward are laid out again.
  public func invalidateLayout(from indexPath: ItemPath) {
    let section = Swift.max(0, indexPath.section)
    switch invalidation {
    case .none: invalidation = .from(section)
    case .from(let existing): invalidation = .from(Swift.min(existing, section))
    }
  }

  /// Carries measured heights (estimated mode) to the items' new places, then lays out again.
  ///
  /// An update that only appends (``ChangesetMapping/isAppendOnly``: "load more") keeps the
  /// layout: the next prepare places only the new items, asks the height provider only for
  /// them, and moves no item already placed, measured or not.
  ///
  /// - Complexity: O(S) for an append; O(n) otherwise.
  public func prepare(forCollectionViewUpdates mapping: ChangesetMapping) {
    if invalidation == .none, mapping.oldItemCounts == itemCounts, mapping.isAppendOnly {
      return
    }
    if case .estimated = itemHeight, invalidation == .none, mapping.oldItemCounts == itemCounts {
      var oldHeights: [Double] = []
      oldHeights.reserveCapacity(itemCounts.reduce(0, +))
      for section in sections {
        for item in 0..<section.itemCount {
          let column = Int(section.itemColumn[item])
          oldHeights.append(section.columns[column].extents.length(Int(section.itemRow[item])))
        }
      }
      carriedHeights = mapping.oldFlatIndices().map { $0 >= 0 ? oldHeights[$0] : .nan }
    }
    invalidateLayout()
  }

  /// `true` with estimated heights.
  public var wantsSelfSizing: Bool {
    if case .estimated = itemHeight { return true }
    return false
  }

  // MARK: Prepare

  /// Places the items.
  ///
  /// - Complexity: O(n · c) for a full layout with c columns (shortest-first), O(n) in the
  ///   other orders; O(k · c) when only k items were appended at the end; O(S) when nothing
  ///   changed but the height of the viewport.
  public func prepare(_ context: LayoutContext) {
    diagnostics = context.diagnostics
    let width = context.viewportSize.width.sanitizedLength
    var first: Int
    switch invalidation {
    case .none: first = Int.max
    case .from(let section): first = section
    }
    if width != viewportWidth {
      viewportWidth = width
      first = 0
    }
    let counts = context.itemCounts
    var appendFrom: (section: Int, item: Int)?
    if counts != itemCounts {
      let common = Swift.min(counts.count, itemCounts.count)
      let changed = (0..<common).first { counts[$0] != itemCounts[$0] } ?? common
      // Growth of the last section only, and new sections after it: an append.
      if first == Int.max, changed == itemCounts.count - 1 || changed == itemCounts.count,
        changed < itemCounts.count ? counts[changed] > itemCounts[changed] : true,
        counts.count >= itemCounts.count, !sections.isEmpty || itemCounts.isEmpty
      {
        appendFrom = changed < itemCounts.count ? (changed, itemCounts[changed]) : nil
        first = changed < itemCounts.count ? changed + 1 : changed
      } else {
        first = Swift.min(first, changed)
      }
      itemCounts = counts
    }
    if first != Int.max || appendFrom != nil {
      inset = diagnostics.sanitizedInsets(sectionInset, "WaterfallLayout.sectionInset")
      spacing = (
        diagnostics.sanitizedMetric(columnSpacing, "WaterfallLayout.columnSpacing"),
        diagnostics.sanitizedMetric(itemSpacing, "WaterfallLayout.itemSpacing")
      )
      var sanitizer = LengthSanitizer(subject: "item height")
      if let appendFrom {
        appendItems(section: appendFrom.section, from: appendFrom.item, sanitizer: &sanitizer)
      }
      let start = Swift.min(first, itemCounts.count)
      sections.removeSubrange(Swift.min(start, sections.count)...)
      var flat = itemCounts[..<start].reduce(0, +)
      for section in start..<itemCounts.count {
        sections.append(layOutSection(section, flatStart: flat, sanitizer: &sanitizer))
        flat += itemCounts[section]
      }
      sanitizer.report(to: diagnostics)
      let firstLength = Swift.min(appendFrom?.section ?? start, start)
      updateSectionExtents(from: firstLength)
    }
    carriedHeights = nil
    invalidation = .none
    contentSize = Size(width: viewportWidth, height: sectionExtents.totalExtent)
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }

  /// Lays out one section from scratch.
  private func layOutSection(
    _ index: Int, flatStart: Int, sanitizer: inout LengthSanitizer
  )
    -> Section
  {
    let geometry = ColumnGeometry(
      columns, section: index, width: viewportWidth - inset.left - inset.right, left: inset.left,
      spacing: spacing.column, diagnostics: diagnostics, subject: "WaterfallLayout")
    var section = Section(
      geometry: geometry,
      columns: Array(repeating: Column(), count: geometry.count))
    section.header = sanitizedSectionMetric(headerLength, index, "header height")
    section.footer = sanitizedSectionMetric(footerLength, index, "footer height")
    var heights = [[Double]](repeating: [], count: geometry.count)
    place(
      itemCount: itemCounts[index], from: 0, section: index, flatStart: flatStart,
      into: &section, heights: &heights, sanitizer: &sanitizer)
    let mode: ExtentIndex.Mode = wantsSelfSizing ? .fenwick : .prefix
    for column in 0..<geometry.count {
      section.columns[column].extents = ExtentIndex(
        lengths: heights[column], spacing: spacing.item, mode: mode)
    }
    return section
  }

  /// Places only the items appended to `index`, after `from`, in place: the section's arrays
  /// grow (amortised O(1) per item), never copied.
  ///
  /// - Complexity: O(k · c) for k items and c columns, plus O(S) for the section offsets.
  private func appendItems(section index: Int, from: Int, sanitizer: inout LengthSanitizer) {
    var heights = [[Double]](repeating: [], count: sections[index].geometry.count)
    let flatStart = itemCounts[..<index].reduce(0, +)
    place(
      itemCount: itemCounts[index], from: from, section: index, flatStart: flatStart,
      into: &sections[index], heights: &heights, sanitizer: &sanitizer)
    for column in 0..<heights.count where !heights[column].isEmpty {
      sections[index].columns[column].extents.append(contentsOf: heights[column])
    }
  }

  /// Assigns items `from ..< itemCount` of a section to columns, collecting their heights
  /// per column.
  private func place(
    itemCount: Int, from: Int, section index: Int, flatStart: Int, into section: inout Section,
    heights: inout [[Double]], sanitizer: inout LengthSanitizer
  ) {
    let count = section.geometry.count
    let width = section.geometry.width
    // The next top of each column, relative to the section's columns.
    var tops = section.columns.map { column in
      column.extents.count == 0 ? 0 : column.extents.totalExtent + spacing.item
    }
    if from == 0 {
      // A whole section: room for all of it at once. (Appends grow geometrically instead: an
      // exact reservation would copy the arrays on every page.)
      section.itemColumn.reserveCapacity(itemCount)
      section.itemRow.reserveCapacity(itemCount)
    }
    for item in from..<itemCount {
      let path = ItemPath(section: index, item: item)
      var height: Double
      switch itemHeight {
      case .fixed(let value): height = value
      case .perItem(let heightOf): height = heightOf(path, width)
      case .estimated(let estimate):
        height = estimate
        if let carried = carriedHeights, flatStart + item < carried.count,
          !carried[flatStart + item].isNaN
        {
          height = carried[flatStart + item]
        }
      }
      height = sanitizer.sanitize(height, at: path)
      let column: Int
      switch placement {
      case .shortestFirst:
        var best = 0
        for candidate in 1..<Swift.max(1, count) where tops[candidate] < tops[best] {
          best = candidate
        }
        column = best
      case .leftToRight: column = item % count
      case .rightToLeft: column = count - 1 - item % count
      }
      section.itemColumn.append(Int32(truncatingIfNeeded: column))
      section.itemRow.append(
        Int32(truncatingIfNeeded: section.columns[column].items.count))
      section.columns[column].items.append(Int32(truncatingIfNeeded: item))
      heights[column].append(height)
      tops[column] += height + spacing.item
    }
  }

  private func sanitizedSectionMetric(
    _ metric: ListLayout.SectionMetric, _ section: Int, _ subject: String
  ) -> Double {
    var sanitizer = LengthSanitizer(subject: subject)
    let value = sanitizer.sanitize(
      metric.length(for: section), at: ItemPath(section: section, item: 0))
    sanitizer.report(to: diagnostics)
    return value
  }

  /// The length of a laid-out section.
  private func length(of section: Section) -> Double {
    let columns = section.itemCount == 0 ? 0 : section.columnsHeight
    return section.header + inset.top + columns + inset.bottom + section.footer
  }

  private func updateSectionExtents(from first: Int) {
    let lengths = sections[Swift.min(first, sections.count)...].map(length(of:))
    let mode: ExtentIndex.Mode = wantsSelfSizing ? .fenwick : .prefix
    if first == 0 || sectionExtents.mode != mode || sectionExtents.count < first {
      let all =
        (0..<Swift.min(first, sectionExtents.count)).map { sectionExtents.length($0) } + lengths
      sectionExtents = ExtentIndex(lengths: all, spacing: 0, mode: mode)
    } else {
      sectionExtents.replaceLengths(from: first, with: lengths)
    }
  }

  // MARK: Geometry

  /// Where section `section`'s columns start.
  @inline(__always)
  func columnsTop(_ section: Int) -> Double {
    sectionExtents.start(section) + sections[section].header + inset.top
  }

  /// The frame of item `item` of `section`.
  @inline(__always)
  func itemFrame(section: Int, item: Int, top: Double) -> Rect {
    let laidOut = sections[section]
    let column = Int(laidOut.itemColumn[item])
    let row = Int(laidOut.itemRow[item])
    let extents = laidOut.columns[column].extents
    return Rect(
      x: laidOut.geometry.x(of: column), y: top + extents.start(row),
      width: laidOut.geometry.width, height: extents.length(row))
  }

  func supplementaryFrame(_ kind: SupplementaryKind, section: Int) -> Rect? {
    let laidOut = sections[section]
    return sectionExtents.sectionSupplementaryFrame(
      kind, section: section, header: laidOut.header, footer: laidOut.footer, width: viewportWidth)
  }

  // MARK: Queries

  /// Appends the headers, items and footers that meet `query.rect`, items in order.
  ///
  /// - Complexity: O(log S + c log n + k) for c columns and k elements found (times log n in
  ///   estimated mode); no allocation once the buffers have grown.
  public func elements(in query: LayoutQuery, into result: inout LayoutElements) {
    guard invalidation == .none, !sections.isEmpty else { return }
    let rect = query.rect
    let low = rect.minY
    let high = rect.maxY
    var section = sectionExtents.lastIndex(startingAtOrBefore: low, in: 0..<sections.count)
    while section > 0, sectionExtents.start(section) > low { section -= 1 }
    while section < sections.count, sectionExtents.start(section) < high {
      if let frame = supplementaryFrame(.header, section: section), frame.intersects(rect) {
        result.supplementaryViews.append(
          LayoutAttributes(forSupplementaryViewOfKind: .header, section: section, frame: frame))
      }
      appendItems(of: section, meeting: rect, into: &result.items)
      if let frame = supplementaryFrame(.footer, section: section), frame.intersects(rect) {
        result.supplementaryViews.append(
          LayoutAttributes(forSupplementaryViewOfKind: .footer, section: section, frame: frame))
      }
      section += 1
    }
  }

  /// Appends the items of `section` that meet `rect`: per column, the run of rows found by
  /// binary search; then a merge of the runs by item index.
  private func appendItems(of index: Int, meeting rect: Rect, into result: inout [LayoutAttributes])
  {
    let laidOut = sections[index]
    guard laidOut.itemCount > 0 else { return }
    let top = columnsTop(index)
    let low = rect.minY - top
    let high = rect.maxY - top
    let geometry = laidOut.geometry
    let columnRange = geometry.columns(meeting: rect.minX, rect.maxX)
    guard !columnRange.isEmpty, high > 0 else { return }
    cursors.removeAll(keepingCapacity: true)
    for column in 0..<geometry.count {
      let extents = laidOut.columns[column].extents
      guard columnRange.contains(column), extents.count > 0 else {
        cursors.append((0, 0))
        continue
      }
      var row = extents.lastIndex(startingAtOrBefore: low, in: 0..<extents.count)
      while row > 0, extents.start(row) > low { row -= 1 }  // rounding guard
      if extents.start(row) + extents.length(row) <= low { row += 1 }
      var end = row
      while end < extents.count, extents.start(end) < high { end += 1 }
      // Items of zero height exactly at the edge don't meet the rect.
      cursors.append((row, end))
    }
    // Merge: each column's rows are in ascending item order.
    while true {
      var bestColumn = -1
      var bestItem = Int32.max
      for column in 0..<cursors.count where cursors[column].row < cursors[column].end {
        let item = laidOut.columns[column].items[cursors[column].row]
        if item < bestItem {
          bestItem = item
          bestColumn = column
        }
      }
      guard bestColumn >= 0 else { break }
      let row = cursors[bestColumn].row
      cursors[bestColumn].row += 1
      let extents = laidOut.columns[bestColumn].extents
      let start = extents.start(row)
      let length = extents.length(row)
      guard start < high && start + length > low else { continue }
      result.append(
        LayoutAttributes(
          forCellAt: ItemPath(section: index, item: Int(bestItem)),
          frame: Rect(
            x: geometry.x(of: bestColumn), y: top + start, width: geometry.width, height: length)))
    }
  }

  /// The frame of one item.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    guard invalidation == .none, contains(indexPath) else { return nil }
    return LayoutAttributes(
      forCellAt: indexPath,
      frame: itemFrame(
        section: indexPath.section, item: indexPath.item, top: columnsTop(indexPath.section)))
  }

  /// A header or footer's frame.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? {
    guard invalidation == .none, section >= 0, section < sections.count,
      let frame = supplementaryFrame(kind, section: section)
    else { return nil }
    return LayoutAttributes(forSupplementaryViewOfKind: kind, section: section, frame: frame)
  }

  /// The item under `point`.
  ///
  /// - Complexity: O(log S + log n).
  public func indexPathForItem(at point: Point) -> ItemPath? {
    guard invalidation == .none, !sections.isEmpty, point.isFinite else { return nil }
    let section = sectionExtents.lastIndex(startingAtOrBefore: point.y, in: 0..<sections.count)
    let laidOut = sections[section]
    let hit = laidOut.geometry.columns(meeting: point.x, point.x.nextUp)
    guard let column = hit.first, column < laidOut.columns.count else { return nil }
    let extents = laidOut.columns[column].extents
    guard extents.count > 0 else { return nil }
    let y = point.y - columnsTop(section)
    let row = extents.lastIndex(startingAtOrBefore: y, in: 0..<extents.count)
    guard y >= extents.start(row), y < extents.start(row) + extents.length(row) else { return nil }
    return ItemPath(section: section, item: Int(laidOut.columns[column].items[row]))
  }

  // MARK: Self-sizing

  /// Records an item's measured height (estimated mode). The item keeps its column; the items
  /// below it in that column move, and nothing else does.
  ///
  /// - Complexity: O(log n + c).
  public func setMeasuredSize(_ size: Size, forItemAt indexPath: ItemPath) -> Bool {
    guard case .estimated = itemHeight, invalidation == .none, contains(indexPath) else {
      return false
    }
    var sanitizer = LengthSanitizer(subject: "measured item height")
    let height = sanitizer.sanitize(size.height, at: indexPath)
    sanitizer.report(to: diagnostics)
    let section = indexPath.section
    let column = Int(sections[section].itemColumn[indexPath.item])
    let row = Int(sections[section].itemRow[indexPath.item])
    guard sections[section].columns[column].extents.length(row) != height else { return false }
    sections[section].columns[column].extents.setLength(height, at: row)
    sectionExtents.setLength(length(of: sections[section]), at: section)
    contentSize = Size(width: viewportWidth, height: sectionExtents.totalExtent)
    return true
  }

  /// Whether `indexPath` names a laid-out item.
  func contains(_ indexPath: ItemPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < sections.count && indexPath.item >= 0
      && indexPath.item < sections[indexPath.section].itemCount
  }

  /// The column an item was placed in (for tests and debugging).
  public func column(ofItemAt indexPath: ItemPath) -> Int? {
    guard contains(indexPath) else { return nil }
    return Int(sections[indexPath.section].itemColumn[indexPath.item])
  }

  /// The number of columns of `section`, as laid out.
  public func numberOfColumns(inSection section: Int) -> Int {
    section >= 0 && section < sections.count ? sections[section].geometry.count : 0
  }
}
