/// Finds the rows of a CSV file as its bytes stream past, without keeping them: where each row
/// starts (byte offsets, 8 bytes a row), and the first error with its place. RFC 4180, with
/// `,` between fields, `\n` or `\r\n` ending rows, fields quoted with `"` (a doubled `""` is a
/// quote inside), and UTF-8 text; blank lines are skipped.
///
/// Errors, each at the byte where it is found: a quote inside an unquoted field, text after a
/// closing quote, a row with another number of fields than the first, invalid UTF-8, and the
/// file ending inside a quoted field. Scanning stops at the first.
///
/// Feed chunks in order with ``scan(_:)`` and call ``finish()`` at the end of the file.
public struct CSVScanner: Sendable {
  /// A malformed file: what is wrong, the byte offset where it was found, and the line.
  public struct Problem: Error, Hashable, Sendable {
    /// What is wrong.
    public var message: String
    /// The byte offset where it was found.
    public var offset: Int
    /// The line (from 1) it was found on.
    public var line: Int
  }

  /// The offsets of the rows found so far that have not been taken (``takeRows()``).
  public private(set) var rowStarts: [Int] = []
  /// How many rows were found in all (the header row included).
  public private(set) var rowCount = 0
  /// The number of fields of the first row, once it has ended.
  public private(set) var fieldCount: Int?
  /// The first problem, if any: scanning stopped there.
  public private(set) var problem: Problem?
  /// The bytes scanned so far.
  public private(set) var offset = 0

  private var line = 1
  private var rowStart = 0
  private var fieldsInRow = 0
  private var fieldStart = true
  private var inQuotes = false
  private var quoteClosed = false
  private var rowHasContent = false
  private var pendingCR = false
  private var quoteLine = 0
  /// UTF-8 continuation bytes still expected, and the range the next one must be in.
  private var continuation = 0
  private var continuationLow: UInt8 = 0x80
  private var continuationHigh: UInt8 = 0xBF

  /// A scanner at the start of a file.
  public init() {}

  /// The rows found since the last call, as their starting offsets; they are forgotten here.
  public mutating func takeRows() -> [Int] {
    defer { rowStarts.removeAll(keepingCapacity: true) }
    return rowStarts
  }

  /// Scans the next bytes of the file.
  ///
  /// - Complexity: O(bytes), no allocation but the row offsets.
  public mutating func scan(_ bytes: UnsafeRawBufferPointer) {
    guard problem == nil else { return }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let at = offset + index
      index += 1
      if continuation > 0 {
        guard byte >= continuationLow && byte <= continuationHigh else {
          return fail("invalid UTF-8 (byte 0x\(hex(byte)))", at: at)
        }
        continuation -= 1
        continuationLow = 0x80
        continuationHigh = 0xBF
        rowHasContent = true
        if !inQuotes { fieldStart = false }
        continue
      }
      if byte >= 0x80 {
        guard startSequence(byte) else {
          return fail("invalid UTF-8 (byte 0x\(hex(byte)))", at: at)
        }
        if !inQuotes && quoteClosed {
          return fail("text after a closing quote (quote the whole field)", at: at)
        }
        rowHasContent = true
        if !inQuotes { fieldStart = false }
        continue
      }
      if pendingCR {
        pendingCR = false
        if byte == 0x0A {  // \r\n: the row ended at the \r; the next starts after the \n
          rowStart = at + 1
          continue
        }
      }
      if inQuotes {
        if byte == 0x22 {  // a closing quote, or the first of a doubled one
          inQuotes = false
          quoteClosed = true
        } else if byte == 0x0A {
          line += 1
        }
        continue
      }
      switch byte {
      case 0x22:  // "
        if quoteClosed {  // "" inside a quoted field
          inQuotes = true
          quoteClosed = false
        } else if fieldStart {
          inQuotes = true
          quoteLine = line
          fieldStart = false
          rowHasContent = true
        } else {
          return fail("a quote inside an unquoted field (quote the whole field)", at: at)
        }
      case 0x2C:  // ,
        fieldsInRow += 1
        fieldStart = true
        quoteClosed = false
        rowHasContent = true
      case 0x0A, 0x0D:
        if !endRow(at: at) { return }
        line += 1
        rowStart = at + 1
        if byte == 0x0D { pendingCR = true }
      default:
        if quoteClosed {
          return fail("text after a closing quote (quote the whole field)", at: at)
        }
        fieldStart = false
        rowHasContent = true
      }
    }
    offset += bytes.count
  }

  /// The file ended: a last row without a line end counts; a quoted field still open is an
  /// error.
  public mutating func finish() {
    guard problem == nil else { return }
    if inQuotes {
      return fail("the file ends inside a quoted field (opened on line \(quoteLine))", at: offset)
    }
    if continuation > 0 { return fail("the file ends inside a UTF-8 character", at: offset) }
    _ = endRow(at: offset)
  }

  /// A row ended at `at`: records it (blank lines are skipped) and checks its field count.
  private mutating func endRow(at: Int) -> Bool {
    defer {
      fieldsInRow = 0
      fieldStart = true
      quoteClosed = false
      rowHasContent = false
    }
    guard rowHasContent else {
      // A blank line: skipped (the next row starts after it).
      return true
    }
    let fields = fieldsInRow + 1
    if let expected = fieldCount, fields != expected {
      fail(
        "this row has \(fields) field\(fields == 1 ? "" : "s"); the first row has \(expected)",
        at: at)
      return false
    }
    if fieldCount == nil { fieldCount = fields }
    rowStarts.append(rowStart)
    rowCount += 1
    return true
  }

  /// Whether `byte` starts a valid UTF-8 sequence; sets up the continuation bytes it needs.
  private mutating func startSequence(_ byte: UInt8) -> Bool {
    switch byte {
    case 0xC2...0xDF: continuation = 1
    case 0xE0:
      continuation = 2
      continuationLow = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: continuation = 2
    case 0xED:
      continuation = 2
      continuationHigh = 0x9F
    case 0xF0:
      continuation = 3
      continuationLow = 0x90
    case 0xF1...0xF3: continuation = 3
    case 0xF4:
      continuation = 3
      continuationHigh = 0x8F
    default: return false
    }
    return true
  }

  private mutating func fail(_ message: String, at offset: Int) {
    problem = Problem(message: message, offset: offset, line: line)
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}

/// One CSV row's fields, from its bytes (a row the scanner found: quotes, doubled quotes and
/// `\r\n` handled).
public enum CSVRow {
  /// The fields of the row that starts `bytes` (up to its line end).
  ///
  /// - Complexity: O(bytes of the row).
  public static func fields(_ bytes: UnsafeRawBufferPointer) -> [String] {
    var fields: [String] = []
    var field: [UInt8] = []
    var index = 0
    var inQuotes = false
    var quoted = false
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inQuotes {
        if byte == 0x22 {
          if index < bytes.count && bytes[index] == 0x22 {
            field.append(0x22)
            index += 1
          } else {
            inQuotes = false
          }
        } else {
          field.append(byte)
        }
        continue
      }
      switch byte {
      case 0x22 where field.isEmpty && !quoted:
        inQuotes = true
        quoted = true
      case 0x2C:
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        quoted = false
      case 0x0A, 0x0D:
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
      default:
        field.append(byte)
      }
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return fields
  }

  /// Field `column` of the row that starts `bytes`, or `nil` when the row has fewer fields:
  /// what a sort reads of every row, without making the others.
  public static func field(_ column: Int, of bytes: UnsafeRawBufferPointer) -> String? {
    var current = 0
    var index = 0
    var inQuotes = false
    var start = 0
    while index <= bytes.count {
      let byte: UInt8 = index < bytes.count ? bytes[index] : 0x0A
      if inQuotes {
        if byte == 0x22 {
          if index + 1 < bytes.count && bytes[index + 1] == 0x22 {
            index += 1
          } else {
            inQuotes = false
          }
        }
        index += 1
        continue
      }
      if byte == 0x22 && index == start {
        inQuotes = true
      } else if byte == 0x2C || byte == 0x0A || byte == 0x0D {
        if current == column {
          let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
          return raw.first == 0x22 ? fields(raw).first : String(decoding: raw, as: UTF8.self)
        }
        if byte != 0x2C { return nil }
        current += 1
        start = index + 1
      }
      index += 1
    }
    return nil
  }
}
