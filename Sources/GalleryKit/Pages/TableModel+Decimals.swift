import ReuseControls

/// The decimal points of a numeric column lined up: each number shown right-aligned is
/// followed by as much room as the digits it lacks after its point, beside the most any number
/// of the column shown so far has ("5830.1" above "2430.18" put their points one apart: a new
/// user's finding on a database's REAL column, which keeps no trailing zeros).
struct ColumnDecimals {
  /// The most digits after the point shown so far, by column.
  private var most: [Int: Int] = [:]
  /// Whether a column's most grew since ``takeGrowth()``: its cells shown are configured again.
  private var grew = false

  /// More digits than this after a point are not lined up (0.30000000000000004 would widen
  /// the whole column by 17).
  static let alignedDigits = 6

  /// `text` (a numeric column's cell) with room after it for the digits it lacks; text that is
  /// not a plain decimal number is left as it is.
  mutating func align(_ text: String, column: Int) -> String {
    guard let digits = Self.fractionDigits(of: text), digits <= Self.alignedDigits else {
      return text
    }
    let widest = most[column] ?? 0
    if digits > widest {
      most[column] = digits
      grew = true
      return text
    }
    guard digits < widest else { return text }
    // A figure space is a digit wide, a punctuation space a point wide (in a proportional
    // font; one cell each in a terminal).
    return text + (digits == 0 ? "\u{2008}" : "")
      + String(repeating: "\u{2007}", count: widest - digits)
  }

  /// Whether a column's most grew since last asked.
  mutating func takeGrowth() -> Bool {
    defer { grew = false }
    return grew
  }

  /// The digits after the point of a plain decimal number ("-6,528.58": 2, "42": 0), or
  /// `nil` for other text (a date, "1e-05", "12.5 %", an empty cell).
  static func fractionDigits(of text: String) -> Int? {
    var digitsBefore = 0
    var fraction: Int?
    for (index, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if fraction != nil { fraction! += 1 } else { digitsBefore += 1 }
      case UInt8(ascii: "-"), UInt8(ascii: "+"):
        guard index == 0 else { return nil }
      case UInt8(ascii: ","):
        guard fraction == nil, digitsBefore > 0 else { return nil }
      case UInt8(ascii: "."):
        guard fraction == nil else { return nil }
        fraction = 0
      default: return nil
      }
    }
    guard digitsBefore > 0 || fraction.map({ $0 > 0 }) == true else { return nil }
    return fraction ?? 0
  }
}
