/// Whether a text contains (or starts with) a needle, with the answer `String` gives
/// (`text.lowercased().contains(needle)`, or `hasPrefix`, case kept when asked), made fast for
/// the common case: an ASCII needle in an ASCII text is compared byte by byte, its letters
/// folded, with no lowercased copy and no comparison of characters. A text with any other
/// byte (or a carriage return, which joins a following line feed into one character) is
/// compared as text, so the answer never differs.
///
/// A million titles are searched in about a tenth of the time (`find/first-match`'s full scan
/// in BENCHMARKS.md).
package struct TextMatcher: Sendable {
  /// The needle as compared: lowercased unless case counts.
  package let needle: String
  private let bytes: [UInt8]
  private let isASCII: Bool
  private let caseSensitive: Bool
  private let prefixOnly: Bool

  /// A matcher for `query`: anywhere in the text, or at its start only with `prefix`.
  package init(_ query: String, caseSensitive: Bool = false, prefix: Bool = false) {
    needle = caseSensitive ? query : query.lowercased()
    bytes = Array(needle.utf8)
    isASCII = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    self.caseSensitive = caseSensitive
    prefixOnly = prefix
  }

  /// Whether the needle is empty (it is in every text).
  package var isEmpty: Bool { bytes.isEmpty }

  /// Whether `text` holds the needle.
  package func matches(_ text: String) -> Bool {
    if isASCII, let found = text.utf8.withContiguousStorageIfAvailable(matches), let found {
      return found
    }
    let haystack = caseSensitive ? text : text.lowercased()
    return prefixOnly ? haystack.hasPrefix(needle) : haystack.contains(needle)
  }

  /// The answer from the bytes, or `nil` when they are not all ASCII (or hold a carriage
  /// return): then the text is compared as text.
  private func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    for byte in text where byte >= 0x80 || byte == 0x0D { return nil }
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
