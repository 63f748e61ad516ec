import ReuseControls
import ReuseKit
import Synchronization

/// What the table page needs to know of a database's table or view.
public struct SQLiteTableInfo: Sendable, Hashable {
  /// Its name.
  public var name: String
  /// Whether it is a view.
  public var isView: Bool
  /// Its columns' names.
  public var columns: [String]
  /// The columns declared as numbers (integer, real, numeric, decimal, float, double).
  public var numericColumns: Set<Int>
  /// Whether rows have a `rowid` (not a view, not `WITHOUT ROWID`).
  public var hasRowid: Bool
  /// The columns an index starts with: sorting by one is an `ORDER BY` through it.
  public var indexedColumns: Set<Int>
}

extension SQLiteDatabase {
  /// The database's tables and views (SQLite's own left out), by name, each read from the
  /// schema: nothing of their rows is read.
  public func tables() throws(DataFileError) -> [SQLiteTableInfo] {
    var found: [(String, Bool)] = []
    try query(
      "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') "
        + "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    ) { row in
      found.append((row.text(0), row.text(1) == "view"))
      return true
    }
    var tables: [SQLiteTableInfo] = []
    for (name, isView) in found {
      var columns: [String] = []
      var numeric: Set<Int> = []
      try query("SELECT name, upper(type) FROM pragma_table_info(?)", [.text(name)]) { row in
        let type = row.text(1)
        if ["INT", "REAL", "NUM", "DEC", "FLOA", "DOUB"].contains(where: type.contains) {
          numeric.insert(columns.count)
        }
        columns.append(row.text(0))
        return true
      }
      var indexed: Set<Int> = []
      try query(
        "SELECT ii.name FROM pragma_index_list(?) il, pragma_index_info(il.name) ii "
          + "WHERE ii.seqno = 0", [.text(name)]
      ) { row in
        if let column = columns.firstIndex(of: row.text(0)) { indexed.insert(column) }
        return true
      }
      // A view or a WITHOUT ROWID table has no rowid: selecting it fails to prepare.
      let hasRowid =
        !isView
        && (try? integer("SELECT count(*) FROM (SELECT rowid FROM \(Self.quote(name)) LIMIT 0)"))
          != nil
      tables.append(
        SQLiteTableInfo(
          name: name, isView: isView, columns: columns.isEmpty ? ["(no columns)"] : columns,
          numericColumns: numeric, hasRowid: hasRowid, indexedColumns: indexed))
    }
    return tables
  }
}

/// A table of a SQLite database shown in the table page without loading it: pages of rows
/// are read as they come into view (`PagedItems`, from ReuseKit), the count comes from the
/// `rowid` range at once and exactly from a background count, and a sort is the database's:
/// an `ORDER BY` through an index when one starts with the column, else a temporary table of
/// the sorted `rowid`s made off the loop (with its time in the status line; Escape stops it),
/// after which any page is one indexed range away.
public final class SQLiteTable: TableContent {
  /// The database.
  public let database: SQLiteDatabase
  /// The table.
  public let info: SQLiteTableInfo
  /// The list of tables it was opened from.
  public let parent: (any TableContent)?
  /// The rows, a page at a time.
  public private(set) var items: PagedItems<[String]>
  /// How pages are read now; the loads read it under its lock.
  private let plan: Locked<Plan>
  /// The background count: `nil` while counting, then the count (−1 when it failed), taken
  /// by ``update()``.
  private let exactCount = Locked<CountState>(.counting)
  private var sortJob: (descriptor: TableSortDescriptor, began: Double)?
  /// The sort job's result, with the number of the sort it belongs to.
  private let sortResult = Locked<(sort: Int, result: Result<String, DataFileError>)?>(nil)
  private var finishedSort: Result<TableSortDescriptor?, DataFileError>?
  private var sortTables = 0
  /// Whether the rows have not been told what shows yet: busy until they are.
  private var awaitsDisplayedRows = true
  private let clock: @Sendable () -> Double

  enum CountState: Sendable, Equatable {
    case counting, found(Int), failed, taken
  }

  /// How a page is read.
  struct Plan: Sendable {
    enum Order: Sendable {
      /// Stored order: `rowid` ranges when dense (rowids first…first+count-1), else offsets.
      case stored(denseFrom: Int?)
      /// `ORDER BY` a column, by offset (through an index when there is one).
      case orderBy(column: String, ascending: Bool)
      /// The order of a temporary table of sorted `rowid`s: a page is a range of its rowids.
      case sortedTable(String)
    }
    var order: Order
  }

  /// Opens `info` of `database`: nothing of its rows is read until they show.
  public init(
    database: SQLiteDatabase, info: SQLiteTableInfo, parent: (any TableContent)? = nil,
    clock: @escaping @Sendable () -> Double = { 0 }
  ) {
    self.database = database
    self.info = info
    self.parent = parent
    self.clock = clock
    plan = Locked(Plan(order: .stored(denseFrom: nil)))
    // The rowid range gives a count at once (exact when rowids are dense, as most are).
    var estimate: Int?
    if info.hasRowid {
      try? database.query(
        "SELECT (SELECT rowid FROM \(SQLiteDatabase.quote(info.name)) ORDER BY rowid LIMIT 1), "
          + "(SELECT rowid FROM \(SQLiteDatabase.quote(info.name)) ORDER BY rowid DESC LIMIT 1)"
      ) { row in
        let low = row.integer(0)
        let high = row.integer(1)
        estimate = high >= low ? high - low + 1 : 0
        return false
      }
    }
    items = PagedItems(count: estimate, configuration: Self.paging, loader: { _ in [] })
    items = makeItems(count: estimate)
    startCount()
  }

  deinit {
    if sortJob != nil { database.interrupt() }  // its temporary table is not needed
  }

  /// Pages of 100 rows, a page ahead either way, at most 5,000 rows loaded.
  static let paging = PagingConfiguration(
    pageSize: 100, prefetchDistance: 100, jumpThreshold: 400, maximumLoadedItems: 5_000)

  private func makeItems(count: Int?) -> PagedItems<[String]> {
    let database = database
    let table = SQLiteDatabase.quote(info.name)
    let hasRowid = info.hasRowid
    let plan = plan
    return PagedItems(count: count, configuration: Self.paging) { range in
      try Task.checkCancellation()
      let order = plan.withLock { $0.order }
      let sql: String
      let arguments: [SQLiteValue]
      switch order {
      case .stored(let first?):
        sql = "SELECT * FROM \(table) WHERE rowid >= ? AND rowid < ? ORDER BY rowid"
        arguments = [.integer(first + range.lowerBound), .integer(first + range.upperBound)]
      case .stored(nil):
        sql = "SELECT * FROM \(table)\(hasRowid ? " ORDER BY rowid" : "") LIMIT ? OFFSET ?"
        arguments = [.integer(range.count), .integer(range.lowerBound)]
      case .orderBy(let column, let ascending):
        sql =
          "SELECT * FROM \(table) ORDER BY \(SQLiteDatabase.quote(column)) "
          + "\(ascending ? "ASC" : "DESC")\(hasRowid ? ", rowid" : "") LIMIT ? OFFSET ?"
        arguments = [.integer(range.count), .integer(range.lowerBound)]
      case .sortedTable(let sorted):
        sql =
          "SELECT t.* FROM temp.\(SQLiteDatabase.quote(sorted)) o JOIN \(table) t "
          + "ON t.rowid = o.r WHERE o.rowid > ? AND o.rowid <= ? ORDER BY o.rowid"
        arguments = [.integer(range.lowerBound), .integer(range.upperBound)]
      }
      var rows: [[String]] = []
      rows.reserveCapacity(range.count)
      do {
        try database.query(sql, arguments) { row in
          rows.append((0..<row.columnCount).map(row.text))
          return !Task.isCancelled
        }
      } catch let error as DataFileError where error.message == "interrupted" {
        throw CancellationError()
      }
      try Task.checkCancellation()
      return rows
    }
  }

  /// Counts the rows off the loop (the count of the `rowid` range stands in meanwhile).
  private func startCount() {
    let database = database
    let table = SQLiteDatabase.quote(info.name)
    let exactCount = exactCount
    let started = runOnThreadOfItsOwn {
      let count = try? database.integer("SELECT count(*) FROM \(table)")
      exactCount.withLock { $0 = count.map(CountState.found) ?? .failed }
    }
    if !started { exactCount.withLock { $0 = .failed } }
  }

  // MARK: TableContent

  /// The table's name.
  public var name: String { info.name }
  /// The columns' names.
  public var columnTitles: [String] { info.columns }
  /// The rows known now.
  public var rowCount: Int { items.count }

  /// The cell's text, `nil` while its page loads; a page that failed says why in its first
  /// column.
  public func text(row: Int, column: Int) -> String? {
    switch items[row] {
    case .loaded(let values): return column < values.count ? values[column] : ""
    case .placeholder: return nil
    case .failed(let error): return column == 0 ? "⚠ \(error)" : ""
    }
  }

  /// The database sorts: no keys are asked of the content.
  public func sortKey(row: Int, column: Int) -> TableSortKey { .missing }

  /// The columns declared as numbers.
  public func isNumeric(column: Int) -> Bool { info.numericColumns.contains(column) }

  /// Loads around what shows.
  public func noteDisplayed(rows: Range<Int>) {
    awaitsDisplayedRows = false
    items.noteDisplayed(rows)
  }

  /// Loads the pages of the rows that show, far apart (filtered).
  public func noteDisplayed(scatteredRows: [Int]) {
    awaitsDisplayedRows = false
    items.noteDisplayed(scattered: scatteredRows)
  }

  /// What loads brought; the exact count when it came; the sort made off the loop, once done.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) {
    var countChanged = false
    if case .found(let exact) = exactCount.withLock({ $0 }) {
      exactCount.withLock { $0 = .taken }
      plan.withLock { plan in
        if case .stored(nil) = plan.order, info.hasRowid, exact == items.count, exact > 0 {
          // Dense rowids: a page is a rowid range from now on (the same rows).
          let first = try? database.integer(
            "SELECT rowid FROM \(SQLiteDatabase.quote(info.name)) ORDER BY rowid LIMIT 1")
          if let first { plan.order = .stored(denseFrom: first) }
        }
      }
      if exact != items.count {
        items.refresh(count: exact)
        countChanged = true
      }
    }
    if let job = sortJob, let (sort, result) = sortResult.withLock({ $0 }), sort == sortTables {
      sortResult.withLock { $0 = nil }
      sortJob = nil
      switch result {
      case .success(let sorted):
        show(.sortedTable(sorted))
        finishedSort = .success(job.descriptor)
      case .failure(let error) where error.message == "interrupted":
        break  // cancelled: the rows keep their order
      case .failure(let error):
        finishedSort = .failure(error)
      }
    }
    let changes = items.takeChanges()
    if changes.oldCount != nil { countChanged = true }
    guard let first = changes.ranges.first, let last = changes.ranges.last else {
      return (0..<0, countChanged)
    }
    return (first.lowerBound..<last.upperBound, countChanged)
  }

  /// Shows the rows in `order` from now on (a new store: the old one's loads are cancelled).
  private func show(_ order: Plan.Order) {
    let count = items.isCountKnown ? items.count : nil
    let shown = items.displayedRange
    plan.withLock { $0.order = order }
    items = makeItems(count: count)
    // The rows that showed load at once; the table says which show once it has moved.
    items.noteDisplayed(shown)
  }

  /// Counting, or a sort being made.
  public var loadingStatus: String? {
    if let job = sortJob {
      let seconds = Int(max(0, clock() - job.began))
      return
        "sorting by \(info.columns[job.descriptor.column]) "
        + "\(job.descriptor.ascending ? "↑" : "↓")… \(seconds) s (Esc cancels)"
    }
    if exactCount.withLock({ $0 == .counting }) { return "counting rows…" }
    return nil
  }

  /// Loads run, the count or a sort is being made.
  public var isBusy: Bool {
    items.hasPendingWork || sortJob != nil || finishedSort != nil || awaitsDisplayedRows
      || exactCount.withLock { $0 != .taken && $0 != .failed }
  }

  /// The database sorts: through an index (or for a view) at once, else off the loop.
  public func sortRows(by descriptor: TableSortDescriptor?) -> Bool {
    _ = cancelSort()
    guard let descriptor, info.columns.indices.contains(descriptor.column) else {
      show(
        .stored(
          denseFrom: plan.withLock { plan in
            if case .stored(let first) = plan.order { return first }
            return nil
          }))
      finishedSort = .success(nil)
      return true
    }
    let column = info.columns[descriptor.column]
    if info.indexedColumns.contains(descriptor.column) || !info.hasRowid {
      show(.orderBy(column: column, ascending: descriptor.ascending))
      finishedSort = .success(descriptor)
      return true
    }
    sortTables += 1
    let sorted = "reusekit_order_\(sortTables)"
    let sql =
      "CREATE TEMP TABLE \(SQLiteDatabase.quote(sorted)) AS SELECT rowid AS r FROM "
      + "\(SQLiteDatabase.quote(info.name)) ORDER BY \(SQLiteDatabase.quote(column)) "
      + "\(descriptor.ascending ? "ASC" : "DESC"), rowid"
    let database = database
    let sortResult = sortResult
    let number = sortTables
    let started = runOnThreadOfItsOwn {
      let result: Result<String, DataFileError>
      do throws(DataFileError) {
        try database.execute(sql)
        result = .success(sorted)
      } catch {
        result = .failure(error)
      }
      sortResult.withLock { $0 = (number, result) }
    }
    guard started else {
      finishedSort = .failure(DataFileError("cannot sort: a thread did not start"))
      return true
    }
    sortJob = (descriptor, clock())
    return true
  }

  /// A query finds the rows whose text in `column` contains `needle` (ASCII letters compared
  /// ignoring case, as SQLite's `lower` folds them), by their place in the order shown: from
  /// `start` to the end first, then from the top; the needle is bound, never written into SQL.
  public func search(
    for needle: String, column: Int, from start: Int, wholeValue: Bool
  )
    -> TableSearchJob?
  {
    guard info.columns.indices.contains(column) else { return nil }
    let job = TableSearchJob()
    let table = SQLiteDatabase.quote(info.name)
    let value = SQLiteDatabase.quote(info.columns[column])
    let ordered: String
    switch plan.withLock({ $0.order }) {
    case .sortedTable(let sorted):
      ordered =
        "SELECT o.rowid - 1 AS n, t.\(value) AS v FROM temp.\(SQLiteDatabase.quote(sorted)) o "
        + "JOIN \(table) t ON t.rowid = o.r"
    case .orderBy(let name, let ascending):
      ordered =
        "SELECT row_number() OVER (ORDER BY \(SQLiteDatabase.quote(name)) "
        + "\(ascending ? "ASC" : "DESC")\(info.hasRowid ? ", rowid" : "")) - 1 AS n, "
        + "\(value) AS v FROM \(table)"
    case .stored:
      ordered =
        "SELECT row_number() OVER (\(info.hasRowid ? "ORDER BY rowid" : "")) - 1 AS n, "
        + "\(value) AS v FROM \(table)"
    }
    // A needle between slashes is a regular expression (SQLite has none: ours, registered on
    // the connection), else text.
    let pattern = wholeValue ? nil : TableMatcher.patternText(of: needle)
    let test =
      wholeValue
      // The text a cell shows: an empty one is also NULL.
      ? "(CAST(v AS TEXT) = ?1 OR (?1 = '' AND v IS NULL))"
      : pattern == nil ? "instr(lower(v), lower(?1)) > 0" : "reusekit_regexp(?1, v)"
    let bound = pattern ?? needle
    let sql = "SELECT n FROM (\(ordered)) WHERE \(test) AND n >= ?2 AND n < ?3 ORDER BY n"
    let database = database
    let stop = Locked(false)
    let started = runOnThreadOfItsOwn {
      do throws(DataFileError) {
        var deliveredAny = false
        for range in [start..<Int.max, 0..<start] where !range.isEmpty {
          var found: [Int] = []
          try database.query(
            sql, [.text(bound), .integer(range.lowerBound), .integer(range.upperBound)]
          ) { row in
            found.append(row.integer(0))
            // The first match at once (the cursor goes to it), then in batches.
            if found.count >= 256 || !deliveredAny {
              deliveredAny = true
              job.deliver(found)
              found.removeAll(keepingCapacity: true)
            }
            return !stop.withLock { $0 }
          }
          job.deliver(found)
        }
        job.finish()
      } catch {
        job.finish(problem: error.message)
      }
    }
    guard started else {
      job.finish(problem: "a thread did not start")
      return job
    }
    job.onStop { [weak database] in
      stop.withLock { $0 = true }
      database?.interrupt()
    }
    return job
  }

  /// Counts `column`'s values with `GROUP BY`, on a thread of its own (`NULL` counted as
  /// empty, as its cells show it).
  public func countValues(column: Int) -> TableCountJob? {
    guard info.columns.indices.contains(column) else { return nil }
    let job = TableCountJob()
    let database = database
    let sql =
      "SELECT v, count(*) FROM (SELECT \(SQLiteDatabase.quote(info.columns[column])) AS v "
      + "FROM \(SQLiteDatabase.quote(info.name))) GROUP BY v"
    let started = runOnThreadOfItsOwn {
      var counts: [String: Int] = [:]
      do throws(DataFileError) {
        try database.query(sql) { row in
          counts[row.text(0), default: 0] += row.integer(1)
          return true
        }
        job.finish(.success(counts))
      } catch {
        job.finish(.failure(error))
      }
    }
    if !started { job.finish(.failure(DataFileError("a thread did not start"))) }
    return job
  }

  /// The sort that finished since the last call.
  public func takeFinishedSort() -> Result<TableSortDescriptor?, DataFileError>? {
    defer { finishedSort = nil }
    return finishedSort
  }

  /// Stops the sort being made (SQLite is interrupted; loads it cut short load again).
  public func cancelSort() -> Bool {
    guard sortJob != nil else { return false }
    sortJob = nil
    database.interrupt()
    return true
  }
}

/// A value behind a lock, shared with tasks (a `Mutex` cannot be captured: it is not
/// copyable).
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) { mutex = Mutex(value) }

  func withLock<Result>(
    _ body: (inout sending Value) throws -> sending Result
  ) rethrows
    -> sending Result
  {
    try mutex.withLock(body)
  }
}

/// A SQLite file as `--data` opens it: the database and its tables' schemas (no rows read).
public struct SQLiteFile: Sendable {
  /// The database, read-only.
  public let database: SQLiteDatabase
  /// Its tables and views.
  public let tables: [SQLiteTableInfo]

  /// Opens the database at `path` and reads its schema.
  public static func open(path: String) throws(DataFileError) -> SQLiteFile {
    let database = try SQLiteDatabase.open(path: path)
    return SQLiteFile(database: database, tables: try database.tables())
  }
}

/// The list of a database's tables, shown in the table page before one is opened: a row per
/// table or view with its row count (counted off the loop, one table after another: never
/// loaded), its column count and kind. Enter opens the focused one (``opening(row:)``).
public final class SQLiteTableList: TableContent {
  /// The database.
  public let file: SQLiteFile
  private let counts: Locked<[Int?]>
  private var shownCounts: [Int?]
  /// Set when the list goes: the counting stops after the table it counts.
  private let stopping = Locked(false)
  private let clock: @Sendable () -> Double

  /// The list of `file`'s tables; their rows are counted in the background.
  public init(file: SQLiteFile, clock: @escaping @Sendable () -> Double = { 0 }) {
    self.file = file
    self.clock = clock
    shownCounts = Array(repeating: nil, count: file.tables.count)
    counts = Locked(shownCounts)
    let counts = counts
    let tables = file.tables
    let database = file.database
    let stopping = stopping
    _ = runOnThreadOfItsOwn {
      for (index, table) in tables.enumerated() {
        guard !stopping.withLock({ $0 }) else { return }
        let count = try? database.integer(
          "SELECT count(*) FROM \(SQLiteDatabase.quote(table.name))")
        counts.withLock { $0[index] = count ?? -1 }
      }
    }
  }

  deinit { stopping.withLock { $0 = true } }

  /// The file's name.
  public var name: String {
    file.database.path.split(separator: "/").last.map(String.init) ?? file.database.path
  }
  /// Table, Rows, Columns, Kind.
  public var columnTitles: [String] { ["Table", "Rows", "Columns", "Kind"] }
  /// One row per table or view.
  public var rowCount: Int { file.tables.count }

  /// The table's name, its row count ("counting…" until known), columns and kind.
  public func text(row: Int, column: Int) -> String? {
    guard file.tables.indices.contains(row) else { return nil }
    let table = file.tables[row]
    switch column {
    case 0: return table.name
    case 1:
      guard let count = shownCounts[row] else { return "counting…" }
      return count < 0 ? "?" : count.formatted
    case 2: return table.columns.count.formatted
    default: return table.isView ? "view" : "table"
    }
  }

  /// By name, count or column count.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    guard file.tables.indices.contains(row) else { return .missing }
    switch column {
    case 1: return shownCounts[row].map { .number(Double($0)) } ?? .missing
    case 2: return .number(Double(file.tables[row].columns.count))
    default: return .text(text(row: row, column: column) ?? "")
    }
  }

  /// Rows and Columns are numbers.
  public func isNumeric(column: Int) -> Bool { column == 1 || column == 2 }

  /// The counts found since the last call.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) {
    let found = counts.withLock { $0 }
    let changed = found.indices.filter { found[$0] != shownCounts[$0] }
    shownCounts = found
    guard let first = changed.first, let last = changed.last else { return (0..<0, false) }
    return (first..<last + 1, false)
  }

  /// "counting rows…" until every table is counted.
  public var loadingStatus: String? {
    shownCounts.contains(nil) ? "counting rows… (Enter opens the table)" : nil
  }

  /// Counting.
  public var isBusy: Bool { shownCounts.contains(nil) }

  /// The table of `row`, opened a page at a time.
  public func opening(row: Int) -> (any TableContent)? {
    guard file.tables.indices.contains(row) else { return nil }
    return SQLiteTable(
      database: file.database, info: file.tables[row], parent: self, clock: clock)
  }
}
