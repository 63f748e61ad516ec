import CSQLite
import ReuseKit

#if canImport(Glibc)
  import Glibc
#endif

/// A value bound to a statement's parameter: values from the user or the data are always
/// bound, never written into SQL text.
public enum SQLiteValue: Sendable, Hashable {
  /// An integer.
  case integer(Int)
  /// Text.
  case text(String)
}

/// One result row of a statement being stepped.
public struct SQLiteRow {
  fileprivate let statement: OpaquePointer

  /// How many columns the row has.
  public var columnCount: Int { Int(sqlite3_column_count(statement)) }

  /// Column `index` as text for a cell: text as it is (invalid UTF-8 repaired), numbers in
  /// SQLite's own form, `NULL` as nothing, a blob as its size.
  public func text(_ index: Int) -> String {
    let column = Int32(index)
    switch sqlite3_column_type(statement, column) {
    case SQLITE_NULL: return ""
    case SQLITE_BLOB: return blobShownText(byteCount: Int(sqlite3_column_bytes(statement, column)))
    default:
      guard let bytes = sqlite3_column_text(statement, column) else { return "" }
      let count = Int(sqlite3_column_bytes(statement, column))
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
  }

  /// Column `index` as an integer (0 for `NULL`).
  public func integer(_ index: Int) -> Int { Int(sqlite3_column_int64(statement, Int32(index))) }
}

/// A SQLite database opened read-only, on SQLite's C API (Debian's `libsqlite3`, through the
/// `CSQLite` system library): the galleries stay free of Foundation, and a table of 10⁷ rows
/// is read a page at a time, never whole.
///
/// One connection in SQLite's serialized mode: the loads of a ``SQLiteTable`` run on other
/// threads than the one that opened it, and each call prepares, steps and finalizes its own
/// statement. Every value is bound; a table or column name, which SQL cannot bind, is quoted
/// (``quote(_:)``).
public final class SQLiteDatabase: @unchecked Sendable {
  /// The file's path.
  public let path: String
  private let handle: OpaquePointer

  private init(path: String, handle: OpaquePointer) {
    self.path = path
    self.handle = handle
  }

  deinit { sqlite3_close_v2(handle) }

  /// Whether the file at `path` is a SQLite database: its first 16 bytes are SQLite's
  /// header ("SQLite format 3" and a zero byte), whatever its name.
  public static func isDatabase(atPath path: String) -> Bool {
    CSVFile.firstBytes(ofFileAt: path, count: 16) == Array("SQLite format 3\0".utf8)
  }

  /// Opens the database at `path` read-only. A file that cannot be opened, or is not a
  /// database, throws (``DataFileError/isUnreadable`` set when it cannot be read at all).
  public static func open(path: String) throws(DataFileError) -> SQLiteDatabase {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw DataFileError(unreadable: "cannot open it as a SQLite database (\(message))")
    }
    let database = SQLiteDatabase(path: path, handle: handle)
    // `reusekit_regexp(pattern, value)`: a search with a regular expression, in the query.
    sqlite3_create_function_v2(
      handle, "reusekit_regexp", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, regexpFunction, nil,
      nil, nil)
    // `reusekit_contains(needle, value)`: whether the value holds the needle, case ignored
    // as the core's finds ignore it, beyond ASCII (SQLite's `lower` folds ASCII alone).
    sqlite3_create_function_v2(
      handle, "reusekit_contains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, containsFunction,
      nil, nil, nil)
    // `reusekit_blob_shown(blob)`: the text a blob's cell shows ("⟨5 bytes⟩"), to compare with.
    sqlite3_create_function_v2(
      handle, "reusekit_blob_shown", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
      blobShownFunction, nil, nil, nil)
    // Reading the schema finds a file that only looks like a database.
    do {
      try database.query("SELECT count(*) FROM sqlite_master") { _ in false }
    } catch {
      throw DataFileError("not a readable SQLite database (\(error.message))")
    }
    return database
  }

  /// `name` as a quoted SQL identifier: in double quotes, each double quote doubled.
  public static func quote(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
  }

  /// Runs `sql` with `arguments` bound to its parameters in order, handing each result row to
  /// `row` until it returns `false`. Errors carry SQLite's message.
  public func query(
    _ sql: String, _ arguments: [SQLiteValue] = [], row: (SQLiteRow) throws -> Bool
  ) throws(DataFileError) {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else {
      throw DataFileError(String(cString: sqlite3_errmsg(handle)))
    }
    defer { sqlite3_finalize(statement) }
    for (index, argument) in arguments.enumerated() {
      let position = Int32(index + 1)
      switch argument {
      case .integer(let value): sqlite3_bind_int64(statement, position, Int64(value))
      case .text(let value):
        sqlite3_bind_text(statement, position, value, -1, reusekit_sqlite_transient())
      }
    }
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      guard status == SQLITE_ROW else {
        throw DataFileError(
          status == SQLITE_INTERRUPT
            ? "interrupted" : String(cString: sqlite3_errmsg(handle)))
      }
      let goesOn: Bool
      do { goesOn = try row(SQLiteRow(statement: statement)) } catch {
        throw DataFileError(String(describing: error))
      }
      if !goesOn { return }
    }
  }

  /// The first column of the first row of `sql`, as an integer (`nil` without a row).
  public func integer(
    _ sql: String, _ arguments: [SQLiteValue] = []
  ) throws(DataFileError)
    -> Int?
  {
    var result: Int?
    try query(sql, arguments) { row in
      result = row.integer(0)
      return false
    }
    return result
  }

  /// Runs a statement that returns no rows (a temporary table being made).
  public func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws(DataFileError) {
    try query(sql, arguments) { _ in true }
  }

  /// Stops whatever statement runs now on any thread (it fails with "interrupted").
  public func interrupt() { sqlite3_interrupt(handle) }
}

/// Runs `work` on a thread of its own: a long blocking call (a SQLite sort, count or search)
/// never holds one of Swift concurrency's few shared threads, which the pages' loads need.
/// Returns `false` when no thread could start (the caller reports it).
func runOnThreadOfItsOwn(_ work: @escaping @Sendable () -> Void) -> Bool {
  final class Box {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
  }
  let box = Unmanaged.passRetained(Box(work)).toOpaque()
  var thread = pthread_t()
  let created = pthread_create(
    &thread, nil,
    { context in
      let box = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Box
      box.work()
      return nil
    }, box)
  guard created == 0 else {
    Unmanaged<AnyObject>.fromOpaque(box).release()
    return false
  }
  pthread_detach(thread)
  return true
}

/// A compiled pattern, kept by SQLite with the statement (its "auxiliary data") so that each
/// row does not compile it again.
/// A needle made into the core's matcher once a query, kept by SQLite beside it.
private final class KeptMatcher {
  let matcher: TextMatcher
  init(_ matcher: TextMatcher) { self.matcher = matcher }
}

/// `reusekit_contains(needle, value)`: 1 when `value` holds `needle`, case ignored (Unicode's
/// lowercase, as the finds of a file's rows compare), else 0; a NULL value holds nothing.
private let containsFunction:
  @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, values in
    testFunction(
      context, count, values, failure: nil,
      make: { needle in needle.map { KeptMatcher(TextMatcher($0)) } },
      test: { kept, value in kept.matcher.matches(value) })
  }

/// The body of a test function of two texts (`reusekit_contains`, `reusekit_regexp`): `make`
/// turns the first into what tests (once a statement: SQLite keeps it beside the statement),
/// `test` asks it of the second; the result is 1 or 0, and 0 for a NULL second. When `make`
/// gives nothing, `failure` is the statement's error, or the result 0 without one.
private func testFunction<Kept: AnyObject>(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?,
  failure: String?, make: (String?) -> Kept?, test: (Kept, String) -> Bool
) {
  guard let context, let values, count == 2 else { return }
  let kept: Kept
  if let aux = sqlite3_get_auxdata(context, 0) {
    kept = Unmanaged<Kept>.fromOpaque(aux).takeUnretainedValue()
  } else {
    guard let made = make(sqlite3_value_text(values[0]).map { String(cString: $0) }) else {
      if let failure {
        sqlite3_result_error(context, failure, -1)
      } else {
        sqlite3_result_int(context, 0)
      }
      return
    }
    kept = made
    sqlite3_set_auxdata(
      context, 0, Unmanaged.passRetained(kept).toOpaque(),
      { aux in aux.map { Unmanaged<AnyObject>.fromOpaque($0).release() } })
  }
  guard let value = sqlite3_value_text(values[1]) else {
    sqlite3_result_int(context, 0)
    return
  }
  sqlite3_result_int(context, test(kept, String(cString: value)) ? 1 : 0)
}

private final class CompiledPattern {
  let regex: Regex<AnyRegexOutput>
  init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
}

/// The text a cell shows for a blob of `count` bytes: its size, never its bytes.
func blobShownText(byteCount count: Int) -> String { "⟨\(plural(count, "byte"))⟩" }

/// `reusekit_blob_shown(value)`: what a cell shows for a blob ("⟨5 bytes⟩"), so that a whole
/// value chosen from what the grid shows finds its rows.
private let blobShownFunction:
  @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, values in
    guard let context, let values, count == 1 else { return }
    let shown = blobShownText(byteCount: Int(sqlite3_value_bytes(values[0])))
    sqlite3_result_text(context, shown, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
  }

/// `reusekit_regexp(pattern, value)`: 1 when `value` matches `pattern` (Swift's regular
/// expressions, ignoring case), else 0; `NULL` never matches; a pattern that does not compile
/// is an error of the statement.
private let regexpFunction:
  @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, values in
    testFunction(
      context, count, values, failure: "not a regular expression",
      make: { pattern in
        pattern.flatMap { try? Regex($0).ignoresCase() }.map(CompiledPattern.init)
      },
      test: { compiled, value in (try? compiled.regex.firstMatch(in: value)) != nil })
  }
