import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A task lifted by its grip on the data-source page and held at the bottom edge, so that the
/// list autoscrolls under it (new user's findings).
@Suite struct DragAutoscrollTests {
  /// The data-source page at `size` with 250 tasks, its first task's grip pressed and dragged
  /// to `edge`, then held there for `frames` frames.
  private func lifted(
    _ size: TerminalSize, edge: Int, frames: Int, time: inout Double
  ) -> (Gallery, Canvas, CollectionView?) {
    let (gallery, canvas) = makeTestGallery("datasource", size, items: 10_000)
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 0, row: 3)), at: time)
    for row in 4...edge {
      time += 1.0 / 30
      gallery.handle(.mouse(MouseEvent(kind: .drag, column: 0, row: row)), at: time)
      gallery.tick(now: time)
    }
    for _ in 0..<frames {
      time += 1.0 / 60
      gallery.tick(now: time)
    }
    return (gallery, canvas, gallery.currentPage.restorableView)
  }

  /// Every row of the pane shows a task while the list autoscrolls, the room for the lifted
  /// one under it (the tasks gliding after the moving target trailed a blank row ten rows
  /// behind the lifted task).
  @Test func noBlankRowTrailsTheLiftedTaskWhileTheListAutoscrolls() throws {
    var time = 1.0
    let (gallery, canvas, shown) = lifted(
      TerminalSize(columns: 80, rows: 24), edge: 22, frames: 0, time: &time)
    let view = try #require(shown)
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

  /// The terminal narrowed under the drag: the list stays where the drag took it and the drop
  /// lands there (the list jumped back to the lifted task's home, and the drop with it).
  @Test func aResizeDuringADragKeepsTheListAndTheDropWhereTheyWere() throws {
    var time = 1.0
    let (gallery, canvas, shown) = lifted(
      TerminalSize(columns: 100, rows: 30), edge: 28, frames: 60, time: &time)
    let view = try #require(shown)
    func drag(to row: Int) {
      time += 0.05
      gallery.handle(.mouse(MouseEvent(kind: .drag, column: 0, row: row)), at: time)
      for _ in 0..<10 {
        time += 1.0 / 60
        gallery.tick(now: time)
      }
    }
    drag(to: 14)
    let offset = view.contentOffset.y
    let target = try #require(view.interactiveMovementTarget)
    #expect(offset > 30, "the list autoscrolled")
    gallery.resize(to: TerminalSize(columns: 90, rows: 30))
    _ = drawnTestGallery(gallery, canvas)
    drag(to: 14)
    #expect(abs(view.contentOffset.y - offset) <= 1, "the list stayed: \(view.contentOffset.y)")
    let after = try #require(view.interactiveMovementTarget)
    #expect(abs(after.item - target.item) <= 1, "the target stayed: \(target) → \(after)")
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 0, row: 14)), at: time + 0.05)
    time += 0.1
    settleTestGallery(gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas)[1]
    #expect(status.contains("dragged to To do \(after.item + 1)"), "\(status)")
  }

  /// The page left during a drag: the task goes back, and the heading says so when the page
  /// shows again (it kept the note of the edit before, "dragged to …": a new user's finding).
  @Test func aDragEndedByLeavingThePageSaysTheTaskIsBack() {
    var time = 1.0
    let (gallery, canvas, _) = lifted(
      TerminalSize(columns: 80, rows: 24), edge: 9, frames: 2, time: &time)
    #expect(drawnTestGallery(gallery, canvas)[1].contains("no edits yet"))
    pressTestGallery([KeyEvent(.character("5")), KeyEvent(.character("4"))], gallery, time: &time)
    let heading = drawnTestGallery(gallery, canvas)[1]
    #expect(heading.contains("drag cancelled: the task is back"), "\(heading)")
    #expect(gallery.currentPage.restorableView?.interactivelyMovingItem == nil)
  }
}
