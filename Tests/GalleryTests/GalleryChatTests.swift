import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The `chat` page: opens at the end, streams messages on the clock (sleeping between them),
/// keeps the end in view there, counts "↓ N new" when scrolled up, loads older history at
/// the top without moving what is on screen.
@Suite struct GalleryChatTests {
  /// Runs the gallery's clock from `time` for `seconds`, as the run loop would: frames while
  /// something animates, else a wake-up at the page's next due time.
  private func run(_ gallery: Gallery, for seconds: Double, time: inout Double) -> Int {
    let end = time + seconds
    var wakeUps = 0
    while time < end {
      if gallery.isAnimating {
        time += 1.0 / 60
      } else if let due = gallery.nextWakeTime, due < end {
        time = max(time + 0.001, due)
        wakeUps += 1
      } else {
        time = end
      }
      gallery.tick(now: time)
    }
    return wakeUps
  }

  private func heading(_ canvas: Canvas) -> String { canvas.plainTextLines()[1] }

  /// The messages on screen, without the scroll bar (its thumb moves as the history grows).
  private func shown(_ canvas: Canvas) -> [String] {
    canvas.plainTextLines()[2..<20].map { String($0.dropLast()) }
  }

  @Test func messagesStreamInAndKeepTheEndInView() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    #expect(heading(canvas).contains("30 messages"))
    let wakeUps = run(gallery, for: 20, time: &time)
    gallery.draw(into: canvas)
    let count = Int(heading(canvas).split(separator: " ")[0])!
    #expect(count > 32, "messages arrive on the clock: \(heading(canvas))")
    // Between messages the page sleeps: wake-ups are the streamed words and arrivals, far
    // fewer than the 1,200 frames of 20 s at 60 Hz.
    #expect(wakeUps < 600, "\(wakeUps) wake-ups")
    // At the end: the last message's last row is just above the row kept for the "↓ N new"
    // pill (empty at the end) and the status line.
    let lines = canvas.plainTextLines()
    #expect(lines[lines.count - 4].contains("."), "the newest message ends on screen: \(lines)")
    #expect(lines[lines.count - 3].allSatisfy { $0 == " " || $0 == "│" || $0 == "┃" })
    #expect(!lines.joined().contains("new ·"))
  }

  @Test func scrolledUpItCountsNewMessagesAndOlderHistoryLoadsAtTheTop() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    pressTestGallery([.pageUp], gallery, canvas, time: &time)
    let before = shown(canvas)
    _ = run(gallery, for: 15, time: &time)
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines().last!.contains("new ·"), "\(canvas.plainTextLines().last!)")
    #expect(shown(canvas) == before, "scrolled up, nothing moved")
    // Up to the top: older messages load, and what was on screen stays where it was.
    pressTestGallery([.home], gallery, canvas, time: &time)
    let top = shown(canvas)
    _ = run(gallery, for: 1, time: &time)
    gallery.draw(into: canvas)
    #expect(heading(canvas).contains("older history loads"))
    #expect(Int(heading(canvas).split(separator: " ")[0])! >= 50, "\(heading(canvas))")
    #expect(shown(canvas) == top, "the prepend moved nothing on screen")
    // End: back to the newest, the count gone.
    pressTestGallery([.end], gallery, canvas, time: &time)
    #expect(!canvas.plainTextLines().last!.contains("new ·"))
  }
}
