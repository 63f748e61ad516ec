import Foundation
import GalleryKit
import GalleryPostgreSQL
import ReuseControls
import ReuseKit
import Testing

/// The server test.sh started (`REUSEKIT_POSTGRES_URL`), or `nil`: then the tests that need
/// one are skipped.
let serverAddress = ProcessInfo.processInfo.environment["REUSEKIT_POSTGRES_URL"]

/// Why a test is skipped without a server.
let needsServer = Testing.ConditionTrait.enabled(
  if: serverAddress != nil,
  "no server: REUSEKIT_POSTGRES_URL is not set (Integrations/PostgreSQL/test.sh starts one)")

/// A schema of its own for one test, made by `sql` (statements separated by `;` at line
/// ends), dropped by ``drop()``: tests running at once never see each other's tables.
struct TestSchema {
  let name: String
  let server: PostgreSQLServer

  init(_ sql: String) async throws {
    name = "t_" + UUID().uuidString.prefix(8).lowercased()
    server = try PostgreSQLServer(address: PostgreSQLAddress(serverAddress ?? ""))
    let session = try await server.session()
    defer { Task { await session.close() } }
    // The schemas earlier tests left (each drops its own from a task that a process ending
    // may cut short): the suite runs one test at a time, so none is in use.
    var left: [String] = []
    try await session.query(
      "SELECT nspname::text FROM pg_namespace WHERE nspname ~ '^t_[0-9a-f]{8}$'"
    ) { row in
      left += row.compactMap { $0 }
      return true
    }
    for schema in left { try await session.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") }
    try await session.execute("CREATE SCHEMA \(name)")
    try await session.execute("SET search_path TO \(name)")
    for statement in sql.components(separatedBy: ";\n") {
      let trimmed = statement.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { try await session.execute(trimmed) }
    }
  }

  /// `people` (id, name, city, amount) of `rows` rows, an index on city; a view of the rich;
  /// a table whose name and column need quoting, with a NULL, a boolean and bytes; a table
  /// without a key.
  static func people(rows: Int) async throws -> TestSchema {
    try await TestSchema(
      """
      CREATE TABLE people (id bigint PRIMARY KEY, name text, city text, amount numeric);
      INSERT INTO people SELECT x, 'Name ' || ((x::bigint * 7919) % 1000003),
        CASE x % 3 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Osaka' ELSE 'Quito' END, x % 977
        FROM generate_series(1, \(rows)) x;
      CREATE INDEX ON people (city);
      ANALYZE people;
      CREATE VIEW rich AS SELECT * FROM people WHERE amount > 970;
      CREATE TABLE "we""ird" ("a b" text, flag boolean, x bytea);
      INSERT INTO "we""ird" VALUES ('x'' OR 1=1; --', true, '\\x0001'), (NULL, NULL, NULL);
      CREATE TABLE loose (word text);
      INSERT INTO loose VALUES ('b'), ('a'), ('c')
      """)
  }

  /// The name people's `name` column holds for `id`.
  static func name(id: Int) -> String { "Name \((id * 7919) % 1_000_003)" }

  /// Drops the schema and all in it.
  func drop() async {
    guard let session = try? await server.session() else { return }
    try? await session.execute("DROP SCHEMA IF EXISTS \(name) CASCADE")
    await session.close()
  }

  /// The database as the gallery opens it.
  func open() throws -> PostgreSQLDatabase { try PostgreSQLDatabase.open(serverAddress ?? "") }

  /// Table `table` of this schema, opened from the list.
  func table(_ table: String, in database: PostgreSQLDatabase) throws -> PostgreSQLTable {
    let list = database.tableList(clock: { 0 })
    let row = try #require(database.tables.firstIndex { $0.displayName == "\(name).\(table)" })
    return try #require(list.opening(row: row) as? PostgreSQLTable)
  }
}

/// Polls `content` (as the table page does each frame) until `done`, for at most two
/// minutes, sleeping as a task; a wait that runs out is a failure of the test.
func poll(
  _ content: any TableContent, rows: Range<Int> = 0..<20,
  sourceLocation: Testing.SourceLocation = #_sourceLocation, until done: () -> Bool
) async {
  let deadline = Date().addingTimeInterval(120)
  while !done() {
    guard Date() < deadline else {
      Issue.record(
        "waited 120 s in vain: \(content.loadingStatus ?? "")", sourceLocation: sourceLocation)
      return
    }
    content.noteDisplayed(rows: rows)
    _ = content.update()
    try? await Task.sleep(for: .milliseconds(2))
  }
}

/// What a search job finds, once done.
func found(_ job: TableSearchJob?) async -> (rows: [Int], problem: String?) {
  var rows: [Int] = []
  let deadline = Date().addingTimeInterval(120)
  while Date() < deadline {
    guard let (more, done, problem) = job?.take() else { return ([], "no job") }
    rows += more
    if done { return (rows, problem) }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return (rows, "timed out")
}

/// A table cell that keeps what it shows.
final class TextCell: CollectionViewCell, TableCellPresenting {
  var text: String?
  func present(text: String?, isNumeric: Bool, isMatch: Bool) { self.text = text }
  func present(editing field: TextFieldState?) {}
}

/// A header that keeps its title.
final class TitleHeader: ReusableView, TableHeaderPresenting {
  var title = ""
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool) { self.title = title }
}

/// Metrics of one unit a character and a clock that reads real time.
let testMetrics = GalleryMetrics(
  rowLength: 1, headerLength: 1, overscan: 0, chipPadding: 2, chipHeaderPadding: 2,
  categoryPadding: 2, swipeActionPadding: 2, waterfallColumnWidths: [10],
  waterfallUnit: 1, waterfallSpacing: (0, 0), carouselInsets: (0, 0, 0),
  textWidth: { Double($0.count) },
  clock: { Date().timeIntervalSinceReferenceDate })
