import ReuseKit

/// A data grid: rows and columns both virtualized, over a `CollectionView` with a
/// `TableLayout` (each row a section, each column an item).
///
/// ```swift
/// let table = TableView(
///   columns: [TableColumn(title: "Name", width: .fitting(estimate: 12)),
///             TableColumn(title: "Amount", width: .fixed(10))],
///   viewportSize: Size(width: 80, height: 24))
/// table.register(TextCell.self, forCellWithReuseIdentifier: "text")
/// table.registerHeader(HeaderCell.self, withReuseIdentifier: "header")
/// table.dataSource = myRows           // answers by row index, may not have the row yet
/// table.layout.frozenColumnCount = 1  // the first column stays while the rest scrolls
/// table.sort(by: TableSortDescriptor(column: 1, ascending: false))
/// ```
///
/// - **Rows** come from the data source by its own order; a sort shows them reordered, applied
///   as a diff of the row order (moves, one batch), so the focused row stays focused and in
///   view and the selection stays with its rows. A row not loaded yet shows a placeholder;
///   ``reloadRows(_:)`` fills it in.
/// - **Columns** resize (``resizeColumn(_:by:)``, or dragging a header's right edge), move
///   (``moveColumn(from:to:)``, or dragging a header), hide and show; a click on a header sorts
///   by it (ascending, descending, off); a large table sorts without holding the loop
///   (``beginSort(by:)``: progress, cancel, the top of the new order when done).
/// - **Focus** is a cell: arrows, pages, Home and End (the row's ends), Control-Home and
///   Control-End (the table's); it follows its row and column through sorts and updates.
/// - **Selection** by ``selectionMode``: cells, rows or columns, by identity (source rows and
///   columns); Space or a click selects, Shift extends a range from the anchor, Control toggles.
public final class TableView {
  /// The collection view that shows the table.
  public let collectionView: CollectionView
  /// The table's geometry: column widths and order, frozen columns, row heights.
  public let layout: TableLayout
  // Read for every cell entering: `@exclusivity(unchecked)` (single-threaded, never accessed
  // overlapping) saves a runtime access check, about 76 instructions, each time.
  /// Supplies rows, cells and sort keys. Held weakly; setting it reloads.
  @exclusivity(unchecked) public weak var dataSource: (any TableViewDataSource)? {
    didSet {
      plumbing?.dataSourceDidChange(to: dataSource)
      reloadData()
    }
  }
  /// Hears focus, selection, sort and column changes. Held weakly.
  @exclusivity(unchecked) public weak var delegate: (any TableViewDelegate)?
  /// The columns, by item index (their shown order is `TableLayout.columnOrder`).
  public var columns: [TableColumn] {
    didSet {
      layout.columns = columns.map(\.geometry)
      // A cell's "column 2 of 6" and the table's shape change with the columns shown.
      collectionView.accessibilityPlacesDidChange()
      if columns.count != oldValue.count { reloadData() }
    }
  }
  /// What a click, Space or a Shift range selects. Changing it clears the selection.
  public var selectionMode = TableSelectionMode.cells {
    didSet { if selectionMode != oldValue { deselectAll() } }
  }
  /// How many points from a header's right edge a press resizes the column instead of
  /// clicking or moving it.
  public var resizeHandleWidth = 1.0
  /// Whether the delegate hears of rows about to show (``TableViewDelegate/tableView(_:prefetchRows:)``),
  /// a screen ahead of the scrolling: on for data that loads rows on demand. Off by default
  /// (it costs a query of the area ahead each frame).
  public var prefetchesRows = false {
    didSet { collectionView.prefetchDataSource = prefetchesRows ? plumbing : nil }
  }
  /// The sort applied, or `nil` for the data's own order.
  public internal(set) var sortDescriptor: TableSortDescriptor?
  /// Whether the data source ordered the rows (``dataSourceDidSort(by:)``): the table keeps
  /// them in its order and sorts no keys.
  public internal(set) var isSortedByDataSource = false
  /// The number of rows, as last read from the data source.
  public private(set) var numberOfRows = 0

  /// Display row → source row while sorted or filtered (`nil`: every row, in the data's
  /// order): ``rowOrder`` without the rows ``rowFilter`` hides.
  @exclusivity(unchecked) var displayOrder: [Int32]?
  /// Every source row in the sort's order, while sorted (`nil`: the data's order).
  var rowOrder: [Int32]? {
    didSet { sortRanksCache = nil }
  }
  /// Source row → its place in ``rowOrder``, made when a filter first adds rows to a sorted
  /// table (``sortRanks``).
  var sortRanksCache: [Int32]?
  /// The source rows shown (``filterRows(_:announces:)``), or `nil` for every row.
  public internal(set) var rowFilter: RowSet?
  /// The focused cell (source row and column) while a filter shows no row at all: the focus
  /// has no cell to sit on, and comes back to it when rows show again.
  public internal(set) var focusHeldByFilter: (row: Int, column: Int)?
  /// The cell a filter moved the focus from (its row hidden) and the cell it moved it to: a
  /// later step of the filter (a progressive one shows its rows as they are found) puts the
  /// focus back once the row shows, unless the focus moved on meanwhile.
  var focusMovedByFilter: (from: (row: Int, column: Int), to: (row: Int, column: Int))?
  /// The sort keys of the rows in ``rowOrder``, while sorted (new rows merge with them).
  var sortKeys: [TableSortKey] = []
  /// Source row → display row, made when first needed after a sort.
  var sourceToDisplayCache: [Int32]?
  /// A sort being prepared without holding the caller's loop (``beginSort(by:)``).
  var backgroundSort: BackgroundSort?
  /// From how many rows a click on a header (``cycleSort(byColumn:)``) sorts without holding
  /// the loop (``beginSort(by:)``); below, it sorts at once. 50,000 by default.
  public var backgroundSortThreshold = 50_000
  /// The path of the cell the data source is configuring now (for dequeuing).
  @exclusivity(unchecked) var configuringPath: ItemPath?
  /// The collection view's data source and delegate.
  var plumbing: TablePlumbing?
  /// Selected source rows (row mode), columns (column mode), and cells: per column, source rows.
  public internal(set) var selectedRows = RowSet()
  /// Selected columns (column mode).
  public internal(set) var selectedColumns: Set<Int> = []
  /// Selected cells (cell mode): per column, its selected source rows.
  public internal(set) var selectedCells: [Int: RowSet] = [:]
  /// Where a Shift range starts, by identity: a source row and a column, so that it follows
  /// its cell through sorts, rows merged in, column moves and hidden columns.
  var anchor: TableAnchor?
  /// A header press being dragged: resizing a column or moving it.
  var headerDrag: HeaderDrag?
  /// Whether the data source went away and was reported.
  var reportedMissingSource = false

  /// A header press's drag.
  enum HeaderDrag {
    case resize(column: Int, startWidth: Double, startX: Double)
    case move(column: Int, startX: Double)
  }

  deinit {
    // The plumbing reads the table without counting references while attached.
    plumbing?.isAttached = false
  }

  /// A table of `columns` with rows of `rowHeight` under one header row of `headerHeight`.
  public init(
    columns: [TableColumn], rowHeight: TableLayout.RowHeight = .uniform(1),
    headerHeight: Double = 1, viewportSize: Size = .zero
  ) {
    self.columns = columns
    layout = TableLayout(
      columns: columns.map(\.geometry), rowHeight: rowHeight, headerRowCount: 1,
      headerRowHeight: headerHeight)
    collectionView = CollectionView(layout: layout, viewportSize: viewportSize)
    collectionView.keyMap = .table
    collectionView.register(
      BlankTableHeader.self, forSupplementaryViewOfKind: .columnHeader,
      withReuseIdentifier: BlankTableHeader.identifier)
    plumbing = TablePlumbing(self)
    collectionView.dataSource = plumbing
    collectionView.delegate = plumbing
    collectionView.addLayoutObserver(plumbing!)
    // Through the plumbing (see ``TablePlumbing/table``): nothing holds the table weakly.
    collectionView.supplementaryPressHandler = { [weak plumbing] press in
      plumbing?.table?.handleHeaderPress(press) ?? false
    }
  }

  // MARK: Registration and dequeuing

  /// Registers a cell class for the table's cells.
  public func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  ) {
    collectionView.register(cellClass, forCellWithReuseIdentifier: identifier)
  }

  /// Registers a view class for the column headers.
  public func registerHeader(_ viewClass: ReusableView.Type, withReuseIdentifier identifier: String)
  {
    collectionView.register(
      viewClass, forSupplementaryViewOfKind: .columnHeader, withReuseIdentifier: identifier)
  }

  /// A cell for the cell being asked for (call it from ``TableViewDataSource``'s
  /// `cellForRow`), from the pool or new.
  public func dequeueReusableCell(withReuseIdentifier identifier: String) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      withReuseIdentifier: identifier, for: configuringPath ?? ItemPath(section: 0, item: 0))
  }

  /// A cell of `type` for the cell being asked for.
  public func dequeueReusableCell<Cell: CollectionViewCell>(
    _ type: Cell.Type, withReuseIdentifier identifier: String
  ) -> Cell {
    collectionView.dequeueReusableCell(
      type, withReuseIdentifier: identifier, for: configuringPath ?? ItemPath(section: 0, item: 0))
  }

  /// A header view for the header being asked for (from `headerForColumn`).
  public func dequeueReusableHeader(withReuseIdentifier identifier: String) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: .columnHeader, withReuseIdentifier: identifier,
      for: configuringPath ?? ItemPath(section: 0, item: 0))
  }

  /// A blank header, for a data source that has none.
  public func dequeueBlankHeader() -> ReusableView {
    dequeueReusableHeader(withReuseIdentifier: BlankTableHeader.identifier)
  }

  // MARK: Rows

  /// The source row shown at display row `row`.
  public func sourceRow(forDisplayRow row: Int) -> Int {
    guard let displayOrder, row >= 0, row < displayOrder.count else { return row }
    return Int(displayOrder[row])
  }

  /// The display row that shows source row `row`, or `nil` out of range or filtered out.
  ///
  /// - Complexity: O(1); O(n) once after a sort or a filter.
  public func displayRow(forSourceRow row: Int) -> Int? {
    guard row >= 0, row < numberOfRows else { return nil }
    guard let displayOrder else { return row }
    if sourceToDisplayCache == nil {
      var inverse = [Int32](repeating: -1, count: numberOfRows)
      for (display, source) in displayOrder.enumerated() where Int(source) < numberOfRows {
        inverse[Int(source)] = Int32(display)
      }
      sourceToDisplayCache = inverse
    }
    let display = Int(sourceToDisplayCache![row])
    return display < 0 ? nil : display
  }

  /// How many rows show: every row, or those the filter keeps.
  public var numberOfDisplayedRows: Int { displayOrder?.count ?? numberOfRows }

  /// ``rowOrder`` without the rows ``rowFilter`` hides (`nil`: every row in the data's order).
  func derivedDisplayOrder() -> [Int32]? {
    guard let rowFilter else { return rowOrder }
    if let rowOrder { return rowOrder.filter { rowFilter.contains(Int($0)) } }
    var order: [Int32] = []
    order.reserveCapacity(rowFilter.count)
    rowFilter.forEachRow { row in if row < numberOfRows { order.append(Int32(row)) } }
    return order
  }

  /// Reads the rows again and shows them (sorted, if a sort is applied: the sort is applied
  /// again to the new rows).
  public func reloadData() {
    let pending = backgroundSort?.descriptor
    cancelSort()
    defer { if let pending { beginSort(by: pending) } }
    numberOfRows = max(0, dataSource?.numberOfRows(in: self) ?? 0)
    if let sortDescriptor, !isSortedByDataSource {
      rowOrder = sortedOrder(by: sortDescriptor)
    } else {
      rowOrder = nil
      sortKeys = []
    }
    // Rows past the new count drop out of the filter (rows added later are new rows).
    if let filter = rowFilter, let last = filter.last, last >= numberOfRows {
      var kept = RowSet()
      for row in filter where row < numberOfRows { kept.insert(row) }
      rowFilter = kept
    }
    displayOrder = derivedDisplayOrder()
    sourceToDisplayCache = nil
    trimSelection()
    collectionView.reloadData()
  }

  /// The data source has more rows (or fewer) at the end: they show without animation, what is
  /// on screen staying (the counts read again; fewer rows reload). While sorted, new rows go
  /// where their keys sort (merged with the sorted rows, whose keys are kept), in one batch.
  ///
  /// - Complexity: in the data's order, O(1) plus the cells shown configured again; while
  ///   sorted, O(n + k log k) for k rows merged into n, plus the batch update.
  public func rowCountDidChange() {
    let count = max(0, dataSource?.numberOfRows(in: self) ?? 0)
    guard count != numberOfRows else { return }
    guard count > numberOfRows else { return reloadData() }
    let old = numberOfRows
    numberOfRows = count
    var sections: [Int]
    if let order = rowOrder, let sortDescriptor, sortKeys.count == order.count {
      let merged = merging(old..<count, into: order, keys: sortKeys, by: sortDescriptor)
      rowOrder = merged.order
      sortKeys = merged.keys
      sections = merged.inserted
    } else {
      if rowOrder != nil { rowOrder! += (old..<count).map { Int32($0) } }
      // No list of the new rows where they need none (below).
      sections = rowOrder != nil ? Array(old..<count) : []
    }
    sourceToDisplayCache = nil
    if rowFilter != nil {
      // New rows are not in the filter: the rows shown stay (their order may have new rows
      // between them, hidden).
      displayOrder = derivedDisplayOrder()
      return
    }
    displayOrder = rowOrder
    // Rows added after rows in their own order: the counts read again, in O(1) with one count
    // for every row, instead of a batch whose checks walk every row. A file still loading adds
    // rows each frame, and the checks of 12,000,000 sections held each of those frames for
    // seconds (a new user's finding).
    if rowOrder == nil {
      collectionView.reloadData()
      return
    }
    collectionView.performBatchUpdates(animated: false) {
      collectionView.insertSections(sections)
    }
  }

  /// `order` (sorted by `descriptor`, with its `keys`) with the source rows `rows` merged in
  /// where their keys sort, and the display rows where they went (ascending).
  ///
  /// - Complexity: O(n + k log k) for k rows merged into n.
  func merging(
    _ rows: Range<Int>, into order: [Int32], keys: [TableSortKey],
    by descriptor: TableSortDescriptor
  ) -> (order: [Int32], keys: [TableSortKey], inserted: [Int]) {
    let new = rows.map { (key: sortKey($0, descriptor.column), source: $0) }
      .sorted {
        Self.precedes($0.key, $0.source, $1.key, $1.source, ascending: descriptor.ascending)
      }
    var merged: [Int32] = []
    var mergedKeys: [TableSortKey] = []
    var inserted: [Int] = []
    merged.reserveCapacity(order.count + new.count)
    mergedKeys.reserveCapacity(order.count + new.count)
    var next = 0
    for (index, source) in order.enumerated() {
      while next < new.count
        && Self.precedes(
          new[next].key, new[next].source, keys[index], Int(source),
          ascending: descriptor.ascending)
      {
        inserted.append(merged.count)
        merged.append(Int32(new[next].source))
        mergedKeys.append(new[next].key)
        next += 1
      }
      merged.append(source)
      mergedKeys.append(keys[index])
    }
    for rest in new[next...] {
      inserted.append(merged.count)
      merged.append(Int32(rest.source))
      mergedKeys.append(rest.key)
    }
    return (merged, mergedKeys, inserted)
  }

  /// The data source has put its rows in the order of `descriptor` (or back in their stored
  /// order), having taken the sort (``TableViewDataSource/tableView(_:sortRowsBy:)``): the
  /// rows are read again and shown from the top, the focus stays in its column, headers show
  /// the sort, and assistive technology hears it ("sorted by Name, ascending"). The rows are
  /// numbered anew, so the filter and the selection, held by row number, are cleared (the
  /// data source makes them again if it can).
  public func dataSourceDidSort(by descriptor: TableSortDescriptor?) {
    cancelSort()
    // The rows are numbered anew: a filter or a selection by row number would name others.
    rowFilter = nil
    focusHeldByFilter = nil
    focusMovedByFilter = nil
    selectedRows.removeAll()
    selectedCells.removeAll()
    anchor = nil
    isSortedByDataSource = descriptor != nil
    numberOfRows = max(0, dataSource?.numberOfRows(in: self) ?? 0)
    trimSelection()
    let column = focusedCell?.column
    showOrder(nil, keys: [], inverse: nil, descriptor: descriptor)
    if let column, numberOfRows > 0 {
      collectionView.focusItem(at: ItemPath(section: 0, item: column), scrollsIntoView: false)
    }
    selectionDidChange()
  }

  /// Forgets the sort without reordering anything (the data source's rows were replaced
  /// wholesale), then reads the rows again.
  public func resetSort() {
    cancelSort()
    sortDescriptor = nil
    isSortedByDataSource = false
    rowOrder = nil
    rowFilter = nil
    focusHeldByFilter = nil
    focusMovedByFilter = nil
    displayOrder = nil
    sortKeys = []
    sourceToDisplayCache = nil
    reloadData()
  }

  /// Configures the shown cells of these source rows again (placeholders filled in).
  ///
  /// - Complexity: O(k) for k rows given, plus the cells reconfigured.
  public func reloadRows<Rows: Sequence>(_ rows: Rows) where Rows.Element == Int {
    let shown = Set(collectionView.indexPathsForVisibleItems.map(\.section))
    var paths: [ItemPath] = []
    for source in rows {
      guard let display = displayRow(forSourceRow: source), shown.contains(display) else {
        continue
      }
      for column in 0..<collectionView.numberOfItems(inSection: display) {
        paths.append(ItemPath(section: display, item: column))
      }
    }
    reconfigure(paths)
  }

  /// Configures the shown cells of the source rows in `rows` again: the rows shown are asked
  /// whether they are in the range, not the range's rows whether they show (a file loading
  /// gives millions of rows a frame).
  ///
  /// - Complexity: O(rows shown), whatever the range's length.
  public func reloadRows(in rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    var paths: [ItemPath] = []
    for path in collectionView.indexPathsForVisibleItems
    where rows.contains(sourceRow(forDisplayRow: path.section)) {
      paths.append(path)
    }
    reconfigure(paths)
  }

  private func reconfigure(_ paths: [ItemPath]) {
    guard !paths.isEmpty else { return }
    collectionView.performBatchUpdates(animated: false) {
      collectionView.reconfigureItems(at: paths)
    }
  }
}

/// The blank header a table shows when its data source gives none.
final class BlankTableHeader: ReusableView {
  static let identifier = "ReuseControls.TableView.blankHeader"
}

/// The cell a Shift range starts from, held by identity (a source row and a column, not where
/// they show): its display row and shown position are found when the range is made, after
/// whatever sorted the rows or moved the columns since.
struct TableAnchor: Hashable {
  /// The source row.
  var row: Int
  /// The column (its index in the columns, not its shown position).
  var column: Int
}
