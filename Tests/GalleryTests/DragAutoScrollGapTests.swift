import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A task held at the bottom edge while the list autoscrolls under it: every row of the pane
/// shows a task, the room for the lifted one under it (a new user's finding: the tasks gliding
/// after the moving target trailed a blank row ten rows behind the lifted task).
@Suite struct DragAutoScrollGapTests {
  @Test func noBlankRowTrailsTheLiftedTaskWhileTheListAutoscrolls() throws {
    let (gallery, canvas) = makeTestGallery(
      "datasource", TerminalSize(columns: 80, rows: 24), items: 20_000)
    let view = try #require(gallery.currentPage.restorableView)
    var time = 1.0
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 0, row: 4)), at: time)
    for row in 5...22 {
      time += 1.0 / 30
      gallery.handle(.mouse(MouseEvent(kind: .drag, column: 0, row: row)), at: time)
      gallery.tick(now: time)
    }
    let start = view.contentOffset.y
    for frame in 0..<90 {
      time += 1.0 / 60
      gallery.tick(now: time)
      let lines = drawnTestGallery(gallery, canvas)
      // Rows: 0 tabs, 1 heading, 2 the pinned header, 3–22 tasks, 23 status.
      let blank = (3...22).filter { !lines[$0].contains("☐") && !lines[$0].contains("☑") }
      #expect(blank.isEmpty, "frame \(frame): blank rows \(blank)")
    }
    #expect(view.contentOffset.y > start + 10, "the list autoscrolled")
    #expect(view.interactivelyMovingItem != nil)
  }
}
