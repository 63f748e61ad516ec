import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The pages' cursors are the collection views' focus: the list's section index jumps to a
/// section and focuses its first row; the waterfall's arrows move a card cursor.
@Suite struct GalleryFocusTests {
  private func click(column: Int, row: Int, _ gallery: Gallery, time: inout Double) {
    time += 0.1
    gallery.handle(.mouse(MouseEvent(kind: .press, column: column, row: row)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: column, row: row)), at: time + 0.02)
    settleTestGallery(gallery, time: &time)
  }

  private func status(_ canvas: Canvas) -> String { canvas.plainTextLines().last ?? "" }

  @Test func aClickOnTheSectionIndexJumpsToThatSectionAndFocusesItsFirstRow() {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (gallery, canvas) = makeTestGallery("list", size, items: 1_000_000)
    let before = canvas.plainTextLines()
    // The index shows 20 marks, one a row from the list's first row: "1", "50k", "100k"…
    #expect(before[2].hasSuffix("1┃") || before[2].hasSuffix("1│"), "\(before[2])")
    #expect(before[3].contains("50k"), "\(before[3])")
    // Row 12 of the screen is the index's 11th row (from 0 at screen row 2): 500k.
    click(column: 77, row: 12, gallery, time: &time)
    gallery.draw(into: canvas)
    let lines = canvas.plainTextLines()
    #expect(lines[2].contains("items 500,001–500,050"), "\(lines[2])")
    #expect(lines[3].contains("#500,001"), "\(lines[3])")
    // The focus moved there too: the status line names the first row, and ↓ goes on from it.
    let first = lines[3].split(separator: "▌").last.map { String($0).split(separator: "#")[0] }
    let title = first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
    #expect(status(canvas).hasPrefix(" " + title), "\(status(canvas)) vs \(title)")
    pressTestGallery([.down], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines()[4].contains("#500,002"))
    #expect(!status(canvas).hasPrefix(" " + title))
  }

  @Test func aDragAlongTheIndexJumpsAsItGoes() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 77, row: 3)), at: time)
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines()[2].contains("items 51–100"))
    for row in 4...8 {
      time += 0.05
      gallery.handle(.mouse(MouseEvent(kind: .drag, column: 77, row: row)), at: time)
    }
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 77, row: 8)), at: time + 0.05)
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines()[2].contains("items 301–350"), "\(canvas.plainTextLines()[2])")
  }

  @Test func theWaterfallsArrowsMoveACardCursorThatTheFeedFollows() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 80, rows: 24))
    #expect(status(canvas).hasPrefix(" card 1 of 60"), "\(status(canvas))")
    // → goes to the next column, ← back, ↓ down the first column.
    pressTestGallery([.right], gallery, canvas, time: &time)
    #expect(!status(canvas).hasPrefix(" card 1 of"), "\(status(canvas))")
    pressTestGallery([.left], gallery, canvas, time: &time)
    #expect(status(canvas).hasPrefix(" card 1 of 60"), "\(status(canvas))")
    // Thirty presses of ↓ walk down the first column; the feed scrolls to keep the cursor in
    // view and loads the next page on the way.
    pressTestGallery(Array(repeating: .down, count: 30), gallery, canvas, time: &time)
    let lines = canvas.plainTextLines()
    #expect(lines[1].contains("120 of 1,000 cards") || lines[1].contains("180 of"), "\(lines[1])")
    #expect(!status(canvas).hasPrefix(" card 1 of"))
  }

  /// A click on a card selects it and puts the cursor there: the next arrow goes on from it
  /// (it went on from the card before, which scrolled the feed back: a new user's finding).
  @Test func aClickOnACardPutsTheCursorThere() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 80, rows: 24))
    #expect(status(canvas).hasPrefix(" card 1 of 60"), "\(status(canvas))")
    // The second column's first card ("Ivory Falcon" at rows 11–12 of the screen).
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    let lines = canvas.plainTextLines()
    guard let row = lines.firstIndex(where: { $0.dropFirst(28).hasPrefix("Ivory") }) else {
      Issue.record("no card in the second column: \(lines)")
      return
    }
    click(column: 32, row: row, gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(status(canvas).hasPrefix(" card "), "\(status(canvas))")
    #expect(!status(canvas).hasPrefix(" card 1 of"), "\(status(canvas))")
    #expect(status(canvas).contains("1 selected"), "\(status(canvas))")
    let clicked = status(canvas).split(separator: " ").prefix(3).joined(separator: " ")
    // ↓ goes down the clicked card's column: not back to the first card.
    pressTestGallery([.down], gallery, canvas, time: &time)
    #expect(!status(canvas).hasPrefix(" card 1 of"), "\(status(canvas))")
    #expect(!status(canvas).hasPrefix(" " + clicked + " "), "\(status(canvas))")
  }

  /// A resize never leaves the focused card or row off screen (the waterfall, the outline).
  @Test(arguments: ["waterfall", "outline"]) func aResizeKeepsTheFocusInView(page: String) {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(page, TerminalSize(columns: 100, rows: 30))
    let keys: [Key] =
      page == "waterfall"
      ? Array(repeating: .down, count: 12) : [.right] + Array(repeating: .down, count: 6)
    pressTestGallery(keys, gallery, canvas, time: &time)
    // The status line starts with the focused item's name (the waterfall: "card N of M").
    for size in [TerminalSize(columns: 40, rows: 10), TerminalSize(columns: 30, rows: 8)] {
      gallery.resize(to: size)
      canvas.resize(columns: size.columns, rows: size.rows)
      gallery.draw(into: canvas)
      let lines = canvas.plainTextLines()
      let status = lines.last!
      if page == "outline" {
        let name = status.split(separator: "│")[0].trimmingCharacters(in: .whitespaces)
        let shown = lines.dropFirst(2).dropLast().contains { $0.contains(name.prefix(8)) }
        #expect(shown, "\(size): \(name) is not on screen: \(lines)")
      } else {
        // The focused card draws its title on the accent colour: find it in the frame's cells.
        #expect(canvas.containsFocusedCard(), "\(size): the focused card is off screen")
      }
    }
  }
}

extension Canvas {
  /// Whether a cell in the frame has the theme's accent as its background (the focused card
  /// and row draw on it; the tabs and the status line are excluded).
  fileprivate func containsFocusedCard() -> Bool {
    let lines = plainTextLines()
    for row in 2..<max(2, lines.count - 1) {
      for column in 0..<columns where self[column, row].style.background == Theme.accent {
        return true
      }
    }
    return false
  }
}
