#if PostgreSQL
  import Dispatch
  import GalleryKit
  import Logging
  import NIOSSL
  import PostgresNIO
  import Synchronization

  /// A value bound to a statement's parameter: values from the user or the data are always
  /// bound, never written into SQL text.
  public enum PostgreSQLValue: Sendable, Hashable {
    /// An integer (`int8`).
    case integer(Int)
    /// Text.
    case text(String)
  }

  /// A PostgreSQL server to open connections to (through postgres-nio). Each job that runs
  /// long (a count, a sort, a search) has a connection of its own, so the pages the screen
  /// needs never queue behind it; a job is stopped with `pg_cancel_backend`.
  public final class PostgreSQLServer: Sendable {
    /// Where it is.
    public let address: PostgreSQLAddress
    let configuration: PostgresConnection.Configuration
    let connections = Atomic<Int>(0)

    /// A server at `address`; nothing connects until a session opens.
    public init(address: PostgreSQLAddress) throws(DataFileError) {
      self.address = address
      let tls: PostgresConnection.Configuration.TLS
      switch address.tls {
      case .disable: tls = .disable
      case .prefer, .require:
        var settings = TLSConfiguration.makeClientConfiguration()
        // libpq's `prefer` and `require` encrypt without checking the certificate.
        settings.certificateVerification = .none
        let context: NIOSSLContext
        do { context = try NIOSSLContext(configuration: settings) } catch {
          throw DataFileError("cannot set up TLS (\(error))")
        }
        tls = address.tls == .require ? .require(context) : .prefer(context)
      }
      var configuration =
        address.isUnixSocket
        ? PostgresConnection.Configuration(
          unixSocketPath: "\(address.host)/.s.PGSQL.\(address.port)", username: address.user,
          password: address.password, database: address.database)
        : PostgresConnection.Configuration(
          host: address.host, port: address.port, username: address.user,
          password: address.password, database: address.database, tls: tls)
      configuration.options.connectTimeout = .seconds(5)
      self.configuration = configuration
    }

    /// A new connection, signed in.
    public func session() async throws(DataFileError) -> PostgreSQLSession {
      let connection: PostgresConnection
      do {
        connection = try await PostgresConnection.connect(
          configuration: configuration, id: connections.add(1, ordering: .relaxed).newValue,
          logger: quiet)
      } catch {
        throw DataFileError(
          unreadable: "cannot connect to \(address) (\(Self.message(of: error)))")
      }
      let session = PostgreSQLSession(connection: connection)
      do {
        // Rows in stored order come in the same order each time (a scan never starts midway,
        // joining another's), and a cancelled job says so.
        try await session.execute("SET synchronize_seqscans = off")
        session.processID = try await session.integer("SELECT pg_backend_pid()") ?? 0
      } catch {
        await session.close()
        throw error
      }
      return session
    }

    /// Stops the statement that runs now on `session` (it fails with "canceled"), from a
    /// connection of its own; returns whether the server took the request.
    @discardableResult
    public func cancel(_ session: PostgreSQLSession) async -> Bool {
      guard let controller = try? await self.session() else { return false }
      defer { Task.detached { await controller.close() } }
      // A process ID is an `integer`: a bound `int8` finds no such function.
      var accepted = false
      try? await controller.query(
        "SELECT pg_cancel_backend($1::integer)", [.integer(session.processID)]
      ) { row in
        accepted = row.first == "t"
        return false
      }
      return accepted
    }

    /// What went wrong, in the server's words when it said any (postgres-nio's own text hides
    /// them).
    static func message(of error: any Error) -> String {
      if let error = error as? PSQLError {
        if let message = error.serverInfo?[.message] {
          let detail = error.serverInfo?[.detail].map { ": " + $0 } ?? ""
          return message + detail
        }
        switch error.code {
        case .sslUnsupported:
          return "the server does not offer TLS (sslmode=require; sslmode=disable connects without)"
        case .authMechanismRequiresPassword:
          return "the server asks for a password (in the address, or PGPASSWORD)"
        case .unsupportedAuthMechanism: return "the server signs in a way this client does not"
        case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
        case .queryCancelled: return "canceled"
        default: break
        }
        if let underlying = error.underlying { return plain(underlying) }
        return String(describing: error.code)
      }
      if let error = error as? DataFileError { return error.message }
      return plain(error)
    }

    /// A socket's error in words: the system's (refused, timed out, unknown host) rather than
    /// the driver's nested types.
    static func plain(_ error: any Error) -> String {
      let text = String(describing: error)
      let known = [
        ("Connection refused", "connection refused: is the server running, on that port?"),
        ("UnknownHost", "unknown host"), ("No route to host", "no route to host"),
        ("Network is unreachable", "network unreachable"),
        ("connectTimeout", "no answer within 5 s"), ("timed out", "no answer within 5 s"),
        ("Connection reset", "the connection was reset"),
      ]
      return known.first { text.contains($0.0) }?.1 ?? text
    }
  }

  /// Nothing from the driver reaches the terminal.
  let quiet = Logger(label: "reusekit.postgresql", factory: { _ in SwiftLogNoOpLogHandler() })

  /// One connection to the server: statements on it run one after another.
  public final class PostgreSQLSession: @unchecked Sendable {
    let connection: PostgresConnection
    /// The server process serving it (what `pg_cancel_backend` stops).
    public fileprivate(set) var processID = 0
    /// Set when a statement found the connection gone (the server said it is terminating it,
    /// or the socket closed), before the driver may know.
    let lost = Atomic<Bool>(false)
    /// Statements written to the connection and waiting for their first answer.
    let waiting = Mutex(Waiting())

    struct Waiting {
      var next = 0
      var statements: [Int: CheckedContinuation<PostgresRowSequence, any Error>] = [:]
      var closed = false
    }

    init(connection: PostgresConnection) {
      self.connection = connection
      connection.closeFuture.whenComplete { [weak self] _ in
        guard let self else { return }
        lost.store(true, ordering: .relaxed)
        let statements = waiting.withLock { waiting in
          waiting.closed = true
          defer { waiting.statements = [:] }
          return waiting.statements.values
        }
        for statement in statements { statement.resume(throwing: Self.closedError) }
      }
    }

    static let closedError = DataFileError("the server closed the connection")

    /// Sends `query` and waits for its rows to begin, or for the connection to close.
    ///
    /// postgres-nio writes a statement to its channel and waits for the handler's answer; a
    /// channel that closed just before (the server dropped it) has no handler left and never
    /// answers, and the page that asked would wait for ever (CI saw it, once). So the wait also
    /// ends when the channel closes.
    func start(_ query: PostgresQuery) async throws -> PostgresRowSequence {
      try await withCheckedThrowingContinuation { continuation in
        let id: Int? = waiting.withLock { waiting in
          guard !waiting.closed else { return nil }
          waiting.next += 1
          waiting.statements[waiting.next] = continuation
          return waiting.next
        }
        guard let id else { return continuation.resume(throwing: Self.closedError) }
        Task {
          let result: Result<PostgresRowSequence, any Error>
          do { result = .success(try await connection.query(query, logger: quiet)) } catch {
            result = .failure(error)
          }
          waiting.withLock { $0.statements.removeValue(forKey: id) }?.resume(with: result)
        }
      }
    }

    /// Runs `sql` with `arguments` bound in order (`$1`, `$2`…), handing each row's values as
    /// text (`nil` for `NULL`) to `row` until it returns `false`. Errors carry the server's
    /// message; a cancelled statement's is "canceled".
    public func query(
      _ sql: String, _ arguments: [PostgreSQLValue] = [],
      row: ([String?]) throws -> Bool
    ) async throws(DataFileError) {
      var binds = PostgresBindings(capacity: arguments.count)
      for argument in arguments {
        switch argument {
        case .integer(let value): binds.append(value)
        case .text(let value): binds.append(value)
        }
      }
      do {
        let rows = try await start(PostgresQuery(unsafeSQL: sql, binds: binds))
        for try await result in rows {
          var values: [String?] = []
          values.reserveCapacity(result.count)
          for cell in result {
            guard let bytes = cell.bytes else {
              values.append(nil)
              continue
            }
            switch cell.dataType {
            case .bool:
              values.append(try cell.decode(Bool.self, context: .default) ? "t" : "f")
            case .int2, .int4, .int8:
              values.append(String(try cell.decode(Int.self, context: .default)))
            default:
              // Every value the pages show is cast to text in the query: its bytes are UTF-8.
              values.append(String(buffer: bytes))
            }
          }
          if try !row(values) { return }
        }
      } catch let error as DataFileError {
        throw error
      } catch let error as PSQLError where error.serverInfo?[.sqlState] == "57014" {
        throw DataFileError("canceled")
      } catch let error as PSQLError where Self.losesConnection(error) {
        lost.store(true, ordering: .relaxed)
        throw DataFileError(PostgreSQLServer.message(of: error))
      } catch is CancellationError {
        throw DataFileError("canceled")
      } catch {
        throw DataFileError(PostgreSQLServer.message(of: error))
      }
    }

    /// The first column of the first row of `sql`, as an integer (`nil` without a row or
    /// for `NULL`).
    public func integer(
      _ sql: String, _ arguments: [PostgreSQLValue] = []
    ) async throws(DataFileError) -> Int? {
      var result: Int?
      try await query(sql, arguments) { row in
        result = row.first.flatMap { $0.flatMap { Int($0) } }
        return false
      }
      return result
    }

    /// Runs a statement for its effect (a temporary table being made).
    public func execute(
      _ sql: String, _ arguments: [PostgreSQLValue] = []
    ) async throws(DataFileError) {
      try await query(sql, arguments) { _ in true }
    }

    /// Whether the connection was lost or closed.
    public var isClosed: Bool { connection.isClosed || lost.load(ordering: .relaxed) }

    /// Whether `error` ends the connection: the server shutting it down (SQLSTATE class 57P:
    /// terminated by an administrator, a crash, a shutdown), a connection exception (class
    /// 08), or the socket gone.
    static func losesConnection(_ error: PSQLError) -> Bool {
      if let state = error.serverInfo?[.sqlState] {
        return state.hasPrefix("57P") || state.hasPrefix("08")
      }
      return [.serverClosedConnection, .uncleanShutdown, .connectionError].contains(error.code)
    }

    /// Closes the connection (statements still queued on it fail).
    public func close() async { try? await connection.close() }
  }

  /// Runs `work` and waits for it: for opening, before the gallery's loop starts (never on
  /// it).
  func waitFor<Value: Sendable>(
    _ work: @escaping @Sendable () async throws(DataFileError) -> Value
  ) throws(DataFileError) -> Value {
    let result = Mutex<Result<Value, DataFileError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let outcome: Result<Value, DataFileError>
      do throws(DataFileError) { outcome = .success(try await work()) } catch {
        outcome = .failure(error)
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
  }
#endif
