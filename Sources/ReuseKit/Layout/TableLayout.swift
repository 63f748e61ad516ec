/// A table: rows and columns, both virtualized. Each row is a section and each column an item
/// of it (the cell at row `r`, column `c` is `ItemPath(section: r, item: c)`); column headers are
/// supplementary views of kind ``SupplementaryKind/columnHeader`` at `ItemPath(section: h,
/// item: c)` for header row `h`.
///
/// ```swift
/// let layout = TableLayout(
///   columns: [.init(width: .fixed(12)), .init(width: .fitting(estimate: 20))],
///   rowHeight: .uniform(1))
/// layout.frozenColumnCount = 1      // the first shown column stays while the rest scroll
/// layout.moveColumn(from: 1, to: 0) // display order; the cells keep their item index
/// ```
///
/// - **Columns** keep their item index whatever their place: ``columnOrder`` says where each
///   shows, ``Column/isHidden`` hides one, ``resizeColumn(_:to:)`` sets a width (never below
///   ``Column/minimumWidth``). A ``ColumnWidth/fitting(estimate:maximum:)`` column grows to the
///   widest cell measured so far.
/// - **Rows** are uniform (arithmetic, no memory per row) or estimated (a Fenwick tree:
///   O(log n) per measured row, taking the tallest cell the row has shown).
/// - **Frozen** header rows stay at the top and the first ``frozenColumnCount`` shown columns at
///   the left while the rest scrolls on both axes.
/// - **Queries** cost O(log rows + log columns + k); a steady-state query allocates nothing.
/// - **Focus** moves by rows and by columns in the order they show (``focusNavigation`` is
///   ``FocusNavigation/layout``): arrows, pages, the ends of a row and of the table.
///
/// A row (section) with fewer items than there are columns shows only its first cells.
public final class TableLayout: CollectionViewLayout {
  /// How a column's width is chosen.
  public enum ColumnWidth: Hashable, Sendable {
    /// Always this wide (until resized).
    case fixed(Double)
    /// This wide until cells are measured, then as wide as the widest cell measured so far
    /// (never more than `maximum`).
    case fitting(estimate: Double, maximum: Double = 10_000)
  }

  /// One column: its width, its smallest width, and whether it shows.
  public struct Column: Hashable, Sendable {
    /// How its width is chosen.
    public var width: ColumnWidth
    /// The narrowest it gets, whatever it is resized or measured to (at least 1).
    public var minimumWidth: Double
    /// Whether it is hidden: it keeps its place in ``TableLayout/columnOrder`` but shows no
    /// cells and takes no room.
    public var isHidden: Bool

    /// A column.
    public init(width: ColumnWidth, minimumWidth: Double = 1, isHidden: Bool = false) {
      (self.width, self.minimumWidth, self.isHidden) = (width, minimumWidth, isHidden)
    }
  }

  /// How rows are sized.
  public enum RowHeight: Hashable, Sendable {
    /// Every row is this tall: O(1) arithmetic.
    case uniform(Double)
    /// Rows start this tall and take the height of their tallest measured cell.
    case estimated(Double)
  }

  // MARK: Configuration

  /// The columns, by item index.
  public var columns: [Column] {
    didSet {
      if columns.count != oldValue.count { columnOrder = Array(columns.indices) }
      invalidateColumns()
    }
  }
  /// The columns' item indices in the order they show, hidden ones included. Setting an order
  /// that is not a permutation of the column indices is reported and ignored.
  public var columnOrder: [Int] {
    didSet {
      if Set(columnOrder) != Set(columns.indices) || columnOrder.count != columns.count {
        diagnostics?.report(
          .invalidConfiguration,
          "TableLayout: columnOrder \(columnOrder) is not an order of \(columns.count) columns; "
            + "ignored")
        columnOrder = oldValue
        return
      }
      invalidateColumns()
    }
  }
  /// How rows are sized.
  public var rowHeight: RowHeight {
    didSet {
      if case .estimated = rowHeight { measuresCells = true }
      invalidateLayout()
    }
  }
  /// How many header rows stay at the top (0 for none).
  public var headerRowCount: Int { didSet { invalidateLayout() } }
  /// The height of each header row.
  public var headerRowHeight: Double { didSet { invalidateLayout() } }
  /// How many of the first shown columns stay at the left while the others scroll.
  public var frozenColumnCount: Int = 0 { didSet { invalidateColumns() } }
  /// The gap after each column.
  public var columnSpacing: Double { didSet { invalidateColumns() } }

  /// A table layout of `columns` (shown in that order) and rows of `rowHeight`.
  public init(
    columns: [Column], rowHeight: RowHeight, headerRowCount: Int = 1, headerRowHeight: Double = 1,
    columnSpacing: Double = 0
  ) {
    self.columns = columns
    self.columnOrder = Array(columns.indices)
    self.rowHeight = rowHeight
    self.headerRowCount = headerRowCount
    self.headerRowHeight = headerRowHeight
    self.columnSpacing = columnSpacing
  }

  // MARK: State

  /// Where the last prepare's diagnostics went (for reports from setters).
  var diagnostics: Diagnostics?
  /// What must be computed again.
  @exclusivity(unchecked) var needsFullPrepare = true
  @exclusivity(unchecked) var needsColumnPrepare = true
  /// Items per row, as last prepared (shared with the collection view's counts: no copy).
  @exclusivity(unchecked) var itemCounts: ItemCountList = []
  /// Row positions below the header rows.
  @exclusivity(unchecked) var rows = ExtentIndex()
  /// Which rows have been measured (estimated heights): a bit per row.
  @exclusivity(unchecked) var measuredRows: [UInt64] = []
  /// Each column's current width, by item index (hidden columns keep theirs).
  @exclusivity(unchecked) var widths: [Double] = []
  /// The shown columns' item indices in display order.
  @exclusivity(unchecked) var shownColumns: [Int] = []
  /// `shownStarts[p]` is the x of shown position `p`; one more entry is the content width.
  @exclusivity(unchecked) var shownStarts: [Double] = [0]
  /// Each column's shown position, by item index; -1 for a hidden column.
  @exclusivity(unchecked) var shownPosition: [Int] = []
  /// The frozen columns' width (with their spacing).
  @exclusivity(unchecked) var frozenWidth = 0.0
  /// The sanitised gap after each column.
  @exclusivity(unchecked) var columnGap = 0.0
  /// The sanitised header rows, their height and the frozen shown columns.
  @exclusivity(unchecked) var headerRows = 0
  @exclusivity(unchecked) var headerHeight = 0.0
  @exclusivity(unchecked) var frozenColumns = 0
  /// The height of one header row, sanitised.
  @exclusivity(unchecked) var headerRowLength = 0.0
  /// Whether rows are estimated or a column fits its content (kept with the columns: a pass
  /// asks every frame).
  @exclusivity(unchecked) var measuresCells = false
  /// The size of everything.
  @exclusivity(unchecked) public private(set) var contentSize = Size.zero
  /// Scratch for queries: the columns a query shows, in item order (reused).
  @exclusivity(unchecked) var queryColumns: [(item: Int, position: Int)] = []

  // MARK: CollectionViewLayout

  /// Rows stack vertically; the table also scrolls sideways when wider than the viewport.
  public var scrollDirection: Axis { .vertical }

  /// `true` when something must be computed again.
  public var needsPrepare: Bool { needsFullPrepare || needsColumnPrepare }

  /// Measures cells when rows are estimated or a column fits its content.
  public var wantsSelfSizing: Bool { measuresCells }

  /// By rows and shown columns.
  public var focusNavigation: FocusNavigation { .layout }

  /// Computes the rows (when the data or the row sizing changed) and the columns.
  ///
  /// - Complexity: O(1) for uniform rows, O(n / 256) for estimated ones, plus O(c) for c
  ///   columns.
  public func prepare(_ context: LayoutContext) {
    diagnostics = context.diagnostics
    var sanitizer = LengthSanitizer(subject: "TableLayout")
    if needsFullPrepare || context.itemCounts.count != itemCounts.count {
      itemCounts = context.itemCounts
      headerRows = max(0, headerRowCount)
      headerRowLength = context.diagnostics.sanitizedMetric(headerRowHeight, "headerRowHeight")
      headerHeight = Double(headerRows) * headerRowLength
      switch rowHeight {
      case .uniform(let height):
        rows = .uniform(
          count: itemCounts.count,
          length: context.diagnostics.sanitizedMetric(height, "row height"),
          spacing: 0)
        measuredRows = []
      case .estimated(let height):
        rows = .estimated(
          count: itemCounts.count,
          length: context.diagnostics.sanitizedMetric(height, "row height"),
          spacing: 0)
        measuredRows = Array(repeating: 0, count: (itemCounts.count + 63) / 64)
      }
      needsFullPrepare = false
    } else {
      itemCounts = context.itemCounts
    }
    if needsColumnPrepare { prepareColumns(&sanitizer, context.diagnostics) }
    sanitizer.report(to: context.diagnostics)
    updateContentSize()
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }

  /// Widths from the columns' sizing (kept where cells measured or a user resized), the shown
  /// order and its positions.
  ///
  /// - Complexity: O(c).
  private func prepareColumns(_ sanitizer: inout LengthSanitizer, _ diagnostics: Diagnostics) {
    var newWidths = [Double](repeating: 0, count: columns.count)
    for (index, column) in columns.enumerated() {
      let minimum = max(1, diagnostics.sanitizedMetric(column.minimumWidth, "minimumWidth"))
      let natural: Double
      switch column.width {
      case .fixed(let width):
        natural = sanitizer.sanitize(width, at: ItemPath(section: 0, item: index))
      case .fitting(let estimate, let maximum):
        // Widths measured so far are kept.
        let measured = index < widths.count ? widths[index] : 0
        natural = min(
          max(sanitizer.sanitize(estimate, at: ItemPath(section: 0, item: index)), measured),
          max(minimum, maximum))
      }
      newWidths[index] = max(minimum, natural)
    }
    widths = newWidths
    columnGap = diagnostics.sanitizedMetric(columnSpacing, "columnSpacing")
    shownColumns.removeAll(keepingCapacity: true)
    shownPosition = Array(repeating: -1, count: columns.count)
    for item in columnOrder where !columns[item].isHidden {
      shownPosition[item] = shownColumns.count
      shownColumns.append(item)
    }
    frozenColumns = min(max(0, frozenColumnCount), shownColumns.count)
    rebuildShownStarts()
    var fits = false
    if case .estimated = rowHeight { fits = true }
    for column in columns {
      if case .fitting = column.width { fits = true }
    }
    measuresCells = fits
    needsColumnPrepare = false
  }

  /// The shown columns' positions from their widths.
  ///
  /// - Complexity: O(c).
  private func rebuildShownStarts() {
    shownStarts.removeAll(keepingCapacity: true)
    shownStarts.append(0)
    for item in shownColumns {
      shownStarts.append(shownStarts[shownStarts.count - 1] + widths[item] + columnGap)
    }
    frozenWidth = shownStarts[frozenColumns]
  }

  private func updateContentSize() {
    contentSize = Size(
      width: shownStarts[shownStarts.count - 1],
      height: headerHeight + rows.extent(of: 0..<rows.count))
  }

  /// Marks everything invalid: rows and columns are computed again (measured widths stay).
  public func invalidateLayout() {
    needsFullPrepare = true
    needsColumnPrepare = true
  }

  private func invalidateColumns() { needsColumnPrepare = true }

  /// Rows moved, inserted or deleted: with estimated rows, measured heights follow their rows
  /// (rows appended at the end take the estimate in O(k log n)); uniform rows are arithmetic.
  ///
  /// - Complexity: O(k log n) for k appended rows; O(n) for other changes of estimated rows.
  public func prepare(forCollectionViewUpdates mapping: ChangesetMapping) {
    guard case .estimated(let estimate) = rowHeight, !needsFullPrepare,
      mapping.oldItemCounts.count == rows.count
    else { return invalidateLayout() }
    let newCount = mapping.newItemCounts.count
    let length = max(0, min(estimate, maximumElementLength))
    var measured = [UInt64](repeating: 0, count: (newCount + 63) / 64)
    if mapping.isAppendOnly && newCount >= rows.count {
      rows.append(contentsOf: [Double](repeating: length, count: newCount - rows.count))
      for word in measuredRows.indices { measured[word] = measuredRows[word] }
    } else {
      var lengths = [Double](repeating: length, count: newCount)
      for row in 0..<newCount {
        guard let old = mapping.oldSection(forNew: row), isMeasured(old) else { continue }
        lengths[row] = rows.length(old)
        measured[row / 64] |= UInt64(1) << UInt64(row % 64)
      }
      rows = ExtentIndex(lengths: lengths, spacing: 0, mode: .fenwick, typicalLength: length)
    }
    measuredRows = measured
    itemCounts = ItemCountList(mapping.newItemCounts)
    updateContentSize()
  }

  /// Whether estimated row `row` has been measured.
  func isMeasured(_ row: Int) -> Bool {
    row / 64 < measuredRows.count && measuredRows[row / 64] & (UInt64(1) << UInt64(row % 64)) != 0
  }

  // MARK: Columns

  /// Each column's width now (fitting columns as wide as the widest cell measured), by item.
  public var columnWidths: [Double] { widths }

  /// Fitting columns take these widths as measured (a table's columns shown again, as they
  /// were); an empty list forgets what was measured (new content of other widths). Widths for
  /// columns that are not there are ignored.
  public func setMeasuredWidths(_ measured: [Double]) {
    widths = measured.map { $0.isFinite ? max(0, $0) : 0 }
    invalidateColumns()
    invalidateLayout()
  }

  /// Sets column `item`'s width (never below its minimum): a user's resize. A fitting column
  /// becomes fixed at that width.
  public func resizeColumn(_ item: Int, to width: Double) {
    guard columns.indices.contains(item), width.isFinite else {
      diagnostics?.report(
        .invalidMetric, "TableLayout: resizeColumn(\(item), to: \(width)) is out of range; ignored")
      return
    }
    columns[item].width = .fixed(max(columns[item].minimumWidth, width))
  }

  /// Moves the column shown at `position` to shown position `newPosition` (both among the
  /// shown columns); hidden columns keep their places in ``columnOrder`` relative to the others.
  public func moveColumn(from position: Int, to newPosition: Int) {
    if needsColumnPrepare {
      var sanitizer = LengthSanitizer(subject: "TableLayout")
      let diagnostics = self.diagnostics ?? Diagnostics()
      prepareColumns(&sanitizer, diagnostics)
      sanitizer.report(to: diagnostics)
    }
    guard shownColumns.indices.contains(position), shownColumns.indices.contains(newPosition)
    else { return }
    var shown = shownColumns
    shown.insert(shown.remove(at: position), at: newPosition)
    var next = shown.makeIterator()
    columnOrder = columnOrder.map { columns[$0].isHidden ? $0 : next.next()! }
  }

  /// The width column `item` has now (after measuring and resizing).
  public func width(ofColumn item: Int) -> Double {
    widths.indices.contains(item) ? widths[item] : 0
  }

  /// The item index of the column shown at `position`, or `nil`.
  public func column(atShownPosition position: Int) -> Int? {
    shownColumns.indices.contains(position) ? shownColumns[position] : nil
  }

  /// Where column `item` shows among the shown columns, or `nil` when it is hidden.
  public func shownPosition(ofColumn item: Int) -> Int? {
    shownPosition.indices.contains(item) && shownPosition[item] >= 0 ? shownPosition[item] : nil
  }

  /// The number of columns shown.
  public var shownColumnCount: Int { shownColumns.count }

  // MARK: Measuring

  /// A cell measured itself: its row takes the tallest cell measured so far (estimated rows),
  /// and a fitting column the widest. Returns `true` when a row's height changed.
  ///
  /// - Complexity: O(log n) for a row; O(c) when a column widens.
  public func setMeasuredSize(_ size: Size, forItemAt indexPath: ItemPath) -> Bool {
    guard indexPath.section >= 0, indexPath.section < rows.count, size.isFinite,
      columns.indices.contains(indexPath.item)
    else { return false }
    var changed = false
    if case .fitting(_, let maximum) = columns[indexPath.item].width,
      size.width > widths[indexPath.item]
    {
      widths[indexPath.item] = min(max(size.width, columns[indexPath.item].minimumWidth), maximum)
      rebuildShownStarts()
      changed = true
    }
    if case .estimated = rowHeight {
      let row = indexPath.section
      let height = max(0, min(size.height, maximumElementLength))
      let bit = UInt64(1) << UInt64(row % 64)
      let current = rows.length(row)
      let wasMeasured = measuredRows[row / 64] & bit != 0
      let next = wasMeasured ? max(current, height) : height
      measuredRows[row / 64] |= bit
      if next != current {
        rows.setLength(next, at: row)
        changed = true
      }
    }
    if changed { updateContentSize() }
    return changed
  }
}
