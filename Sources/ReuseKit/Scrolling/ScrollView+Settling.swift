extension ScrollView {
  // MARK: Targets

  /// Where a release with `velocity` comes to rest, before the delegate changes it: the
  /// projected offset, paged or snapped, clamped to the content.
  func restingTarget(velocity: Point, drag: DragState) -> Point {
    var target = contentOffset
    for axis in Axis.allCases where axis == .horizontal ? drag.movesX : drag.movesY {
      let position = contentOffset[axis]
      let projected = position + decelerationRate.projectedDistance(forVelocity: velocity[axis])
      if isPagingEnabled {
        // Paging decides with UIKit's fast rate, as paging scroll views decelerate: a slow
        // release that has not crossed half a page returns.
        let paged = position + DecelerationRate.fast.projectedDistance(forVelocity: velocity[axis])
        target[axis] = pageTarget(projected: paged, start: drag.startOffset[axis], along: axis)
      } else if let snapping, let provider = snapStopProvider, axis == primaryAxis {
        target[axis] =
          snapTarget(
            projected: projected, travelled: position - drag.startOffset[axis], snapping: snapping,
            startStop: drag.startStop, provider: provider, along: axis) ?? projected
      } else {
        target[axis] = projected
      }
    }
    return clampedContentOffset(target)
  }

  /// The page nearest `projected`, at most one page from the page the drag started on.
  func pageTarget(projected: Double, start: Double, along axis: Axis) -> Double {
    let page = viewportSize[axis]
    guard page > 0 else { return projected }
    let origin = minimumContentOffset[axis]
    let startPage = ((start - origin) / page).rounded()
    let nearest = ((projected - origin) / page).rounded()
    let chosen = min(max(nearest, startPage - 1), startPage + 1)
    return origin + chosen * page
  }

  /// The snap target: the stop nearest `projected`, after the sensitivity rule (a drag that
  /// travelled no further than it returns; a longer one moves at least one item its way) and
  /// the per-fling limit.
  func snapTarget(
    projected: Double, travelled: Double, snapping: ScrollSnapping, startStop: SnapStop?,
    provider: any ScrollSnapStopProvider, along axis: Axis
  ) -> Double? {
    let alignment = snapping.alignment
    guard var target = provider.nearestSnapStop(to: projected, axis: axis, alignment: alignment)
    else { return nil }
    if let start = startStop {
      if snapping.sensitivity > 0 {
        if abs(travelled) <= snapping.sensitivity {
          target = start
        } else if travelled > 0 && target.index <= start.index {
          target =
            provider.snapStop(start, advancedBy: 1, axis: axis, alignment: alignment) ?? start
        } else if travelled < 0 && target.index >= start.index {
          target =
            provider.snapStop(start, advancedBy: -1, axis: axis, alignment: alignment) ?? start
        }
      }
      if let limit = snapping.maximumItemsPerFling, abs(target.index - start.index) > limit {
        let steps = target.index > start.index ? limit : -limit
        target =
          provider.snapStop(start, advancedBy: steps, axis: axis, alignment: alignment) ?? target
      }
    }
    return target.offset
  }

  // MARK: Starting motions

  /// Starts the motions that carry each axis from where it is to `target`. A free release
  /// decays at ``decelerationRate`` and may bounce at the edges; an aimed one (paged, snapped,
  /// or chosen by the delegate) lands exactly on `target`.
  func startSettling(velocity: Point, target: Point, free: Bool, at time: Double) {
    for axis in Axis.allCases {
      let position = contentOffset[axis]
      let speed = velocity[axis]
      let minimum = minimumContentOffset[axis]
      let maximum = maximumContentOffset[axis]
      var motion: AxisMotion
      var isFree = false
      if position < minimum || position > maximum {
        // Rubber-banded: spring back to the target (an edge, when nothing else was chosen).
        motion = AxisMotion.bounce(
          from: position, velocity: speed, to: target[axis],
          maximumOvershoot: viewportSize[axis] / 4, at: time)
      } else if free {
        if abs(speed) < AxisMotion.restingVelocity {
          motion = AxisMotion(kind: .idle, start: time)
        } else {
          motion = AxisMotion(
            kind: .decay(origin: position, velocity: speed, rate: decelerationRate.rawValue),
            start: time)
          isFree = true
        }
      } else {
        motion = AxisMotion.settle(from: position, velocity: speed, to: target[axis], at: time)
      }
      if axis == .horizontal {
        motionX = motion
        freeDecay.x = isFree
      } else {
        motionY = motion
        freeDecay.y = isFree
      }
    }
    if motionX.isIdle && motionY.isIdle { applyOffset(target) }
  }

  /// After a touch that did not become a drag: content displaced past an edge springs back,
  /// and a paging or snapping view goes to the page or item nearest where the touch stopped
  /// it. Free content stays where it is.
  func settleOnNearestStop(at time: Double) {
    guard !isTracking else { return }
    var target = clampedContentOffset(contentOffset)
    if isPagingEnabled {
      for axis in Axis.allCases where canScroll(along: axis) {
        target[axis] = pageTarget(projected: target[axis], start: target[axis], along: axis)
      }
    } else if let snapping, let provider = snapStopProvider {
      let axis = primaryAxis
      if let stop = provider.nearestSnapStop(
        to: target[axis], axis: axis, alignment: snapping.alignment)
      {
        target[axis] = stop.offset
      }
    }
    target = clampedContentOffset(target)
    guard target != contentOffset else { return }
    startSettling(velocity: .zero, target: target, free: false, at: time)
    if !motionX.isIdle || !motionY.isIdle {
      if phase != .decelerating {
        phase = .decelerating
        notify(.willBeginDecelerating)
      }
    }
  }

  /// Stops every motion where it is. An interrupted deceleration still ends with
  /// `scrollViewDidEndDecelerating`, so that every `willBeginDecelerating` has its pair (UIKit
  /// skips it when a touch stops a deceleration); an interrupted animation ends silently, as
  /// in UIKit. Inside a ``transition(_:)`` the notification waits for the transition's end.
  package func stopMotion() {
    let wasDecelerating = phase == .decelerating
    motionX = AxisMotion()
    motionY = AxisMotion()
    freeDecay = (false, false)
    animationAim = nil
    if phase != .dragging { phase = .idle }
    motionDidStop()
    if wasDecelerating { notify(.didEndDecelerating) }
  }
}
