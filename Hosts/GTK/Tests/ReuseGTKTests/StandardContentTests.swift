import CGtk
import ReuseDeclarative
import ReuseKit
import XCTest

@testable import ReuseGTK

/// A declared collection of standard content in a GTK window: the same declaration the
/// terminal draws, drawn by the GTK host's standard cells, updated in place.
final class StandardContentTests: XCTestCase {
  func testADeclaredListOfStandardContentShowsInAWindow() throws {
    GTK.start()
    var titles = (0..<100_000).map { "Photo \($0)" }
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(40)))
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: "photos", header: ListContent("Photos")) {
        ForEach(titles, id: \.self) { title in
          ListContent(title, secondary: "jpeg", accessories: [.checkmark, .disclosure])
        }
      }
    }
    let host = CollectionViewWidget(collectionView: view)
    let window = show(host)
    defer { close(window) }
    host.layoutAndPlace()
    GTK.run(for: 0.2)

    let cells = view.visibleCells
    XCTAssertGreaterThan(cells.count, 5)
    XCTAssertTrue(cells.allSatisfy { $0 is GTKListContentCell }, "the host's standard cells")
    let first = try XCTUnwrap(view.cellForItem(at: ItemPath(section: 0, item: 0)))
    XCTAssertEqual(first.accessibilityLabel, "Photo 0")
    XCTAssertEqual(first.accessibilityValue, "jpeg, checked")

    // It draws: the text's pixels differ from the empty background.
    let drawn = try XCTUnwrap(first as? GTKListContentCell)
    XCTAssertGreaterThan(inkedPixels(of: drawn, width: 400, height: 40), 50)

    // An update: the body again, the new row shown in the same window.
    titles.insert("A new photo", at: 0)
    source.update(animated: false)
    view.tick(now: 1)
    host.layoutAndPlace()
    GTK.run(for: 0.2)
    let top = view.cellForItem(at: ItemPath(section: 0, item: 0)) as? GTKListContentCell
    XCTAssertEqual(top?.content.text, "A new photo")
    XCTAssertEqual(view.numberOfItems(inSection: 0), 100_001)
  }

  /// A standard header covers all of its frame: pinned, it hides the rows scrolling under it
  /// (it drew only its text, and a pinned header showed the row beneath through it).
  func testAStandardHeaderIsOpaque() {
    let header = GTKListContentSupplementaryView()
    header.content = ListContent("To do", secondary: "3 tasks")
    XCTAssertEqual(inkedPixels(of: header, width: 300, height: 30), 300 * 30)
    header.content = ListContent("")
    XCTAssertEqual(inkedPixels(of: header, width: 300, height: 30), 300 * 30, "empty too")
  }

  /// How many pixels a view's drawing touches, drawn alone into a transparent surface.
  func inkedPixels(of view: any GTKDrawable, width: Int32, height: Int32) -> Int {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    view.draw(cr, width: Double(width), height: Double(height))
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return 0 }
    var inked = 0
    for row in 0..<Int(height) {
      for column in 0..<Int(width) where data[row * stride + column * 4 + 3] != 0 {
        inked += 1
      }
    }
    return inked
  }
}
