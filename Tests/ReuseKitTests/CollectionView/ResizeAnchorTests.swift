import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A grid of 200 square items, as many 100-point columns as fit: 4 in a 400-point viewport.
private func makeGrid(width: Double = 400, height: Double = 300) -> (CollectionView, Board) {
  makeBoard(
    [Array(0..<200)],
    layout: GridLayout(columns: .adaptive(minimumWidth: 100), itemHeight: .fixed(100)),
    viewport: Size(width: width, height: height))
}

/// Where `path` is drawn, in viewport coordinates along y; `nil` when it is not laid out.
private func onScreen(_ view: CollectionView, _ path: ItemPath) -> (top: Double, bottom: Double)? {
  guard let frame = view.frameForItem(at: path) else { return nil }
  return (frame.minY - view.contentOffset.y, frame.maxY - view.contentOffset.y)
}

/// A new viewport size keeps the focused item, or the first item on screen, in view (a new
/// user's finding in the GTK gallery: the waterfall narrowed from four columns to two and the
/// focused card was left far below the viewport).
@Suite struct ResizeAnchorTests {
  /// The focused item at the bottom of a four-column grid stays whole in view when the grid
  /// narrows to two columns, one column, and back, and when the viewport gets shorter.
  @Test(arguments: [
    Size(width: 200, height: 300), Size(width: 100, height: 300), Size(width: 400, height: 150),
    Size(width: 150, height: 120),
  ])
  func theFocusedItemStaysInView(newSize: Size) throws {
    let (view, board) = makeGrid()
    defer { withExtendedLifetime(board) {} }
    view.contentOffset = Point(x: 0, y: 1_000)  // rows 10-12 on screen: items 40-51
    view.layoutIfNeeded()
    let focused = ItemPath(section: 0, item: 49)  // row 12, the bottom one
    view.focusItem(at: focused, scrollsIntoView: false)
    let before = try #require(onScreen(view, focused))
    #expect(before.top == 200)
    view.viewportSize = newSize
    view.layoutIfNeeded()
    let after = try #require(onScreen(view, focused))
    #expect(after.top >= 0 && after.bottom <= newSize.height, "\(after) in \(newSize)")
    #expect(view.indexPathsForVisibleItems.contains(focused))
    #expect(view.focusedIndexPath == focused)
    // And back: still in view, where the content allows.
    view.viewportSize = Size(width: 400, height: 300)
    view.layoutIfNeeded()
    let back = try #require(onScreen(view, focused))
    #expect(back.top >= 0 && back.bottom <= 300, "\(back)")
  }

  /// Without a focus on screen, the first item on screen keeps its place: the reader goes on
  /// reading where they were, though every item moved.
  @Test func theFirstItemOnScreenKeepsItsPlace() throws {
    let (view, board) = makeGrid()
    defer { withExtendedLifetime(board) {} }
    view.contentOffset = Point(x: 0, y: 1_030)  // row 10 (items 40-43) 30 points above the top
    view.layoutIfNeeded()
    let first = ItemPath(section: 0, item: 40)
    #expect(try #require(onScreen(view, first)).top == -30)
    view.viewportSize = Size(width: 200, height: 300)  // two columns: item 40 in row 20
    view.layoutIfNeeded()
    #expect(try #require(onScreen(view, first)).top == -30)
    // A focus scrolled away from does not pull the view back to it.
    view.focusItem(at: ItemPath(section: 0, item: 2), scrollsIntoView: false)
    view.viewportSize = Size(width: 100, height: 300)
    view.layoutIfNeeded()
    #expect(try #require(onScreen(view, first)).top == -30)
  }

  /// At the top, a new size leaves the view at the top; a list whose rows do not move keeps
  /// its offset exactly.
  @Test func nothingMovesWhereNothingNeedsTo() {
    let (grid, gridBoard) = makeGrid()
    defer { withExtendedLifetime(gridBoard) {} }
    grid.viewportSize = Size(width: 200, height: 300)
    grid.layoutIfNeeded()
    #expect(grid.contentOffset.y == 0)
    let (list, listBoard) = makeBoard([Array(0..<100)])
    defer { withExtendedLifetime(listBoard) {} }
    list.contentOffset = Point(x: 0, y: 205)
    list.layoutIfNeeded()
    list.viewportSize = Size(width: 60, height: 100)
    list.layoutIfNeeded()
    #expect(list.contentOffset.y == 205)
  }

  /// A reload between the resize and the next pass drops the note (its path named the old
  /// data): the offset only comes back into bounds. An empty viewport keeps the note for the
  /// next real size.
  @Test func aReloadDropsTheNoteAnEmptyViewportKeepsIt() throws {
    let (view, board) = makeGrid()
    defer { withExtendedLifetime(board) {} }
    view.contentOffset = Point(x: 0, y: 1_000)
    view.layoutIfNeeded()
    view.viewportSize = Size(width: 200, height: 300)
    board.sections = [Array(0..<20)]
    view.reloadData()
    view.layoutIfNeeded()
    #expect(view.contentOffset.y == view.maximumContentOffset.y)
    #expect(view.diagnostics.totalCount == 0, "\(view.diagnostics.recent)")

    let (other, otherBoard) = makeGrid()
    defer { withExtendedLifetime(otherBoard) {} }
    other.contentOffset = Point(x: 0, y: 1_000)
    other.layoutIfNeeded()
    let focused = ItemPath(section: 0, item: 45)
    other.focusItem(at: focused, scrollsIntoView: false)
    other.viewportSize = .zero
    other.layoutIfNeeded()
    other.viewportSize = Size(width: 100, height: 300)
    other.layoutIfNeeded()
    let after = try #require(onScreen(other, focused))
    #expect(after.top >= 0 && after.bottom <= 300, "\(after)")
  }
}

/// The first item of a section, focused by a key, brings its plain header into view with it
/// (a new user's finding on the settings page: Home showed the first row with its section's
/// title hidden above it).
@Suite struct FocusRevealsSectionHeaderTests {
  /// Three sections of 20 rows of 10 points under 10-point headers, in a 100-point viewport.
  private func makeList() -> (CollectionView, Board) {
    makeBoard(
      [Array(0..<20), Array(20..<40), Array(40..<60)],
      layout: ListLayout(itemSizing: .uniform(10), headerLength: .fixed(10)))
  }

  @Test func homeAndUpIntoASectionShowItsHeader() throws {
    let (view, board) = makeList()
    defer { withExtendedLifetime(board) {} }
    view.contentOffset = Point(x: 0, y: 400)
    view.layoutIfNeeded()
    view.focusItem(at: ItemPath(section: 1, item: 5))
    #expect(view.moveFocus(.first))
    view.layoutIfNeeded()
    #expect(view.contentOffset.y == 0, "the first header at the top")
    // Home again: nothing to do.
    #expect(!view.moveFocus(.first))
    // Up a section's rows to its first: its header (at 210) shows with it.
    view.focusItem(at: ItemPath(section: 1, item: 3))
    view.contentOffset = Point(x: 0, y: 250)  // row 3 of section 1 at the top
    view.layoutIfNeeded()
    for _ in 0..<3 { view.moveFocus(.up) }
    view.layoutIfNeeded()
    #expect(view.focusedIndexPath == ItemPath(section: 1, item: 0))
    let header = try #require(
      view.collectionViewLayout.layoutAttributesForSupplementaryView(
        ofKind: .header, inSection: 1)?.frame)
    #expect(header.minY >= view.contentOffset.y, "\(header) from \(view.contentOffset)")
  }
}
