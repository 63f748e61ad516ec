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
