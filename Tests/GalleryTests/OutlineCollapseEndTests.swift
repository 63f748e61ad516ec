import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A region expanded deep, the view scrolled into it with its ancestors stacked at the top,
/// then collapsed and End pressed while the focus move's scroll still animates: from the first
/// frame the region's row is the first row (a removed country covered it for a quarter second,
/// the region sliding in from above: a new user's finding).
@Suite struct OutlineCollapseEndTests {
  @Test func theCollapsedRowIsTheFirstRowFromTheFirstFrame() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("outline", TerminalSize(columns: 80, rows: 16))
    pressTestGallery(
      [.right, .right, .right, .right, .right, .right] + Array(repeating: .down, count: 12),
      gallery, canvas, time: &time)
    let view = try #require(gallery.currentPage.restorableView)
    #expect(view.contentOffset.y > 0, "scrolled into the region, its ancestors stacked")
    // ← to the region (the scroll to it animates), ← collapses it, End at once.
    for key in [Key.left, .left, .end] {
      time += 0.03
      gallery.handle(.key(KeyEvent(key)), at: time)
    }
    for frame in 0..<30 {
      time += 1.0 / 60
      gallery.tick(now: time)
      let lines = drawnTestGallery(gallery, canvas)
      // Rows: 0 tabs, 1 heading, 2 the pane's first row.
      #expect(lines[2].contains("▸ Northlands"), "frame \(frame): \(lines[2])")
    }
    #expect(view.contentOffset.y == 0)
  }
}
