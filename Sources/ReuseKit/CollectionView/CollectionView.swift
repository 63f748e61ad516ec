/// A headless collection view: it asks a layout which elements are visible, displays them with
/// reusable views from its data source, and reports to a delegate, as `UICollectionView` does.
///
/// ```swift
/// let collectionView = CollectionView(layout: ListLayout(itemSizing: .uniform(44)))
/// collectionView.register(TitleCell.self, forCellWithReuseIdentifier: "title")
/// collectionView.dataSource = myDataSource
/// collectionView.viewportSize = Size(width: 80, height: 24)
/// collectionView.layoutIfNeeded()
/// ```
///
/// ### One layout pass
/// ``layoutIfNeeded()`` runs a pass when something changed (offset, viewport, data, layout):
/// 1. the layout answers which elements meet the visible rect widened by ``overscan``, in
///    O(log n + k);
/// 2. each element that left: host detach (or hide), `didEndDisplaying`, back to the pool;
/// 3. each element that entered: the data source's cell (dequeued, so `prepareForReuse` runs
///    on pooled cells), its attributes, `willDisplay`, host attach (or unhide).
///
/// A steady-state pass allocates nothing.
///
/// Single-threaded, like UIKit: use a collection view from one thread only.
public final class CollectionView: ScrollView {
  // MARK: Lifecycle

  /// Creates a collection view with `layout`.
  public init(layout: any CollectionViewLayout, viewportSize: Size = .zero) {
    self.collectionViewLayout = layout
    super.init()
    self.viewportSize = viewportSize
    snapStopProvider = self
  }

  deinit {
    // Views this collection view left in a (possibly shared) pool must not keep pointing at it.
    reusePool.forget(owner: self)
  }

  // MARK: Public

  /// Supplies counts and cells. Setting it reloads. Held weakly.
  @exclusivity(unchecked) public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { reloadData() }
  }

  /// Hears which items will soon be displayed. Held weakly; `nil` turns prefetching off.
  @exclusivity(unchecked) public weak var prefetchDataSource:
    (any CollectionViewDataSourcePrefetching)?
  {
    didSet { resetPrefetch(cancelling: oldValue) }
  }

  /// The host that owns the real views. Held weakly.
  @exclusivity(unchecked) public weak var host: (any CollectionViewHost)?

  /// The layout. Setting a new one lays everything out again.
  @exclusivity(unchecked) public var collectionViewLayout: any CollectionViewLayout {
    didSet {
      abandonMovementForUpdate()
      collectionViewLayout.invalidateLayout()
      preparedViewportSize = nil
      setNeedsLayout()
    }
  }

  /// How views enter and leave the host's view tree. Set it before the first layout pass.
  @exclusivity(unchecked) public var attachStrategy: AttachStrategy = .detach

  /// Where idle views wait. Give several collection views the same pool to share views.
  @exclusivity(unchecked) public var reusePool = ReusePool() {
    didSet {
      oldValue.forget(owner: self)
      for (slot, registration) in registrations.enumerated() {
        registrationPoolSlots[slot] = reusePool.slot(for: registration.identifier)
      }
    }
  }

  /// How far beyond the viewport, in points on every side, views are displayed ahead of time.
  /// Negative or non-finite values are treated as 0, with a diagnostic.
  @exclusivity(unchecked) public var overscan: Double = 0 {
    didSet {
      if !(overscan >= 0 && overscan.isFinite) {
        diagnostics.report(.invalidMetric, "overscan \(overscan) is invalid; using 0")
        overscan = 0
      }
      setNeedsLayout()
    }
  }

  /// How many screens ahead of the visible area, in the scrolling direction, items are
  /// prefetched.
  public var prefetchLeadingScreens: Double = 1 { didSet { setNeedsLayout() } }

  /// How many screens behind the visible area items stay prefetched.
  public var prefetchTrailingScreens: Double = 0.25 { didSet { setNeedsLayout() } }

  /// Whether taps select items. `true` by default.
  public var allowsSelection = true {
    didSet { if !allowsSelection { deselectAll() } }
  }

  /// Whether several items can be selected at once; a tap then toggles. `false` by default.
  public var allowsMultipleSelection = false {
    didSet {
      if !allowsMultipleSelection, selectedItems.count > 1, let keep = selectedItems.min() {
        for path in selectedItems where path != keep { setSelected(false, at: path) }
      }
    }
  }

  /// How long a batch update animates (moves, appearing and disappearing items), in seconds
  /// on the host's clock. 0 applies updates at once. UIKit's default is 0.3.
  public var updateAnimationDuration = 0.3 {
    didSet {
      if !(updateAnimationDuration >= 0 && updateAnimationDuration.isFinite) {
        diagnostics.report(
          .invalidMetric, "updateAnimationDuration \(updateAnimationDuration) is invalid; using 0")
        updateAnimationDuration = 0
      }
    }
  }

  /// Whether batch updates keep the first visible item in its place on screen (`true`, the
  /// default): inserting or deleting above it moves the content offset instead of the
  /// content. The anchor is the first item reaching into the viewport that the update neither
  /// deletes nor moves. When the content is scrolled to its very top it stays at the top, so
  /// items inserted there show. `false` keeps the content offset, as UIKit does.
  public var anchorsFirstVisibleItem = true

  /// How close to an end of the content the viewport comes before the delegate hears
  /// `collectionView(_:didApproach:)`, in points along the scroll axis, to load more there
  /// (older messages at the top of a chat, the next page of a feed). 0, the default, turns it
  /// off; negative or NaN values count as 0.
  @exclusivity(unchecked) public var edgeDistance: Double = 0 {
    didSet {
      if !(edgeDistance >= 0) || !edgeDistance.isFinite { edgeDistance = 0 }
      setNeedsLayout()
    }
  }
  /// The edges the delegate was told about in the current approach, and the item count then.
  var edgesTold: Set<ContentEdge> = []
  var edgeItemCount = -1
  /// Chat mode was turned on or the data reloaded: the next pass starts at the end.
  @exclusivity(unchecked) var opensAtEnd = false

  /// The item the user is moving, and how the others make room (see
  /// ``beginInteractiveMovementForItem(at:)``).
  @exclusivity(unchecked) var interactiveMovement: InteractiveMovement? {
    didSet { isMovingItem = interactiveMovement != nil }
  }
  /// Whether an item moves: one flag for the per-frame path to test.
  @exclusivity(unchecked) var isMovingItem = false
  /// Per element of the pass's answer, while an item moves: where the movement wants it
  /// drawn from its place, and where it is drawn (reused buffers).
  @exclusivity(unchecked) var movementTargets: (items: [Point], supplementary: [Point]) = ([], [])
  @exclusivity(unchecked) var movementShown: (items: [Point], supplementary: [Point]) = ([], [])
  /// The lifted item's cell, told it is lifted.
  @exclusivity(unchecked) weak var movementLiftedCell: CollectionViewCell?

  /// How long the other items take to glide aside while an item is moved, and everything to
  /// glide back after a cancel, in seconds on the host's clock (they cover 95 % of the way
  /// in this time, easing out). 0 moves them at once.
  public var interactiveMovementAnimationDuration = 0.2 {
    didSet {
      if !(interactiveMovementAnimationDuration >= 0)
        || !interactiveMovementAnimationDuration.isFinite
      {
        interactiveMovementAnimationDuration = 0
      }
    }
  }

  /// How near an edge of the viewport a moving item starts the content scrolling by itself,
  /// as a fraction of the viewport's length along the scroll axis (at least 1 point). 0.15 by
  /// default.
  public var interactiveMovementAutoscrollZone = 0.15 {
    didSet {
      if !(interactiveMovementAutoscrollZone >= 0) || !interactiveMovementAutoscrollZone.isFinite {
        interactiveMovementAutoscrollZone = 0
      }
    }
  }

  /// How fast that autoscroll goes with the item at the very edge, in viewport lengths per
  /// second; it grows with the square of the closeness across the zone. 2 by default.
  public var interactiveMovementAutoscrollSpeed = 2.0 {
    didSet {
      if !(interactiveMovementAutoscrollSpeed >= 0) || !interactiveMovementAutoscrollSpeed.isFinite
      {
        interactiveMovementAutoscrollSpeed = 0
      }
    }
  }

  /// The actions a row's leading edge reveals when swiped toward its trailing edge (UIKit's
  /// `leadingSwipeActionsConfigurationProvider`), asked when a swipe starts; `nil` or no
  /// actions: none. See ``revealedSwipeActions``.
  public var leadingSwipeActionsProvider: ((ItemPath) -> SwipeActionsConfiguration?)?

  /// The actions a row's trailing edge reveals when swiped toward its leading edge.
  public var trailingSwipeActionsProvider: ((ItemPath) -> SwipeActionsConfiguration?)?

  /// The row swiped or open, and the row under the touch that may become it.
  @exclusivity(unchecked) var swipe: SwipeState? {
    didSet { hasSwipe = swipe != nil }
  }
  /// Whether a row is swiped: one flag for the per-frame path to test.
  @exclusivity(unchecked) var hasSwipe = false
  var swipeCandidate: ItemPath?

  /// What the reuse engine has done, across all identifiers.
  @exclusivity(unchecked) public internal(set) var reuseCounters = ReuseCounters()

  /// Every identifier a view is registered under, in registration order (the blank
  /// placeholders' included once used).
  public var registeredReuseIdentifiers: [String] { registrations.map(\.identifier) }

  /// What the reuse engine has done for one identifier.
  public func reuseCounters(forReuseIdentifier identifier: String) -> ReuseCounters {
    registrationSlots[identifier].map { registrationCounters[$0] } ?? ReuseCounters()
  }

  // MARK: Internal

  @exclusivity(unchecked) var registrations: [Registration] = []
  /// Per registration slot: where its views wait in the pool, and its counters. Plain arrays
  /// beside `registrations`, so the per-view bookkeeping touches no object.
  @exclusivity(unchecked) var registrationPoolSlots: [Int] = []
  @exclusivity(unchecked) var registrationCounters: [ReuseCounters] = []
  var registrationSlots: [String: Int] = [:]
  /// The last identifier dequeued and its slot: most frames dequeue one identifier repeatedly.
  @exclusivity(unchecked) var lastDequeued: (identifier: String, slot: Int) = ("", -1)

  /// Item counts per section, sanitised, as last read from the data source.
  @exclusivity(unchecked) var itemCounts: [Int] = [] {
    didSet {
      itemCountPrefix = [0]
      itemCountPrefix.reserveCapacity(itemCounts.count + 1)
      for count in itemCounts { itemCountPrefix.append(itemCountPrefix.last! + count) }
      if let focused = focusedItem, !isValid(focused) { keepFocusInRange() }
      sectionIndexTitles = dataSource?.indexTitles(for: self) ?? []
    }
  }
  /// `itemCountPrefix[s]` is the flat index of section `s`'s first item; one more entry holds
  /// the total.
  @exclusivity(unchecked) var itemCountPrefix: [Int] = [0]
  /// The item a running `scrollToItem` animation lands on.
  var pendingItemScroll: (indexPath: ItemPath, position: ScrollPosition, padding: Double)?
  /// Scratch buffer for snap-stop queries.
  var snapElements = LayoutElements()
  let displayedItems = VisibleSet(holdsCellsOnly: true)
  let displayedSupplementaryViews = VisibleSet(holdsCellsOnly: false)
  /// The layout's answer for the current pass; reused between passes.
  @exclusivity(unchecked) var elements = LayoutElements()

  @exclusivity(unchecked) var needsLayout = true
  /// Every visible view must be replaced (after `reloadData`).
  @exclusivity(unchecked) var needsReconfigureAll = false
  @exclusivity(unchecked) var isInLayoutPass = false
  var reloadRequestedDuringPass = false
  @exclusivity(unchecked) var preparedViewportSize: Size?

  @exclusivity(unchecked) var selectedItems: Set<ItemPath> = []

  /// The focused item (``focusedIndexPath``): it follows its item through batch updates and
  /// diffs, and is kept in range when the counts change.
  @exclusivity(unchecked) var focusedItem: ItemPath?

  /// The data source's section-index titles, read with the counts.
  var sectionIndexTitles: [String] = []

  /// How far the focused item stays from the viewport's edges along the scroll axis when a
  /// focus move scrolls it into view, in points (beyond pinned headers and footers, which
  /// always count as covering the viewport). NaN and negative values count as 0.
  public var focusScrollPadding: Double = 0 {
    didSet {
      if !(focusScrollPadding >= 0) || !focusScrollPadding.isFinite { focusScrollPadding = 0 }
    }
  }

  /// Batch updates collected inside `performBatchUpdates`, and how deeply nested.
  var batchDepth = 0
  var pendingBatch = Changeset()
  var pendingBatchAnimated = true
  var pendingBatchCompletions: [(Bool) -> Void] = []
  /// The running update animation; it is also the display transitions' handler.
  @exclusivity(unchecked) var updateAnimation: UpdateAnimation? {
    didSet { displayTransitions = updateAnimation }
  }
  /// Takes part in displaying and ending elements while set (see
  /// `DisplayTransitionHandling`); `nil` on the steady-state path.
  @exclusivity(unchecked) var displayTransitions: (any DisplayTransitionHandling)?
  /// Views an interrupted, unanimated-over update animation left on screen: they end right
  /// after the update that interrupted it.
  var settlingViews: [UpdateAnimation.Disappearing] = []
  /// Told about layout passes (see ``CollectionViewLayoutObserver``), weakly.
  var layoutObservers: [WeakLayoutObserver] = []
  /// The cell a reconfigure is asking the data source about: dequeuing its identifier
  /// returns it, unprepared, as UIKit's reconfigure does.
  var reconfiguringView: ReusableView?

  /// Prefetch state: items prefetched and not yet displayed or cancelled, sorted.
  var prefetchedItems: [ItemPath] = []
  var prefetchScratch: [ItemPath] = []
  var prefetchCallBuffer: [ItemPath] = []
  var prefetchElements = LayoutElements()
  /// +1 when the last offset change moved forward along the scroll axis, −1 backward.
  @exclusivity(unchecked) var scrollSign: Double = 1
  var didReportMissingSupplementaryProvider = false

  /// Marks the view as needing a layout pass at the next ``layoutIfNeeded()``.
  public func setNeedsLayout() { needsLayout = true }

  override func contentOffsetDidChange(from oldOffset: Point) {
    let axis = collectionViewLayout.scrollDirection
    let delta = contentOffset[axis] - oldOffset[axis]
    if delta != 0 { scrollSign = delta > 0 ? 1 : -1 }
    // Scrolling closes a swiped row.
    if hasSwipe && swipe?.isTracking == false { closeSwipeActions(animated: true) }
    setNeedsLayout()
  }

  /// Content moved under the viewport: an update animation's starting places move with it.
  override func contentDidMove(by delta: Point) {
    updateAnimation?.shift(by: delta)
  }

  override func touchDidBegin(at point: Point) { swipeTouchDidBegin(at: point) }
  override func claimsDrag(dx: Double, dy: Double) -> Bool { swipeClaimsDrag(dx: dx, dy: dy) }
  override func claimedDragMoved(dx: Double, dy: Double) { swipeDragMoved(dx: dx, dy: dy) }
  override func claimedDragEnded(velocity: Point) { swipeDragEnded(velocity: velocity) }

  /// The collection view's own delegate: ``ScrollView/delegate`` when it adopts
  /// ``CollectionViewDelegate`` (set `delegate` to an object that does), cached so that a
  /// layout pass does not cast.
  @exclusivity(unchecked) public private(set) weak var collectionDelegate:
    (any CollectionViewDelegate)?

  override func delegateDidChange() {
    collectionDelegate = delegate as? any CollectionViewDelegate
  }

  /// The layout's scroll direction.
  override public var primaryAxis: Axis { collectionViewLayout.scrollDirection }

  override var endAxis: Axis { collectionViewLayout.scrollDirection }

  override func endAnchoringChanged() {
    opensAtEnd = anchorsToEnd
    setNeedsLayout()
  }

  /// Input reads the geometry of the current size and data.
  override func prepareForInput() {
    layoutIfNeeded()
  }

  /// Lays out after every tick, so that cells measured in this frame steer the next one.
  override func didAdvance() {
    layoutIfNeeded()
  }

  override func scrollingAnimationWillFinish() {
    guard let (indexPath, position, padding) = pendingItemScroll else { return }
    pendingItemScroll = nil
    landExactly(on: indexPath, at: position, padding: padding)
  }

  override func motionDidStop() {
    pendingItemScroll = nil
  }

  override func motionDidFinish() {
    guard !isInLayoutPass else { return }
    restOffsetInBounds()
    layoutIfNeeded()
  }

  override var hasOtherAnimations: Bool {
    updateAnimation != nil || movementNeedsTicks || swipeNeedsTicks
  }

  override func advanceOtherAnimations(to time: Double) {
    advanceUpdateAnimation(to: time)
    if isMovingItem { advanceMovement(to: time) }
    if hasSwipe { advanceSwipe(to: time) }
  }

  /// Before a resize, only a layout that is up to date can say which item the view rests on:
  /// no pass runs here (the data may be changing under it).
  override func snapStopBeforeResize(nearest offset: Double, alignment: SnapAlignment) -> SnapStop?
  {
    guard !needsLayout, !isInLayoutPass, !collectionViewLayout.needsPrepare, offset.isFinite
    else { return nil }
    return nearestSnapStopInPreparedLayout(
      to: offset, axis: collectionViewLayout.scrollDirection, alignment: alignment)
  }

  /// The new size takes effect at the next layout pass (which rests a paging or snapping view
  /// on its stop again, once the layout knows the new geometry).
  override func viewportSizeDidChange(from oldSize: Size) {
    setNeedsLayout()
  }
}
