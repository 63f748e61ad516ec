#if canImport(Glibc)
  import Glibc
#endif

/// Content whose cells the table page can edit in place and save.
public protocol EditableTableContent: TableContent {
  /// The cell's value as the file holds it (a line break as a line break, where
  /// ``TableContent/text(row:column:)`` shows `↵`), with its edits: what the editor starts
  /// from and ``setText(_:row:column:)`` takes back. `nil` while its row is not loaded.
  func editableText(row: Int, column: Int) -> String?
  /// Sets the cell's text; returns its text before, or `nil` when the cell cannot be edited
  /// (its row is not loaded yet).
  func setText(_ text: String, row: Int, column: Int) -> String?
  /// How many rows differ from the file now.
  var editedRowCount: Int { get }
  /// Whether the content can be saved now (a file still loading cannot).
  var canSave: Bool { get }
  /// How many rows differ from what the last save wrote (every edited row before one).
  var unsavedRowCount: Int { get }
  /// What is shown now has been written (in place or as a copy): nothing is unsaved.
  func markSaved()
  /// A save wrote these edited rows (``TableSaveJob/rows``): they are saved, edits made since
  /// are not.
  func markSaved(_ rows: [Int: [String]])
  /// Starts writing the content on a thread of its own: to its file, keeping the old one as a
  /// backup (`path` `nil`), or to a new file at `path`. The table goes on meanwhile.
  func startSave(as path: String?) -> TableSaveJob
  /// Writes the content to its file, keeping the old file as a backup; returns the backup's
  /// path.
  func save() throws(DataFileError) -> String
  /// Writes the content, edits and all, to a new file at `path` (never over one that exists);
  /// the content goes on reading its own file.
  func save(as path: String) throws(DataFileError)
  /// The file the content reads.
  var filePath: String { get }
}

extension CSVTable: EditableTableContent {
  /// The row's fields with its edits.
  func editedFields(ofRow row: Int) -> [String] {
    editedRows[row] ?? fields(ofRow: row)
  }

  /// The field as the file holds it, with its edits (line breaks kept); `nil` for the last row
  /// found while the file is still read (its end is not known yet: a value cut there would be
  /// saved cut).
  public func editableText(row: Int, column: Int) -> String? {
    guard row >= 0, row < starts.count, column >= 0, isWhole(row: row) || editedRows[row] != nil
    else { return nil }
    let fields = editedFields(ofRow: row)
    return column < fields.count ? fields[column] : ""
  }

  /// Sets the field (a short row grows to reach `column`); a row edited back to what the file
  /// holds is no longer edited (so it saves byte for byte again).
  public func setText(_ text: String, row: Int, column: Int) -> String? {
    guard row >= 0, row < starts.count, column >= 0, column < max(1, columnTitles.count)
    else { return nil }
    let original = fields(ofRow: row)
    var fields = editedRows[row] ?? original
    while fields.count <= column { fields.append("") }
    let before = fields[column]
    fields[column] = text
    var trimmed = fields
    while trimmed.count > original.count, trimmed.last == "" { trimmed.removeLast() }
    editedRows[row] = trimmed == original ? nil : fields
    return before
  }

  /// The rows that differ from the file.
  public var editedRowCount: Int { editedRows.count }

  /// The rows whose fields differ from what the last save wrote.
  ///
  /// - Complexity: O(rows edited).
  public var unsavedRowCount: Int {
    var count = 0
    for (row, fields) in editedRows where savedRows[row] != fields { count += 1 }
    for row in savedRows.keys where editedRows[row] == nil { count += 1 }
    return count
  }

  /// Nothing is unsaved now.
  public func markSaved() { savedRows = editedRows }

  /// The edited rows as a save wrote them (its ``TableSaveJob/rows``) are saved; edits made
  /// since are not.
  public func markSaved(_ rows: [Int: [String]]) { savedRows = rows }

  /// Once the whole file is read, without a problem.
  public var canSave: Bool { isDone && problem == nil }

  /// Writes the file again, at once: ``startSave(as:)`` in place, waited for.
  public func save() throws(DataFileError) -> String {
    let job = startSave(as: nil)
    job.wait()
    switch job.result {
    case .success(let backup)?: return backup ?? file.path + ".bak"
    case .failure(let error)?: throw error
    case nil: throw DataFileError(unreadable: "the save did not finish")
    }
  }

  /// The file the table reads.
  public var filePath: String { file.path }

  /// Writes a copy with the edits to `path`, at once: ``startSave(as:)``, waited for.
  public func save(as path: String) throws(DataFileError) {
    let job = startSave(as: path)
    job.wait()
    if case .failure(let error)? = job.result { throw error }
  }

  /// Starts a save on a thread of its own, of the rows and edits as they are now (edits made
  /// while it runs are the next save's); the table goes on meanwhile.
  ///
  /// - In place (`path` `nil`): the header and every row not edited are copied byte for
  ///   byte, each edited row written as CSV (fields quoted where they hold the delimiter, a
  ///   quote or a line break) with the line end its row had. The new file is written beside
  ///   the old one and renamed over it; the old one is kept as `FILE.bak` (the job's result).
  /// - A copy (`path`): written beside `path` first and then linked into place, so a file that
  ///   appears there meanwhile is never overwritten; this table goes on reading (and saving
  ///   to) its own file.
  ///
  /// The job says how far it got (``TableSaveJob/fractionDone``) and can be stopped, the
  /// file then left as it was.
  ///
  /// - Complexity: O(bytes), copied a megabyte at a time, off the loop.
  public func startSave(as path: String?) -> TableSaveJob {
    let target = path ?? file.path
    let job = TableSaveJob(target: target, isCopy: path != nil, rows: editedRows, total: file.size)
    guard canSave else {
      job.finish(
        .failure(DataFileError(unreadable: "the file is still loading; save when it has loaded")))
      return job
    }
    if let path {
      guard !path.isEmpty else {
        job.finish(.failure(DataFileError(unreadable: "no file name given")))
        return job
      }
      guard access(path, F_OK) != 0 else {
        job.finish(
          .failure(
            DataFileError(unreadable: "\(path) exists; give a new name (Ctrl-S saves in place)")))
        return job
      }
    }
    // A file changed on disk: the rows are places in the bytes as they were. Written in place,
    // the other program's work is lost; either way the edits would land in the wrong bytes.
    // A copy reads only the bytes this table has: another file at the path leaves them be.
    if let change = file.changeOnDisk(checkingPath: path == nil) {
      let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
      let bytesKept = file.changeOnDisk(checkingPath: false) == nil
      job.finish(
        .failure(
          DataFileError(
            // The page says "not saved:" before every failure (said twice: a new user's
            // finding).
            unreadable: "\(name): \(change); open it again to edit what it holds now"
              + (bytesKept ? " (W writes this table to a new file)" : ""))))
      return job
    }
    let writer = CSVWriter(table: self)
    let file = file
    let keepsBackup = file.hasKeptBackup
    let started = runOnThreadOfItsOwn {
      let temporary = job.temporaryPath
      do throws(DataFileError) {
        try writer.write(to: temporary, naming: target, job: job)
        // Stopped while the last bytes went to the disk (a quit at "100 %", said to leave the
        // file as it was, still put the save in place: a new user's finding).
        if job.isStopped { throw DataFileError("stopped") }
        let backup = try Self.install(
          temporary, at: target, isCopy: path != nil, keepingBackup: keepsBackup)
        if path == nil { file.pathWasSaved() }
        job.finish(.success(backup))
      } catch {
        unlink(temporary)
        job.finish(.failure(error))
      }
    }
    if !started { job.finish(.failure(DataFileError(unreadable: "a thread did not start"))) }
    return job
  }

  /// Puts the written file in place: over the file, its old one kept as `.bak` (returned), or
  /// with `keepingBackup` (a save after the run's first) the `.bak` left as the first save made
  /// it; or linked at a new name, never over a file there.
  private static func install(
    _ temporary: String, at target: String, isCopy: Bool, keepingBackup: Bool
  ) throws(DataFileError) -> String? {
    if !isCopy {
      // The file the table reads stays open: renamed, it is still the one the offsets name.
      let backup = target + ".bak"
      if keepingBackup && access(backup, F_OK) == 0 {
        // The file as it was before this run stays the backup; the last save is replaced.
        guard rename(temporary, target) == 0 else {
          let reason = String(cString: strerror(errno))
          unlink(temporary)
          throw DataFileError(unreadable: "cannot replace \(target): \(reason)")
        }
        return backup
      }
      if rename(target, backup) != 0 || rename(temporary, target) != 0 {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw DataFileError(unreadable: "cannot replace \(target): \(reason)")
      }
      return backup
    }
    // link(2) fails rather than replace a file that exists.
    defer { unlink(temporary) }
    if link(temporary, target) != 0 {
      // A file system without hard links: renamed instead, while nothing is there.
      let code = errno
      if code != EEXIST && access(target, F_OK) != 0 && rename(temporary, target) == 0 {
        return nil
      }
      throw DataFileError(
        unreadable: "cannot write \(target): \(String(cString: strerror(code)))")
    }
    return nil
  }

  /// A row as CSV, with the file's delimiter.
  func encode(_ fields: [String]) -> String {
    Self.encode(fields, delimiter: file.dialect.delimiter)
  }

  /// A row as CSV, with `delimiter`.
  static func encode(_ fields: [String], delimiter byte: UInt8) -> String {
    let delimiter = Character(Unicode.Scalar(byte))
    return fields.map { field in
      guard field.contains(where: { $0 == delimiter || $0 == "\"" || $0.isNewline }) else {
        return field
      }
      return "\"" + field.replacingQuotes + "\""
    }.joined(separator: String(delimiter))
  }
}

extension String {
  /// Each `"` doubled, as CSV writes it inside quotes.
  fileprivate var replacingQuotes: String {
    var result = ""
    result.reserveCapacity(utf8.count + 2)
    for character in self {
      result.append(character)
      if character == "\"" { result.append("\"") }
    }
    return result
  }
}

/// A loaded CSV file's rows as they are at one moment: the file, the rows' starts and the
/// edits. Taken on the loop, read on a thread of their own (a save, a scan of a column).
struct CSVRows: Sendable {
  let file: CSVFile
  let starts: [Int]
  let edited: [Int: [String]]

  init(of table: CSVTable) {
    file = table.file
    starts = table.starts
    edited = table.editedRows
  }
}

/// What a save writes, taken when it starts. Read on the save's thread.
struct CSVWriter: Sendable {
  let rows: CSVRows

  init(table: CSVTable) { rows = CSVRows(of: table) }

  /// Writes the header and every row not edited byte for byte and the edited rows as CSV to
  /// `temporary` (created or emptied), synced to the disk; tells `job` how far it got and
  /// stops when it is stopped.
  func write(to temporary: String, naming target: String, job: TableSaveJob) throws(DataFileError) {
    let (file, starts, edited) = (rows.file, rows.starts, rows.edited)
    let delimiter = file.dialect.delimiter
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw DataFileError(
        unreadable: "cannot write \(target): \(String(cString: strerror(errno)))")
    }
    var failed: String?
    func write(_ bytes: [UInt8]) {
      guard failed == nil else { return }
      var done = 0
      while done < bytes.count {
        let wrote = bytes.withUnsafeBytes {
          Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done)
        }
        if wrote <= 0 {
          failed = String(cString: strerror(errno))
          return
        }
        done += wrote
      }
    }
    func copy(_ range: Range<Int>) {
      var start = range.lowerBound
      while start < range.upperBound, failed == nil {
        if job.isStopped {
          failed = "stopped"
          return
        }
        let end = min(range.upperBound, start + 1 << 20)
        write(file.read(start..<end))
        job.progress(to: end)
        start = end
      }
    }
    let end = file.size
    var copied = 0
    for row in edited.keys.sorted() where failed == nil {
      let rowStart = starts[row]
      let rowEnd = row + 1 < starts.count ? starts[row + 1] : end
      copy(copied..<rowStart)
      let original = file.read(rowStart..<rowEnd)
      // The row's own line ending: LF, CRLF, or CR alone (an old Mac's file: without it the
      // edited row ran into the next, and the saved file no longer opened, a new user's
      // finding); none for a last row without one.
      var ending: [UInt8] = []
      if original.last == 0x0A {
        ending =
          original.count >= 2 && original[original.count - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
      } else if original.last == 0x0D {
        ending = [0x0D]
      }
      write(Array(CSVTable.encode(edited[row]!, delimiter: delimiter).utf8) + ending)
      copied = rowEnd
    }
    copy(copied..<end)
    if failed == nil && fsync(descriptor) != 0 { failed = String(cString: strerror(errno)) }
    close(descriptor)
    if let failed {
      unlink(temporary)
      throw DataFileError(
        unreadable: failed == "stopped"
          ? "the save was stopped: \(target) is as it was"
          : "cannot write \(target): \(failed)")
    }
  }
}

/// A save running on a thread of its own (``EditableTableContent/startSave(as:)``): how far
/// it got, its result once done, and a way to stop it.
public final class TableSaveJob: Sendable {
  /// The file written: the table's own, or the copy's.
  public let target: String
  /// Whether it writes a copy (save-as) rather than the file in place.
  public let isCopy: Bool
  /// The edited rows it writes, as they were when it started.
  public let rows: [Int: [String]]
  /// The bytes of the file it copies.
  public let totalBytes: Int
  private let state = Locked<(done: Int, stopped: Bool, result: Result<String?, DataFileError>?)>(
    (0, false, nil))

  init(target: String, isCopy: Bool, rows: [Int: [String]], total: Int) {
    self.target = target
    self.isCopy = isCopy
    self.rows = rows
    totalBytes = total
  }

  /// How much of the file is written, 0 to 1.
  public var fractionDone: Double {
    let done = state.withLock { $0.done }
    return totalBytes > 0 ? min(1, Double(done) / Double(totalBytes)) : 1
  }

  /// The backup's path (in place) or `nil` (a copy) once written, or why it was not; `nil`
  /// while it runs.
  public var result: Result<String?, DataFileError>? { state.withLock { $0.result } }

  /// Stops it at its next megabyte: the temporary file is removed, the file left as it was.
  public func stop() { state.withLock { $0.stopped = true } }

  var isStopped: Bool { state.withLock { $0.stopped } }

  func progress(to done: Int) { state.withLock { $0.done = done } }

  func finish(_ result: Result<String?, DataFileError>) { state.withLock { $0.result = result } }

  /// Where the file is written before it is put in place (removed by a save that fails or
  /// is stopped).
  public var temporaryPath: String { target + ".reusekit-saving" }

  /// Stops the save and waits up to `timeout` seconds for it to end, then removes its
  /// temporary file whatever happened (for a process about to exit, whose thread would be
  /// cut short with the file half written). Returns whether it ended.
  @discardableResult
  public func stopAndClean(timeout: Double = 2) -> Bool {
    stop()
    var waited = 0.0
    while result == nil && waited < timeout {
      usleep(1_000)
      waited += 0.001
    }
    unlink(temporaryPath)
    return result != nil
  }

  /// Blocks until the save is done (for a caller that wants it at once).
  public func wait() {
    while result == nil { usleep(1_000) }
  }
}
