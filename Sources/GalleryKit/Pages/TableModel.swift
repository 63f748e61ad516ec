import ReuseControls
import ReuseKit

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
  public internal(set) var lastSortDuration: Double?
  /// When the sort being made began, on the host's clock.
  var sortStart: Double? {
    didSet { if oldValue == nil && sortStart != nil { sortIsLatestJob = true } }
  }
  /// Column `column`'s title as the page shows and says it: its control characters made
  /// visible (a CSV header's escape was dropped on screen, "a␛[31m" showing as "a[31m": a new
  /// user's finding). The title itself when it has none.
  func columnTitle(_ column: Int) -> String { content.columnTitles[column].showingControls }

  /// Whether the sort began after the find, filter or count running beside it: Escape stops
  /// the job begun last (it stopped the long sort, and the find just begun went on: a new
  /// user's finding).
  var sortIsLatestJob = true
  /// What the status line's prompt asks for, and what is typed so far; `nil` without one.
  var prompt: (kind: TablePromptKind, field: TextFieldState)? {
    didSet { promptDidChange(from: oldValue) }
  }
  /// The cell being edited (its source row and column), while the edit prompt shows: held by
  /// the row's identity, so scrolling, sorting or filtering never moves it to another row.
  var editTarget: (row: Int, column: Int)?
  /// Edits made, last last (`U` undoes them), and edits undone (`R` redoes them).
  var undoEdits: [TableCellEdit] = []
  var redoEdits: [TableCellEdit] = []
  /// What the last edit, undo, redo or save did (or why it could not), for the status line.
  var editNote: String?
  /// Why Enter did not do what the prompt shown asks (a copy's name that exists): said in the
  /// prompt, which stays open with its text until a key changes it.
  var promptProblem: String?
  /// The cells of the sorted column that differ from what they held when it was sorted, by
  /// source row, with that text: the rows keep their places, as VisiData's do, and while any
  /// differs the status says the order is the sort's from before. An undo that puts the text
  /// back removes its row (the order is the sort's again).
  var sortedColumnChanges: [Int: String] = [:]
  /// The cells of the column a running sort orders by, edited while it runs, with their text
  /// when it began: the sort read them before or as they changed, so its order is said to be
  /// from before the edits when it ends.
  var editsDuringSort: (descriptor: TableSortDescriptor, changes: [Int: String])?
  /// Whether a cell of the sorted column holds another text than when it was sorted.
  var sortedColumnEdited: Bool { !sortedColumnChanges.isEmpty }
  /// Whether the edits were saved since the last one was made.
  /// The table the undo history is about, whose unsaved edits quitting warns of.
  var editedTable: (any EditableTableContent)?
  /// The content the undo history is about.
  var editsOwner: ObjectIdentifier?
  /// The save running on its own thread, the table it saves, and what to say when it is done
  /// (given the backup's path, for a save in place).
  var saving: (job: TableSaveJob, table: any EditableTableContent, note: (String?) -> String)?
  /// The percentage of the save the status line last showed.
  var savePercentShown = -1
  /// A prompt takes every key while it shows.
  public var isTyping: Bool { prompt != nil }

  /// Puts pasted text into the prompt that shows (on one line), or the cell being edited (its
  /// line breaks and tabs kept: a cell may hold them), at its caret. Returns whether one took
  /// it.
  public func paste(_ text: String) -> Bool {
    guard let (kind, shown) = prompt else { return false }
    var field = shown
    field.insert(kind == .edit ? PastedText.cell(text) : PastedText.oneLine(text))
    prompt = (kind, field)
    if kind == .edit { showEditedCell() }
    return true
  }
  /// The running or last find.
  var find: TableFind?
  /// Whether a find's matches are marked.
  public var hasActiveFind: Bool { find != nil }
  /// The filter being made or shown (`|`).
  var filter: TableFilter?
  /// The frequency table being counted (`F`).
  var frequency: FrequencyRequest?
  /// The sort of the table a frequency table was made from, to restore when going back.
  var parentView: ParentView?
  /// Whether Ctrl-A in a prompt selects its whole text (GTK's entries) rather than moving the
  /// caret home (a shell's line editor, the terminal's).
  public var promptSelectsAllOnControlA = false
  /// Whether the status line's prompts (find, filter, select, go to, save as) say themselves
  /// to assistive technology: as they open, each edit (as an entry echoes it) and a cancel.
  /// For hosts whose keyboard focus stays on a cell while a prompt takes the keys (GTK's,
  /// whose cell editor is an entry of its own); the terminal's screen-reader mode says the
  /// status line itself.
  public var announcesPrompts = false
  /// What the status line says first once another program changed the open file in place: its
  /// rows are places in the bytes as they were read, and showed other rows' text cut at
  /// random, without a word until Ctrl-S refused (a new user's finding).
  public internal(set) var diskChange: String?
  /// When the file was last checked (``noteChangeOnDisk()``), on the model's clock.
  var diskCheckedAt = -Double.infinity
  /// The frequency table a value was chosen in, the table it counts and the value's row:
  /// Backspace in that value's rows goes back to it; and how the table showed before the
  /// count, where leaving the frequency table then goes; and how the frequency table itself
  /// showed (its sort, columns and filter), to show it so again.
  var frequencyReturn:
    (
      frequencies: FrequencyTable, table: any TableContent, row: Int, edited: Bool,
      view: ParentView?, ownView: ParentView?
    )?
  /// A value the frequency table being counted again opens on (the one its rows showed).
  var frequencyFocusValue: String?
  /// A sort the content makes, following the focused row: the cursor's column, and whether
  /// the new order shows yet (the cursor then waits on its first row for the followed one).
  var followingSort: (column: Int, shown: Bool, began: Double)?
  /// `F` pressed while a filter still ran or the file was still read: the column to count
  /// once they end.
  var pendingFrequencies: Int?
  /// The rows the content last heard are displayed (a scroll or a jump that changed them
  /// asks for one more frame, which tells it).
  var notedRows: ShownRows?

  /// The source rows displayed: a range, a range and the focused row off screen (no array
  /// made per frame to compare), or rows far apart (while filtered).
  enum ShownRows: Equatable {
    case range(Range<Int>)
    case rangeAndRow(Range<Int>, Int)
    case scattered([Int])
  }
  /// What the last `:` could not find, shown until the next key.
  var jumpProblem: String?
  /// An `n` (`true`) or `N` pressed while the find could not yet tell where it goes: taken
  /// once it can (the key said "still searching", and after the search nothing came of it:
  /// the status read "still searching … · match 1 of 15" for good, a new user's finding).
  var waitingFindStep: Bool?
  /// How long a frame may spend on a job on the loop (asking for sort keys, scanning for a
  /// find), in seconds: the rest of the frame draws and answers keys.
  public var jobSliceDuration = 0.008
  /// Whether to show how long sorts take (off for snapshots).
  public var showsTiming = true
  /// How far each numeric column's decimal points are lined up.
  var decimals = ColumnDecimals()

  /// The page over `options`: the CSV file when there is one, else the demo's
  /// ``GalleryOptions/tableRows`` rows.
  public convenience init(options: GalleryOptions, metrics: GalleryMetrics, viewportSize: Size) {
    let content: any TableContent
    if let make = options.tableContent {
      content = make(metrics.clock)
    } else if let sqlite = options.sqlite {
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

  /// The columns of `content`, as wide as their titles at least (the first column narrower),
  /// growing to their widest cell up to about forty characters: one long value made its column
  /// 400 wide, the other columns off screen (a new user's finding). `>` widens one further.
  static func columns(of content: any TableContent, metrics: GalleryMetrics) -> [TableColumn] {
    let width = metrics.textWidth("Enterprise") + metrics.chipPadding
    let widest = metrics.textWidth(String(repeating: "n", count: 40)) + metrics.chipPadding
    return content.columnTitles.enumerated().map { column, raw in
      let title = raw.showingControls
      let titled = metrics.textWidth(title) + metrics.chipPadding
      return TableColumn(
        title: title,
        width: .fitting(
          estimate: column == 0 ? max(4, titled) : max(width, titled),
          maximum: max(widest, titled)),
        minimumWidth: max(3, metrics.chipPadding))
    }
  }

  /// Shows `new` instead of what shows now (a database's table opened from its list, or the
  /// list again): jobs stop, the find and selection end, the sort is forgot, the focus goes to
  /// the first cell, and a screen reader hears what opened.
  public func open(_ new: any TableContent) {
    cancelJob()
    editNote = nil
    sortedColumnChanges.removeAll()
    prompt = nil
    frequency = nil
    pendingFrequencies = nil
    followingSort = nil
    find?.job?.stop()
    find = nil
    filter?.scan.job?.stop()
    filter = nil
    content = new
    notedRows = nil
    decimals = ColumnDecimals()
    table.deselectAll()
    // Widths measured in the old content are not the new one's.
    table.layout.setMeasuredWidths([])
    table.columns = Self.columns(of: new, metrics: metrics)
    table.resetSort()
    table.collectionView.accessibilityLabel = new.name
    table.focusCell(row: 0, column: 0)
    lastSortDuration = nil
    // A count the database only estimates so far is said as such.
    let counted = new.isRowCountEstimated ? "about " : ""
    table.collectionView.announce("\(new.name), \(counted)\(plural(new.rowCount, "row"))")
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
    noteChangeOnDisk()
    // A column's points moved over: the cells it shows line up with them again.
    if decimals.takeGrowth() { table.reloadRows(in: 0..<content.rowCount) }
    let shown = shownRows
    if shown != notedRows {
      notedRows = shown
      switch shown {
      case .range(let rows): content.noteDisplayed(rows: rows)
      case .rangeAndRow(let rows, let row):
        content.noteDisplayed(scatteredRows: Array(rows) + [row])
      case .scattered(let rows): content.noteDisplayed(scatteredRows: rows)
      }
    }
    // The cursor moved while the content sorts: the sort follows the row it is on now (the
    // row it was on at `s` was followed, the moves lost: a new user's finding).
    if let following = followingSort, !following.shown, let focused = table.focusedCell {
      followingSort?.column = focused.column
      content.followRow(focused.row)
    }
    let (loaded, countChanged) = content.update()
    if let finished = content.takeFinishedSort() {
      notedRows = nil  // rows in a new order: told again what shows
      // The rows are numbered anew: a filter or a selection by text is made again.
      let refilter = filter
      filter?.scan.job?.stop()
      filter = nil
      switch finished {
      case .success(let descriptor):
        table.dataSourceDidSort(by: descriptor)
        followingSort?.shown = true
      case .failure(let problem):
        jumpProblem = "the sort failed: \(problem)"
        followingSort = nil
      }
      if let refilter { filterAgain(refilter) }
    }
    if countChanged {
      table.rowCountDidChange()
      // A file still read had no row to put the cursor on when it opened: it goes on the
      // first cell once there is one (the first arrow only placed it: a new user's finding).
      if table.focusedCell == nil, table.focusHeldByFilter == nil, filter == nil,
        table.numberOfDisplayedRows > 0
      {
        table.focusCell(row: table.sourceRow(forDisplayRow: 0), column: 0)
      }
    }
    followSortedRow()
    if !loaded.isEmpty { table.reloadRows(in: loaded) }
    var sorting = false
    if table.isSorting {
      // A sort begun by a header click: timed from the first frame that sees it.
      if sortStart == nil {
        sortStart = metrics.clock()
        editsDuringSort = nil
      }
      let deadline = metrics.clock() + jobSliceDuration
      let clock = metrics.clock
      sorting = table.advanceSort(while: { clock() < deadline })
      // A sort that ends while a cell is edited shows the top of the new order like any
      // other, which took the edit out of view (a GTK entry lost its selection with it, so
      // typing after Ctrl-A added to the old text: a new user's finding): the edited cell is
      // brought into view instead.
      if !table.isSorting, let (row, column) = editTarget,
        table.displayRow(forSourceRow: row) != nil
      {
        table.focusCell(row: row, column: column)
      }
    }
    let savingNow = advanceSave()
    let finding = advanceFind()
    let filtering = advanceFilter()
    restartJobsStartedWhileReading()
    if let column = pendingFrequencies, filter?.scan.isDone ?? true, !content.isStillReading,
      !isSortUnderWay
    {
      pendingFrequencies = nil
      startFrequencies(column: column)
    }
    let counting = advanceFrequencies()
    let noteEnded = endStateNotes()
    return countChanged || !loaded.isEmpty || sorting || finding || filtering || counting
      || savingNow || noteEnded
  }

  /// A note that says what is under way ("the file is still loading", "reading the rows
  /// again…") is replaced once it ends: it stayed until the next key (a new user's finding).
  private func endStateNotes() -> Bool {
    switch editNote {
    case TableModel.stillLoadingNote? where !content.isStillReading:
      let editable = (content as? any EditableTableContent) ?? editedTable
      editNote =
        editable?.canSave != true
        ? "the file was not read whole: it is not saved over"
        : editable!.unsavedRowCount > 0
          ? "the file has loaded: Ctrl-S saves the edits" : "the file has loaded"
    case TableModel.readingAgainNote? where !content.isBusy:
      editNote = "read the rows again"
    default: return false
    }
    return true
  }
  static let stillLoadingNote = "the file is still loading; save when it has loaded"
  static let readingAgainNote = "reading the rows again…"

  /// The source rows displayed now, as the content numbers them (`0..<0` while the table
  /// sorts them itself: content that sorts keeps every row).
  var shownRows: ShownRows {
    guard table.sortDescriptor == nil || table.isSortedByDataSource else { return .range(0..<0) }
    var first = Int.max
    var last = -1
    table.collectionView.forEachDisplayedView { _, attributes in
      guard attributes.category == .cell else { return }
      first = min(first, attributes.indexPath.section)
      last = max(last, attributes.indexPath.section)
    }
    guard last >= 0 else { return .range(0..<0) }
    // The focused row loads too where a sort took it off screen: a screen reader reads its
    // value (it said "loading" for good: a new user's finding).
    let focused = table.focusedCell?.row
    guard table.rowFilter != nil else {
      guard let focused, !(first...last).contains(focused) else { return .range(first..<last + 1) }
      return .rangeAndRow(first..<last + 1, focused)
    }
    var rows = (first...last).map(table.sourceRow(forDisplayRow:))
    if let focused, !rows.contains(focused) { rows.append(focused) }
    return .scattered(rows)
  }
}
