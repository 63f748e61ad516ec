import CGtk
import ReuseDeclarative
import ReuseKit
import XCTest

@testable import ReuseGTK

/// Collection views side by side sharing a drag coordinator (ReuseGTK's board of columns), and
/// a host's words for a collection view that shows nothing.
final class CollectionViewColumnsTests: XCTestCase {
  /// Each column tells the coordinator where it is once it has a size; titles are set and
  /// read back (one past the columns is ignored); the label beside the pointer shows during a
  /// drag, with what the page says, and goes with the drag.
  func testColumnsPlaceThemselvesAndShowADragLabel() throws {
    GTK.start()
    let names = [["Apple", "Pear", "Plum"], ["Bread"]]
    let views = names.map { _ in CollectionView(layout: ListLayout(itemSizing: .uniform(40))) }
    let sources = zip(views, names).map { view, items in
      DeclarativeDataSource(collectionView: view) {
        Section(id: 0) { ForEach(items, id: \.self) { ListContent($0) }.draggable() }
      }
    }
    let coordinator = DragCoordinator()
    let columns = CollectionViewColumns(views: views, coordinator: coordinator)
    let window = present(columns.widget, width: 600, height: 400)
    defer { close(window) }
    GTK.run(for: 3) { views.allSatisfy { coordinator.frame(of: $0) != nil } }

    let left = try XCTUnwrap(coordinator.frame(of: views[0]))
    let right = try XCTUnwrap(coordinator.frame(of: views[1]))
    XCTAssertGreaterThan(left.width, 200, "as wide as each other, the window split in two")
    XCTAssertEqual(left.width, right.width, accuracy: 1)
    XCTAssertGreaterThan(right.minX, left.maxX, "side by side, spaced")
    XCTAssertGreaterThan(left.minY, 0, "below its title")

    columns.setTitle("Fruit · 3", ofColumn: 0)
    columns.setTitle("nowhere", ofColumn: 2)
    XCTAssertEqual(columns.title(ofColumn: 0), "Fruit · 3")
    XCTAssertEqual(columns.title(ofColumn: 2), "")
    XCTAssertEqual(columns.spokenTitle(ofColumn: 0), "Fruit · 3", "the title, unless told")
    // A mark drawn for the eye is not read: the spoken title says it in words.
    columns.setTitle("▸ Fruit · 3", spoken: "Fruit · 3, the active column", ofColumn: 0)
    XCTAssertEqual(columns.title(ofColumn: 0), "▸ Fruit · 3")
    XCTAssertEqual(columns.spokenTitle(ofColumn: 0), "Fruit · 3, the active column")

    var label: String? = "Apple +1"
    columns.dragLabel = { label }
    columns.syncDrag()
    XCTAssertFalse(columns.isShowingDragLabel, "no drag, no label")
    let start = Point(x: left.minX + 20, y: left.minY + 20)
    XCTAssertTrue(
      coordinator.beginDrag(from: views[0], at: ItemPath(section: 0, item: 0), location: start))
    columns.syncDrag()
    XCTAssertTrue(columns.isShowingDragLabel)
    label = nil
    columns.placeLabel()
    XCTAssertFalse(columns.isShowingDragLabel, "the page said nothing")
    label = "Apple"
    coordinator.cancelDrag()
    columns.syncDrag()
    XCTAssertFalse(columns.isShowingDragLabel, "the drag is over")
    withExtendedLifetime(sources) {}
  }

  /// The empty text shows while nothing is displayed, not over rows, and again when the rows
  /// are gone.
  func testAHostSaysItsCollectionViewIsEmpty() throws {
    GTK.start()
    var items: [String] = []
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(40)))
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0) { ForEach(items, id: \.self) { ListContent($0) } }
    }
    let host = CollectionViewWidget(collectionView: view)
    host.emptyText = "Nothing here."
    let window = present(host.widget, width: 300, height: 300)
    defer { close(window) }
    GTK.run(for: 3) { view.viewportSize.height > 0 }
    host.layoutAndPlace()
    let label = try XCTUnwrap(host.emptyLabel)
    XCTAssertEqual(gtk_widget_get_visible(label), 1)
    XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(label))), "Nothing here.")
    items = ["Apple", "Pear"]
    source.updateNow(animated: false)
    host.layoutAndPlace()
    XCTAssertEqual(gtk_widget_get_visible(label), 0, "rows show")
    items = []
    source.updateNow(animated: false)
    host.layoutAndPlace()
    XCTAssertEqual(gtk_widget_get_visible(label), 1)
    host.emptyText = nil
    XCTAssertEqual(gtk_widget_get_visible(label), 0, "nothing to say")
  }

  /// A window of `width` × `height` showing `widget`.
  private func present(
    _ widget: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32
  ) -> UnsafeMutablePointer<GtkWidget> {
    let window = gtk_window_new()!
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) {
      gtk_window_set_default_size($0, width, height)
      gtk_window_set_child($0, widget)
      gtk_window_present($0)
    }
    return window
  }
}
