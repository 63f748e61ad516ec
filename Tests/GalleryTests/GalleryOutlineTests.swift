import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The `outline` page: → expands or goes to the first child, ← collapses or goes to the
/// parent, a click on ▸ or ▾ toggles; `--data` sections become a tree of their items.
@Suite struct GalleryOutlineTests {
  private func rows(_ canvas: Canvas) -> [String] { Array(canvas.plainTextLines().dropFirst(2)) }
  private func status(_ canvas: Canvas) -> String { canvas.plainTextLines().last ?? "" }

  @Test func arrowsExpandCollapseAndWalkTheTree() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("outline", TerminalSize(columns: 80, rows: 24))
    #expect(rows(canvas)[0].contains("▸ Northlands"))
    #expect(canvas.plainTextLines()[1].contains("8 rows shown"))
    pressTestGallery([.right], gallery, canvas, time: &time)  // expands Northlands: 6 countries
    #expect(rows(canvas)[0].contains("▾ Northlands"))
    #expect(canvas.plainTextLines()[1].contains("14 rows shown"))
    #expect(rows(canvas)[1].hasPrefix("   ▸ "), "\(rows(canvas)[1])")
    // Expanded already: → goes to the first country.
    pressTestGallery([.right], gallery, canvas, time: &time)
    let country = rows(canvas)[1].dropFirst(5).split(separator: " ").prefix(2).joined(
      separator: " ")
    #expect(status(canvas).hasPrefix(" " + country), "\(status(canvas)) vs \(country)")
    // Expand it, then go to its first city.
    pressTestGallery([.right, .right], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines()[1].contains("19 rows shown"))
    pressTestGallery([.right], gallery, canvas, time: &time)  // expand the city: 4 districts
    #expect(canvas.plainTextLines()[1].contains("23 rows shown"))
    #expect(rows(canvas)[3].hasPrefix("       "), "a district is indented three levels")
    // ↑ to the country, ← collapses it (the city's districts hide with it), ← again goes
    // to the region.
    pressTestGallery([.up, .left], gallery, canvas, time: &time)
    #expect(status(canvas).hasPrefix(" " + country))
    #expect(canvas.plainTextLines()[1].contains("14 rows shown"))
    pressTestGallery([.left], gallery, canvas, time: &time)
    #expect(status(canvas).hasPrefix(" Northlands"))
    // The country kept its state: expanding it again shows its expanded city too.
    pressTestGallery([.down, .right], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines()[1].contains("23 rows shown"), "\(canvas.plainTextLines()[1])")
  }

  /// A collapse that hides selected rows deselects them and says so until the next key (they
  /// went without a word: a new user's finding).
  @Test func aCollapseThatHidesSelectedRowsSaysSo() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("outline", TerminalSize(columns: 100, rows: 24))
    pressTestGallery([.right], gallery, canvas, time: &time)  // Northlands' 6 countries
    pressTestGallery([KeyEvent(.character("a"), modifiers: .control)], gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(status(canvas).contains("14 selected"), "\(status(canvas))")
    _ = gallery.spokenLines()
    pressTestGallery([.home, .left], gallery, canvas, time: &time)  // collapses Northlands
    #expect(status(canvas).contains("8 selected"), "\(status(canvas))")
    #expect(status(canvas).contains("collapsing deselected 6 hidden rows"), "\(status(canvas))")
    #expect(gallery.spokenLines().contains("collapsing deselected 6 hidden rows"))
    pressTestGallery([.down], gallery, canvas, time: &time)
    #expect(!status(canvas).contains("collapsing"), "until the next key")
  }

  @Test func aClickOnTheDisclosureToggles() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("outline", TerminalSize(columns: 80, rows: 24))
    // Eastmarch's ▸ is at column 1 of the screen's fourth row.
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 1, row: 3)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 1, row: 3)), at: time + 0.02)
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(rows(canvas)[1].contains("▾ Eastmarch"))
    #expect(status(canvas).hasPrefix(" Eastmarch"))
    #expect(!status(canvas).contains("selected"), "a click on the disclosure does not select")
    // A click on the name selects instead.
    time += 1
    gallery.handle(.mouse(MouseEvent(kind: .press, column: 10, row: 2)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: 10, row: 2)), at: time + 0.02)
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(rows(canvas)[0].contains("▸ ✓ Northlands") || rows(canvas)[0].contains("✓ Northlands"))
    #expect(status(canvas).contains("1 selected"))
  }

  @Test func dataSectionsBecomeATree() throws {
    var time = 1.0
    let data = try GalleryData.parse(
      Array(
        #"{"title": "Shop", "sections": [{"title": "Fruit", "items": ["Apple", "Pear"]}, {"title": "Empty", "items": []}]}"#
          .utf8))
    let (gallery, canvas) = makeTestGallery(
      "outline", TerminalSize(columns: 60, rows: 12), data: data)
    #expect(canvas.plainTextLines()[1].contains("Shop · 2 sections"))
    #expect(rows(canvas)[0].contains("▸ Fruit") && rows(canvas)[0].contains("2 items"))
    #expect(!rows(canvas)[1].contains("▸"), "an empty section has no disclosure")
    pressTestGallery([.enter], gallery, canvas, time: &time)
    #expect(rows(canvas)[1].contains("Apple") && rows(canvas)[2].contains("Pear"))
  }
}
