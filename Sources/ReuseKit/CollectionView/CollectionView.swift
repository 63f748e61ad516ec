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
/// ### An engine and its parts
/// The collection view is an engine: the counts, the layout, the displayed sets, the reuse
/// pool, registration, and the layout pass. Every feature beyond that is a part the engine
/// owns, with its own state and invariants: selection, focus, prefetching, end anchoring and
/// edge loading (chat mode), interactive movement, swipe actions, batch updates and their
/// animation, and the pointer's captures. Parts that act on a pass take part through
/// `LayoutPassParticipant`; with none active, the pass is the bare one.
///
/// ### One layout pass
/// ``layoutIfNeeded()`` runs a pass when something changed (offset, viewport, data, layout),
/// in named phases: prepare (the layout, if its inputs changed), query (the elements meeting
/// the visible rect widened by ``overscan``, O(log n + k)), present (parts move frames),
/// reconcile (leaving elements end their display and go back to the pool; entering ones get
/// a view from the data source, dequeued, so `prepareForReuse` runs on pooled views),
/// measure (self-sizing cells; content that moved under the viewport is one event), prefetch,
/// and notify (observers and the delegate, after the pass).
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

  /// The host that owns the real views. Held weakly.
  @exclusivity(unchecked) public weak var host: (any CollectionViewHost)?

  /// The collection view's own delegate: ``ScrollView/delegate`` when it adopts
  /// ``CollectionViewDelegate`` (set `delegate` to an object that does), cached so that a
  /// layout pass does not cast.
  @exclusivity(unchecked) public private(set) weak var collectionDelegate:
    (any CollectionViewDelegate)?

  /// The layout. Setting a new one lays everything out again.
  @exclusivity(unchecked) public var collectionViewLayout: any CollectionViewLayout {
    didSet {
      forEachPart { $0.layoutWillChange(in: self) }
      collectionViewLayout.invalidateLayout()
      pass.preparedViewportSize = nil
      setNeedsLayout()
    }
  }

  /// ``collectionViewLayout``, for the package's other modules: their own reads of it are
  /// checked for exclusive access at run time (the attribute holds only in this module).
  package var layout: any CollectionViewLayout { collectionViewLayout }

  /// How views enter and leave the host's view tree. Set it before the first layout pass.
  @exclusivity(unchecked) public var attachStrategy: AttachStrategy = .detach

  /// Where idle views wait. Give several collection views the same pool to share views.
  @exclusivity(unchecked) public var reusePool = ReusePool() {
    didSet {
      oldValue.forget(owner: self)
      registry.movePoolSlots(to: reusePool)
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

  /// Marks the view as needing a layout pass at the next ``layoutIfNeeded()``.
  public func setNeedsLayout() { pass.needsLayout = true }

  /// The layout's scroll direction.
  override public var primaryAxis: Axis { collectionViewLayout.scrollDirection }

  // MARK: Internal: the engine's state

  /// Registered views, per-identifier counters and pool slots.
  @exclusivity(unchecked) var registry = Registry()
  /// Item counts per section, sanitised, as last read from the data source, with their flat
  /// prefix and the section-index titles.
  @exclusivity(unchecked) var counts = ItemCounts()
  let displayedItems = VisibleSet(holdsCellsOnly: true)
  let displayedSupplementaryViews = VisibleSet(holdsCellsOnly: false)
  /// The layout's answer for the current pass; reused between passes.
  @exclusivity(unchecked) var elements = LayoutElements()
  /// Whether a pass is needed or running, and what it must do.
  @exclusivity(unchecked) var pass = PassState()
  /// Told about layout passes (see ``CollectionViewLayoutObserver``), weakly.
  @exclusivity(unchecked) var layoutObservers: [WeakLayoutObserver] = []
  /// The parts taking part in passes now, in the order they joined; empty on the bare path.
  @exclusivity(unchecked) var participants: [any LayoutPassParticipant] = []

  // MARK: Internal: the parts

  /// Every part, and the list the engine tells about its events (`Parts/CollectionView+Parts.swift`).
  let parts = Parts()

  // MARK: Scroll view hooks

  override func contentOffsetDidChange(from oldOffset: Point) {
    let axis = collectionViewLayout.scrollDirection
    prefetcher.noteScroll(by: contentOffset[axis] - oldOffset[axis])
    swipe.contentDidScroll(in: self)
    setNeedsLayout()
  }

  /// The one event for content that moved under the viewport (``ScrollView/moveContent(by:)``):
  /// the drag and the motions moved already; the parts that remember content coordinates
  /// move here.
  override func contentDidMove(by delta: Point) {
    parts.contentDidMove(by: delta, in: self)
  }

  override func touchDidBegin(at point: Point) {
    forEachPart { $0.touchDidBegin(at: point, in: self) }
  }
  /// A drag that leaves across the axis over a rail scrolls the rail; over a row with swipe
  /// actions, it swipes.
  override func claimsDrag(dx: Double, dy: Double) -> Bool {
    rails.claimsDrag(dx: dx, dy: dy, in: self)
      || swipe.claimsDrag(dx: dx, dy: dy, in: self)
  }
  override func claimedDragMoved(dx: Double, dy: Double) {
    if rails.isDraggingRail {
      rails.dragMoved(dx: dx, in: self)
    } else {
      swipe.dragMoved(dx: dx, dy: dy, in: self)
    }
  }
  override func claimedDragEnded(velocity: Point) {
    if rails.isDraggingRail {
      rails.dragEnded(in: self)
    } else {
      swipe.dragEnded(velocity: velocity, in: self)
    }
  }

  override func delegateDidChange() {
    collectionDelegate = delegate as? any CollectionViewDelegate
  }

  override var endAxis: Axis { collectionViewLayout.scrollDirection }

  override func endAnchoringChanged() {
    endAnchoring.anchoringChanged(in: self)
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
    targeting.animationWillFinish(in: self)
  }

  override func motionDidStop() {
    targeting.pendingItemScroll = nil
  }

  override func motionDidFinish() {
    guard !pass.isInPass else { return }
    restOffsetInBounds()
    layoutIfNeeded()
  }

  override var hasOtherAnimations: Bool {
    parts.needTicks(in: self)
  }

  override func advanceOtherAnimations(to time: Double) {
    parts.advance(to: time, in: self)
  }

  /// Before a resize, only a layout that is up to date can say which item the view rests on:
  /// no pass runs here (the data may be changing under it).
  override func snapStopBeforeResize(nearest offset: Double, alignment: SnapAlignment) -> SnapStop?
  {
    guard !pass.needsLayout, !pass.isInPass, !collectionViewLayout.needsPrepare, offset.isFinite
    else { return nil }
    return nearestSnapStopInPreparedLayout(
      to: offset, axis: collectionViewLayout.scrollDirection, alignment: alignment)
  }

  /// The new size takes effect at the next layout pass (which rests a paging or snapping view
  /// on its stop again, once the layout knows the new geometry, and keeps the focused or first
  /// item on screen in view for any other).
  override func viewportSizeDidChange(from oldSize: Size) {
    noteAnchorBeforeResize()
    setNeedsLayout()
  }
}
