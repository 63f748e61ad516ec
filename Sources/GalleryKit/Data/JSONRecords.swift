import ReuseControls

/// A JSON file's records, as the table page shows them: an array of objects with the same
/// keys (`[{"name": "Ada", "age": 36}, …]`), one row per object, one column per key in the
/// first object's order. Numbers keep the text they were written with.
///
/// Every problem is an error with its line and column, as the CSV reader's are: an element
/// that is not an object, a key the first record does not have (or one it has that another
/// lacks), a value that is an object or an array.
public struct JSONRecords: Sendable, Equatable {
  /// The keys, in the first record's order.
  public var columns: [String]
  /// The cells, record by record.
  public var rows: [[String]]
  /// The columns whose every value is a number (or null): drawn right-aligned, sorted as
  /// numbers.
  public var numericColumns: Set<Int>

  /// The most records a file may hold.
  public static let maximumRecords = 1_000_000

  /// Reads `value` (the whole document, an array) of the file whose bytes are `bytes`.
  static func read(_ value: JSONValue, bytes: [UInt8]) throws(DataFileError) -> JSONRecords {
    guard case .array(let elements, _) = value else {
      throw DataFileError("records must be an array of objects", offset: value.offset)
    }
    guard elements.count <= maximumRecords else {
      throw DataFileError(
        "\(elements.count) records; at most \(maximumRecords) are accepted", offset: value.offset)
    }
    guard case .object(let first, _)? = elements.first else {
      throw DataFileError(
        elements.isEmpty
          ? "no records: the array is empty"
          : "record 1 must be an object, not \(elements[0].typeName)",
        offset: elements.first?.offset ?? value.offset)
    }
    let columns = first.map(\.key)
    guard !columns.isEmpty else {
      throw DataFileError("record 1 has no keys: nothing to show", offset: elements[0].offset)
    }
    // The parser refuses a key twice in one object: every key has one column.
    var position: [String: Int] = [:]
    for (index, key) in columns.enumerated() { position[key] = index }
    var rows: [[String]] = []
    rows.reserveCapacity(elements.count)
    var numeric = Array(repeating: true, count: columns.count)
    for (index, element) in elements.enumerated() {
      let record = index + 1
      guard case .object(let members, let offset) = element else {
        throw DataFileError(
          "record \(record) must be an object, not \(element.typeName)", offset: element.offset)
      }
      var row = Array(repeating: "", count: columns.count)
      var seen = Array(repeating: false, count: columns.count)
      for (key, value) in members {
        guard let column = position[key] else {
          throw DataFileError(
            "record \(record) has \"\(key)\", which record 1 does not", offset: value.offset)
        }
        seen[column] = true
        switch value {
        case .string(let text, _):
          row[column] = text
          numeric[column] = false
        case .number(_, let start): row[column] = numberText(at: start, in: bytes)
        case .bool(let flag, _):
          row[column] = flag ? "true" : "false"
          numeric[column] = false
        case .null: break
        case .object, .array:
          throw DataFileError(
            "record \(record)'s \"\(key)\" is \(value.typeName): a cell holds text, a number, "
              + "true, false or null", offset: value.offset)
        }
      }
      if let missing = seen.firstIndex(of: false) {
        throw DataFileError(
          "record \(record) has no \"\(columns[missing])\", which record 1 has", offset: offset)
      }
      rows.append(row)
    }
    return JSONRecords(
      columns: columns, rows: rows,
      numericColumns: Set(numeric.indices.filter { numeric[$0] }))
  }

  /// The number at `offset` as written (its bytes up to the first that cannot be in a number).
  private static func numberText(at offset: Int, in bytes: [UInt8]) -> String {
    var end = offset
    while end < bytes.count,
      [0x2B, 0x2D, 0x2E, 0x45, 0x65].contains(bytes[end]) || (0x30...0x39).contains(bytes[end])
    {
      end += 1
    }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }
}

/// What a JSON data file holds: the list's sections (an object), or records for the table (an
/// array of objects).
public enum JSONDataFile: Sendable {
  /// The list's sections and items (``GalleryData``'s schema).
  case list(GalleryData)
  /// Records, for the table page.
  case records(JSONRecords)

  /// Whether the file at `path` starts (after white space and a byte order mark) with `[`:
  /// records, for the table page.
  public static func startsWithArray(path: String) -> Bool {
    var bytes = CSVFile.firstBytes(ofFileAt: path, count: 4_096)[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == 0x5B
  }

  /// Parses a JSON data file: an array at the top is records, anything else the list's schema.
  public static func parse(_ bytes: [UInt8]) throws(DataFileError) -> JSONDataFile {
    try JSONParser.parse(bytes) { value throws(DataFileError) in
      if case .array = value { return .records(try JSONRecords.read(value, bytes: bytes)) }
      return .list(try GalleryData.check(value))
    }
  }
}

/// JSON records in the table page: every cell is there at once; numbers sort as numbers.
public final class JSONRecordsTable: TableContent {
  /// The records.
  public let records: JSONRecords

  /// A table of `records`.
  public init(records: JSONRecords) { self.records = records }

  /// "Records of the file".
  public var name: String { "Records of the file" }
  /// The keys.
  public var columnTitles: [String] { records.columns }
  /// One row per record.
  public var rowCount: Int { records.rows.count }

  /// The cell's text.
  public func text(row: Int, column: Int) -> String? {
    guard records.rows.indices.contains(row), records.columns.indices.contains(column) else {
      return nil
    }
    return records.rows[row][column]
  }

  /// Numbers as numbers, text as text, value by value as a CSV file's (a column of numbers
  /// with one string in it sorted all its numbers as text, "10" before "2": a new user's
  /// finding); null and blank last, whichever the direction.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    text(row: row, column: column).map(TableSortKey.init(reading:)) ?? .missing
  }

  /// The columns of numbers.
  public func isNumeric(column: Int) -> Bool { records.numericColumns.contains(column) }

  /// Nothing arrives: all is there.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) { (0..<0, false) }

  /// All is there.
  public var loadingStatus: String? { nil }
}
