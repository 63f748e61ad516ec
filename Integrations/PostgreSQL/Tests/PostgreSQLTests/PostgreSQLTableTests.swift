import Foundation
import GalleryKit
import GalleryPostgreSQL
import ReuseControls
import ReuseKit
import Synchronization
import Testing

@Suite struct PostgreSQLAddressTests {
  @Test func anAddressIsReadAsLibpqReadsIt() throws {
    let full = try PostgreSQLAddress(
      "postgresql://ann:s%40cret@db.example:6543/sales?sslmode=require")
    #expect(full.user == "ann" && full.password == "s@cret")
    #expect(full.host == "db.example" && full.port == 6543 && full.database == "sales")
    #expect(full.tls == .require)
    #expect(!full.description.contains("cret"), "a title never shows the password")
    let bare = try PostgreSQLAddress("postgres://") { name in
      ["PGUSER": "bob", "PGPASSWORD": "pw"][name]
    }
    #expect(bare.host == "localhost" && bare.port == 5432)
    #expect(bare.user == "bob" && bare.password == "pw" && bare.database == "bob")
    #expect(bare.tls == .prefer)
    let v6 = try PostgreSQLAddress("postgresql://[::1]:5433/x?sslmode=disable")
    #expect(v6.host == "::1" && v6.port == 5433 && v6.tls == .disable)
    let socket = try PostgreSQLAddress("postgresql:///x?host=/run/postgresql&user=carol")
    #expect(socket.isUnixSocket && socket.host == "/run/postgresql" && socket.user == "carol")
  }

  @Test(arguments: [
    "postgresql://host:99999/x", "postgresql://host:abc/x", "postgresql://h/x?sslmode=maybe",
    "postgresql://h/x?colour=blue", "postgresql://[::1/x", "mysql://h/x", "postgresql://h/%zz",
  ])
  func aMalformedAddressSaysWhatIsWrong(_ text: String) {
    #expect(throws: DataFileError.self) { try PostgreSQLAddress(text) }
  }
}

/// Serialized: each test finds its tables by their place in the server's list.
@Suite(needsServer, .serialized) struct PostgreSQLTableTests {
  @Test func theCatalogListsTablesAndViewsCountedInTheBackground() async throws {
    let schema = try await TestSchema.people(rows: 1_000)
    let database = try schema.open()
    defer { Task { await schema.drop() } }
    let mine = database.tables.filter { $0.schema == schema.name }
    #expect(mine.map(\.name) == ["loose", "people", "rich", "we\"ird"])
    let people = try #require(mine.first { $0.name == "people" })
    #expect(people.displayName == "\(schema.name).people")
    #expect(people.columns == ["id", "name", "city", "amount"])
    #expect(people.numericColumns == [0, 3])
    #expect(people.indexedColumns == [0, 2])
    #expect(people.keyColumn == 0 && people.hasIntegerKey)
    #expect(mine.first { $0.name == "rich" }?.isView == true)
    #expect(mine.first { $0.name == "loose" }?.keyColumn == nil)
    let list = database.tableList(clock: { 0 })
    await poll(list) { !list.isBusy }
    for table in mine {
      let row = try #require(database.tables.firstIndex(of: table))
      let expected = ["loose": "3", "people": "1,000", "rich": "6", "we\"ird": "2"][table.name]
      #expect(list.text(row: row, column: 1) == expected, "\(table.name)")
    }
  }

  @Test func aTableLoadsThePagesThatShowAndSortsOnTheServer() async throws {
    let schema = try await TestSchema.people(rows: 5_000)
    defer { Task { await schema.drop() } }
    let table = try schema.table("people", in: try schema.open())
    #expect(table.rowCount == 5_000, "the planner's estimate at once")
    #expect(table.text(row: 0, column: 1) == nil, "a placeholder until its page loads")
    await poll(table) { table.text(row: 0, column: 1) != nil && !table.isBusy }
    #expect(table.text(row: 0, column: 1) == TestSchema.name(id: 1))
    #expect(table.text(row: 1, column: 0) == "2", "stored order is the key's, as numbers")
    #expect(table.items.loadedItemCount < 5_000, "never loaded whole")
    // A deep jump loads around its target only (a key range: the keys are dense).
    await poll(table, rows: 4_990..<5_000) { table.text(row: 4_995, column: 0) != nil }
    #expect(table.text(row: 4_995, column: 0) == "4996")

    // By the indexed column: an ORDER BY, at once (ties in key order).
    #expect(table.sortRows(by: TableSortDescriptor(column: 2, ascending: false)))
    await poll(table) { table.text(row: 0, column: 2) != nil }
    #expect(
      table.takeFinishedSort().map { try? $0.get() }
        == TableSortDescriptor(column: 2, ascending: false))
    #expect(table.text(row: 0, column: 2) == "Quito")
    #expect(table.text(row: 0, column: 0) == "2")
    // By a column without an index: a temporary table of sorted keys, made off the loop.
    #expect(table.sortRows(by: TableSortDescriptor(column: 3)))
    #expect(table.loadingStatus?.hasPrefix("sorting by amount ↑") == true)
    var finished: Result<TableSortDescriptor?, DataFileError>?
    await poll(table) {
      if finished == nil { finished = table.takeFinishedSort() }
      return finished != nil && table.text(row: 0, column: 3) != nil
    }
    #expect(finished.map { try? $0.get() } == TableSortDescriptor(column: 3))
    #expect(table.text(row: 0, column: 3) == "0")
    #expect(table.text(row: 0, column: 0) == "977", "ties in key order: 977 first")
    await poll(table, rows: 4_980..<5_000) { table.text(row: 4_999, column: 3) != nil }
    #expect(table.text(row: 4_999, column: 3) == "976")
    // Back to stored order.
    #expect(table.sortRows(by: nil))
    await poll(table) { table.text(row: 0, column: 0) != nil }
    #expect((0..<5).map { table.text(row: $0, column: 0) } == ["1", "2", "3", "4", "5"])
  }

  /// The paging model: random scrolls, jumps, resizes of what shows and sorts, with loads
  /// finishing in any order; after every step each row that shows holds its own values or a
  /// placeholder, never another row's, and a page arriving moves nothing.
  @Test func everyRowShowsItsOwnValuesOrAPlaceholder() async throws {
    let rows = 3_000
    let schema = try await TestSchema.people(rows: rows)
    defer { Task { await schema.drop() } }
    let table = try schema.table("people", in: try schema.open())
    let seed =
      UInt64(ProcessInfo.processInfo.environment["REUSEKIT_SEED"] ?? "")
      ?? UInt64.random(in: 1...999_999)
    var generator = PageRandom(seed: seed)
    /// The ids in the order shown, for each order the test sorts by.
    let byID = Array(1...rows)
    let byAmount = byID.sorted { ($0 % 977, $0) < ($1 % 977, $1) }
    let byCityDown = byID.sorted {
      let cities = ["Lisbon", "Osaka", "Quito"]
      return (cities[$0 % 3], $1) > (cities[$1 % 3], $0)
    }
    var order = byID
    var shown = 0..<20
    for step in 0..<60 {
      switch generator.next(below: 6) {
      case 0, 1:  // a scroll
        let start = min(rows - 1, max(0, shown.lowerBound + generator.next(below: 120) - 60))
        shown = start..<min(rows, start + shown.count)
      case 2:  // a jump
        let start = generator.next(below: rows)
        shown = start..<min(rows, start + shown.count)
      case 3:  // a resize
        let length = 5 + generator.next(below: 60)
        shown = shown.lowerBound..<min(rows, shown.lowerBound + length)
      default:  // a sort
        let pick = generator.next(below: 3)
        let descriptor: TableSortDescriptor? =
          pick == 0
          ? nil
          : pick == 1
            ? TableSortDescriptor(column: 3) : TableSortDescriptor(column: 2, ascending: false)
        #expect(table.sortRows(by: descriptor))
        var done = false
        await poll(table, rows: shown) {
          if !done { done = table.takeFinishedSort() != nil }
          return done
        }
        order = pick == 0 ? byID : pick == 1 ? byAmount : byCityDown
      }
      // A few frames: pages arrive in any order between them.
      for _ in 0..<generator.next(below: 4) {
        table.noteDisplayed(rows: shown)
        _ = table.update()
        check(table, shown: shown, order: order, seed: seed, step: step)
        try await Task.sleep(for: .milliseconds(generator.next(below: 5)))
      }
    }
    // In the end every shown row loads.
    await poll(table, rows: shown) { shown.allSatisfy { table.text(row: $0, column: 0) != nil } }
    check(table, shown: shown, order: order, seed: seed, step: -1)
    #expect(shown.allSatisfy { table.text(row: $0, column: 0) != nil }, "seed \(seed)")
  }

  func check(_ table: PostgreSQLTable, shown: Range<Int>, order: [Int], seed: UInt64, step: Int) {
    #expect(table.rowCount == order.count, "seed \(seed), step \(step)")
    for row in shown {
      guard let id = table.text(row: row, column: 0) else { continue }
      let expected = order[row]
      #expect(id == String(expected), "row \(row): seed \(seed), step \(step)")
      #expect(table.text(row: row, column: 1) == TestSchema.name(id: expected))
    }
  }

  /// A find is a query (the needle bound), by places in the order shown, from the cursor's
  /// row on and round; a count is a GROUP BY.
  @Test func aSearchIsAQueryInTheOrderShown() async throws {
    let schema = try await TestSchema.people(rows: 2_000)
    defer { Task { await schema.drop() } }
    let table = try schema.table("people", in: try schema.open())
    let expected = (1...2_000).filter { TestSchema.name(id: $0).lowercased().contains("name 79") }
      .map { $0 - 1 }
    #expect(!expected.isEmpty)
    let from = expected[expected.count / 2]
    let plain = await found(table.search(for: "NAME 79", column: 1, from: from, wholeValue: false))
    #expect(plain.problem == nil)
    #expect(plain.rows == expected.filter { $0 >= from } + expected.filter { $0 < from })
    // Sorted by a column without an index: places in the sorted order.
    #expect(table.sortRows(by: TableSortDescriptor(column: 1, ascending: false)))
    await poll(table) { table.takeFinishedSort() != nil }
    let sorted = await found(table.search(for: "name 79", column: 1, from: 0, wholeValue: false))
    #expect(sorted.rows.count == expected.count)
    await poll(table, rows: 0..<2_000) { table.items.loadedItemCount >= 2_000 && !table.isBusy }
    for row in sorted.rows {
      #expect(table.text(row: row, column: 1)?.lowercased().contains("name 79") == true)
    }
    // Between slashes, a regular expression (the server's).
    let pattern = try Regex("^name 79[0-4]").ignoresCase()
    let byPattern = await found(
      table.search(for: "/^NAME 79[0-4]/", column: 1, from: 0, wholeValue: false))
    let shown = (0..<2_000).filter {
      table.text(row: $0, column: 1).map { (try? pattern.firstMatch(in: $0)) != nil } == true
    }
    #expect(byPattern.rows == shown && !shown.isEmpty)
    // A pattern the server cannot read is a problem, said.
    let bad = await found(table.search(for: "/(/", column: 1, from: 0, wholeValue: false))
    #expect(bad.problem != nil)
    // A whole value: the cells that are exactly it.
    let exact = await found(
      table.search(for: TestSchema.name(id: 1), column: 1, from: 0, wholeValue: true))
    #expect(exact.rows.count == 1)
    #expect(exact.rows.first.flatMap { table.text(row: $0, column: 1) } == TestSchema.name(id: 1))
    // A needle with SQL in it is text.
    #expect(
      await found(table.search(for: "' OR 1=1 --", column: 1, from: 0, wholeValue: false)).rows
        .isEmpty)
    // A count of the column's values where the rows live.
    let job = try #require(table.countValues(column: 2))
    for _ in 0..<60_000 where job.result == nil { try? await Task.sleep(for: .milliseconds(2)) }
    let counts = try #require(try job.result?.get())
    #expect(counts == ["Lisbon": 666, "Osaka": 667, "Quito": 667])
    // Within a filter's conditions (F on filtered rows, a value picked among them): the rows
    // that meet them all, in the order shown, and the count of theirs alone.
    let names = TableRowCondition(column: 1, needle: "name 79")
    let inOsaka = await found(
      table.search(for: "Osaka", column: 2, from: 0, wholeValue: true, within: [names]))
    #expect(inOsaka.problem == nil)
    #expect(inOsaka.rows == sorted.rows.filter { table.text(row: $0, column: 2) == "Osaka" })
    #expect(!inOsaka.rows.isEmpty && inOsaka.rows.count < sorted.rows.count)
    let within = try #require(
      table.countValues(
        column: 2, within: [names, TableRowCondition(column: 1, needle: "/[0-4]$/")]))
    for _ in 0..<60_000 where within.result == nil { try? await Task.sleep(for: .milliseconds(2)) }
    var expectedCounts: [String: Int] = [:]
    for row in sorted.rows
    where (table.text(row: row, column: 1)?.last).map({ "01234".contains($0) }) == true {
      expectedCounts[table.text(row: row, column: 2) ?? "", default: 0] += 1
    }
    #expect(try within.result?.get() == expectedCounts)
    #expect(expectedCounts.values.reduce(0, +) < sorted.rows.count, "the pattern narrowed it")
    let injected = try #require(
      table.countValues(column: 2, within: [TableRowCondition(column: 1, needle: "' OR 1=1 --")]))
    for _ in 0..<60_000 where injected.result == nil {
      try? await Task.sleep(for: .milliseconds(2))
    }
    #expect(try injected.result?.get() == [:])
  }

  /// A sort made by the server follows the focused row: its place in the new order is found
  /// by its key (read from its loaded page) on the sort's connection or one of its own,
  /// whether the sort went through a temporary table, an index or back to the stored order.
  @Test func aSortFollowsTheFocusedRow() async throws {
    let schema = try await TestSchema.people(rows: 2_000)
    defer { Task { await schema.drop() } }
    let table = try schema.table("people", in: try schema.open())
    await poll(table) { table.text(row: 19, column: 0) != nil && !table.isBusy }
    func sort(_ descriptor: TableSortDescriptor?, following row: Int) async -> Int? {
      #expect(table.sortRows(by: descriptor, following: row))
      var finished = false
      var followed: TableFollowedRow?
      await poll(table) {
        if !finished { finished = table.takeFinishedSort() != nil }
        if followed == nil { followed = table.takeFollowedRow() }
        return finished && followed != nil
      }
      guard case .found(let row) = followed else { return nil }
      await poll(table, rows: row..<row + 1) { table.text(row: row, column: 0) != nil }
      return row
    }
    // Row 7 is id 8: by name, descending (a temporary table of sorted keys).
    let byName = try #require(
      await sort(TableSortDescriptor(column: 1, ascending: false), following: 7))
    #expect(byName != 7)
    #expect(table.text(row: byName, column: 0) == "8")
    // From there by city (through its index), then back to the stored order.
    let byCity = try #require(await sort(TableSortDescriptor(column: 2), following: byName))
    #expect(table.text(row: byCity, column: 0) == "8")
    #expect(byCity != byName)
    #expect(await sort(nil, following: byCity) == 7)
    // A row whose page is not loaded cannot be known by its key.
    #expect(table.sortRows(by: TableSortDescriptor(column: 2), following: 1_900))
    #expect(table.takeFollowedRow() == .lost)
  }

  @Test func namesAreQuotedValuesBoundAndNullsEmpty() async throws {
    let schema = try await TestSchema.people(rows: 10)
    defer { Task { await schema.drop() } }
    let database = try schema.open()
    let weird = try schema.table("we\"ird", in: database)
    #expect(weird.name == "\(schema.name).we\"ird")
    await poll(weird) { weird.text(row: 1, column: 0) != nil }
    #expect(weird.columnTitles == ["a b", "flag", "x"])
    #expect((0..<3).map { weird.text(row: 0, column: $0) } == ["x' OR 1=1; --", "true", "\\x0001"])
    #expect((0..<3).map { weird.text(row: 1, column: $0) } == ["", "", ""])
    let counts = try #require(weird.countValues(column: 0))
    for _ in 0..<60_000 where counts.result == nil { try? await Task.sleep(for: .milliseconds(2)) }
    #expect(try counts.result?.get() == ["x' OR 1=1; --": 1, "": 1])
    // A table without a key sorts by ORDER BY; a view too.
    let loose = try schema.table("loose", in: database)
    #expect(loose.sortRows(by: TableSortDescriptor(column: 0, ascending: false)))
    await poll(loose) { loose.text(row: 2, column: 0) != nil }
    #expect((0..<3).map { loose.text(row: $0, column: 0) } == ["c", "b", "a"])
    #expect(loose.takeFinishedSort().map { try? $0.get() } != nil, "at once")
    let rich = try schema.table("rich", in: database)
    #expect(rich.sortRows(by: TableSortDescriptor(column: 1)))
    #expect(rich.takeFinishedSort().map { try? $0.get() } == TableSortDescriptor(column: 1))
    await poll(rich) { !rich.isBusy }
    #expect(!rich.isBusy && rich.rowCount == 0)
  }

  /// Escape during a sort: the server stops it (`pg_cancel_backend`), the rows keep their
  /// order and no statement of it runs on.
  @Test func aSortIsCancelledOnTheServer() async throws {
    let schema = try await TestSchema.people(rows: 300_000)
    defer { Task { await schema.drop() } }
    let table = try schema.table("people", in: try schema.open())
    await poll(table) { !table.isBusy }
    #expect(table.sortRows(by: TableSortDescriptor(column: 1)))
    #expect(table.isBusy)
    // Until the sort's statement runs on the server.
    let watcher = try await schema.server.session()
    defer { Task { await watcher.close() } }
    let running =
      "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' "
      + "AND query LIKE 'CREATE TEMP TABLE%' AND query LIKE '%\(schema.name)%'"
    var seen = 0
    for _ in 0..<2_000 where seen == 0 {
      seen = try await watcher.integer(running) ?? 0
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(table.cancelSort())
    #expect(!table.cancelSort(), "nothing left to cancel")
    var left = 1
    for _ in 0..<1_000 where left > 0 {
      left = try await watcher.integer(running) ?? 0
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(left == 0, "the server stopped the sort")
    await poll(table) { !table.isBusy }
    #expect(table.takeFinishedSort() == nil, "no sort finished")
    #expect((0..<3).map { table.text(row: $0, column: 0) } == ["1", "2", "3"])
  }

  /// A page that fails says why in place and in the status line, and is tried again 1, 2, 4…
  /// seconds on; a connection the server dropped is opened again for the next page.
  @Test func failedPagesAreTriedAgainAndALostConnectionReopened() async throws {
    let schema = try await TestSchema.people(rows: 5_000)
    defer { Task { await schema.drop() } }
    let database = try schema.open()
    let now = Mutex(0.0)
    let list = database.tableList(clock: { now.withLock { $0 } })
    let row = try #require(database.tables.firstIndex { $0.displayName == "\(schema.name).people" })
    let table = try #require(list.opening(row: row) as? PostgreSQLTable)
    await poll(table) { !table.isBusy }
    #expect(table.text(row: 0, column: 0) == "1")
    let admin = try await schema.server.session()
    defer { Task { await admin.close() } }

    // The table goes away for a while: the pages shown fail, said in place and in the status.
    try await admin.execute("ALTER TABLE \(schema.name).people RENAME TO away")
    await poll(table, rows: 3_000..<3_020) { table.text(row: 3_000, column: 0) != nil }
    #expect(table.text(row: 3_000, column: 0)?.hasPrefix("⚠") == true)
    #expect(
      table.loadingStatus?.hasPrefix("rows did not load") == true
        && table.loadingStatus?.hasSuffix("trying again in 1 s") == true,
      "\(table.loadingStatus ?? "nil")")
    #expect(table.isBusy, "busy while a retry waits")
    // Back: the next try (a second on) loads them.
    try await admin.execute("ALTER TABLE \(schema.name).away RENAME TO people")
    now.withLock { $0 += 1 }
    await poll(table, rows: 3_000..<3_020) { table.text(row: 3_000, column: 0) == "3001" }
    #expect(table.text(row: 3_000, column: 0) == "3001")
    await poll(table, rows: 3_000..<3_020) { !table.isBusy }
    #expect(table.loadingStatus == nil)

    // Every other connection of the database dropped by the server (the loads' own too): the
    // next page reconnects at once, no error shown and no retry waited for (the clock stands).
    try await admin.execute(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        + "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    await poll(table, rows: 4_000..<4_020) { table.text(row: 4_000, column: 0) != nil }
    #expect(table.text(row: 4_000, column: 0) == "4001", "\(table.loadingStatus ?? "")")

    // A table that never comes back is tried five times, then left as it is.
    try await admin.execute("ALTER TABLE \(schema.name).people RENAME TO gone")
    for _ in 0..<10 {
      now.withLock { $0 += 20 }
      _ = table.update()  // a frame: the retry starts (the page a placeholder again)
      await poll(table, rows: 2_000..<2_020) { table.text(row: 2_000, column: 0) != nil }
    }
    #expect(table.text(row: 2_000, column: 0)?.hasPrefix("⚠") == true)
    #expect(table.loadingStatus?.hasSuffix("tried 5 times") == true, "\(table.loadingStatus ?? "")")
    #expect(!table.isBusy, "given up: the page stops ticking for it")
    try await admin.execute("ALTER TABLE \(schema.name).gone RENAME TO people")
  }

  /// `pg_cancel_backend` stops a statement at once (its process ID is an integer: bound as
  /// the int8 it is in Swift, no function took it, and nothing was stopped).
  @Test func aCancelStopsTheStatementOnTheServer() async throws {
    let server = try PostgreSQLServer(address: PostgreSQLAddress(serverAddress ?? ""))
    let session = try await server.session()
    defer { Task { await session.close() } }
    let started = Date()
    let sleeping = Task {
      do throws(DataFileError) {
        try await session.execute("SELECT pg_sleep(30)")
        return "finished"
      } catch { return error.message }
    }
    try await Task.sleep(for: .milliseconds(200))
    #expect(await server.cancel(session), "the server took the request")
    #expect(await sleeping.value == "canceled")
    #expect(Date().timeIntervalSince(started) < 10, "stopped, not finished")
  }

  /// A statement sent on a connection that has just closed (the server dropped it) fails at
  /// once. postgres-nio alone never answers it: its channel has no handler left, and the page
  /// that asked waited for ever (CI saw it once, after `pg_terminate_backend`).
  @Test func aStatementOnAClosedConnectionFailsAtOnce() async throws {
    let server = try PostgreSQLServer(address: PostgreSQLAddress(serverAddress ?? ""))
    // What a statement answers within 10 s (`nil`: it still waits).
    func answer(_ session: PostgreSQLSession) async -> String? {
      let answer = Mutex<String?>(nil)
      Task {
        let text: String
        do throws(DataFileError) {
          text = String(try await session.integer("SELECT 1") ?? 0)
        } catch { text = error.message }
        answer.withLock { $0 = text }
      }
      let started = Date()
      while Date().timeIntervalSince(started) < 10 {
        if let text = answer.withLock({ $0 }) { return text }
        try? await Task.sleep(for: .milliseconds(5))
      }
      return nil
    }
    // Closed here.
    let mine = try await server.session()
    #expect(await answer(mine) == "1")
    await mine.close()
    #expect(await answer(mine) == "the server closed the connection")
    // Dropped by the server.
    let dropped = try await server.session()
    let admin = try await server.session()
    defer { Task { await admin.close() } }
    try await admin.execute(
      "SELECT pg_terminate_backend($1::integer)", [.integer(dropped.processID)])
    let started = Date()
    while !dropped.isClosed, Date().timeIntervalSince(started) < 10 {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(dropped.isClosed, "the driver saw the server drop the connection")
    let text = await answer(dropped)
    #expect(text != nil && text != "1", "\(text ?? "no answer in 10 s")")
  }

  /// Rows deleted from a table with dense keys while it is open leave a gap in the key ranges:
  /// the page is asked again by offset, never taken for the end of the table. A sorted view
  /// whose connection (and temporary table) the server dropped sorts again by itself.
  @Test func dataChangedOrLostUnderAnOpenTable() async throws {
    let schema = try await TestSchema.people(rows: 5_000)
    defer { Task { await schema.drop() } }
    let table = try schema.table("people", in: try schema.open())
    await poll(table) { !table.isBusy }
    let admin = try await schema.server.session()
    defer { Task { await admin.close() } }
    try await admin.execute("DELETE FROM \(schema.name).people WHERE id = 3001")
    await poll(table, rows: 3_000..<3_020) { table.text(row: 3_019, column: 0) != nil }
    #expect(table.rowCount == 5_000, "the count stands: the short page was not the end")
    #expect((3_000..<3_003).map { table.text(row: $0, column: 0) } == ["3002", "3003", "3004"])
    await poll(table, rows: 4_980..<5_000) { table.text(row: 4_998, column: 0) != nil }
    #expect(table.text(row: 4_998, column: 0) == "5000")

    // Changed by others and read again (Ctrl-R): a row's new value and the new count.
    try await admin.execute("UPDATE \(schema.name).people SET name = 'Changed' WHERE id = 2")
    try await admin.execute("DELETE FROM \(schema.name).people WHERE id > 4990")
    #expect(table.text(row: 1, column: 1) == TestSchema.name(id: 2), "not read again by itself")
    #expect(table.refresh())
    #expect(table.text(row: 1, column: 1) == TestSchema.name(id: 2), "the old value meanwhile")
    await poll(table, rows: 0..<20) { table.text(row: 1, column: 1) == "Changed" }
    await poll(table, rows: 0..<20) { !table.isBusy }
    #expect(table.rowCount == 4_989)

    // Sorted by amount (a temporary table), then every connection dropped.
    #expect(table.sortRows(by: TableSortDescriptor(column: 3)))
    var finished = false
    await poll(table) {
      if !finished { finished = table.takeFinishedSort() != nil }
      return finished && !table.isBusy
    }
    try await admin.execute(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        + "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    var resorted = false
    await poll(table, rows: 2_000..<2_020) {
      if !resorted { resorted = table.takeFinishedSort() != nil }
      return resorted && table.text(row: 2_000, column: 3) != nil && !table.isBusy
    }
    #expect(resorted, "sorted again: \(table.loadingStatus ?? "")")
    // Amounts 0…976 ascending, ties by id: row 2,000 holds the smallest amount with the
    // 2,001st place.
    let byAmount = (1...4_990).filter { $0 != 3001 }.sorted { ($0 % 977, $0) < ($1 % 977, $1) }
    #expect(table.text(row: 2_000, column: 0) == String(byAmount[2_000]))
  }

  @Test func aServerThatDoesNotAnswerOrRefusesIsAClearError() throws {
    let address = try PostgreSQLAddress(serverAddress ?? "")
    // A port nothing listens on (the server's own, plus one).
    do {
      _ = try PostgreSQLDatabase.open(
        "postgresql://\(address.user)@127.0.0.1:\(address.port + 1)/x?sslmode=disable")
      Issue.record("connected to nothing")
    } catch {
      #expect(error.isUnreadable && error.message.hasPrefix("cannot connect to"))
    }
    do {
      _ = try PostgreSQLDatabase.open(
        "postgresql://\(address.user)@127.0.0.1:\(address.port)/no_such_db?sslmode=disable")
      Issue.record("opened a database that is not there")
    } catch {
      #expect(error.message.contains("does not exist"), "\(error.message)")
    }
  }

  /// The table page over a server: the list, Enter opens a table, keys work while a sort
  /// runs, Escape cancels it, `s` again sorts, Backspace goes back to the list.
  @Test func theTablePageOpensATableSortsAndGoesBack() async throws {
    let schema = try await TestSchema.people(rows: 200_000)
    defer { Task { await schema.drop() } }
    let database = try schema.open()
    var options = GalleryOptions()
    options.tableContent = { clock in database.tableList(clock: clock) }
    let model = TableModel(
      options: options, metrics: testMetrics, viewportSize: Size(width: 80, height: 20))
    model.register(cell: TextCell.self, header: TitleHeader.self)
    model.start()
    func settle() async {
      let deadline = Date().addingTimeInterval(120)
      while model.isWorking && Date() < deadline {
        model.poll()
        model.table.collectionView.layoutIfNeeded()
        try? await Task.sleep(for: .milliseconds(2))
      }
    }
    let row = try #require(database.tables.firstIndex { $0.displayName == "\(schema.name).people" })
    model.table.focusCell(row: row, column: 0)
    #expect(model.handle(KeyPress(.enter)))
    #expect(model.content.name == "\(schema.name).people")
    await settle()
    #expect(model.content.text(row: 0, column: 1) == TestSchema.name(id: 1))
    #expect(model.handle(KeyPress(.right)))
    #expect(model.handle(KeyPress(.character("s"))))
    #expect(model.isWorking, "the sort runs off the loop")
    #expect(model.handle(KeyPress(.down)), "keys work during the sort")
    #expect(model.table.focusedCell?.row == 1)
    #expect(model.handle(KeyPress(.escape)), "Escape cancels it")
    #expect(model.table.sortDescriptor == nil)
    await settle()
    #expect(model.content.text(row: 0, column: 1) == TestSchema.name(id: 1), "order kept")
    #expect(model.handle(KeyPress(.character("s"))))
    await settle()
    #expect(model.table.sortDescriptor == TableSortDescriptor(column: 1))
    let first = model.content.text(row: model.table.sourceRow(forDisplayRow: 0), column: 1)
    #expect(first == (1...200_000).map { TestSchema.name(id: $0) }.min())
    #expect(model.status.contains("sorted by name"), "\(model.status)")
    #expect(model.handle(KeyPress(.backspace)))
    #expect(model.content is PostgreSQLTableList)
    #expect(model.table.focusedCell?.row == row, "back on the table just left")
  }

  /// `reuse-gallery --data postgresql://… --snapshot table --keys …` waits for the rows its
  /// frame needs and prints them.
  @Test func theGallerysSnapshotPrintsRealRows() async throws {
    let gallery = try #require(
      ProcessInfo.processInfo.environment["REUSEKIT_GALLERY"], "test.sh builds the gallery")
    let schema = try await TestSchema.people(rows: 1_000)
    defer { Task { await schema.drop() } }
    let database = try schema.open()
    let row = try #require(database.tables.firstIndex { $0.displayName == "\(schema.name).people" })
    let keys = Array(repeating: "down", count: row) + ["enter", "right", "right", "right", "s"]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gallery)
    process.arguments = [
      "--data", serverAddress ?? "", "--snapshot", "table", "--size", "80x12", "--keys",
      keys.joined(separator: " "),
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let frame = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0)
    #expect(frame.contains("1,000 rows × 4 columns"), "\(frame)")
    #expect(frame.contains("amount ↑"), "\(frame)")
    // Amount 0 first (id 977), then 1 (ids 1 and 978).
    #expect(frame.contains(TestSchema.name(id: 977)), "\(frame)")
    #expect(frame.contains(TestSchema.name(id: 978)), "\(frame)")
  }
}
