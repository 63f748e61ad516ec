import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// The gallery as a terminal application: pages that keep their state, help that fits, a
/// status line for the user first, visible focus, wrapping page keys, `--stats`.
@Suite struct GalleryPolishTests {
  private func makeGallery(
    _ page: String = "list", _ size: TerminalSize = TerminalSize(columns: 80, rows: 24),
    data: GalleryData? = nil
  ) -> (Gallery, Canvas) {
    makeTestGallery(page, size, data: data)
  }

  private func text(_ canvas: Canvas) -> [String] { canvas.plainTextLines() }

  // MARK: 1. State that stays

  @Test func everyPageKeepsItsStateAcrossSwitches() {
    var time = 1.0
    let (gallery, canvas) = makeGallery()
    // The list: move down three rows and select one.
    pressTestGallery([.down, .down, .down, .enter], gallery, canvas, time: &time)
    let list = text(canvas)
    // The data source: add a task after the cursor.
    pressTestGallery([.character("4"), .character("a")], gallery, canvas, time: &time)
    let dataSource = text(canvas)
    #expect(dataSource[1].contains("26 tasks"), "\(dataSource[1])")
    // The waterfall: change the order and the column width.
    pressTestGallery(
      [.character("5"), .character("o"), .character("c")], gallery, canvas, time: &time)
    let waterfall = text(canvas)
    // The picker: choose a colour.
    pressTestGallery([.character("3"), .right, .enter], gallery, canvas, time: &time)
    let picker = text(canvas)
    #expect(picker.joined().contains("chosen 橙 orange"))
    // Around every page and back: each is as it was left.
    for (digit, expected) in [("1", list), ("4", dataSource), ("5", waterfall), ("3", picker)] {
      pressTestGallery(
        [.character("6"), .character(Character(digit))], gallery, canvas, time: &time)
      #expect(text(canvas) == expected, "page \(digit) changed while away")
    }
  }

  // MARK: 10. Page keys wrap

  @Test func bracketsWrapAroundThePages() {
    var time = 1.0
    let last = GalleryPages.all.last!.name
    let (gallery, canvas) = makeGallery(last)
    pressTestGallery([.character("]")], gallery, canvas, time: &time)
    #expect(gallery.currentPageName == "list", "] on the last page goes to the first")
    pressTestGallery([.character("[")], gallery, canvas, time: &time)
    #expect(gallery.currentPageName == last, "[ on the first page goes to the last")
  }

  // MARK: 3. Help that fits

  @Test(arguments: [(80, 24), (200, 60), (40, 12)])
  func theHelpOverlayFitsAndKeepsItsColumns(_ columns: Int, _ rows: Int) {
    var time = 1.0
    let (gallery, canvas) = makeGallery(
      "optionbar", TerminalSize(columns: columns, rows: rows))
    pressTestGallery([.character("?")], gallery, canvas, time: &time)
    let lines = text(canvas)
    let top = lines.firstIndex { $0.contains("┌") && $0.contains("Keys") }
    let bottom = lines.lastIndex { $0.contains("└") }
    #expect(top != nil && bottom != nil, "a bordered box:\n\(lines.joined(separator: "\n"))")
    guard let top, let bottom else { return }
    // The bottom border says how to close it, and how much is below when it scrolls.
    #expect(lines[bottom].contains("Esc"))
    #expect(lines[bottom].contains("? closes") || lines[bottom].contains("more"))
    // Every line of the box stays inside the terminal and inside its border.
    let left = lines[top].distance(
      from: lines[top].startIndex, to: lines[top].firstIndex(of: "┌")!)
    for line in lines[top...bottom] {
      #expect(CharacterWidth.of(line) <= columns)
      let characters = Array(line)
      #expect(characters.count > left && "┌│└".contains(characters[left]), "\(line)")
    }
    // No description is cut with an ellipsis where the box is wide enough to wrap it.
    let body = lines[(top + 1)..<bottom].joined(separator: "\n")
    if columns >= 80 {
      #expect(!body.contains("…"), "\(body)")
      // The key column stays apart from the descriptions.
      #expect(body.contains("click, drag, wheel  "), "\(body)")
    }
    // At 200 columns the box is as wide as its longest line, not the terminal.
    if columns == 200 {
      let border = lines[top]
      let width = border.distance(
        from: border.firstIndex(of: "┌")!, to: border.firstIndex(of: "┐")!)
      #expect(width < 100, "\(border)")
    }
  }

  /// Long key labels keep to one line where the terminal has room ("↑ ↓ PgUp PgDn Home End"
  /// wrapped "End" onto a line of its own at 160 columns, where it read as another key); where
  /// they must wrap, the lines after the first are indented under it (new user's finding).
  @Test func longKeyLabelsStayWholeOrWrapIndented() {
    var time = 1.0
    let (wide, wideCanvas) = makeGallery("board", TerminalSize(columns: 120, rows: 40))
    pressTestGallery([.character("?")], wide, wideCanvas, time: &time)
    let lines = text(wideCanvas)
    #expect(lines.contains { $0.contains("│ ↑ ↓ PgUp PgDn Home End  ") }, "\(lines)")
    #expect(!lines.contains { $0.contains("│ End ") || $0.contains("│ space ") })
    let (narrow, narrowCanvas) = makeGallery("board", TerminalSize(columns: 56, rows: 40))
    pressTestGallery([.character("?")], narrow, narrowCanvas, time: &time)
    let narrowLines = text(narrowCanvas)
    guard let index = narrowLines.firstIndex(where: { $0.contains("│ ↑ ↓ PgUp PgDn Home ") })
    else {
      Issue.record("the arrows' line: \(narrowLines)")
      return
    }
    #expect(narrowLines[index + 1].contains("│   End "), "\(narrowLines[index + 1])")
  }

  @Test func qAndEscCloseTheHelpAndCtrlCStillQuits() {
    var time = 1.0
    let (gallery, canvas) = makeGallery()
    for closing in [Key.character("q"), .escape, .character("?")] {
      pressTestGallery([.character("?")], gallery, canvas, time: &time)
      #expect(gallery.showsHelp)
      pressTestGallery([closing], gallery, canvas, time: &time)
      #expect(!gallery.showsHelp, "\(closing) closes the help")
      #expect(!gallery.wantsToQuit, "\(closing) in the help does not quit")
    }
    pressTestGallery([.character("?")], gallery, canvas, time: &time)
    gallery.handle(.key(KeyEvent(.control("c"), modifiers: .control)), at: time + 1)
    #expect(gallery.wantsToQuit)
  }

  // MARK: 4. The status line

  @Test(arguments: [60, 80, 120])
  func theStatusLineShowsTheFocusAndHelpFirst(_ columns: Int) {
    var time = 1.0
    for page in GalleryPages.all.map(\.name) {
      let (gallery, canvas) = makeGallery(page, TerminalSize(columns: columns, rows: 24))
      pressTestGallery([], gallery, canvas, time: &time)
      let status = text(canvas)[23]
      #expect(status.hasSuffix("? help") || status.hasSuffix("q quit"), "\(page): \(status)")
      #expect(CharacterWidth.of(status) <= columns)
      // The page's own status comes first, the engine's counters after it.
      let counters = status.range(of: "│ visible")
      if columns >= 80 { #expect(counters != nil, "\(page) at \(columns): \(status)") }
      let head = counters.map { String(status[..<$0.lowerBound]) } ?? status
      #expect(!head.trimmingCharacters(in: .whitespaces).isEmpty, "\(page): \(status)")
      #expect(!status.contains("slot"), "no internals: \(status)")
      #expect(!status.contains("selected 0"), "no zero counts: \(status)")
    }
  }

  @Test func numbersHaveSeparatorsAndPluralsAgree() {
    var time = 1.0
    let (gallery, canvas) = makeGallery("waterfall", TerminalSize(columns: 120, rows: 24))
    pressTestGallery([], gallery, canvas, time: &time)
    #expect(text(canvas)[1].contains("1 page ·"), "\(text(canvas)[1])")
    let big = Gallery(
      options: GalleryOptions(itemCount: 10_000_000), initialPage: "datasource")
    big.showsTiming = false
    big.resize(to: TerminalSize(columns: 120, rows: 24))
    let bigCanvas = Canvas(columns: 120, rows: 24)
    big.draw(into: bigCanvas)
    #expect(bigCanvas.plainTextLines()[1].contains("250,000 tasks"))
    #expect(bigCanvas.plainTextLines()[2].contains("150,000"), "section counts too")
  }

  // MARK: 5. Visible focus and selection

  @Test func aClickOnARowMovesTheCursorThere() {
    var time = 1.0
    let (gallery, canvas) = makeGallery()
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 10, row: 8)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 10, row: 8)), at: time + 0.05)
    pressTestGallery([], gallery, canvas, time: &time)
    let clicked = text(canvas)[8].dropFirst(4).prefix(20).trimmingCharacters(in: .whitespaces)
    let status = text(canvas)[23]
    #expect(status.hasPrefix(" \(clicked.replacingOccurrences(of: "✓ ", with: ""))"), "\(status)")
    // The cursor row has the accent background: the clicked row, not the first one.
    #expect(canvas[10, 8].style.background == Theme.accent)
    #expect(canvas[10, 3].style.background != Theme.accent)
  }

  @Test func theTagStripAndTheListNeverBothShowAFocus() {
    var time = 1.0
    let (gallery, canvas) = makeGallery()
    func focusedRows() -> [Int] {
      (0..<24).filter { row in
        (0..<80).contains { canvas[$0, row].style.background == Theme.accent }
          && row != 0  // the current tab in the top bar
      }
    }
    #expect(focusedRows() == [3], "the list's cursor only")
    pressTestGallery([.tab], gallery, canvas, time: &time)
    #expect(focusedRows() == [22], "the strip's cursor only")
    pressTestGallery([.tab], gallery, canvas, time: &time)
    #expect(focusedRows() == [3])
  }

  /// A strip the host does not show (a terminal too short for it) takes no Tab,
  /// and the help and the focus note do not speak of it; a strip that stops showing while it
  /// has the focus gives it back to the list (a new user's finding: GTK's help named Tab to
  /// the strip).
  @Test func aStripNotShownTakesNoTabAndIsNotInTheHelp() {
    let model = ListModel(options: GalleryOptions(itemCount: 200), metrics: plainTestMetrics)
    #expect(model.hasStrip && model.showsStrip)
    #expect(model.keyHelp.contains { $0.0 == "Tab" })
    #expect(model.handle(KeyPress(.tab)))
    #expect(model.focus == .strip)
    model.isStripShown = false
    #expect(model.focus == .list, "a hidden strip gives the focus back")
    #expect(!model.handle(KeyPress(.tab)))
    #expect(model.focus == .list)
    #expect(!model.keyHelp.contains { $0.0 == "Tab" })
    #expect(model.focusNote.isEmpty)
    // Nor does it speak of an index the host does not show (GTK has none).
    #expect(model.keyHelp.contains { $0.0 == "index" })
    model.isIndexShown = false
    #expect(!model.keyHelp.contains { $0.0 == "index" })
    // A terminal too short for the strip: Tab leaves the list's cursor where it is.
    var time = 1.0
    let (gallery, canvas) = makeGallery("list", TerminalSize(columns: 80, rows: 7))
    pressTestGallery([.tab], gallery, canvas, time: &time)
    let frame = text(canvas).joined(separator: "\n")
    #expect(!frame.contains("strip focused"), "\(frame)")
  }

  /// Settings: "Recently opened" lists the items opened, the last first, each opened again
  /// moving to the top as one move (it held every item, and opening one changed nothing
  /// there: a new user's finding); the status still says the focused row was opened.
  @Test func recentlyOpenedListsTheItemsOpenedTheLastFirst() throws {
    var time = 1.0
    let model = SettingsModel(options: GalleryOptions(itemCount: 300), metrics: plainTestMetrics)
    let view = model.collectionView
    view.viewportSize = Size(width: 60, height: 20)
    func recent() -> [String] {
      let section = view.numberOfSections - 2
      return (0..<view.numberOfItems(inSection: section)).compactMap {
        model.itemTitle(at: ItemPath(section: section, item: $0))
      }
    }
    func open(_ item: Int) {
      let all = view.numberOfSections - 1
      view.focusItem(at: ItemPath(section: all, item: item))
      _ = model.handle(KeyPress(.enter))
      time += 1
      view.tick(now: time)
      view.settleUpdateAnimation()
      view.layoutIfNeeded()
    }
    #expect(recent().isEmpty)
    open(4)
    #expect(recent() == [DemoData.title(forItem: 4)])
    #expect(model.status.contains("opened"), "\(model.status)")
    open(7)
    open(2)
    #expect(recent() == [2, 7, 4].map(DemoData.title(forItem:)))
    open(4)
    #expect(recent() == [4, 2, 7].map(DemoData.title(forItem:)))
    #expect(model.source.lastAppliedChanges.movedItems.count == 1, "one move, no diff")
    for item in 10..<16 { open(item) }
    #expect(recent().count == RecentItems.limit)
    #expect(recent().first == DemoData.title(forItem: 15))
  }

  @Test func thePickerMarksTheCentredAndTheChosenSwatch() {
    var time = 1.0
    let (gallery, canvas) = makeGallery("picker")
    pressTestGallery([.right, .enter, .right], gallery, canvas, time: &time)
    let frame = text(canvas).joined(separator: "\n")
    #expect(frame.contains("┌"), "the centred swatch is framed")
    #expect(frame.contains("✓ chosen"), "the chosen swatch says so")
  }

  @Test func theCarouselMarksTheSelectedCard() {
    var time = 1.0
    let (gallery, canvas) = makeGallery("carousel")
    pressTestGallery([.enter], gallery, canvas, time: &time)
    #expect(text(canvas).joined().contains("✓ selected"))
    pressTestGallery([.right], gallery, canvas, time: &time)
    #expect(text(canvas)[23].contains("selected"), "the status keeps the selection")
  }

  @Test func theWaterfallScrollsDownFromTheTopAndItsHeadingFollowsTheColumns() {
    var time = 1.0
    let (gallery, canvas) = makeGallery("waterfall")
    let before = text(canvas)
    pressTestGallery([.down], gallery, canvas, time: &time)
    #expect(text(canvas)[2..<22] != before[2..<22], "↓ at the top scrolls")
    var counts: [Int] = []
    for _ in 0..<3 {
      pressTestGallery([.character("c")], gallery, canvas, time: &time)
      let heading = text(canvas)[1]
      // Drawn again, the heading says the same: it described the columns drawn.
      gallery.draw(into: canvas)
      #expect(text(canvas)[1] == heading, "the heading lags the columns")
      let match = heading.range(of: #"\d+ columns?"#, options: .regularExpression)
      counts += match.map { [Int(heading[$0].split(separator: " ")[0])!] } ?? []
    }
    #expect(Set(counts).count == 3, "each width shows another column count: \(counts)")
  }

  // MARK: 7. --data everywhere

  /// A line break in a file's title shows as its control picture in the list, as the table
  /// shows one: it was dropped, "two\nlines" drawn as "twolines" (a new user's finding).
  @Test func aLineBreakInAFilesTitleShows() throws {
    let data = try GalleryData.parse(
      Array(#"{"sections": [{"title": "A", "items": ["two\nlines", "plain"]}]}"#.utf8))
    // The list and the data source's tasks alike.
    for page in ["list", "datasource"] {
      let (_, canvas) = makeGallery(page, data: data)
      let frame = text(canvas).joined(separator: "\n")
      #expect(frame.contains("two␊lines"), "\(page): \(frame)")
      #expect(!frame.contains("twolines"), "\(page)")
    }
  }

  /// A data file with no items shows no cards in the carousel, as the other pages show none
  /// (the demo's twelve showed: a new user's finding); its keys do nothing harmful there.
  @Test func aFileWithNoItemsShowsNoCards() throws {
    let data = try GalleryData.parse(
      Array(#"{"sections": [{"title": "only empty", "items": []}]}"#.utf8))
    var time = 1.0
    let (gallery, canvas) = makeGallery("carousel", data: data)
    #expect(text(canvas)[1].contains("no cards"), "\(text(canvas)[1])")
    pressTestGallery(
      [.right, .left, .enter, .character("n"), .character("a")], gallery, canvas,
      time: &time)
    #expect(text(canvas)[1].contains("no cards"))
  }

  @Test func theOptionBarShowsTheFileItemsOfTheSelectedSection() throws {
    let data = try GalleryData.parse(
      Array(
        """
        {"sections": [
          {"title": "Fruit", "items": ["Apple", {"title": "Banana", "detail": "ripe", "height": 2}]},
          {"title": "Empty", "items": []}
        ]}
        """.utf8))
    var time = 1.0
    let (gallery, canvas) = makeGallery("optionbar", data: data)
    var frame = text(canvas).joined(separator: "\n")
    #expect(frame.contains("• Apple"))
    #expect(frame.contains("• Banana"))
    #expect(frame.contains("ripe"), "a taller item shows its detail")
    pressTestGallery([.right], gallery, canvas, time: &time)
    frame = text(canvas).joined(separator: "\n")
    #expect(frame.contains("no items"), "an empty section says so")
  }

  @Test func duplicateKeysAndInvalidUTF8AreErrorsWithAPlace() {
    func failure(_ bytes: [UInt8]) -> DataFileError? {
      do {
        _ = try GalleryData.parse(bytes)
        return nil
      } catch { return error }
    }
    let duplicate = failure(Array("{\"sections\": [],\n \"sections\": []}".utf8))
    #expect(duplicate?.message.contains("appears twice") == true)
    #expect(duplicate?.location == SourceLocation(line: 2, column: 2))
    var invalid = Array("{\"sections\": [{\"title\": \"ab".utf8)
    invalid += [0xC3, 0x28]  // a lead byte without its continuation
    invalid += Array("\", \"items\": []}]}".utf8)
    let bad = failure(invalid)
    #expect(bad?.message.hasPrefix("invalid UTF-8") == true, "\(String(describing: bad))")
    #expect(bad?.location == SourceLocation(line: 1, column: 28))
    for sequence: [UInt8] in [
      [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ] {
      #expect(JSONParser.firstInvalidUTF8(in: [0x41] + sequence) == 1, "\(sequence)")
    }
    #expect(JSONParser.firstInvalidUTF8(in: Array("é😀红 ok".utf8)) == nil)
  }

  // MARK: 8. --stats

  @Test func statsAreJSONAloneWithEveryPool() throws {
    var time = 1.0
    let (gallery, canvas) = makeGallery("list")
    pressTestGallery([.pageDown, .pageDown], gallery, canvas, time: &time)
    let json = GallerySnapshot.statsJSON(gallery)
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["page"] as? String == "list")
    let pools = object?["pools"] as? [String: Int]
    #expect(
      pools?.keys.sorted() == ["ReuseKit.ListContentSupplementaryView.header", "chip", "row"],
      "\(json)")
    // Pages land at once: the rows that left are reused for the rows that came.
    #expect((object?["reused"] as? Int ?? 0) > 0, "paging down reused rows: \(json)")
    #expect(pools?["row"] == 0, "every row created is on screen or reused: \(json)")
  }
}

/// The command line: colour by the environment, `--color` with or without a value, `--stats`
/// as JSON alone.
@Suite struct GalleryCommandLineTests {
  private func run(_ environment: [String], _ arguments: [String]) throws -> String {
    try Tmux.execute(["-i"] + environment + [Tmux.galleryPath] + arguments).output
  }

  @Test func snapshotsFollowTheEnvironmentWithColorAuto() throws {
    let frame = ["--snapshot", "list", "--size", "60x12", "--color", "auto"]
    let truecolor = try run(["TERM=xterm-256color", "COLORTERM=truecolor"], frame)
    #expect(truecolor.contains("38;2;"))
    let palette256 = try run(["TERM=xterm-256color"], frame)
    #expect(palette256.contains("38;5;") && !palette256.contains("38;2;"))
    let palette16 = try run(["TERM=linux"], frame)
    #expect(!palette16.contains("38;5;") && !palette16.contains("38;2;"))
    #expect(palette16.contains(";40m") || palette16.contains(";97"), "16-colour codes")
    let noColor = try run(["TERM=xterm-256color", "COLORTERM=truecolor", "NO_COLOR=1"], frame)
    #expect(!noColor.contains("38;") && !noColor.contains("48;") && !noColor.contains(";3"))
    #expect(noColor.contains("\u{1B}[0;7m") || noColor.contains(";7m"), "focus as reverse video")
    let dumb = try run(["TERM=dumb"], frame)
    #expect(!dumb.contains("\u{1B}"), "plain text")
    #expect(dumb.contains("1,000 items in 20 sections"))
  }

  @Test func colorTakesAValueOrStandsAlone() throws {
    let base = ["--snapshot", "list", "--size", "40x6"]
    #expect(try run(["TERM=linux"], base + ["--color"]).contains("38;2;"), "alone: always")
    #expect(try run(["TERM=linux"], base + ["--color", "256"]).contains("38;5;"))
    #expect(!(try run(["TERM=xterm"], base + ["--color", "never"]).contains("\u{1B}")))
    // --color before another option still means always.
    #expect(
      try run(["TERM=linux"], ["--snapshot", "list", "--color", "--size", "40x6"]).contains(
        "38;2;"))
    #expect(!(try run([], base).contains("\u{1B}")), "no --color: plain text")
  }

  /// Plain text has no reverse video, so a plain frame marks the focused row with `>`
  /// (issue 41, finding 16): after two Downs, the third row of the list.
  @Test func plainSnapshotsMarkTheFocus() throws {
    let frame = try run(
      ["TERM=dumb"], ["--snapshot", "list", "--size", "60x12", "--keys", "down down"])
    let marked = frame.split(separator: "\n").filter { $0.contains("> ") && $0.contains("Falcon") }
    #expect(marked.count == 1, "one focused row: \(frame)")
    #expect(marked.first?.contains("Cobalt Falcon") == true, "the third row: \(frame)")
    let untouched = try run(["TERM=dumb"], ["--snapshot", "list", "--size", "60x12"])
    #expect(
      !untouched.split(separator: "\n").contains { $0.contains("> ") && $0.contains("Brisk") },
      "only the focused row: \(untouched)")
  }

  @Test func statsPrintOnlyJSON() throws {
    let output = try run([], ["--snapshot", "optionbar", "--keys", "right right", "--stats"])
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    #expect(object?["page"] as? String == "optionbar", "\(output)")
    #expect((object?["pools"] as? [String: Int])?["category"] != nil, "\(output)")
  }
}

/// A letter with Control or Alt is a chord, never the letter's own command (a new user's
/// finding: on the data source page Ctrl-A added a task and Ctrl-D deleted one, unasked).
@Suite struct CommandChordTests {
  @Test func controlWithALetterIsNotTheLettersCommand() {
    var time = 1.0
    let size = TerminalSize(columns: 100, rows: 20)
    let (gallery, canvas) = makeTestGallery("datasource", size)
    let before = drawnTestGallery(gallery, canvas)[1]
    #expect(before.contains("25 tasks"), "\(before)")
    for letter in ["a", "d", "s", "m"] as [Character] {
      pressTestGallery(
        [KeyEvent(.down), KeyEvent(.control(letter), modifiers: .control)], gallery,
        time: &time)
      #expect(drawnTestGallery(gallery, canvas)[1] == before, "Ctrl-\(letter)")
    }
    // The letter alone still is: `a` adds a task.
    pressTestGallery([KeyEvent(.character("a"))], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas)[1].contains("26 tasks"))
  }
}

/// Control-A selects every item and leaves the cursor where it was (a new user's finding: on
/// the list and the outline it moved to the last item, off screen, with nothing to see).
@Suite struct SelectAllKeepsTheCursorTests {
  @Test(arguments: ["list", "outline"])
  func controlASelectsAllAndTheCursorStays(_ page: String) {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(page, TerminalSize(columns: 100, rows: 16))
    pressTestGallery(Array(repeating: KeyEvent(.down), count: 3), gallery, time: &time)
    // The status line starts with the focused item's title.
    func focusedTitle() -> String {
      let status = (drawnTestGallery(gallery, canvas).last ?? "").trimmingCharacters(
        in: .whitespaces)
      return String(status.prefix { $0 != "·" && $0 != "│" }).trimmingCharacters(in: .whitespaces)
    }
    let focused = focusedTitle()
    #expect(!focused.isEmpty)
    #expect(drawnTestGallery(gallery, canvas).dropLast().contains { $0.contains(focused) })
    pressTestGallery([KeyEvent(.control("a"), modifiers: .control)], gallery, time: &time)
    let after = drawnTestGallery(gallery, canvas)
    #expect(focusedTitle() == focused, "\(after.last ?? "")")
    #expect(after.last?.contains("selected") == true, "\(after.last ?? "")")
    #expect(after.dropLast().contains { $0.contains(focused) }, "still on screen")
  }
}

/// A narrow outline drops what a row holds before its name, and cuts the name, never hiding
/// it (a new user's finding: at 20 columns the cities showed as "▸" and nothing).
@Suite struct NarrowOutlineTests {
  @Test func aNarrowOutlineKeepsItsNames() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("outline", TerminalSize(columns: 20, rows: 8))
    pressTestGallery([KeyEvent(.right), KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    let rows = drawnTestGallery(gallery, canvas)[2..<7]
    for row in rows {
      let name = row.drop { " ▸▾>│┃".contains($0) }.prefix { $0 != "│" && $0 != "┃" }
      #expect(name.trimmingCharacters(in: .whitespaces).count >= 4, "a name shows: \(row)")
    }
  }
}

/// A click on a board's card selects that card alone and puts the cursor on it, as the help
/// says ("click: select a card"); Space and Control-click toggle one, the others staying (a new
/// user's finding: a click toggled and the cursor stayed where it was; the help said Space
/// selected, where it toggles).
@Suite struct BoardClickTests {
  @Test func aClickSelectsTheCardAloneAndFocusesIt() {
    var time = 1.0
    let size = TerminalSize(columns: 120, rows: 30)
    let (gallery, canvas) = makeTestGallery("board", size)
    var lines = drawnTestGallery(gallery, canvas)
    func click(_ title: String, modifiers: KeyModifiers = []) {
      guard let row = lines.firstIndex(where: { $0.contains(title) }),
        let column = lines[row].range(of: title).map({
          lines[row].distance(from: lines[row].startIndex, to: $0.lowerBound)
        })
      else {
        Issue.record("\(title) not on screen")
        return
      }
      gallery.handle(
        .mouse(MouseEvent(kind: .press, column: column + 2, row: row, modifiers: modifiers)),
        at: time)
      time += 0.05
      gallery.handle(
        .mouse(MouseEvent(kind: .release, column: column + 2, row: row, modifiers: modifiers)),
        at: time)
      settleTestGallery(gallery, time: &time)
      lines = drawnTestGallery(gallery, canvas)
    }
    click("#3 ")
    #expect(
      lines.last?.contains("#3 ") == true && lines.last?.contains("1 selected") == true,
      "\(lines.last ?? "")")
    click("#5 ")
    #expect(
      lines.last?.contains("#5 ") == true && lines.last?.contains("1 selected") == true,
      "the click replaced the selection: \(lines.last ?? "")")
    click("#3 ", modifiers: .control)
    #expect(lines.last?.contains("2 selected") == true, "Control-click adds: \(lines.last ?? "")")
  }

  @Test func spaceTogglesACardAndTheHelpSaysSo() {
    var time = 1.0
    let size = TerminalSize(columns: 120, rows: 30)
    let (gallery, canvas) = makeTestGallery("board", size)
    func status(after keys: [Key]) -> String {
      pressTestGallery(keys, gallery, canvas, time: &time)
      return canvas.plainTextLines().last ?? ""
    }
    #expect(status(after: [.character(" ")]).contains("1 selected"))
    #expect(status(after: [.down, .character(" ")]).contains("2 selected"), "the first stays")
    let third = status(after: [.character(" ")])
    #expect(third.contains("1 selected"), "Space again deselects: \(third)")
    let help = gallery.currentPage.keyHelp.first { $0.0.contains("Space") }
    #expect(help?.1.contains("deselect") == true, "\(help.map { "\($0.0): \($0.1)" } ?? "none")")
  }
}

/// A card dragged over Done (which takes cards only from Review) and let go there says why it
/// went back (it said only "no drop there": a new user's finding); the same drag called off
/// with Escape says "drag cancelled" (it said "no drop there" too: a new user's finding).
@Suite struct BoardDragEndTests {
  @Test(arguments: [false, true])
  func aDragEndedOverAColumnThatRefusesIt(_ escapes: Bool) throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 120, rows: 30))
    let lines = drawnTestGallery(gallery, canvas)
    let row = try #require(lines.firstIndex { $0.contains("#3 ") })
    let column = try #require(lines[row].range(of: "#3 ")).lowerBound.utf16Offset(in: lines[row])
    dragTestGallery(
      gallery, from: (column + 2, row), step: (4, 0), steps: 22, releases: !escapes, time: &time)
    if escapes {
      time += 0.05
      gallery.handle(.key(KeyEvent(.escape)), at: time)
    }
    settleTestGallery(gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    let said =
      escapes
      ? "drag cancelled: the card went back"
      : "Done takes cards only from Review: the card went back"
    #expect(status.contains(said), "\(status)")
    // The cursor is back on the card that went back (it stayed where the drag's rows had
    // shifted it, on a card the drag never touched: a new user's finding).
    #expect(status.hasPrefix(" To do: #3 "), "\(status)")
  }
}

/// The picker at 40 columns: each swatch's labels keep a column between them and the next
/// swatch's (they ran together, "红 red橙 or…": a new user's finding).
@Suite struct NarrowPickerTests {
  @Test func labelsOfNarrowSwatchesDoNotRunTogether() {
    for size in [TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 40, rows: 16)] {
      let (gallery, canvas) = makeTestGallery("picker", size)
      let lines = drawnTestGallery(gallery, canvas)
      var checked = 0
      for line in lines.dropFirst(2).dropLast(2) {
        let characters = Array(line)
        for (index, character) in characters.enumerated()
        where "橙黄绿青蓝紫随".contains(character) && index > 0 {
          checked += 1
          #expect(
            characters[index - 1] == " " || characters[index - 1] == "│",
            "\(size.columns)×\(size.rows): \(line)")
        }
      }
      #expect(checked > 0, "labels shown at \(size.columns)×\(size.rows)")
    }
  }

  /// At 30 × 8 the centred swatch is named as its neighbours are (its frame of two columns
  /// hid its name: a new user's finding).
  @Test func aSmallCentredSwatchIsNamed() {
    let (gallery, canvas) = makeTestGallery("picker", TerminalSize(columns: 30, rows: 8))
    let swatches = drawnTestGallery(gallery, canvas).dropFirst(2).dropLast(2)
    #expect(swatches.contains { $0.contains("红") && $0.contains("橙") }, "\(swatches)")
  }
}

/// `U` and `R` on the board take back and make again the last moves, by keys and by drags,
/// the cards that moved selected where they land (a new user's finding: the board had no
/// undo); a new move forgets what was undone.
@Suite struct BoardUndoTests {
  @Test func movesAreUndoneAndRedone() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 120, rows: 30))
    let page = try #require(gallery.currentPage as? BoardPage)
    let model = page.model
    let start = model.cards
    var said: [String] = []
    for view in model.columns { view.accessibilityAnnouncementHandler = { said.append($0) } }
    func press(_ text: String) {
      pressTestGallery(text.map { KeyEvent(.character($0)) }, gallery, time: &time)
    }
    // Two cards moved right, one at a time; then the second moved on to Review.
    press(">")
    let first = model.cards
    #expect(first != start && first[1].first == start[0].first, "a card to Doing")
    press(">")
    let second = model.cards
    #expect(second[2].first == start[0].first, "on to Review")
    press("U")
    #expect(model.cards == first, "the last move taken back")
    var status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("undid: 1 card back to Doing"), "\(status)")
    #expect(status.contains("Doing: ") && status.contains("1 selected"), "\(status)")
    press("U")
    #expect(model.cards == start, "and the first")
    press("U")
    #expect(drawnTestGallery(gallery, canvas).last?.contains("nothing to undo") == true)
    press("R")
    #expect(model.cards == first, "made again")
    status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("redid: 1 card to Doing"), "\(status)")
    #expect(said.contains("undid: 1 card back to Doing"), "said: \(said)")
    // A new move forgets the redo.
    press("<")
    press("R")
    #expect(drawnTestGallery(gallery, canvas).last?.contains("nothing to redo") == true)
    // What the columns show is the cards they hold.
    for (index, view) in model.columns.enumerated() {
      #expect(view.numberOfItems(inSection: 0) == model.cards[index].count)
    }
  }
}

/// A carousel moving between cards when the terminal becomes too small to show it, then big
/// again, ends on the card it was heading to, centred, as if nothing had happened (a new
/// user's finding: card 1 drawn off centre, the status on card 2, one Right lost).
@Suite struct CarouselThroughATinyTerminalTests {
  /// Too small (12×6), and small but shown (20×6, where the cards keep two rows; they had
  /// none, the page a headline over nothing: a new user's finding).
  @Test(arguments: [(12, 6), (20, 6), (20, 7)])
  func aCarouselEndsOnItsCardThroughATooSmallTerminal(_ small: (columns: Int, rows: Int)) {
    let size = TerminalSize(columns: 100, rows: 25)
    func screen(resizing: Bool) -> [String] {
      var time = 1.0
      let (gallery, canvas) = makeTestGallery("carousel", size)
      gallery.handle(.key(KeyEvent(.right)), at: time)
      time += 0.01
      gallery.handle(.key(KeyEvent(.right)), at: time)
      for _ in 0..<9 {
        time += 1.0 / 60
        gallery.tick(now: time)
      }
      if resizing {
        gallery.resize(to: TerminalSize(columns: small.columns, rows: small.rows))
        let canvas = Canvas(columns: small.columns, rows: small.rows)
        for _ in 0..<30 {
          time += 1.0 / 60
          gallery.tick(now: time)
          gallery.draw(into: canvas)
        }
        if small.columns >= 20 {
          // A card shows: its title's first letters on the row under the headline.
          #expect(canvas.plainTextLines()[2].contains { $0.isLetter }, "\(canvas.plainTextLines())")
        }
        gallery.resize(to: size)
      }
      settleTestGallery(gallery, time: &time)
      return drawnTestGallery(gallery, canvas).map {
        $0.replacing(/visible \d+ · created \d+ · reused \d+/, with: "")
      }
    }
    let expected = screen(resizing: false)
    #expect(expected[1].contains("card 3 of 12"), "\(expected[1])")
    #expect(screen(resizing: true) == expected)
  }

  /// A drag held while the terminal is resized, then let go: the carousel rests on the card it
  /// began on or its neighbour. It spun through most of its cards (the stop the drag began on
  /// was an offset of the old geometry: a new user's finding).
  @Test(arguments: [(80, 24), (60, 20), (140, 40)])
  func aDragHeldThroughAResizeEndsNearItsCard(_ resized: (columns: Int, rows: Int)) {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("carousel", TerminalSize(columns: 110, rows: 32))
    dragTestGallery(
      gallery, from: (80, 15), step: (-1, 0), steps: 8, releases: false, time: &time)
    _ = drawnTestGallery(gallery, canvas)
    gallery.resize(to: TerminalSize(columns: resized.columns, rows: resized.rows))
    let small = Canvas(columns: resized.columns, rows: resized.rows)
    _ = drawnTestGallery(gallery, small)
    // Held where it was, as far as the new width allows.
    let column = min(72, resized.columns - 1)
    time += 1.0 / 60
    gallery.handle(.mouse(MouseEvent(kind: .drag, column: column, row: 15)), at: time)
    time += 1.0 / 60
    gallery.handle(.mouse(MouseEvent(kind: .release, column: column, row: 15)), at: time)
    var seen: Set<String> = []
    for _ in 0..<180 {
      time += 1.0 / 60
      gallery.tick(now: time)
      let line = drawnTestGallery(gallery, small)[1]
      if let range = line.range(of: #"card \d+ of"#, options: .regularExpression) {
        seen.insert(String(line[range]))
      }
    }
    let end = drawnTestGallery(gallery, small)[1]
    #expect(end.contains("card 1 of 12") || end.contains("card 2 of 12"), "\(end)")
    #expect(seen.count <= 2, "passed through \(seen.sorted())")
  }

  /// A resize to another usable size while the carousel moves between cards ends on the card
  /// it was heading to, at any point of the move (a new user's finding in GTK: one card too
  /// far, 4 of 12 for 3).
  @Test(arguments: [1, 3, 6, 12])
  func aResizeDuringAMoveEndsOnItsCard(_ frames: Int) {
    for (from, to) in [
      (TerminalSize(columns: 100, rows: 25), TerminalSize(columns: 70, rows: 20)),
      (TerminalSize(columns: 70, rows: 20), TerminalSize(columns: 110, rows: 28)),
    ] {
      var time = 1.0
      let (gallery, _) = makeTestGallery("carousel", from)
      gallery.handle(.key(KeyEvent(.right)), at: time)
      time += 0.01
      gallery.handle(.key(KeyEvent(.right)), at: time)
      for _ in 0..<frames {
        time += 1.0 / 60
        gallery.tick(now: time)
      }
      // In steps, a frame apart, as a window's edge is dragged (GTK allocates each size).
      for step in 1...4 {
        gallery.resize(
          to: TerminalSize(
            columns: from.columns + (to.columns - from.columns) * step / 4,
            rows: from.rows + (to.rows - from.rows) * step / 4))
        time += 1.0 / 60
        gallery.tick(now: time)
      }
      settleTestGallery(gallery, time: &time)
      let canvas = Canvas(columns: to.columns, rows: to.rows)
      let lines = drawnTestGallery(gallery, canvas)
      #expect(
        lines[1].contains("card 3 of 12"),
        "\(from.columns)→\(to.columns) after \(frames) frames: \(lines[1])")
    }
  }
}
