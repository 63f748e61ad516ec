import ReuseKit

/// Paging cards with the neighbours peeking in, on a collection
/// view with a `CarouselLayout`: one card per page, side cards scaled down, an optional
/// infinite wrap and an optional autoscroll (a marquee).
///
/// ```swift
/// let carousel = Carousel(viewportSize: Size(width: 80, height: 12))
/// carousel.register(CardCell.self, forCellWithReuseIdentifier: "card")
/// carousel.dataSource = cards
/// carousel.wraps = true
/// carousel.autoscrollInterval = 3      // seconds on the host's clock
/// // each frame: carousel.tick(now: time)
/// ```
///
/// ### Wrap
/// With ``wraps``, the collection view holds a fixed run of ``virtualSlotCount`` slots (not
/// "count × 1,000"; four times the items when that is more), and slot `s` shows item
/// `s mod count`: with one, two or three items the
/// same item shows in several slots. The carousel starts in the middle of the run and, when
/// idle, moves back to the middle by a whole number of laps (invisible: the same items are
/// in the same places), so it never reaches an end. ``scroll(to:animated:)`` takes the
/// shortest way round.
///
/// ### Reuse
/// Cards use the `AttachStrategy/hide` strategy (a card is attached once, then shown and
/// hidden), and a reload keeps the pool: the cells created stay at the number ever shown at
/// once, however many reloads.
public final class Carousel: CellHostingControl {
  /// The collection view showing the cards.
  public let collectionView: CollectionView
  /// The layout.
  public let layout: CarouselLayout
  // Read for every cell entering and leaving: `@exclusivity(unchecked)` (single-threaded, never
  // accessed overlapping) saves a runtime access check, about 76 instructions, each time.
  /// Supplies the cards. Setting it reloads. Held weakly.
  @exclusivity(unchecked) public weak var dataSource: (any CarouselDataSource)? {
    didSet { reloadData() }
  }
  /// Hears about the cards. Held weakly.
  @exclusivity(unchecked) public weak var delegate: (any CarouselDelegate)?
  /// Whether the cards wrap around. Setting it reloads, keeping the current item.
  @exclusivity(unchecked) public var wraps = false {
    // The card heading to, read in the slots as they were (the reload reads them after).
    willSet { headingBeforeWrapChange = itemCount > 0 && newValue != wraps ? targetIndex : nil }
    didSet { if wraps != oldValue { reloadData() } }
  }
  /// The card the cards were heading to when ``wraps`` changed, for the reload it makes.
  @exclusivity(unchecked) private var headingBeforeWrapChange: Int?
  /// The slots a wrapping carousel holds at the least: 1,000,000 by default (any count is
  /// shown by modular indexing; the run is recentred when idle). With more than a quarter as
  /// many items, the run is four times the items.
  public let virtualSlotCount: Int
  /// Seconds between automatic moves to the next card, or `nil` for none. Paused while the
  /// user drags (and while anything else moves the cards), it counts again from the moment
  /// they settle. A step or a scroll asked for (a key, a click) counts as the user's too:
  /// the next automatic move is a whole interval after it settles (it came on the heels of
  /// a key, and five quick steps went six cards: a new user's finding).
  public var autoscrollInterval: Double? {
    didSet {
      if !collectionView.diagnostics.isValidOptionalMetric(
        autoscrollInterval, "autoscrollInterval", instead: "autoscroll is off")
      {
        autoscrollInterval = nil
      }
      nextAutoscroll = nil
    }
  }
  /// Holds the autoscroll without turning it off, while the carousel is not on screen (a page
  /// not shown: it went on moving unseen, and a screen reader heard its cards from another
  /// page, a new user's finding). The next automatic move is a whole interval after it
  /// resumes; while held, the host need not tick for it (``nextTickTime`` is `nil`).
  public var isAutoscrollPaused = false {
    didSet { if isAutoscrollPaused != oldValue { nextAutoscroll = nil } }
  }
  /// The item nearest the centre (0 when there are none).
  @exclusivity(unchecked) public private(set) var currentIndex = 0
  /// The number of items, as last read.
  @exclusivity(unchecked) public private(set) var itemCount = 0
  /// When the next automatic move is due, on the host's clock.
  public internal(set) var nextAutoscroll: Double?
  /// Whether the autoscroll is moving the cards (its own step does not restart its count).
  var isAutoscrolling = false

  var lastTime = 0.0
  /// The slot centred, and the card stride it was measured with: when the viewport changes
  /// size (a resize, or the first real size after a zero one), the same slot is centred again.
  // Read on every scroll event: no runtime exclusivity tracking (single-threaded, like UIKit).
  @exclusivity(unchecked) private var anchorSlot = 0
  @exclusivity(unchecked) private var anchoredStride = 0.0
  /// Whether the offset changed while the viewport had no cards (it was empty), so the
  /// current index could not follow it: the next pass with cards brings it up to date.
  @exclusivity(unchecked) private var indexIsStale = false

  /// A carousel of `viewportSize`.
  public init(
    layout: CarouselLayout = CarouselLayout(), viewportSize: Size = .zero,
    virtualSlotCount: Int = 1_000_000
  ) {
    self.layout = layout
    self.virtualSlotCount = max(1, virtualSlotCount)
    collectionView = CollectionView(layout: layout, viewportSize: viewportSize)
    collectionView.attachStrategy = .hide
    collectionView.snapping = ScrollSnapping(alignment: .center, maximumItemsPerFling: 1)
    collectionView.alwaysBounceHorizontal = true
    connect(plumbing)
    // Slots are not items: a wrapping carousel shows card 3 of 7 in many slots.
    collectionView.accessibilitySetPosition = { [weak self] path in
      guard let self, itemCount > 0 else { return (path.item + 1, 0) }
      return (item(forSlot: path.item) + 1, itemCount)
    }
    collectionView.accessibilityAdjustment = { [weak self] step in
      guard let self, itemCount > 1 else { return false }
      let next = wraps ? currentIndex + step : min(max(0, currentIndex + step), itemCount - 1)
      guard wraps || next != currentIndex else { return false }
      scroll(to: next, animated: true)
      let page = item(forSlot: next) + 1
      collectionView.postAccessibilityAnnouncement("page \(page) of \(itemCount)")
      return true
    }
  }

  /// The collection view's data source, delegate and layout observer (see
  /// `PlumbedControl.connect`).
  lazy var plumbing = ControlPlumbing(self)
  @exclusivity(unchecked) var didReportMissingDataSource = false

  // MARK: Cells

  /// A cell for the card in `slot`, without a cast at the call site.
  public func dequeueReusableCell<Cell: CollectionViewCell>(
    _ type: Cell.Type, withReuseIdentifier identifier: String, forSlot slot: Int
  ) -> Cell { dequeueCell(type, identifier, slot) }

  // MARK: Slots

  /// The number of slots the collection view holds.
  var slotCount: Int { itemCount == 0 ? 0 : (wraps ? runLength : itemCount) }

  /// The run of slots a wrapping carousel holds: ``virtualSlotCount``, or four times the items
  /// when that is more. A run shorter than twice the items has no slot before the first card
  /// to wrap to: past 500,000 cards, End and ← from the first card did nothing while the
  /// heading said "wrap on" (a new user's finding).
  var runLength: Int {
    let (four, overflow) = itemCount.multipliedReportingOverflow(by: 4)
    return overflow ? Int.max / 2 : max(virtualSlotCount, four)
  }

  /// The item a slot shows.
  public func item(forSlot slot: Int) -> Int {
    guard itemCount > 0 else { return 0 }
    return ((slot % itemCount) + itemCount) % itemCount
  }

  /// The slot nearest the centre now.
  public var currentSlot: Int {
    min(max(0, layout.cardNearest(offset: collectionView.contentOffset.x)), max(0, slotCount - 1))
  }

  /// The slot the cards are heading to: where the running page, snap or animation comes to
  /// rest, or ``currentSlot`` when they are still.
  public var targetSlot: Int {
    let resting = collectionView.restingContentOffset.x
    return min(max(0, layout.cardNearest(offset: resting)), max(0, slotCount - 1))
  }

  /// The item the cards are heading to (``currentIndex`` when they are still). Steps start
  /// here, so quick presses add up.
  public var targetIndex: Int { item(forSlot: targetSlot) }

  /// The slot showing `index` nearest the one the cards are heading to (the shortest way
  /// round).
  func nearestSlot(showing index: Int) -> Int {
    guard wraps, itemCount > 0 else { return index }
    let current = targetSlot
    let delta = item(forSlot: index - item(forSlot: current))  // steps forward, 0 ..< count
    let forward = current + delta
    let backward = forward - itemCount
    let best = delta <= itemCount - delta ? forward : backward
    return min(max(0, best), slotCount - 1)
  }

  // MARK: Reload and scrolling

  /// Reads the item count again. The current item (during a scroll, the one the cards are
  /// heading to) stays current when it still exists, centred at once; the pool is kept.
  public func reloadData() {
    // The card the cards were heading to, not the one they passed: a reload during a step's
    // animation (turning the wrap on) undid the steps still under way (a new user's finding).
    let keep = headingBeforeWrapChange ?? (itemCount > 0 ? targetIndex : currentIndex)
    headingBeforeWrapChange = nil
    itemCount = max(0, dataSource?.numberOfItems(in: self) ?? 0)
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    let target = min(keep, max(0, itemCount - 1))
    if target != currentIndex {
      // Fewer items than the current index (or none): the index follows at once, even when
      // the viewport has no size yet to find the nearest card in.
      currentIndex = target
      if itemCount > 0 { delegate?.carousel(self, didChangeCurrentIndex: target) }
    }
    let slot = wraps ? middleSlot(showing: target) : target
    anchorSlot = slot
    // No stride until cards have a width: the first real size then centres the anchor slot.
    anchoredStride = layout.cardWidth > 0 ? layout.cardStride : 0
    collectionView.contentOffset = Point(x: layout.offsetCentering(slot), y: 0)
    collectionView.layoutIfNeeded()
    updateCurrentIndex()
  }

  /// After a pass: if the card stride changed (the viewport was resized), the same card is
  /// centred again, as a paging scroll view keeps its page on rotation. A snapping collection
  /// view does this itself when it had a size before (it rests on the card it was heading
  /// to); the first real size after none centres the anchor slot (the card a reload chose).
  func keepAnchorAcrossResize() {
    let stride = layout.cardStride
    // An empty viewport (a terminal too small to show it) keeps the geometry it had: the
    // carousel comes back to the card it was heading to when it has a size again.
    guard stride != anchoredStride, layout.cardWidth > 0, !collectionView.viewportSize.isEmpty
    else {
      // A motion that ended while the viewport was empty changed the card unseen.
      if indexIsStale && !collectionView.viewportSize.isEmpty { updateCurrentIndex() }
      // Otherwise the offset's own changes (`scrollViewDidScroll`) kept the index current.
      return
    }
    let hadGeometry = anchoredStride > 0
    anchoredStride = stride
    let offset = collectionView.contentOffset.x
    let onCard = layout.offsetCentering(layout.cardNearest(offset: offset)) == offset
    if !(hadGeometry && (onCard || collectionView.isAnimating || collectionView.isTracking)) {
      collectionView.stopMotion()
      anchorSlot = min(max(0, anchorSlot), max(0, slotCount - 1))
      collectionView.contentOffset = Point(x: layout.offsetCentering(anchorSlot), y: 0)
      collectionView.layoutIfNeeded()
    }
    updateCurrentIndex()
  }

  /// The slot nearest the middle of the run that shows `index`.
  func middleSlot(showing index: Int) -> Int {
    guard itemCount > 0 else { return 0 }
    let middle = runLength / 2
    return middle - item(forSlot: middle) + index
  }

  /// Moves `steps` cards (backward when negative) from the card the carousel is heading to,
  /// so that n quick steps move n cards even while a page animates: around the run when
  /// wrapping, clamped to the first and last cards otherwise.
  public func step(by steps: Int, animated: Bool = true) {
    guard itemCount > 0, steps != 0 else { return }
    if !isAutoscrolling { nextAutoscroll = nil }
    collectionView.layoutIfNeeded()  // the geometry of the current size
    let (sum, overflow) = targetSlot.addingReportingOverflow(steps)
    let last = wraps ? slotCount - 1 : itemCount - 1
    let slot = overflow ? (steps > 0 ? last : 0) : min(max(0, sum), last)
    collectionView.setContentOffset(
      Point(x: layout.offsetCentering(slot), y: 0), animated: animated)
    collectionView.layoutIfNeeded()
  }

  /// Scrolls to item `index` (by the shortest way round from the card it is heading to, when
  /// wrapping), centring it.
  public func scroll(to index: Int, animated: Bool) {
    guard itemCount > 0 else { return }
    if !isAutoscrolling { nextAutoscroll = nil }
    collectionView.layoutIfNeeded()  // the geometry of the current size
    let clamped = wraps ? item(forSlot: index) : min(max(0, index), itemCount - 1)
    let slot = nearestSlot(showing: clamped)
    collectionView.setContentOffset(
      Point(x: layout.offsetCentering(slot), y: 0), animated: animated)
    collectionView.layoutIfNeeded()
  }

  /// Advances animations and the autoscroll to `now`; returns whether anything still moves
  /// (or an autoscroll is pending, so the host keeps ticking).
  @discardableResult
  public func tick(now time: Double) -> Bool {
    lastTime = max(lastTime, time)
    collectionView.tick(now: time)
    advanceAutoscroll(now: time)
    recenterIfIdle()
    return isAnimating
  }

  /// Whether the host should keep ticking: the cards move, or an autoscroll is on. A host
  /// that can sleep on a timer ticks while ``collectionView`` animates and otherwise sleeps
  /// until ``nextTickTime``.
  public var isAnimating: Bool {
    collectionView.isAnimating
      || (autoscrollInterval != nil && itemCount > 1 && !isAutoscrollPaused)
  }

  /// When a host that sleeps between frames must tick next while the cards are still: the
  /// next autoscroll, "now" when the autoscroll still has to count from here, or `nil` (no
  /// autoscroll, fewer than two items, a finger down (the release wakes the host anyway), or
  /// the autoscroll held by ``isAutoscrollPaused``).
  public var nextTickTime: Double? {
    guard autoscrollInterval != nil, itemCount > 1, !collectionView.isTracking,
      !isAutoscrollPaused
    else { return nil }
    return nextAutoscroll ?? lastTime
  }

  func advanceAutoscroll(now time: Double) {
    guard let interval = autoscrollInterval, itemCount > 1, !isAutoscrollPaused else {
      nextAutoscroll = nil
      return
    }
    if collectionView.isTracking || collectionView.isDecelerating || collectionView.isDragging {
      nextAutoscroll = nil  // paused while the user drags or the cards settle
      return
    }
    // Paused while no card shows (a viewport of no size: a window too small for the page):
    // the steps it took unseen added up, and the cards jumped on when it grew again (a new
    // user's finding). It goes on a full interval after the cards show again.
    if collectionView.viewportSize.isEmpty {
      nextAutoscroll = nil
      return
    }
    if collectionView.isScrollAnimating { return }
    guard let due = nextAutoscroll else {
      nextAutoscroll = time + interval
      return
    }
    guard time >= due else { return }
    nextAutoscroll = time + interval
    isAutoscrolling = true
    defer { isAutoscrolling = false }
    if wraps || targetIndex + 1 < itemCount {
      step(by: 1)
    } else {
      scroll(to: 0, animated: true)  // a marquee without wrap goes back to the start
    }
  }

  /// Far from the middle of the run and idle: move back by whole laps (nothing shows any
  /// difference).
  func recenterIfIdle() {
    // Not in an empty viewport: its geometry has no cards (the offset is the old size's).
    guard wraps, itemCount > 0, !collectionView.isAnimating, !collectionView.isTracking,
      !collectionView.viewportSize.isEmpty
    else {
      return
    }
    let slot = currentSlot
    let margin = runLength / 10
    guard slot < margin || slot > runLength - margin else { return }
    let target = middleSlot(showing: item(forSlot: slot))
    let offset = collectionView.contentOffset.x - layout.offsetCentering(slot)
    collectionView.contentOffset = Point(x: layout.offsetCentering(target) + offset, y: 0)
    collectionView.layoutIfNeeded()
  }

  func updateCurrentIndex() {
    // Only with real geometry: a zero-size viewport has no cards to be nearest.
    guard itemCount > 0, layout.cardWidth > 0, layout.cardStride == anchoredStride,
      !collectionView.viewportSize.isEmpty
    else {
      indexIsStale = itemCount > 0
      return
    }
    indexIsStale = false
    anchorSlot = currentSlot
    let index = item(forSlot: anchorSlot)
    guard index != currentIndex else { return }
    currentIndex = index
    delegate?.carousel(self, didChangeCurrentIndex: index)
  }
}
