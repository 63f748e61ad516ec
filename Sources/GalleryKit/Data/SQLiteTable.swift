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
public final class SQLiteTable: PagedTableContent, TableContent {
  /// The database.
  public let database: SQLiteDatabase
  /// The table.
  public let info: SQLiteTableInfo
  /// The list of tables it was opened from.
  public let parent: (any TableContent)?
  /// How pages are read now; the loads read it under its lock.
  let plan: Locked<Plan>
  /// The background count: `nil` while counting, then the count (−1 when it failed), taken
  /// by ``update()``.
  let exactCount = Locked<CountState>(.counting)
  var sortJob: (descriptor: TableSortDescriptor, began: Double)?
  /// The sort job's result, with the number of the sort it belongs to.
  let sortResult = Locked<(sort: Int, result: Result<String, DataFileError>)?>(nil)
  var sortTables = 0
  let clock: @Sendable () -> Double

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
    super.init(items: PagedItems(count: estimate, configuration: Self.paging) { _ in [] })
    items = makeItems(count: estimate)
    startCount()
  }

  deinit {
    if sortJob != nil { database.interrupt() }  // its temporary table is not needed
  }

  /// Pages of 100 rows, a page ahead either way, at most 5,000 rows loaded.
  static let paging = PagingConfiguration(
    pageSize: 100, prefetchDistance: 100, jumpThreshold: 400, maximumLoadedItems: 5_000)

  func makeItems(count: Int?) -> PagedItems<[String]> {
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

  /// Counts the rows off the loop (the count of the `rowid` range stands in meanwhile), on a
  /// connection of its own: the pages the screen needs never wait behind the count (one
  /// connection runs one statement at a time).
  func startCount() {
    let path = database.path
    let table = SQLiteDatabase.quote(info.name)
    let exactCount = exactCount
    let started = runOnThreadOfItsOwn {
      let counting = try? SQLiteDatabase.open(path: path)
      let count = try? counting?.integer("SELECT count(*) FROM \(table)")
      exactCount.withLock { $0 = count.map(CountState.found) ?? .failed }
    }
    if !started { exactCount.withLock { $0 = .failed } }
  }
}

/// A value behind a lock, shared with tasks (a `Mutex` cannot be captured: it is not
/// copyable).
public final class Locked<Value: Sendable>: Sendable {
  let mutex: Mutex<Value>

  /// `value`, behind its lock.
  public init(_ value: Value) { mutex = Mutex(value) }

  /// Runs `body` on the value, holding the lock.
  public func withLock<Result>(
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

/// The list of a SQLite file's tables, shown in the table page before one is opened: counted
/// off the loop on a connection of its own, one table after another (never loaded). Enter
/// opens the focused one (``opening(row:)``).
public final class SQLiteTableList: DatabaseTableList {
  /// The database.
  public let file: SQLiteFile
  let clock: @Sendable () -> Double

  /// The list of `file`'s tables; their rows are counted in the background.
  public init(file: SQLiteFile, clock: @escaping @Sendable () -> Double = { 0 }) {
    self.file = file
    self.clock = clock
    let path = file.database.path
    super.init(
      name: path.split(separator: "/").last.map(String.init) ?? path,
      entries: file.tables.map {
        Entry(name: $0.name, columnCount: $0.columns.count, isView: $0.isView)
      })
    startCounting()
  }

  /// Counts the tables one after another on a connection of its own (a table opened
  /// meanwhile reads its first page at once).
  public override func startCounting() {
    let tables = file.tables
    let counts = counts
    let path = file.database.path
    let generation = counts.startGeneration()
    _ = runOnThreadOfItsOwn {
      guard let database = try? SQLiteDatabase.open(path: path) else { return counts.failAll() }
      for (index, table) in tables.enumerated() {
        guard counts.counts(generation) else { return }
        let count = try? database.integer(
          "SELECT count(*) FROM \(SQLiteDatabase.quote(table.name))")
        if counts.counts(generation) { counts.found(count, forTable: index) }
      }
    }
  }

  /// The table of `row`, opened a page at a time.
  public override func opening(row: Int) -> (any TableContent)? {
    guard file.tables.indices.contains(row) else { return nil }
    return SQLiteTable(
      database: file.database, info: file.tables[row], parent: self, clock: clock)
  }
}

/// A name for a sort's temporary table, new in this process: temporary tables live as long as
/// the connection, which the tables of a database share, so a table opened again (its own
/// count back at 1) made "reusekit_order_1" a second time, and every sort failed with "table
/// already exists" (a new user's finding).
package func sortTableName() -> String {
  "reusekit_order_\(sortTableNumbers.withLock { number in number += 1; return number })"
}

private let sortTableNumbers = Mutex<Int>(0)
