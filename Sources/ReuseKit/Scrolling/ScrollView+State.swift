extension ScrollView {
  // MARK: State

  /// `true` while a touch is down (UIKit's `isTracking`).
  public var isTracking: Bool { drag != nil }

  /// `true` once a touch has moved far enough to scroll, until it lifts (`isDragging`).
  public var isDragging: Bool { drag?.hasBegun ?? false }

  /// `true` while the content moves on its own after a release or a wheel fling.
  public var isDecelerating: Bool { phase == .decelerating }

  /// `true` while an animation started from code runs.
  public var isScrollAnimating: Bool { phase == .animating }

  /// `true` while the host should keep calling ``tick(now:)``: the content moves on its own,
  /// or (in a collection view) a batch update animates, items glide aside for a moving one,
  /// the content autoscrolls under it, or a swiped row glides open or shut.
  public var isAnimating: Bool {
    phase == .decelerating || phase == .animating || hasOtherAnimations
  }

  /// Whether input can move the content along `axis`.
  public func canScroll(along axis: Axis) -> Bool {
    guard isScrollEnabled else { return false }
    if maximumContentOffset[axis] > minimumContentOffset[axis] { return true }
    return axis == .vertical ? alwaysBounceVertical : alwaysBounceHorizontal
  }
}
