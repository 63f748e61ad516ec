import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The option bar and carousel pages, driven as a user would: keys, clicks and drags.
@Suite struct ControlPageTests {
  private func makeGallery(_ page: String, items: Int = 1_000) -> (Gallery, Canvas) {
    makeTestGallery(page, TerminalSize(columns: 80, rows: 24), items: items)
  }

  private func lines(_ gallery: Gallery, _ canvas: Canvas) -> [String] {
    drawnTestGallery(gallery, canvas)
  }

  /// The columns of row `row` where `text` starts and ends (display columns).
  private func span(of text: String, in line: String) -> Range<Int>? {
    guard let range = line.range(of: text) else { return nil }
    let start = CharacterWidth.of(String(line[..<range.lowerBound]))
    return start..<(start + CharacterWidth.of(text))
  }

  @Test func optionBarClickSelectsAndTheIndicatorFollowsTheStrip() {
    let (gallery, canvas) = makeGallery("optionbar")
    var time = 1.0
    var screen = lines(gallery, canvas)
    // Page rows: 0 top bar, 1 heading, 2 the strip, 3 the indicator.
    let world = span(of: "World", in: screen[2])!
    gallery.handle(.mouse(MouseEvent(kind: .press, column: world.lowerBound + 1, row: 2)), at: time)
    gallery.handle(
      .mouse(MouseEvent(kind: .release, column: world.lowerBound + 1, row: 2)), at: time + 0.05)
    settleTestGallery(gallery, time: &time)
    screen = lines(gallery, canvas)
    #expect(screen[1].contains("selected World"))
    #expect(screen.joined().contains("didSelect World (tap)"))
    // The indicator sits under the column, wherever the strip scrolled it.
    let now = span(of: "World", in: screen[2])!
    let bar = span(of: String(repeating: "━", count: 3), in: screen[3])!
    #expect(bar.lowerBound <= now.lowerBound && bar.lowerBound >= now.lowerBound - 2)
    // A drag slides the strip; the indicator moves with it.
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 60, row: 2)), at: time)
    for step in 1...5 {
      gallery.handle(
        .mouse(MouseEvent(kind: .drag, column: 60 - step * 4, row: 2)), at: time + Double(step) / 60
      )
    }
    screen = lines(gallery, canvas)
    let moved = span(of: "World", in: screen[2])
    let movedBar = span(of: "━", in: screen[3])
    #expect(moved.map(\.lowerBound) != now.lowerBound, "the strip moved")
    if let moved, let movedBar {
      #expect(
        movedBar.lowerBound <= moved.lowerBound && movedBar.lowerBound >= moved.lowerBound - 2)
    }
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 40, row: 2)), at: time + 0.1)
    settleTestGallery(gallery, time: &time)
  }

  @Test func optionBarKeysDeselectReloadAndSlideSelect() {
    let (gallery, canvas) = makeGallery("optionbar")
    var time = 1.0
    for key in ["d"] { gallery.handle(.key(KeyEvent(.character(Character(key)))), at: time) }
    var screen = lines(gallery, canvas)
    #expect(screen[1].contains("nothing selected"))
    #expect(!screen[3].contains("━"), "no selection, no indicator")
    gallery.handle(.key(KeyEvent(.end)), at: time)
    settleTestGallery(gallery, time: &time)
    screen = lines(gallery, canvas)
    #expect(screen[1].contains("selected Topic 1,000"))
    #expect(screen[2].hasSuffix("Topic 1,000"), "the last column, clamped to the right edge")
    gallery.handle(.key(KeyEvent(.character("r"))), at: time)
    screen = lines(gallery, canvas)
    #expect(screen[1].contains("5 categories"))
    #expect(screen[1].contains("nothing selected"), "the selection went with its column")
    // Slide selection: a drag that leaves a column in the centre selects it.
    gallery.handle(.key(KeyEvent(.character("r"))), at: time)
    gallery.handle(.key(KeyEvent(.character("s"))), at: time)
    dragTestGallery(gallery, from: (60, 2), step: (-3, 0), steps: 10, time: &time)
    settleTestGallery(gallery, time: &time)
    screen = lines(gallery, canvas)
    #expect(screen.joined().contains("(slide)"))
    #expect(!screen[1].contains("nothing selected"))
  }

  /// After `d`, → and ← go on from the category that was selected, not from the first (→
  /// selected the first: a new user's finding).
  @Test func optionBarArrowsGoOnFromTheCategoryDeselected() {
    let (gallery, canvas) = makeGallery("optionbar")
    var time = 1.0
    func press(_ keys: [KeyEvent]) -> String {
      for key in keys {
        gallery.handle(.key(key), at: time)
        settleTestGallery(gallery, time: &time)
      }
      return lines(gallery, canvas)[1]
    }
    let third = press([KeyEvent(.right), KeyEvent(.right), KeyEvent(.right)])
    let fourth = press([KeyEvent(.right)])
    let second = press([KeyEvent(.left), KeyEvent(.left)])
    #expect(Set([second, third, fourth]).count == 3, "\([second, third, fourth])")
    _ = press([KeyEvent(.right)])  // the third
    #expect(press([KeyEvent(.character("d"))]).contains("nothing selected"))
    #expect(press([KeyEvent(.right)]) == fourth, "→ goes on from the third")
    _ = press([KeyEvent(.left), KeyEvent(.character("d"))])
    #expect(press([KeyEvent(.left)]) == second, "← goes on from the third")
  }

  @Test func carouselClickOnAPeekingCardDragAndWrap() {
    let (gallery, canvas) = makeGallery("carousel")
    var time = 1.0
    #expect(lines(gallery, canvas)[1].contains("card 1 of 12"))
    // The right neighbour peeks in at the right edge.
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 78, row: 12)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 78, row: 12)), at: time + 0.05)
    settleTestGallery(gallery, time: &time)
    #expect(lines(gallery, canvas)[1].contains("card 2 of 12"))
    // A drag to the right, past half a card, pages back; from card 1 it wraps to 12.
    for expected in ["card 1 of 12", "card 12 of 12"] {
      dragTestGallery(gallery, from: (20, 12), step: (4, 0), steps: 10, time: &time)
      settleTestGallery(gallery, time: &time)
      #expect(lines(gallery, canvas)[1].contains(expected))
    }
    // Without wrap, the first card is the end.
    gallery.handle(.key(KeyEvent(.character("w"))), at: time)
    gallery.handle(.key(KeyEvent(.home)), at: time)
    settleTestGallery(gallery, time: &time)
    gallery.handle(.key(KeyEvent(.left)), at: time)
    settleTestGallery(gallery, time: &time)
    #expect(lines(gallery, canvas)[1].contains("card 1 of 12 · wrap off"))
  }

  /// Runs the clock for `seconds` as `TerminalApp` does: a tick per frame while something
  /// animates, otherwise only when the scene's timer is due. Returns the ticks.
  @discardableResult
  private func host(_ gallery: Gallery, for seconds: Double, from time: inout Double) -> Int {
    let end = time + seconds
    var ticks = 0
    while time < end {
      time += 1.0 / 60
      if gallery.isAnimating || (gallery.nextWakeTime.map { $0 <= time } ?? false) {
        gallery.tick(now: time)
        ticks += 1
      }
    }
    return ticks
  }

  @Test func carouselAutoscrollAdvancesOnTheClockAndADragPausesIt() {
    let (gallery, canvas) = makeGallery("carousel")
    var time = 1.0
    gallery.handle(.key(KeyEvent(.character("a"))), at: time)
    #expect(!gallery.isAnimating, "waiting for an autoscroll is a timer, not animation")
    #expect(gallery.nextWakeTime == time + 2, "due 2 s from now")
    let ticks = host(gallery, for: 1.9, from: &time)
    #expect(ticks == 0, "the host sleeps until it is due")
    host(gallery, for: 0.6, from: &time)  // 2.5 s: one move after 2 s
    #expect(lines(gallery, canvas)[1].contains("card 2 of 12"))
    // Hold a press (a drag that has not moved far): nothing advances for 5 s.
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 40, row: 12)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .drag, column: 38, row: 12)), at: time + 0.02)
    host(gallery, for: 5, from: &time)
    #expect(gallery.nextWakeTime == nil, "no timer while a finger is down")
    #expect(lines(gallery, canvas)[1].contains("card 2 of 12"))
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 38, row: 12)), at: time)
    host(gallery, for: 3, from: &time)  // settles, then 2 s more: the next card
    #expect(lines(gallery, canvas)[1].contains("card 3 of 12"))
  }

  /// The keys' help covers the cards: the autoscroll holds until it goes, then waits its
  /// whole interval again (it went on behind the help, unseen: a new user's finding).
  @Test func carouselAutoscrollHoldsWhileTheHelpShows() {
    let (gallery, canvas) = makeGallery("carousel")
    var time = 1.0
    gallery.handle(.key(KeyEvent(.character("a"))), at: time)
    host(gallery, for: 1, from: &time)
    gallery.handle(.key(KeyEvent(.character("?"))), at: time)
    #expect(gallery.showsHelp)
    #expect(gallery.nextWakeTime == nil, "no timer while the help shows")
    host(gallery, for: 6, from: &time)
    gallery.handle(.key(KeyEvent(.escape)), at: time)
    #expect(!gallery.showsHelp)
    #expect(lines(gallery, canvas)[1].contains("card 1 of 12"), "\(lines(gallery, canvas)[1])")
    host(gallery, for: 1.9, from: &time)
    #expect(lines(gallery, canvas)[1].contains("card 1 of 12"), "a whole interval again")
    host(gallery, for: 0.6, from: &time)
    #expect(lines(gallery, canvas)[1].contains("card 2 of 12"))
  }

  @Test func pickerDragsMoveOneAxisAndAClickChooses() {
    let (gallery, canvas) = makeGallery("picker")
    var time = 1.0
    #expect(lines(gallery, canvas)[1].contains("红 red · 400×500"))
    // Nothing chosen and no callback yet: the page's last line ends with what it says, not
    // with a separator before nothing.
    let chosenLine = lines(gallery, canvas).last { $0.contains("chosen: none") } ?? ""
    #expect(
      chosenLine.trimmingCharacters(in: .whitespaces).hasSuffix("chosen: none"), "\(chosenLine)")
    // A horizontal drag with vertical wobble: the colour changes, the size does not.
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 40, row: 12)), at: time)
    for step in 1...6 {
      time += 1.0 / 60
      let wobble = step % 2 == 0 ? 1 : 0
      gallery.handle(
        .mouse(MouseEvent(kind: .drag, column: 40 - step * 2, row: 12 + wobble)), at: time)
    }
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 28, row: 12)), at: time)
    settleTestGallery(gallery, time: &time)
    #expect(lines(gallery, canvas)[1].contains("橙 orange · 400×500"))
    // A vertical drag: the next size, still orange (the shared column).
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 40, row: 14)), at: time)
    for step in 1...6 {
      time += 1.0 / 60
      gallery.handle(.mouse(MouseEvent(kind: .drag, column: 40, row: 14 - step)), at: time)
    }
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 40, row: 8)), at: time)
    settleTestGallery(gallery, time: &time)
    let screen = lines(gallery, canvas)
    #expect(screen[1].contains("橙 orange · 200×300"))
    // A click on the centre chooses the centred swatch.
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 40, row: 12)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 40, row: 12)), at: time + 0.05)
    settleTestGallery(gallery, time: &time)
    let after = lines(gallery, canvas)
    #expect(after[after.count - 2].hasPrefix(" chosen: 橙 orange 200×300 │ didSelect"))
  }

  @Test(arguments: ["optionbar", "carousel", "picker", "datasource", "waterfall"])
  func aResizeStormEndsOnTheFrameAFreshPageShows(_ page: String) {
    let (gallery, canvas) = makeGallery(page)
    var seed: UInt64 = 7
    // 1 × 1 upward, then a storm of 100 random sizes.
    for side in 1...6 {
      gallery.resize(to: TerminalSize(columns: side, rows: side))
      canvas.resize(columns: side, rows: side)
      gallery.draw(into: canvas)
    }
    for _ in 0..<100 {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      let size = TerminalSize(columns: Int(seed >> 33) % 200, rows: Int(seed >> 17) % 60)
      gallery.resize(to: size)
      canvas.resize(columns: size.columns, rows: size.rows)
      gallery.draw(into: canvas)
    }
    gallery.resize(to: TerminalSize(columns: 80, rows: 24))
    canvas.resize(columns: 80, rows: 24)
    let (fresh, freshCanvas) = makeGallery(page)
    var time = 1.0
    settleTestGallery(gallery, time: &time)  // a page loaded during the storm fades in
    time = 1.0
    settleTestGallery(fresh, time: &time)
    // Every row but the counters (the storm really showed more cells at larger sizes).
    // The waterfall may have loaded more pages while the storm made it huge: its heading
    // counts them and its scroll thumb is shorter, and the cards already placed stay where
    // they were.
    func masked(_ lines: [String]) -> [String] {
      lines.dropLast().enumerated().map { index, line in
        if page == "waterfall" && index == 1 { return "" }
        if page == "waterfall" { return line.replacingOccurrences(of: "┃", with: "│") }
        guard let counters = line.range(of: "delegate · ") else { return line }
        return String(line[..<counters.upperBound])
      }
    }
    #expect(masked(lines(gallery, canvas)) == masked(lines(fresh, freshCanvas)))
  }
}
