import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// The findings of the sixth round of new users' sessions (tmux and GTK), each replayed.
@Suite struct SixthRoundFindingsTests {
  private let size = TerminalSize(columns: 110, rows: 32)

  /// The board and the data source take a desktop's undo and redo keys (GTK's Ctrl-Z did
  /// nothing and said nothing).
  @Test func ctrlZUndoesOnTheBoardAndTheDataSource() throws {
    var time = 1.0
    let (board, _) = makeTestGallery("board", size)
    let model = try #require((board.currentPage as? BoardPage)?.model)
    let before = model.cards
    pressTestGallery([KeyEvent(.character(">"))], board, time: &time)
    settleTestGallery(board, time: &time)
    #expect(!model.cards.elementsEqual(before), "moved")
    #expect(model.handle(KeyPress(.character("z"), modifiers: .control)))
    settleTestGallery(board, time: &time)
    #expect(model.cards.elementsEqual(before), "undone by Ctrl-Z")
    #expect(model.handle(KeyPress(.character("y"), modifiers: .control)))
    settleTestGallery(board, time: &time)
    #expect(!model.cards.elementsEqual(before), "redone by Ctrl-Y")

    let (tasks, _) = makeTestGallery("datasource", size)
    let page = try #require(tasks.currentPage as? DataSourcePage)
    let first = page.model.tasks
    pressTestGallery([KeyEvent(.character("s"))], tasks, time: &time)
    settleTestGallery(tasks, time: &time)
    #expect(page.model.tasks.map { $0.map(\.id) } != first.map { $0.map(\.id) }, "shuffled")
    #expect(page.model.handle(KeyPress(.character("z"), modifiers: .control)))
    settleTestGallery(tasks, time: &time)
    #expect(page.model.tasks.map { $0.map(\.id) } == first.map { $0.map(\.id) }, "undone")
  }

  /// ← on a task of the first section stays, and says why; → on the last likewise; `m` still
  /// goes round. ← on a To do task moved it to Done and checked it.
  @Test func theArrowsStopAtTheFirstAndLastSections() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("datasource", size)
    let model = try #require((gallery.currentPage as? DataSourcePage)?.model)
    let before = model.tasks.map { $0.map(\.id) }
    pressTestGallery([KeyEvent(.left)], gallery, time: &time)
    #expect(model.tasks.map { $0.map(\.id) } == before, "nothing moved")
    #expect(model.lastChange.contains("is the first section"), "\(model.lastChange)")
    pressTestGallery([KeyEvent(.character("m"))], gallery, time: &time)
    #expect(model.tasks[1].count == before[1].count + 1, "m moves on")
  }

  /// A drop refused over Done leaves one selection on the board: the card dropped in Doing
  /// before is no longer painted selected, and `>` moves the card under the cursor, as the
  /// status says.
  @Test func aRefusedDropLeavesOneSelection() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 120, rows: 30))
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    // `>` moves #1 to Doing, where it is selected.
    pressTestGallery([KeyEvent(.character(">"))], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    #expect(model.columns[1].numberOfSelectedItems == 1)
    // A drag of #3 from To do over Done, let go there.
    let lines = drawnTestGallery(gallery, canvas)
    let row = try #require(lines.firstIndex { $0.contains("#3 ") })
    let column = try #require(lines[row].range(of: "#3 ")).lowerBound.utf16Offset(in: lines[row])
    dragTestGallery(gallery, from: (column + 2, row), step: (4, 0), steps: 22, time: &time)
    settleTestGallery(gallery, time: &time)
    #expect(model.activeColumn == 0)
    #expect(model.columns[1].numberOfSelectedItems == 0, "Doing's selection went")
  }
}

/// The findings of the seventh round of new users' sessions (tmux and GTK), after the pages'
/// host code moved into their models, each replayed.
extension SixthRoundFindingsTests {
  private var seventhSize: TerminalSize { TerminalSize(columns: 100, rows: 30) }

  /// The list's page restores the strip's place and which of the two has the keys (it came
  /// back in the list, the strip's chosen tag and scroll lost).
  @Test func theTagStripsFocusAndPlaceAreRestored() throws {
    var time = 1.0
    let (first, _) = makeTestGallery("list", seventhSize)
    let model = try #require((first.currentPage as? ListPage)?.model)
    pressTestGallery(
      [KeyEvent(.down), KeyEvent(.down), KeyEvent(.tab)]
        + [KeyEvent](repeating: KeyEvent(.right), count: 12), first, time: &time)
    settleTestGallery(first, time: &time)
    #expect(model.focus == .strip)
    let chip = try #require(model.strip.focusedIndexPath)
    let offset = model.strip.contentOffset.x
    #expect(offset > 0, "the strip scrolled to its 13th chip")
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))

    let second = Gallery(options: GalleryOptions(itemCount: 1_000), initialPage: "list")
    second.restore(saved)
    second.resize(to: seventhSize)
    let canvas = Canvas(columns: seventhSize.columns, rows: seventhSize.rows)
    let screen = drawnTestGallery(second, canvas)
    let restored = try #require((second.currentPage as? ListPage)?.model)
    #expect(restored.focus == .strip, "the strip has the keys again")
    #expect(restored.strip.focusedIndexPath == chip)
    #expect(abs(restored.strip.contentOffset.x - offset) < 1)
    #expect(restored.list.focusedIndexPath == ItemPath(section: 0, item: 2), "the list's too")
    #expect(screen[1].contains("strip focused"), "\(screen[1])")
  }

  /// A board of one card, which falls in Done, has its keys in Done, not in an empty To do
  /// ("To do: no card" while the only card was elsewhere).
  @Test func theBoardStartsInItsFirstColumnWithCards() throws {
    let file = try GalleryData.parse(
      Array(#"{"sections": [{"title": "A", "items": []}, {"title": "B", "items": ["one"]}]}"#.utf8))
    let (gallery, canvas) = makeTestGallery("board", seventhSize, data: file)
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    #expect(model.cards[3].count == 1)
    #expect(model.activeColumn == 3)
    #expect(model.columns[3].focusedIndexPath == ItemPath(section: 0, item: 0))
    #expect(model.status.hasPrefix("Done: one"), "\(model.status)")
    let screen = drawnTestGallery(gallery, canvas)
    #expect(screen.joined().contains("No cards"), "the empty columns say so")
  }

  /// A card's searchable text is its name without its number, so GTK's type-ahead finds
  /// "#3 Cobalt Falcon" by "c" (it found no card on the board: a new user's finding).
  @Test func aBoardCardIsFoundByItsName() throws {
    let (gallery, _) = makeTestGallery("board", seventhSize)
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    let third = ItemPath(section: 0, item: 2)
    #expect(model.cardTitle(model.cards[0][2]) == "#3 Cobalt Falcon")
    #expect(
      model.sources[0].collectionView(model.columns[0], searchableTextForItemAt: third)
        == "Cobalt Falcon")
  }

  /// Pages with nothing to show say so in words: the board's columns and the outline were
  /// blank under their headings (the data source's sections count their tasks).
  @Test func emptyPagesSaySo() throws {
    for (page, words) in [("board", "No cards"), ("outline", "No places")] {
      let (gallery, canvas) = makeTestGallery(page, seventhSize, items: 0)
      let text = drawnTestGallery(gallery, canvas).joined(separator: "\n")
      #expect(text.contains(words), "\(page):\n\(text)")
      // With items, they say nothing of the kind.
      let (full, fullCanvas) = makeTestGallery(page, seventhSize)
      #expect(!drawnTestGallery(full, fullCanvas).joined().contains(words), "\(page)")
    }
  }
}

/// An eighth round of new users' findings (a tmux session and a GTK one).
extension SixthRoundFindingsTests {
  /// A board key that can do nothing is said to a screen reader as it shows in the status
  /// ("no column to the right of Done": a screen reader heard nothing).
  @Test func aRefusedBoardKeyIsSaid() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 100, rows: 30))
    pressTestGallery([.right, .right, .right], gallery, canvas, time: &time)
    _ = gallery.spokenLines()
    pressTestGallery([.character(">")], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("no column to the right of Done") == true)
    let said = gallery.spokenLines()
    #expect(said.contains { $0.contains("no column to the right of Done") }, "\(said)")
    pressTestGallery([.left, .left, .left, .character("<")], gallery, canvas, time: &time)
    let left = gallery.spokenLines()
    #expect(left.contains { $0.contains("no column to the left of To do") }, "\(left)")
  }

  /// Airplane mode says what else it switched ("Wi-Fi and Bluetooth off"), on screen and to a
  /// screen reader (only "Airplane mode: on" was said), and what came back when it ends.
  @Test func airplaneModeSaysWhatItSwitched() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 100, rows: 30))
    for _ in 0..<10 where !gallery.currentPage.status.hasPrefix("Airplane mode") {
      pressTestGallery([.down], gallery, canvas, time: &time)
    }
    #expect(gallery.currentPage.status.hasPrefix("Airplane mode: off"))
    _ = gallery.spokenLines()
    pressTestGallery([.character(" ")], gallery, canvas, time: &time)
    let status = gallery.currentPage.status
    #expect(status.contains("Airplane mode: on") && status.contains("Wi-Fi"), "\(status)")
    #expect(status.contains(" off"), "\(status)")
    let said = gallery.spokenLines()
    #expect(said.contains { $0.contains("Wi-Fi") && $0.contains("off") }, "\(said)")
    pressTestGallery([.character(" ")], gallery, canvas, time: &time)
    #expect(gallery.spokenLines().contains { $0.contains("on again") })
  }
}
