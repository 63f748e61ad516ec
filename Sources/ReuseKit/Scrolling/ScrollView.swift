/// A headless scroll view: a viewport of ``viewportSize`` looking at content of
/// ``contentSize`` from ``contentOffset``, with UIKit's scrolling physics.
///
/// `ScrollView` owns no views and draws nothing, and it never reads a clock. A host feeds it
/// input (drags, wheel deltas, key steps), each with its own timestamp, and calls
/// ``tick(now:)`` while ``isAnimating``; the scroll view answers with offset changes and
/// UIKit's delegate callbacks. ``CollectionView`` is a scroll view, as `UICollectionView` is a
/// `UIScrollView`.
///
/// ### Physics
/// - Flings decelerate at ``decelerationRate`` (UIKit's 0.998 or 0.99 per millisecond), in
///   closed form: a replay lands on the same offset at any tick rate.
/// - Past the content edges a drag meets a rubber band (``RubberBand``), and on release the
///   content springs back. ``bounces`` turns this off.
/// - ``isPagingEnabled`` rests on viewport-sized pages; ``snapping`` rests on items, with a
///   sensitivity threshold and a limit per fling. Every release settles, including one with
///   zero velocity.
/// - A drag moves one axis only when it begins mostly along it (``isDirectionalLockEnabled``,
///   ``directionalLockAngle``).
///
/// Single-threaded, like UIKit.
public class ScrollView {
  // MARK: Lifecycle

  /// Creates a scroll view with an empty viewport.
  public init() {}

  // MARK: Public: geometry

  /// Where reports about invalid input (NaN offsets, bad counts, bad sizes) go.
  public var diagnostics = Diagnostics()

  /// Hears scroll events. Held weakly.
  @exclusivity(unchecked) public weak var delegate: (any ScrollViewDelegate)? {
    didSet { delegateDidChange() }
  }

  /// The point of the content shown at the viewport's top-left corner.
  ///
  /// Setting it stops any running animation or deceleration (not a drag) and moves there at
  /// once. A NaN or infinite offset is ignored, with a diagnostic.
  public var contentOffset: Point {
    get { _contentOffset }
    set {
      guard newValue.isFinite else {
        diagnostics.report(.invalidMetric, "contentOffset \(newValue) is not finite; ignored")
        return
      }
      stopBeforeResize = nil
      transition {
        if phase == .decelerating || phase == .animating { stopMotion() }
        applyOffset(newValue)
      }
    }
  }

  /// Where the content comes to rest: the end of the running deceleration, bounce or
  /// animation, or ``contentOffset`` when nothing moves it (or a finger holds it).
  ///
  /// Steps start from here (``scroll(by:animated:)``, a collection view's `scrollToItem`
  /// and the controls' steps), so that quick repeated steps add up instead of restarting from
  /// wherever the animation happens to be.
  ///
  /// - Complexity: O(1).
  public var restingContentOffset: Point {
    guard phase == .decelerating || phase == .animating else { return contentOffset }
    var resting = Point(
      x: restingPosition(along: .horizontal), y: restingPosition(along: .vertical))
    // A free fling that would coast past an edge stops (or bounces back) at it.
    if freeDecay.x { resting.x = clampedContentOffset(resting).x }
    if freeDecay.y { resting.y = clampedContentOffset(resting).y }
    return resting
  }

  /// The size of the visible area. Negative or non-finite extents are treated as 0, with a
  /// diagnostic.
  ///
  /// A paging or snapping view keeps the page or item it rests on (or is heading to) across a
  /// change of size, as a paging view keeps its page on rotation: it rests there again at the
  /// new size, unless the offset is set meanwhile.
  public var viewportSize: Size {
    get { _viewportSize }
    set {
      let clean = Size(
        width: newValue.width.sanitizedLength, height: newValue.height.sanitizedLength)
      if clean != newValue {
        diagnostics.report(.invalidSize, "viewport size \(newValue) is invalid; using \(clean)")
      }
      guard clean != _viewportSize else { return }
      noteStopBeforeResize()
      let old = _viewportSize
      _viewportSize = clean
      viewportSizeDidChange(from: old)
    }
  }

  /// The visible area in content coordinates: ``contentOffset`` and ``viewportSize``.
  public var bounds: Rect {
    get { Rect(origin: contentOffset, size: viewportSize) }
    set {
      viewportSize = newValue.size
      contentOffset = newValue.origin
    }
  }

  /// The size of the content. A collection view sets it from its layout. Negative or
  /// non-finite extents are treated as 0, with a diagnostic.
  @exclusivity(unchecked) public var contentSize: Size = .zero {
    didSet {
      if !(contentSize.width >= 0 && contentSize.height >= 0 && contentSize.isFinite) {
        let clean = Size(
          width: contentSize.width.sanitizedLength, height: contentSize.height.sanitizedLength)
        diagnostics.report(.invalidSize, "content size \(contentSize) is invalid; using \(clean)")
        contentSize = clean
      }
    }
  }

  /// Extra scrollable space around the content (UIKit's `contentInset`). Negative or
  /// non-finite insets are treated as 0.
  @exclusivity(unchecked) public var contentInset: EdgeInsets = .zero {
    didSet { contentInset = contentInset.sanitized }
  }

  /// Chat mode: content shorter than the viewport sits at its end (the bottom of a vertical
  /// view) rather than its start, and a collection view keeps the end in view while the
  /// content grows there (see `CollectionView`'s end anchoring). `false` by default.
  @exclusivity(unchecked) public var anchorsToEnd = false {
    didSet { if anchorsToEnd != oldValue { endAnchoringChanged() } }
  }

  /// Chat mode was turned on or off: a collection view goes to the end.
  func endAnchoringChanged() {}

  /// The smallest offset the content rests at (below the inset when ``anchorsToEnd`` pushes
  /// short content to the end).
  public var minimumContentOffset: Point {
    var minimum = Point(x: -contentInset.left, y: -contentInset.top)
    if anchorsToEnd {
      let axis = endAxis
      let end = contentSize[axis] + contentInset.trailing(axis) - viewportSize[axis]
      minimum[axis] = min(minimum[axis], end)
    }
    return minimum
  }

  /// The axis ``anchorsToEnd`` works along: a collection view's scroll direction, else
  /// vertical (the primary axis itself depends on the offsets' range).
  var endAxis: Axis { .vertical }

  /// Whether the content rests at its end along the axis it anchors to (where a motion is
  /// heading, within half a point).
  public var isAtEnd: Bool {
    let axis = endAxis
    return restingContentOffset[axis] >= maximumContentOffset[axis] - 0.5
  }

  /// The largest offset the content rests at (never below ``minimumContentOffset``).
  public var maximumContentOffset: Point {
    let minimum = minimumContentOffset
    return Point(
      x: max(minimum.x, contentSize.width + contentInset.right - viewportSize.width),
      y: max(minimum.y, contentSize.height + contentInset.bottom - viewportSize.height))
  }

  /// `offset` moved inside the resting range on both axes.
  public func clampedContentOffset(_ offset: Point) -> Point {
    let minimum = minimumContentOffset
    let maximum = maximumContentOffset
    return Point(
      x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
  }

  /// The items snapping and item steps use. A collection view sets itself.
  public weak var snapStopProvider: (any ScrollSnapStopProvider)?

  // MARK: Public: state

  /// The axis along which the content mainly scrolls: the one with the most room (vertical on
  /// a tie). A collection view uses its layout's scroll direction.
  public var primaryAxis: Axis {
    let range = Point(
      x: maximumContentOffset.x - minimumContentOffset.x,
      y: maximumContentOffset.y - minimumContentOffset.y)
    return range.x > range.y ? .horizontal : .vertical
  }

  // MARK: Internal

  /// What moves the offset now.
  enum Phase: Equatable {
    case idle
    case dragging
    case decelerating
    case animating
  }

  /// A touch in progress.
  struct DragState {
    var startPoint: Point
    var startOffset: Point
    var lastPoint: Point
    var tracker = VelocityTracker()
    /// Decided once the touch has moved past the slop: which axes it moves.
    var movesX = false
    var movesY = false
    var hasBegun = false
    /// A subclass took the drag for itself (a swipe on a row): the content does not move.
    var isClaimed = false
    /// The snap stop the content rested on when the drag began.
    var startStop: SnapStop?
  }

  /// The behaviour settings above, stored together (each has its public property).
  struct Behavior {
    var isScrollEnabled: Bool = true
    var bounces: Bool = true
    var alwaysBounceVertical: Bool = false
    var alwaysBounceHorizontal: Bool = false
    var decelerationRate: DecelerationRate = DecelerationRate.normal
    var isPagingEnabled: Bool = false
    var snapping: ScrollSnapping?
    var isDirectionalLockEnabled: Bool = true
    var directionalLockAngle: Double = 30
    var dragSlop: Double = 3
    var lineLength: Double = 40
    var wheelScrollsWithMomentum: Bool = false
    var scrollAnimationDuration: Double = 0.3
  }

  @exclusivity(unchecked) var behavior = Behavior()
  @exclusivity(unchecked) var phase = Phase.idle
  @exclusivity(unchecked) var drag: DragState?
  @exclusivity(unchecked) var motionX = AxisMotion()
  @exclusivity(unchecked) var motionY = AxisMotion()
  /// Whether each axis's decay is free (it may bounce at the edges) rather than aimed.
  @exclusivity(unchecked) var freeDecay = (x: false, y: false)
  /// The latest time heard from the host (events and ticks), in seconds.
  @exclusivity(unchecked) package var now = 0.0
  /// What a code-started animation aims at, asked on every tick so that the animation follows
  /// content that moves underneath it: an edge (Home, End), or a target a subclass computes
  /// (a collection view's `scrollToItem` with estimated sizes).
  enum AnimationAim {
    case edge(Axis, atEnd: Bool)
    case target(() -> Point?)
  }

  /// The running animation's aim; `nil` when it goes to a fixed offset.
  var animationAim: AnimationAim?

  /// Whether the animation aims at an edge: items a batch update inserts there are not chased
  /// (the update keeps what is on screen instead).
  var aimsAtEdge: Bool {
    if case .edge = animationAim { return true }
    return false
  }

  /// Whether the animation aims at the start edge (Home).
  var aimsAtStart: Bool {
    if case .edge(_, atEnd: false) = animationAim { return true }
    return false
  }

  /// Where the running animation's aim is now, if it has one.
  func aimedOffset() -> Point? {
    switch animationAim {
    case nil: return nil
    case .edge(let axis, let atEnd):
      var edge = contentOffset
      edge[axis] = atEnd ? maximumContentOffset[axis] : minimumContentOffset[axis]
      return edge
    case .target(let target): return target()
    }
  }
  /// See `_debugLabel`.
  var debugLabel = ""

  @exclusivity(unchecked) private var _contentOffset = Point.zero
  @exclusivity(unchecked) private var _viewportSize = Size.zero

  /// Moves the offset (no physics involved) and tells the subclass and the delegate.
  func applyOffset(_ offset: Point) {
    guard offset != _contentOffset else { return }
    let old = _contentOffset
    _contentOffset = offset
    contentOffsetDidChange(from: old)
    notify(.didScroll)
  }

  // MARK: Notifications

  /// Notifications held by the running ``transition(_:)`` calls.
  @exclusivity(unchecked) var held = HeldNotifications()

  /// How deeply nested the running transitions are, and the notifications held until the
  /// outermost ends, in order.
  struct HeldNotifications {
    var depth = 0
    var queue: [Notification] = []
    var isDelivering = false
  }

  /// Called after ``contentOffset`` changes, before the delegate hears of it. Subclasses
  /// override to schedule layout.
  func contentOffsetDidChange(from oldOffset: Point) {}

  /// The content moved under the viewport by `delta` (``moveContent(by:)``), before the offset
  /// follows: subclasses move what they remember in content coordinates.
  func contentDidMove(by delta: Point) {}

  /// Called after ``viewportSize`` changes. Subclasses override to schedule layout (and call
  /// ``restOnStopAfterResize()`` once the new geometry is known).
  func viewportSizeDidChange(from oldSize: Size) { restOnStopAfterResize() }

  // MARK: Keeping the stop across a resize

  /// Where a paging or snapping view rested (or was heading) before its viewport changed size:
  /// page numbers per axis, or an item's index. Cleared when the offset is set explicitly.
  enum StopBeforeResize: Equatable {
    case pages(Point)
    case item(Int)
    /// Content scrolled to its very start or end (where several stops clamp to one offset)
    /// stays there.
    case edge(atEnd: Bool)
  }

  /// The stop to rest on again once the new geometry is known.
  var stopBeforeResize: StopBeforeResize?

  /// The stop nearest `offset` with the geometry before a resize, or `nil` if it is not known
  /// without laying out (a collection view whose data changed since its last pass).
  func snapStopBeforeResize(nearest offset: Double, alignment: SnapAlignment) -> SnapStop? {
    snapStopProvider?.nearestSnapStop(to: offset, axis: primaryAxis, alignment: alignment)
  }

  /// Called after ``delegate`` changes. Subclasses override to cache a refined delegate.
  func delegateDidChange() {}

  /// Called before input is interpreted (a touch, a wheel notch, a key step): a collection
  /// view lays out first, so that a resize or a data change not yet laid out is taken into
  /// account.
  func prepareForInput() {}

  /// Called at the end of every ``tick(now:)`` that moved something. A collection view lays
  /// out here.
  func didAdvance() {}

  /// Whether a subclass runs animations of its own on the clock (a collection view's update
  /// animation): ``isAnimating`` includes them.
  var hasOtherAnimations: Bool { false }

  /// A touch went down at `point` (a collection view reads it in viewport coordinates).
  func touchDidBegin(at point: Point) {}

  /// Whether a subclass takes the drag that just moved past the slop by (`dx`, `dy`) for
  /// itself instead of scrolling (a collection view's swipe on a row). Asked once per drag.
  func claimsDrag(dx: Double, dy: Double) -> Bool { false }

  /// A claimed drag moved: (`dx`, `dy`) from where the touch went down.
  func claimedDragMoved(dx: Double, dy: Double) {}

  /// A claimed drag lifted with the finger's `velocity` (points per second).
  func claimedDragEnded(velocity: Point) {}

  /// Called at the end of every ``tick(now:)``, moving or not, to advance a subclass's own
  /// animations.
  func advanceOtherAnimations(to time: Double) {}

  /// Called when motions are stopped without finishing (a touch, or a new offset from code).
  func motionDidStop() {}

  /// A deceleration or animation ran to its end (subclasses: a collection view brings an
  /// offset that no longer exists back in bounds).
  func motionDidFinish() {}

  /// Called when a code-started animation reaches its end, before its callback. Subclasses
  /// override to land exactly where content has moved to.
  func scrollingAnimationWillFinish() {}
}
