import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A task lifted by its grip and dragged far down (the list scrolls under it), then put back
/// with Escape: the cursor is on that task, and the task is in view below the pinned header
/// (a new user's finding: the cursor stayed on another task, hidden under the header).
@Suite struct DragCancelFocusTests {
  @Test func aCancelledDragShowsTheLiftedTaskWithTheCursorOnIt() throws {
    let (gallery, canvas) = makeTestGallery(
      "datasource", TerminalSize(columns: 80, rows: 24), items: 20_000)
    var time = 1.0
    let view = try #require(gallery.currentPage.restorableView)
    let before = drawnTestGallery(gallery, canvas)
    // Rows: 0 tabs, 1 heading, 2 "To do" header, 3… tasks; the second task is lifted.
    let lifted = before[4].dropFirst(6).prefix(30).split(separator: " ").joined(separator: " ")
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 0, row: 4)), at: time)
    for row in 5...22 {
      time += 1.0 / 30
      gallery.handle(.mouse(MouseEvent(kind: .drag, column: 0, row: row)), at: time)
      gallery.tick(now: time)
    }
    // Held at the bottom edge: the list scrolls on under the task.
    for _ in 0..<300 {
      time += 1.0 / 60
      gallery.tick(now: time)
    }
    #expect(view.contentOffset.y > 100, "the drag scrolled the list")
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 1), "the cursor is on the task")
    time += 0.1
    gallery.handle(.key(KeyEvent(.escape)), at: time)
    settleTestGallery(gallery, time: &time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 0, row: 22)), at: time)
    settleTestGallery(gallery, time: &time)
    let screen = drawnTestGallery(gallery, canvas)
    #expect(screen.last?.contains(lifted) == true, "the status names it: \(screen.last ?? "")")
    let frame = try #require(view.layoutAttributesForItem(at: ItemPath(section: 0, item: 1))?.frame)
    // The pinned header takes the viewport's first row, and a focus move keeps a row of
    // context (the page's focus padding) between it and the cursor's row.
    #expect(frame.minY >= view.contentOffset.y + 2, "below the pinned header, a row clear")
    #expect(frame.maxY <= view.contentOffset.y + view.viewportSize.height)
    #expect(screen.contains { $0.contains(lifted) && $0.contains("☐") }, "its row is drawn")
  }
}
