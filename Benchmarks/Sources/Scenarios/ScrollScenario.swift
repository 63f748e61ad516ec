import ReuseControls
import ReuseKit

/// Frame steps of a steady-state scroll: a list (uniform or estimated heights) or a
/// two-column waterfall of 1,000,000 items stepped a third of an 800-point viewport a frame,
/// bouncing at the ends; a carousel of 1,000 cards stepped 40 points.
public final class ScrollScenario {
  public enum Kind: String, CaseIterable, Sendable {
    case list, estimated, waterfall, carousel
  }

  public let view: CollectionView
  var stepper: FrameStepper
  let source: BenchDataSource<BenchCell>
  let carousel: Carousel?
  let cards: Cards?

  public init(_ kind: Kind) {
    switch kind {
    case .carousel:
      let cards = Cards()
      let carousel = Carousel(
        layout: CarouselLayout(peekInset: 24, spacing: 12),
        viewportSize: Size(width: 320, height: 200))
      carousel.register(BenchCell.self, forCellWithReuseIdentifier: "c")
      carousel.dataSource = cards
      (self.cards, self.carousel) = (cards, carousel)
      view = carousel.collectionView
      source = BenchDataSource(count: 0, identifier: "c")
      stepper = FrameStepper(
        viewportLength: 320, step: 40, contentLength: view.contentSize.width)
    default:
      let layout: any CollectionViewLayout
      switch kind {
      case .list: layout = ListLayout(itemSizing: .uniform(44))
      case .estimated: layout = ListLayout(itemSizing: .estimated(44))
      default:
        layout = WaterfallLayout(
          columns: .fixed(2),
          itemHeight: .perItem { path, _ in Double(100 + (path.item &* 37) % 201) })
      }
      view = CollectionView(layout: layout, viewportSize: Size(width: 320, height: 800))
      source = BenchDataSource(count: 1_000_000, identifier: "c")
      view.register(BenchCell.self, forCellWithReuseIdentifier: "c")
      view.dataSource = source
      view.layoutIfNeeded()
      (cards, carousel) = (nil, nil)
      stepper = FrameStepper(
        viewportLength: 800, step: 800.0 / 3, contentLength: view.contentSize.height)
    }
  }

  /// One frame: the offset steps, and a pass lays out.
  public func frame() {
    let offset = stepper.next()
    view.contentOffset = carousel == nil ? Point(x: 0, y: offset) : Point(x: offset, y: 0)
    view.layoutIfNeeded()
  }
}

/// 1,000 carousel cards.
final class Cards: CarouselDataSource {
  func numberOfItems(in carousel: Carousel) -> Int { 1_000 }
  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    carousel.dequeueReusableCell(BenchCell.self, withReuseIdentifier: "c", forSlot: slot)
  }
}
