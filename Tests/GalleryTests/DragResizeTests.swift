import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A task dragged far down (the list autoscrolled), the terminal narrowed under the drag: the
/// list stays where the drag took it and the drop lands there (a new user's finding: the list
/// jumped back to the lifted task's home, and the drop with it).
@Suite struct DragResizeTests {
  @Test func aResizeDuringADragKeepsTheListAndTheDropWhereTheyWere() throws {
    let (gallery, canvas) = makeTestGallery(
      "datasource", TerminalSize(columns: 100, rows: 30), items: 10_000)
    let view = try #require(gallery.currentPage.restorableView)
    var time = 1.0
    func drag(to row: Int, frames: Int = 10) {
      time += 0.05
      gallery.handle(.mouse(MouseEvent(kind: .drag, column: 0, row: row)), at: time)
      for _ in 0..<frames {
        time += 1.0 / 60
        gallery.tick(now: time)
      }
    }
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 0, row: 3)), at: time)
    for row in 4...28 { drag(to: row, frames: 2) }
    drag(to: 28, frames: 60)
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
}
