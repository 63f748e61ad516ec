import ReuseControls
import ReuseKit
import Synchronization

extension SQLiteTable {
  // MARK: TableContent

  /// The table's name.
  public var name: String { info.name }
  /// The columns' names.
  public var columnTitles: [String] { info.columns }
  /// The columns declared as numbers.
  public func isNumeric(column: Int) -> Bool { info.numericColumns.contains(column) }

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
    let loaded = takeLoadedRows(countChanged: countChanged)
    _ = retryFailedPages(now: clock())  // once this call's arrivals are taken
    return loaded
  }

  /// Shows the rows in `order` from now on (a new store: the old one's loads are cancelled).
  func show(_ order: Plan.Order) {
    plan.withLock { $0.order = order }
    replaceItems(with: makeItems)
  }

  /// Reads the rows again (another program changed the file): counted again, and the pages
  /// shown asked again, their old values showing until they arrive.
  public func refresh() -> Bool {
    exactCount.withLock { $0 = .counting }
    startCount()
    items.refresh(count: items.isCountKnown ? items.count : nil)
    return true
  }

  /// The cursor moved while a sort is made: that row is the one followed.
  public func followRow(_ row: Int) {
    guard sortJob != nil, row >= 0 else { return }
    followedRow.withLock { $0 = row }
  }

  /// Counting, or a sort being made.
  public var loadingStatus: String? {
    if let job = sortJob {
      return sortingStatus(job.descriptor, of: info.columns, began: job.began, now: clock())
    }
    if let failed = failureStatus(now: clock()) { return failed }
    if exactCount.withLock({ $0 == .counting }) { return "counting rows…" }
    return nil
  }

  /// Loads run, the count or a sort is being made.
  public var isBusy: Bool {
    items.hasPendingWork || sortJob != nil || finishedSort != nil || awaitsDisplayedRows
      || exactCount.withLock { $0 != .taken && $0 != .failed }
      || waitsToRetry
  }

  /// The database sorts: through an index (or for a view) at once, else off the loop. The
  /// row `following` names is found in the new order off the loop too (by its `rowid`).
  public func sortRows(by descriptor: TableSortDescriptor?, following row: Int?) -> Bool {
    _ = cancelSort()
    followedSort += 1
    followedRow.withLock { $0 = row }
    let old = plan.withLock { $0.order }
    guard let descriptor, info.columns.indices.contains(descriptor.column) else {
      let new = Plan.Order.stored(
        denseFrom: {
          if case .stored(let first) = old { return first }
          return nil
        }())
      show(new)
      finishedSort = .success(nil)
      follow(row, from: old, to: new)
      return true
    }
    let column = info.columns[descriptor.column]
    if info.indexedColumns.contains(descriptor.column) || !info.hasRowid {
      let new = Plan.Order.orderBy(column: column, ascending: descriptor.ascending)
      show(new)
      finishedSort = .success(descriptor)
      follow(row, from: old, to: new)
      return true
    }
    sortTables += 1
    let sorted = sortTableName()
    let sql =
      "CREATE TEMP TABLE \(SQLiteDatabase.quote(sorted)) AS SELECT rowid AS r FROM "
      + "\(SQLiteDatabase.quote(info.name)) ORDER BY \(SQLiteDatabase.quote(column)) "
      + "\(descriptor.ascending ? "ASC" : "DESC"), rowid"
    let database = database
    let sortResult = sortResult
    let number = sortTables
    // The followed row's place, found once the sorted table is made (before the sort is said
    // done, so the cursor moves with the new order's first frame).
    let find = followLookup(row, from: old, to: .sortedTable(sorted))
    let started = runOnThreadOfItsOwn {
      let result: Result<String, DataFileError>
      do throws(DataFileError) {
        try database.execute(sql)
        result = .success(sorted)
        find?()
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

  /// Finds where `row` (numbered in `old`) shows in `new`, off the loop.
  func follow(_ row: Int?, from old: Plan.Order, to new: Plan.Order) {
    guard let find = followLookup(row, from: old, to: new) else { return }
    if !runOnThreadOfItsOwn(find) { followResult.withLock { $0 = (followedSort, .lost) } }
  }

  /// The work that finds where `row` (numbered in `old`) shows in `new`, by its `rowid`, and
  /// says so in ``followResult``; `nil` without a row to follow or a `rowid` to know it by.
  func followLookup(
    _ row: Int?, from old: Plan.Order, to new: Plan.Order
  ) -> (@Sendable () -> Void)? {
    guard let row, row >= 0 else { return nil }
    guard info.hasRowid else {
      followResult.withLock { $0 = (followedSort, .lost) }
      return nil
    }
    // The row's `rowid` where it was (?1 its place), then its place in the new order: in a
    // sorted table a scan of its integers, not a numbering of every row.
    let id: String
    var arguments: [SQLiteValue] = []
    switch old {
    case .stored(denseFrom: let first?):
      id = "SELECT ?1 + ?2"
      arguments.append(.integer(first))
    case .sortedTable(let sorted):
      id = "SELECT r FROM temp.\(SQLiteDatabase.quote(sorted)) WHERE rowid = ?1 + 1"
    default:
      id = "SELECT a.id FROM (\(numbered(old, selecting: "t.rowid AS id"))) a WHERE a.n = ?1"
    }
    let sql: String
    if case .sortedTable(let sorted) = new {
      sql = "SELECT rowid - 1 FROM temp.\(SQLiteDatabase.quote(sorted)) WHERE r = (\(id))"
    } else {
      sql =
        "SELECT b.n FROM (\(numbered(new, selecting: "t.rowid AS id"))) b WHERE b.id = (\(id))"
    }
    let database = database
    let followResult = followResult
    let sort = followedSort
    let rest = arguments
    let followedRow = followedRow
    return {
      // The row the cursor is on now: it may have moved while the sort was made.
      let row = followedRow.withLock { $0 } ?? row
      var found = TableFollowedRow.lost
      try? database.query(sql, [.integer(row)] + rest) { result in
        found = .found(result.integer(0))
        return false
      }
      PagedTableContent.record(found, sort: sort, in: followResult)
    }
  }

  /// The rows in `order` numbered from 0 as `n`, with `values` (of the table, `t`) beside:
  /// the order the pages show.
  func numbered(_ order: Plan.Order, selecting values: String) -> String {
    let table = SQLiteDatabase.quote(info.name)
    switch order {
    case .sortedTable(let sorted):
      return
        "SELECT o.rowid - 1 AS n, \(values) FROM temp.\(SQLiteDatabase.quote(sorted)) o "
        + "JOIN \(table) t ON t.rowid = o.r"
    case .orderBy(let name, let ascending):
      return
        "SELECT row_number() OVER (ORDER BY t.\(SQLiteDatabase.quote(name)) "
        + "\(ascending ? "ASC" : "DESC")\(info.hasRowid ? ", t.rowid" : "")) - 1 AS n, "
        + "\(values) FROM \(table) t"
    case .stored:
      return
        "SELECT row_number() OVER (\(info.hasRowid ? "ORDER BY t.rowid" : "")) - 1 AS n, "
        + "\(values) FROM \(table) t"
    }
  }

  /// A query finds the rows whose text in `column` contains `needle` (case ignored: SQLite's
  /// `lower` for an ASCII needle, the core's matcher beyond), by their place in the order shown: from
  /// `start` to the end first, then from the top; the needle is bound, never written into SQL.
  public func search(
    for needle: String, column: Int, from start: Int, wholeValue: Bool,
    within conditions: [TableRowCondition]
  )
    -> TableSearchJob?
  {
    guard TableRowCondition.fit(column, conditions, in: info.columns.indices) else { return nil }
    let job = TableSearchJob()
    // The searched column as `v`, the conditions' as `w0`, `w1`…
    let values =
      ([column] + conditions.map(\.column)).enumerated().map { index, column in
        "t.\(SQLiteDatabase.quote(info.columns[column])) AS \(index == 0 ? "v" : "w\(index - 1)")"
      }.joined(separator: ", ")
    let ordered = numbered(plan.withLock { $0.order }, selecting: values)
    let searched = TableRowCondition(column: column, needle: needle, wholeValue: wholeValue)
    // ?1 the needle, ?2 and ?3 the range, ?4… the conditions'.
    let tests =
      [Self.test(searched, value: "v", parameter: 1)]
      + conditions.enumerated().map { Self.test($1, value: "w\($0)", parameter: 4 + $0) }
    let sql =
      "SELECT n FROM (\(ordered)) WHERE \(tests.map(\.sql).joined(separator: " AND ")) "
      + "AND n >= ?2 AND n < ?3 ORDER BY n"
    let bound = tests.dropFirst().map { SQLiteValue.text($0.bound) }
    let database = database
    let stop = Locked(false)
    let started = runOnThreadOfItsOwn {
      do throws(DataFileError) {
        var found = TableSearchJob.Batch()
        for range in [start..<Int.max, 0..<start] where !range.isEmpty {
          try database.query(
            sql,
            [.text(tests[0].bound), .integer(range.lowerBound), .integer(range.upperBound)]
              + bound
          ) { row in
            found.add(row.integer(0), to: job)
            return !stop.withLock { $0 }
          }
          found.flush(to: job)
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
  public func countValues(
    column: Int, within conditions: [TableRowCondition]
  )
    -> TableCountJob?
  {
    guard TableRowCondition.fit(column, conditions, in: info.columns.indices) else { return nil }
    let job = TableCountJob()
    let database = database
    let tests = conditions.enumerated().map {
      Self.test($1, value: SQLiteDatabase.quote(info.columns[$1.column]), parameter: 1 + $0)
    }
    let sql =
      "SELECT v, count(*) FROM (SELECT \(SQLiteDatabase.quote(info.columns[column])) AS v "
      + "FROM \(SQLiteDatabase.quote(info.name))"
      + TableRowCondition.whereClause(tests.map(\.sql))
      + ") GROUP BY v"
    let arguments = tests.map { SQLiteValue.text($0.bound) }
    let started = runOnThreadOfItsOwn {
      var counts: [String: Int] = [:]
      do throws(DataFileError) {
        try database.query(sql, arguments) { row in
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

  /// The SQL test of `condition` on `value` (a column or an alias), its text bound as
  /// parameter `parameter`: a needle between slashes is a regular expression (SQLite has
  /// none: ours, registered on the connection), a whole value compares the text a cell shows
  /// (an empty one is also `NULL`), else text contained, ASCII letters ignoring case.
  static func test(
    _ condition: TableRowCondition, value: String, parameter: Int
  ) -> (sql: String, bound: String) {
    let p = "?\(parameter)"
    if condition.wholeValue {
      // A blob compares as its cell shows it ("⟨5 bytes⟩", what a frequency table lists).
      return (
        "(CAST(\(value) AS TEXT) = \(p) OR (\(p) = '' AND \(value) IS NULL)"
          + " OR (typeof(\(value)) = 'blob' AND reusekit_blob_shown(\(value)) = \(p)))",
        condition.needle
      )
    }
    if let pattern = TableMatcher.patternText(of: condition.needle) {
      return ("reusekit_regexp(\(p), \(value))", pattern)
    }
    // SQLite's `lower` folds ASCII letters alone: a needle beyond ASCII ("ÉCLAIR") is matched
    // by the core's matcher, as a file's rows are ("|éclair" found the lowercase rows only: a
    // new user's finding); an ASCII needle keeps SQLite's own, quicker test.
    if !condition.needle.utf8.allSatisfy({ $0 < 0x80 }) {
      return ("reusekit_contains(\(p), \(value))", condition.needle)
    }
    return ("instr(lower(\(value)), lower(\(p))) > 0", condition.needle)
  }

  /// Stops the sort being made (SQLite is interrupted; loads it cut short load again).
  public func cancelSort() -> Bool {
    guard sortJob != nil else { return false }
    sortJob = nil
    database.interrupt()
    return true
  }
}
