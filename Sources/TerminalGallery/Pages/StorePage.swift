import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `store` page in the terminal: the shared, declared ``StoreModel`` (a featured carousel,
/// rails of apps that scroll sideways on their own, a grid with banners across it) in one
/// pane; the host adds only its tile cell.
final class StorePage: SinglePanePage<StoreModel>, OptionsPage, ModelPage {
  init(options: GalleryOptions) {
    let model = StoreModel(options: options, metrics: .terminal)
    model.collectionView.register(
      StoreTileCell.self, forCellWithReuseIdentifier: StoreModel.tileIdentifier)
    super.init(model, pane: .themed(model.collectionView, showsScrollIndicator: true))
  }

  func draw(into canvas: Canvas) {
    draw(heading: " " + model.heading, into: canvas, maxWidth: frame.width - 1)
  }
}
