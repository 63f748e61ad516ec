import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// The `board` page: four columns of cards (To do, Doing, Review, Done), each a collection view
/// in its own host widget, side by side in a `GtkBox`, sharing one ``ReuseKit/DragCoordinator``
/// (``GalleryKit/BoardModel``). A drag keeps its press in the column it began in (GTK's drag
/// gesture holds it), and the coordinator carries it over the others; the dragged card follows
/// the pointer as a label in a `GtkOverlay`. Each column tells the coordinator where it is
/// whenever it is resized.
final class BoardPage: GTKPage {
  let name = "board"
  let title = "Board"
  let model: BoardModel<BoardCardGTKCell>
  /// The board's keys.
  var keyHelp: [(String, String)] { model.keyHelp }
  let hosts: [CollectionViewWidget]
  /// The overlay: the columns, and the dragged card above them.
  let widget: UnsafeMutablePointer<GtkWidget>
  private let columns: UnsafeMutablePointer<GtkWidget>
  private let headings: [UnsafeMutablePointer<GtkWidget>]
  private let preview: UnsafeMutablePointer<GtkWidget>
  private var isSyncing = false

  init(options: GalleryOptions) {
    model = BoardModel(options: options, metrics: .gtk)
    hosts = model.columns.map { CollectionViewWidget(collectionView: $0) }
    columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
    asBox(columns) { gtk_box_set_homogeneous($0, 1) }
    var headings: [UnsafeMutablePointer<GtkWidget>] = []
    for (index, host) in hosts.enumerated() {
      let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
      let heading = gtk_label_new(nil)!
      gtk_label_set_xalign(OpaquePointer(heading), 0)
      gtk_widget_add_css_class(heading, "heading")
      gtk_widget_set_margin_start(heading, 6)
      asBox(column) { gtk_box_append($0, heading) }
      gtk_widget_set_vexpand(host.widget, 1)
      gtk_widget_set_hexpand(host.widget, 1)
      asBox(column) { gtk_box_append($0, host.widget) }
      asBox(columns) { gtk_box_append($0, column) }
      host.collectionView.accessibilityLabel = BoardModel<BoardCardGTKCell>.columnTitles[index]
      headings.append(heading)
    }
    self.headings = headings
    preview = gtk_label_new(nil)
    gtk_widget_add_css_class(preview, "osd")
    gtk_widget_set_halign(preview, GTK_ALIGN_START)
    gtk_widget_set_valign(preview, GTK_ALIGN_START)
    gtk_widget_set_can_target(preview, 0)
    gtk_widget_set_visible(preview, 0)
    widget = gtk_overlay_new()
    gtk_overlay_set_child(OpaquePointer(widget), columns)
    gtk_overlay_add_overlay(OpaquePointer(widget), preview)
    for host in hosts {
      host.didResize = { [unowned self] _ in placeColumns() }
      host.scrollHandler = { [unowned self] delta in scrollDuringDrag(by: delta) }
      // A press makes its column the active one and gives it the keyboard focus, so the focus
      // ring is drawn on the card the status names (it stayed on a card of the column focused
      // before: a new user's finding). The press goes on to the column.
      // The keyboard focus coming into a column by GTK's Tab makes it the active one too, so
      // the keys go where the focus ring is.
      host.focusEntered = { [unowned self, unowned host] in
        model.keyboardFocusDidEnter(host.collectionView)
        refreshHeadings()
        host.didPlaceViews?()  // the status bar names the column now
      }
      host.pressHandler = { [unowned self, unowned host] _ in
        model.pointerDidPress(in: host.collectionView)
        host.grabKeyboardFocus()
        refreshHeadings()
        return false
      }
    }
    refreshHeadings()
  }

  /// The active column's host: the keys and the status go there.
  var host: CollectionViewWidget { hosts[model.activeColumn] }

  var status: String { model.status }

  func itemTitle(at indexPath: ItemPath) -> String? { model.itemTitle(at: indexPath) }

  func handleKey(_ key: KeyPress) -> Bool {
    let before = model.activeColumn
    let used = model.handle(key)
    // The column the keys went to takes the focus first: placed first, the column left gave
    // it to the card after the one that moved, which a screen reader said before the moved
    // card (a new user's finding).
    if model.activeColumn != before { host.grabKeyboardFocus() }
    for host in hosts { host.layoutAndPlace() }
    refreshHeadings()
    return used
  }

  /// After a host placed its views: the dragged card follows the pointer, the other columns
  /// show the gap and the drag's marks, the headings their counts.
  func didPlaceViews() {
    guard !isSyncing else { return }
    isSyncing = true
    defer { isSyncing = false }
    if model.coordinator.session != nil || gtk_widget_get_visible(preview) != 0 {
      for host in hosts { host.layoutAndPlace() }
    }
    updatePreview()
    refreshHeadings()
    // The keys follow the active column once a drag is done: a card dropped in another
    // column made it active, while GTK's focus stayed on a card of the old one, and a screen
    // reader heard nothing of the arrows after (a new user's finding).
    if model.coordinator.session == nil, !host.containsKeyboardFocus,
      hosts.contains(where: { $0.containsKeyboardFocus })
    {
      host.grabKeyboardFocusWhenIdle(ifWithin: widget)
    }
  }

  /// The wheel during a drag: GTK gives it to the column holding the press; it scrolls the
  /// column under the pointer instead, and the drag goes on at its place, so the gap, the drop
  /// and the status follow the cards that moved under it (the press's own column scrolled,
  /// and the gap stayed: as a new user found in the terminal). Not taken without a drag.
  private func scrollDuringDrag(by delta: Point) -> Bool {
    guard let session = model.coordinator.session else { return false }
    let location = session.location
    for host in hosts {
      guard let frame = model.coordinator.frame(of: host.collectionView),
        frame.contains(location)
      else { continue }
      host.collectionView.handle(
        WheelEvent(
          delta: delta, time: Double(g_get_monotonic_time()) / 1_000_000,
          location: Point(x: location.x - frame.minX, y: location.y - frame.minY)))
    }
    model.coordinator.moveDrag(to: location)
    for host in hosts { host.layoutAndPlace() }
    updatePreview()
    return true
  }

  /// Tells the coordinator where each column's viewport is, in the box's coordinates.
  private func placeColumns() {
    for host in hosts {
      var x = 0.0
      var y = 0.0
      guard gtk_widget_translate_coordinates(host.widget, columns, 0, 0, &x, &y) != 0 else {
        continue
      }
      // The widget's own size: its viewport takes it only after this callback.
      let width = Double(gtk_widget_get_width(host.widget))
      let height = Double(gtk_widget_get_height(host.widget))
      model.coordinator.add(
        host.collectionView, frame: Rect(x: x, y: y, width: width, height: height))
    }
  }

  /// The drag under way, if any, ends with its cards back, and every column lets go.
  func willHide() {
    // The column the drag began in stays the active one, as after Escape: the pointer let go
    // over another column made that one active, with no card ("Doing: no card": a new user's
    // finding).
    let active = model.coordinator.session?.source.flatMap(model.column(of:)) ?? model.activeColumn
    model.cancelDrag()
    for host in hosts { host.cancelPointer() }
    model.restoreActiveColumn(active)
    updatePreview()
    refreshHeadings()
  }

  private func updatePreview() {
    guard let session = model.coordinator.session, let source = session.source,
      let column = model.column(of: source), let first = session.items.first,
      first.item < model.cards[column].count
    else {
      gtk_widget_set_visible(preview, 0)
      return
    }
    let more = session.items.count > 1 ? "  +\(session.items.count - 1)" : ""
    // A refusal in words a font has (a lone combining mark drew as a missing glyph).
    let verdict = session.canDrop ? "" : "  ✕ no drop here"
    gtk_label_set_text(
      OpaquePointer(preview), model.cardTitle(model.cards[column][first.item]) + more + verdict)
    // Right of the pointer, or left of it where the window ends (it was cut at the edge, where
    // a refusal shows).
    var natural: Int32 = 0
    gtk_widget_measure(preview, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
    // GTK's measure includes the margins, where the last place was put: the label's own
    // width is what is left (with the margin in, a pointer past the middle of the board put
    // the card at the window's left edge: a new user's finding).
    natural -= gtk_widget_get_margin_start(preview) + gtk_widget_get_margin_end(preview)
    let room = Double(gtk_widget_get_width(widget))
    var x = session.location.x + 12
    if x + Double(natural) > room { x = session.location.x - 12 - Double(natural) }
    gtk_widget_set_margin_start(preview, Int32(max(0, x)))
    gtk_widget_set_margin_top(preview, Int32(max(0, session.location.y + 8)))
    gtk_widget_set_visible(preview, 1)
  }

  private func refreshHeadings() {
    for (index, heading) in headings.enumerated() {
      let name = BoardModel<BoardCardGTKCell>.columnTitles[index]
      let marker = index == model.activeColumn ? "▸ " : ""
      gtk_label_set_text(
        OpaquePointer(heading), "\(marker)\(name) · \(model.cards[index].count.formatted)")
    }
  }
}

/// Calls `body` with `widget` as the box it is.
func asBox(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkBox>) -> Void
) {
  widget.withMemoryRebound(to: GtkBox.self, capacity: 1) { body($0) }
}
