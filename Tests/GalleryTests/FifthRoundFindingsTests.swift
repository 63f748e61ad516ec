import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// Findings of the fifth round of new-user sessions (a terminal in tmux, GTK over AT-SPI), each
/// replayed as the user did it.
@Suite struct FifthRoundFindingsTests {
  /// A file `text`, opened and loaded, with `edit` applied; saved in place. Returns what the
  /// file holds then.
  private func savedBytes(of text: String, edit: (CSVTable) -> Void) throws -> [UInt8] {
    let path = NSTemporaryDirectory() + "reusekit-cr-\(getpid())-\(UUID().uuidString).csv"
    defer {
      unlink(path)
      unlink(path + ".bak")
    }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let table = CSVTable(file: try CSVFile.open(path: path))
    for _ in 0..<500 where table.loadingStatus != nil {
      Thread.sleep(forTimeInterval: 0.01)
      _ = table.update()
    }
    #expect(table.loadingStatus == nil)
    edit(table)
    _ = try table.save()
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// An old Mac's file, its lines ended by CR alone: an edited row keeps its CR. It was written
  /// without one, ran into the next row, and the saved file no longer opened.
  @Test func anEditedRowOfACarriageReturnFileKeepsItsLineEnd() throws {
    let saved = try savedBytes(of: "name,qty\rapple,1\rpear,2\rplum,3\r") { table in
      #expect(table.rowCount == 3)
      #expect(table.text(row: 1, column: 0) == "pear")
      _ = table.setText("PEAR", row: 1, column: 0)
    }
    #expect(String(decoding: saved, as: UTF8.self) == "name,qty\rapple,1\rPEAR,2\rplum,3\r")
    // And the last row, ended or not, as the file had it.
    let last = try savedBytes(of: "name,qty\rapple,1\rpear,2") { table in
      _ = table.setText("PEAR", row: 1, column: 0)
    }
    #expect(String(decoding: last, as: UTF8.self) == "name,qty\rapple,1\rPEAR,2")
  }

  /// A table left at row 500, column 5, reopened with 100 rows: the cursor is on the last row in
  /// the same column. It went to the last row's last column, the view scrolled to the far right.
  @Test func aTableRestoredWithFewerRowsKeepsTheCursorsColumn() throws {
    let size = TerminalSize(columns: 100, rows: 30)
    let (first, _) = makeTestGallery("table", size, tableRows: 1_000)
    let view = try #require((first.currentPage as? TablePage)?.model.table.collectionView)
    view.focusItem(at: ItemPath(section: 499, item: 4))
    let saved = first.savedPositions()
    #expect(saved.positions["table"]?.focus == ItemPath(section: 499, item: 4))

    let second = Gallery(
      options: GalleryOptions(itemCount: 100, tableRows: 100), initialPage: "list")
    second.restore(saved)
    second.resize(to: size)
    let canvas = Canvas(columns: size.columns, rows: size.rows)
    second.draw(into: canvas)
    let table = try #require((second.currentPage as? TablePage)?.model.table.collectionView)
    #expect(table.focusedIndexPath == ItemPath(section: 99, item: 4))
    #expect(table.contentOffset.x < 100, "not scrolled to the last column: \(table.contentOffset)")
  }

  /// The settings page left with "Show advanced" on and the cursor on "Logging", in that
  /// section: restored, the section is there and the cursor on the same row. The switches were
  /// not kept, and the focus landed on the list's last item.
  @Test func settingsRestoreTheirSwitchesBeforeTheCursor() throws {
    let size = TerminalSize(columns: 100, rows: 30)
    var time = 1.0
    let (first, _) = makeTestGallery("settings", size)
    let model = try #require((first.currentPage as? SettingsPage)?.model)
    // Down to "Show advanced" (the sixth row), Space, then two rows on: "Logging". Bluetooth
    // on too (the second row).
    pressTestGallery(
      [KeyEvent(.down), KeyEvent(.character(" "))]
        + [KeyEvent](repeating: KeyEvent(.down), count: 4)
        + [KeyEvent(.character(" ")), KeyEvent(.down), KeyEvent(.down)], first, time: &time)
    let logging = try #require(model.collectionView.focusedIndexPath)
    #expect(model.itemTitle(at: logging) == "Logging")
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    #expect(saved.positions["settings"]?.switches?["advanced"] == true)

    let second = Gallery(options: GalleryOptions(itemCount: 1_000), initialPage: "list")
    second.restore(saved)
    second.resize(to: size)
    let canvas = Canvas(columns: size.columns, rows: size.rows)
    second.draw(into: canvas)
    let restored = try #require((second.currentPage as? SettingsPage)?.model)
    #expect(restored.switchStates == model.switchStates, "every switch as it was")
    let focus = try #require(restored.collectionView.focusedIndexPath)
    #expect(restored.itemTitle(at: focus) == "Logging")
    #expect(restored.collectionView.cellForItem(at: focus) != nil, "in view")
  }

  /// The board left with a card moved to Doing and the cursor deep in To do: restored, the
  /// card is still in Doing and the cursor on the same card. The moves came back undone, and
  /// the cursor, kept by place, landed on the card before it.
  @Test func theBoardRestoresItsCardsAndTheCardUnderTheCursor() throws {
    let size = TerminalSize(columns: 100, rows: 30)
    var time = 1.0
    let (first, _) = makeTestGallery("board", size, items: 1_000)
    let model = try #require((first.currentPage as? BoardPage)?.model)
    pressTestGallery(
      [KeyEvent](repeating: KeyEvent(.down), count: 5) + [KeyEvent(.character(">"))]
        + [KeyEvent(.left), KeyEvent(.pageDown), KeyEvent(.down)], first, time: &time)
    settleTestGallery(first, time: &time)
    let moved = model.cards[1][0]
    let focus = try #require(model.columns[0].focusedIndexPath)
    let card = model.cards[0][focus.item]
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))

    let second = Gallery(options: GalleryOptions(itemCount: 1_000), initialPage: "list")
    second.restore(saved)
    second.resize(to: size)
    second.draw(into: Canvas(columns: size.columns, rows: size.rows))
    let restored = try #require((second.currentPage as? BoardPage)?.model)
    #expect(restored.cards.map(\.count) == model.cards.map(\.count), "the moves kept")
    #expect(restored.cards.elementsEqual(model.cards), "every card in its place")
    #expect(restored.cards[1][0] == moved)
    let restoredFocus = try #require(restored.columns[0].focusedIndexPath)
    #expect(restored.cards[0][restoredFocus.item] == card, "the same card under the cursor")
    // Another board (other `--items`): its own cards, left as they are.
    let third = Gallery(options: GalleryOptions(itemCount: 500), initialPage: "list")
    third.restore(saved)
    third.resize(to: size)
    third.draw(into: Canvas(columns: size.columns, rows: size.rows))
    let other = try #require((third.currentPage as? BoardPage)?.model)
    #expect(other.cards.joined().count == 1_500)
  }

  /// A run on a file keeps its places apart from the demo's: the demo table's place is not
  /// applied to the file's table, and both are in the file the run writes. The file's run
  /// took the demo's place and wrote its own over it (a new user's finding).
  @Test func aFilesPlacesAreKeptApartFromTheDemos() throws {
    let size = TerminalSize(columns: 100, rows: 30)
    let (demo, _) = makeTestGallery("table", size, tableRows: 1_000)
    let demoView = try #require((demo.currentPage as? TablePage)?.model.table.collectionView)
    demoView.focusItem(at: ItemPath(section: 52, item: 3))
    let saved = try GalleryPositions.parse(Array(demo.savedPositions().json.utf8))

    let second = Gallery(
      options: GalleryOptions(itemCount: 100, tableRows: 100), initialPage: "list")
    second.positionsData = "/data/people.csv"
    second.restore(saved)
    second.resize(to: size)
    second.draw(into: Canvas(columns: size.columns, rows: size.rows))
    let view = try #require((second.currentPage as? TablePage)?.model.table.collectionView)
    #expect(view.focusedIndexPath != ItemPath(section: 52, item: 3), "not the demo's place")
    view.focusItem(at: ItemPath(section: 7, item: 1))
    let both = second.savedPositions()
    #expect(both.positions["table"]?.focus == ItemPath(section: 52, item: 3), "the demo's kept")
    #expect(both.positions["table@/data/people.csv"]?.focus == ItemPath(section: 7, item: 1))
  }

  /// `--show-cursor`: on the pages whose view has no focused item (the option bar's selected
  /// column, the carousel's centred card, the picker's centred swatch, the chat's message read),
  /// the cursor goes where a screen reader reads. It stayed on the status line.
  @Test func theCursorGoesWhereTheScreenReaderReads() throws {
    let size = TerminalSize(columns: 100, rows: 30)
    for page in ["optionbar", "carousel", "picker", "chat"] {
      var time = 1.0
      let (gallery, canvas) = makeTestGallery(page, size)
      pressTestGallery([KeyEvent(.right)], gallery, time: &time)
      settleTestGallery(gallery, time: &time)
      gallery.draw(into: canvas)
      let cursor = try #require(gallery.currentPage.cursorPosition, "\(page)")
      #expect(cursor.row >= 1 && cursor.row < size.rows - 1, "\(page): \(cursor)")
      if page == "optionbar" {
        let element = try #require(gallery.currentPage.accessibilityFocus)
        // On the selected column's title.
        let line = canvas.plainTextLines()[cursor.row]
        let from = line.index(line.startIndex, offsetBy: cursor.column)
        #expect(
          line[from...].drop(while: { $0 == " " }).hasPrefix(element.label.prefix(2)),
          "\(line) at \(cursor)")
      }
    }
  }

  /// Another program changes the open file in place: the next key shows a warning first on the
  /// status line, and a screen reader hears it (the rows showed other rows' bytes, cut at
  /// random, and nothing said so until Ctrl-S refused).
  @Test func aFileChangedOnDiskIsSaidAtTheNextKey() throws {
    let path = NSTemporaryDirectory() + "reusekit-disk-\(getpid())-\(UUID().uuidString).csv"
    defer { unlink(path) }
    try (["id,name"] + (1...200).map { "\($0),name \($0)" }).joined(separator: "\n")
      .write(toFile: path, atomically: false, encoding: .utf8)
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 100, rows: 20), csv: try CSVFile.open(path: path))
    let model = try #require((gallery.currentPage as? TablePage)?.model)
    for _ in 0..<500 where model.content.loadingStatus != nil {
      Thread.sleep(forTimeInterval: 0.01)
      time += 0.01
      gallery.tick(now: time)
    }
    pressTestGallery([KeyEvent(.down)], gallery, time: &time)
    #expect(!drawnTestGallery(gallery, canvas).last!.contains("changed"))
    _ = gallery.spokenLines()
    // Three bytes put in near the top, as the user did.
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    bytes.insert(contentsOf: Array("XYZ".utf8), at: 10)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.write(Data(bytes))
    handle.closeFile()
    pressTestGallery([KeyEvent(.down)], gallery, time: &time)
    let drawn = drawnTestGallery(gallery, canvas).last!
    #expect(drawn.hasPrefix(" ⚠ reusekit-disk-"), "first on the status line: \(drawn)")
    #expect(
      model.status.contains("another program changed it since it was opened"), "\(model.status)")
    #expect(gallery.spokenLines().contains { $0.contains("the rows shown may be wrong") })
  }

  /// The picker's chosen swatch says so: in its value (drawn "✓ chosen" and told to no one),
  /// in a step's words back onto it, and in what the page says as it shows (it said nothing
  /// of the centred swatch until an arrow, in GTK).
  @Test func thePickersChosenSwatchIsSaidSo() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("picker", TerminalSize(columns: 100, rows: 30))
    let page = try #require(gallery.currentPage as? PickerPage)
    #expect(page.model.spokenOnShow == nil, "the terminal reads the centred swatch as its focus")
    page.model.announcesMoves = true
    #expect(page.model.spokenOnShow == "红 red 400×500, row 1 of 6, column 1 of 8")
    #expect(page.accessibilityFocus?.value == "400×500")
    var said: [String] = []
    page.model.picker.collectionView.accessibilityAnnouncementHandler = { said.append($0) }
    pressTestGallery([KeyEvent(.enter)], gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(page.accessibilityFocus?.value == "400×500, chosen")
    #expect(page.model.spokenOnShow?.contains("400×500, chosen, row 1") == true)
    pressTestGallery([KeyEvent(.right), KeyEvent(.left)], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    #expect(said.last == "红 red 400×500, chosen, row 1 of 6, column 1 of 8", "\(said)")
  }

  /// The picker's ends, as a grid's keys go (Home and End did nothing): Home and End the first
  /// and last colour, Control-Home and Control-End (PgUp, PgDn) the first and last size.
  @Test func thePickerGoesToItsEnds() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("picker", TerminalSize(columns: 100, rows: 30))
    let picker = try #require((gallery.currentPage as? PickerPage)?.model.picker)
    func press(_ key: KeyEvent) -> (row: Int, column: Int) {
      pressTestGallery([key], gallery, time: &time)
      settleTestGallery(gallery, time: &time)
      return (picker.currentRow, picker.currentColumn)
    }
    let rows = SwatchModel<SwatchCell>.widths.count
    let columns = SwatchModel<SwatchCell>.colors.count
    #expect(press(KeyEvent(.end)) == (0, columns - 1))
    #expect(press(KeyEvent(.end, modifiers: .control)) == (rows - 1, columns - 1))
    #expect(press(KeyEvent(.home)) == (rows - 1, 0))
    #expect(press(KeyEvent(.pageUp)) == (0, 0))
    #expect(press(KeyEvent(.pageDown)) == (rows - 1, 0))
    #expect(press(KeyEvent(.home, modifiers: .control)) == (0, 0))
  }

  /// The waterfall's first page is what the page shows, not news: "60 items added" was said
  /// before the first card. A page loaded later is said.
  @Test func theWaterfallsFirstPageIsNotSaidAsAdded() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 100, rows: 30))
    gallery.draw(into: canvas)
    let first = gallery.spokenLines()
    #expect(!first.contains { $0.contains("added") }, "\(first)")
    #expect(first.contains { $0.contains("1 of 60") }, "\(first)")
    pressTestGallery([KeyEvent(.end)], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    let later = gallery.spokenLines()
    #expect(later.contains { $0.hasSuffix("items added") }, "\(later)")
  }

  /// A store rail's tile, entered from above, names its rail once, then how the rail scrolls:
  /// "…, 3.4 stars, Top free, 3 of 500, one app a swipe". The heading said "in Top free" again.
  @Test func aRailEnteredIsNamedOnce() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("store", TerminalSize(columns: 100, rows: 30))
    gallery.draw(into: canvas)
    _ = gallery.spokenLines()
    pressTestGallery([KeyEvent(.down)], gallery, time: &time)
    gallery.draw(into: canvas)
    let line = try #require(gallery.spokenLines().last)
    #expect(line.components(separatedBy: "Top free").count == 2, "once: \(line)")
    #expect(line.hasSuffix(" of 500, one app a swipe"), "\(line)")
    // Settings' headings are not in their rows' lines: said as before.
    let (settings, settingsCanvas) = makeTestGallery(
      "settings", TerminalSize(columns: 100, rows: 30))
    settings.draw(into: settingsCanvas)
    #expect(settings.spokenLines().contains { $0.hasSuffix(", in Connections") })
  }

  /// Escape during a box selection puts the selection back and leaves the cursor where it was
  /// (it went to a card the box had covered, often one half off screen).
  @Test func escapeDuringABoxLeavesTheCursorWhereItWas() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 100, rows: 30))
    gallery.draw(into: canvas)
    let view = try #require(gallery.currentPage.restorableView)
    let before = view.focusedIndexPath
    #expect(before == ItemPath(section: 0, item: 0))
    func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int) {
      gallery.handle(
        .mouse(MouseEvent(kind: kind, column: column, row: row, modifiers: .shift)), at: time)
      time += 0.05
      gallery.tick(now: time)
    }
    mouse(.press, 29, 11)
    for step in 1...6 { mouse(.drag, 29 + step * 5, 11 + step) }
    #expect(view.numberOfSelectedItems > 0, "the box selected cards")
    gallery.handle(.key(KeyEvent(.escape)), at: time)
    mouse(.release, 59, 17)
    settleTestGallery(gallery, time: &time)
    #expect(view.numberOfSelectedItems == 0, "the selection is put back")
    #expect(view.focusedIndexPath == before)
  }

  /// A click on the store's peeking Featured card opens it and brings it into view: it was
  /// opened and left cut at the right edge, the rail still on the card before.
  @Test func aClickOnAPeekingStoreCardScrollsItIn() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("store", TerminalSize(columns: 100, rows: 30))
    let view = try #require(gallery.currentPage.restorableView)
    gallery.draw(into: canvas)
    let peeking = ItemPath(section: 0, item: 1)
    let before = try #require(view.accessibilityElement(forItemAt: peeking)).frame
    #expect(before.maxX > view.viewportSize.width, "it peeks past the edge: \(before)")
    let column = Int(before.minX) + 2
    let row = Int(before.midY) + 2  // below the tab strip and the heading
    gallery.handle(.mouse(MouseEvent(kind: .press, column: column, row: row)), at: time)
    time += 0.05
    gallery.handle(.mouse(MouseEvent(kind: .release, column: column, row: row)), at: time)
    settleTestGallery(gallery, time: &time)
    #expect(view.focusedIndexPath == peeking)
    let after = try #require(view.accessibilityElement(forItemAt: peeking)).frame
    #expect(after.minX >= 0 && after.maxX <= view.viewportSize.width, "in view: \(after)")
  }

  /// `--items` past the board's most: its heading says the count is the most (30,000 cards
  /// showed for ten million asked, without a word).
  @Test func theBoardSaysItsCountIsTheMost() {
    let size = TerminalSize(columns: 100, rows: 20)
    let (big, canvas) = makeTestGallery("board", size, items: 100_000)
    #expect(drawnTestGallery(big, canvas)[1].contains("30,000 cards (the most)"))
    let (small, again) = makeTestGallery("board", size, items: 100)
    #expect(!drawnTestGallery(small, again)[1].contains("the most"))
  }
}
