#if PostgreSQL
  import GalleryKit
  import ReuseControls
  import ReuseKit
  import Synchronization

  /// A connection being opened, or open: statements wait for it. One that `reconnects` opens
  /// a new connection when its own was lost (the server restarted, the network dropped, the
  /// backend was terminated) or never opened; one holding a temporary table does not (the
  /// table went with its session).
  final class SessionSlot: Sendable {
    typealias Opening = Task<Result<PostgreSQLSession, DataFileError>, Never>
    let server: PostgreSQLServer
    let reconnects: Bool
    let current: Mutex<Opening>

    init(_ server: PostgreSQLServer, reconnects: Bool = false) {
      self.server = server
      self.reconnects = reconnects
      current = Mutex(Self.open(server))
    }

    static func open(_ server: PostgreSQLServer) -> Opening {
      Task {
        do throws(DataFileError) { return .success(try await server.session()) } catch {
          return .failure(error)
        }
      }
    }

    /// The connection being opened, or open now.
    var opening: Opening { current.withLock { $0 } }

    func session() async throws(DataFileError) -> PostgreSQLSession {
      let opening = self.opening
      let result = await opening.value
      if reconnects {
        let lost: Bool
        switch result {
        case .success(let session): lost = session.isClosed
        case .failure: lost = true
        }
        if lost {
          // One new connection for every load that finds this one lost.
          let server = server
          let next = current.withLock { current in
            if current == opening { current = Self.open(server) }
            return current
          }
          // Closed on the side: the driver's close of a connection the server has just
          // dropped may wait for the socket to end, and the page must not wait with it (CI
          // once saw a page wait 120 s here).
          if case .success(let session) = result { Task.detached { await session.close() } }
          return try await next.value.get()
        }
      }
      return try result.get()
    }

    /// Closes it once open (whatever runs on it fails).
    func close() {
      let opening = opening
      Task.detached {
        if case .success(let session) = await opening.value { await session.close() }
      }
    }
  }

  /// A table of a PostgreSQL server shown in the table page without loading it, as
  /// `SQLiteTable` shows a SQLite one: pages of rows are read as they come into view
  /// (`PagedItems`), the count is the planner's estimate at once and exact from a background
  /// count, and a sort is the server's: an `ORDER BY` through an index when one starts with
  /// the column (or for a view), else a temporary table of the sorted keys made off the loop
  /// (its time in the status line; Escape stops it with `pg_cancel_backend`), after which any
  /// page is one indexed range away.
  public final class PostgreSQLTable: PagedTableContent, TableContent {
    /// The server.
    public let server: PostgreSQLServer
    /// The table.
    public let info: PostgreSQLTableInfo
    /// The list of tables it was opened from.
    public let parent: (any TableContent)?
    /// How pages are read now; the loads read it under its lock.
    let plan: Locked<Plan>
    /// The connection the pages load on (in stored order or an `ORDER BY`).
    let base: SessionSlot
    /// The connection holding the sorted keys' temporary table shown now, if any.
    var sortedSlot: SessionSlot?
    /// Set by a load that found the connection of the sort's temporary table lost (to that
    /// connection's slot): the sort is made again, once.
    let sortLost = Locked<ObjectIdentifier?>(nil)
    /// The background count's result, taken by ``update()``.
    let exactCount = Locked<CountState>(.counting)
    var sortJob: (descriptor: TableSortDescriptor, began: Double, slot: SessionSlot)?
    /// The sort job's result, with the number of the sort it belongs to.
    let sortResult = Locked<(sort: Int, result: Result<String, DataFileError>)?>(nil)
    /// The key of the row a sort made into a table follows, as the cursor moves while it is
    /// made (read on the sort's connection once the table is made).
    let followedKey = Locked<String?>(nil)
    var sorts = 0
    let clock: @Sendable () -> Double

    enum CountState: Sendable, Equatable {
      case counting
      /// The count, and the smallest key when the integer keys are dense (first…first+count−1).
      case found(Int, denseFrom: Int?)
      case failed(String)
      case taken
    }

    /// How a page is read.
    struct Plan: Sendable {
      enum Order: Sendable {
        /// Stored order: key ranges when dense integer keys allow, else by offset (by key
        /// when there is one).
        case stored(denseFrom: Int?)
        /// `ORDER BY` a column, by offset (through an index when there is one).
        case orderBy(column: String, ascending: Bool)
        /// The order of a temporary table of sorted keys (by `column`): a page is a range of
        /// its numbers.
        case sortedTable(String, column: String, ascending: Bool)
      }
      var order: Order
      var slot: SessionSlot
    }

    /// Pages of 100 rows, a page ahead either way, at most 5,000 rows loaded.
    static let paging = PagingConfiguration(
      pageSize: 100, prefetchDistance: 100, jumpThreshold: 400, maximumLoadedItems: 5_000)

    /// Opens `info` on `server`: nothing of its rows is read until they show.
    public init(
      server: PostgreSQLServer, info: PostgreSQLTableInfo, parent: (any TableContent)? = nil,
      clock: @escaping @Sendable () -> Double = { 0 }
    ) {
      self.server = server
      self.info = info
      self.parent = parent
      self.clock = clock
      base = SessionSlot(server, reconnects: true)
      plan = Locked(Plan(order: .stored(denseFrom: nil), slot: base))
      let estimate = info.estimatedRows >= 0 ? info.estimatedRows : nil
      super.init(items: PagedItems(count: estimate, configuration: Self.paging) { _ in [] })
      items = makeItems(count: estimate)
      startCount()
    }

    deinit {
      if let job = sortJob { stop(job.slot) }
      sortedSlot?.close()
      base.close()
    }

    /// The key's quoted name, when the table has a one-column key.
    var key: String? { info.keyColumn.map { quote(info.columns[$0]) } }

    func makeItems(count: Int?) -> PagedItems<[String]> {
      let plan = plan
      let sortLost = sortLost
      let statement = { @Sendable [info, key] (order: Plan.Order, range: Range<Int>) in
        Self.pageStatement(order: order, range: range, info: info, key: key)
      }
      return PagedItems(count: count, configuration: Self.paging) { range in
        try Task.checkCancellation()
        let (order, slot) = plan.withLock { ($0.order, $0.slot) }
        var (sql, arguments) = statement(order, range)
        var rows: [[String]] = []
        rows.reserveCapacity(range.count)
        // A connection the server dropped is opened again at once, and the page asked again
        // (once): a restart or a terminated backend costs a reconnect, not an error shown.
        // The connection of a sort's temporary table cannot be: the sort is made again.
        var attempt = 0
        while true {
          var session: PostgreSQLSession?
          do throws(DataFileError) {
            session = try await slot.session()
            if session!.isClosed, !slot.reconnects {
              sortLost.withLock { $0 = ObjectIdentifier(slot) }
              throw DataFileError("the connection that held the sort was lost: sorting again")
            }
            rows.removeAll(keepingCapacity: true)
            try await session!.query(sql, arguments) { row in
              rows.append(row.map { $0 ?? "" })
              return !Task.isCancelled
            }
          } catch {
            if error.message == "canceled" { throw CancellationError() }
            attempt += 1
            if attempt == 1, session?.isClosed == true, !Task.isCancelled { continue }
            throw error
          }
          // A key range short of a page: keys deleted since the count (a gap), or the end.
          // Offsets from now on, and this page asked again by offset.
          if rows.count < range.count, case .stored(let first?) = order {
            plan.withLock { plan in
              if case .stored(first) = plan.order { plan.order = .stored(denseFrom: nil) }
            }
            (sql, arguments) = statement(.stored(denseFrom: nil), range)
            attempt = 0
            continue
          }
          break
        }
        try Task.checkCancellation()
        return rows
      }
    }

    /// The statement that reads `range` in `order`.
    static func pageStatement(
      order: Plan.Order, range: Range<Int>, info: PostgreSQLTableInfo, key: String?
    ) -> (String, [PostgreSQLValue]) {
      let table = info.quotedName
      let columns =
        info.columns.isEmpty
        ? "NULL::text" : info.columns.map { "t.\(quote($0))::text" }.joined(separator: ", ")
      switch order {
      case .stored(let first?) where key != nil:
        return (
          "SELECT \(columns) FROM \(table) t WHERE t.\(key!) >= $1 AND t.\(key!) < $2 "
            + "ORDER BY t.\(key!)",
          [.integer(first + range.lowerBound), .integer(first + range.upperBound)]
        )
      case .sortedTable(let sorted, _, _):
        return (
          "SELECT \(columns) FROM pg_temp.\(quote(sorted)) o JOIN \(table) t "
            + "ON t.\(key ?? "ctid") = o.r WHERE o.n > $1 AND o.n <= $2 ORDER BY o.n",
          [.integer(range.lowerBound), .integer(range.upperBound)]
        )
      default:
        return (
          "SELECT \(columns) FROM \(table) t \(ordering(order, info: info)) LIMIT $1 OFFSET $2",
          [.integer(range.count), .integer(range.lowerBound)]
        )
      }
    }

    /// What orders rows in `order`, for a window or an `ORDER BY` ("" for the scan's order),
    /// over the table named `t` (its columns, not the text the query makes of them).
    static func ordering(_ order: Plan.Order, info: PostgreSQLTableInfo) -> String {
      let key = info.keyColumn.map { "t." + quote(info.columns[$0]) }
      switch order {
      case .stored: return key.map { "ORDER BY \($0)" } ?? ""
      case .orderBy(let column, let ascending), .sortedTable(_, let column, let ascending):
        return "ORDER BY t.\(quote(column)) \(ascending ? "ASC" : "DESC")"
          + (key.map { ", \($0)" } ?? "")
      }
    }

    /// Counts the rows off the loop on a connection of its own (the estimate stands in
    /// meanwhile); with an integer key, also whether the keys are dense.
    func startCount() {
      let server = server
      let exactCount = exactCount
      let table = info.quotedName
      let key = info.hasIntegerKey ? key : nil
      Task.detached {
        let state: CountState
        do throws(DataFileError) {
          let session = try await server.session()
          defer { Task.detached { await session.close() } }
          // Apart: min and max alone read the key's index, not the rows.
          let count = try await session.integer("SELECT count(*) FROM \(table)") ?? 0
          var first: Int?
          var last: Int?
          if let key {
            try await session.query(
              "SELECT min(\(key))::int8, max(\(key))::int8 FROM \(table)"
            ) { row in
              first = row[0].flatMap { Int($0) }
              last = row[1].flatMap { Int($0) }
              return false
            }
          }
          let dense = first.flatMap { first in last.map { $0 - first + 1 == count } } ?? false
          state = .found(count, denseFrom: dense ? first : nil)
        } catch {
          state = .failed(error.message)
        }
        exactCount.withLock { $0 = state }
      }
    }

    /// Stops what runs on `slot` and closes it.
    func stop(_ slot: SessionSlot) {
      let server = server
      let opening = slot.opening
      Task.detached {
        if case .success(let session) = await opening.value {
          await server.cancel(session)
          await session.close()
        }
      }
    }
  }
#endif
