import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `settings` page: a declared list of standard content (``GalleryKit/SettingsModel``).
/// It has no cell of its own: the pane draws standard cells, the same declaration the GTK
/// gallery shows.
final class SettingsPage: SinglePanePage<SettingsModel>, OptionsPage, ModelPage {
  init(options: GalleryOptions) {
    let model = SettingsModel(options: options, metrics: .terminal)
    super.init(model, pane: .themed(model.collectionView, showsScrollIndicator: true))
    marksFoundItems()
  }

  func draw(into canvas: Canvas) {
    draw(heading: " Settings · Space or Enter flips a switch or opens a row with ›", into: canvas)
  }
}
