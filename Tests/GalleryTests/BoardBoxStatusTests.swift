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
