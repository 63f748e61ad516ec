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

  /// The list of a server's tables, shown in the table page before one is opened: counted
  /// off the loop on a connection of its own, one table after another (never loaded). Enter
  /// opens the focused one (``opening(row:)``).
  public final class PostgreSQLTableList: DatabaseTableList {
    /// The server and its tables.
    public let database: PostgreSQLDatabase
    let clock: @Sendable () -> Double

    /// The list of `database`'s tables; their rows are counted in the background.
    public init(database: PostgreSQLDatabase, clock: @escaping @Sendable () -> Double = { 0 }) {
      self.database = database
      self.clock = clock
      super.init(
        name: database.server.address.description,
        entries: database.tables.map {
          Entry(name: $0.displayName, columnCount: $0.columns.count, isView: $0.isView)
        })
      startCounting()
    }

    /// Counts the tables one after another on a connection of its own (a table opened
    /// meanwhile reads its first page at once).
    public override func startCounting() {
      let counts = counts
      let tables = database.tables
      let server = database.server
      let generation = counts.startGeneration()
      Task.detached {
        guard let session = try? await server.session() else { return counts.failAll() }
        for (index, table) in tables.enumerated() {
          guard counts.counts(generation) else { break }
          let count = try? await session.integer("SELECT count(*) FROM \(table.quotedName)")
          if counts.counts(generation) { counts.found(count, forTable: index) }
        }
        await session.close()
      }
    }

    /// The table of `row`, opened a page at a time.
    public override func opening(row: Int) -> (any TableContent)? {
      guard database.tables.indices.contains(row) else { return nil }
      return PostgreSQLTable(
        server: database.server, info: database.tables[row], parent: self, clock: clock)
    }
  }
#endif
