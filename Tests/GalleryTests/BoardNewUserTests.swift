import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// The board page, as a new user found it: a card dropped on the first card of a column lands
/// first, keys that would change the selection wait for a drag's drop, the help ends a drag,
/// a column pressed in its empty space gets a cursor, and `--items 0` is an empty board.
@Suite struct BoardNewUserTests {
  private let size = TerminalSize(columns: 120, rows: 30)

  private func mouse(
    _ gallery: Gallery, _ kind: MouseEvent.Kind, _ at: (column: Int, row: Int), _ time: Double
  ) {
    gallery.handle(.mouse(MouseEvent(kind: kind, column: at.column, row: at.row)), at: time)
  }

  /// Where `text` is drawn (0-based column and row).
  private func place(of text: String, in lines: [String]) throws -> (column: Int, row: Int) {
    let row = try #require(lines.firstIndex { $0.contains(text) }, "\(text) on screen")
    let range = try #require(lines[row].range(of: text))
    return (lines[row].distance(from: lines[row].startIndex, to: range.lowerBound), row)
  }

  /// Presses on `from`, moves in steps to `to`, and holds there (not released).
  private func hold(
    _ gallery: Gallery, from: (column: Int, row: Int), to: (column: Int, row: Int),
    time: inout Double
  ) {
    mouse(gallery, .press, from, time)
    for step in 1...12 {
      time += 1.0 / 30
      let column = from.column + (to.column - from.column) * step / 12
      let row = from.row + (to.row - from.row) * step / 12
      mouse(gallery, .drag, (column, row), time)
      gallery.tick(now: time)
    }
  }

  /// A board whose card `card` is pressed and dragged over card `target` (held there), with
  /// the clock after it, the point over the target card, and the row the card was on.
  private func dragging(
    _ card: String, over target: String
  ) throws -> (
    gallery: Gallery, canvas: Canvas, time: Double, target: (column: Int, row: Int), row: Int
  ) {
    let (gallery, canvas) = makeTestGallery("board", size)
    var time = 1.0
    let lines = drawnTestGallery(gallery, canvas)
    let from = try place(of: card, in: lines)
    let over = try place(of: target, in: lines)
    hold(gallery, from: (from.column + 2, from.row), to: (over.column + 2, over.row), time: &time)
    return (gallery, canvas, time, (over.column + 2, over.row), from.row)
  }

  /// A terminal made small and large again during a drag: the gap, the status and the drop
  /// agree with the pointer, which never moved (the pointer was kept on the small terminal's
  /// last row: the gap opened at position 2 while the card showed at the mouse, and the drop
  /// went to position 7: a new user's finding).
  @Test func aResizeDuringADragKeepsTheDropUnderThePointer() throws {
    let (gallery, canvas) = makeTestGallery("board", TerminalSize(columns: 100, rows: 30))
    var time = 1.0
    let from = try place(of: "#4 Dusky", in: drawnTestGallery(gallery, canvas))
    hold(gallery, from: (from.column + 2, from.row), to: (60, 8), time: &time)
    settleTestGallery(gallery, time: &time)
    let held = drawnTestGallery(gallery, canvas).last ?? ""
    let position = try #require(
      held.range(of: #"Review, position \d+"#, options: .regularExpression))
    for size in [TerminalSize(columns: 20, rows: 6), TerminalSize(columns: 100, rows: 30)] {
      gallery.resize(to: size)
      canvas.resize(columns: size.columns, rows: size.rows)
      time += 0.1
      gallery.tick(now: time)
      gallery.draw(into: canvas)
    }
    settleTestGallery(gallery, time: &time)
    let after = drawnTestGallery(gallery, canvas).last ?? ""
    let said = try #require(after.range(of: #"Review, position \d+"#, options: .regularExpression))
    // The place under the pointer (the item's middle decides by the way the pointer came).
    let number = { (text: Substring) in Int(text.split(separator: " ").last!)! }
    #expect(abs(number(after[said]) - number(held[position])) <= 1, "\(after), held: \(held)")
    mouse(gallery, .release, (60, 8), time)
    settleTestGallery(gallery, time: &time)
    let dropped = drawnTestGallery(gallery, canvas)
    #expect(dropped.last?.contains("moved 1 card to Review") == true, "\(dropped.last ?? "")")
    // Where the status said, under the pointer.
    let first = try place(of: "#1,801", in: dropped).row
    let card = try place(of: "#4 Dusky", in: dropped).row
    #expect(card - first + 1 == number(after[said]), "\(dropped)")
    #expect(abs(card - 8) <= 1, "\(dropped)")
  }

  @Test func aCardDroppedOnAColumnsFirstCardLandsFirst() throws {
    // Onto Doing's first card.
    var (gallery, canvas, time, first, _) = try dragging("#2 Brisk", over: "#1,201")
    let held = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(held.contains("drop moves 1 card to Doing, position 1"), "\(held)")
    mouse(gallery, .release, first, time)
    settleTestGallery(gallery, time: &time)
    let after = drawnTestGallery(gallery, canvas)
    let moved = try place(of: "#2 Brisk", in: after)
    #expect(moved.row == first.row, "first in Doing: \(after[first.row])")
    #expect(after.last?.contains("moved 1 card to Doing") == true)
  }

  /// A drop undone: the card goes back, selected, and the cursor with it (it went to the
  /// first card of the column: a new user's finding).
  @Test func aDropUndoneTakesTheCursorBackWithTheCard() throws {
    var (gallery, canvas, time, target, _) = try dragging("#5 Eager", over: "#1,201")
    mouse(gallery, .release, target, time)
    settleTestGallery(gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("moved 1 card to Doing") == true)
    time += 0.1
    gallery.handle(.key(KeyEvent(.character("u"))), at: time)
    settleTestGallery(gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("To do: #5 Eager Falcon"), "\(status)")
    #expect(status.contains("undid: 1 card back to To do"), "\(status)")
  }

  /// A drag cut off by a page switch puts the card back with the cursor on it, and the card
  /// an earlier drop selected in another column is no longer selected (the cursor went to the
  /// column's first card, and two columns showed a selection: a new user's finding, in GTK).
  @Test func aDragCutOffByAPageSwitchLeavesTheCursorOnItsCard() throws {
    var (gallery, canvas, time, target, _) = try dragging("#2 Brisk", over: "#1,201")
    mouse(gallery, .release, target, time)
    settleTestGallery(gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).contains { $0.contains("✓#2 Brisk") })
    let lines = drawnTestGallery(gallery, canvas)
    let from = try place(of: "#3 Cobalt", in: lines)
    let over = try place(of: "#1,205", in: lines)
    hold(gallery, from: (from.column + 2, from.row), to: (over.column + 2, over.row), time: &time)
    for event in [InputEvent.key(KeyEvent(.character("]")))] {
      time += 0.05
      gallery.handle(event, at: time)
    }
    mouse(gallery, .release, over, time)
    time += 0.05
    gallery.handle(.key(KeyEvent(.character("["))), at: time)
    settleTestGallery(gallery, time: &time)
    let after = drawnTestGallery(gallery, canvas)
    #expect(after.last?.contains("To do: #3 Cobalt Falcon") == true, "\(after.last ?? "")")
    #expect(!after.contains { $0.contains("✓") }, "no selection left: \(after)")
  }

  @Test func selectionKeysDoNothingDuringADragAndTheHelpEndsIt() throws {
    var (gallery, canvas, time, target, row) = try dragging("#3 Cobalt", over: "#1,205")
    for key in [KeyEvent(.tab), KeyEvent(.character("a"), modifiers: .control), KeyEvent(.end)] {
      time += 0.05
      gallery.handle(.key(key), at: time)
    }
    var status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("drop moves 1 card to Doing"), "still dragging: \(status)")
    // Nothing in Doing was selected under the drag.
    #expect(!drawnTestGallery(gallery, canvas).contains { $0.contains("✓#1,20") })
    // The help covers the page: the drag ends, and the release it takes leaves nothing held.
    time += 0.05
    gallery.handle(.key(KeyEvent(.character("?"))), at: time)
    mouse(gallery, .release, target, time)
    time += 0.05
    gallery.handle(.key(KeyEvent(.escape)), at: time)
    settleTestGallery(gallery, time: &time)
    status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(!status.contains("drop moves"), "\(status)")
    #expect(status.contains("went back"), "\(status)")
    let after = drawnTestGallery(gallery, canvas)
    #expect(try place(of: "#3 Cobalt", in: after).row == row, "the card is where it was")
  }

  @Test func aColumnPressedBelowItsCardsGetsACursor() throws {
    let (gallery, canvas) = makeTestGallery("board", size, items: 3)
    var time = 1.0
    let lines = drawnTestGallery(gallery, canvas)
    let card = try place(of: "#4 ", in: lines)  // Doing's one card
    mouse(gallery, .press, (card.column + 2, card.row + 5), time)
    mouse(gallery, .release, (card.column + 2, card.row + 5), time)
    settleTestGallery(gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("Doing: #4 "), "\(status)")
  }

  @Test func noItemsMakeAnEmptyBoard() {
    let (gallery, canvas) = makeTestGallery("board", size, items: 0)
    let lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains("0 cards"), "\(lines[1])")
    #expect(lines.last?.contains("To do: no card") == true, "\(lines.last ?? "")")
  }

  /// A wheel notch during a drag scrolls the column under the pointer, and the gap, the
  /// dragged card and the drop follow the cards that moved under it (the card was drawn at the
  /// wheel's place while the gap stayed and the drop went elsewhere).
  @Test func theWheelDuringADragScrollsTheColumnAndTheDropFollows() throws {
    var (gallery, canvas, time, target, _) = try dragging("#2 Brisk", over: "#1,207")
    let before = drawnTestGallery(gallery, canvas).last ?? ""
    // Come down onto #1,207: after it.
    #expect(before.contains("drop moves 1 card to Doing, position 8"), "\(before)")
    // Two notches down at the pointer's place: Doing shows 6 cards further on.
    for _ in 0..<2 {
      time += 0.05
      mouse(gallery, .scrollDown, target, time)
      gallery.tick(now: time)
    }
    let scrolled = drawnTestGallery(gallery, canvas)
    let status = scrolled.last ?? ""
    #expect(status.contains("drop moves 1 card to Doing, position 14"), "\(status)")
    #expect(!scrolled.contains { $0.contains("#1,201 Amber") }, "Doing scrolled")
    // The dragged card is drawn on the pointer's row, and the release drops it where the
    // status said.
    #expect(scrolled[target.row].contains("⠿ #2 Brisk"), "\(scrolled[target.row])")
    mouse(gallery, .release, target, time)
    settleTestGallery(gallery, time: &time)
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    #expect(model.cards[1].firstIndex(of: 1) == 13, "\(model.cards[1].prefix(14))")
  }

  /// Move and undo keys during a drag do nothing until the drop and say so beside what it would
  /// do (they did nothing and said nothing).
  @Test func moveKeysDuringADragDoNothingAndSaySo() throws {
    var (gallery, canvas, time, target, _) = try dragging("#2 Brisk", over: "#1,205")
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    let cards = model.cards
    for key in [">", "U", "<"] {
      time += 0.05
      gallery.handle(.key(KeyEvent(.character(Character(key)))), at: time)
      #expect(model.cards == cards, "\(key) moved nothing")
    }
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("drop moves 1 card to Doing"), "\(status)")
    #expect(model.status.hasSuffix("a card is being dragged: release to drop it, Esc to cancel"))
    mouse(gallery, .release, target, time)
    settleTestGallery(gallery, time: &time)
    #expect(!model.status.contains("being dragged"), "\(model.status)")
  }

  /// Undoing a move of several cards puts the cursor back on the card it was on (it went to
  /// the first of them: a new user's finding); redoing puts it where the move did.
  @Test func undoPutsTheCursorBackOnItsCard() throws {
    let (gallery, canvas) = makeTestGallery("board", size)
    var time = 1.0
    _ = drawnTestGallery(gallery, canvas)
    let keys = [
      KeyEvent(.down), KeyEvent(.down, modifiers: .shift), KeyEvent(.down, modifiers: .shift),
      KeyEvent(.character(">")),
    ]
    for key in keys {
      time += 0.05
      gallery.handle(.key(key), at: time)
    }
    settleTestGallery(gallery, time: &time)
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    #expect(model.status.hasPrefix("Doing: #2 Brisk Falcon · 3 selected"), "\(model.status)")
    gallery.handle(.key(KeyEvent(.character("U"))), at: time + 0.05)
    settleTestGallery(gallery, time: &time)
    #expect(model.status.hasPrefix("To do: #4 Dusky Falcon · 3 selected"), "\(model.status)")
    gallery.handle(.key(KeyEvent(.character("R"))), at: time + 0.05)
    settleTestGallery(gallery, time: &time)
    #expect(model.status.hasPrefix("Doing: #2 Brisk Falcon · 3 selected"), "\(model.status)")
  }

  /// A card checked in a column the cursor then left is still the selection: the status says
  /// where it is, and `>` moves it, not the card under the cursor (it moved the cursor's card
  /// in the other column: a new user's finding).
  @Test func moveKeysMoveTheSelectionInAColumnTheCursorLeft() throws {
    let (gallery, canvas) = makeTestGallery("board", size)
    var time = 1.0
    _ = drawnTestGallery(gallery, canvas)
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    let checked = model.cards[0][0]
    let underCursor = model.cards[1][0]
    for key in [KeyEvent(.character(" ")), KeyEvent(.right)] {
      time += 0.05
      gallery.handle(.key(key), at: time)
    }
    settleTestGallery(gallery, time: &time)
    #expect(model.status.contains("1 selected in To do"), "\(model.status)")
    gallery.handle(.key(KeyEvent(.character(">"))), at: time + 0.05)
    settleTestGallery(gallery, time: &time)
    #expect(model.cards[1].first == checked, "the checked card moved to Doing")
    #expect(!model.cards[0].contains(checked))
    #expect(model.cards[1].contains(underCursor), "the cursor's card stayed in Doing")
    #expect(model.status.contains("moved 1 card to Doing"), "\(model.status)")
    // Escape clears the selection, and `>` moves the cursor's card again.
    gallery.handle(.key(KeyEvent(.escape)), at: time + 0.1)
    #expect(model.status.contains("1 card deselected"), "\(model.status)")
    #expect(!model.status.contains(" selected"), "\(model.status)")
  }

  /// Past the last ``BoardModel/undoLimit`` moves, U says the older ones are gone (it said
  /// "nothing to undo", as if there had been none).
  @Test func undoPastTheLimitSaysTheOlderMovesAreGone() throws {
    let (gallery, canvas) = makeTestGallery("board", size)
    _ = drawnTestGallery(gallery, canvas)
    let model = try #require((gallery.currentPage as? BoardPage)?.model)
    let limit = type(of: model).undoLimit
    for step in 0...limit { model.moveSelection(by: step % 2 == 0 ? 1 : -1) }
    for _ in 0..<limit { _ = model.stepMoves(undoing: true) }
    #expect(!model.lastChange.contains("nothing"), "\(model.lastChange)")
    _ = model.stepMoves(undoing: true)
    #expect(model.lastChange == "nothing more to undo: the last \(limit) moves are kept")
  }
}
