import ReuseControls

/// What the table page shows: columns, and cells by row that may not be loaded yet.
public protocol TableContent: AnyObject {
  /// The columns' titles.
  var columnTitles: [String] { get }
  /// The rows known now (placeholders for rows not loaded yet included).
  var rowCount: Int { get }
  /// The text of a cell, or `nil` when its row is not loaded yet (a placeholder).
  func text(row: Int, column: Int) -> String?
  /// What the row sorts by in `column`.
  func sortKey(row: Int, column: Int) -> TableSortKey
  /// Whether `column` holds numbers (drawn right-aligned).
  func isNumeric(column: Int) -> Bool
  /// Takes what arrived since the last call (rows loaded, the count corrected); returns the
  /// rows whose cells may now show more than a placeholder, and whether the count changed.
  func update() -> (loadedRows: Range<Int>, countChanged: Bool)
  /// How loading goes, for the status line ("loading 45 %…", a problem), or `nil` when all
  /// is there.
  var loadingStatus: String? { get }
  /// The problem that stopped loading, whole (the status line may cut it), if any.
  var loadingProblem: DataFileError? { get }
  /// Whether a job runs that needs frames (rows loading, a sort being made).
  var isBusy: Bool { get }
  /// Whether ``rowCount`` is an estimate so far (a file still being read, a database still
  /// counting): said as "about".
  var isRowCountEstimated: Bool { get }
  /// Whether the rows are still being read (a file still loading), so that a scan of them now
  /// would miss the rest: the page's jobs then wait, or start again once it is read.
  var isStillReading: Bool { get }

  /// The source rows displayed now: content that loads on demand loads around them.
  func noteDisplayed(rows: Range<Int>)
  /// The source rows displayed now, far apart (a filter shows them): content that loads on
  /// demand loads theirs.
  func noteDisplayed(scatteredRows: [Int])
  /// Sorts the rows where they live (a database's `ORDER BY`) by `descriptor`, or back to
  /// their stored order with `nil`. Returns `false` to let the table sort the keys itself.
  /// When it returns `true`, the new order shows once ``takeFinishedSort()`` says so.
  ///
  /// `following`: a row (as the content numbers it now, the focused one) whose place in the
  /// new order ``takeFollowedRow()`` gives once found, so the cursor stays on it.
  func sortRows(by descriptor: TableSortDescriptor?, following row: Int?) -> Bool
  /// Where the row the last sort followed shows in the new order, once found (or that it
  /// could not be); `nil` until then.
  func takeFollowedRow() -> TableFollowedRow?
  /// The sort begun by ``sortRows(by:)`` that has finished since the last call: its
  /// descriptor, or the problem that stopped it.
  func takeFinishedSort() -> Result<TableSortDescriptor?, DataFileError>?
  /// Stops a sort begun by ``sortRows(by:)``; returns whether one was running.
  func cancelSort() -> Bool
  /// What Enter opens on `row`: a table from a database's list of tables.
  func opening(row: Int) -> (any TableContent)?
  /// What Backspace goes back to (a database's list of tables), if anything.
  var parent: (any TableContent)? { get }
  /// What the content is, for the title and screen readers ("Accounts", "orders").
  var name: String { get }
  /// A search for `needle` in `column`, ignoring case (or, `wholeValue`, the cells that are
  /// exactly `needle`), among the rows that meet every one of `conditions` (a filter shown),
  /// run where the rows live (a database query) from display row `start` on and round; `nil`
  /// to let the page scan the cells.
  func search(
    for needle: String, column: Int, from start: Int, wholeValue: Bool,
    within conditions: [TableRowCondition]
  )
    -> TableSearchJob?
  /// A count of `column`'s values among the rows that meet every one of `conditions` (a
  /// filter shown), run where the rows live (a database's `GROUP BY`); `nil` to let the page
  /// count the cells.
  func countValues(column: Int, within conditions: [TableRowCondition]) -> TableCountJob?
  /// A reader of `column`'s sort keys for a background sort's thread (the keys
  /// ``sortKey(row:column:)`` gives), or `nil` to let the table ask for them a slice per frame.
  func sortKeyReader(column: Int) -> TableSortKeyReader?
  /// Reads the rows again where they live (a database changed by others): the count, and the
  /// pages shown (what they showed stays until they arrive). Returns `false` for content that
  /// has nothing to read again.
  func refresh() -> Bool
}

extension TableContent {
  /// No problem: content that is not read from a file.
  public var loadingProblem: DataFileError? { nil }
  /// Busy while rows load.
  public var isBusy: Bool { loadingStatus?.hasPrefix("loading") == true }
  /// An estimate while the content says it counts.
  public var isRowCountEstimated: Bool { loadingStatus?.hasPrefix("counting") == true }
  /// All rows are there (or read where they live).
  public var isStillReading: Bool { false }
  /// All rows are there: nothing to load.
  public func noteDisplayed(rows: Range<Int>) {}
  /// All rows are there: nothing to load.
  public func noteDisplayed(scatteredRows: [Int]) {}
  /// The table sorts the keys.
  public func sortRows(by descriptor: TableSortDescriptor?, following row: Int?) -> Bool {
    false
  }
  /// A sort that follows no row.
  public func sortRows(by descriptor: TableSortDescriptor?) -> Bool {
    sortRows(by: descriptor, following: nil)
  }
  /// No row followed.
  public func takeFollowedRow() -> TableFollowedRow? { nil }
  /// No sort of its own.
  public func takeFinishedSort() -> Result<TableSortDescriptor?, DataFileError>? { nil }
  /// No sort of its own.
  public func cancelSort() -> Bool { false }
  /// Rows open nothing.
  public func opening(row: Int) -> (any TableContent)? { nil }
  /// Nothing to go back to.
  public var parent: (any TableContent)? { nil }
  /// "Rows of the file".
  public var name: String { "Rows of the file" }
  /// The page scans the cells.
  public func search(
    for needle: String, column: Int, from start: Int, wholeValue: Bool,
    within conditions: [TableRowCondition]
  )
    -> TableSearchJob?
  {
    nil
  }
  /// The page counts the cells.
  public func countValues(
    column: Int, within conditions: [TableRowCondition]
  )
    -> TableCountJob?
  {
    nil
  }
  /// A search among every row.
  public func search(
    for needle: String, column: Int, from start: Int, wholeValue: Bool
  ) -> TableSearchJob? {
    search(for: needle, column: column, from: start, wholeValue: wholeValue, within: [])
  }
  /// A count over every row.
  public func countValues(column: Int) -> TableCountJob? {
    countValues(column: column, within: [])
  }
  /// The table asks for the keys.
  public func sortKeyReader(column: Int) -> TableSortKeyReader? { nil }
  /// Nothing to read again.
  public func refresh() -> Bool { false }
}

/// Where a row a sort followed (the focused one) shows in the new order.
public enum TableFollowedRow: Sendable, Equatable {
  /// At this row, as the content numbers it now.
  case found(Int)
  /// Not found (the row went, or the content cannot say).
  case lost
}

/// A condition a row meets, as a filter shown asks it of the rows (and of a search or a count
/// made while it shows): its text in `column` contains `needle` ignoring case (a needle
/// written between slashes is a regular expression), or, `wholeValue`, is exactly `needle`.
public struct TableRowCondition: Sendable, Hashable {
  /// The column, as the content numbers it.
  public var column: Int
  /// The text, or a pattern between slashes.
  public var needle: String
  /// Whether the cell must be exactly `needle` (a value picked in a frequency table).
  public var wholeValue: Bool

  /// A condition on `column`.
  public init(column: Int, needle: String, wholeValue: Bool = false) {
    self.column = column
    self.needle = needle
    self.wholeValue = wholeValue
  }

  /// Whether `column` and every one of `conditions`' columns are among `columns` (a
  /// content's).
  public static func fit(
    _ column: Int, _ conditions: [TableRowCondition], in columns: Range<Int>
  ) -> Bool {
    columns.contains(column) && conditions.allSatisfy { columns.contains($0.column) }
  }

  /// `" WHERE a AND b"` for the SQL tests given, or nothing without any.
  public static func whereClause(_ tests: [String]) -> String {
    tests.isEmpty ? "" : " WHERE " + tests.joined(separator: " AND ")
  }
}

/// A search running off the loop where the rows live: the rows it found (display rows, in the
/// order found), and whether it is done. The page takes what it found each frame.
public final class TableSearchJob: Sendable {
  private let state = Locked<(found: [Int], isDone: Bool, problem: String?)>(([], false, nil))
  private let stopping = Locked<(@Sendable () -> Void)?>(nil)

  /// A job; its work calls ``deliver(_:)`` and ``finish(problem:)``.
  public init() {}

  /// What a search's work found and has not delivered yet: the first match goes to the page
  /// at once (the cursor goes to it), the rest 256 at a time.
  public struct Batch {
    var rows: [Int] = []
    var deliveredAny = false

    /// An empty batch.
    public init() {}

    /// Row `row` found: delivered to `job` with the batch when it is time.
    public mutating func add(_ row: Int, to job: TableSearchJob) {
      rows.append(row)
      if rows.count >= 256 || !deliveredAny { flush(to: job) }
    }

    /// Delivers what is left (the end of a pass).
    public mutating func flush(to job: TableSearchJob) {
      guard !rows.isEmpty else { return }
      deliveredAny = true
      job.deliver(rows)
      rows.removeAll(keepingCapacity: true)
    }
  }

  /// Rows found (called by the work, on any thread).
  public func deliver(_ rows: [Int]) {
    guard !rows.isEmpty else { return }
    state.withLock { $0.found += rows }
  }

  /// The work ended (`problem`: why it stopped early).
  public func finish(problem: String? = nil) {
    state.withLock {
      $0.isDone = true
      $0.problem = problem
    }
  }

  /// What to do to stop the work early (set by the work).
  public func onStop(_ stop: @escaping @Sendable () -> Void) { stopping.withLock { $0 = stop } }

  /// Stops the work early (nothing once it is done).
  public func stop() {
    guard !state.withLock({ $0.isDone }) else { return }
    stopping.withLock { $0 }?()
  }

  /// The rows found since the last call, and whether the search is done (with its problem).
  public func take() -> (rows: [Int], isDone: Bool, problem: String?) {
    state.withLock { state in
      defer { state.found.removeAll() }
      return (state.found, state.isDone, state.problem)
    }
  }
}

/// The demo table: `rows` × 50 columns of generated people, places, dates, statuses and
/// numbers, each cell computed from its row and column when it shows (nothing is stored).
public final class DemoTable: TableContent {
  /// How many rows.
  public let rowCount: Int
  /// The columns' titles: ten kinds, then again numbered ("Amount 2").
  public let columnTitles: [String]
  static let kinds = [
    "#", "Name", "City", "Joined", "Status", "Plan", "Amount", "Quantity", "Rating", "Share",
  ]
  static let cities = [
    "Lisbon", "Osaka", "Nairobi", "Quito", "Tallinn", "Hobart", "Recife", "Bergen", "Hanoi",
    "Tucson", "Lyon", "Daegu", "Perth", "Split", "Cusco", "Izmir", "Malmö", "Goa", "Dakar",
    "Halifax",
  ]
  static let statuses = ["Active", "Paused", "Trial", "Closed"]
  static let plans = ["Free", "Pro", "Team", "Enterprise"]

  /// A demo of `rows` rows and `columns` columns (50 by default).
  public init(rows: Int, columns: Int = 50) {
    rowCount = max(0, rows)
    columnTitles = (0..<max(1, columns)).map { column in
      let kind = column < Self.kinds.count ? column : 1 + (column - 1) % (Self.kinds.count - 1)
      let round = column < Self.kinds.count ? 1 : 1 + (column - 1) / (Self.kinds.count - 1)
      return Self.kinds[kind] + (round > 1 ? " \(round)" : "")
    }
  }

  /// The kind (an index into ``kinds``) of `column`.
  static func kind(of column: Int) -> Int {
    column < kinds.count ? column : 1 + (column - 1) % (kinds.count - 1)
  }

  /// A number drawn from the row and column, the same every time.
  static func draw(_ row: Int, _ column: Int) -> UInt64 {
    var z =
      UInt64(truncatingIfNeeded: row) &* 0x9E37_79B9_7F4A_7C15
      &+ UInt64(truncatingIfNeeded: column) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// What a screen reader names the grid.
  public var name: String { "Accounts" }

  /// Every cell is there at once.
  public func text(row: Int, column: Int) -> String? {
    guard row >= 0, row < rowCount, column >= 0, column < columnTitles.count else { return nil }
    let value = Self.draw(row, column)
    switch Self.kind(of: column) {
    case 0: return (row + 1).formatted
    case 1: return DemoData.title(forItem: Int(value % 576))
    case 2: return Self.cities[Int(value % UInt64(Self.cities.count))]
    case 3: return Self.isoDate(days: Int(value % 3_650))
    case 4: return Self.statuses[Int(value % 4)]
    case 5: return Self.plans[Int(value % 4)]
    case 6: return Self.cents(Int(value % 1_000_000))
    case 7: return String(value % 1_000)
    case 8: return Self.tenths(Int(value % 41) + 10)
    default: return "\(value % 101) %"
    }
  }

  /// Numbers sort as numbers (dates by their day), the rest as text.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    let value = Self.draw(row, column)
    switch Self.kind(of: column) {
    case 0: return .number(Double(row))
    case 3: return .number(Double(value % 3_650))
    case 6: return .number(Double(value % 1_000_000) / 100)
    case 7: return .number(Double(value % 1_000))
    case 8: return .number(Double(value % 41 + 10) / 10)
    case 9: return .number(Double(value % 101))
    default: return .text(text(row: row, column: column) ?? "")
    }
  }

  /// The number columns.
  public func isNumeric(column: Int) -> Bool {
    [0, 3, 6, 7, 8, 9].contains(Self.kind(of: column))
  }

  /// Nothing arrives: all is there.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) { (0..<0, false) }

  /// All is there.
  public var loadingStatus: String? { nil }

  /// "2019-04-12": day `days` after 1 January 2015.
  static func isoDate(days: Int) -> String {
    // Days since 1970 → civil date (Howard Hinnant's algorithm).
    let z = days + 16_436 + 719_468
    let era = z / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day))"
  }

  /// "12,345.67" from cents.
  static func cents(_ cents: Int) -> String {
    let rest = cents % 100
    return "\((cents / 100).formatted).\(rest < 10 ? "0" : "")\(rest)"
  }

  /// "4.2" from tenths.
  static func tenths(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }
}

/// A CSV file as the table page's content: the first row titles the columns; rows show as
/// the file's thread finds them (placeholders beyond, up to an estimate of the count from the
/// file's size), each read from the file when it shows; sorting reads the column once.
public final class CSVTable: TableContent {
  /// The file.
  public let file: CSVFile
  /// The columns' titles (the first row).
  public private(set) var columnTitles: [String] = []
  /// Where each data row starts in the file (the header row not included).
  private(set) var starts: [Int] = []
  private(set) var headerStart = 0
  private(set) var isDone = false
  private(set) var problem: DataFileError?
  private var scannedBytes = 0
  /// What a lenient read let through so far.
  public private(set) var leniency = CSVScanner.Leniency()
  /// Rows read lately, by row: what scrolling shows again.
  private var cache: [Int: [String]] = [:]
  /// Sort keys of one column for every row read so far.
  private var keyCache: (column: Int, keys: [TableSortKey])?
  private var numeric: [Bool] = []
  /// The count shown while loading: the rows found, or more (an estimate from the bytes left).
  public private(set) var rowCount = 0
  /// Rows edited in place: their fields after the edits, by row (``setText(_:row:column:)``).
  var editedRows: [Int: [String]] = [:]
  /// The edited rows as the last save wrote them (``markSaved()``).
  var savedRows: [Int: [String]] = [:]

  /// The table of `file`, with what its thread found so far.
  public init(file: CSVFile) {
    self.file = file
    _ = update()
  }

  /// Data rows found so far.
  public var loadedRowCount: Int { starts.count }

  /// The cell's field; `nil` for a row not found yet.
  public func text(row: Int, column: Int) -> String? {
    guard row >= 0, row < starts.count, column >= 0 else { return nil }
    let fields = editedRows.isEmpty ? self.fields(ofRow: row) : editedFields(ofRow: row)
    return column < fields.count ? Self.oneLine(fields[column]) : ""
  }

  /// A field on one line: a line break inside a quoted field shows as `↵` (a cell is one
  /// line, and the break is part of the value).
  static func oneLine(_ field: String) -> String {
    guard field.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return field }
    return String(field.map { $0.isNewline ? "↵" : $0 })
  }

  func fields(ofRow row: Int) -> [String] {
    if let fields = cache[row] { return fields }
    let end = row + 1 < starts.count ? starts[row + 1] : min(file.size, starts[row] + 1 << 16)
    let bytes = file.read(starts[row]..<end)
    let fields = bytes.withUnsafeBytes { CSVRow.fields($0, delimiter: file.dialect.delimiter) }
    if cache.count >= 4_096 { cache.removeAll(keepingCapacity: true) }
    cache[row] = fields
    return fields
  }

  /// Numbers sort as numbers, other text as text, rows not found yet last. Keys are read a
  /// run of rows at a time, in one read of the file each (asked in row order, as a sort
  /// asks, the file is read once), and kept for the column last asked.
  ///
  /// - Complexity: amortised O(bytes of a row); one read of at most 4,096 rows' bytes.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    guard row >= 0, row < starts.count, column >= 0 else { return .missing }
    if !editedRows.isEmpty, let fields = editedRows[row] {
      return Self.key(column < fields.count ? fields[column] : "")
    }
    if keyCache?.column != column { keyCache = (column, []) }
    if row >= keyCache!.keys.count { readKeys(ofColumn: column, through: row) }
    return keyCache!.keys[row]
  }

  /// Reads the keys of `column` from the first row not read yet through `row`, 4,096 rows
  /// (or more, to reach `row`) a read.
  private func readKeys(ofColumn column: Int, through row: Int) {
    var keys = keyCache?.keys ?? []
    keyCache = nil  // one owner while it grows
    /// Where row `row` ends: the next row's start (the last one found: at most 64 KB on).
    func end(_ row: Int) -> Int {
      row + 1 < starts.count ? starts[row + 1] : min(file.size, starts[row] + 1 << 16)
    }
    while keys.count <= row {
      let first = keys.count
      let last = min(starts.count, max(row + 1, first + 4_096))
      let byteStart = starts[first]
      let bytes = file.read(byteStart..<end(last - 1))
      bytes.withUnsafeBytes { raw in
        for current in first..<last {
          let start = min(raw.count, starts[current] - byteStart)
          let stop = min(raw.count, max(start, end(current) - byteStart))
          keys.append(
            Self.key(
              CSVRow.field(
                column, of: UnsafeRawBufferPointer(rebasing: raw[start..<stop]),
                delimiter: file.dialect.delimiter)))
        }
      }
    }
    keyCache = (column, keys)
  }

  /// A field's key: a number when it reads as one, else its text.
  static func key(_ field: String?) -> TableSortKey {
    guard let field else { return .missing }
    if let number = Double(field) { return .number(number) }
    return .text(field)
  }

  /// Whether the column's first rows read as numbers.
  public func isNumeric(column: Int) -> Bool {
    column < numeric.count && numeric[column]
  }

  /// Takes the rows the thread found: the first titles the columns; the count shown is the
  /// rows found, or while loading an estimate from the bytes left.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) {
    let progress = file.takeProgress()
    let before = starts.count
    var found = progress.rowStarts[...]
    if columnTitles.isEmpty, let header = found.first {
      headerStart = header
      found = found.dropFirst()
      let bytes = file.read(header..<min(file.size, header + 1 << 16))
      columnTitles = bytes.withUnsafeBytes {
        CSVRow.fields($0, delimiter: file.dialect.delimiter)
      }
    }
    starts += found
    scannedBytes = progress.scannedBytes
    isDone = progress.isDone
    if problem == nil { problem = progress.problem }
    leniency = progress.leniency
    if numeric.isEmpty && starts.count >= min(20, max(1, estimatedRows))
      || isDone && numeric.isEmpty
    {
      let sample = (0..<min(20, starts.count)).map { fields(ofRow: $0) }
      numeric = columnTitles.indices.map { column in
        !sample.isEmpty
          && sample.allSatisfy { column < $0.count && Double($0[column]) != nil }
      }
    }
    let count = isDone ? starts.count : max(starts.count, estimatedRows)
    let changed = count != rowCount
    rowCount = count
    return (before..<starts.count, changed)
  }

  /// While the file is read, the rows shown are an estimate from the bytes per row so far.
  public var isRowCountEstimated: Bool { !isDone && problem == nil }
  /// The file is still being read.
  public var isStillReading: Bool { !isDone && problem == nil }

  /// The rows the file likely holds, from the bytes per row so far.
  private var estimatedRows: Int {
    guard starts.count > 0, scannedBytes > headerStart else { return starts.count }
    let perRow = Double(scannedBytes - headerStart) / Double(starts.count + 1)
    return Int(Double(file.size - headerStart) / max(1, perRow))
  }

  /// "loading 45 % (450,123 rows)", or the problem that stopped loading; a lenient read says
  /// what it let through ("lenient, ';' between fields: 3 comment lines skipped").
  public var loadingStatus: String? {
    if let problem {
      return "\(problem) · showing the \(plural(starts.count, "row")) before it"
    }
    let lenient = file.dialect.lenient ? readingNote : nil
    guard !isDone else { return lenient }
    let percent = file.size > 0 ? scannedBytes * 100 / file.size : 100
    let loading = "loading \(percent) % (\(plural(starts.count, "row")))"
    return lenient.map { loading + " · " + $0 } ?? loading
  }

  /// How a lenient read went: "lenient, ';' between fields: 3 comment lines skipped, 12
  /// short rows padded" (`nil` for a strict read).
  public var readingNote: String? {
    guard file.dialect.lenient else { return nil }
    let head = "lenient, '\(file.dialect.delimiterName)' between fields"
    return leniency.summary.map { head + ": " + $0 } ?? head
  }

  /// The problem that stopped loading, whole (the status line may cut it).
  public var loadingProblem: DataFileError? { problem }
}
