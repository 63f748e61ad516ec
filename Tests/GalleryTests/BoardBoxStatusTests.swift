import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A box dragged up from below the last card of a column the cursor has not been in (a new
/// user's finding: the status said "Done: no card · 1 selected").
@Suite struct BoardBoxStatusTests {
  @Test func aBoxInAColumnWithoutACursorPutsTheCursorOnACardItSelected() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "board", TerminalSize(columns: 100, rows: 30), items: 3)
    let screen = drawnTestGallery(gallery, canvas)
    let done = screen.firstIndex { $0.contains("Done ·") } ?? 0
    let column = screen[done].distance(
      from: screen[done].startIndex, to: screen[done].range(of: "Done ·")!.lowerBound)
    // Four cards in Done: the box starts a few rows below them and goes up over the last two.
    dragTestGallery(
      gallery, from: (column: column + 4, row: done + 7), step: (columns: 0, rows: -1), steps: 5,
      interval: 1.0 / 30, time: &time)
    settleTestGallery(gallery, time: &time)
    let after = drawnTestGallery(gallery, canvas)
    let status = after.last ?? ""
    #expect(status.contains("Done: #"), "the status names a card: \(status)")
    #expect(!status.contains("no card"), "\(status)")
    #expect(status.contains("selected"), "\(status)")
    // The cursor is on a card the box selected.
    let selected = after.filter { $0.contains("✓") }
    #expect(!selected.isEmpty, "\(after.joined(separator: "\n"))")
  }
}

/// A click in one column after cards were selected in another: the board keeps one selection
/// (the other column's checks stayed, uncounted, and `>` left them behind), and the click ends
/// the last key's note (it stayed on the status line: new user's findings).
@Suite struct BoardClickSelectionTests {
  @Test func aClickInAnotherColumnClearsTheOthersChecksAndTheLastNote() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "board", TerminalSize(columns: 120, rows: 30), items: 5)
    func click(_ column: Int, _ row: Int, shift: Bool = false) {
      time += 0.1
      let modifiers: KeyModifiers = shift ? .shift : []
      gallery.handle(
        .mouse(MouseEvent(kind: .press, column: column, row: row, modifiers: modifiers)), at: time)
      gallery.handle(
        .mouse(MouseEvent(kind: .release, column: column, row: row, modifiers: modifiers)),
        at: time + 0.02)
      settleTestGallery(gallery, time: &time)
    }
    var screen = drawnTestGallery(gallery, canvas)
    let header = screen.firstIndex { $0.contains("Doing ·") } ?? 2
    func start(of title: String) -> Int {
      screen[header].distance(
        from: screen[header].startIndex, to: screen[header].range(of: title)!.lowerBound)
    }
    let doing = start(of: "Doing ·")
    let review = start(of: "Review ·")
    // `<` in To do: a note that nothing moved.
    time += 0.1
    gallery.handle(.key(KeyEvent(.character("<"))), at: time)
    screen = drawnTestGallery(gallery, canvas)
    #expect(screen.last?.contains("no column to the left") == true, "\(screen.last ?? "")")
    // Two cards of Doing, then a plain click on a card of Review.
    click(doing + 4, header + 1)
    click(doing + 4, header + 2, shift: true)
    screen = drawnTestGallery(gallery, canvas)
    #expect(screen.last?.contains("2 selected") == true, "\(screen.last ?? "")")
    #expect(screen.last?.contains("no column to the left") == false, "\(screen.last ?? "")")
    click(review + 4, header + 1)
    screen = drawnTestGallery(gallery, canvas)
    let checks = screen.map { $0.filter { $0 == "✓" }.count }.reduce(0, +)
    #expect(checks == 1, "one card checked: \(screen.joined(separator: "\n"))")
    #expect(
      screen.last?.contains("Review: ") == true && screen.last?.contains("1 selected") == true)
  }
}

/// A box dragged from below To do's cards toward Review: its outline stops at the column's
/// edge with a side drawn there (it had no right edge: a new user's finding).
@Suite struct BoardBoxOutlineTests {
  @Test func aBoxDraggedPastItsColumnShowsItsEdgeAtTheColumnsEdge() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "board", TerminalSize(columns: 120, rows: 30), items: 5)
    dragTestGallery(
      gallery, from: (column: 10, row: 12), step: (columns: 10, rows: -1), steps: 6,
      interval: 1.0 / 30, releases: false, time: &time)
    let screen = drawnTestGallery(gallery, canvas)
    let header = screen.firstIndex { $0.contains("Doing ·") } ?? 2
    let doing = screen[header].distance(
      from: screen[header].startIndex, to: screen[header].range(of: "Doing ·")!.lowerBound)
    // The rows the box spans, inside To do's column: a side at each end.
    let sides = screen[(header + 1)...].filter { line in
      line.prefix(doing).filter { $0 == "┆" }.count == 2
    }
    #expect(sides.count >= 3, "\(screen.joined(separator: "\n"))")
  }
}
