/// Whether a text contains (or starts with) a needle, with the answer `String` gives
/// (`text.lowercased().contains(needle)`, or `hasPrefix`, case kept when asked), made fast for
/// the common case: an ASCII needle in an ASCII text is compared byte by byte, its letters
/// folded, with no lowercased copy and no comparison of characters. A text with any other
/// byte (or a carriage return, which joins a following line feed into one character) is
/// compared as text, so the answer never differs.
///
/// A query with other characters is as fast over ASCII texts: each of its characters is
/// either equal to an ASCII one (the Kelvin sign to `k`, the Greek question mark to `;`, as
/// `Character` compares them), and the query is compared as those bytes, or equal to none, and
/// no ASCII text holds it.
///
/// A million titles are searched in about a tenth of the time (`find/first-match`'s full scan
/// in BENCHMARKS.md).
package struct TextMatcher: Sendable {
  /// The needle as compared: lowercased unless case counts.
  package let needle: String
  /// The needle as ASCII bytes, compared with ASCII texts: its own, or the ASCII characters
  /// its characters equal; `nil` when one of them equals none (no ASCII text holds it).
  private let bytes: [UInt8]?
  private let caseSensitive: Bool
  private let prefixOnly: Bool

  /// A matcher for `query`: anywhere in the text, or at its start only with `prefix`.
  package init(_ query: String, caseSensitive: Bool = false, prefix: Bool = false) {
    needle = caseSensitive ? query : query.lowercased()
    self.caseSensitive = caseSensitive
    prefixOnly = prefix
    let own = Array(needle.utf8)
    if own.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      bytes = own
    } else {
      bytes = Self.asciiEquivalent(of: needle, caseSensitive: caseSensitive)
    }
  }

  /// The ASCII bytes whose characters equal `needle`'s one by one (a carriage return aside:
  /// in a text it may join a line feed), or `nil` when a character equals no ASCII one.
  private static func asciiEquivalent(of needle: String, caseSensitive: Bool) -> [UInt8]? {
    var result: [UInt8] = []
    for character in needle {
      guard
        let byte = (UInt8(0)..<0x80).first(where: {
          $0 != 0x0D && Character(Unicode.Scalar($0)) == character
        })
      else { return nil }
      // A capital the query lowercased to is compared with the text's letters folded.
      result.append(!caseSensitive && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    return result
  }

  /// Whether the needle is empty (it is in every text).
  package var isEmpty: Bool { needle.isEmpty }

  /// Whether `text` holds the needle.
  package func matches(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable(matches), let found {
      return found
    }
    let haystack = caseSensitive ? text : text.lowercased()
    return prefixOnly ? haystack.hasPrefix(needle) : haystack.contains(needle)
  }

  /// The answer from the bytes, or `nil` when they are not all ASCII (or hold a carriage
  /// return): then the text is compared as text.
  private func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    for byte in text where byte >= 0x80 || byte == 0x0D { return nil }
    // An ASCII text: a needle with a character no ASCII one equals is not in it.
    guard let bytes else { return false }
    let count = bytes.count
    guard count > 0 else { return true }
    guard text.count >= count else { return false }
    return bytes.withUnsafeBufferPointer { needle in
      let last = prefixOnly ? 0 : text.count - count
      for start in 0...last where fold(text[start]) == needle[0] {
        var offset = 1
        while offset < count && fold(text[start + offset]) == needle[offset] { offset += 1 }
        if offset == count { return true }
      }
      return false
    }
  }

  /// `byte` with an ASCII capital lowercased, unless case counts.
  @inline(__always)
  private func fold(_ byte: UInt8) -> UInt8 {
    !caseSensitive && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
