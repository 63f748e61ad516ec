import Testing

@testable import ReuseKit

/// Layout attributes as the frame copies and compares them: a category in one word, kinds
/// equal by their text wherever their literals live.
@Suite struct LayoutAttributesTests {
  /// Kinds made from literals in two places, one of them a single scalar (which Swift may keep
  /// with no text in the binary).
  private static let badgeHere: SupplementaryKind = "badge"
  private static func badgeThere() -> SupplementaryKind {
    let text: StaticString = "badge"
    return SupplementaryKind(stringLiteral: text)
  }

  @Test func kindsAreEqualHashedAndOrderedByTheirText() {
    #expect(Self.badgeHere == Self.badgeThere())
    #expect(Self.badgeHere.hashValue == Self.badgeThere().hashValue)
    #expect(Set([Self.badgeHere, Self.badgeThere(), .header, .footer]).count == 3)
    #expect(SupplementaryKind.footer < .header && !(SupplementaryKind.header < .footer))
    #expect(!(SupplementaryKind.header < .header))
    #expect(SupplementaryKind.columnHeader.rawValue == "columnHeader")
    #expect("\(Self.badgeHere)" == "badge")
    // Prefixes differ from the whole word.
    let head: SupplementaryKind = "head"
    #expect(head != .header && head < .header)
    #expect(SupplementaryKind.header != "headers")
  }

  /// A one-scalar literal built where its type is generic: Swift keeps the scalar, no text.
  private static func scalarLiteral<T: ExpressibleByUnicodeScalarLiteral>(
    _: T.Type, _ which: Int
  ) -> T {
    switch which {
    case 0: return "x"
    case 1: return "é"
    case 2: return "€"
    default: return "😀"
    }
  }

  @Test func oneScalarKindsMatchTheSameTextWrittenLonger() {
    let short: SupplementaryKind = "x"
    let scalar = Self.scalarLiteral(StaticString.self, 0)
    #expect(!scalar.hasPointerRepresentation)
    let fromScalar = SupplementaryKind(stringLiteral: scalar)
    #expect(short == fromScalar && fromScalar == short)
    #expect(fromScalar.hashValue == short.hashValue)
    #expect(fromScalar.rawValue == "x")
    // Scalars of two, three and four UTF-8 bytes: the same text, hash and order as written.
    let texts: [SupplementaryKind] = ["é", "€", "😀"]
    for (index, text) in texts.enumerated() {
      let wide = SupplementaryKind(stringLiteral: Self.scalarLiteral(StaticString.self, index + 1))
      #expect(wide == text && text == wide && wide.hashValue == text.hashValue)
      #expect(wide.rawValue == text.rawValue && wide != fromScalar && fromScalar < wide)
    }
    #expect(texts.map(\.rawValue) == ["é", "€", "😀"])
    #expect(texts[0] < texts[1] && texts[1] < texts[2])
  }

  @Test func aCategoryIsOneWord() {
    #expect(MemoryLayout<SupplementaryKind>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<ElementCategory>.size == MemoryLayout<Int>.size)
    let cell = LayoutAttributes(
      forCellAt: ItemPath(section: 0, item: 0), frame: Rect(x: 0, y: 0, width: 1, height: 1))
    let header = LayoutAttributes(
      forSupplementaryViewOfKind: Self.badgeThere(), section: 0, frame: cell.frame)
    #expect(cell.supplementaryKind == nil && header.supplementaryKind == Self.badgeHere)
    #expect(cell != header && !cell.isSameElement(as: header))
  }
}
