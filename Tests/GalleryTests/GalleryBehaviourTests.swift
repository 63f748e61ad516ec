import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

@Suite struct GalleryBehaviourTests {
  private func makeGallery(
    _ size: TerminalSize = TerminalSize(columns: 80, rows: 24), items: Int = 1_000
  ) -> Gallery {
    let gallery = Gallery(options: GalleryOptions(itemCount: items))
    gallery.showsTiming = false
    gallery.resize(to: size)
    return gallery
  }

  @Test func digitsBracketsAndTabClicksSwitchPages() {
    let gallery = makeGallery()
    let canvas = Canvas(columns: 80, rows: 24)
    gallery.draw(into: canvas)
    gallery.handle(.key(KeyEvent(.character("3"))), at: 1)
    #expect(gallery.currentPageName == "picker")
    gallery.handle(.key(KeyEvent(.character("]"))), at: 2)
    #expect(gallery.currentPageName == "datasource")
    gallery.handle(.key(KeyEvent(.character("["))), at: 3)
    gallery.handle(.key(KeyEvent(.character("["))), at: 4)
    #expect(gallery.currentPageName == "optionbar")
    // Click the first tab in the top bar (row 0).
    gallery.draw(into: canvas)
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 2, row: 0)), at: 5)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 2, row: 0)), at: 5.05)
    #expect(gallery.currentPageName == "list")
  }

  @Test func wheelAndClickOnTheList() {
    let gallery = makeGallery()
    var time = 1.0
    let canvas = Canvas(columns: 80, rows: 24)
    gallery.draw(into: canvas)
    for _ in 0..<4 {
      gallery.handle(
        .mouse(MouseEvent(kind: .scrollDown, button: .none, column: 10, row: 10)), at: time)
    }
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    // Four notches of three rows: the content moved 12 rows; the pinned header covers the
    // first list row, so the row below it shows item 13.
    #expect(canvas.plainTextLines()[2].contains("Arrivals"))
    #expect(canvas.plainTextLines()[3].contains("Misty Falcon"))
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 10, row: 5)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 10, row: 5)), at: time + 0.05)
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines()[5].contains("✓"), "the clicked row is selected")
  }

  /// Scrolled away from the focused row with the wheel, a resize (smaller, then back) keeps
  /// the rows being read; with the focused row on screen, it keeps that row in view (a new
  /// user's finding: the resize jumped back to the focus, 50 rows up).
  @Test func aResizeKeepsTheRowsScrolledToNotTheFocus() {
    let gallery = makeGallery(items: 100_000)
    var time = 1.0
    let canvas = Canvas(columns: 80, rows: 24)
    pressTestGallery([KeyEvent(.down), KeyEvent(.down), KeyEvent(.down)], gallery, time: &time)
    for _ in 0..<17 {
      gallery.handle(
        .mouse(MouseEvent(kind: .scrollDown, button: .none, column: 10, row: 10)), at: time)
    }
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    let before = canvas.plainTextLines()[3]
    #expect(before.contains("#51"), "\(before)")
    gallery.resize(to: TerminalSize(columns: 60, rows: 15))
    gallery.resize(to: TerminalSize(columns: 80, rows: 24))
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines()[3] == before, "\(canvas.plainTextLines()[3])")
    // The focused row on screen: it stays in view through a resize that would cut it off.
    pressTestGallery([KeyEvent(.down)], gallery, time: &time)  // the focus comes back in view
    gallery.draw(into: canvas)
    let focusedLine = canvas.plainTextLines().firstIndex { $0.contains("#5 ") } ?? -1
    #expect(focusedLine >= 3, "\(canvas.plainTextLines())")
    gallery.resize(to: TerminalSize(columns: 60, rows: 6))
    gallery.draw(into: Canvas(columns: 60, rows: 6))
    let small = Canvas(columns: 60, rows: 6)
    gallery.draw(into: small)
    #expect(small.plainTextLines().contains { $0.contains("#5 ") }, "\(small.plainTextLines())")
  }

  @Test func aDragFlingsTheListAndItSettles() {
    let gallery = makeGallery(items: 100_000)
    var time = 1.0
    let canvas = Canvas(columns: 80, rows: 24)
    gallery.draw(into: canvas)
    dragTestGallery(gallery, from: (20, 18), step: (0, -2), steps: 6, time: &time)
    #expect(gallery.isAnimating, "the release flings")
    settleTestGallery(gallery, time: &time)
    #expect(!gallery.isAnimating)
    gallery.draw(into: canvas)
    #expect(!canvas.plainTextLines()[3].contains("Amber Falcon"), "it moved")
  }

  @Test func dataSourceEditsAnimateAndTheFrameSettlesOnTheNewData() {
    let gallery = makeGallery()
    var time = 1.0
    let canvas = Canvas(columns: 80, rows: 24)
    gallery.handle(.key(KeyEvent(.character("4"))), at: time)
    gallery.draw(into: canvas)
    let before = canvas.plainTextLines()
    #expect(before[3].contains("Review Amber Falcon"))
    // Move the first task down one place: an animated batch (a glide on the clock).
    gallery.handle(.key(KeyEvent(.character("J"))), at: time)
    #expect(gallery.isAnimating, "the move animates")
    // It starts where things were: the first frame still shows the old order.
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines()[3].contains("Review Amber Falcon"))
    #expect(canvas.plainTextLines()[4].contains("Write Hollow Falcon"))
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    let after = canvas.plainTextLines()
    #expect(after[3].contains("Write Hollow Falcon"))
    #expect(after[4].contains("Review Amber Falcon"))
    #expect(after[1].contains(" down: +0 −0 ↕1"))
  }

  @Test func tinyTerminalsAndAResizeStormNeverCrash() {
    let gallery = makeGallery()
    var sizes: [TerminalSize] = []
    for columns in 1...6 {
      for rows in 1...6 { sizes.append(TerminalSize(columns: columns, rows: rows)) }
    }
    var seed: UInt64 = 42
    for _ in 0..<100 {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      sizes.append(TerminalSize(columns: Int(seed >> 33) % 240, rows: Int(seed >> 17) % 80))
    }
    sizes.append(TerminalSize(columns: 80, rows: 24))
    let canvas = Canvas(columns: 0, rows: 0)
    for size in sizes {
      gallery.resize(to: size)
      canvas.resize(columns: size.columns, rows: size.rows)
      gallery.draw(into: canvas)
    }
    // After the storm the frame is exactly what a fresh gallery at the final size shows, every
    // row but the status line's counters (the storm really created more cells at larger sizes).
    let expected = Canvas(columns: 80, rows: 24)
    makeGallery().draw(into: expected)
    let rows = 0..<(23 * 80)
    #expect(
      Array(canvas.plainTextLines().dropLast()) == Array(expected.plainTextLines().dropLast()))
    #expect(Array(canvas.cells[rows]) == Array(expected.cells[rows]), "styles too")
  }

  @Test func tooSmallTerminalsSaySo() {
    let gallery = makeGallery(TerminalSize(columns: 30, rows: 3))
    let canvas = Canvas(columns: 30, rows: 3)
    gallery.draw(into: canvas)
    let notice = canvas.plainTextLines().joined(separator: " ")
    #expect(notice.hasPrefix("Terminal too small (30×3)"), "\(notice)")
    #expect(notice.contains("needs at least 20×5"), "it names the minimum size")
    gallery.handle(.key(KeyEvent(.character("q"))), at: 1)
    #expect(gallery.wantsToQuit, "q still quits")
    // Down to 1×1, the notice is a whole wording or an ellipsis: never a cut number (a 1×1
    // window showed "2", the start of "20×5": a new user's finding).
    for (columns, rows) in [(1, 1), (2, 1), (3, 1), (4, 1), (2, 2), (4, 4), (12, 2), (19, 4)] {
      let size = TerminalSize(columns: columns, rows: rows)
      let tiny = makeGallery(size)
      let canvas = Canvas(columns: columns, rows: rows)
      tiny.draw(into: canvas)
      let shown = canvas.plainTextLines().joined(separator: " ")
        .trimmingCharacters(in: .whitespaces)
      let whole = ["20×5", "Needs 20×5.", "Needs 20×5. q quits.", "…"]
      #expect(
        whole.contains(shown) || shown.hasPrefix("Too small"), "\(columns)×\(rows): \(shown)")
    }
  }

  /// While the terminal is too small, keys do nothing unseen: a prompt open before takes no
  /// text, and q quits as the notice says (a new user's finding: keys went into a hidden edit,
  /// q among them).
  @Test func aTooSmallTerminalTakesNoTextAndQQuits() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", TerminalSize(columns: 80, rows: 24))
    pressTestGallery([KeyEvent(.right), KeyEvent(.character("/"))], gallery, time: &time)
    #expect(gallery.currentPage.isTyping)
    let prompt = gallery.currentPage.status
    gallery.resize(to: TerminalSize(columns: 10, rows: 3))
    pressTestGallery(
      [KeyEvent(.character("a")), KeyEvent(.backspace), KeyEvent(.enter)], gallery, time: &time)
    #expect(gallery.currentPage.status == prompt, "nothing typed unseen")
    gallery.resize(to: TerminalSize(columns: 80, rows: 24))
    #expect(drawnTestGallery(gallery, canvas).last?.contains("find in Name: ▏") == true)
    gallery.resize(to: TerminalSize(columns: 10, rows: 3))
    gallery.handle(.key(KeyEvent(.character("q"))), at: time)
    #expect(gallery.wantsToQuit, "q quits, as the notice says")
  }

  @Test func keyScriptsAndSizesAreValidated() throws {
    #expect(
      try GallerySnapshot.parseKeys("down ctrl-c pgdn x") == [
        KeyEvent(.down), KeyEvent(.control("c"), modifiers: .control), KeyEvent(.pageDown),
        KeyEvent(.character("x")),
      ])
    #expect(throws: GallerySnapshot.ScriptError.self) {
      try GallerySnapshot.parseKeys("down sideways")
    }
    // Modifiers as a terminal sends them: a shifted arrow, Shift-Tab, Ctrl with a letter, a
    // shifted letter as its capital; function keys.
    #expect(
      try GallerySnapshot.parseKeys("shift-down ctrl-home alt-left shift-tab ctrl-S shift-g f1 -")
        == [
          KeyEvent(.down, modifiers: .shift), KeyEvent(.home, modifiers: .control),
          KeyEvent(.left, modifiers: .alt), KeyEvent(.backTab, modifiers: .shift),
          KeyEvent(.control("s"), modifiers: .control), KeyEvent(.character("G")),
          KeyEvent(.function(1)), KeyEvent(.character("-")),
        ])
    #expect(throws: GallerySnapshot.ScriptError.self) { try GallerySnapshot.parseKeys("f13") }
    #expect(throws: GallerySnapshot.ScriptError.self) { try GallerySnapshot.parseKeys("hyper-x") }
    #expect(throws: GallerySnapshot.ScriptError.self) { try GallerySnapshot.parseSize("80by24") }
    #expect(throws: GallerySnapshot.ScriptError.self) { try GallerySnapshot.parseSize("0x5") }
    #expect(try GallerySnapshot.parseSize("100X30") == TerminalSize(columns: 100, rows: 30))
  }

  @Test func statsAreJSON() {
    let canvas = Canvas(columns: 80, rows: 24)
    let gallery = GallerySnapshot.run(
      page: "list", size: TerminalSize(columns: 80, rows: 24), keys: [KeyEvent(.end)],
      options: GalleryOptions(), canvas: canvas)
    let json = GallerySnapshot.statsJSON(gallery)
    #expect(json.hasPrefix("{\"page\": \"list\", \"visible\": "))
    #expect(json.contains("\"pools\": {"))
  }
}
