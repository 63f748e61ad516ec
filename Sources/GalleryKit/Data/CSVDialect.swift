/// How a CSV file is read: the byte between fields, and whether the scan is lenient.
public struct CSVDialect: Hashable, Sendable {
  /// The byte between fields: `,` by default, `\t` for `.tsv` files, or sniffed.
  public var delimiter: UInt8
  /// Whether short and long rows, comment lines, stray quotes and invalid UTF-8 are let
  /// through (and counted) rather than stopping the scan.
  public var lenient: Bool

  /// A dialect; strict, with `,`, by default.
  public init(delimiter: UInt8 = 0x2C, lenient: Bool = false) {
    self.delimiter = delimiter
    self.lenient = lenient
  }

  /// The delimiters a sniff chooses from, most likely first.
  static let candidates: [UInt8] = [0x2C, 0x09, 0x3B, 0x7C]  // , tab ; |

  /// The delimiter of the file that starts with `bytes`: the candidate (`,` tab `;` `|`) found
  /// most often outside quotes on the first line that is not a comment, `,` on a tie or when
  /// none is there.
  public static func sniffDelimiter(_ bytes: UnsafeRawBufferPointer) -> UInt8 {
    var counts = [Int](repeating: 0, count: candidates.count)
    var inQuotes = false
    var lineStart = true
    var inComment = false
    for byte in bytes {
      if inComment {
        if byte == 0x0A { inComment = false; lineStart = true }
        continue
      }
      if lineStart && byte == 0x23 {
        inComment = true
        continue
      }
      if byte == 0x0A || byte == 0x0D {
        if inQuotes { continue }
        if lineStart { continue }  // a blank line
        break
      }
      lineStart = false
      if byte == 0x22 {
        inQuotes.toggle()
      } else if !inQuotes, let index = candidates.firstIndex(of: byte) {
        counts[index] += 1
      }
    }
    let best = counts.indices.max { counts[$0] < counts[$1] || counts[$0] == counts[$1] && $0 > $1 }
    return best.map { counts[$0] > 0 ? candidates[$0] : 0x2C } ?? 0x2C
  }

  /// The delimiter as the status line names it: `,`, `tab`, `;`, `|`.
  public var delimiterName: String {
    delimiter == 0x09 ? "tab" : String(UnicodeScalar(delimiter))
  }
}
