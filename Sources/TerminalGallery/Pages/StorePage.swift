import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `store` page in the terminal: the shared, declared ``StoreModel`` (a featured carousel,
/// rails of apps that scroll sideways on their own, a grid with banners across it) in one
/// pane; the host adds only its tile cell.
final class StorePage: OptionsPage, ModelPage {
  let model: StoreModel
  let pane: CollectionViewPane
  var frame = CellRect.zero

  init(options: GalleryOptions) {
    model = StoreModel(options: options, metrics: .terminal)
    model.collectionView.register(
      StoreTileCell.self, forCellWithReuseIdentifier: StoreModel.tileIdentifier)
    pane = .themed(model.collectionView, showsScrollIndicator: true)
  }

  func draw(into canvas: Canvas) {
    draw(heading: " " + model.heading, into: canvas, maxWidth: frame.width - 1)
  }
}
