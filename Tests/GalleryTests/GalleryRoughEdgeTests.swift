import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The terminal gallery's rough edges, each replayed as a new user met it.
@Suite struct GalleryRoughEdgeTests {
  private func lines(_ gallery: Gallery, _ canvas: Canvas) -> [String] {
    drawnTestGallery(gallery, canvas)
  }

  private func press(_ keys: [Key], _ gallery: Gallery, time: inout Double) {
    pressTestGallery(keys.map { KeyEvent($0) }, gallery, time: &time)
  }

  private func data(_ json: String) throws -> GalleryData {
    try GalleryData.parse(Array(json.utf8))
  }

  /// Esc and a key pressed at once reach the terminal as one read, the bytes of Alt and that
  /// key (ESC `2`): the gallery takes them as the two keys pressed, as they were meant. It
  /// did nothing with the key (a new user's finding: Esc then a key was lost).
  @Test func escapeThenAKeyInOneReadIsBothKeys() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    press([.character("?")], gallery, time: &time)
    #expect(gallery.showsHelp)
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    decoder.feed([0x1B, UInt8(ascii: "2")], at: time, into: &events)
    #expect(events == [.key(KeyEvent(.character("2"), modifiers: .alt))])
    for event in events { gallery.handle(event, at: time) }
    // Esc closed the help, then 2 went to the second page.
    #expect(!gallery.showsHelp)
    #expect(gallery.currentPageName == "optionbar")
  }

  // MARK: The command line

  @Test func aNegativeNumberAfterAnOptionIsItsValue() {
    #expect(
      GalleryArguments.prepared(["--items", "-5", "--snapshot", "list"])
        == ["--items=-5", "--snapshot", "list"])
    #expect(GalleryArguments.prepared(["--items", "-2.5"]) == ["--items=-2.5"])
    // Options and a lone dash stay as they are; `--color` alone still means `always`.
    #expect(GalleryArguments.prepared(["--items", "--color"]) == ["--items", "--color", "always"])
    #expect(GalleryArguments.prepared(["--data", "-"]) == ["--data", "-"])
    // A size that starts like a negative number is a value too; a word after `--color` is its
    // value, known or not, so the parser names the bad value (it said "unexpected argument").
    #expect(GalleryArguments.prepared(["--size", "-5x10"]) == ["--size=-5x10"])
    #expect(GalleryArguments.prepared(["--color", "weird"]) == ["--color", "weird"])
    #expect(GalleryArguments.prepared(["--color", "256"]) == ["--color", "256"])
    #expect(GalleryArguments.prepared(["--color"]) == ["--color", "always"])
  }

  @Test func oneItemIsSingular() {
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24), items: 1)
    #expect(lines(gallery, canvas)[1].hasPrefix(" 1 item in 1 section "))
  }

  // MARK: TERM=dumb

  @Test func plainTextMarksTheFocusedRowAndTheCurrentTab() {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (gallery, canvas) = makeTestGallery("list", size)
    canvas.marksWithText = true
    press([.down, .down], gallery, time: &time)
    var screen = lines(gallery, canvas)
    #expect(screen[0].hasPrefix("[1 List]"), "\(screen[0])")
    let marked = screen.indices.filter { screen[$0].hasPrefix("▌ > ") }
    #expect(marked.count == 1, "one focused row, marked:\n\(screen.joined(separator: "\n"))")
    #expect(marked.first.map { screen[$0].contains("Cobalt Falcon") } == true)
    // Without the mark (a terminal with colours), no row carries it.
    canvas.marksWithText = false
    screen = lines(gallery, canvas)
    #expect(!screen.contains { $0.hasPrefix("▌ > ") } && !screen[0].contains("["))
    // Every page marks its cursor: the data source's task, the waterfall's card, the
    // outline's row, the option bar's category.
    canvas.marksWithText = true
    for (page, keys) in [("4", [Key.down]), ("5", [.down]), ("7", [.down]), ("2", [.right])] {
      press([.character(Character(page))] + keys, gallery, time: &time)
      screen = lines(gallery, canvas)
      let text = screen.dropFirst().joined(separator: "\n")
      #expect(
        text.contains(">") || text.contains("["), "page \(page) marks nothing:\n\(text)")
    }
  }

  // MARK: Tiny terminals

  @Test(arguments: [(19, 4), (15, 3), (10, 3), (6, 2), (30, 1), (19, 30)])
  func theTooSmallNoticeIsNeverCutMidSentence(_ columns: Int, _ rows: Int) {
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: columns, rows: rows))
    let text = lines(gallery, canvas).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
    #expect(text.contains("20×5"), "\(text)")
    #expect(!text.contains("…"))
    #expect(text.hasSuffix(".") || text == "20×5", "cut: \(text)")
  }

  @Test func theHelpScrollsInTheSmallestTerminal() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 20, rows: 5))
    press([.character("?")], gallery, time: &time)
    let first = lines(gallery, canvas)
    #expect(first[0].hasPrefix("Keys"))
    #expect(first[4].hasPrefix("↓ "), "says what is below: \(first[4])")
    press([.down, .down], gallery, time: &time)
    let scrolled = lines(gallery, canvas)
    #expect(scrolled[1] == first[3], "two lines down")
    press([.end], gallery, time: &time)
    let end = lines(gallery, canvas)
    #expect(end[4].hasPrefix("end, ") && end[4].contains(" above"), "at the end: \(end[4])")
    #expect(gallery.showsHelp, "scrolling keys keep the help open")
    // The last words of the page's help are on screen at the end.
    let words = { (text: String) in
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let lastMeaning = words(gallery.currentPage.keyHelp.last!.1)
    #expect(words(end[1...3].joined(separator: " ")).hasSuffix(String(lastMeaning.suffix(12))))
    press([.escape], gallery, time: &time)
    #expect(!gallery.showsHelp)
    // A bigger terminal: the box says how much is below, and the wheel scrolls it.
    let (big, bigCanvas) = makeTestGallery("datasource", TerminalSize(columns: 60, rows: 12))
    press([.character("?")], big, time: &time)
    let boxed = lines(big, bigCanvas)
    #expect(boxed.contains { $0.contains("└") && $0.contains("more") })
    big.handle(.mouse(MouseEvent(kind: .scrollDown, button: .none, column: 30, row: 5)), at: time)
    #expect(lines(big, bigCanvas) != boxed)
    #expect(big.showsHelp)
  }

  // MARK: The list page

  @Test func theHelpNamesWhatTheIndexShows() {
    let (generated, _) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    let index = generated.currentPage.keyHelp.first { $0.0 == "index" }?.1 ?? ""
    #expect(index.contains("item numbers"))
    let file = try? data(#"{"sections": [{"title": "Fruit", "items": ["Apple"]}]}"#)
    let (fromFile, _) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24), data: file)
    let fileIndex = fromFile.currentPage.keyHelp.first { $0.0 == "index" }?.1 ?? ""
    #expect(fileIndex.contains("initials"))
  }

  @Test func aDataFileWithoutTagsHasNoStripAndEmptySectionsSaySoInTheirHeaders() throws {
    var time = 1.0
    let file = try data(
      #"{"sections": [{"title": "Fruit", "items": []}, {"title": "Bakery", "items": []}]}"#)
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24), data: file)
    let screen = lines(gallery, canvas)
    let text = screen.joined(separator: "\n")
    #expect(!text.contains("Colours"), "no demo chips:\n\(text)")
    #expect(!screen.contains { $0.hasPrefix(" tags") })
    #expect(!text.contains("This list has no items."))
    #expect(text.contains("Fruit · no items") && text.contains("Bakery · no items"))
    #expect(!screen[1].contains("Tab"))
    press([.tab], gallery, time: &time)
    #expect(!lines(gallery, canvas)[1].contains("strip focused"))
    // A file with tags shows them, and only them.
    let tagged = try data(#"{"sections": [{"title": "S", "items": ["a"]}], "tags": ["fresh"]}"#)
    let (withTags, tagCanvas) = makeTestGallery(
      "list", TerminalSize(columns: 80, rows: 24), data: tagged)
    let tagText = lines(withTags, tagCanvas).joined(separator: "\n")
    #expect(tagText.contains("fresh") && !tagText.contains("Colours"))
    // No sections at all: the list says it is empty.
    let empty = try data(#"{"sections": []}"#)
    let (none, noneCanvas) = makeTestGallery(
      "list", TerminalSize(columns: 80, rows: 24), data: empty)
    #expect(lines(none, noneCanvas).joined().contains("This list has no items."))
  }

  // MARK: --restore

  @Test func aBrokenRestoreFileIsReportedOnOneLineAndAtStart() {
    let broken = Array(#"{"pa\nge": 1}"#.utf8)
    do {
      _ = try GalleryPositions.parse(broken)
      Issue.record("a broken file parsed")
    } catch {
      #expect(!error.description.contains("\n"), "\(error.description)")
      #expect(error.description.contains(#""pa\nge""#), "\(error.description)")
    }
    let long = Array(("{\"" + String(repeating: "k", count: 300) + "\": 1}").utf8)
    do {
      _ = try GalleryPositions.parse(long)
    } catch {
      #expect(error.description.count < 120, "a long key is cut: \(error.description)")
    }
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 100, rows: 24))
    gallery.notice = "--restore: line 1, column 2: unexpected key"
    #expect(lines(gallery, canvas).last!.contains("--restore: line 1"))
    press([.down], gallery, time: &time)
    #expect(!lines(gallery, canvas).last!.contains("--restore"), "the first key clears it")
  }

  @Test func thePickerComesBackWhereItWasLeft() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("picker", size)
    press([.right, .right, .down], first, time: &time)
    let status = lines(first, canvas).last!
    #expect(status.contains("centred"))
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    let second = Gallery(options: GalleryOptions(itemCount: 1_000), initialPage: "list")
    second.showsTiming = false
    second.restore(saved)
    second.resize(to: size)
    let again = Canvas(columns: size.columns, rows: size.rows)
    #expect(second.currentPageName == "picker")
    let restored = lines(second, again).last!
    #expect(
      restored.components(separatedBy: " · ")[0] == status.components(separatedBy: " · ")[0],
      "\(restored) vs \(status)")
    #expect(!restored.contains("centred 赤 red"), "not back on the first colour")
  }

  // MARK: The data-source page

  @Test func aTaskWithALongDetailKeepsItsTitle() throws {
    let file = try data(
      """
      {"sections": [{"title": "S", "items": ["a",
        {"title": "tall", "detail": "\(String(repeating: "d", count: 116))", "height": 3},
        "b", "c"]}]}
      """)
    let (gallery, canvas) = makeTestGallery(
      "datasource", TerminalSize(columns: 80, rows: 8), data: file)
    let row = lines(gallery, canvas).first { $0.contains("☐") && $0.contains("tall") }
    #expect(row != nil, "the title shows")
    // The detail as it is (a data file's detail is no "#tag"), cut with "…".
    #expect(row?.contains("ddd") == true && row?.contains("…") == true, "\(row ?? "")")
    #expect(row?.contains("#d") == false, "\(row ?? "")")
  }

  /// A task three rows tall in an 8-row terminal, reached by the keys from either side and by
  /// a wheel notch that puts its top under the pinned header: its title shows every time (a
  /// row is scrolled into view below the header, and the wheel's line is a row).
  @Test func aTallTaskKeepsItsTitleClearOfThePinnedHeader() throws {
    let file = try data(
      """
      {"sections": [{"title": "S", "items": ["a", "b",
        {"title": "tall", "detail": "x", "height": 3}, "c", "d", "e", "f", "g"]}]}
      """)
    let (gallery, canvas) = makeTestGallery(
      "datasource", TerminalSize(columns: 80, rows: 8), data: file)
    var time = 1.0
    func titleShows(_ note: String) {
      let shown = lines(gallery, canvas)
      let header = shown.firstIndex { $0.contains("S ·") || $0.hasPrefix(" S") }
      let title = shown.firstIndex { $0.contains("tall") && $0.contains("☐") }
      #expect(title != nil, "\(note): \(shown)")
      if let header, let title { #expect(title > header, "\(note): below the header") }
    }
    press([.down, .down], gallery, time: &time)
    titleShows("Down twice")
    press([.end, .up, .up, .up, .up, .up], gallery, time: &time)
    titleShows("End, then up")
  }

  @Test func aSwipedRowKeepsItsTitleReadable() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("datasource", TerminalSize(columns: 120, rows: 24))
    let before = lines(gallery, canvas)[4]
    let title = String(before.dropFirst(6).prefix(20)).trimmingCharacters(in: .whitespaces)
    // Swipe the second task left, slowly, past half of its actions, and let go.
    dragTestGallery(
      gallery, from: (100, 4), step: (-2, 0), steps: 12, interval: 1.0 / 30, time: &time)
    settleTestGallery(gallery, time: &time)
    let row = lines(gallery, canvas)[4]
    #expect(row.contains("Delete") && row.contains("Done"), "\(row)")
    #expect(row.contains(title), "the title stays readable: \(row)")
  }

  // MARK: The waterfall

  @Test func aRelayoutKeepsTheFocusedCardOnScreen() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 80, rows: 24))
    press(Array(repeating: .down, count: 12), gallery, time: &time)
    guard let view = gallery.currentPage.restorableView, let focused = view.focusedIndexPath
    else {
      Issue.record("no focused card")
      return
    }
    for key in ["o", "c", "o", "c", "c"] {
      press([.character(Character(key))], gallery, time: &time)
      _ = lines(gallery, canvas)
      let frame = view.frameForItem(at: focused)!
      let top = view.contentOffset.y
      let bottom = top + view.viewportSize.height
      #expect(
        frame.minY >= top && frame.maxY <= bottom,
        "after \(key): card at \(frame.minY)…\(frame.maxY), viewport \(top)…\(bottom)")
      #expect(view.focusedIndexPath == focused)
    }
  }

  // MARK: The option bar

  @Test func reloadingFewerCategoriesDuringAFlingShowsThemAtOnce() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("optionbar", TerminalSize(columns: 80, rows: 24))
    // Fling the strip far along, and reload with five categories while it still moves.
    dragTestGallery(gallery, from: (70, 2), step: (-10, 0), steps: 6, time: &time)
    for _ in 0..<20 {
      time += 1.0 / 60
      gallery.tick(now: time)
    }
    #expect(gallery.isAnimating, "still flinging")
    time += 1.0 / 60
    gallery.handle(.key(KeyEvent(.character("r"))), at: time)
    // The very next frame shows the five categories, not an empty strip springing back.
    time += 1.0 / 60
    gallery.tick(now: time)
    let strip = lines(gallery, canvas)[2]
    #expect(strip.contains("Top stories") && strip.contains("科技"), "\(strip)")
  }

  // MARK: The chat

  @Test func theNewMessagesPillCoversNoMessage() {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (gallery, canvas) = makeTestGallery("chat", size)
    press([.pageUp], gallery, time: &time)
    // Let messages arrive while scrolled up.
    var seen = false
    for _ in 0..<1_200 where !seen {
      time += 1.0 / 60
      gallery.tick(now: time)
      seen = lines(gallery, canvas).dropLast().contains { $0.contains(" new") && $0.contains("↓") }
    }
    #expect(seen, "a pill appeared")
    let screen = lines(gallery, canvas)
    let pillRow = screen.dropLast().firstIndex { $0.contains("↓") && $0.contains(" new") }
    guard let row = pillRow else {
      return
    }
    // The pill's row holds nothing else: no message is under it.
    let withoutPill = screen[row].replacingOccurrences(
      of: #"↓ [0-9,]+ new"#, with: "", options: .regularExpression)
    #expect(withoutPill.trimmingCharacters(in: .whitespaces).isEmpty, "\(screen[row])")
  }
}
