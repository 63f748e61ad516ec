import ReuseControls

/// A CSV file as the table page's content: the first row titles the columns; rows show as
/// the file's thread finds them (placeholders beyond, up to an estimate of the count from the
/// file's size), each read from the file when it shows; sorting reads the column once.
public final class CSVTable: TableContent {
  /// The file.
  public let file: CSVFile
  /// The columns' titles (the first row).
  public private(set) var columnTitles: [String] = []
  /// Where each data row starts in the file (the header row not included).
  private(set) var starts: [Int] = []
  private(set) var headerStart = 0
  private(set) var isDone = false
  private(set) var problem: DataFileError?
  private var scannedBytes = 0
  /// What a lenient read let through so far.
  public private(set) var leniency = CSVScanner.Leniency()
  /// Rows read lately, by row: what scrolling shows again.
  private var cache: [Int: [String]] = [:]
  /// Sort keys of one column for every row read so far.
  private var keyCache: (column: Int, keys: [TableSortKey])?
  private var numeric: [Bool] = []
  /// The count shown while loading: the rows found, or more (an estimate from the bytes left).
  public private(set) var rowCount = 0
  /// Rows edited in place: their fields after the edits, by row (``setText(_:row:column:)``).
  var editedRows: [Int: [String]] = [:]
  /// The edited rows as the last save wrote them (``markSaved()``).
  var savedRows: [Int: [String]] = [:]

  /// The table of `file`, with what its thread found so far.
  public init(file: CSVFile) {
    self.file = file
    _ = update()
  }

  /// Data rows found so far.
  public var loadedRowCount: Int { starts.count }

  /// The cell's field; `nil` for a row not found yet.
  public func text(row: Int, column: Int) -> String? {
    guard row >= 0, row < starts.count, column >= 0 else { return nil }
    let fields = editedRows.isEmpty ? self.fields(ofRow: row) : editedFields(ofRow: row)
    return column < fields.count ? Self.oneLine(fields[column]) : ""
  }

  /// A field on one line: a line break inside a quoted field shows as `↵` (a cell is one
  /// line, and the break is part of the value).
  static func oneLine(_ field: String) -> String {
    guard field.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return field }
    return String(field.map { $0.isNewline ? "↵" : $0 })
  }

  /// The row's fields as the file holds them. The last row found while the file is still
  /// read ends where no one knows yet: it is read up to 64 KB ahead and not kept (see
  /// ``isWhole(row:)``); once the file is read, the last row runs to its end.
  func fields(ofRow row: Int) -> [String] {
    if let fields = cache[row] { return fields }
    let isLastFound = row + 1 == starts.count
    let end =
      !isLastFound ? starts[row + 1] : isDone ? file.size : min(file.size, starts[row] + 1 << 16)
    let bytes = file.read(starts[row]..<end)
    let fields = bytes.withUnsafeBytes { CSVRow.fields($0, delimiter: file.dialect.delimiter) }
    guard isWhole(row: row) else { return fields }
    if cache.count >= 4_096 { cache.removeAll(keepingCapacity: true) }
    cache[row] = fields
    return fields
  }

  /// Whether the row's end is known: every row but the last one found while the file is
  /// still read (a field of it may go on past what was read).
  func isWhole(row: Int) -> Bool { isDone || row + 1 < starts.count }

  /// Numbers sort as numbers, other text as text, rows not found yet last. Keys are read a
  /// run of rows at a time, in one read of the file each (asked in row order, as a sort
  /// asks, the file is read once), and kept for the column last asked.
  ///
  /// - Complexity: amortised O(bytes of a row); one read of at most 4,096 rows' bytes.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    guard row >= 0, row < starts.count, column >= 0 else { return .missing }
    if !editedRows.isEmpty, let fields = editedRows[row] {
      return Self.key(column < fields.count ? fields[column] : "")
    }
    if keyCache?.column != column { keyCache = (column, []) }
    if row >= keyCache!.keys.count { readKeys(ofColumn: column, through: row) }
    return keyCache!.keys[row]
  }

  /// Reads the keys of `column` from the first row not read yet through `row`, 4,096 rows
  /// (or more, to reach `row`) a read.
  private func readKeys(ofColumn column: Int, through row: Int) {
    var keys = keyCache?.keys ?? []
    keyCache = nil  // one owner while it grows
    /// Where row `row` ends: the next row's start (the last one found: at most 64 KB on).
    func end(_ row: Int) -> Int {
      row + 1 < starts.count ? starts[row + 1] : min(file.size, starts[row] + 1 << 16)
    }
    while keys.count <= row {
      let first = keys.count
      let last = min(starts.count, max(row + 1, first + 4_096))
      let byteStart = starts[first]
      let bytes = file.read(byteStart..<end(last - 1))
      bytes.withUnsafeBytes { raw in
        for current in first..<last {
          let start = min(raw.count, starts[current] - byteStart)
          let stop = min(raw.count, max(start, end(current) - byteStart))
          keys.append(
            Self.key(
              CSVRow.field(
                column, of: UnsafeRawBufferPointer(rebasing: raw[start..<stop]),
                delimiter: file.dialect.delimiter)))
        }
      }
    }
    keyCache = (column, keys)
  }

  /// A field's key: a number when it reads as one, else its text.
  static func key(_ field: String?) -> TableSortKey {
    // A blank cell has no key: it sorts last whichever the direction, as spreadsheets sort
    // (it came first in a descending sort: a new user's finding).
    guard let field else { return .missing }
    return TableSortKey(reading: field)
  }

  /// Whether the column's first rows read as numbers.
  public func isNumeric(column: Int) -> Bool {
    column < numeric.count && numeric[column]
  }

  /// Takes the rows the thread found: the first titles the columns; the count shown is the
  /// rows found, or while loading an estimate from the bytes left.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) {
    let progress = file.takeProgress()
    let before = starts.count
    var found = progress.rowStarts[...]
    if columnTitles.isEmpty, let header = found.first {
      headerStart = header
      found = found.dropFirst()
      let bytes = file.read(header..<min(file.size, header + 1 << 16))
      columnTitles = bytes.withUnsafeBytes {
        CSVRow.fields($0, delimiter: file.dialect.delimiter)
      }
    }
    starts += found
    scannedBytes = progress.scannedBytes
    isDone = progress.isDone
    if problem == nil { problem = progress.problem }
    leniency = progress.leniency
    if numeric.isEmpty && starts.count >= min(20, max(1, estimatedRows))
      || isDone && numeric.isEmpty
    {
      let sample = (0..<min(20, starts.count)).map { fields(ofRow: $0) }
      // Blank cells say nothing of a column's kind (one blank among numbers drew the column
      // as text, though it sorts as numbers: a new user's finding); at least one number.
      numeric = columnTitles.indices.map { column in
        var numbers = 0
        for row in sample {
          let cell = column < row.count ? row[column] : ""
          if cell.isEmpty { continue }
          guard Double(cell) != nil || TableSortKey.plainNumber(cell).flatMap(Double.init) != nil
          else { return false }
          numbers += 1
        }
        return numbers > 0
      }
    }
    let count = isDone ? starts.count : max(starts.count, estimatedRows)
    let changed = count != rowCount
    rowCount = count
    return (before..<starts.count, changed)
  }

  /// While the file is read, the rows shown are an estimate from the bytes per row so far.
  public var isRowCountEstimated: Bool { !isDone && problem == nil }
  /// The file is still being read.
  public var isStillReading: Bool { !isDone && problem == nil }

  /// The rows the file likely holds, from the bytes per row so far.
  private var estimatedRows: Int {
    guard starts.count > 0, scannedBytes > headerStart else { return starts.count }
    let perRow = Double(scannedBytes - headerStart) / Double(starts.count + 1)
    return Int(Double(file.size - headerStart) / max(1, perRow))
  }

  /// "loading 45 % (450,123 rows)", or the problem that stopped loading; a lenient read says
  /// what it let through ("lenient, ';' between fields: 3 comment lines skipped").
  public var loadingStatus: String? {
    if let problem {
      return "\(problem) · showing the \(plural(starts.count, "row")) before it"
    }
    let lenient = file.dialect.lenient ? readingNote : nil
    // A file with nothing in it (or only blank lines) opens, and says why nothing shows.
    if isDone && columnTitles.isEmpty {
      return (file.size == 0 ? "the file is empty" : "the file holds no rows")
        + (lenient.map { " · " + $0 } ?? "")
    }
    guard !isDone else { return lenient }
    let percent = file.size > 0 ? scannedBytes * 100 / file.size : 100
    let loading = "loading \(percent) % (\(plural(starts.count, "row")))"
    return lenient.map { loading + " · " + $0 } ?? loading
  }

  /// How a lenient read went: "lenient, ';' between fields: 3 comment lines skipped, 12
  /// short rows padded" (`nil` for a strict read).
  public var readingNote: String? {
    guard file.dialect.lenient else { return nil }
    let head = "lenient, '\(file.dialect.delimiterName)' between fields"
    return leniency.summary.map { head + ": " + $0 } ?? head
  }

  /// The problem that stopped loading, whole (the status line may cut it).
  public var loadingProblem: DataFileError? { problem }
}
