import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

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
