import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `carousel` page: paging cards (``Carousel``) with the neighbours peeking in, drawn
/// smaller and dimmer by their transform. Drag or click a peeking card to page; toggle the
/// infinite wrap and the autoscroll; cycle to 3, 2 or 1 cards to see one item fill several
/// slots when wrapping.
///
/// The page shows 12 cards (`--items` fewer, if smaller), or the `--data` file's items.
final class CarouselPage: SinglePanePage<CardDeckModel>, OptionsPage, ModelPage {
  init(options: GalleryOptions) {
    let model = CardDeckModel(options: options, metrics: .terminal)
    model.carousel.register(
      CarouselCardCell.self, forCellWithReuseIdentifier: CardDeckModel.cardIdentifier)
    super.init(model, pane: .themed(model.carousel.collectionView))
  }

  /// The headline, a blank row, the cards, a blank row and the dots; in a frame of fewer
  /// than 7 rows the blank rows go, so the cards keep two (at 20×6 the cards had none, and
  /// the page showed a headline over nothing: a new user's finding).
  func layout(in frame: CellRect) {
    let roomy = frame.height >= 7
    place(in: frame, top: roomy ? 2 : 1, bottom: roomy ? 2 : (frame.height > 3 ? 1 : 0))
  }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(" " + model.headline, x: 0, y: 0, style: Theme.title)
    pane.draw(into: canvas)
    guard frame.height > 3, model.count > 0 else { return }
    context.centeredText(
      model.dots, y: frame.height - 1, style: TextStyle(foreground: Theme.accent))
  }

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    key.keyPress.map { model.handle($0, at: time) } ?? false
  }

  func tick(now: Double) {
    model.carousel.tick(now: now)
  }

  /// Only motion counts: an autoscroll waiting for its turn is a timer (``nextWakeTime``), so
  /// the app sleeps between moves instead of drawing 60 frames a second.
  var isAnimating: Bool { model.carousel.collectionView.isAnimating }

  var nextWakeTime: Double? { model.carousel.nextTickTime }

  /// While the autoscroll is on.
  var movesByItself: Bool { model.carousel.autoscrollInterval != nil }

  // MARK: Restoring

  /// The card in the centre, by its item: a wrapping carousel shows an item in any of many
  /// slots, and another `--items` count puts other items in them (the twelfth card came back
  /// as the second of five, without a word: a new user's finding). A card this run lacks
  /// shows as the last, and the gallery says so.
  var restorableSelection: Int? {
    get { model.count > 0 ? model.carousel.currentIndex : nil }
    set {
      guard let index = newValue, model.count > 0 else { return }
      model.carousel.scroll(to: min(max(0, index), model.count - 1), animated: false)
    }
  }

  /// What ``restorableSelection`` names, for the gallery's words.
  var restorableSelectionNoun: String { "card" }

  /// The scroll position, and the card by its item.
  func savedPosition() -> GalleryPositions.Page? {
    guard let scroll = model.carousel.collectionView.savedScrollPosition() else { return nil }
    return GalleryPositions.Page(scroll: scroll, selection: restorableSelection)
  }

  /// The card kept, centred (a position without one, from an older file: its scroll position).
  func restorePosition(_ position: GalleryPositions.Page) {
    if position.selection != nil {
      restorableSelection = position.selection
    } else {
      model.carousel.collectionView.restoreScrollPosition(position.scroll)
    }
  }

  // MARK: Accessibility

  /// The card in the centre.
  var accessibilityFocus: AccessibilityElement? {
    guard model.count > 0 else { return nil }
    let carousel = model.carousel
    return carousel.collectionView.accessibilityElement(
      forItemAt: ItemPath(section: 0, item: carousel.currentSlot))
  }
}
