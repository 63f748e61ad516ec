import ReuseTestSupport
import Testing

@testable import ReuseControls

/// Text sorts in a reader's order: case ignored, Latin-1's accented letters as their letter,
/// the bytes breaking ties (a new user's finding: "Zoë" came before "alpha", "Ångström" after
/// "zeta").
@Suite struct TableTextOrderTests {
  private func sorted(_ texts: [String]) -> [String] {
    texts.sorted { TableSortKey.ascends(.text($0), .text($1)) }
  }

  @Test func lettersSortAsAReaderExpects() {
    #expect(
      sorted(["Zoë", "zeta", "alpha", "Ångström", "Émile", "eagle", "Beta", "beta", "ß"])
        == ["alpha", "Ångström", "Beta", "beta", "eagle", "Émile", "ß", "zeta", "Zoë"])
    // Digits and punctuation before letters, as ASCII has them; other scripts after Latin.
    #expect(sorted(["b", "1", "漢字", "A", "-", "Ω"]) == ["-", "1", "A", "b", "Ω", "漢字"])
    // A prefix first.
    #expect(sorted(["abc", "ab", "ÀB"]) == ["ab", "ÀB", "abc"])
    #expect(TableSortKey.latinBase.count == 64)
  }

  /// Seeded: against a reference made from Unicode scalars (not the UTF-8 decoding the
  /// order uses), over random strings of ASCII, Latin-1 and other scripts; and the order is
  /// a strict weak order (irreflexive, asymmetric, transitive on triples).
  @Test(arguments: 0..<4)
  func theOrderIsTheReferencesAndStrict(_ index: Int) {
    let (seed, random) = SeededRandom.forCase(index, base: 0x7E47)
    var rng = random
    let alphabet: [Character] = Array("aAbBzZ09 -éÉåÅßøÆ×÷Ωω漢😀")
    func text() -> String {
      String((0..<rng.int(0..<6)).map { _ in alphabet[rng.int(0..<alphabet.count)] })
    }
    func weights(_ text: String) -> [UInt32] {
      text.unicodeScalars.map { scalar -> UInt32 in
        let value = scalar.value
        if value < 0x80 { return (0x41...0x5A).contains(value) ? value | 0x20 : value }
        if (0xC0...0xFF).contains(value), TableSortKey.latinBase[Int(value - 0xC0)] != 0 {
          return UInt32(TableSortKey.latinBase[Int(value - 0xC0)])
        }
        return 0x100 + value
      }
    }
    func reference(_ a: String, _ b: String) -> Bool {
      let (x, y) = (weights(a), weights(b))
      if x != y { return x.lexicographicallyPrecedes(y) }
      return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
    let texts = (0..<300).map { _ in text() }
    for (a, b) in zip(texts, texts.shuffled(using: &rng)) {
      let before = TableSortKey.ascends(.text(a), .text(b))
      #expect(before == reference(a, b), "seed \(seed): \(a) | \(b)")
      #expect(!(before && TableSortKey.ascends(.text(b), .text(a))), "seed \(seed): asymmetric")
      #expect(!TableSortKey.ascends(.text(a), .text(a)), "seed \(seed): irreflexive")
    }
    let ordered = sorted(texts)
    for index in ordered.indices.dropFirst() {
      #expect(
        !TableSortKey.ascends(.text(ordered[index]), .text(ordered[index - 1])),
        "seed \(seed): sorted")
    }
  }
}
