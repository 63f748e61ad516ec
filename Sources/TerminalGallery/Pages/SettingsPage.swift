import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `settings` page: a declared list of standard content (``GalleryKit/SettingsModel``).
/// It has no cell of its own: the pane draws standard cells, the same declaration the GTK
/// gallery shows.
final class SettingsPage: OptionsPage, ModelPage {
  /// The page itself: its declaration, switches, keys and status (shared with other hosts).
  let model: SettingsModel
  let pane: CollectionViewPane
  var frame = CellRect.zero

  init(options: GalleryOptions) {
    model = SettingsModel(options: options, metrics: .terminal)
    pane = .themed(model.collectionView, showsScrollIndicator: true)
    marksFoundItems()
  }

  /// The scroll position and focus, with the switches ("Show advanced" adds a section).
  func savedPosition() -> GalleryPositions.Page? {
    guard let position = model.collectionView.savedScrollPosition() else { return nil }
    return GalleryPositions.Page(
      scroll: position, focus: model.collectionView.focusedIndexPath,
      switches: model.switchStates)
  }

  /// The switches first, then focus and scroll: a focus saved in the advanced section finds
  /// it (it landed on the list's last item).
  func restorePosition(_ position: GalleryPositions.Page) {
    if let switches = position.switches { model.restoreSwitches(switches) }
    restoreView(position)
  }

  func draw(into canvas: Canvas) {
    draw(heading: " Settings · Space or Enter flips a switch or opens a row with ›", into: canvas)
  }
}
