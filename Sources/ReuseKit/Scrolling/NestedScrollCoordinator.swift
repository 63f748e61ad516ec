/// Routes one touch to one of several nested scroll views: the innermost that can scroll along
/// the direction the drag begins in claims it, and the others ignore it: a vertical list and
/// the horizontal rows inside it never fight over one touch.
///
/// Feed it the touch instead of feeding the scroll views. Until the touch has moved past the
/// innermost view's ``ScrollView/dragSlop``, nothing moves; then the claimant receives the whole
/// touch from its first sample.
///
/// A touch that lands while views move (decelerating or animating) stops every one of them at
/// once, as in UIKit. The claim is still decided by direction: a caught view that does not
/// claim the drag is released at once and settles on its nearest stop, and when the touch lifts
/// without becoming a drag, every caught view settles there.
public final class NestedScrollCoordinator {
  /// The scroll views, innermost first.
  public let scrollViews: [ScrollView]
  /// The view that owns the current touch, once decided.
  public private(set) weak var claimant: ScrollView?

  private var samples: [(point: Point, time: Double)] = []
  /// Views the touch stopped as it went down, holding it until the claim is decided.
  private var caught: [ScrollView] = []
  private var isTouching = false

  /// Creates a coordinator for `scrollViews`, innermost first.
  public init(_ scrollViews: [ScrollView]) {
    self.scrollViews = scrollViews
  }

  /// A touch went down: every view that moves stops under it.
  public func beginDrag(at point: Point, time: Double) {
    claimant = nil
    isTouching = true
    samples.removeAll(keepingCapacity: true)
    samples.append((point, time))
    caught.removeAll(keepingCapacity: true)
    for view in scrollViews where view.isDecelerating || view.isScrollAnimating {
      view.beginDrag(at: point, time: time)
      if view.isTracking { caught.append(view) }
    }
  }

  /// The touch moved. Past the slop, the innermost view that can scroll in the drag's
  /// direction claims it.
  public func moveDrag(to point: Point, time: Double) {
    guard isTouching else { return }
    if let claimant {
      claimant.moveDrag(to: point, time: time)
      return
    }
    samples.append((point, time))
    guard let first = samples.first else { return }
    let dx = abs(point.x - first.point.x)
    let dy = abs(point.y - first.point.y)
    let slop = scrollViews.first?.dragSlop ?? 3
    guard max(dx, dy) >= slop, dx != dy else { return }
    let axis: Axis = dx > dy ? .horizontal : .vertical
    guard let chosen = scrollViews.first(where: { $0.canScroll(along: axis) }) else { return }
    claimant = chosen
    // The caught views that lost the claim let go where the touch went down: they settle.
    for view in caught where view !== chosen { view.endDrag(at: first.point, time: time) }
    caught.removeAll(keepingCapacity: true)
    if !chosen.isTracking { chosen.beginDrag(at: first.point, time: first.time) }
    for sample in samples.dropFirst() { chosen.moveDrag(to: sample.point, time: sample.time) }
  }

  /// The touch lifted: the claimant settles as a drag does; without a claimant, every view the
  /// touch caught settles on its nearest stop.
  public func endDrag(at point: Point, time: Double) {
    guard isTouching else { return }
    isTouching = false
    if let claimant {
      claimant.endDrag(at: point, time: time)
    } else if let first = samples.first {
      for view in caught { view.endDrag(at: first.point, time: time) }
    }
    caught.removeAll(keepingCapacity: true)
    samples.removeAll(keepingCapacity: true)
  }
}
