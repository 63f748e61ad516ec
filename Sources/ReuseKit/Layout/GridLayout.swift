/// Rows of equal cells: a fixed number of columns, or as many as fit a minimum width, with
/// spacing, insets, and section headers and footers (a photo grid, an icon grid).
///
/// ```swift
/// let layout = GridLayout(columns: .adaptive(minimumWidth: 100), itemHeight: .aspectRatio(1))
/// ```
///
/// Every row of a section has the same height, so a rect query is arithmetic: O(log S) for
/// the sections plus the items found, with no memory per item.
public final class GridLayout: CollectionViewLayout, SectionedLayout, SpanProvidingLayout {
  /// How tall rows are.
  public enum ItemHeight: Sendable {
    /// A fixed height.
    case fixed(Double)
    /// The column width times `ratio` (1 for squares).
    case aspectRatio(Double)
  }

  // MARK: Configuration

  /// How many columns each section has.
  public var columns: ColumnCount { didSet { invalidateLayout() } }
  /// How tall rows are.
  public var itemHeight: ItemHeight { didSet { invalidateLayout() } }
  /// The gap between columns.
  public var columnSpacing: Double { didSet { invalidateLayout() } }
  /// The gap between rows.
  public var rowSpacing: Double { didSet { invalidateLayout() } }
  /// Space around each section's rows, inside its header and footer.
  public var sectionInset: EdgeInsets { didSet { invalidateLayout() } }
  /// Section header heights.
  public var headerLength: ListLayout.SectionMetric { didSet { invalidateLayout() } }
  /// Section footer heights.
  public var footerLength: ListLayout.SectionMetric { didSet { invalidateLayout() } }
  /// How many columns each item covers, and its height (``ItemSpan``): a banner across the
  /// whole width, a tile two columns wide; `nil`, the default, for one column each. An item
  /// goes beside the previous one when its span fits in the row's remaining columns, else it
  /// starts a row; a row is as tall as its tallest item.
  ///
  /// With spans, each section keeps its rows (their first item, top and height): a query
  /// finds rows by binary search, and an update that only appends places only the new items,
  /// asking the provider only for them.
  public var spanProvider: ((ItemPath) -> ItemSpan)? { didSet { invalidateLayout() } }

  /// Grids scroll vertically.
  public var scrollDirection: Axis { .vertical }

  // MARK: State

  struct Section {
    var geometry: ColumnGeometry
    var count: Int
    var rowHeight: Double
    var header: Double
    var footer: Double
    /// The rows of a section whose items span (with a ``spanProvider``).
    var flow: Int = -1

    var rows: Int { geometry.count > 0 ? (count + geometry.count - 1) / geometry.count : 0 }
  }

  // Read on every query: no runtime exclusivity tracking (single-threaded, like UIKit).
  @exclusivity(unchecked) private var isValid = false
  @exclusivity(unchecked) private var sections: [Section] = []
  @exclusivity(unchecked) private var sectionExtents = ExtentIndex()
  @exclusivity(unchecked) private var inset = EdgeInsets.zero
  @exclusivity(unchecked) private var spacing = (column: 0.0, row: 0.0)
  @exclusivity(unchecked) private var viewportWidth = 0.0
  /// The first row of each section, counting rows across sections, and the total.
  private var rowStarts: [Int] = [0]
  /// With a span provider: each section's rows, kept across prepares, and how many of each
  /// section's items are still placed right (an append keeps them all).
  @exclusivity(unchecked) private var flows: [SpanFlow] = []
  private var placedCounts: [Int] = []
  /// The size of all sections.
  public private(set) var contentSize = Size.zero

  /// Creates a grid layout.
  public init(
    columns: ColumnCount = .fixed(3), itemHeight: ItemHeight = .aspectRatio(1),
    columnSpacing: Double = 0, rowSpacing: Double = 0, sectionInset: EdgeInsets = .zero,
    headerLength: ListLayout.SectionMetric = .none, footerLength: ListLayout.SectionMetric = .none
  ) {
    self.columns = columns
    self.itemHeight = itemHeight
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.sectionInset = sectionInset
    self.headerLength = headerLength
    self.footerLength = footerLength
  }

  /// `true` when something must be laid out again.
  public var needsPrepare: Bool { !isValid }

  /// Everything is laid out again at the next prepare.
  public func invalidateLayout() {
    isValid = false
    placedCounts.removeAll()
  }

  /// The section of `indexPath` is placed again from the item on (with spans); the rest
  /// keeps its rows.
  public func invalidateLayout(from indexPath: ItemPath) {
    isValid = false
    let section = indexPath.section
    if section >= 0, section < placedCounts.count {
      placedCounts[section] = min(placedCounts[section], max(0, indexPath.item))
    }
  }

  /// An update that only appends keeps every placed item (with spans, the next prepare places
  /// only the new ones); any other places everything again.
  public func prepare(forCollectionViewUpdates mapping: ChangesetMapping) {
    let kept =
      spanProvider != nil && mapping.isAppendOnly && placedCounts == flows.map(\.count)
      && mapping.oldItemCounts.count == placedCounts.count
    isValid = false
    if !kept { placedCounts.removeAll() }
  }

  /// Computes every section's geometry.
  ///
  /// - Complexity: O(S).
  public func prepare(_ context: LayoutContext) {
    let diagnostics = context.diagnostics
    viewportWidth = context.viewportSize.width.sanitizedLength
    inset = diagnostics.sanitizedInsets(sectionInset, "GridLayout.sectionInset")
    spacing = (
      diagnostics.sanitizedMetric(columnSpacing, "GridLayout.columnSpacing"),
      diagnostics.sanitizedMetric(rowSpacing, "GridLayout.rowSpacing")
    )
    var sanitizer = LengthSanitizer(subject: "grid row height")
    var sectionSanitizer = LengthSanitizer(subject: "grid header or footer height")
    sections = context.itemCounts.enumerated().map { index, count in
      let geometry = ColumnGeometry(
        columns, section: index, width: viewportWidth - inset.left - inset.right,
        left: inset.left, spacing: spacing.column, diagnostics: diagnostics,
        subject: "GridLayout")
      let path = ItemPath(section: index, item: 0)
      let height: Double
      switch itemHeight {
      case .fixed(let value): height = value
      case .aspectRatio(let ratio): height = geometry.width * ratio
      }
      return Section(
        geometry: geometry, count: count, rowHeight: sanitizer.sanitize(height, at: path),
        header: sectionSanitizer.sanitize(headerLength.length(for: index), at: path),
        footer: sectionSanitizer.sanitize(footerLength.length(for: index), at: path))
    }
    if spanProvider != nil {
      placeSpans(sanitizer: &sanitizer)
    } else {
      flows.removeAll()
      placedCounts.removeAll()
    }
    sanitizer.report(to: diagnostics)
    sectionSanitizer.report(to: diagnostics)
    sectionExtents = ExtentIndex(lengths: sections.map(length(of:)), spacing: 0, mode: .prefix)
    rowStarts = [0]
    rowStarts.reserveCapacity(sections.count + 1)
    for section in sections {
      let rows = section.flow >= 0 ? flows[section.flow].rowCount : section.rows
      rowStarts.append(rowStarts[rowStarts.count - 1] + rows)
    }
    contentSize = Size(width: viewportWidth, height: sectionExtents.totalExtent)
    isValid = true
  }

  /// Places the items of sections that span: what is still placed right stays, the rest is
  /// placed after it.
  ///
  /// - Complexity: O(items placed), plus O(S).
  private func placeSpans(sanitizer: inout LengthSanitizer) {
    guard let spanProvider else { return }
    if placedCounts.count != sections.count {
      let keep = min(placedCounts.count, sections.count)
      placedCounts =
        Array(placedCounts.prefix(keep))
        + repeatElement(0, count: sections.count - keep)
      flows.removeSubrange(min(keep, flows.count)...)
    }
    for index in sections.indices {
      let section = sections[index]
      let columns = section.geometry.count
      if index == flows.count {
        flows.append(SpanFlow(columns: columns, rowSpacing: spacing.row))
        placedCounts[index] = 0
      } else if flows[index].columns != columns || flows[index].rowSpacing != spacing.row
        || flows[index].rowHeightForSingles != section.rowHeight
      {
        flows[index] = SpanFlow(columns: columns, rowSpacing: spacing.row)
        placedCounts[index] = 0
      }
      flows[index].rowHeightForSingles = section.rowHeight
      let kept = min(placedCounts[index], section.count)
      if kept < flows[index].count {
        flows[index].truncate(to: kept) { item in
          let span = spanProvider(ItemPath(section: index, item: item))
          return span.height.map {
            sanitizer.sanitize($0, at: ItemPath(section: index, item: item))
          }
            ?? section.rowHeight
        }
      }
      for item in flows[index].count..<section.count {
        let path = ItemPath(section: index, item: item)
        let span = spanProvider(path)
        flows[index].append(
          span: span.columns,
          height: span.height.map { sanitizer.sanitize($0, at: path) } ?? section.rowHeight)
      }
      placedCounts[index] = section.count
      sections[index].flow = index
    }
  }

  private func length(of section: Section) -> Double {
    if section.flow >= 0 {
      let body = flows[section.flow].height
      return section.header + inset.top + body + inset.bottom + section.footer
    }
    let rows = Double(section.rows)
    let body = rows > 0 ? rows * section.rowHeight + (rows - 1) * spacing.row : 0
    return section.header + inset.top + body + inset.bottom + section.footer
  }

  /// Where section `index`'s rows start.
  private func rowsTop(_ index: Int) -> Double {
    sectionExtents.start(index) + sections[index].header + inset.top
  }

  private func frame(of item: Int, in index: Int) -> Rect {
    let section = sections[index]
    if section.flow >= 0 {
      let flow = flows[section.flow]
      let row = flow.row(of: item)
      let (first, span) = flow.columns(of: item)
      return Rect(
        x: section.geometry.x(of: first), y: rowsTop(index) + flow.rowTops[row],
        width: Double(span) * section.geometry.width + Double(span - 1) * spacing.column,
        height: flow.rowHeights[row])
    }
    let row = item / section.geometry.count
    let column = item % section.geometry.count
    return Rect(
      x: section.geometry.x(of: column),
      y: rowsTop(index) + Double(row) * (section.rowHeight + spacing.row),
      width: section.geometry.width, height: section.rowHeight)
  }

  func supplementaryFrame(_ kind: SupplementaryKind, section index: Int) -> Rect? {
    let section = sections[index]
    return sectionExtents.sectionSupplementaryFrame(
      kind, section: index, header: section.header, footer: section.footer, width: viewportWidth)
  }

  /// Appends the headers, items (row by row, so in order) and footers that meet the rect.
  ///
  /// - Complexity: O(log S + k).
  public func elements(in query: LayoutQuery, into result: inout LayoutElements) {
    guard isValid else { return }
    let rect = query.rect
    walkSections(meeting: rect, extents: sectionExtents, into: &result) { section, items in
      appendItems(of: section, meeting: rect, into: &items)
    }
  }

  private func appendItems(of index: Int, meeting rect: Rect, into result: inout [LayoutAttributes])
  {
    let section = sections[index]
    if section.flow >= 0 {
      flows[section.flow].appendItems(
        of: index, meeting: rect, top: rowsTop(index), into: &result
      ) { frame(of: $0, in: index) }
      return
    }
    guard section.count > 0, section.rowHeight > 0 || rect.height > 0 else { return }
    let stride = section.rowHeight + spacing.row
    let top = rowsTop(index)
    let columns = section.geometry.columns(meeting: rect.minX, rect.maxX)
    guard !columns.isEmpty else { return }
    let firstRow: Int
    let endRow: Int
    if stride > 0 {
      firstRow = Int(
        Swift.max(
          0,
          Swift.min(
            Double(section.rows),
            ((rect.minY - top - section.rowHeight) / stride).rounded(.down) + 1)))
      endRow = Int(
        Swift.max(0, Swift.min(Double(section.rows), ((rect.maxY - top) / stride).rounded(.up))))
    } else {
      firstRow = 0
      endRow = 0
    }
    guard firstRow < endRow else { return }
    for row in firstRow..<endRow {
      for column in columns {
        let item = row * section.geometry.count + column
        guard item < section.count else { break }
        let frame = frame(of: item, in: index)
        guard frame.intersects(rect) else { continue }
        result.append(
          LayoutAttributes(forCellAt: ItemPath(section: index, item: item), frame: frame))
      }
    }
  }

  /// The frame of one item.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    guard isValid, indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
      indexPath.item < sections[indexPath.section].count
    else { return nil }
    return LayoutAttributes(
      forCellAt: indexPath, frame: frame(of: indexPath.item, in: indexPath.section))
  }

  /// A header or footer's frame.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? {
    supplementaryAttributes(ofKind: kind, inSection: section)
  }

  /// The item under `point`.
  public func indexPathForItem(at point: Point) -> ItemPath? {
    guard isValid else { return nil }
    return hitTest(point, extents: sectionExtents, scratch: &hitTestScratch) {
      appendItems(of: $0, meeting: $1, into: &$2)
    }
  }

  /// The hit test's buffer, kept between calls.
  private var hitTestScratch: [LayoutAttributes] = []

  /// The number of columns of `section`, as laid out.
  public func numberOfColumns(inSection section: Int) -> Int {
    section >= 0 && section < sections.count ? sections[section].geometry.count : 0
  }
}

extension GridLayout {
  var laidOutSectionCount: Int { sections.count }
}

extension GridLayout: AccessibilityGridLayout {
  /// The item's row (counting across sections) and column, and the grid's counts.
  ///
  /// - Complexity: O(1).
  public func gridPosition(ofItemAt indexPath: ItemPath) -> GridPosition? {
    guard isValid, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    let columns = section.geometry.count
    guard indexPath.item >= 0, indexPath.item < section.count, columns > 0 else { return nil }
    if section.flow >= 0 {
      let flow = flows[section.flow]
      return GridPosition(
        row: rowStarts[indexPath.section] + flow.row(of: indexPath.item) + 1,
        column: flow.columns(of: indexPath.item).first + 1,
        rowCount: rowStarts[rowStarts.count - 1], columnCount: columns)
    }
    return GridPosition(
      row: rowStarts[indexPath.section] + indexPath.item / columns + 1,
      column: indexPath.item % columns + 1, rowCount: rowStarts[rowStarts.count - 1],
      columnCount: columns)
  }
}

extension GridLayout {
  /// By frames: each arrow goes to the nearest item in its direction.
  public var focusNavigation: FocusNavigation { .spatial }
}
