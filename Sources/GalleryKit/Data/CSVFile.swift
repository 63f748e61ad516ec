import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A CSV file read row by row on a thread of its own, while the gallery shows what has arrived:
/// the thread finds where rows start (``CSVScanner``: 8 bytes a row, the text stays in the
/// file), the main thread takes them at each frame (``takeProgress()``) and reads the rows it
/// shows with `pread`. The only file's OS calls of the galleries are here.
///
/// Nothing blocks: the first megabyte is scanned before ``open(path:lenient:)`` returns (so an error in
/// the header shows at once, and the first screen has its rows), the rest in the background;
/// the process may end at any moment (Ctrl-C) with the thread still reading.
public final class CSVFile: Sendable {
  /// What the thread found since the main thread last looked.
  public struct Progress: Sendable {
    /// The offsets of the rows found (the header's too, first).
    public var rowStarts: [Int]
    /// The bytes scanned so far.
    public var scannedBytes: Int
    /// Whether the whole file has been scanned (or scanning stopped at a problem).
    public var isDone: Bool
    /// The first problem, with its line and column.
    public var problem: DataFileError?
    /// What a lenient scan let through so far (counted over the whole file).
    public var leniency = CSVScanner.Leniency()
  }

  /// The file's path.
  public let path: String
  /// The file's size in bytes, when opened.
  public let size: Int
  /// How the file is read: its delimiter (sniffed when lenient) and whether it is lenient.
  public let dialect: CSVDialect
  private let descriptor: Int32
  /// The file as opened: its modification time (``changeOnDisk(checkingPath:)``).
  private let modified: timespec
  /// The device and inode of the file at ``path``: the one opened, then the one each save in
  /// place writes there.
  private let atPath: Mutex<FileIdentity>
  /// Whether a save in place kept the file as opened as `FILE.bak`: later saves of this run
  /// leave that backup as it is (each one put the save before it there, and the file as it was
  /// before the run was lost at the second save: a new user's finding), as Emacs keeps the
  /// first backup of a session.
  private let keptBackup = Mutex(false)
  private let shared = Mutex(Progress(rowStarts: [], scannedBytes: 0, isDone: false))
  private let stopping = Atomic(false)
  /// How much the thread reads at a time.
  static let chunkSize = 1 << 20

  private init(path: String, descriptor: Int32, info: stat, dialect: CSVDialect) {
    self.path = path
    self.dialect = dialect
    self.descriptor = descriptor
    size = Int(info.st_size)
    modified = info.st_mtim
    atPath = Mutex(FileIdentity(info))
  }

  /// A save in place put a new file at ``path`` (this one, renamed, is still read): that one
  /// is this table's from now on.
  func pathWasSaved() {
    keptBackup.withLock { $0 = true }
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    atPath.withLock { $0 = FileIdentity(info) }
  }

  /// Whether a save in place of this run already kept the file as opened as `FILE.bak`.
  var hasKeptBackup: Bool { keptBackup.withLock { $0 } }

  /// What changed the file on disk since it was opened, if anything did: another program
  /// wrote it (its size or modification time differ), or (`checkingPath`) put another file at
  /// its path. The table's rows are places in the file as opened; a save over a changed file
  /// spliced them into the new bytes (a new user's finding).
  public func changeOnDisk(checkingPath: Bool = true) -> String? {
    var now = stat()
    guard fstat(descriptor, &now) == 0 else { return "it can no longer be read" }
    if Int(now.st_size) != size || now.st_mtim.tv_sec != modified.tv_sec
      || now.st_mtim.tv_nsec != modified.tv_nsec
    {
      return "another program changed it since it was opened"
    }
    guard checkingPath else { return nil }
    var there = stat()
    guard stat(path, &there) == 0 else { return "it is no longer there" }
    let expected = atPath.withLock { $0 }
    let found = FileIdentity(there)
    if found.device != expected.device || found.inode != expected.inode {
      return "another file took its place since it was opened"
    }
    // The file a save wrote there, changed since (a line appended after a save was lost by
    // the next one: a new user's finding).
    if found != expected { return "another program changed it since it was saved" }
    return nil
  }

  deinit { close(descriptor) }

  /// Opens `path`, scans its first megabyte (a problem there is thrown, with its line and
  /// column), and goes on reading the rest on a thread of its own.
  ///
  /// Strict by default, with `,` between fields (a tab for a `.tsv` file). `lenient` reads the
  /// files other tools open (``CSVScanner``): short rows padded, long ones cut, `#` comment
  /// lines skipped, stray quotes kept, and the delimiter sniffed from the first line (`,`, tab,
  /// `;` or `|`); ``Progress/leniency`` counts what it let through.
  ///
  /// A file that cannot be opened throws an error whose ``DataFileError/isUnreadable`` is set.
  public static func open(path: String, lenient: Bool = false) throws(DataFileError) -> CSVFile {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw DataFileError(unreadable: "cannot open it (\(String(cString: strerror(errno))))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw DataFileError(unreadable: "not a regular file")
    }
    var dialect = CSVDialect(delimiter: path.lowercased().hasSuffix(".tsv") ? 0x09 : 0x2C)
    if lenient {
      var start = [UInt8](repeating: 0, count: 1 << 16)
      let read = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
      start.removeLast(start.count - max(0, read))
      dialect = CSVDialect(
        delimiter: start.withUnsafeBytes(CSVDialect.sniffDelimiter), lenient: true)
    }
    let file = CSVFile(path: path, descriptor: descriptor, info: info, dialect: dialect)
    var scanner = CSVScanner(dialect: file.dialect)
    file.scan(&scanner, limit: chunkSize)
    if let problem = file.shared.withLock({ $0.problem }) { throw problem }
    if !file.shared.withLock({ $0.isDone }) { file.startThread(continuing: scanner) }
    return file
  }

  /// What a data file holds, as `--data` reads it.
  public enum Kind: Sendable {
    /// Comma- (or tab-) separated rows: the table page.
    case csv
    /// A JSON value: the list's sections and items.
    case json
    /// A SQLite database: the table page, on a list of its tables.
    case sqlite
  }

  /// Whether the file at `path` is read as SQLite, CSV or JSON: a SQLite database by its
  /// header, whatever its name; then `.csv` and `.tsv` are CSV, `.json` is JSON; any other name
  /// by its content: JSON when its first byte that is not white space (a UTF-8 byte order mark
  /// skipped) is `[` or `{`, else CSV. A file that cannot be read is JSON's to report.
  public static func kind(ofFileAt path: String) -> Kind {
    let start = firstBytes(ofFileAt: path, count: 4_096)
    if start.starts(with: Array("SQLite format 3\0".utf8)) { return .sqlite }
    let name = path.lowercased()
    if name.hasSuffix(".csv") || name.hasSuffix(".tsv") { return .csv }
    if name.hasSuffix(".json") { return .json }
    var bytes = start[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == nil || first == 0x5B || first == 0x7B ? .json : .csv
  }

  /// The first `count` bytes of the regular file at `path` (fewer when it is shorter; none
  /// when it cannot be read).
  static func firstBytes(ofFileAt path: String, count: Int) -> [UInt8] {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return [] }
    var start = [UInt8](repeating: 0, count: count)
    let read = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    return Array(start.prefix(max(0, read)))
  }

  /// What was found since the last call.
  public func takeProgress() -> Progress {
    shared.withLock { progress in
      defer { progress.rowStarts.removeAll(keepingCapacity: true) }
      return progress
    }
  }

  /// Stops the thread at its next chunk.
  public func stop() { stopping.store(true, ordering: .relaxed) }

  /// The bytes of `range` (a row, from its start to the next row's), read now.
  public func read(_ range: Range<Int>) -> [UInt8] {
    let count = max(0, min(range.count, size - range.lowerBound))
    guard count > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { buffer in
      pread(descriptor, buffer.baseAddress, count, off_t(range.lowerBound))
    }
    if read < count { bytes.removeLast(count - max(0, read)) }
    return bytes
  }

  // MARK: The thread

  private func startThread(continuing scanner: CSVScanner) {
    final class Start {
      let file: CSVFile
      var scanner: CSVScanner
      init(_ file: CSVFile, _ scanner: CSVScanner) {
        self.file = file
        self.scanner = scanner
      }
    }
    let start = Unmanaged.passRetained(Start(self, scanner)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        let start = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Start
        start.file.scan(&start.scanner, limit: .max)
        return nil
      }, start)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<AnyObject>.fromOpaque(start).release()
      shared.withLock {
        $0.problem = DataFileError("cannot start reading it (a thread did not start)")
        $0.isDone = true
      }
    }
  }

  /// Scans from where `scanner` is, up to `limit` bytes more, publishing rows each chunk.
  private func scan(_ scanner: inout CSVScanner, limit: Int) {
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    var budget = limit
    while budget > 0 && !stopping.load(ordering: .relaxed) {
      let offset = scanner.offset
      let read = buffer.withUnsafeMutableBytes { bytes in
        pread(descriptor, bytes.baseAddress, min(bytes.count, budget), off_t(offset))
      }
      if read <= 0 {
        scanner.finish()
        // A lenient scan that met the end inside a quoted field reads on from its quote.
        if scanner.offset < offset { continue }
        publish(&scanner, done: true)
        return
      }
      buffer.withUnsafeBytes { scanner.scan(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }
      budget -= read
      if scanner.problem != nil {
        publish(&scanner, done: true)
        return
      }
      if offset + read >= size {
        scanner.finish()
        if scanner.offset < offset + read {
          publish(&scanner, done: false)
          continue
        }
        publish(&scanner, done: true)
        return
      }
      publish(&scanner, done: false)
    }
  }

  private func publish(_ scanner: inout CSVScanner, done: Bool) {
    let rows = scanner.takeRows()
    let problem = scanner.problem.map(dataFileError)
    let scanned = scanner.offset
    let leniency = scanner.leniency
    shared.withLock { progress in
      progress.leniency = leniency
      progress.rowStarts += rows
      progress.scannedBytes = scanned
      progress.isDone = done
      progress.problem = problem
    }
  }

  /// A scanner's problem as a data-file error with its line and column (the column counted in
  /// characters from the start of the line, read from the file).
  private func dataFileError(_ problem: CSVScanner.Problem) -> DataFileError {
    // The line starts after the last line end before the offset: read back up to 64 KB.
    let from = max(0, problem.offset - 65_536)
    let before = read(from..<problem.offset)
    let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
    let column = before[lineStart...].reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    return DataFileError(
      problem.message, at: SourceLocation(line: problem.line, column: column))
  }
}

/// A file as `stat` finds it: which one it is (device and inode) and its size and modification
/// time, which another program's write changes.
struct FileIdentity: Equatable {
  var device: UInt
  var inode: UInt
  var size: Int
  var seconds: Int
  var nanoseconds: Int

  init(_ info: stat) {
    device = UInt(info.st_dev)
    inode = UInt(info.st_ino)
    size = Int(info.st_size)
    seconds = Int(info.st_mtim.tv_sec)
    nanoseconds = Int(info.st_mtim.tv_nsec)
  }
}
