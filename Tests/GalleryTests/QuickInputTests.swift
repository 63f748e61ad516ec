import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The gallery driven as users drive it: keys faster than animations finish, clicks that
/// catch moving views, resizes with the focus deep in a list. Each test replays the sequence
/// that once went wrong, on the gallery's own event path (with the invariant checks on).
@Suite struct QuickInputTests {
  private func makeGallery(
    _ page: String, _ size: TerminalSize = TerminalSize(columns: 100, rows: 30),
    items: Int = 1_000
  ) -> (Gallery, Canvas) {
    makeTestGallery(page, size, items: items)
  }

  /// Presses `key` `count` times, `interval` seconds apart, drawing frames at 60 Hz between
  /// (as the terminal app does), then lets everything settle.
  private func press(
    _ key: Key, _ count: Int, every interval: Double, _ gallery: Gallery, _ canvas: Canvas,
    time: inout Double
  ) {
    for _ in 0..<count {
      gallery.handle(.key(KeyEvent(key)), at: time)
      let next = time + interval
      while time < next {
        time += 1.0 / 60
        gallery.tick(now: time)
        gallery.draw(into: canvas)
      }
    }
    settleTestGallery(gallery, time: &time, limit: 600)
    gallery.draw(into: canvas)
  }

  private func line(_ canvas: Canvas, _ row: Int) -> String { canvas.plainTextLines()[row] }

  @Test func fivePressesFortyMillisecondsApartMoveFiveStopsOnEveryPage() {
    var time = 1.0
    let (picker, pickerCanvas) = makeGallery("picker")
    press(.right, 5, every: 0.04, picker, pickerCanvas, time: &time)
    #expect(line(pickerCanvas, 1).contains("colour 6 of 8"), "\(line(pickerCanvas, 1))")
    press(.down, 3, every: 0.04, picker, pickerCanvas, time: &time)
    #expect(line(pickerCanvas, 1).contains("size 4 of 6"), "\(line(pickerCanvas, 1))")

    let (carousel, carouselCanvas) = makeGallery("carousel")
    press(.right, 5, every: 0.04, carousel, carouselCanvas, time: &time)
    #expect(line(carouselCanvas, 1).contains("card 6 of 12"), "\(line(carouselCanvas, 1))")

    let (bar, barCanvas) = makeGallery("optionbar")
    press(.right, 5, every: 0.04, bar, barCanvas, time: &time)
    #expect(line(barCanvas, 1).contains("selected Sport"), "\(line(barCanvas, 1))")

    // The list's page keys: three pages down, quickly, land three pages down.
    let (list, listCanvas) = makeGallery("list")
    press(.pageDown, 3, every: 0.04, list, listCanvas, time: &time)
    let (reference, referenceCanvas) = makeGallery("list")
    press(.pageDown, 3, every: 1.0, reference, referenceCanvas, time: &time)
    #expect(listCanvas.plainTextLines().dropLast() == referenceCanvas.plainTextLines().dropLast())
  }

  @Test func aClickThatCatchesACarouselPageLeavesACardCentred() {
    var time = 1.0
    let (gallery, canvas) = makeGallery("carousel")
    gallery.handle(.key(KeyEvent(.right)), at: time)
    for _ in 0..<5 {
      time += 1.0 / 60
      gallery.tick(now: time)
    }
    gallery.draw(into: canvas)
    let caught = canvas.plainTextLines()
    // Press and release on the card without moving: the touch catches the page mid-way.
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 50, row: 12)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 50, row: 12)), at: time + 0.1)
    time += 0.1
    press(.character("x"), 0, every: 0, gallery, canvas, time: &time)
    let rested = canvas.plainTextLines()
    #expect(caught != rested, "it moved on after the release")
    // At rest, a card is centred: the frame equals one reached by keys alone.
    let (reference, referenceCanvas) = makeGallery("carousel")
    let card = rested[1].contains("card 2 of 12") ? 1 : 0
    press(.right, card, every: 1, reference, referenceCanvas, time: &time)
    // The click also selected the centred card: its mark aside, the frames are the same.
    let unmarked = rested[2..<26].map { $0.replacingOccurrences(of: "✓ selected", with: "") }
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(unmarked == Array(referenceCanvas.plainTextLines()[2..<26]))
  }

  @Test func theFocusedRowStaysBelowThePinnedHeaderAndInViewAcrossResizes() {
    var time = 1.0
    let (gallery, canvas) = makeGallery("list", TerminalSize(columns: 80, rows: 24))
    press(.end, 1, every: 0.05, gallery, canvas, time: &time)
    press(.up, 41, every: 0.02, gallery, canvas, time: &time)
    // The focused row (Wild Kestrel, #959) shows under the pinned "Journal" header, one row
    // of scroll padding (the list's focusScrollPadding) between them.
    var lines = canvas.plainTextLines()
    #expect(lines[2].contains("Journal"))
    #expect(lines[4].contains("Wild Kestrel"), "\(lines[4])")
    // PgDn × 6 then PgUp × 3, quickly.
    let (paging, pagingCanvas) = makeGallery("list", TerminalSize(columns: 80, rows: 24))
    press(.pageDown, 6, every: 0.03, paging, pagingCanvas, time: &time)
    press(.pageUp, 3, every: 0.03, paging, pagingCanvas, time: &time)
    let focused = pagingCanvas.plainTextLines().last { $0.contains("│") } ?? ""
    // The status line starts with the focused row's title.
    let title = focused.split(separator: "│").first.map {
      $0.split(separator: "·").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
    }
    lines = pagingCanvas.plainTextLines()
    let row = lines.dropLast().firstIndex { $0.contains(title ?? "?") }
    #expect(row.map { $0 >= 3 } ?? false, "the focused row \(title ?? "?") is below the header")
    // Smaller, then back: the focused row stays in view.
    for size in [TerminalSize(columns: 60, rows: 10), TerminalSize(columns: 80, rows: 24)] {
      gallery.resize(to: size)
      canvas.resize(columns: size.columns, rows: size.rows)
      gallery.draw(into: canvas)
      lines = canvas.plainTextLines()
      #expect(
        lines.dropFirst(3).dropLast(3).contains { $0.contains("Wild Kestrel") },
        "at \(size): \(lines.joined(separator: "\n"))")
    }
  }

  @Test func tenMillionCategoriesOpenAtOnceAndEndWorks() {
    var time = 1.0
    let (gallery, canvas) = makeGallery("optionbar", items: 10_000_000)
    #expect(line(canvas, 1).contains("10,000,000 categories"))
    press(.end, 1, every: 0.05, gallery, canvas, time: &time)
    #expect(line(canvas, 1).contains("selected Topic 10,000,000"))
    #expect(line(canvas, 2).contains("Topic 10,000,000"), "the last column shows")
  }
}
