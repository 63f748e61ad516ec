import ReuseKit
import ReuseTestSupport
import Testing

/// ``TextMatcher`` gives the answer `String`'s characters give, on texts built to trip a byte comparison:
/// capitals, carriage returns before line feeds, combining accents after a letter, letters
/// that lowercase to ASCII from outside it (the Kelvin sign) or to two characters (İ), and
/// characters equal to an ASCII one (the Greek question mark is `;`).
struct TextMatcherTests {
  /// The pieces texts are made of: ASCII first (``asciiPieces`` of them), then the rest.
  static let pieces = [
    "a", "b", "A", "B", "e", "E", "k", "K", " ", "ab", "AB", "\r", "\n", "\r\n", "i", ";",
    "\u{301}", "é", "e\u{301}", "\u{212A}", "İ", "ß", "😀", "漢", "\u{37E}", "Å", "\u{212B}",
  ]
  static let asciiPieces = 16

  /// Whether `text` holds `needle`, character by character (`Character`'s equality: canonical
  /// equivalence), anywhere or at the start: the reference.
  static func holds(_ text: String, _ needle: String, prefix: Bool) -> Bool {
    let (text, needle) = (Array(text), Array(needle))
    guard !prefix else { return text.starts(with: needle) }
    guard text.count >= needle.count else { return false }
    return (0...(text.count - needle.count)).contains { start in
      text[start..<(start + needle.count)].elementsEqual(needle)
    }
  }

  static func text(_ random: inout SeededRandom, length: ClosedRange<Int>) -> String {
    // Half the texts are ASCII only: the matcher's fast path.
    let kinds = random.chance(0.5) ? asciiPieces : pieces.count
    return (0..<random.int(length)).map { _ in pieces[random.int(0..<kinds)] }.joined()
  }

  @Test(arguments: 0..<40)
  func answersAsStringDoes(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0x7E47_0000)
    for _ in 0..<200 {
      let needle = Self.text(&random, length: 0...3)
      let haystack = Self.text(&random, length: 0...8)
      for (caseSensitive, prefix) in [(false, false), (false, true), (true, false), (true, true)] {
        let (text, query) =
          caseSensitive ? (haystack, needle) : (haystack.lowercased(), needle.lowercased())
        let expected = Self.holds(text, query, prefix: prefix)
        let matcher = TextMatcher(needle, caseSensitive: caseSensitive, prefix: prefix)
        #expect(
          matcher.matches(haystack) == expected,
          "seed \(seed): \(needle.debugDescription) in \(haystack.debugDescription), case \(caseSensitive), prefix \(prefix)"
        )
      }
    }
  }

  @Test func asciiTextsAreComparedWithCaseFolded() {
    let matcher = TextMatcher("CeDaR")
    #expect(matcher.matches("Amber cedar"))
    #expect(matcher.matches("CEDARS"))
    #expect(!matcher.matches("ceda r"))
    #expect(!TextMatcher("cedar", prefix: true).matches("Amber cedar"))
    #expect(TextMatcher("amber", prefix: true).matches("AMBER cedar"))
    #expect(!TextMatcher("Amber", caseSensitive: true).matches("amber"))
    // A decomposed accent makes the letter before it another character: no match, as
    // `String` says.
    #expect(!matcher.matches("ceda\u{301}r"))
    #expect(!TextMatcher("cedar").matches("cedar\u{301}"))
    // A query of characters no ASCII one equals is in no ASCII text; one whose characters equal
    // ASCII ones is found as those.
    #expect(!TextMatcher("ö").matches("Amber cedar o"))
    #expect(TextMatcher("ö").matches("Cöln"))
    #expect(TextMatcher("a\u{37E}").matches("Tea; then"))
    #expect(TextMatcher("\u{212A}", caseSensitive: true).matches("OK"))
    // A carriage return and a line feed are one character.
    #expect(!TextMatcher("\n").matches("a\r\nb"))
    #expect(TextMatcher("\r\n").matches("a\r\nb"))
  }
}
