#if canImport(Glibc)
  import Glibc
#endif

/// Content whose cells the table page can edit in place and save.
public protocol EditableTableContent: TableContent {
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

  /// Once the whole file is read, without a problem.
  public var canSave: Bool { isDone && problem == nil }

  /// Writes the file again: the header and every row not edited copied byte for byte, each
  /// edited row written as CSV (fields quoted where they hold the delimiter, a quote or a line
  /// break) with the line end its row had. The new file is written beside the old one and
  /// renamed over it; the old one is kept as `FILE.bak`.
  ///
  /// - Complexity: O(bytes), copied a megabyte at a time.
  public func save() throws(DataFileError) -> String {
    let path = file.path
    let temporary = path + ".reusekit-saving"
    let backup = path + ".bak"
    try write(to: temporary, naming: path)
    // The file this table reads stays open: renamed, it is still the one the offsets name.
    if rename(path, backup) != 0 || rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw DataFileError(unreadable: "cannot replace \(path): \(reason)")
    }
    return backup
  }

  /// The file the table reads.
  public var filePath: String { file.path }

  /// Writes a copy with the edits to `path`, written beside it first and then linked into
  /// place, so a file that appears there meanwhile is never overwritten; this table goes on
  /// reading (and saving to) its own file.
  public func save(as path: String) throws(DataFileError) {
    guard !path.isEmpty else { throw DataFileError(unreadable: "no file name given") }
    guard access(path, F_OK) != 0 else {
      throw DataFileError(unreadable: "\(path) exists; give a new name (Ctrl-S saves in place)")
    }
    let temporary = path + ".reusekit-saving"
    try write(to: temporary, naming: path)
    // link(2) fails rather than replace a file that exists.
    defer { unlink(temporary) }
    if link(temporary, path) != 0 {
      // A file system without hard links: renamed instead, while nothing is there.
      let code = errno
      if code != EEXIST && access(path, F_OK) != 0 && rename(temporary, path) == 0 { return }
      throw DataFileError(
        unreadable: "cannot write \(path): \(String(cString: strerror(code)))")
    }
  }

  /// Writes the header and every row not edited byte for byte and the edited rows as CSV to
  /// `temporary` (created or emptied), synced to the disk.
  private func write(to temporary: String, naming target: String) throws(DataFileError) {
    guard canSave else {
      throw DataFileError(unreadable: "the file is still loading; save when it has loaded")
    }
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
        let end = min(range.upperBound, start + 1 << 20)
        write(file.read(start..<end))
        start = end
      }
    }
    let end = file.size
    var copied = 0
    for row in editedRows.keys.sorted() {
      let rowStart = starts[row]
      let rowEnd = row + 1 < starts.count ? starts[row + 1] : end
      copy(copied..<rowStart)
      let original = file.read(rowStart..<rowEnd)
      var ending: [UInt8] = []
      if original.last == 0x0A {
        ending =
          original.count >= 2 && original[original.count - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
      }
      write(Array(encode(editedRows[row]!).utf8) + ending)
      copied = rowEnd
    }
    copy(copied..<end)
    if failed == nil && fsync(descriptor) != 0 { failed = String(cString: strerror(errno)) }
    close(descriptor)
    if let failed {
      unlink(temporary)
      throw DataFileError(unreadable: "cannot write \(target): \(failed)")
    }
  }

  /// A row as CSV, with the file's delimiter.
  func encode(_ fields: [String]) -> String {
    let delimiter = Character(Unicode.Scalar(file.dialect.delimiter))
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
