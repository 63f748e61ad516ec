/// One CSV row's fields, from its bytes (a row the scanner found: quotes, doubled quotes and
/// `\r\n` handled).
public enum CSVRow {
  /// The fields of the row that starts `bytes` (up to its line end).
  ///
  /// - Complexity: O(bytes of the row).
  public static func fields(_ bytes: UnsafeRawBufferPointer, delimiter: UInt8 = 0x2C) -> [String] {
    // A quote that opens a field and does not close in the row is text (a lenient scan found
    // the row that way): read again with it as text.
    var textQuotes: [Int] = []
    while true {
      let (fields, openQuote) = fields(bytes, delimiter: delimiter, textQuotes: textQuotes)
      guard let openQuote else { return fields }
      textQuotes.append(openQuote)
    }
  }

  /// The fields, and the offset of a quote that opened a field and never closed, if any.
  private static func fields(
    _ bytes: UnsafeRawBufferPointer, delimiter: UInt8, textQuotes: [Int]
  ) -> (fields: [String], openQuote: Int?) {
    var fields: [String] = []
    var field: [UInt8] = []
    var index = 0
    var inQuotes = false
    var quoted = false
    var openedAt = 0
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
      case 0x22 where field.isEmpty && !quoted && !textQuotes.contains(index - 1):
        inQuotes = true
        quoted = true
        openedAt = index - 1
      case delimiter:
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        quoted = false
      case 0x0A, 0x0D:
        fields.append(String(decoding: field, as: UTF8.self))
        return (fields, nil)
      default:
        field.append(byte)
      }
    }
    if inQuotes { return (fields, openedAt) }
    fields.append(String(decoding: field, as: UTF8.self))
    return (fields, nil)
  }

  /// Field `column` of the row that starts `bytes`, or `nil` when the row has fewer fields:
  /// what a sort reads of every row, without making the others.
  public static func field(
    _ column: Int, of bytes: UnsafeRawBufferPointer, delimiter: UInt8 = 0x2C
  ) -> String? {
    var current = 0
    var index = 0
    var inQuotes = false
    var start = 0
    var textQuotes: [Int] = []
    while index <= bytes.count {
      if inQuotes && index == bytes.count {
        // A quote that opened a field and never closed in the row is text: read again.
        textQuotes.append(start)
        current = 0
        index = 0
        inQuotes = false
        start = 0
        continue
      }
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
      if byte == 0x22 && index == start && !textQuotes.contains(index) {
        inQuotes = true
      } else if byte == delimiter || byte == 0x0A || byte == 0x0D {
        if current == column {
          let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
          return raw.first == 0x22 && !textQuotes.contains(start)
            ? fields(raw, delimiter: delimiter).first : String(decoding: raw, as: UTF8.self)
        }
        if byte != delimiter { return nil }
        current += 1
        start = index + 1
      }
      index += 1
    }
    return nil
  }
}
