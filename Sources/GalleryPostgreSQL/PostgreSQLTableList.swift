#if PostgreSQL
  import GalleryKit
  import ReuseControls
  import ReuseKit

  /// A PostgreSQL server as `--data postgresql://…` opens it: where it is, and its tables'
  /// schemas (no rows read).
  public struct PostgreSQLDatabase: Sendable {
    /// The server.
    public let server: PostgreSQLServer
    /// Its tables and views the user may read.
    public let tables: [PostgreSQLTableInfo]

    /// Connects to `address` and reads the catalog, waiting for both (before the gallery's
    /// loop starts). A malformed address, a server that does not answer or refuses the user
    /// throws, with the server's words when it said any.
    public static func open(
      _ address: String, environment: @escaping (String) -> String? = { _ in nil }
    ) throws(DataFileError) -> PostgreSQLDatabase {
      let server = try PostgreSQLServer(
        address: PostgreSQLAddress(address, environment: environment))
      return try waitFor { () async throws(DataFileError) -> PostgreSQLDatabase in
        let session = try await server.session()
        defer { Task.detached { await session.close() } }
        return PostgreSQLDatabase(server: server, tables: try await session.tables())
      }
    }

    /// The list of tables, for the table page (made with the page's clock).
    public func tableList(clock: @escaping @Sendable () -> Double) -> PostgreSQLTableList {
      PostgreSQLTableList(database: self, clock: clock)
    }
  }

  /// The list of a server's tables, shown in the table page before one is opened: a row per
  /// table or view with its row count (counted off the loop, one table after another: never
  /// loaded), its column count and kind. Enter opens the focused one (``opening(row:)``).
  public final class PostgreSQLTableList: TableContent {
    /// The server and its tables.
    public let database: PostgreSQLDatabase
    let counts: Shared<[Int?]>
    var shownCounts: [Int?]
    /// Set when the list goes: the counting stops after the table it counts.
    let stopping = Shared(false)
    let clock: @Sendable () -> Double

    /// The list of `database`'s tables; their rows are counted in the background.
    public init(database: PostgreSQLDatabase, clock: @escaping @Sendable () -> Double = { 0 }) {
      self.database = database
      self.clock = clock
      shownCounts = Array(repeating: nil, count: database.tables.count)
      counts = Shared(shownCounts)
      let counts = counts
      let tables = database.tables
      let server = database.server
      let stopping = stopping
      Task.detached {
        // A connection of its own: a table opened meanwhile reads its first page at once.
        guard let session = try? await server.session() else {
          counts.withLock { $0 = $0.map { $0 ?? -1 } }
          return
        }
        for (index, table) in tables.enumerated() {
          guard !stopping.withLock({ $0 }) else { break }
          let count = try? await session.integer("SELECT count(*) FROM \(table.quotedName)")
          counts.withLock { $0[index] = count ?? -1 }
        }
        await session.close()
      }
    }

    deinit { stopping.withLock { $0 = true } }

    /// The server's address (without its password).
    public var name: String { database.server.address.description }
    /// Table, Rows, Columns, Kind.
    public var columnTitles: [String] { ["Table", "Rows", "Columns", "Kind"] }
    /// One row per table or view.
    public var rowCount: Int { database.tables.count }

    /// The table's name, its row count ("counting…" until known), columns and kind.
    public func text(row: Int, column: Int) -> String? {
      guard database.tables.indices.contains(row) else { return nil }
      let table = database.tables[row]
      switch column {
      case 0: return table.displayName
      case 1:
        guard let count = shownCounts[row] else { return "counting…" }
        return count < 0 ? "?" : count.formatted
      case 2: return table.columns.count.formatted
      default: return table.isView ? "view" : "table"
      }
    }

    /// By name, count or column count.
    public func sortKey(row: Int, column: Int) -> TableSortKey {
      guard database.tables.indices.contains(row) else { return .missing }
      switch column {
      case 1: return shownCounts[row].map { .number(Double($0)) } ?? .missing
      case 2: return .number(Double(database.tables[row].columns.count))
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
      guard database.tables.indices.contains(row) else { return nil }
      return PostgreSQLTable(
        server: database.server, info: database.tables[row], parent: self, clock: clock)
    }
  }
#endif
