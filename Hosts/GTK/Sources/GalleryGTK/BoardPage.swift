import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// The `board` page: four columns of cards (To do, Doing, Review, Done), each a collection view
/// in its own host, side by side in ReuseGTK's ``ReuseGTK/CollectionViewColumns``, sharing one
/// ``ReuseKit/DragCoordinator`` (``GalleryKit/BoardModel``): the columns' titles, the dragged
/// cards' label and the focus that follows the active column are this page's.
final class BoardPage: GTKPage {
  let name = "board"
  let title = "Board"
  let model: BoardModel<BoardCardGTKCell>
  /// The board's keys.
  var keyHelp: [(String, String)] { model.keyHelp }
  /// The columns, their titles and the dragged cards' label.
  let columns: CollectionViewColumns
  var hosts: [CollectionViewWidget] { columns.hosts }
  var widget: UnsafeMutablePointer<GtkWidget> { columns.widget }
  private var isSyncing = false

  init(options: GalleryOptions) {
    model = BoardModel(options: options, metrics: .gtk)
    columns = CollectionViewColumns(views: model.columns, coordinator: model.coordinator)
    // A refusal in words a font has (a lone combining mark drew as a missing glyph).
    columns.dragLabel = { [unowned model] in
      model.dragLabel.map {
        $0 + (model.coordinator.session?.canDrop == false ? "  ✕ no drop here" : "")
      }
    }
    // A press or GTK's Tab makes a column the active one, with the keyboard focus, so the
    // keys go and the focus ring is drawn where the status says (it stayed on a card of the
    // column focused before: a new user's finding).
    followKeyboardFocus(of: model, in: hosts) { [unowned self] in refreshHeadings() }
    showEmptyTexts(of: model, in: hosts)
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

  /// After a host placed its views: the other columns show the gap and the drag's marks, the
  /// dragged cards follow the pointer, the headings show their counts.
  func didPlaceViews() {
    guard !isSyncing else { return }
    isSyncing = true
    defer { isSyncing = false }
    columns.syncDrag()
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

  /// The drag under way, if any, ends with its cards back, and every column lets go.
  func willHide() {
    // The column the drag began in stays the active one, as after Escape: the pointer let go
    // over another column made that one active, with no card ("Doing: no card": a new user's
    // finding).
    let active = model.coordinator.session?.source.flatMap(model.column(of:)) ?? model.activeColumn
    model.cancelDrag()
    for host in hosts { host.cancelPointer() }
    model.restoreActiveColumn(active)
    columns.placeLabel()
    refreshHeadings()
  }

  /// Each column's title and count, the active one marked (on screen: a screen reader heard
  /// "▸ To do", a new user's finding; it is told which column is active in words).
  private func refreshHeadings() {
    for index in hosts.indices {
      let heading = model.columnHeading(index)
      let active = index == model.activeColumn
      columns.setTitle(
        (active ? "▸ " : "") + heading, spoken: heading + (active ? ", the active column" : ""),
        ofColumn: index)
    }
  }
}
