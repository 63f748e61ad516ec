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
  /// The cursor moved while the sort begun by ``sortRows(by:following:)`` is made: the sort
  /// follows `row` (numbered as before the sort) instead, where it has not looked for the
  /// followed row yet.
  func followRow(_ row: Int)
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
  /// No row followed.
  public func followRow(_ row: Int) {}
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
