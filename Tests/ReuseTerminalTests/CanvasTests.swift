import Testing

@testable import ReuseTerminal

@Suite struct CanvasTests {
  @Test func widthsOfCJKHangulEmojiAndCombiningMarks() {
    #expect(CharacterWidth.of("a" as Character) == 1)
    #expect(CharacterWidth.of("红" as Character) == 2)
    #expect(CharacterWidth.of("한" as Character) == 2)
    #expect(CharacterWidth.of("😀" as Character) == 2)
    #expect(CharacterWidth.of("e\u{301}" as Character) == 1, "e + combining acute")
    #expect(CharacterWidth.of("\u{301}" as Character) == 0)
    #expect(CharacterWidth.of("👍🏽" as Character) == 2, "emoji with a skin tone")
    #expect(CharacterWidth.of("❤\u{FE0F}" as Character) == 2, "emoji presentation selector")
    #expect(CharacterWidth.of("\u{0378}" as Character) == 1, "unassigned is not wide")
    #expect(CharacterWidth.of("红한😀abc") == 9)
    #expect(CharacterWidth.of("\u{7}" as Character) == 0, "control characters are not drawn")
  }

  /// Columns share the width left to right, the spare columns one each to the first; they
  /// tile the rectangle with their gaps, and bad counts and gaps give a defined answer.
  @Test func aRectangleCutIntoColumns() {
    let body = CellRect(x: 2, y: 3, width: 30, height: 5)
    let four = body.columns(4, gap: 1)
    #expect(four.map(\.width) == [7, 7, 7, 6])
    #expect(four.map(\.x) == [2, 10, 18, 26])
    #expect(four.allSatisfy { $0.y == 3 && $0.height == 5 })
    #expect(four.last!.maxX == body.maxX, "the columns and gaps fill the width")
    #expect(body.columns(3).map(\.width) == [10, 10, 10])
    #expect(body.columns(0).isEmpty && body.columns(-3).isEmpty)
    // More columns than room: every one is there, the ones past the room empty.
    let many = CellRect(x: 0, y: 0, width: 3, height: 1).columns(5, gap: 1)
    #expect(many.count == 5 && many.allSatisfy { $0.width == 0 })
    #expect(body.columns(2, gap: .max).map(\.width) == [0, 0])
    #expect(body.columns(2, gap: -4).map(\.width) == [15, 15])
  }

  @Test func wideCharactersOccupyTwoCellsAndStayWhole() {
    let canvas = Canvas(columns: 6, rows: 1)
    #expect(canvas.draw("红a한", column: 0, row: 0, style: .plain) == 5)
    #expect(canvas.cells.map(\.grapheme) == ["红", "", "a", "한", "", " "])
    // Overwriting the right half of 红 blanks its left half.
    canvas.draw("x", column: 1, row: 0, style: .plain)
    #expect(canvas.cells.map(\.grapheme) == [" ", "x", "a", "한", "", " "])
    // Overwriting the left half of 한 blanks its right half.
    canvas.draw("y", column: 3, row: 0, style: .plain)
    #expect(canvas.plainTextLines() == [" xay"])
  }

  @Test func clippingNeverSplitsAWideCharacter() {
    let canvas = Canvas(columns: 8, rows: 2)
    canvas.draw(
      "ab红cd", column: 0, row: 0, style: .plain, clip: CellRect(x: 0, y: 0, width: 3, height: 1))
    #expect(canvas.plainTextLines()[0] == "ab", "红 straddles the clip edge: a blank instead")
    canvas.draw("红红", column: -1, row: 1, style: .plain)
    #expect(canvas.plainTextLines()[1] == " 红", "the left half is off-canvas: a blank")
    canvas.draw("zzz", column: 0, row: 5, style: .plain)  // off-canvas: nothing, no crash
    canvas.fill(CellRect(x: -5, y: -5, width: 100, height: 100), style: .plain, character: "·")
    #expect(canvas.plainTextLines() == ["········", "········"])
  }

  @Test func combiningMarksStayWithTheirBase() {
    let canvas = Canvas(columns: 4, rows: 1)
    #expect(canvas.draw("e\u{301}x", column: 0, row: 0, style: .plain) == 2)
    #expect(canvas.cells[0].grapheme == "e\u{301}")
    #expect(canvas.cells[1].grapheme == "x")
  }

  @Test func longClustersRoundTripAndCompareByValue() {
    // A family (25 UTF-8 bytes) is interned; a flag (8 bytes) and a keycap (7) are inline.
    let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    let canvas = Canvas(columns: 10, rows: 2)
    #expect(canvas.draw("\(family)🇫🇷#\u{FE0F}\u{20E3}", column: 0, row: 0, style: .plain) == 6)
    #expect(canvas.cells[0].grapheme == family)
    #expect(canvas.cells[2].grapheme == "🇫🇷")
    #expect(canvas.cells[4].grapheme == "#\u{FE0F}\u{20E3}")
    canvas.draw(family, column: 0, row: 1, style: .plain)
    #expect(canvas.cells[10] == canvas.cells[0], "the same cluster twice: equal cells")
    #expect(Glyph("a\u{301}\u{302}\u{303}\u{304}") != Glyph("a\u{301}\u{302}\u{303}\u{305}"))
    #expect(canvas.plainTextLines()[0] == "\(family)🇫🇷#\u{FE0F}\u{20E3}")
  }

  @Test func tabsAndControlCharactersInMixedText() {
    let canvas = Canvas(columns: 8, rows: 1)
    // A tab is a space, controls are skipped, and ASCII next to non-ASCII still clusters.
    #expect(canvas.draw("a\tb\u{7}é红", column: 0, row: 0, style: .plain) == 6)
    #expect(canvas.plainTextLines() == ["a bé红"])
    #expect(CharacterWidth.of("a\u{7}é红") == 4)
  }

  @Test func aNilBackgroundKeepsTheCellsBackground() {
    let canvas = Canvas(columns: 3, rows: 1)
    let blue = Color(hex: 0x0000FF)
    canvas.fill(canvas.bounds, style: TextStyle(background: blue))
    canvas.draw("hi", column: 0, row: 0, style: TextStyle(foreground: Color(hex: 0xFFFFFF)))
    #expect(canvas.cells[0].style.background == blue)
  }

  @Test func truncationUsesDisplayWidth() {
    #expect(TextLayout.truncate("hello", toWidth: 5) == "hello")
    #expect(TextLayout.truncate("hello world", toWidth: 6) == "hello…")
    #expect(TextLayout.truncate("红红红", toWidth: 4) == "红…")
    #expect(CharacterWidth.of(TextLayout.pad("红", toWidth: 5)) == 5)
  }
}
