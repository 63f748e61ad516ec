import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// The waterfall page selects with a box dragged from the gaps between its cards (issue 41,
/// finding 5: a plain drag from a gap scrolled the cards instead).
@Suite struct GalleryWaterfallBoxTests {
  @Test func aPlainDragFromAGapDrawsABoxAndSelects() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 80, rows: 24))
    let view = try #require(gallery.currentPage.restorableView)
    // The pane starts below the tab bar and the page's heading.
    let paneTop = 2
    var gap: (column: Int, row: Int)?
    // The first gap between two columns of cards, on the pane's second row.
    search: for row in (paneTop + 1)..<(paneTop + 10) {
      for column in 10..<60 {
        let point = Point(
          x: Double(column) + 0.5 + view.contentOffset.x,
          y: Double(row - paneTop) + 0.5 + view.contentOffset.y)
        if view.indexPathForItem(at: point) == nil {
          gap = (column, row)
          break search
        }
      }
    }
    let start = try #require(gap, "a gap between the cards")
    let before = view.contentOffset
    dragTestGallery(
      gallery, from: start, step: (columns: 2, rows: 1), steps: 6, interval: 1.0 / 30,
      time: &time)
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(view.contentOffset == before, "the cards did not scroll")
    #expect(!view.indexPathsForSelectedItems.isEmpty, "the box selected the cards it met")
  }
}

/// The outline's scroll thumb with parents stuck at the top (issue 41, finding 1): the stuck
/// rows stand where the viewport is, so they no longer count as the top of what is in view
/// (the thumb filled the whole track at the end).
@Suite struct GalleryOutlineThumbTests {
  /// The scroll bar's column (the last) of the pane's rows, as text.
  private func track(_ keys: String) throws -> String {
    let frame = GallerySnapshot.render(
      page: "outline", size: TerminalSize(columns: 80, rows: 20),
      keys: try GallerySnapshot.parseKeys(keys), options: GalleryOptions(itemCount: 1_000),
      color: false)
    let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
    return String(lines.dropFirst(2).dropLast().compactMap(\.last))
  }

  @Test func theThumbShowsTheShareInViewAtTheEnd() throws {
    let top = try track("right right right")
    let end = try track("right right right end")
    let thumb = { (track: String) in track.filter { $0 == "┃" }.count }
    #expect(thumb(top) < top.count, "content longer than the view: \(top)")
    #expect(thumb(end) < end.count, "not the whole track at the end: \(end)")
    #expect(end.hasSuffix("┃") && !end.hasPrefix("┃"), "at the bottom of the track: \(end)")
    #expect(top.hasPrefix("┃") && !top.hasSuffix("┃"), "at the top of the track: \(top)")
  }
}

/// A card cell that draws nothing.
private final class PlainBoardCell: CollectionViewCell, BoardCardPresenting {
  var card: BoardCard?
  var showsFocus = true
}

/// A board is a working set (issue 41, finding 17): `--items 10000000` made 30,000,000 cards.
@Suite struct GalleryBoardSizeTests {
  @Test func theBoardHoldsAtMostItsMaximumOfCards() {
    let metrics = GalleryMetrics(
      rowLength: 1, headerLength: 1, overscan: 2, chipPadding: 3, chipHeaderPadding: 4,
      categoryPadding: 4, swipeActionPadding: 4, waterfallColumnWidths: [16],
      waterfallUnit: 1, waterfallSpacing: (column: 1, item: 1),
      carouselInsets: (peek: 6, spacing: 2, vertical: 0), textWidth: { Double($0.count) },
      clock: { 0 })
    let huge = BoardModel<PlainBoardCell>(
      options: GalleryOptions(itemCount: 10_000_000), metrics: metrics)
    #expect(huge.cards.map(\.count).reduce(0, +) == BoardModel<PlainBoardCell>.maximumCards)
    // Every card once, in the four columns.
    #expect(Set(huge.cards.joined()).count == BoardModel<PlainBoardCell>.maximumCards)
    let small = BoardModel<PlainBoardCell>(
      options: GalleryOptions(itemCount: 100), metrics: metrics)
    #expect(small.cards.map(\.count).reduce(0, +) == 300, "three cards an item below it")
  }
}

/// A swatch cell that counts its redraws and says whether it was drawn as centred last.
private final class CountingSwatchCell: CollectionViewCell, ConfigurableCell {
  var swatch: PickerSwatch?
  var drawnCentred = false
  var drawnChosen = false
  func configure(with item: PickerSwatch, at indexPath: ItemPath) {
    swatch = item
    setNeedsDisplay()
  }
  /// What a host that redraws only on request (GTK) would draw now.
  override func setNeedsDisplay() {
    drawnCentred = swatch?.isCentred ?? false
    drawnChosen = swatch?.isChosen ?? false
  }
  /// A host redraws when placed, too.
  override func apply(_ layoutAttributes: LayoutAttributes) { setNeedsDisplay() }
}

/// The picker's outline follows the centre in a host that draws only what it is asked to
/// (issue 41, finding 3: GTK kept the outline on the swatch it left).
@Suite struct GalleryPickerOutlineTests {
  @Test func onlyTheCentredSwatchIsDrawnCentredAfterEachStep() throws {
    let model = SwatchModel(cell: CountingSwatchCell.self)
    let picker = model.picker
    picker.collectionView.viewportSize = Size(width: 120, height: 40)
    model.fit(to: Size(width: 120, height: 40), aspect: 2, minimum: Size(width: 4, height: 2))
    var time = 1.0
    picker.tick(now: time)
    /// Presses `key` and lets the picker settle.
    func press(_ key: KeyPress.Key) {
      #expect(picker.handle(KeyPress(key)))
      for _ in 0..<240 {
        time += 1.0 / 60
        picker.tick(now: time)
        picker.collectionView.layoutIfNeeded()
      }
    }
    /// The swatches on screen drawn with the mark `drawn` reads, as (row, column).
    func drawn(_ mark: KeyPath<CountingSwatchCell, Bool>) -> [[Int]] {
      var marked: [[Int]] = []
      for row in 0..<SwatchModel<CountingSwatchCell>.widths.count {
        picker.rowCell(row)?.rowView.forEachDisplayedView { view, _ in
          if let cell = view as? CountingSwatchCell, cell[keyPath: mark], let swatch = cell.swatch {
            marked.append([swatch.row, swatch.column])
          }
        }
      }
      return marked
    }
    for key in [KeyPress.Key.right, .right, .down, .left, .up, .right] {
      press(key)
      let current = try #require(picker.currentModel)
      #expect(drawn(\.drawnCentred) == [[current.row, current.column]], "after \(key)")
    }
    // Enter chooses the centred swatch, then another: the mark is drawn on the new one alone
    // (GTK left "✓ chosen" on the first: a new user's finding).
    for key in [KeyPress.Key.enter, .right, .enter] { press(key) }
    let current = try #require(picker.currentModel)
    #expect(drawn(\.drawnChosen) == [[current.row, current.column]])
  }
}

/// The rest of what a new user found, each replayed in process (issue 41).
@Suite struct GalleryNewUserFindingsTests {
  private func click(_ gallery: Gallery, column: Int, row: Int, time: inout Double) {
    time += 0.1
    gallery.handle(.mouse(MouseEvent(kind: .press, column: column, row: row)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: column, row: row)), at: time + 0.02)
    settleTestGallery(gallery, time: &time)
  }

  /// Finding 6: a plain click on the list replaces the selection; Control-click toggles.
  @Test func listClicksReplaceTheSelectionAndControlToggles() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    let view = try #require(gallery.currentPage.restorableView)
    // Rows start on screen row 3 (tab bar, heading, the first section's header).
    click(gallery, column: 20, row: 4, time: &time)
    click(gallery, column: 20, row: 6, time: &time)
    #expect(view.indexPathsForSelectedItems.count == 1, "a plain click replaces")
    click(gallery, column: 20, row: 6, time: &time)
    #expect(view.indexPathsForSelectedItems.count == 1, "a second click keeps it selected")
    time += 0.1
    gallery.handle(
      .mouse(MouseEvent(kind: .press, column: 20, row: 8, modifiers: .control)), at: time)
    gallery.handle(
      .mouse(MouseEvent(kind: .release, column: 20, row: 8, modifiers: .control)), at: time)
    settleTestGallery(gallery, time: &time)
    #expect(view.indexPathsForSelectedItems.count == 2, "Control adds")
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines().contains { $0.contains("2 selected") })
  }

  /// Finding 9: the tab strip starts at a whole tab and says where more tabs lie.
  @Test func theTabStripShowsWholeTabsAndSignsOfMore() {
    let tabs = ["list": "1 List", "table": "9 Table", "store": "11 Store"]
    for (page, columns) in [("list", 60), ("table", 60), ("store", 60), ("store", 120)] {
      let (_, canvas) = makeTestGallery(page, TerminalSize(columns: columns, rows: 10))
      let strip = canvas.plainTextLines()[0]
      #expect(strip.contains(tabs[page]!), "\(page) at \(columns): the current tab: \(strip)")
      if page != "list" { #expect(strip.hasPrefix("‹ "), "tabs before: \(strip)") }
      if page != "store" { #expect(strip.hasSuffix("›"), "tabs after: \(strip)") }
      // The first tab shown is whole: its number right after the marker.
      let first = strip.dropFirst(2).prefix { $0 != " " }
      #expect(page == "list" || Int(first) != nil, "a whole tab first: \(strip)")
    }
  }

  /// A tab the `›` cuts ends in "…" ("12 Setting›" read as a misspelt tab), and a last tab
  /// whose name shows whole gets no `›` (there is nothing after it).
  @Test func aTabCutAtTheRightEndsInAnEllipsisAndTheLastWholeTabNeedsNoMarker() {
    for columns in [80, 120] {
      let (_, canvas) = makeTestGallery("store", TerminalSize(columns: columns, rows: 10))
      let whole = canvas.plainTextLines()[0]
      #expect(whole.hasSuffix("12 Settings"), "at \(columns): \(whole)")
    }
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 120, rows: 10))
    let strip = canvas.plainTextLines()[0]
    #expect(strip.hasSuffix("…›"), "\(strip)")
    // The marker still opens the first tab wholly beyond it.
    #expect(gallery.pageBeyondMarker(atColumn: 119) == 11, "\(strip)")
  }

  /// After `r r` (5 categories, then all again), the selected category stays in the centre
  /// through resizes, as it does without the reload (it was left at the edge, cut off at 50
  /// columns, until the next arrow: a new user's finding).
  @Test func aReloadedStripKeepsItsSelectionCentredThroughResizes() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("optionbar", TerminalSize(columns: 100, rows: 30))
    // Pressed as a terminal sends them, faster than the strip's animations end.
    for key in [KeyEvent(.character("r")), KeyEvent(.character("r"))]
      + Array(repeating: KeyEvent(.right), count: 10)
    {
      time += 0.01
      gallery.handle(.key(key), at: time)
      gallery.tick(now: time)
    }
    settleTestGallery(gallery, time: &time)
    /// The middle of the selection's indicator (━), in columns.
    func indicatorMiddle() throws -> Double {
      let line = try #require(drawnTestGallery(gallery, canvas).first { $0.contains("━━") })
      let marks = line.enumerated().filter { $0.element == "━" }.map(\.offset)
      return Double(marks.first! + marks.last! + 1) / 2
    }
    #expect(abs(try indicatorMiddle() - 50) <= 2)
    for columns in [50, 20, 100, 50] {
      gallery.resize(to: TerminalSize(columns: columns, rows: 30))
      canvas.resize(columns: columns, rows: 30)
      settleTestGallery(gallery, time: &time)
      let middle = try indicatorMiddle()
      #expect(abs(middle - Double(columns) / 2) <= 2, "at \(columns) columns: \(middle)")
    }
  }

  /// A click on `›` opens the first tab past the strip's right edge, and on `‹` the last one
  /// before its left edge: each then shows whole (the click opened the tab cut under the
  /// marker, one already in view: a new user's finding).
  @Test func theStripsMarkersOpenTheTabsBeyondThem() {
    var time = 1.0
    let size = TerminalSize(columns: 120, rows: 20)
    let (gallery, canvas) = makeTestGallery("optionbar", size)
    func click(_ column: Int) -> String {
      time += 0.1
      gallery.handle(.mouse(MouseEvent(kind: .press, column: column, row: 0)), at: time)
      gallery.handle(.mouse(MouseEvent(kind: .release, column: column, row: 0)), at: time)
      settleTestGallery(gallery, time: &time)
      return drawnTestGallery(gallery, canvas)[0]
    }
    let before = drawnTestGallery(gallery, canvas)[0]
    #expect(before.hasSuffix("›") && !before.contains("11 Store"), "\(before)")
    var strip = click(size.columns - 1)
    #expect(strip.contains("11 Store"), "the next tab past the edge shows: \(strip)")
    #expect(gallery.currentPage.title.contains("Store"), "\(gallery.currentPage.title)")
    #expect(strip.hasPrefix("‹ "), "\(strip)")
    let firstShown = Int(strip.dropFirst(2).prefix { $0 != " " }) ?? 0
    strip = click(0)
    #expect(
      strip.contains("\(firstShown - 1) "), "the tab before the left edge shows: \(strip)")
    #expect(!gallery.currentPage.title.contains("Store"))
  }

  /// Finding 10: the help box wraps a long key name instead of cutting it.
  @Test func theHelpBoxWrapsLongKeysWhole() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("store", TerminalSize(columns: 120, rows: 40))
    pressTestGallery([KeyEvent(.character("?"))], gallery, time: &time)
    let screen = drawnTestGallery(gallery, canvas).joined(separator: "\n")
    #expect(!screen.contains("E…"), "no key cut: \(screen)")
    #expect(screen.contains("Home"), "\(screen)")
  }

  /// The store says "opened …" while the cursor stays on the app opened, and not once it
  /// moves on (it stayed through Home, PgDn and a resize; a later new user's finding).
  @Test func theStoreSaysOpenedOnlyOnTheAppOpened() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("store", TerminalSize(columns: 120, rows: 40))
    pressTestGallery([KeyEvent(.enter)], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("· opened ") == true)
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("opened") == false)
    pressTestGallery([KeyEvent(.left)], gallery, time: &time)
    #expect(
      drawnTestGallery(gallery, canvas).last?.contains("· opened ") == true,
      "back on the app opened")
  }

  /// On the board, `>` in a column with no card, and `<` in the first column, say why
  /// nothing moved (the status kept the last move's note, and nothing answered).
  @Test func theBoardSaysWhyNothingMoved() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 120, rows: 40))
    pressTestGallery([KeyEvent(.character("<"))], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("no column to the left of") == true)
    // Every card of the first column moved on, and deselected: it has none left to move (a
    // selection in another column would move: `<` and `>` move the board's selection).
    pressTestGallery(
      [
        KeyEvent(.character("a"), modifiers: .control), KeyEvent(.character(">")),
        KeyEvent(.escape), KeyEvent(.left), KeyEvent(.character(">")),
      ], gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("has no card to move"), "\(status)")
  }

  /// Cards dropped in one column, then others in another: only the last drop's cards are
  /// checked, as the status line counts and `>` moves (a card stayed checked in the first
  /// column, uncounted and left behind: a new user's finding). A card dropped where it was
  /// says it stayed.
  @Test func theBoardKeepsOneSelectionAcrossItsColumns() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 120, rows: 40))
    func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int) {
      time += 0.05
      gallery.handle(.mouse(MouseEvent(kind: kind, column: column, row: row)), at: time)
      gallery.tick(now: time)
    }
    /// Where `text` shows, and the column where `title` starts on the header line.
    func place(of text: String) -> (column: Int, row: Int)? {
      let lines = drawnTestGallery(gallery, canvas)
      for (row, line) in lines.enumerated() {
        if let range = line.range(of: text) {
          return (line.distance(from: line.startIndex, to: range.lowerBound), row)
        }
      }
      return nil
    }
    func drag(_ card: String, to title: String) {
      guard let from = place(of: card), let to = place(of: title) else {
        Issue.record("\(card) or \(title) not shown: \(drawnTestGallery(gallery, canvas))")
        return
      }
      mouse(.press, from.column + 1, from.row)
      for step in 1...6 {
        mouse(.drag, from.column + 1 + (to.column - from.column) * step / 6, from.row)
      }
      mouse(.release, to.column + 1, from.row)
      settleTestGallery(gallery, time: &time)
    }
    drag("#3 ", to: "Doing ·")
    drag("#6 ", to: "Review ·")
    let screen = drawnTestGallery(gallery, canvas)
    let checked = screen.map { $0.filter { $0 == "✓" }.count }.reduce(0, +)
    #expect(checked == 1, "one card checked on the board: \(screen.joined(separator: "\n"))")
    #expect(screen.last?.contains("1 selected") == true, "\(screen.last ?? "")")
    #expect(screen.last?.contains("moved 1 card to Review") == true, "\(screen.last ?? "")")
    // Dropped where it was (dragged down two rows and back): nothing moved, and the note
    // says so.
    if let card = place(of: "#6 ") {
      mouse(.press, card.column + 1, card.row)
      for row in [card.row + 1, card.row + 2, card.row + 1, card.row] {
        mouse(.drag, card.column + 1, row)
      }
      mouse(.release, card.column + 1, card.row)
      settleTestGallery(gallery, time: &time)
    }
    #expect(
      drawnTestGallery(gallery, canvas).last?.contains("the card stays where it was") == true,
      "\(drawnTestGallery(gallery, canvas).last ?? "")")
  }

  /// The board moves a whole column at once (Control-A, `>`) in order: the next column starts
  /// with the moved column's cards, first to last, and the column left behind is empty. (A
  /// new user's finding: 1,200 cards froze the page, a removal and a full selection check per
  /// card.)
  @Test func theBoardMovesAWholeColumnInOrder() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 120, rows: 40))
    /// The first three cards shown in column `column`, by their text.
    func cards(in column: Int) -> [String] {
      let lines = drawnTestGallery(gallery, canvas)
      guard let header = lines.firstIndex(where: { $0.contains("To do ·") }) else { return [] }
      // Each column starts where its title does on the header line.
      let titles = ["To do ·", "Doing ·", "Review ·", "Done ·"].compactMap { title in
        lines[header].range(of: title).map {
          lines[header].distance(from: lines[header].startIndex, to: $0.lowerBound)
        }
      }
      guard titles.count == 4 else { return [] }
      return lines[(header + 1)...].compactMap { line -> String? in
        let characters = Array(line)
        let start = titles[column]
        let end = column + 1 < titles.count ? titles[column + 1] : characters.count
        guard start < characters.count else { return nil }
        let text = String(characters[start..<min(end, characters.count)])
          .filter { !"▌✓┃│".contains($0) }.trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("#") ? text : nil
      }.prefix(3).map { $0 }
    }
    let toDo = cards(in: 0)
    #expect(toDo.count == 3, "\(drawnTestGallery(gallery, canvas))")
    pressTestGallery(
      [KeyEvent(.character("a"), modifiers: .control), KeyEvent(.character(">"))], gallery,
      time: &time)
    #expect(cards(in: 1) == toDo, "Doing starts with To do's cards in order")
    #expect(cards(in: 0).isEmpty, "To do is left empty")
    pressTestGallery(
      [KeyEvent(.escape), KeyEvent(.left), KeyEvent(.character(">"))], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("has no card to move") == true)
  }

  /// A find's prompt is said without the caret's doubled space, and Esc that clears a find is
  /// said (it was silent: a new user's finding).
  @Test func aFindIsSaidOpenedAndCleared() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("list", TerminalSize(columns: 100, rows: 24))
    _ = gallery.spokenLines()
    pressTestGallery([KeyEvent(.character("/"))], gallery, time: &time)
    let asked = gallery.spokenLines()
    #expect(asked.contains { $0.hasPrefix("find in the titles:") }, "\(asked)")
    #expect(!asked.contains { $0.contains("  ") }, "\(asked)")
    pressTestGallery(
      "falcon".map { KeyEvent(.character($0)) } + [KeyEvent(.enter)], gallery, time: &time)
    _ = gallery.spokenLines()
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    #expect(gallery.spokenLines().contains("find cleared"))
  }

  /// A screen reader hears `>` as the move it is, once: "moved 2 cards to Doing", not "2
  /// items removed" and "2 items added" (a new user's finding).
  @Test func aBoardMoveIsSaidAsAMove() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("board", TerminalSize(columns: 100, rows: 24))
    pressTestGallery(
      [KeyEvent(.character(" ")), KeyEvent(.down, modifiers: .shift)], gallery, time: &time)
    _ = gallery.spokenLines()
    pressTestGallery([KeyEvent(.character(">"))], gallery, time: &time)
    let said = gallery.spokenLines()
    #expect(said.contains("moved 2 cards to Doing"), "\(said)")
    #expect(
      !said.contains { $0.contains("items removed") || $0.contains("items added") }, "\(said)")
  }

  /// Settings: Enter on a row with a disclosure answers (it did nothing): the row is opened,
  /// and the status says the demo has no page behind it, while the cursor stays there.
  @Test func settingsRowsWithADisclosureOpen() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 24))
    pressTestGallery([KeyEvent(.end), KeyEvent(.enter)], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("· opened (the demo") == true)
    pressTestGallery([KeyEvent(.up)], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("opened") == false)
  }

  /// Settings: Enter on the row on the list's last line keeps it in view as "Recently opened"
  /// takes it in above (it went under the status line, and the keys went on out of sight: a
  /// new user's finding, in GTK).
  @Test func anOpenedRowOnTheLastLineStaysInView() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 24))
    // Down until the focus (the line drawn with ▌) is on the list's last line.
    var lines = drawnTestGallery(gallery, canvas)
    for _ in 0..<40 where lines.lastIndex(where: { $0.hasPrefix("▌") }) != lines.count - 2 {
      pressTestGallery([KeyEvent(.down)], gallery, time: &time)
      lines = drawnTestGallery(gallery, canvas)
    }
    let focused = try #require(lines.last { $0.hasPrefix("▌") })
    #expect(lines.firstIndex(of: focused) == lines.count - 2, "\(lines)")
    let title = try #require(focused.dropFirst().split(separator: "#").first)
      .trimmingCharacters(in: .whitespaces)
    pressTestGallery([KeyEvent(.enter)], gallery, time: &time)
    lines = drawnTestGallery(gallery, canvas)
    #expect(lines.last?.contains("\(title) · opened") == true, "\(lines.last ?? "")")
    let now = try #require(lines.last { $0.hasPrefix("▌") }, "the focused row shows: \(lines)")
    #expect(now.contains(title), "\(now)")
  }

  /// Settings: a click on a row focuses it and flips its switch, a second flips it back; a
  /// click on a row with a disclosure opens it (the page ignored clicks: a new user's
  /// finding). A click names its screen line (the canvas's, from 0).
  @Test func settingsRowsAnswerClicks() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 24))
    let lines = drawnTestGallery(gallery, canvas)
    let row = try #require(lines.firstIndex(where: { $0.contains("Bluetooth") }))
    let before = lines.last ?? ""
    #expect(before.contains("Wi-Fi"), "\(before)")
    click(gallery, column: 10, row: row, time: &time)
    let flipped = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(flipped.contains("Bluetooth: on"), "\(flipped)")
    click(gallery, column: 10, row: row, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("Bluetooth: off") == true)
    pressTestGallery([KeyEvent(.end)], gallery, time: &time)
    let last = drawnTestGallery(gallery, canvas)
    let opened = try #require(last.dropLast().lastIndex(where: { $0.contains("›") }))
    click(gallery, column: 10, row: opened - 1, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("· opened (the demo") == true)
  }

  /// Settings: opening a recently opened item takes its "new" badge off, that row's alone,
  /// and it stays off when the row scrolls away and back (the badge stayed: a new user's
  /// finding).
  @Test func openingARecentItemTakesItsBadgeOff() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 30))
    let (first, second) = (DemoData.title(forItem: 0), DemoData.title(forItem: 1))
    var lines = drawnTestGallery(gallery, canvas)
    let row = try #require(lines.firstIndex { $0.contains(first) })
    let next = try #require(lines.firstIndex { $0.contains(second) })
    #expect(lines[row].contains("(new)"), "\(lines[row])")
    #expect(lines[next].contains("(new)"), "\(lines[next])")
    click(gallery, column: 10, row: row, time: &time)
    settleTestGallery(gallery, time: &time)  // observed changes apply on the next frame
    lines = drawnTestGallery(gallery, canvas)
    #expect(lines.last?.contains("\(first) · opened") == true, "\(lines.last ?? "")")
    // Now in "Recently opened" too, above: neither of its rows wears the badge.
    let rows = lines.dropLast().indices.filter { lines[$0].contains(first) }
    #expect(rows.count == 2, "in Recently opened and in All items: \(lines)")
    #expect(rows.allSatisfy { !lines[$0].contains("(new)") }, "\(rows.map { lines[$0] })")
    let secondRow = try #require(lines.firstIndex { $0.contains(second) })
    #expect(lines[secondRow].contains("(new)"), "\(lines[secondRow])")
    // Far down and back: the row is built again from the declaration, still without it.
    pressTestGallery([KeyEvent(.end), KeyEvent(.home)], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    lines = drawnTestGallery(gallery, canvas)
    let again = try #require(lines.firstIndex { $0.contains(first) })
    #expect(!lines[again].contains("(new)"), "\(lines[again])")
  }

  /// Store: with no apps (`--items 0`) each rail's title says it is empty, and so do the
  /// heading and the status (bare titles over nothing: a new user's finding).
  @Test func anEmptyStoreSaysSo() {
    let (gallery, canvas) = makeTestGallery(
      "store", TerminalSize(columns: 100, rows: 30), items: 0)
    let lines = drawnTestGallery(gallery, canvas)
    let titles = lines.filter { $0.contains("Top free") || $0.contains("Health") }
    #expect(titles.count == 2 && titles.allSatisfy { $0.contains("no apps") }, "\(titles)")
    #expect(lines.contains { $0.contains("App store · no apps") }, "\(lines)")
    #expect(lines.last?.contains("the store has no apps") == true, "\(lines.last ?? "")")
    // The featured carousel, titled only when empty: the heading's 12 sections all show.
    #expect(lines.contains { $0.contains("Featured") && $0.contains("no apps") }, "\(lines)")
  }

  /// Settings with nothing recently opened (`--items 0`): the section's header says so (an
  /// empty heading over blank lines: a new user's finding).
  @Test func anEmptyRecentlyOpenedSectionSaysSo() throws {
    let (gallery, canvas) = makeTestGallery(
      "settings", TerminalSize(columns: 100, rows: 24), items: 0)
    let lines = drawnTestGallery(gallery, canvas)
    let header = try #require(lines.first { $0.contains("Recently opened") })
    #expect(header.contains("nothing opened yet"), "\(header)")
  }

  /// Settings: Space on a switch scrolled out of view brings it into view as it flips (it
  /// flipped unseen: a new user's finding).
  @Test func aSwitchFlipsInView() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 16))
    let sounds = try #require(
      drawnTestGallery(gallery, canvas).firstIndex { $0.contains("Sounds") })
    click(gallery, column: 10, row: sounds, time: &time)  // focused, and off
    for _ in 0..<10 {
      time += 0.05
      gallery.handle(
        .mouse(MouseEvent(kind: .scrollDown, button: .none, column: 10, row: 8)), at: time)
    }
    settleTestGallery(gallery, time: &time)
    #expect(!drawnTestGallery(gallery, canvas).dropLast().contains { $0.contains("Sounds") })
    pressTestGallery([KeyEvent(.character(" "))], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    let screen = drawnTestGallery(gallery, canvas)
    #expect(screen.last?.contains("Sounds: on") == true, "\(screen.last ?? "")")
    #expect(screen.dropLast().contains { $0.contains("Sounds") }, "\(screen)")
  }

  /// Settings: Airplane mode turns Wi-Fi and Bluetooth off, and back as they were when it
  /// ends (Wi-Fi stayed on, "Home" beside it: a new user's finding). The rows show it.
  @Test func airplaneModeTurnsTheRadiosOffAndBack() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 24))
    let lines = drawnTestGallery(gallery, canvas)
    let wifi = try #require(lines.firstIndex(where: { $0.contains("Wi-Fi") }))
    let bluetooth = try #require(lines.firstIndex(where: { $0.contains("Bluetooth") }))
    let airplane = try #require(lines.firstIndex(where: { $0.contains("Airplane mode") }))
    #expect(lines[wifi].contains("Home"))
    click(gallery, column: 10, row: bluetooth, time: &time)  // Bluetooth on
    click(gallery, column: 10, row: airplane, time: &time)
    settleTestGallery(gallery, time: &time)
    var screen = drawnTestGallery(gallery, canvas)
    #expect(screen.last?.contains("Airplane mode: on") == true, "\(screen.last ?? "")")
    #expect(!screen[wifi].contains("Home"), "Wi-Fi is off: \(screen[wifi])")
    click(gallery, column: 10, row: wifi, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("Wi-Fi: on") == true, "it was off")
    click(gallery, column: 10, row: wifi, time: &time)
    click(gallery, column: 10, row: airplane, time: &time)
    settleTestGallery(gallery, time: &time)
    screen = drawnTestGallery(gallery, canvas)
    #expect(screen.last?.contains("Airplane mode: off") == true, "\(screen.last ?? "")")
    #expect(screen[wifi].contains("Home"), "Wi-Fi on again, as before: \(screen[wifi])")
    click(gallery, column: 10, row: bluetooth, time: &time)
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("Bluetooth: off"), "Bluetooth was on again: \(status)")
    // Bluetooth (off) turned on during Airplane mode stays on when it ends, and the note says
    // only what came back (it went back off, said "on again": a new user's finding).
    click(gallery, column: 10, row: wifi, time: &time)  // Wi-Fi off
    click(gallery, column: 10, row: airplane, time: &time)
    click(gallery, column: 10, row: bluetooth, time: &time)  // on, in Airplane mode
    click(gallery, column: 10, row: airplane, time: &time)
    settleTestGallery(gallery, time: &time)
    screen = drawnTestGallery(gallery, canvas)
    #expect(screen.last?.contains("Airplane mode: off") == true, "\(screen.last ?? "")")
    #expect(!(screen.last ?? "").contains("on again"), "nothing came back: \(screen.last ?? "")")
    #expect(screen[bluetooth].hasSuffix("[on ] │"), "kept on: \(screen[bluetooth])")
    #expect(screen[wifi].hasSuffix("[off] │"), "as it was: \(screen[wifi])")
  }

  /// Chat: a burst of PgUp faster than the scroll reaches the top and loads older messages,
  /// as Home and the wheel do (sizes measured on the way left the scroll 7 points short of
  /// the top, outside the distance that loads more: a new user's finding).
  @Test func aBurstOfPageUpLoadsOlderMessages() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 100, rows: 30))
    #expect(drawnTestGallery(gallery, canvas)[1].contains(" 30 messages"))
    for _ in 0..<20 {
      time += 0.005
      gallery.handle(.key(KeyEvent(.pageUp)), at: time)
    }
    for _ in 0..<60 {
      time += 1.0 / 60
      gallery.tick(now: time)
    }
    let heading = drawnTestGallery(gallery, canvas)[1]
    #expect(heading.contains(" 50 messages"), "\(heading)")
  }

  /// The GTK gallery's session: the carousel's status says what `w` and `a` switched (the
  /// status, which GTK shows, said nothing), and Space opens a settings row with a
  /// disclosure as Enter does.
  @Test func theCarouselSaysItsModesAndSpaceOpensASettingsRow() {
    var time = 1.0
    let (carousel, carouselCanvas) = makeTestGallery(
      "carousel", TerminalSize(columns: 120, rows: 30))
    pressTestGallery([KeyEvent(.character("w"))], carousel, time: &time)
    let wrap = drawnTestGallery(carousel, carouselCanvas).last ?? ""
    #expect(wrap.contains("wrap off") || wrap.contains("wrap on"), "\(wrap)")
    pressTestGallery([KeyEvent(.character("a"))], carousel, time: &time)
    let auto = drawnTestGallery(carousel, carouselCanvas).last ?? ""
    #expect(auto.contains("autoscroll"), "\(auto)")
    pressTestGallery([KeyEvent(.right)], carousel, time: &time)
    #expect(drawnTestGallery(carousel, carouselCanvas).last?.contains("autoscroll") == false)
    let (settings, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 24))
    pressTestGallery([KeyEvent(.end), KeyEvent(.character(" "))], settings, time: &time)
    #expect(drawnTestGallery(settings, canvas).last?.contains("· opened (the demo") == true)
  }

  /// The table page, 100 × 12, on a CSV file of `text` (at the path returned, for the caller
  /// to remove), settled.
  private func csvTableGallery(
    _ text: String, time: inout Double
  ) throws -> (Gallery, Canvas, path: String) {
    let path = NSTemporaryDirectory() + "reusekit-new-user-\(getpid())-\(UUID().uuidString).csv"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 100, rows: 12), csv: try CSVFile.open(path: path))
    settleTestGallery(gallery, time: &time)
    return (gallery, canvas, path)
  }

  /// Runs `body` on the table page on a CSV file of `text` (as `csvTableGallery` makes it),
  /// with the time from 1; the file is removed after.
  private func withCSVTableGallery(
    _ text: String, _ body: (Gallery, Canvas, inout Double) throws -> Void
  ) throws {
    var time = 1.0
    let (gallery, canvas, path) = try csvTableGallery(text, time: &time)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(gallery, canvas, &time)
  }

  /// A CSV file opens with the cursor on its first cell once its rows are read (its first
  /// row held a field of megabytes, so no row was counted when the page started, and the
  /// cursor waited for an arrow, which then went nowhere else: a new user's finding).
  @Test func aCSVFileOpensWithTheCursorOnItsFirstCell() throws {
    var time = 1.0
    let big = String(repeating: "x", count: 8_000_000)
    let (gallery, _, path) = try csvTableGallery("id,note\n1,\(big)\n2,b\n", time: &time)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let table = try #require((gallery.currentPage as? TablePage)?.model.table)
    tickTestGallery(gallery, time: &time, limit: 20_000, waitingForJobs: true) {
      table.numberOfRows == 2
    }
    #expect(table.focusedCell.map { [$0.row, $0.column] } == [0, 0])
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    #expect(table.focusedCell.map { [$0.row, $0.column] } == [0, 1], "the arrow moves it")
  }

  /// Finding 13: a count of one in the singular.
  @Test func aTableOfOneRowSaysRow() throws {
    var time = 1.0
    let (gallery, canvas, path) = try csvTableGallery("a,b\n1,2\n", time: &time)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let screen = drawnTestGallery(gallery, canvas)
    #expect(screen[1].contains("1 row × 2 columns"), "\(screen[1])")
  }

  /// A notice (a `--restore` file that could not be read) is said to a screen reader, which
  /// does not read the status line where it shows.
  @Test func aNoticeIsSaid() {
    let (gallery, _) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    _ = gallery.spokenLines()
    gallery.notice = "--restore: line 1, column 1: expected a JSON value"
    #expect(gallery.spokenLines().contains("--restore: line 1, column 1: expected a JSON value"))
    #expect(gallery.spokenLines().isEmpty, "once")
  }

  /// A row expanded at the bottom of the list shows its details: the list scrolls them into
  /// view (they stayed below the screen: a new user's finding). One in the middle grows in
  /// place.
  @Test func aRowExpandedAtTheBottomShowsItsDetails() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    let view = try #require(gallery.currentPage.restorableView)
    func shownWhole(_ path: ItemPath) -> Bool {
      guard let frame = view.frameForItem(at: path) else { return false }
      return frame.minY >= view.contentOffset.y - 0.5
        && frame.maxY <= view.contentOffset.y + view.viewportSize.height + 0.5
    }
    pressTestGallery([KeyEvent(.end), KeyEvent(.enter)], gallery, time: &time)
    let last = try #require(view.focusedIndexPath)
    #expect(view.frameForItem(at: last).map { $0.height > 1 } == true, "expanded")
    #expect(shownWhole(last), "the last row's details in view")
    pressTestGallery([KeyEvent(.home), KeyEvent(.down), KeyEvent(.enter)], gallery, time: &time)
    let second = try #require(view.focusedIndexPath)
    #expect(view.contentOffset.y <= 0.5 && shownWhole(second), "grown in place at the top")
  }

  /// A file of titles alone has no cell to act on: the keys that act on one say so, where the
  /// filter's prompt named "the column" and `s`, `h`, `F` did nothing without a word (a new
  /// user's finding).
  @Test func aTableOfTitlesAloneSaysThereAreNoRows() throws {
    var time = 1.0
    let (gallery, canvas, path) = try csvTableGallery("name,city\n", time: &time)
    defer { try? FileManager.default.removeItem(atPath: path) }
    for key in ["|", "s", "h", "F"] {
      pressTestGallery([KeyEvent(.character(Character(key)))], gallery, time: &time)
      let status = drawnTestGallery(gallery, canvas).last ?? ""
      #expect(status.contains("no rows to act on"), "\(key): \(status)")
      #expect(!gallery.currentPage.isTyping, "\(key): no prompt")
    }
    // `:` with a column's name says there is no cell in it to go to (it said nothing).
    typeTestPrompt(":", "city", gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("no rows: column city has no cell to go to"), "\(status)")
  }

  /// Shift-↑ after Shift-↓ shrinks the range one row a press, the cursor going with it: the
  /// first press deselected the last row and left the cursor on it (a new user's finding,
  /// in the list and the board).
  @Test func shiftUpShrinksARangeOneRowAPress() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 100, rows: 30))
    pressTestGallery([.down, .down], gallery, canvas, time: &time)
    func status() -> String {
      drawnTestGallery(gallery, canvas).last!.split(separator: "│")[0]
        .trimmingCharacters(in: .whitespaces)
    }
    let start = status().components(separatedBy: " · ")[0]
    var seen: [String] = []
    for _ in 0..<3 {
      pressTestGallery([KeyEvent(.down, modifiers: .shift)], gallery, time: &time)
      seen.append(status())
    }
    #expect(seen.last?.hasSuffix("4 selected") == true, "\(seen)")
    for expected in [3, 2, 1] {
      pressTestGallery([KeyEvent(.up, modifiers: .shift)], gallery, time: &time)
      let now = status()
      #expect(now.contains("\(expected) selected"), "\(now)")
      // The cursor on the range's new end: the row seen when the range had that many.
      let title = now.components(separatedBy: " · ")[0]
      let expectedTitle =
        expected == 1 ? start : seen[expected - 2].components(separatedBy: " · ")[0]
      #expect(title == expectedTitle, "\(now)")
    }
  }

  /// Ctrl-C while a cell is edited drops the edit as Esc does, as a shell drops its line, and
  /// says so; the next one quits (it quit at once, the edit lost: a new user's finding).
  @Test func ctrlCWhileEditingDropsTheEditFirst() throws {
    var time = 1.0
    let (gallery, canvas, path) = try csvTableGallery("name,city\nAda,Lyon\n", time: &time)
    defer { try? FileManager.default.removeItem(atPath: path) }
    pressTestGallery([KeyEvent(.right), KeyEvent(.character("e"))], gallery, time: &time)
    #expect(gallery.currentPage.isTyping, "editing")
    let controlC = KeyEvent(.control("c"), modifiers: .control)
    gallery.handle(.key(controlC), at: time + 1)
    #expect(!gallery.wantsToQuit)
    #expect(!gallery.currentPage.isTyping, "the edit dropped")
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("Ctrl-C again quits"), "\(status)")
    gallery.handle(.key(controlC), at: time + 2)
    #expect(gallery.wantsToQuit)
  }

  /// An empty cell is named "(empty)" in the status line, as the frequency table names it, and
  /// a filter on it says "city is empty" (a NULL showed as "city:  ·" and a filter on it as
  /// “= ”).
  @Test func anEmptyValueIsNamedAsTheFrequencyTableNamesIt() throws {
    var time = 1.0
    let (csvGallery, csvCanvas, path) = try csvTableGallery(
      "name,city\nAda,\nGrace,Osaka\nLinus,\n", time: &time)
    defer { try? FileManager.default.removeItem(atPath: path) }
    pressTestGallery([KeyEvent(.right)], csvGallery, time: &time)
    #expect(drawnTestGallery(csvGallery, csvCanvas).last?.contains("city: (empty)") == true)
    // Its frequencies, then Enter on the empty value: the rows without a city. (Records,
    // counted on the loop: a CSV file's count runs on a thread of its own, which a loaded
    // machine may not run for a while.)
    guard
      case .records(let records) = try JSONDataFile.parse(
        Array(
          #"[{"name": "Ada", "city": ""}, {"name": "Grace", "city": "Osaka"}, {"name": "Linus", "city": ""}]"#
            .utf8))
    else {
      Issue.record("not records")
      return
    }
    let size = TerminalSize(columns: 100, rows: 12)
    let gallery = Gallery(
      options: GalleryOptions(records: records), initialPage: "table")
    gallery.showsTiming = false
    gallery.resize(to: size)
    let canvas = Canvas(columns: size.columns, rows: size.rows)
    pressTestGallery([KeyEvent(.right), KeyEvent(.character("F"))], gallery, time: &time)
    tickTestGallery(gallery, time: &time, limit: 2_000) {
      drawnTestGallery(gallery, canvas).contains { $0.contains("(empty)") }
    }
    let frequencies = drawnTestGallery(gallery, canvas)
    #expect(frequencies.contains { $0.contains("(empty)") }, "\(frequencies)")
    // The empty value has two rows, Osaka one: it is the first row.
    pressTestGallery([KeyEvent(.enter)], gallery, time: &time)
    tickTestGallery(gallery, time: &time, limit: 2_000) {
      drawnTestGallery(gallery, canvas).last?.contains("city is") == true
    }
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    // The count is the shape's, at the line's start ("2 of 3 rows"), said once.
    #expect(status.contains("2 of 3 rows"), "\(status)")
    #expect(status.contains("city is empty (Esc shows all)"), "\(status)")
  }

  /// A long value makes its column as wide as about forty characters, not as wide as itself:
  /// the columns after it stay on screen (a 405-character cell made its column 400 wide, the
  /// other columns off screen, and took hundreds of `<` to narrow: a new user's finding).
  /// `>` still widens it.
  @Test func aLongValueDoesNotPushTheOtherColumnsOffScreen() throws {
    let long = String(repeating: "lorem ipsum ", count: 34)
    try withCSVTableGallery("id,notes,city\n1,\(long),Lisbon\n2,short,Osaka\n") {
      gallery, canvas, time in
      let screen = drawnTestGallery(gallery, canvas)
      #expect(screen.contains { $0.contains("Lisbon") }, "\(screen.joined(separator: "\n"))")
      let view = try #require(gallery.currentPage.restorableView)
      let notes = try #require(view.frameForItem(at: ItemPath(section: 0, item: 1)))
      #expect(notes.width <= 44, "\(notes.width)")
      pressTestGallery(
        [KeyEvent(.right)] + Array(repeating: KeyEvent(.character(">")), count: 3),
        gallery, time: &time)
      let wider = try #require(view.frameForItem(at: ItemPath(section: 0, item: 1)))
      #expect(wider.width > notes.width, "\(wider.width) after >")
    }
  }

  /// A field of 300,000 characters is given to its cell, the status line and a screen reader
  /// as its first thousand and "…": whole, it was measured, drawn and made visible at every
  /// frame (a 2 MB field: 240 to 800 ms a frame, a new user's finding).
  @Test func aHugeFieldIsShownByItsStart() throws {
    let huge = String(repeating: "abcdefghij", count: 30_000)
    try withCSVTableGallery("id,notes\n1,\(huge)\n2,short\n") { gallery, canvas, time in
      pressTestGallery([KeyEvent(.right)], gallery, time: &time)
      let status = drawnTestGallery(gallery, canvas).last ?? ""
      #expect(status.contains("notes: abcdefghij"), "\(status)")
      let label = gallery.currentPage.accessibilityFocus?.spokenDescription ?? ""
      #expect(label.contains("abcdefghij…") && label.count < 1_200, "\(label.count) characters")
      let cell = gallery.currentPage.restorableView?.visibleCells.compactMap {
        $0.accessibilityLabel
      }.first { $0.hasPrefix("abcdefghij") }
      #expect(cell?.count == 1_001 && cell?.hasSuffix("…") == true, "\(cell?.count ?? 0)")
    }
  }
}

/// Finding 12: a problem found while loading (past the first megabyte) is cut in the status
/// line, and `?` shows it whole; a lenient read says what it did there too.
@Suite struct GalleryLoadingProblemTests {
  @Test func theHelpShowsTheProblemWhole() throws {
    let path = NSTemporaryDirectory() + "reusekit-late-\(getpid()).csv"
    var text = "id,name,notes\n"
    for row in 0..<60_000 { text += "\(row),name \(row),a note long enough to pass a megabyte\n" }
    text += "60000,bad \"quote,x\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 120, rows: 40), csv: try CSVFile.open(path: path))
    for _ in 0..<500 {
      settleTestGallery(gallery, time: &time)
      gallery.tick(now: time)
      if drawnTestGallery(gallery, canvas).last?.contains("line 60002") == true { break }
      Thread.sleep(forTimeInterval: 0.01)
      time += 0.01
    }
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("line 60002"), "the problem in the status line: \(status)")
    pressTestGallery([KeyEvent(.character("?"))], gallery, time: &time)
    // The box's text, its borders taken out, its lines joined as one run of words.
    let help = drawnTestGallery(gallery, canvas).joined(separator: " ")
      .filter { !"│┃".contains($0) }
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    #expect(help.contains("the file line 60002, column 11: a quote"), "under ?: \(help)")
    #expect(help.contains("the whole field); the rows before"), "whole: \(help)")
  }

  /// Ctrl-C while a find still looks stops the find, as it stops the table's jobs, and a
  /// second Ctrl-C quits (it quit the gallery at once: a new user's finding).
  @Test func controlCStopsAListFindBeforeItQuits() {
    let (gallery, _) = makeTestGallery(
      "list", TerminalSize(columns: 100, rows: 24), items: 2_000_000)
    // Keys handled one after the other with no tick between: the find has had one slice.
    for key in [KeyEvent(.character("/"))] + "zzz".map({ KeyEvent(.character($0)) })
      + [KeyEvent(.enter)]
    {
      gallery.handle(.key(key), at: 1)
    }
    #expect(
      gallery.currentPage.status.contains("searching for “zzz”"), "\(gallery.currentPage.status)")
    // How far it has come shows while it looks (it looked a minute over ten million titles
    // with no sign of it: a new user's finding).
    #expect(
      gallery.currentPage.status.contains("% searched)"), "\(gallery.currentPage.status)")
    gallery.handle(.key(KeyEvent(.control("c"), modifiers: .control)), at: 1)
    #expect(!gallery.wantsToQuit, "the first Ctrl-C stops the find")
    #expect(!gallery.currentPage.status.contains("zzz"), "\(gallery.currentPage.status)")
    gallery.handle(.key(KeyEvent(.control("c"), modifiers: .control)), at: 1)
    #expect(gallery.wantsToQuit, "with no job, Ctrl-C quits")
  }

  /// The list's index marks name their places in a few characters, each its own: a list of
  /// two million showed "1M" nine times running (a new user's finding).
  @Test func indexMarksAreDistinct() throws {
    let (gallery, _) = makeTestGallery(
      "list", TerminalSize(columns: 100, rows: 30), items: 2_000_000)
    let titles = try #require(gallery.currentPage.restorableView?.indexTitles)
    #expect(titles.count == 20)
    #expect(Set(titles).count == titles.count, "\(titles)")
    #expect(titles.contains("1.1M") && titles.contains("900k"), "\(titles)")
    #expect(titles.allSatisfy { $0.count <= 4 }, "\(titles)")
  }

  /// For a screen reader, the carousel's keys are said: autoscroll and wrap on or off, and the
  /// card chosen (they said nothing: the focus stayed on the same card).
  @Test func theCarouselsKeysAreSaid() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("carousel", TerminalSize(columns: 100, rows: 30))
    _ = gallery.spokenLines()
    pressTestGallery([KeyEvent(.character("a"))], gallery, time: &time)
    #expect(gallery.spokenLines().contains("autoscroll every 2 s"))
    pressTestGallery([KeyEvent(.character("a")), KeyEvent(.character("w"))], gallery, time: &time)
    let toggles = gallery.spokenLines()
    #expect(toggles.contains("autoscroll off") && toggles.contains("wrap off"), "\(toggles)")
    pressTestGallery([KeyEvent(.enter)], gallery, time: &time)
    let chosen = gallery.spokenLines()
    #expect(chosen.contains { $0.hasPrefix("selected ") }, "\(chosen)")
  }

  /// Keys whose effect only the status line showed are said: the picker's Enter, the option
  /// bar's reload and slide mode, the waterfall's placement and column width (a new user's
  /// findings: in the screen-reader mode they said nothing, the focus staying where it was).
  @Test func keysThatChangeOnlyTheStatusAreSaid() {
    var time = 1.0
    let (picker, _) = makeTestGallery("picker", TerminalSize(columns: 100, rows: 30))
    _ = picker.spokenLines()
    pressTestGallery([KeyEvent(.right), KeyEvent(.enter)], picker, time: &time)
    let chosen = picker.spokenLines()
    #expect(chosen.contains { $0.hasPrefix("chosen ") && $0.contains("orange") }, "\(chosen)")

    let (bar, _) = makeTestGallery("optionbar", TerminalSize(columns: 100, rows: 30), items: 40)
    _ = bar.spokenLines()
    pressTestGallery([KeyEvent(.character("r"))], bar, time: &time)
    let reloaded = bar.spokenLines()
    #expect(reloaded.contains { $0.hasPrefix("reloaded with 5 categories") }, "\(reloaded)")
    // The selected category is said once, by the focus line with its new place (it was
    // said by the reload's words too: a new user heard it twice).
    #expect(reloaded.filter { $0.contains("selected") }.count == 1, "\(reloaded)")
    #expect(reloaded.contains { $0.hasSuffix(", 1 of 5, selected") }, "\(reloaded)")
    pressTestGallery([KeyEvent(.character("r")), KeyEvent(.character("s"))], bar, time: &time)
    let again = bar.spokenLines()
    #expect(again.contains { $0.hasPrefix("reloaded: all 40 categories") }, "\(again)")
    #expect(again.contains { $0.hasPrefix("slide selects o") }, "\(again)")

    let (feed, _) = makeTestGallery("waterfall", TerminalSize(columns: 100, rows: 30))
    _ = feed.spokenLines()
    pressTestGallery([KeyEvent(.character("o"))], feed, time: &time)
    let placed = feed.spokenLines()
    #expect(placed.contains { $0.hasSuffix("columns, left to right") }, "\(placed)")
    let before = feed.currentPage.restorableView.map { view in
      (view.collectionViewLayout as? WaterfallLayout)?.numberOfColumns(inSection: 0)
    }
    pressTestGallery([KeyEvent(.character("c"))], feed, time: &time)
    let widened = feed.spokenLines()
    let after = feed.currentPage.restorableView.map { view in
      (view.collectionViewLayout as? WaterfallLayout)?.numberOfColumns(inSection: 0)
    }
    #expect(before != after, "c changes the column count at 100 columns")
    #expect(
      widened == ["\((after ?? nil) ?? 0) columns, left to right"], "\(widened)")
  }

  /// A key that changes how many items are selected past one says the count: Ctrl-A in the
  /// outline, a Shift range in the table, a deselection of all (Ctrl-Shift-A); one item's
  /// line says "selected" itself and gets no count.
  @Test func selectionCountsAreSaid() {
    var time = 1.0
    let (outline, _) = makeTestGallery("outline", TerminalSize(columns: 100, rows: 30))
    _ = outline.spokenLines()
    pressTestGallery([KeyEvent(.control("a"), modifiers: .control)], outline, time: &time)
    let all = outline.spokenLines()
    let count = outline.currentPage.restorableView?.numberOfSelectedItems ?? 0
    #expect(count > 1)
    #expect(
      all.last?.hasSuffix(", \(count) selected") == true || all.contains("\(count) selected"),
      "\(all)")

    let (table, _) = makeTestGallery("table", TerminalSize(columns: 100, rows: 30), items: 200)
    _ = table.spokenLines()
    pressTestGallery([KeyEvent(.down), KeyEvent(.character(" "))], table, time: &time)
    let one = table.spokenLines()
    #expect(one.allSatisfy { !$0.contains("1 selected") }, "\(one)")
    pressTestGallery([KeyEvent(.down, modifiers: .shift)], table, time: &time)
    let two = table.spokenLines()
    #expect(two.count == 1 && two[0].hasSuffix("selected, 2 selected"), "\(two)")
    pressTestGallery([KeyEvent(.down, modifiers: .shift)], table, time: &time)
    #expect(table.spokenLines().last?.hasSuffix(", 3 selected") == true)
  }

  /// A carousel turning by itself is not read, card after card (a new user's finding: a line
  /// every two seconds); a key's move is, at once.
  @Test func anAutoscrollingCarouselIsReadOnlyAfterAKey() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("carousel", TerminalSize(columns: 100, rows: 30))
    _ = gallery.spokenLines()
    pressTestGallery([KeyEvent(.character("a"))], gallery, time: &time)
    #expect(gallery.spokenLines() == ["autoscroll every 2 s"])
    let first = gallery.currentPage.accessibilityFocus?.label
    var heard: [String] = []
    for _ in 0..<(60 * 7) {
      time += 1.0 / 60
      gallery.tick(now: time)
      heard += gallery.spokenLines()
    }
    #expect(gallery.currentPage.accessibilityFocus?.label != first, "the carousel turned")
    #expect(heard.isEmpty, "\(heard)")
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    let stepped = gallery.spokenLines()
    #expect(stepped.count == 1 && stepped[0].contains(" of 12"), "\(stepped)")
  }

  /// The board's note of the last move shows until the next other key: "redid: 1 card to
  /// Doing" stayed on while the user went on, and read as just done (a new user's finding).
  @Test func theBoardsMoveNoteLastsUntilTheNextKey() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 100, rows: 30))
    func status() -> String { drawnTestGallery(gallery, canvas).last ?? "" }
    pressTestGallery([KeyEvent(.character(">")), KeyEvent(.character("U"))], gallery, time: &time)
    pressTestGallery([KeyEvent(.character("R"))], gallery, time: &time)
    #expect(status().contains("redid: 1 card to Doing"), "\(status())")
    pressTestGallery([KeyEvent(.down)], gallery, time: &time)
    #expect(!status().contains("redid"), "\(status())")
    // Lowercase, as a new user first pressed it (it did nothing).
    pressTestGallery([KeyEvent(.character("u"))], gallery, time: &time)
    #expect(status().contains("undid: 1 card back to"), "\(status())")
  }

  /// Tab on a page with one part to move in is said, not silent (a screen-reader user's Tab,
  /// Right, Enter, Tab on the data-source page heard nothing from either Tab: a new user's
  /// finding). Where Tab moves (the list's tag strip), it says where it went instead.
  @Test func aTabWithNowhereToGoIsSaid() {
    var time = 1.0
    let (tasks, _) = makeTestGallery("datasource", TerminalSize(columns: 100, rows: 30))
    _ = tasks.spokenLines()
    pressTestGallery([KeyEvent(.tab)], tasks, time: &time)
    #expect(tasks.spokenLines() == ["Tab: nothing else to move to on this page"])
    pressTestGallery([KeyEvent(.backTab)], tasks, time: &time)
    #expect(tasks.spokenLines() == ["Tab: nothing else to move to on this page"])
    pressTestGallery([KeyEvent(.down)], tasks, time: &time)
    #expect(tasks.notice == nil, "the next key takes it away")

    let (list, _) = makeTestGallery("list", TerminalSize(columns: 100, rows: 30))
    _ = list.spokenLines()
    pressTestGallery([KeyEvent(.tab)], list, time: &time)
    let heard = list.spokenLines()
    #expect(heard.contains { $0.contains("in the tag strip") }, "\(heard)")
    #expect(!heard.contains { $0.hasPrefix("Tab:") }, "\(heard)")
  }

  /// The help read as lines names the keys only: no pointer gesture (click, drag, wheel, the
  /// list's index) among them, on any page, and a meaning of one clause per key keeps only
  /// its keys' clauses (a new user's finding: the screen-reader help listed "wheel, drag").
  @Test func theHelpReadAsLinesListsKeysOnly() {
    var time = 1.0
    for page in [
      "list", "optionbar", "picker", "datasource", "waterfall", "carousel",
      "outline", "chat", "table", "board", "store", "settings",
    ] {
      let (gallery, _) = makeTestGallery(page, TerminalSize(columns: 100, rows: 30))
      gallery.readsAsLines = true
      _ = gallery.spokenLines()
      pressTestGallery([KeyEvent(.character("?"))], gallery, time: &time)
      let heard = gallery.spokenLines()
      #expect(heard.first?.hasPrefix("Keys for ") == true, "\(page): \(heard)")
      #expect(heard.count > 6, "\(page): \(heard)")
      for line in heard.dropFirst() {
        let keys = line.prefix { $0 != ":" }
        #expect(
          !["click", "drag", "wheel", "index"].contains { keys.contains($0) },
          "\(page): \(line)")
      }
      if page == "list" {
        #expect(heard.contains("Ctrl-A: select all"), "\(heard)")
        #expect(heard.contains("⇧↑↓: select a range"), "\(heard)")
      }
    }
  }

  /// A notice longer than the room beside "? help q quit" takes the whole status line (the
  /// corrupt `--restore` notice was cut at 100 columns, "… positions not kept" lost: a new
  /// user's finding); a short one keeps the hint beside it.
  @Test func aLongNoticeTakesTheWholeStatusLine() {
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 100, rows: 20))
    gallery.notice =
      "--restore: line 1, column 1: expected a JSON value, found 'g'; left as it is, "
      + "positions not kept"
    let long = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(long.contains("left as it is, positions not kept"), "\(long)")
    #expect(!long.contains("? help"), "\(long)")
    gallery.notice = "find cleared"
    let short = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(short.contains("find cleared") && short.contains("? help"), "\(short)")
  }

  /// Read as lines, the gallery takes keys at any size: nothing is drawn (keys at 10×3 were
  /// dropped unsaid: a new user's finding).
  @Test func aScreenReaderUserIsHeardInATinyTerminal() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", TerminalSize(columns: 60, rows: 20))
    gallery.readsAsLines = true
    _ = gallery.spokenLines()
    gallery.resize(to: TerminalSize(columns: 10, rows: 3))
    pressTestGallery([KeyEvent(.down)], gallery, time: &time)
    let heard = gallery.spokenLines()
    #expect(heard.contains { $0.contains("row 2 of") }, "\(heard)")
  }

  /// A data file of no sections shows no demo data on any page: the option bar has no
  /// categories, the data-source page three empty sections (its demo tasks showed: a new
  /// user's finding).
  @Test func aDataFileOfNoSectionsShowsNoDemoData() throws {
    let data = try GalleryData.parse(Array(#"{"sections": []}"#.utf8))
    var time = 1.0
    let (bar, barCanvas) = makeTestGallery(
      "optionbar", TerminalSize(columns: 100, rows: 20), data: data)
    #expect(drawnTestGallery(bar, barCanvas)[1].contains("0 categories"))
    let (tasks, canvas) = makeTestGallery(
      "datasource", TerminalSize(columns: 100, rows: 20), data: data)
    #expect(drawnTestGallery(tasks, canvas)[1].contains("0 tasks"))
    pressTestGallery([KeyEvent(.character("a"))], tasks, time: &time)
    #expect(drawnTestGallery(tasks, canvas)[1].contains("1 task"))
  }

  /// A data file's control characters show as their pictures on every page, and are read as
  /// spaces (pages showed, stripped or dropped them, and "Tab␉here" was read "Tabhere": a new
  /// user's finding).
  @Test func controlCharactersInADataFileShowAlikeEverywhere() throws {
    let data = try GalleryData.parse(
      Array(
        #"{"title": "T\u001b[2J", "sections": [{"title": "S\u001bx", "items": ["Tab\there"]}], "tags": ["a\u0007b"]}"#
          .utf8))
    #expect(data.title == "T␛[2J")
    #expect(data.sections[0].title == "S␛x")
    #expect(data.sections[0].items[0].title == "Tab␉here")
    #expect(data.tags == ["a␇b"])
    #expect("Tab␉here".spokenForm == "Tab here")
    #expect("Tab\there".spokenForm == "Tab here")
    for page in ["list", "optionbar", "outline", "datasource"] {
      let (gallery, canvas) = makeTestGallery(
        page, TerminalSize(columns: 100, rows: 20), data: data)
      let screen = drawnTestGallery(gallery, canvas).joined(separator: "\n")
      #expect(screen.contains("S␛x") || screen.contains("Tab␉here"), "\(page): \(screen)")
      #expect(!screen.contains("Sx") && !screen.contains("Tabhere"), "\(page)")
    }
  }

  /// The option bar's selected category is said with its name at once, even when End selects
  /// a column not yet shown (its place came first, "1,000 of 1,000, selected", then the line
  /// again with its name: a new user's finding).
  @Test func theOptionBarNamesAColumnBeforeItShows() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("optionbar", TerminalSize(columns: 100, rows: 20))
    gallery.readsAsLines = true
    _ = gallery.spokenLines()
    time += 0.1
    gallery.handle(.key(KeyEvent(.end)), at: time)
    let first = gallery.spokenLines()
    #expect(first.first?.hasPrefix("Topic 1,000, 1,000 of 1,000") == true, "\(first)")
    settleTestGallery(gallery, time: &time)
    let after = gallery.spokenLines()
    #expect(!after.contains { $0.contains("1,000 of 1,000") }, "said once: \(after)")
  }

  /// Keys on an empty board column say so (Space and Ctrl-A were silent there, while >
  /// said "has no card to move": a new user's finding).
  @Test func keysOnAnEmptyBoardColumnSaySo() throws {
    let data = try GalleryData.parse(
      Array(#"{"sections": [{"title": "S", "items": ["one"]}]}"#.utf8))
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "board", TerminalSize(columns: 100, rows: 20), data: data)
    // The board starts in Done, the one column with a card; ← three times goes to To do.
    pressTestGallery([KeyEvent](repeating: KeyEvent(.left), count: 3), gallery, time: &time)
    gallery.readsAsLines = true
    _ = gallery.spokenLines()
    pressTestGallery([KeyEvent(.character(" "))], gallery, time: &time)
    #expect(gallery.spokenLines().contains("To do is empty"))
    gallery.readsAsLines = false
    pressTestGallery([KeyEvent(.character("a"), modifiers: .control)], gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).joined(separator: "\n")
    #expect(status.contains("To do is empty"), "\(status)")
  }

  /// `n` or `N` with no match there yet, the find still looking, says so on the status line
  /// (it did nothing it showed: a new user's finding).
  @Test func aStepThatWaitsForTheFindSaysSo() {
    let (gallery, _) = makeTestGallery(
      "list", TerminalSize(columns: 100, rows: 24), items: 2_000_000)
    for key in [KeyEvent(.character("/"))] + "Falcon".map({ KeyEvent(.character($0)) })
      + [KeyEvent(.enter), KeyEvent(.character("N"))]
    {
      gallery.handle(.key(key), at: 1)
    }
    #expect(
      gallery.currentPage.status.hasPrefix("still searching: no match there yet"),
      "\(gallery.currentPage.status)")
    gallery.handle(.key(KeyEvent(.down)), at: 1.1)
    #expect(!gallery.currentPage.status.contains("still searching"))
  }
}

/// The picker's chosen swatch at the sizes a terminal often has: its frame keeps both sides on
/// every row, and its mark stays inside them (it was drawn over the sides, and over the
/// neighbours' names where the frame held only "…").
@Suite struct PickerChosenFrameTests {
  /// The character at display column `column` of `line` (wide characters take two).
  private func character(_ line: String, at column: Int) -> Character? {
    var x = 0
    for character in line {
      if x == column { return character }
      x += CharacterWidth.of(String(character))
      if x > column { return nil }
    }
    return nil
  }

  @Test(arguments: ["80x24", "60x16", "70x14", "100x30", "120x40"])
  func theChosenSwatchsFrameAndMarkStayWhole(_ size: String) {
    let parts = size.split(separator: "x").compactMap { Int($0) }
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "picker", TerminalSize(columns: parts[0], rows: parts[1]))
    pressTestGallery([.right, .down, .enter], gallery, canvas, time: &time)
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    let lines = canvas.plainTextLines()
    guard let top = lines.firstIndex(where: { $0.contains("┌") }) else {
      // Too small a swatch for a frame: it is underlined, and no "chosen" spills.
      #expect(!lines.contains { $0.contains("chosen✓") || $0.contains("✓ chosen…") })
      return
    }
    let topLine = lines[top]
    let left = CharacterWidth.of(String(topLine[..<topLine.firstIndex(of: "┌")!]))
    let right = CharacterWidth.of(String(topLine[..<topLine.firstIndex(of: "┐")!]))
    #expect(right - left >= 7, "a frame whose inside holds fewer than six columns: \(topLine)")
    guard let bottom = lines[top...].firstIndex(where: { $0.contains("└") }) else {
      Issue.record("no bottom to the frame")
      return
    }
    for row in (top + 1)..<bottom {
      #expect(character(lines[row], at: left) == "│", "row \(row): \(lines[row])")
      #expect(character(lines[row], at: right) == "│", "row \(row): \(lines[row])")
    }
    #expect(lines[top..<bottom].contains { $0.contains("✓") }, "the chosen mark")
  }
}

/// The store after a resize: the focused app shows, whole, and its rail rests on a page (the
/// rail stayed mid-page with the focused app off screen: a new user's finding).
@Suite struct StoreResizeTests {
  @Test func aResizeKeepsTheFocusedAppInItsRail() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("store", TerminalSize(columns: 100, rows: 30))
    pressTestGallery([.down, .down, .down, .right, .right, .right], gallery, canvas, time: &time)
    let status = canvas.plainTextLines().last ?? ""
    #expect(status.contains("6 of 500"), "\(status)")
    let name = status.split(separator: "·").first.map { $0.trimmingCharacters(in: .whitespaces) }
    for size in [TerminalSize(columns: 20, rows: 6), TerminalSize(columns: 40, rows: 12)] {
      gallery.resize(to: size)
      canvas.resize(columns: size.columns, rows: size.rows)
      settleTestGallery(gallery, time: &time)
      gallery.draw(into: canvas)
    }
    let lines = canvas.plainTextLines()
    #expect(canvas.plainTextLines().last?.contains("6 of") == true)
    #expect(
      lines.dropLast().contains { line in name.map { line.contains($0.prefix(10)) } ?? false },
      "the focused app \(name ?? "?") is on screen: \(lines)")
  }
}
