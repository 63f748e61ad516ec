import CGtk
import ReuseKit
import XCTest

@testable import ReuseGTK

/// A row made of a GtkLabel, bound to its item's number.
final class LabelRowCell: GTKWidgetCell {
  private(set) var label: UnsafeMutablePointer<GtkWidget>!
  nonisolated(unsafe) static var unboundWhileShown = 0

  override func setUp() -> UnsafeMutablePointer<GtkWidget> {
    label = gtk_label_new("")
    return label
  }

  var text: String { String(cString: gtk_label_get_text(OpaquePointer(label))) }

  override func unbind() {
    // Unbinding happens as the row leaves the screen: never while its widget shows.
    if gtk_widget_get_visible(drawing.widget) != 0 && gtk_widget_get_parent(drawing.widget) != nil
      && !isHidden
    {
      Self.unboundWhileShown += 1
    }
    gtk_label_set_text(OpaquePointer(label), "")
  }
}

/// Cells made of GTK widgets through set-up, bind, unbind and tear-down: as many set-ups as
/// the screen needs, every row on screen bound to its own item after every scroll, unbinds
/// as rows leave, a tear-down for every set-up when the collection view goes.
final class WidgetCellTests: XCTestCase {
  func testWidgetTreeCellsGoThroughTheFourPhasesOnTheReusePool() {
    GTK.start()
    let setUps = GTKWidgetCell.setUps
    let unbinds = GTKWidgetCell.unbinds
    let tearDowns = GTKWidgetCell.tearDowns
    var view: CollectionView? = CollectionView(layout: ListLayout(itemSizing: .uniform(44)))
    view!.register(LabelRowCell.self, forCellWithReuseIdentifier: "label")
    let rows = Numbers(100_000) { view, path in
      let cell = view.dequeueReusableCell(
        LabelRowCell.self, withReuseIdentifier: "label", for: path)
      gtk_label_set_text(OpaquePointer(cell.label), "Item \(path.item)")
      cell.bound(to: path)
      return cell
    }
    view!.dataSource = rows
    var host: CollectionViewWidget? = CollectionViewWidget(collectionView: view!)
    let window = show(host!)
    view!.focusItem(at: ItemPath(section: 0, item: 1), scrollsIntoView: false)
    view!.selectItem(at: ItemPath(section: 0, item: 2))
    var peak = 0
    for step in 0..<80 {
      // Down the list, and back to the top now and then (the focused and selected rows).
      view!.contentOffset.y = step % 20 == 19 ? 0 : view!.contentOffset.y + 133 * 3
      host!.layoutAndPlace()
      GTK.run(for: 0.005)
      peak = max(peak, view!.indexPathsForVisibleItems.count)
      for path in view!.indexPathsForVisibleItems {
        let cell = view!.cellForItem(at: path) as? LabelRowCell
        XCTAssertEqual(cell?.text, "Item \(path.item)", "step \(step)")
        XCTAssertEqual(cell?.boundIndexPath, path, "step \(step)")
        // A recycled row never keeps its last item's focus or selection look.
        if let cell {
          let widget = cell.drawing.widget
          XCTAssertEqual(gtk_widget_has_css_class(widget, "focused") != 0, path.item == 1)
          let selected =
            gtk_widget_get_state_flags(widget).rawValue
            & GTK_STATE_FLAG_SELECTED.rawValue != 0
          XCTAssertEqual(selected, path.item == 2, "step \(step), row \(path.item)")
        }
        XCTAssertEqual(
          cell.map { gtk_widget_get_parent($0.drawing.widget) }, host!.fixedWidget,
          "the row's widget tree is in the host")
      }
    }
    XCTAssertLessThanOrEqual(GTKWidgetCell.setUps - setUps, peak + 2 + 2 * 2, "set-ups")
    XCTAssertGreaterThan(GTKWidgetCell.unbinds - unbinds, 100, "rows left the screen, unbound")
    XCTAssertEqual(LabelRowCell.unboundWhileShown, 0)
    let made = GTKWidgetCell.setUps - setUps
    close(window)
    weak let weakHost = host
    weak let weakView = view
    host = nil
    view = nil
    XCTAssertNil(weakHost, "host")
    XCTAssertNil(weakView, "view")
    XCTAssertEqual(GTKWidgetCell.tearDowns - tearDowns, made, "every set-up torn down")
    withExtendedLifetime(rows) {}
  }
}
