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
///
/// A lenient scanner (``CSVDialect/lenient``) reads the files other tools open: a row shorter
/// than the first is padded with empty fields and a longer one cut to its width, lines that
/// start with `#` are comments, a stray quote is text, and invalid UTF-8 shows as U+FFFD;
/// it counts each (``Leniency``) so that the gallery can say what it did. A quote that opens
/// a field and never closes is a stray quote too: at the end of the file the scan goes back
/// to it and reads on with it as text.
public struct CSVScanner: Sendable {
  /// What a lenient scan let through, counted.
  public struct Leniency: Hashable, Sendable {
    /// Lines skipped as comments (`#` first).
    public var commentLines = 0
    /// Rows with fewer fields than the first, padded with empty ones.
    public var paddedRows = 0
    /// Rows with more fields than the first, cut to its width.
    public var cutRows = 0
    /// Quotes inside unquoted fields, or text after a closing quote, kept as text.
    public var strayQuotes = 0
    /// Bytes that are not UTF-8, shown as U+FFFD.
    public var invalidBytes = 0

    /// "3 comment lines skipped, 12 short rows padded", or `nil` when nothing was let through.
    public var summary: String? {
      var parts: [String] = []
      if commentLines > 0 { parts.append(plural(commentLines, "comment line") + " skipped") }
      if paddedRows > 0 { parts.append(plural(paddedRows, "short row") + " padded") }
      if cutRows > 0 { parts.append(plural(cutRows, "long row") + " cut") }
      if strayQuotes > 0 { parts.append(plural(strayQuotes, "stray quote") + " kept") }
      if invalidBytes > 0 { parts.append(plural(invalidBytes, "invalid byte") + " replaced") }
      return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
  }

  /// The scan's state where a quoted field opened (lenient scans).
  private struct OpenQuote: Sendable {
    var resumeAt: Int
    var line: Int
    var rowStart: Int
    var fieldsInRow: Int
    var leniency: Leniency
  }

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
  /// The delimiter and whether the scan is lenient.
  public let dialect: CSVDialect
  /// What a lenient scan let through so far.
  public private(set) var leniency = Leniency()

  private var line = 1
  private var rowStart = 0
  private var fieldsInRow = 0
  private var fieldStart = true
  private var inQuotes = false
  private var quoteClosed = false
  private var rowHasContent = false
  private var pendingCR = false
  private var quoteLine = 0
  /// Where the quoted field open now began (lenient scans): a file that ends inside it is
  /// read again from just after its quote, the quote then text.
  private var openQuote: OpenQuote?
  private var inComment = false
  /// UTF-8 continuation bytes still expected, and the range the next one must be in.
  private var continuation = 0
  private var continuationLow: UInt8 = 0x80
  private var continuationHigh: UInt8 = 0xBF
  /// The byte that began the sequence being read, and where: a sequence cut short is that
  /// byte's fault (the byte after it is often a comma or a letter, fine on its own).
  private var sequenceLead: UInt8 = 0
  private var sequenceStart = 0

  /// A scanner at the start of a file, strict with `,` unless `dialect` says otherwise.
  public init(dialect: CSVDialect = CSVDialect()) { self.dialect = dialect }

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
      if inComment {
        // A comment line, skipped to its end (quotes and bytes in it are not looked at).
        guard byte == 0x0A || byte == 0x0D else { continue }
        inComment = false
        line += 1
        rowStart = at + 1
        if byte == 0x0D { pendingCR = true }
        continue
      }
      if continuation > 0 {
        guard byte >= continuationLow && byte <= continuationHigh else {
          if dialect.lenient {
            // The sequence is cut short: counted, and this byte read afresh.
            leniency.invalidBytes += 1
            continuation = 0
            continuationLow = 0x80
            continuationHigh = 0xBF
            index -= 1
            continue
          }
          return fail(
            "invalid UTF-8 (byte 0x\(hex(sequenceLead)) is not followed by the bytes it starts)",
            at: sequenceStart)
        }
        continuation -= 1
        continuationLow = 0x80
        continuationHigh = 0xBF
        rowHasContent = true
        if !inQuotes { fieldStart = false }
        continue
      }
      if byte >= 0x80 {
        (sequenceLead, sequenceStart) = (byte, at)
        guard startSequence(byte) else {
          if dialect.lenient {
            leniency.invalidBytes += 1
            rowHasContent = true
            if !inQuotes { fieldStart = false }
            continue
          }
          return fail("invalid UTF-8 (byte 0x\(hex(byte)))", at: at)
        }
        if !inQuotes && quoteClosed {
          guard dialect.lenient else {
            return fail("text after a closing quote (quote the whole field)", at: at)
          }
          leniency.strayQuotes += 1
          quoteClosed = false
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
      if byte == dialect.delimiter {
        fieldsInRow += 1
        fieldStart = true
        quoteClosed = false
        rowHasContent = true
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
          if dialect.lenient {
            openQuote = OpenQuote(
              resumeAt: at + 1, line: line, rowStart: rowStart, fieldsInRow: fieldsInRow,
              leniency: leniency)
          }
          fieldStart = false
          rowHasContent = true
        } else if dialect.lenient {
          leniency.strayQuotes += 1
        } else {
          return fail("a quote inside an unquoted field (quote the whole field)", at: at)
        }
      case 0x0A, 0x0D:
        if !endRow(at: at) { return }
        line += 1
        rowStart = at + 1
        if byte == 0x0D { pendingCR = true }
      case 0x23 where dialect.lenient && !rowHasContent:  // # first on a line: a comment
        leniency.commentLines += 1
        inComment = true
      default:
        if quoteClosed {
          guard dialect.lenient else {
            return fail("text after a closing quote (quote the whole field)", at: at)
          }
          leniency.strayQuotes += 1
          quoteClosed = false
        }
        fieldStart = false
        rowHasContent = true
      }
    }
    offset += bytes.count
  }

  /// The file ended: a last row without a line end counts; a quoted field still open is an
  /// error, but for a lenient scan, which takes its opening quote as a stray one and goes
  /// back to read on from just after it (``offset`` moves back: feed the bytes from there,
  /// then call this again).
  public mutating func finish() {
    guard problem == nil else { return }
    if inQuotes, dialect.lenient, let open = openQuote {
      offset = open.resumeAt
      line = open.line
      rowStart = open.rowStart
      fieldsInRow = open.fieldsInRow
      leniency = open.leniency
      leniency.strayQuotes += 1
      openQuote = nil
      inQuotes = false
      quoteClosed = false
      fieldStart = false
      rowHasContent = true
      pendingCR = false
      inComment = false
      continuation = 0
      continuationLow = 0x80
      continuationHigh = 0xBF
      return
    }
    if inQuotes {
      return fail("the file ends inside a quoted field (opened on line \(quoteLine))", at: offset)
    }
    if continuation > 0 {
      guard dialect.lenient else {
        return fail("the file ends inside a UTF-8 character", at: offset)
      }
      leniency.invalidBytes += 1
    }
    if inComment { return }
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
    if let expected = fieldCount, fields != expected, dialect.lenient {
      if fields < expected { leniency.paddedRows += 1 } else { leniency.cutRows += 1 }
    } else if let expected = fieldCount, fields != expected {
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
