import CGtk
import ReuseKit

/// Collection views side by side, each under a title, that share one ``ReuseKit/DragCoordinator``:
/// a board of lists whose items drag from one to another.
///
/// - GTK's drag gesture keeps a press in the column it began in; the coordinator carries the
///   drag over the others, so each column is told where it is whenever one is resized.
/// - The wheel during a drag scrolls the column under the pointer (GTK gives it to the column
///   holding the press), and the drag goes on at its place, so the gap and the drop follow the
///   items that moved under it.
/// - A label follows the pointer during a drag, saying what ``dragLabel`` says, right of the
///   pointer or left of it where the window ends.
///
/// Put ``widget`` in a window; the hosts are ordinary ``CollectionViewWidget``s, whose input,
/// keys and focus work as anywhere.
public final class CollectionViewColumns {
  /// The columns' hosts, left to right.
  public let hosts: [CollectionViewWidget]
  /// The columns and the dragged items' label above them (a `GtkOverlay`).
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The drags between the columns.
  public let coordinator: DragCoordinator
  /// What the label beside the pointer says during a drag; `nil` hides it.
  public var dragLabel: () -> String? = { nil }
  private let box: UnsafeMutablePointer<GtkWidget>
  private let titles: [UnsafeMutablePointer<GtkWidget>]
  /// What a screen reader names each title, where it differs from the text shown.
  private var spokenTitles: [String?]
  private let label: UnsafeMutablePointer<GtkWidget>

  /// Columns showing `views`, each in a host of its own, `spacing` pixels apart, all as wide.
  public init(views: [CollectionView], coordinator: DragCoordinator, spacing: Int32 = 8) {
    self.coordinator = coordinator
    let hosts = views.map { CollectionViewWidget(collectionView: $0) }
    self.hosts = hosts
    let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, spacing)!
    self.box = box
    func append(
      _ child: UnsafeMutablePointer<GtkWidget>, to parent: UnsafeMutablePointer<GtkWidget>
    ) {
      parent.withMemoryRebound(to: GtkBox.self, capacity: 1) { gtk_box_append($0, child) }
    }
    box.withMemoryRebound(to: GtkBox.self, capacity: 1) { gtk_box_set_homogeneous($0, 1) }
    spokenTitles = Array(repeating: nil, count: hosts.count)
    titles = hosts.map { host in
      let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
      let title = gtk_label_new(nil)!
      gtk_label_set_xalign(OpaquePointer(title), 0)
      gtk_widget_add_css_class(title, "heading")
      gtk_widget_set_margin_start(title, 6)
      gtk_widget_set_vexpand(host.widget, 1)
      gtk_widget_set_hexpand(host.widget, 1)
      append(title, to: column)
      append(host.widget, to: column)
      append(column, to: box)
      return title
    }
    label = gtk_label_new(nil)
    gtk_widget_add_css_class(label, "osd")
    gtk_widget_set_halign(label, GTK_ALIGN_START)
    gtk_widget_set_valign(label, GTK_ALIGN_START)
    gtk_widget_set_can_target(label, 0)
    gtk_widget_set_visible(label, 0)
    widget = gtk_overlay_new()
    gtk_overlay_set_child(OpaquePointer(widget), box)
    gtk_overlay_add_overlay(OpaquePointer(widget), label)
    for host in hosts {
      host.didResize = { [unowned self] _ in placeColumns() }
      host.scrollHandler = { [unowned self] delta in scrollDuringDrag(by: delta) }
    }
  }

  /// Sets the title over column `index` (ignored for a column that is not there), and what a
  /// screen reader names it when that differs from what shows (`nil`: the title).
  public func setTitle(_ title: String, spoken: String? = nil, ofColumn index: Int) {
    guard titles.indices.contains(index) else { return }
    gtk_label_set_text(OpaquePointer(titles[index]), title)
    reusekit_accessible_set_label(OpaquePointer(titles[index]), spoken)
    spokenTitles[index] = spoken
  }

  /// What a screen reader names the title over column `index`: the spoken title last set, else
  /// the title shown.
  public func spokenTitle(ofColumn index: Int) -> String {
    guard spokenTitles.indices.contains(index) else { return "" }
    return spokenTitles[index] ?? title(ofColumn: index)
  }

  /// The title over column `index`, as last set (empty for a column that is not there).
  public func title(ofColumn index: Int) -> String {
    guard titles.indices.contains(index),
      let text = gtk_label_get_text(OpaquePointer(titles[index]))
    else { return "" }
    return String(cString: text)
  }

  /// During a drag (and once after it, to take the label down), every column laid out and
  /// placed, so each shows the drag's gap and marks, and the label moved to the pointer.
  /// Call it after a host placed its views.
  public func syncDrag() {
    if coordinator.session != nil || gtk_widget_get_visible(label) != 0 {
      for host in hosts { host.layoutAndPlace() }
    }
    placeLabel()
  }

  /// The label at the pointer with what ``dragLabel`` says, or hidden without a drag.
  public func placeLabel() {
    guard let session = coordinator.session, let text = dragLabel() else {
      gtk_widget_set_visible(label, 0)
      return
    }
    gtk_label_set_text(OpaquePointer(label), text)
    // Right of the pointer, or left of it where the window ends (it was cut at the edge).
    var natural: Int32 = 0
    gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
    // GTK's measure includes the margins, where the last place was put: the label's own width
    // is what is left (with the margin in, a pointer past the middle put the label at the
    // window's left edge).
    natural -= gtk_widget_get_margin_start(label) + gtk_widget_get_margin_end(label)
    let room = Double(gtk_widget_get_width(widget))
    var x = session.location.x + 12
    if x + Double(natural) > room { x = session.location.x - 12 - Double(natural) }
    gtk_widget_set_margin_start(label, Int32(max(0, x)))
    gtk_widget_set_margin_top(label, Int32(max(0, session.location.y + 8)))
    gtk_widget_set_visible(label, 1)
  }

  /// Whether the dragged items' label shows (for tests).
  public var isShowingDragLabel: Bool { gtk_widget_get_visible(label) != 0 }

  /// The wheel during a drag scrolls the column under the pointer, and the drag goes on at
  /// its place. Not taken without a drag.
  private func scrollDuringDrag(by delta: Point) -> Bool {
    guard let session = coordinator.session else { return false }
    let location = session.location
    for host in hosts {
      guard let frame = coordinator.frame(of: host.collectionView), frame.contains(location)
      else { continue }
      host.collectionView.handle(
        WheelEvent(
          delta: delta, time: Double(g_get_monotonic_time()) / 1_000_000,
          location: Point(x: location.x - frame.minX, y: location.y - frame.minY)))
    }
    coordinator.moveDrag(to: location)
    for host in hosts { host.layoutAndPlace() }
    placeLabel()
    return true
  }

  /// Tells the coordinator where each column's viewport is, in the box's coordinates.
  private func placeColumns() {
    for host in hosts {
      var x = 0.0
      var y = 0.0
      guard gtk_widget_translate_coordinates(host.widget, box, 0, 0, &x, &y) != 0 else {
        continue
      }
      // The widget's own size: its viewport takes it only after this callback.
      let width = Double(gtk_widget_get_width(host.widget))
      let height = Double(gtk_widget_get_height(host.widget))
      coordinator.add(host.collectionView, frame: Rect(x: x, y: y, width: width, height: height))
    }
  }
}
