import ReuseControls
import ReuseKit

/// A table cell: its text (or a placeholder while its row loads), right-aligned for numbers,
/// marked when a find matched it.
public protocol TableCellPresenting: CollectionViewCell {
  /// Shows `text` (`nil`: a placeholder), aligned right when `isNumeric`, marked when
  /// `isMatch`.
  func present(text: String?, isNumeric: Bool, isMatch: Bool)
  /// Shows the cell as a text field being edited (after ``present(text:isNumeric:isMatch:)``),
  /// or not (`nil`): the field's text and caret in place of the cell's text.
  func present(editing field: TextFieldState?)
}

/// A column header: its title, whether the table is sorted by it (and which way), and its
/// alignment.
public protocol TableHeaderPresenting: ReusableView {
  /// Shows a header.
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool)
}

/// The `table` page: a data grid (`TableView`) of a million rows by fifty
/// columns generated on demand, or a CSV file streamed in (`--data FILE.csv`): rows show as
/// they are found, placeholders beyond, the count growing in the status line. A frozen header
/// row and first column, a cell cursor, sorting by a column (`s`, or a click on its header),
/// resizing (`<` `>`, or dragging a header's edge), moving (`{` `}`, or dragging a header) and
/// hiding columns, and selecting cells, rows or columns.
///
/// Hosts register a ``TableCellPresenting`` cell under ``cellIdentifier`` and a
/// ``TableHeaderPresenting`` header under ``headerIdentifier``, then call ``start()``.
public final class TableModel: PageModel, TableViewDataSource, TableViewDelegate {
  /// `--demo table`.
  public static let name = "table"
  /// The reuse identifier the cells are registered under.
  public static let cellIdentifier = "cell"
  /// The reuse identifier the column headers are registered under.
  public static let headerIdentifier = "header"
  /// The tab's title.
  public let title = "Table"
  /// The table.
  public let table: TableView
  /// What it shows (Enter on a database's list of tables opens one; Backspace goes back).
  public private(set) var content: any TableContent
  let metrics: GalleryMetrics
  /// How long the last sort took, in seconds, on the host's clock (`nil` when not known).
  public private(set) var lastSortDuration: Double?
  /// When the sort being made began, on the host's clock.
  private var sortStart: Double?
  /// What the status line's prompt asks for, and what is typed so far; `nil` without one.
  var prompt: (kind: TablePromptKind, field: TextFieldState)?
  /// The cell being edited (its source row and column), while the edit prompt shows: held by
  /// the row's identity, so scrolling, sorting or filtering never moves it to another row.
  var editTarget: (row: Int, column: Int)?
  /// Edits made, last last (`U` undoes them), and edits undone (`R` redoes them).
  var undoEdits: [TableCellEdit] = []
  var redoEdits: [TableCellEdit] = []
  /// What the last edit, undo, redo or save did (or why it could not), for the status line.
  var editNote: String?
  /// Whether the edits were saved since the last one was made.
  var savedEdits = false
  /// The content the undo history is about.
  var editsOwner: ObjectIdentifier?
  /// A prompt takes every key while it shows.
  public var isTyping: Bool { prompt != nil }
  /// The running or last find.
  var find: TableFind?
  /// The filter being made or shown (`|`).
  var filter: TableFilter?
  /// The frequency table being counted (`F`).
  var frequency: FrequencyRequest?
  /// The sort of the table a frequency table was made from, to restore when going back.
  var parentView: (sort: TableSortDescriptor?, sortedByDataSource: Bool)?
  /// The rows the content last heard are displayed (a scroll or a jump that changed them
  /// asks for one more frame, which tells it).
  private var notedRows: ShownRows?

  /// The source rows displayed: a range, or rows far apart (while filtered).
  enum ShownRows: Equatable {
    case range(Range<Int>)
    case scattered([Int])
  }
  /// What the last `:` could not find, shown until the next key.
  var jumpProblem: String?
  /// How long a frame may spend on a job on the loop (asking for sort keys, scanning for a
  /// find), in seconds: the rest of the frame draws and answers keys.
  public var jobSliceDuration = 0.008
  /// Whether to show how long sorts take (off for snapshots).
  public var showsTiming = true

  /// The page over `options`: the CSV file when there is one, else the demo's
  /// ``GalleryOptions/tableRows`` rows.
  public convenience init(options: GalleryOptions, metrics: GalleryMetrics, viewportSize: Size) {
    let content: any TableContent
    if let sqlite = options.sqlite {
      content = SQLiteTableList(file: sqlite, clock: metrics.clock)
    } else if let records = options.records {
      content = JSONRecordsTable(records: records)
    } else if let csv = options.csv {
      content = CSVTable(file: csv)
    } else {
      content = DemoTable(rows: options.tableRows)
    }
    self.init(content: content, metrics: metrics, viewportSize: viewportSize)
  }

  /// The page over any `content` (rows that load however they load).
  public init(content: any TableContent, metrics: GalleryMetrics, viewportSize: Size) {
    self.metrics = metrics
    self.content = content
    table = TableView(
      columns: Self.columns(of: content, metrics: metrics),
      rowHeight: .uniform(metrics.rowLength), headerHeight: metrics.headerLength,
      viewportSize: viewportSize)
    table.layout.frozenColumnCount = 1
    // A hairline between columns where a point is a pixel; in the terminal a cell is a point,
    // and the header draws its own `│` at each column's end: a blank column of spacing there
    // looked like the next column's start, and a click on it hit nothing.
    table.layout.columnSpacing = metrics.rowLength > 1 ? 1 : 0
    table.delegate = self
    // What a screen reader names the grid.
    table.collectionView.accessibilityLabel = content.name
  }

  /// The columns of `content`, as wide as their titles at least (the first column narrower).
  static func columns(of content: any TableContent, metrics: GalleryMetrics) -> [TableColumn] {
    let width = metrics.textWidth("Enterprise") + metrics.chipPadding
    return content.columnTitles.enumerated().map { column, title in
      TableColumn(
        title: title,
        width: column == 0
          ? .fitting(estimate: max(4, metrics.textWidth(title) + metrics.chipPadding))
          : .fitting(estimate: max(width, metrics.textWidth(title) + metrics.chipPadding)),
        minimumWidth: max(3, metrics.chipPadding))
    }
  }

  /// Shows `new` instead of what shows now (a database's table opened from its list, or the
  /// list again): jobs stop, the find and selection end, the sort is forgot, the focus goes to
  /// the first cell, and a screen reader hears what opened.
  public func open(_ new: any TableContent) {
    cancelJob()
    prompt = nil
    frequency = nil
    find?.job?.stop()
    find = nil
    filter?.scan.job?.stop()
    filter = nil
    content = new
    notedRows = nil
    table.deselectAll()
    table.columns = Self.columns(of: new, metrics: metrics)
    table.resetSort()
    table.collectionView.accessibilityLabel = new.name
    table.focusCell(row: 0, column: 0)
    lastSortDuration = nil
    table.collectionView.announce("\(new.name), \(plural(new.rowCount, "row"))")
  }

  /// Registers the host's cell and header classes under the page's identifiers (before
  /// ``start()``).
  public func register(
    cell: any TableCellPresenting.Type, header: any TableHeaderPresenting.Type
  ) {
    table.register(cell, forCellWithReuseIdentifier: Self.cellIdentifier)
    table.registerHeader(header, withReuseIdentifier: Self.headerIdentifier)
  }

  /// Sets the data source once the host's views are registered: the first reload asks for
  /// cells.
  public func start() {
    table.dataSource = self
    table.focusCell(row: 0, column: 0)
  }

  /// Takes what the content's loading brought (call each frame): more rows, placeholders
  /// filled in. Returns whether anything changed.
  @discardableResult
  public func poll() -> Bool {
    let shown = shownRows
    if shown != notedRows {
      notedRows = shown
      switch shown {
      case .range(let rows): content.noteDisplayed(rows: rows)
      case .scattered(let rows): content.noteDisplayed(scatteredRows: rows)
      }
    }
    let (loaded, countChanged) = content.update()
    if let finished = content.takeFinishedSort() {
      notedRows = nil  // rows in a new order: told again what shows
      // The rows are numbered anew: a filter or a selection by text is made again.
      let refilter = filter
      filter?.scan.job?.stop()
      filter = nil
      switch finished {
      case .success(let descriptor): table.dataSourceDidSort(by: descriptor)
      case .failure(let problem): jumpProblem = "the sort failed: \(problem)"
      }
      if let refilter, refilter.scan.problem == nil {
        startFilter(
          refilter.text, selecting: refilter.selects, column: refilter.scan.column,
          wholeValue: refilter.wholeValue)
      }
    }
    if countChanged { table.rowCountDidChange() }
    if !loaded.isEmpty { table.reloadRows(loaded) }
    var sorting = false
    if table.isSorting {
      // A sort begun by a header click: timed from the first frame that sees it.
      if sortStart == nil { sortStart = metrics.clock() }
      let deadline = metrics.clock() + jobSliceDuration
      let clock = metrics.clock
      sorting = table.advanceSort(while: { clock() < deadline })
    }
    let finding = advanceFind()
    let filtering = advanceFilter()
    let counting = advanceFrequencies()
    return countChanged || !loaded.isEmpty || sorting || finding || filtering || counting
  }

  /// The source rows displayed now, as the content numbers them (`0..<0` while the table
  /// sorts them itself: content that sorts keeps every row).
  private var shownRows: ShownRows {
    guard table.sortDescriptor == nil || table.isSortedByDataSource else { return .range(0..<0) }
    var first = Int.max
    var last = -1
    table.collectionView.forEachDisplayedView { _, attributes in
      guard attributes.category == .cell else { return }
      first = min(first, attributes.indexPath.section)
      last = max(last, attributes.indexPath.section)
    }
    guard last >= 0 else { return .range(0..<0) }
    guard table.rowFilter != nil else { return .range(first..<last + 1) }
    return .scattered((first...last).map(table.sourceRow(forDisplayRow:)))
  }

  /// Whether a job runs that needs frames: rows loading, or a sort being made.
  public var isWorking: Bool {
    table.isSorting || content.isBusy || find.map { !$0.isDone } == true
      || filter.map { !$0.scan.isDone || $0.shownAt == nil } == true || frequency != nil
      || shownRows != notedRows
  }

  /// Cancels the sort being made, if any (Escape, Ctrl-C); the rows keep their order.
  /// Returns whether one was running.
  @discardableResult
  public func cancelJob() -> Bool {
    if content.cancelSort() {
      sortStart = nil
      return true
    }
    guard table.isSorting else { return false }
    table.cancelSort()
    sortStart = nil
    return true
  }

  // MARK: Data source

  /// How many rows the content has now.
  public func numberOfRows(in tableView: TableView) -> Int { content.rowCount }

  /// A cell with its text, or a placeholder while its row loads.
  public func tableView(
    _ tableView: TableView, cellForRow row: Int, column: Int
  )
    -> CollectionViewCell
  {
    let cell = tableView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier)
    let text = content.text(row: row, column: column)?.showingControls
    let isMatch = isFindMatch(row: row, column: column)
    let presenting = cell as? any TableCellPresenting
    presenting?.present(
      text: text, isNumeric: content.isNumeric(column: column), isMatch: isMatch)
    let editing = editingField(row: row, column: column)
    presenting?.present(editing: editing)
    cell.accessibilityLabel = editing.map(\.text) ?? text ?? "loading"
    cell.accessibilityValue =
      content.columnTitles[column] + (isMatch ? ", a match" : "")
      + (editing == nil ? "" : ", editing")
    return cell
  }

  /// A header with its title and sort arrow.
  public func tableView(_ tableView: TableView, headerForColumn column: Int) -> ReusableView {
    let header = tableView.dequeueReusableHeader(withReuseIdentifier: Self.headerIdentifier)
    let sort = tableView.sortDescriptor
    (header as? any TableHeaderPresenting)?.present(
      title: content.columnTitles[column],
      sortedAscending: sort?.column == column ? sort!.ascending : nil,
      isNumeric: content.isNumeric(column: column))
    describe(header, column: column)
    return header
  }

  /// What a screen reader reads of a header: its title, and that it is one and how the
  /// table is sorted by it (the role alone does not say it where GTK drops it, as 4.8 does).
  private func describe(_ header: ReusableView, column: Int) {
    header.accessibilityLabel = content.columnTitles[column]
    var value = "column header"
    if let sort = table.sortDescriptor, sort.column == column {
      value += sort.ascending ? ", sorted ascending" : ", sorted descending"
    }
    header.accessibilityValue = value
  }

  /// The content sorts where its rows live, when it can (a database's `ORDER BY`).
  public func tableView(
    _ tableView: TableView, sortRowsBy descriptor: TableSortDescriptor?
  )
    -> Bool
  {
    guard content.sortRows(by: descriptor) else { return false }
    if sortStart == nil { sortStart = metrics.clock() }
    return true
  }

  /// The content's key.
  public func tableView(
    _ tableView: TableView, sortKeyForRow row: Int, column: Int
  )
    -> TableSortKey
  {
    content.sortKey(row: row, column: column)
  }

  /// Headers show the new sort.
  public func tableView(_ tableView: TableView, didSortBy descriptor: TableSortDescriptor?) {
    // The time of this sort, never the one before it (a header click is not timed).
    lastSortDuration = sortStart.map { metrics.clock() - $0 }
    sortStart = nil
    reconfigureHeaders()
  }

  private func reconfigureHeaders() {
    table.collectionView.forEachDisplayedView { view, attributes in
      guard attributes.supplementaryKind == .columnHeader,
        let header = view as? any TableHeaderPresenting
      else { return }
      let column = attributes.indexPath.item
      let sort = table.sortDescriptor
      header.present(
        title: content.columnTitles[column],
        sortedAscending: sort?.column == column ? sort!.ascending : nil,
        isNumeric: content.isNumeric(column: column))
      describe(view, column: column)
      view.setNeedsDisplay()
    }
  }

  // MARK: Keys

  /// The page's keys first (`s` sorts by the focused column; `<` `>` resize it; `{` `}` move
  /// it; `h` hides it and `u` shows every column again; `v` selects cells, rows or columns;
  /// `f` freezes the first column or not), then the table's (arrows, pages, Home and End,
  /// Space, Shift ranges, Control-A, Escape).
  public func handle(_ key: KeyPress) -> Bool {
    jumpProblem = nil
    if prompt != nil { return handlePrompt(key) }
    editNote = nil
    if key.key == .character("s") && key.modifiers == .control { return saveEdits() }
    // Save as: W, or GTK's Ctrl-Shift-S (a terminal cannot tell it from Ctrl-S).
    if (key.key == .character("W") && key.modifiers.isDisjoint(with: [.control, .alt]))
      || (key.key == .character("S") && key.modifiers.contains(.control))
    {
      return beginSaveAs()
    }
    if key.key == .escape && key.modifiers.isEmpty && content.cancelSort() {
      sortStart = nil
      return true
    }
    if key.key == .escape && key.modifiers.isEmpty && cancelFrequencies() { return true }
    // A frequency table: Enter shows the rows holding the focused value; Backspace goes back.
    if let frequencies = content as? FrequencyTable, key.modifiers.isEmpty,
      key.key == .enter || key.key == .backspace
    {
      let row = table.focusedCell?.row
      leaveFrequencies(
        filteringTo: key.key == .enter ? row.map { frequencies.values[$0].value } : nil)
      return true
    }
    // A database's list of tables: Enter opens the focused one; Backspace goes back.
    if key.key == .enter && key.modifiers.isEmpty, let row = table.focusedCell?.row,
      let opened = content.opening(row: row)
    {
      open(opened)
      return true
    }
    if key.key == .backspace && key.modifiers.isEmpty, let parent = content.parent {
      // Back on the list, the cursor on the table just left (found by its name).
      let left = content.name
      open(parent)
      if let row = (0..<min(parent.rowCount, 100_000)).first(where: {
        parent.text(row: $0, column: 0) == left
      }) {
        table.focusCell(row: row, column: 0)
      }
      return true
    }
    if key.key == .escape && key.modifiers.isEmpty && !table.isSorting && find != nil {
      clearFind()
      return true
    }
    if key.key == .escape && key.modifiers.isEmpty && !table.isSorting && filter != nil {
      clearFilter()
      return true
    }
    guard key.modifiers.isEmpty || key.modifiers == .shift,
      case .character(let character) = key.key
    else { return table.handle(key) }
    let column = table.focusedCell?.column
    switch character {
    case "/":
      prompt = (.find, TextFieldState(maxLength: 200))
    case ":":
      prompt = (.jump, TextFieldState(maxLength: 200))
    case "|":
      prompt = (.filter, TextFieldState(maxLength: 200))
    case "&":
      prompt = (.select, TextFieldState(maxLength: 200))
    case "F":
      startFrequencies()
    case "e":
      beginEdit()
    case "U":
      undoEdit()
    case "R":
      redoEdit()
    case "n", "N":
      return stepFind(forward: character == "n")
    case "s":
      guard let column else { return false }
      sortStart = metrics.clock()
      table.cycleSort(byColumn: column)
    case "<", ">":
      guard let column else { return false }
      table.resizeColumn(column, by: character == "<" ? -1 : 1)
    case "{", "}":
      guard let column, let position = table.layout.shownPosition(ofColumn: column) else {
        return false
      }
      let target = position + (character == "{" ? -1 : 1)
      guard target >= 0, target < table.layout.shownColumnCount else { return true }
      table.moveColumn(from: position, to: target)
    case "h":
      guard let column, table.layout.shownColumnCount > 1 else { return false }
      table.setColumn(column, hidden: true)
    case "u":
      for hidden in table.columns.indices where table.columns[hidden].isHidden {
        table.setColumn(hidden, hidden: false)
      }
    case "v":
      switch table.selectionMode {
      case .cells: table.selectionMode = .rows
      case .rows: table.selectionMode = .columns
      case .columns: table.selectionMode = .cells
      }
    case "f":
      table.layout.frozenColumnCount = table.layout.frozenColumnCount == 0 ? 1 : 0
      table.collectionView.layoutIfNeeded()
    default:
      return table.handle(key)
    }
    return true
  }

  // MARK: Status

  /// "1,000,000 rows × 50 columns · row 12 · Amount: 1,234.56 · sorted by Amount ↑ in 412 ms
  /// · 3 rows selected", and how loading goes.
  public var status: String {
    if let prompt { return promptLine(prompt) }
    var parts = [shape]
    if let (row, column) = table.focusedCell {
      let text = content.text(row: row, column: column)?.showingControls ?? "loading…"
      parts.append(
        "row \((row + 1).formatted) · \(content.columnTitles[column]): \(text)")
    }
    if let (sort, progress) = table.pendingSort {
      parts.append(
        "sorting by \(content.columnTitles[sort.column]) \(sort.ascending ? "↑" : "↓") "
          + "\(Int((progress * 100).rounded(.down))) %… (Esc cancels)")
    } else if let sort = table.sortDescriptor {
      let time =
        showsTiming
        ? lastSortDuration.map { " in \(Int(($0 * 1_000).rounded()).formatted) ms" } ?? "" : ""
      parts.append(
        "sorted by \(content.columnTitles[sort.column]) \(sort.ascending ? "↑" : "↓")\(time)")
    }
    let selected = table.selectionCount
    if selected > 0 {
      let noun: String
      switch table.selectionMode {
      case .cells: noun = "cell"
      case .rows: noun = "row"
      case .columns: noun = "column"
      }
      parts.append("\(selected.formatted) \(noun)\(selected == 1 ? "" : "s") selected")
    }
    if let filter,
      let column = table.columns.indices.contains(filter.scan.column)
        ? filter.scan.column : nil
    {
      parts.append(
        filter.status(rowCount: table.numberOfRows, columnTitle: content.columnTitles[column]))
    }
    if let find { parts.append(find.status) }
    if let frequency {
      parts.append(frequency.scan.status(columnTitle: content.columnTitles[frequency.scan.column]))
    }
    if let jumpProblem { parts.append(jumpProblem) }
    // What an edit, an undo or a save just did comes first: the line may be cut at its end.
    if let editNote {
      parts.insert(editNote, at: 1)
    } else if let edited = (content as? any EditableTableContent)?.editedRowCount, edited > 0,
      !savedEdits
    {
      parts.append("\(edited.formatted) row\(edited == 1 ? "" : "s") edited · Ctrl-S saves")
    }
    if let loading = content.loadingStatus { parts.append(loading) }
    return parts.joined(separator: " · ")
  }

  /// "1,000,000 rows × 50 columns", in the singular where a count is one.
  public var shape: String {
    let rows =
      table.rowFilter == nil
      ? plural(content.rowCount, "row")
      : "\(table.numberOfDisplayedRows.formatted) of \(plural(content.rowCount, "row"))"
    return "\(rows) × \(plural(content.columnTitles.count, "column"))"
  }

  /// What `v` and `f` set, as the title shows it: "v: rows · f: 1st column frozen".
  public var modes: String {
    let unit: String
    switch table.selectionMode {
    case .cells: unit = "cells"
    case .rows: unit = "rows"
    case .columns: unit = "columns"
    }
    let frozen = table.layout.frozenColumnCount > 0 ? "1st column frozen" : "none frozen"
    return "v: \(unit) · f: \(frozen)"
  }

  /// The page's keys: moving and selecting, then shaping the columns.
  public var keyHelp: [(String, String)] {
    var help = Self.movingKeys + Self.columnKeys
    if content is SQLiteTableList {
      help = [("Enter", "open the table (read a page at a time as it shows)")] + help
    } else if content.parent != nil {
      help = [("Backspace", "back to the database's tables")] + help
    }
    // What the status line may cut, whole: the problem that stopped loading, or what a
    // lenient read let through.
    if let problem = content.loadingProblem {
      help += [("", ""), ("the file", "\(problem); the rows before it show")]
    } else if let note = (content as? CSVTable)?.readingNote {
      help += [("", ""), ("the file", note)]
    }
    if isEditable {
      help += [
        ("", ""),
        ("e", "edit the cell in place (← → Home End, Ctrl-W Ctrl-U); Enter keeps, Esc cancels"),
        ("U R", "undo, redo the last edit"),
        ("Ctrl-S", "save the file (the old one is kept as FILE.bak)"),
        ("W", "save a copy with the edits as a new file (Ctrl-Shift-S in GTK)"),
      ]
    }
    return help
  }

  /// The keys that move the cell cursor and select.
  static let movingKeys = [
    ("↑ ↓ ← →", "move the cell cursor (the view follows on both axes)"),
    ("PgUp PgDn", "a page up or down"), ("Home End", "the first, last cell of the row"),
    ("Ctrl-Home Ctrl-End", "the first, last cell of the table"),
    ("Shift+moves", "select a range from the anchor"),
    ("Space Enter", "select the cell (its row or column: see v); Ctrl-Space toggles"),
    ("Ctrl-A Esc", "select all; deselect all"), ("v", "select cells, rows or columns"),
  ]

  /// The keys that sort and shape the columns.
  static let columnKeys = [
    ("s", "sort by the cursor's column: ascending, descending, off (a click on a header too)"),
    ("Esc Ctrl-C", "while a large table sorts (it keeps working meanwhile): cancel the sort"),
    ("/", "find in the cursor's column, ignoring case: text or /a pattern/, Enter; marked"),
    ("|", "show only the rows whose cell in the cursor's column has a text or /pattern/; Esc: all"),
    ("&", "select the rows whose cell in the cursor's column has a text or /pattern/"),
    ("F", "the cursor's column's frequency table; Enter on a value shows its rows, Backspace back"),
    ("n N", "the next, previous match (\"match 3 of 1,204\"); Esc clears the marks"),
    (":", "go to a row by its number (#), or to a column by (the start of) its name; Enter"),
    ("< >", "narrower, wider column (or drag a header's right edge)"),
    ("{ }", "move the column left, right (or drag its header)"),
    ("h u", "hide the column; show every column again"), ("f", "freeze the first column or not"),
    ("Shift+wheel", "scroll sideways"),
  ]

  /// The focused cell's text.
  public func itemTitle(at indexPath: ItemPath) -> String? {
    content.text(row: table.sourceRow(forDisplayRow: indexPath.section), column: indexPath.item)?
      .showingControls
  }
}
