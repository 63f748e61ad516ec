import CSQLite
import Foundation
import GalleryKit
import ReuseControls
import ReuseKit
import Testing

/// A SQLite database written for a test (SQLite's C API, read-write), removed afterwards.
struct TestDatabase {
  let path: String

  /// A database at a fresh path, made by `sql` (statements separated by semicolons).
  init(_ sql: String) throws {
    try self.init(
      at: FileManager.default.temporaryDirectory
        .appendingPathComponent("reusekit-\(getpid())-\(UUID().uuidString).sqlite").path, sql)
  }

  /// The database at `path` (made when missing), changed by `sql`.
  init(at path: String, _ sql: String) throws {
    self.path = path
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw CocoaError(.fileWriteUnknown) }
    defer { sqlite3_close(handle) }
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? "?"
      sqlite3_free(message)
      throw DataFileError(text)
    }
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }

  /// `people` (id, name, city, amount) of `rows` rows, an index on city; a view; a
  /// WITHOUT ROWID table; a table whose name and column need quoting, with a blob.
  static func people(rows: Int) throws -> TestDatabase {
    try TestDatabase(
      """
      CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT, city TEXT, amount REAL);
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(rows))
      INSERT INTO people SELECT x, 'Name ' || ((x * 7919) % 1000003),
        CASE x % 3 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Osaka' ELSE 'Quito' END, x % 977 FROM c;
      CREATE INDEX people_city ON people(city);
      CREATE VIEW rich AS SELECT * FROM people WHERE amount > 970;
      CREATE TABLE tags(tag TEXT PRIMARY KEY, n INT) WITHOUT ROWID;
      INSERT INTO tags VALUES ('b', 2), ('a', 1), ('c', 3);
      CREATE TABLE "we""ird" ("a b" TEXT, x BLOB);
      INSERT INTO "we""ird" VALUES ('x'' OR 1=1; --', x'0001');
      """)
  }
}

/// The rows `job` finds, in the order it finds them, polled as the table page polls (a
/// problem is an issue of the test).
private func searchedRows(of job: TableSearchJob?) async -> [Int] {
  var rows: [Int] = []
  for _ in 0..<150_000 {
    guard let (more, done, problem) = job?.take() else { return [] }
    #expect(problem == nil)
    rows += more
    if done { break }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return rows
}

/// Polls `content` (as the table page does each frame) until `done`, for at most five
/// minutes (the loads share Swift concurrency's threads with every test running at once,
/// which may hold them for a while). It sleeps as a task, never blocking a thread.
private func poll(
  _ content: any TableContent, rows: Range<Int> = 0..<20, until done: () -> Bool
) async {
  let deadline = Date().addingTimeInterval(600)
  while !done() && Date() < deadline {
    content.noteDisplayed(rows: rows)
    _ = content.update()
    try? await Task.sleep(for: .milliseconds(2))
  }
}

/// The table page over `database`'s list of tables, its first table opened.
private func openedTableModel(_ database: TestDatabase) throws -> TableModel {
  let model = TableModel(
    options: GalleryOptions(sqlite: try SQLiteFile.open(path: database.path)),
    metrics: plainTestMetrics, viewportSize: Size(width: 80, height: 20))
  model.register(cell: TestTableCell.self, header: TestTableHeader.self)
  model.start()
  #expect(model.handle(KeyPress(.enter)))
  return model
}

/// The table page over `people` of `rows` rows, loaded; the caller removes the database.
func openedPeople(rows: Int) async throws -> (TableModel, TestDatabase) {
  let database = try TestDatabase.people(rows: rows)
  let model = try openedTableModel(database)
  await settleModel(model)
  return (model, database)
}

/// The table page over `people` of `rows` rows, loaded, the cursor on row 4's name (id 5).
private func peopleOnRow5sName(rows: Int) async throws -> (TableModel, TestDatabase) {
  let (model, database) = try await openedPeople(rows: rows)
  for _ in 0..<4 { #expect(model.handle(KeyPress(.down))) }
  #expect(model.handle(KeyPress(.right)))
  #expect(model.table.focusedCell.map { [$0.row, $0.column] } == [4, 1])
  return (model, database)
}

/// Frames until `model`'s jobs end (at most five minutes).
func settleModel(_ model: TableModel) async {
  let deadline = Date().addingTimeInterval(600)
  while model.isWorking && Date() < deadline {
    model.poll()
    model.table.collectionView.layoutIfNeeded()
    try? await Task.sleep(for: .milliseconds(2))
  }
}

@Suite struct SQLiteTableTests {
  @Test func aDatabaseIsKnownByItsHeaderAndListsItsTablesCountedInTheBackground() async throws {
    let database = try TestDatabase.people(rows: 1_000)
    defer { database.remove() }
    #expect(CSVFile.kind(ofFileAt: database.path) == .sqlite)
    let file = try SQLiteFile.open(path: database.path)
    #expect(file.tables.map(\.name) == ["people", "rich", "tags", "we\"ird"])
    let people = file.tables[0]
    #expect(people.columns == ["id", "name", "city", "amount"])
    #expect(people.hasRowid && people.indexedColumns == [2] && people.numericColumns == [0, 3])
    #expect(!file.tables[1].hasRowid && file.tables[1].isView)
    #expect(!file.tables[2].hasRowid, "WITHOUT ROWID")
    let list = SQLiteTableList(file: file)
    await poll(list) { !list.isBusy }
    #expect((0..<4).map { list.text(row: $0, column: 1) } == ["1,000", "6", "3", "1"])
  }

  @Test func aTableLoadsThePagesThatShowAndSortsInTheDatabase() async throws {
    let database = try TestDatabase.people(rows: 5_000)
    defer { database.remove() }
    let file = try SQLiteFile.open(path: database.path)
    let table = try #require(SQLiteTableList(file: file).opening(row: 0) as? SQLiteTable)
    #expect(table.rowCount == 5_000, "the rowid range counts at once")
    #expect(table.text(row: 0, column: 1) == nil, "a placeholder until its page loads")
    await poll(table) { table.text(row: 0, column: 1) != nil }
    #expect(table.text(row: 0, column: 1) == "Name 7919")
    #expect(table.items.loadedItemCount < 5_000, "never loaded whole")
    // A deep jump loads around its target only.
    await poll(table, rows: 4_990..<5_000) { table.text(row: 4_995, column: 0) != nil }
    #expect(table.text(row: 4_995, column: 0) == "4996")

    // Sorting by the indexed column: an ORDER BY, at once.
    #expect(table.sortRows(by: TableSortDescriptor(column: 2, ascending: false)))
    await poll(table) { table.text(row: 0, column: 2) != nil }
    #expect(
      table.takeFinishedSort().map { try? $0.get() }
        == TableSortDescriptor(column: 2, ascending: false))
    #expect(table.text(row: 0, column: 2) == "Quito")
    // Sorting by a column without an index: a sorted rowid table made off the loop.
    #expect(table.sortRows(by: TableSortDescriptor(column: 3)))
    #expect(table.loadingStatus?.hasPrefix("sorting by amount ↑") == true)
    var finished: Result<TableSortDescriptor?, DataFileError>?
    await poll(table) {
      if finished == nil { finished = table.takeFinishedSort() }
      return finished != nil && table.text(row: 0, column: 3) != nil
    }
    #expect(finished.map { try? $0.get() } == TableSortDescriptor(column: 3))
    #expect(table.text(row: 0, column: 3) == "0.0")
    #expect(table.text(row: 0, column: 0) == "977", "ties in stored order: rowid 977 first")
  }

  /// A table opened again from the same file sorts by a column without an index as the first
  /// time: its temporary table has a name of its own on the shared connection (the second
  /// opening made "reusekit_order_1" again, and every sort failed: a new user's finding).
  @Test func aTableOpenedAgainSortsAgain() async throws {
    let database = try TestDatabase.people(rows: 500)
    defer { database.remove() }
    let list = SQLiteTableList(file: try SQLiteFile.open(path: database.path))
    for opening in 1...3 {
      let table = try #require(list.opening(row: 0) as? SQLiteTable)
      #expect(table.sortRows(by: TableSortDescriptor(column: 3)))
      var finished: Result<TableSortDescriptor?, DataFileError>?
      await poll(table) {
        if finished == nil { finished = table.takeFinishedSort() }
        return finished != nil
      }
      #expect(
        finished.map { try? $0.get() } == TableSortDescriptor(column: 3),
        "opening \(opening): \(String(describing: finished))")
    }
  }

  /// A needle beyond ASCII ignores case as a file's finds do ("ÉCLAIR" finds "éclair"):
  /// SQLite's `lower` folds ASCII alone, and `|éclair` found the lowercase rows only (a new
  /// user's finding). An ASCII needle still ignores ASCII case.
  @Test func aSearchBeyondASCIIIgnoresCase() async throws {
    let database = try TestDatabase(
      """
      CREATE TABLE cakes(name TEXT);
      INSERT INTO cakes VALUES ('Éclair'), ('éclair au café'), ('ÉCLAIR'), ('eclair'), (NULL),
        ('Zebra'), ('zebra');
      """)
    defer { database.remove() }
    let file = try SQLiteFile.open(path: database.path)
    let table = try #require(SQLiteTableList(file: file).opening(row: 0) as? SQLiteTable)
    func found(_ needle: String) async -> [Int] {
      await searchedRows(of: table.search(for: needle, column: 0, from: 0, wholeValue: false))
        .sorted()
    }
    #expect(await found("ÉCLAIR") == [0, 1, 2])
    #expect(await found("éclair") == [0, 1, 2])
    #expect(await found("CAFÉ") == [1])
    #expect(await found("ZEBRA") == [5, 6])
  }

  /// A find in a database's table is a query (the needle bound): the rows by their place in
  /// the order shown, from the cursor's row on and round, whatever the order.
  @Test func aSearchIsAQueryInTheOrderShown() async throws {
    let database = try TestDatabase.people(rows: 2_000)
    defer { database.remove() }
    let file = try SQLiteFile.open(path: database.path)
    let table = try #require(SQLiteTableList(file: file).opening(row: 0) as? SQLiteTable)
    // Names "Name N" for N = x * 7919 % 1000003: those containing "name 79" (case ignored).
    let expected = (1...2_000).filter { String((($0 * 7919) % 1_000_003)).hasPrefix("79") }
      .map { $0 - 1 }
    #expect(!expected.isEmpty)
    func found(_ job: TableSearchJob?) async -> [Int] { await searchedRows(of: job) }
    let from = expected[expected.count / 2]
    let rows = await found(table.search(for: "name 79", column: 1, from: from, wholeValue: false))
    #expect(rows == expected.filter { $0 >= from } + expected.filter { $0 < from })
    // Sorted by a column without an index: places in the sorted order.
    #expect(table.sortRows(by: TableSortDescriptor(column: 1, ascending: false)))
    await poll(table) { table.takeFinishedSort() != nil }
    let sorted = await found(table.search(for: "name 79", column: 1, from: 0, wholeValue: false))
    await poll(table, rows: 0..<2_000) { table.items.loadedItemCount >= 2_000 }
    #expect(sorted.count == expected.count)
    for row in sorted {
      #expect(table.text(row: row, column: 1)?.lowercased().contains("name 79") == true)
    }
    // Between slashes, a regular expression (ours, registered on the connection).
    let pattern = try Regex("^name 79[0-4]").ignoresCase()
    let byPattern = await found(
      table.search(for: "/^NAME 79[0-4]/", column: 1, from: 0, wholeValue: false))
    await poll(table, rows: 0..<2_000) { table.items.loadedItemCount >= 2_000 }
    let shown = (0..<2_000).filter {
      table.text(row: $0, column: 1).map { (try? pattern.firstMatch(in: $0)) != nil } == true
    }
    #expect(byPattern == shown)
    #expect(!byPattern.isEmpty)
    // A whole value (a frequency table's pick): the cells that are exactly it.
    let exact = await found(table.search(for: "Name 7919", column: 1, from: 0, wholeValue: true))
    #expect(exact.count == 1)
    #expect(exact.first.flatMap { table.text(row: $0, column: 1) } == "Name 7919")
    // A count of the column's values where the rows live.
    let job = try #require(table.countValues(column: 2))
    for _ in 0..<150_000 where job.result == nil { try? await Task.sleep(for: .milliseconds(2)) }
    let counts = try #require(try job.result?.get())
    #expect(counts.values.reduce(0, +) == 2_000)
    #expect(Set(counts.keys) == ["Lisbon", "Osaka", "Quito"])
    // Within a filter's conditions (F on filtered rows, a value picked among them): the rows
    // that meet them all, in the order shown, and the count of theirs alone.
    let names = TableRowCondition(column: 1, needle: "name 79")
    let inOsaka = await found(
      table.search(for: "Osaka", column: 2, from: 0, wholeValue: true, within: [names]))
    let expectedInOsaka = sorted.filter { table.text(row: $0, column: 2) == "Osaka" }.sorted()
    #expect(inOsaka == expectedInOsaka)
    #expect(!inOsaka.isEmpty && inOsaka.count < sorted.count)
    let within = try #require(
      table.countValues(
        column: 2, within: [names, TableRowCondition(column: 1, needle: "/[0-4]$/")]))
    for _ in 0..<150_000 where within.result == nil {
      try? await Task.sleep(for: .milliseconds(2))
    }
    var expectedCounts: [String: Int] = [:]
    for row in sorted where (table.text(row: row, column: 1)?.last).map({ "01234".contains($0) })! {
      expectedCounts[table.text(row: row, column: 2) ?? "", default: 0] += 1
    }
    #expect(try within.result?.get() == expectedCounts)
    #expect(expectedCounts.values.reduce(0, +) < sorted.count, "the pattern narrowed it")
    // A needle with SQL in it is text, as a search's or as a condition.
    #expect(
      await found(table.search(for: "' OR 1=1 --", column: 1, from: 0, wholeValue: false)).isEmpty)
    let injected = try #require(
      table.countValues(column: 2, within: [TableRowCondition(column: 1, needle: "' OR 1=1 --")]))
    for _ in 0..<150_000 where injected.result == nil {
      try? await Task.sleep(for: .milliseconds(2))
    }
    #expect(try injected.result?.get() == [:])
  }

  /// A sort made by the database follows the focused row: its place in the new order is
  /// found off the loop (by `rowid`), whether the sort went through a temporary table, an
  /// index or back to the stored order; an older sort's answer never stands for a newer one.
  @Test func aSortFollowsTheFocusedRow() async throws {
    let database = try TestDatabase.people(rows: 2_000)
    defer { database.remove() }
    let file = try SQLiteFile.open(path: database.path)
    let table = try #require(SQLiteTableList(file: file).opening(row: 0) as? SQLiteTable)
    await poll(table) { table.text(row: 19, column: 0) != nil }
    func sort(
      _ descriptor: TableSortDescriptor?, following row: Int, movedTo moved: Int? = nil
    ) async -> Int? {
      #expect(table.sortRows(by: descriptor, following: row))
      if let moved { table.followRow(moved) }
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
    // Row 7 is id 8: by Name, descending (a temporary table of sorted keys).
    let byName = try #require(
      await sort(TableSortDescriptor(column: 1, ascending: false), following: 7))
    #expect(byName != 7)
    #expect(table.text(row: byName, column: 0) == "8")
    // From one temporary table to another: by Amount, ascending.
    let byAmount = try #require(
      await sort(TableSortDescriptor(column: 3), following: byName))
    #expect(table.text(row: byAmount, column: 0) == "8")
    #expect(byAmount != byName)
    // From there by City (through its index), then back to the stored order.
    let byCity = try #require(await sort(TableSortDescriptor(column: 2), following: byAmount))
    #expect(table.text(row: byCity, column: 0) == "8")
    #expect(byCity != byAmount)
    #expect(await sort(nil, following: byCity) == 7)
    // The cursor moved from row 3 to row 7 while the sort was made (off the loop: the thread
    // looks for the row once the sorted table is made): row 7 is followed.
    let moved = try #require(
      await sort(TableSortDescriptor(column: 1, ascending: false), following: 3, movedTo: 7))
    #expect(moved == byName)
    #expect(await sort(nil, following: moved) == 7)
    // A sort begun and replaced at once (the order shown stays stored meanwhile): only the
    // second's answer is taken.
    #expect(table.sortRows(by: TableSortDescriptor(column: 1), following: 5))
    #expect(await sort(nil, following: 11) == 11)
    // A table without a rowid cannot say.
    let tagsRow = try #require(file.tables.firstIndex { $0.name == "tags" })
    let tags = try #require(SQLiteTableList(file: file).opening(row: tagsRow) as? SQLiteTable)
    await poll(tags) { tags.text(row: 2, column: 0) != nil }
    #expect(tags.sortRows(by: TableSortDescriptor(column: 1, ascending: false), following: 0))
    #expect(tags.takeFollowedRow() == .lost)
  }

  /// Ctrl-R reads a table changed by another program again: the count and the rows shown
  /// (their old values meanwhile); the list counts its tables again.
  @Test func aRefreshReadsTheRowsAgain() async throws {
    let database = try TestDatabase.people(rows: 1_000)
    defer { database.remove() }
    let file = try SQLiteFile.open(path: database.path)
    let list = SQLiteTableList(file: file)
    let table = try #require(list.opening(row: 0) as? SQLiteTable)
    await poll(table) { !table.isBusy }
    await poll(list) { !list.isBusy }
    _ = try TestDatabase(
      at: database.path,
      "UPDATE people SET name = 'Changed' WHERE id = 2; DELETE FROM people WHERE id > 990")
    #expect(table.text(row: 1, column: 1) == "Name 15838", "not read again by itself")
    #expect(table.refresh())
    #expect(table.text(row: 1, column: 1) == "Name 15838", "the old value meanwhile")
    await poll(table) { table.text(row: 1, column: 1) == "Changed" && !table.isBusy }
    #expect(table.text(row: 1, column: 1) == "Changed")
    #expect(table.rowCount == 990)
    #expect(list.text(row: 0, column: 1) == "1,000")
    #expect(list.refresh())
    #expect(list.text(row: 0, column: 1) == "counting…")
    await poll(list) { !list.isBusy }
    #expect(list.text(row: 0, column: 1) == "990")
  }

  @Test func namesAreQuotedValuesBoundAndBlobsShownAsTheirSize() async throws {
    let database = try TestDatabase.people(rows: 10)
    defer { database.remove() }
    let file = try SQLiteFile.open(path: database.path)
    let weird = try #require(SQLiteTableList(file: file).opening(row: 3))
    await poll(weird) { weird.text(row: 0, column: 0) != nil }
    #expect(weird.columnTitles == ["a b", "x"])
    #expect(weird.text(row: 0, column: 0) == "x' OR 1=1; --")
    #expect(weird.text(row: 0, column: 1) == "⟨2 bytes⟩")
    // A table without rowid sorts by ORDER BY too.
    let tags = try #require(SQLiteTableList(file: file).opening(row: 2))
    #expect(tags.sortRows(by: TableSortDescriptor(column: 1, ascending: false)))
    await poll(tags) { tags.text(row: 0, column: 1) != nil }
    #expect((0..<3).map { tags.text(row: $0, column: 0) } == ["c", "b", "a"])
  }

  @Test func aFileWithADatabaseHeaderThatIsNotOneIsADataError() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("reusekit-bad-\(getpid()).db").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var bytes = Array("SQLite format 3\0".utf8)
    bytes += Array(repeating: 0xFF, count: 2_000)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    #expect(CSVFile.kind(ofFileAt: path) == .sqlite)
    #expect(throws: DataFileError.self) { try SQLiteFile.open(path: path) }
    #expect(throws: DataFileError.self) { try SQLiteFile.open(path: path + ".missing") }
  }

  /// The table page over a database: the list, Enter opens a table, `s` sorts it where it
  /// lives, Escape cancels a sort, Backspace goes back to the list.
  @Test func theTablePageOpensATableSortsAndGoesBack() async throws {
    let database = try TestDatabase.people(rows: 3_000)
    defer { database.remove() }
    let model = TableModel(
      options: GalleryOptions(sqlite: try SQLiteFile.open(path: database.path)),
      metrics: plainTestMetrics,
      viewportSize: Size(width: 80, height: 20))
    model.register(cell: TestTableCell.self, header: TestTableHeader.self)
    model.start()
    #expect(model.content.name.hasSuffix(".sqlite"))
    #expect(model.handle(KeyPress(.enter)))
    #expect(model.content.name == "people")
    #expect(model.table.columns.map(\.title) == ["id", "name", "city", "amount"])
    let deadline = Date().addingTimeInterval(600)
    while model.isWorking && Date() < deadline {
      model.poll()
      model.table.collectionView.layoutIfNeeded()
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(model.content.text(row: 0, column: 1) == "Name 7919")
    #expect(model.handle(KeyPress(.right)))
    #expect(model.handle(KeyPress(.character("s"))))
    #expect(model.isWorking, "the sort runs off the loop")
    #expect(model.handle(KeyPress(.escape)), "Escape cancels it")
    #expect(model.table.sortDescriptor == nil)
    #expect(model.handle(KeyPress(.backspace)))
    #expect(model.content is SQLiteTableList)
    func focusedName() -> String? {
      model.table.focusedCell.flatMap { model.content.text(row: $0.row, column: 0) }
    }
    #expect(focusedName() == "people", "back on the table just left")
    // Another table, further down the list: back on it too.
    let list = model.content
    let last = list.rowCount - 1
    model.table.focusCell(row: last, column: 0)
    let name = list.text(row: last, column: 0)
    #expect(model.handle(KeyPress(.enter)))
    #expect(model.content.name == name)
    #expect(model.handle(KeyPress(.backspace)))
    #expect(focusedName() == name)
  }

  /// `s` on a database's table keeps the cursor on its row, as the table's own sorts do: the
  /// view shows the top of the new order, the cursor where its row went (found off the loop).
  @Test func theCursorStaysOnItsRowThroughADatabaseSort() async throws {
    let (model, database) = try await peopleOnRow5sName(rows: 3_000)
    defer { database.remove() }
    // By Name (a sort of its own, off the loop), then by City (through its index).
    for press in 0..<2 {
      if press == 1 { #expect(model.handle(KeyPress(.right))) }
      #expect(model.handle(KeyPress(.character("s"))))
      await settleModel(model)
      let focused = try #require(model.table.focusedCell)
      #expect(focused.row != 4 && focused.column == 1 + press)
      #expect(model.table.collectionView.contentOffset.y == 0, "the top of the new order")
      // The focused row, off screen, loaded with the rows that show: its value is read, not
      // "loading" (a new user's finding).
      let content = model.content
      let row = focused.row
      #expect(content.text(row: row, column: 0) == "5", "still the row with id 5")
      let said = model.tableView(
        model.table, accessibilityDescriptionOfRow: row, column: focused.column)
      #expect(said?.label != nil && said?.label != "loading", "\(String(describing: said))")
    }
  }

  /// The cursor moved while the database sorts: the new order shows with the cursor on the
  /// row it moved to (it went to the row it was on at `s`, the moves lost: a new user's
  /// finding).
  @Test func aMoveDuringADatabaseSortIsKept() async throws {
    // Enough rows that the sort takes a while after the keys (it runs on its own thread).
    let (model, database) = try await peopleOnRow5sName(rows: 200_000)
    defer { database.remove() }
    #expect(model.handle(KeyPress(.character("s"))))
    #expect(model.isWorking, "the sort runs off the loop")
    for _ in 0..<3 { #expect(model.handle(KeyPress(.down))) }
    #expect(model.handle(KeyPress(.left)))
    await settleModel(model)
    #expect(model.table.sortDescriptor?.column == 1)
    let focused = try #require(model.table.focusedCell)
    #expect(focused.column == 0)
    #expect(model.content.text(row: focused.row, column: 0) == "8", "the row with id 8")
    #expect(focused.row != 7)
    // `:71` goes to the 71st row of the sort, and says that it is the sort's number (a new
    // user took it for the table's).
    for key in ":71" { #expect(model.handle(KeyPress(.character(key)))) }
    #expect(model.handle(KeyPress(.enter)))
    #expect(model.table.focusedCell?.row == 70)
    #expect(model.status.contains("went to row 71 of the sort by name"), "\(model.status)")
  }

  /// Ctrl-R's "reading the rows again…" gives way to "read the rows again" once the rows are
  /// read, with no key pressed (it stayed until the next key: a new user's finding).
  @Test func theReadingAgainNoteEndsWhenTheRowsAreRead() async throws {
    let (model, database) = try await openedPeople(rows: 2_000)
    defer { database.remove() }
    #expect(model.handle(KeyPress(.character("r"), modifiers: .control)))
    #expect(model.status.contains("reading the rows again…"), "\(model.status)")
    await settleModel(model)
    #expect(model.status.contains("read the rows again"), "\(model.status)")
    #expect(!model.status.contains("reading the rows again"), "\(model.status)")
  }

  /// Blobs show as their size, and their frequency table lists them so; Enter on one shows
  /// the rows whose cells show it (it found none: the value compared as text, a new user's
  /// finding).
  @Test func aBlobsValueFromItsFrequenciesFindsItsRows() async throws {
    let database = try TestDatabase(
      """
      CREATE TABLE b(id INTEGER PRIMARY KEY, y BLOB);
      INSERT INTO b(y) VALUES (x'0001020304'), (x'0a0b0c0d0e'), (x'ffff'), (x'0001020304');
      """)
    defer { database.remove() }
    let model = try openedTableModel(database)
    await settleModel(model)
    _ = model.handle(KeyPress(.right))
    _ = model.handle(KeyPress(.character("F")))
    await settleModel(model)
    #expect(model.status.contains("2 values in 4 rows"), "\(model.status)")
    // The first value: the most frequent, three blobs of five bytes.
    #expect(model.content.text(row: 0, column: 0) == "⟨5 bytes⟩")
    _ = model.handle(KeyPress(.enter))
    await settleModel(model)
    #expect(model.table.numberOfDisplayedRows == 3, "\(model.status)")
    #expect(model.status.contains("y is “⟨5 bytes⟩”"), "\(model.status)")
  }

  /// A filter on a database's table: the rows it shows load wherever they are (far apart in
  /// the table), a sort in the database keeps the filter (made again on the new numbering),
  /// and a row the filter hides is said when asked for.
  @Test func aFilteredTableLoadsItsRowsAndKeepsTheFilterThroughASort() async throws {
    let (model, database) = try await openedPeople(rows: 3_000)
    defer { database.remove() }
    // Quito: every third row; shown, then the last of them.
    for key in [KeyPress(.right), KeyPress(.right), KeyPress(.character("|"))]
      + "quito".map({
        KeyPress(.character($0))
      }) + [KeyPress(.enter)]
    {
      _ = model.handle(key)
    }
    await settleModel(model)
    #expect(model.table.numberOfDisplayedRows == 1_000)
    _ = model.handle(KeyPress(.end, modifiers: .control))
    model.table.collectionView.layoutIfNeeded()
    await settleModel(model)
    var texts: [String?] = []
    model.table.collectionView.forEachDisplayedView { view, _ in
      if let cell = view as? TestTableCell { texts.append(cell.text) }
    }
    #expect(!texts.isEmpty && texts.allSatisfy { $0 != nil }, "every shown row loaded: \(texts)")
    #expect(model.status.contains("(#2,999) ·"), "\(model.status)")
    // A sort in the database (by name, no index): the filter is made again on the new order.
    _ = model.handle(KeyPress(.left))
    _ = model.handle(KeyPress(.left))
    _ = model.handle(KeyPress(.character("s")))
    await settleModel(model)
    #expect(model.table.sortDescriptor == TableSortDescriptor(column: 1))
    #expect(model.table.numberOfDisplayedRows == 1_000, "\(model.status)")
    for display in 0..<5 {
      let row = model.table.sourceRow(forDisplayRow: display)
      #expect(model.content.text(row: row, column: 2) == "Quito")
    }
    // A row the filter hides.
    _ = model.handle(KeyPress(.character(":")))
    let hidden = (0..<3_000).first { model.table.displayRow(forSourceRow: $0) == nil }!
    for character in String(hidden + 1) { _ = model.handle(KeyPress(.character(character))) }
    _ = model.handle(KeyPress(.enter))
    #expect(model.status.contains("is hidden by the filter"), "\(model.status)")
  }
}

/// A table cell that keeps what it shows.
final class TestTableCell: CollectionViewCell, TableCellPresenting {
  var text: String?
  func present(text: String?, isNumeric: Bool, isMatch: Bool) { self.text = text }
  func present(editing field: TextFieldState?) {}
}

/// A header that keeps its title.
final class TestTableHeader: ReusableView, TableHeaderPresenting {
  var title = ""
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool) { self.title = title }
}
