/// Routes one touch to one of several nested scroll views: the innermost that can scroll along
/// the direction the drag begins in claims it, and the others ignore it (seed 001's gesture
/// conflict between a vertical list and the horizontal rows inside it, solved once).
///
/// Feed it the touch instead of feeding the scroll views. Until the touch has moved past the
/// innermost view's ``ScrollView/dragSlop``, nothing moves; then the claimant receives the whole
/// touch from its first sample. A touch that lands on a view that is still moving (decelerating
/// or animating) is claimed by that view at once, so a touch catches a fling, as in UIKit.
public final class NestedScrollCoordinator {
  /// The scroll views, innermost first.
  public let scrollViews: [ScrollView]
  /// The view that owns the current touch, once decided.
  public private(set) weak var claimant: ScrollView?

  private var samples: [(point: Point, time: Double)] = []
  private var isTouching = false

  /// Creates a coordinator for `scrollViews`, innermost first.
  public init(_ scrollViews: [ScrollView]) {
    self.scrollViews = scrollViews
  }

  /// A touch went down.
  public func beginDrag(at point: Point, time: Double) {
    claimant = nil
    isTouching = true
    samples.removeAll(keepingCapacity: true)
    samples.append((point, time))
    if let moving = scrollViews.first(where: { $0.isDecelerating || $0.isScrollAnimating }) {
      claimant = moving
      moving.beginDrag(at: point, time: time)
    }
  }

  /// The touch moved.
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
    chosen.beginDrag(at: first.point, time: first.time)
    for sample in samples.dropFirst() { chosen.moveDrag(to: sample.point, time: sample.time) }
  }

  /// The touch lifted.
  public func endDrag(at point: Point, time: Double) {
    guard isTouching else { return }
    isTouching = false
    claimant?.endDrag(at: point, time: time)
    samples.removeAll(keepingCapacity: true)
  }
}
