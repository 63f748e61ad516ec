import ReuseKit

/// Baseline `baycarousel-seed004`: a faithful Swift port of BayCarouselView's
/// `scrollViewDidScroll:`, the work it does per scroll event.
///
/// What it reproduces, per event:
/// - every subview ever created (hidden or not: views are added once and then only hidden) is
///   tested against the bounds widened by twice the padding; those outside are hidden, pooled
///   (an `NSMutableSet`: here a dictionary keyed by identity) and reported;
/// - all subviews are sorted by `frame.origin.x` (the original boxes each x in an `NSNumber`; the
///   port compares doubles, which only makes it faster), then scanned from both ends for the
///   first and last visible view;
/// - at most one view is generated on each side (`generateViewWithIndex:`: dequeue, frame,
///   unhide), and the current index is set from the edge views;
/// - the visible views get their transform by distance from the centre (the original resets it in
///   `dequeueReusableView`; the scaling is the same default as ours, so the work is equal).
///
/// Geometry is ours (card width, stride, peek inset as the original's `cardInset`, spacing as its
/// `padding`), so both show the same cards; the benchmark checks it before timing.
final class BayCarousel {
  final class ItemView {
    var frame = Rect.zero
    var itemIndex = -1
    var isHidden = true
    var transform = Transform.identity
  }

  let numberOfRows: Int
  let viewportWidth: Double
  let cardWidth: Double
  let cardInset: Double
  let padding: Double
  var contentOffset = 0.0
  private(set) var currentIndex = 0
  private var subviews: [ItemView] = []
  private var reusableViewPool: [ObjectIdentifier: ItemView] = [:]
  private(set) var viewsCreated = 0

  init(numberOfRows: Int, viewportWidth: Double, cardInset: Double, padding: Double) {
    self.numberOfRows = numberOfRows
    self.viewportWidth = viewportWidth
    self.cardInset = cardInset
    self.padding = padding
    cardWidth = viewportWidth - 2 * (cardInset + padding)
  }

  private var rowWidth: Double { cardWidth + padding }

  private func frameForRow(_ index: Int) -> Rect {
    Rect(
      x: cardInset + padding + Double(index) * rowWidth, y: 0, width: cardWidth,
      height: CarouselGeometry.viewport.height)
  }

  private func dequeueReusableView() -> ItemView {
    if let (key, view) = reusableViewPool.first {
      view.transform = .identity
      reusableViewPool[key] = nil
      return view
    }
    viewsCreated += 1
    let view = ItemView()
    subviews.append(view)  // addSubview, once
    return view
  }

  private func generateView(withIndex index: Int) {
    let view = dequeueReusableView()  // the data source's cellForRow
    view.itemIndex = index
    view.frame = frameForRow(index)
    view.isHidden = false
  }

  private func renderCurrentView() {
    for index in max(0, currentIndex - 1)...min(numberOfRows - 1, currentIndex + 1) {
      generateView(withIndex: index)
    }
  }

  /// `reloadData`, with the original's leak: the pool is emptied but its hidden views stay
  /// in the scroll view (the article's code never removes a subview), so each reload adds
  /// new views that every later scroll event tests and sorts. (The article does not show
  /// `reloadData`; this is the reading of "the original leaked hidden views".)
  func reloadData() {
    for view in subviews where !view.isHidden { view.isHidden = true }
    reusableViewPool.removeAll()
    currentIndex = Int(contentOffset / rowWidth)
    renderCurrentView()
  }

  /// The views in the scroll view, hidden or not.
  var subviewCount: Int { subviews.count }

  /// `scrollViewDidScroll:`.
  func scrollViewDidScroll() {
    let minX = contentOffset
    let maxX = contentOffset + viewportWidth
    for view in subviews
    where view.frame.maxX < minX - padding * 2 || view.frame.minX > maxX + padding * 2 {
      if !view.isHidden {
        reusableViewPool[ObjectIdentifier(view)] = view  // queueReusableView
        view.isHidden = true  // and didEndDisplayView
      }
    }
    let sorted = subviews.sorted { $0.frame.minX < $1.frame.minX }
    let firstView = sorted.first { !$0.isHidden }
    let lastView = sorted.last { !$0.isHidden }
    if let lastView, lastView.frame.maxX < maxX + padding - cardInset {
      currentIndex = lastView.itemIndex
      if lastView.itemIndex + 1 < numberOfRows { generateView(withIndex: lastView.itemIndex + 1) }
    }
    if let firstView, firstView.frame.minX > minX - padding + cardInset {
      currentIndex = firstView.itemIndex
      if firstView.itemIndex > 0 { generateView(withIndex: firstView.itemIndex - 1) }
    }
    if firstView == nil && lastView == nil {
      currentIndex = Int(contentOffset / rowWidth)
      renderCurrentView()
    }
    let midX = minX + viewportWidth / 2
    for view in subviews where !view.isHidden {
      view.transform = CarouselLayout.defaultTransform((view.frame.midX - midX) / rowWidth)
    }
  }

  /// The cards on screen, for the equal-work check.
  var visibleRows: [Int] {
    let bounds = Rect(
      x: contentOffset, y: 0, width: viewportWidth, height: CarouselGeometry.viewport.height)
    return subviews.filter { !$0.isHidden && $0.frame.intersects(bounds) }.map(\.itemIndex)
  }
}
