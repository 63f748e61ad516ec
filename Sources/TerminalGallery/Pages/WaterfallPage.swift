import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `waterfall` page: a photo feed in columns (``WaterfallView``). Cards have their own
/// heights and go to the shortest column; scrolling near the end loads the next page, which
/// is appended without moving the cards already placed. Keys change the placement order and
/// the column width (a relayout).
///
/// `--items N` is the feed's total size (pages of 60 load until it is reached); `--data` uses
/// the file's items, with their `height` (× 3 rows) as the photo's height.
final class WaterfallPage: SinglePanePage<PhotoFeedModel>, OptionsPage, ModelPage {
  /// How many cards are loaded.
  var loaded: Int { model.loaded }

  init(options: GalleryOptions) {
    let model = PhotoFeedModel(options: options, metrics: .terminal)
    model.feed.collectionView.register(
      FeedCardCell.self, forCellWithReuseIdentifier: PhotoFeedModel.cardIdentifier)
    super.init(model, pane: .themed(model.feed.collectionView, showsScrollIndicator: true))
  }

  func draw(into canvas: Canvas) { draw(heading: " " + model.headline, into: canvas) }

  /// The pages up to the saved cards load first: only the first is loaded at launch, and a
  /// position past it was lost (then saved over as the top at the next quit).
  func restorePosition(_ position: GalleryPositions.Page) {
    model.loadThrough(item: max(position.focus?.item ?? 0, position.scroll.indexPath.item))
    restoreView(position)
  }
}
