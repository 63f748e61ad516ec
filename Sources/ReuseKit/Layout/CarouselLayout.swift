/// A horizontal row of cards, one per page, with the neighbours peeking in at both sides.
/// Cards are transformed by their distance from the viewport's
/// centre: by default the side cards are scaled 0.9 × 0.8.
///
/// A card is the viewport's width less the peek and the spacing on both sides; the content
/// starts and ends with room to centre the first and last cards. Queries are arithmetic.
public final class CarouselLayout: CollectionViewLayout {
  /// Assistive technology hears a carousel.
  public var accessibilityContainerRole: AccessibilityRole? { .carousel }

  /// How much of each neighbour shows, at each side.
  public var peekInset: Double { didSet { invalidateLayout() } }
  /// The gap between cards.
  public var spacing: Double { didSet { invalidateLayout() } }
  /// Space above and below the cards.
  public var verticalInset: Double { didSet { invalidateLayout() } }
  /// The transform of a card at `distance` cards from the centre (negative: left). The
  /// default scales 1 at the centre down to 0.9 × 0.8 at one card and beyond.
  @exclusivity(unchecked) public var transformForDistance: (Double) -> Transform =
    CarouselLayout.defaultTransform
  {
    didSet { invalidateLayout() }
  }

  /// Carousels scroll horizontally.
  public var scrollDirection: Axis { .horizontal }

  /// 1 at the centre, 0.9 × 0.8 from one card away.
  public static func defaultTransform(_ distance: Double) -> Transform {
    let t = min(1, abs(distance.isFinite ? distance : 1))
    return Transform(scaleX: 1 - 0.1 * t, scaleY: 1 - 0.2 * t)
  }

  // Read on every query: no runtime exclusivity tracking (single-threaded, like UIKit).
  @exclusivity(unchecked) private var isValid = false
  @exclusivity(unchecked) private var count = 0
  @exclusivity(unchecked) private var viewport = Size.zero
  @exclusivity(unchecked) private var gap = 0.0
  @exclusivity(unchecked) private var peek = 0.0
  @exclusivity(unchecked) private var inset = 0.0
  /// The viewport of the last query: the transforms follow it.
  @exclusivity(unchecked) private var lastViewportMidX = 0.0
  /// The size of all cards and the room at both ends.
  public private(set) var contentSize = Size.zero

  /// Creates a carousel layout.
  public init(peekInset: Double = 24, spacing: Double = 12, verticalInset: Double = 0) {
    self.peekInset = peekInset
    self.spacing = spacing
    self.verticalInset = verticalInset
  }

  /// `true` when something must be laid out again.
  public var needsPrepare: Bool { !isValid }

  /// Lays out again at the next prepare.
  public func invalidateLayout() { isValid = false }

  /// The width of one card.
  public var cardWidth: Double { max(0, viewport.width - 2 * (peek + gap)) }

  /// The distance from one card's start to the next's.
  public var cardStride: Double { cardWidth + gap }

  /// Where cards start: room to centre the first one.
  private var leading: Double { peek + gap }

  /// Computes the card geometry.
  ///
  /// - Complexity: O(S).
  public func prepare(_ context: LayoutContext) {
    let diagnostics = context.diagnostics
    count = context.itemCounts.first ?? 0
    if context.itemCounts.count > 1 {
      diagnostics.report(
        .invalidConfiguration,
        "CarouselLayout shows one section; sections after the first are not shown")
    }
    viewport = Size(
      width: context.viewportSize.width.sanitizedLength,
      height: context.viewportSize.height.sanitizedLength)
    gap = diagnostics.sanitizedMetric(spacing, "CarouselLayout.spacing")
    peek = diagnostics.sanitizedMetric(peekInset, "CarouselLayout.peekInset")
    inset = diagnostics.sanitizedMetric(verticalInset, "CarouselLayout.verticalInset")
    let cards = Double(count)
    contentSize = Size(
      width: count == 0 ? 0 : 2 * leading + cards * cardWidth + (cards - 1) * gap,
      height: viewport.height)
    isValid = true
  }

  /// The untransformed frame of card `index`.
  public func frameForCard(_ index: Int) -> Rect {
    Rect(
      x: leading + Double(index) * cardStride, y: inset, width: cardWidth,
      height: max(0, viewport.height - 2 * inset))
  }

  /// The content offset that centres card `index`: the card's middle at the viewport's
  /// middle, computed as a collection view snapping to centres computes it (so both agree to
  /// the last bit).
  public func offsetCentering(_ index: Int) -> Double {
    guard cardWidth > 0 else { return Double(index) * cardStride }  // no room for cards yet
    return frameForCard(index).midX - viewport.width / 2
  }

  /// The card whose centre is nearest the viewport centre at `offset` (unclamped).
  public func cardNearest(offset: Double) -> Int {
    guard cardStride > 0, offset.isFinite else { return 0 }
    let index = (offset / cardStride).rounded()
    return Int(max(-1e15, min(1e15, index)))
  }

  private func attributes(of index: Int, viewportMidX: Double) -> LayoutAttributes {
    let frame = frameForCard(index)
    let distance = cardStride > 0 ? (frame.midX - viewportMidX) / cardStride : 0
    var transform = transformForDistance(distance)
    if !(transform.scaleX.isFinite && transform.scaleY.isFinite && transform.translationX.isFinite
      && transform.translationY.isFinite)
    {
      transform = .identity
    }
    return LayoutAttributes(
      forCellAt: pathOf(index), frame: frame,
      zIndex: 100 - Int(min(100, abs(distance) * 10)), transform: transform)
  }

  private func pathOf(_ index: Int) -> ItemPath { ItemPath(section: 0, item: index) }

  /// Appends the cards meeting the rect, transformed for the query's viewport.
  ///
  /// - Complexity: O(k).
  public func elements(in query: LayoutQuery, into result: inout LayoutElements) {
    guard isValid, count > 0, cardWidth > 0 else { return }
    let rect = query.rect
    lastViewportMidX = query.viewport.midX
    let first = max(0, Int(((rect.minX - leading - cardWidth) / cardStride).rounded(.down)) + 1)
    let last = min(count, Int(((rect.maxX - leading) / cardStride).rounded(.up)))
    guard first < last else { return }
    for index in first..<last {
      let attributes = attributes(of: index, viewportMidX: lastViewportMidX)
      if attributes.frame.intersects(rect) { result.items.append(attributes) }
    }
  }

  /// One card's attributes, transformed for the last queried viewport.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    guard isValid, indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else {
      return nil
    }
    return attributes(of: indexPath.item, viewportMidX: lastViewportMidX)
  }

  /// Carousels have no headers or footers.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? { nil }

  /// The card under `point` (its untransformed frame).
  public func indexPathForItem(at point: Point) -> ItemPath? {
    guard isValid, count > 0, cardStride > 0, point.isFinite else { return nil }
    let index = Int(((point.x - leading) / cardStride).rounded(.down))
    guard index >= 0, index < count, frameForCard(index).contains(point) else { return nil }
    return pathOf(index)
  }
}
