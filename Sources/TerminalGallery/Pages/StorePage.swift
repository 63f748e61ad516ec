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
    pane = .themed(Self.registered(model.collectionView), showsScrollIndicator: true)
  }

  /// `view`, with the store's tile cell registered (the rails' titles are standard headers).
  private static func registered(_ view: CollectionView) -> CollectionView {
    view.register(StoreTileCell.self, forCellWithReuseIdentifier: StoreModel.tileIdentifier)
    return view
  }

  func draw(into canvas: Canvas) {
    let heading =
      model.catalog.isEmpty
      ? " App store · no apps: \(model.sections.count) sections, each empty"
      : " App store · \(model.sections.count) sections, every rail scrolls on its own"
    draw(heading: heading, into: canvas, maxWidth: frame.width - 1)
  }

}
