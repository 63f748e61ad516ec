import Foundation
import ReuseKit
import ReuseTerminal
import Testing

@testable import GalleryKit
@testable import TerminalGallery

/// New users' findings of the eighth round (the terminal and GTK galleries): each page's help
/// speaks of its own host's keys.
@Suite struct EighthRoundFindingsTests {
  /// The table's undo keys: a window's Ctrl-Z undoes (GTK's help said what a terminal's
  /// Ctrl-Z does); a terminal's suspends.
  @Test func theTablesHelpSaysTheHostsUndoKeys() throws {
    let path = NSTemporaryDirectory() + "eighth-round-\(getpid()).csv"
    try Data("id,name\n1,Bergen\n2,Oslo\n".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var desktop = plainTestMetrics
    desktop.isDesktop = true
    for (metrics, says, never) in [
      (plainTestMetrics, "Ctrl-Z suspends", "Ctrl-Shift-Z"),
      (desktop, "Ctrl-Z, Ctrl-Shift-Z too", "suspends"),
    ] {
      let content = CSVTable(file: try CSVFile.open(path: path))
      for _ in 0..<4_000 where content.loadingStatus != nil {
        Thread.sleep(forTimeInterval: 0.005)
        _ = content.update()
      }
      let model = TableModel(
        content: content, metrics: metrics, viewportSize: Size(width: 60, height: 12))
      let undo = try #require(model.keyHelp.first { $0.0 == "U R" }?.1)
      #expect(undo.contains(says) && !undo.contains(never), "\(undo)")
    }
  }

  /// The outline's help names the double click that expands a row where there is one (GTK).
  @Test func theOutlinesHelpNamesTheDoubleClickInAWindow() {
    var desktop = plainTestMetrics
    desktop.isDesktop = true
    let inWindow = OutlineModel<OutlineRowCell>(
      options: GalleryOptions(itemCount: 10), metrics: desktop)
    let inTerminal = OutlineModel<OutlineRowCell>(
      options: GalleryOptions(itemCount: 10), metrics: plainTestMetrics)
    let click = { (model: OutlineModel<OutlineRowCell>) in
      model.keyHelp.first { $0.0 == "click ▸ ▾" }?.1 ?? ""
    }
    #expect(click(inWindow).contains("double click"), "\(click(inWindow))")
    #expect(!click(inTerminal).contains("double click"), "\(click(inTerminal))")
  }
}

/// Tab back into the list, its focused row scrolled away by the wheel, shows that row (nothing
/// on screen was marked; GTK's new user found it, and the terminal did the same).
@Suite struct TabBackIntoTheListTests {
  @Test func tabBackShowsTheFocusedRow() throws {
    var time = 1.0
    let (gallery, page) = try galleryPage("list", columns: 80, rows: 24, as: ListPage.self)
    let list = page.model.list
    pressTestGallery([KeyEvent(.home)], gallery, time: &time)
    let focused = try #require(list.focusedIndexPath)
    list.contentOffset = Point(x: 0, y: 400)  // as the wheel leaves it
    list.layoutIfNeeded()
    #expect(!list.indexPathsForVisibleItems.contains(focused))
    pressTestGallery([KeyEvent(.tab), KeyEvent(.tab)], gallery, time: &time)
    #expect(page.model.focusedView === list)
    #expect(list.focusedIndexPath == focused, "the focus kept")
    #expect(list.indexPathsForVisibleItems.contains(focused), "and shown")
  }
}

/// Terminal findings of the eighth round's second session.
@Suite struct EighthRoundTerminalTests {
  /// A resize keeps the card each rail showed at its leading edge, not its offset in points:
  /// the featured carousel showed another story after one while the focus was on another rail.
  @Test func aResizeKeepsEachRailsLeadingCard() throws {
    var time = 1.0
    let (gallery, page) = try galleryPage("store", columns: 120, rows: 36, as: StorePage.self)
    let view = page.model.collectionView
    pressTestGallery([KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    let featured = try #require(view.focusedIndexPath).section
    let before = try #require(view.focusedIndexPath).item
    pressTestGallery([KeyEvent(.down)], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    #expect(view.focusedIndexPath?.section != featured)
    // The featured card across the viewport's middle.
    func middleCard() -> Int? {
      let middle = view.contentOffset.x + view.viewportSize.width / 2
      return view.indexPathsForVisibleItems.first { path in
        guard path.section == featured, let frame = view.layoutAttributesForItem(at: path)?.frame
        else { return false }
        return frame.minX <= middle && frame.maxX > middle
      }?.item
    }
    #expect(middleCard() == before)
    gallery.resize(to: TerminalSize(columns: 50, rows: 20))
    settleTestGallery(gallery, time: &time)
    #expect(middleCard() == before, "the same story in the middle")
    // ↑ goes back to the card the rail last had.
    pressTestGallery([KeyEvent(.up)], gallery, time: &time)
    #expect(view.focusedIndexPath == ItemPath(section: featured, item: before))
  }

  /// A label cut before an accessory leaves a column before it ("Airplane mo…[off]").
  @Test func aCutLabelKeepsAGapBeforeItsSwitch() {
    let (_, canvas) = makeTestGallery("settings", TerminalSize(columns: 22, rows: 12))
    let rows = canvas.plainTextLines().filter { $0.contains("[off]") || $0.contains("[on ]") }
    #expect(!rows.isEmpty)
    for row in rows { #expect(!row.contains("…["), "\(row)") }
  }

  /// The tab the `›` cuts ends in "…" even when only its number shows ("9›" read as a tab
  /// named 9).
  @Test func aTabCutToItsNumberEndsInAnEllipsis() {
    let (_, canvas) = makeTestGallery("outline", TerminalSize(columns: 25, rows: 8))
    let strip = canvas.plainTextLines()[0]
    #expect(strip.hasSuffix("…›"), "\(strip)")
  }
}

/// The terminal gallery on page `name` at `columns` × `rows`, and that page as `Page`.
private func galleryPage<Page>(
  _ name: String, columns: Int, rows: Int, as type: Page.Type
) throws -> (Gallery, Page) {
  let (gallery, _) = makeTestGallery(name, TerminalSize(columns: columns, rows: rows))
  return (gallery, try #require(gallery.currentPage as? Page))
}
