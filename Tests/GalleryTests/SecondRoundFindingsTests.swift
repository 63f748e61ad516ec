import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A table's header row stays at the top through an update's animation: after a sort, a
/// filter's batch moved the content and the header row glided down from where the viewport
/// had been, the first row drawn in its place meanwhile (a new user's finding).
@Suite struct PinnedHeaderUpdateTests {
  @Test func theHeaderRowStaysThroughAFiltersAnimation() throws {
    let path = NSTemporaryDirectory() + "reusekit-pinned-\(getpid())-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var text = "id,name,city,amount,note\n"
    for row in 1...30_000 {
      let amount = "\((row * 7_919) % 100_000).\(row % 100)"
      text += "\(row),name\(row),\"City, \(row % 50)\",\(amount),n\(row)\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 100, rows: 12), csv: try CSVFile.open(path: path))
    let model = try #require((gallery.currentPage as? TablePage)?.model)
    tickTestGallery(gallery, time: &time, limit: 20_000, waitingForJobs: true) {
      model.table.numberOfRows == 30_000 && !model.isWorking
    }
    pressTestGallery(
      [KeyEvent(.right), KeyEvent(.right), KeyEvent(.right), KeyEvent(.character("s"))], gallery,
      time: &time)
    tickTestGallery(gallery, time: &time, limit: 20_000, waitingForJobs: true) {
      !model.isWorking && !gallery.isAnimating
    }
    typeTestPrompt("|", "99", gallery, time: &time)
    // Every frame while the filter runs and its updates glide: the header row at the top.
    var frames = 0
    while frames < 600 && (model.isWorking || gallery.isAnimating || frames < 30) {
      time += 1.0 / 60
      gallery.tick(now: time)
      frames += 1
      let header = drawnTestGallery(gallery, canvas)[2]
      #expect(header.contains("name") && header.contains("amount ↑"), "frame \(frames): \(header)")
      if !header.contains("amount ↑") { break }
    }
  }
}

/// A page shown again keeps where the wheel left it: laying it out at the same size brought
/// its focused item back into view (the waterfall went back to its top: a new user's finding).
@Suite struct PageShownAgainTests {
  @Test func theWaterfallKeepsItsWheelsPlaceAcrossAPageSwitch() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("waterfall", TerminalSize(columns: 100, rows: 30))
    settleTestGallery(gallery, time: &time)
    let view = try #require((gallery.currentPage as? WaterfallPage)?.model.feed.collectionView)
    for _ in 0..<10 {
      time += 0.05
      gallery.handle(
        .mouse(MouseEvent(kind: .scrollDown, button: .none, column: 45, row: 10)), at: time)
    }
    settleTestGallery(gallery, time: &time)
    let scrolled = view.contentOffset.y
    #expect(scrolled > 0)
    #expect(view.focusedIndexPath.flatMap { view.cellForItem(at: $0) } == nil, "focus scrolled off")
    pressTestGallery([KeyEvent(.character("8")), KeyEvent(.character("5"))], gallery, time: &time)
    #expect(view.contentOffset.y == scrolled)
  }
}
