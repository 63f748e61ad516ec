extension ScrollView {
  // MARK: Drags

  /// A touch went down at `point` (in the host's coordinates, not the content's), at `time`
  /// seconds.
  ///
  /// A running deceleration or animation stops where it is, as in UIKit (an interrupted
  /// deceleration still ends with `scrollViewDidEndDecelerating`, delivered once the touch is
  /// down, so a delegate that reacts finds the view tracking). When the touch lifts, the
  /// content settles: see ``endDrag(at:time:)``.
  public func beginDrag(at point: Point, time: Double) {
    guard isScrollEnabled, point.isFinite, time.isFinite else { return }
    noteTime(time)
    prepareForInput()
    transition {
      if phase == .decelerating || phase == .animating { stopMotion() }
      // Resuming on rubber-banded content: start from the drag that would have displaced it so.
      var start = contentOffset
      for axis in Axis.allCases {
        let edge = min(max(start[axis], minimumContentOffset[axis]), maximumContentOffset[axis])
        if start[axis] != edge {
          start[axis] =
            edge
            + RubberBand.drag(
              forDisplacement: start[axis] - edge, viewportLength: viewportSize[axis])
        }
      }
      var state = DragState(startPoint: point, startOffset: start, lastPoint: point)
      state.tracker.add(point, time: time)
      if let snapping, let provider = snapStopProvider {
        let axis = primaryAxis
        state.startStop = provider.nearestSnapStop(
          to: contentOffset[axis], axis: axis, alignment: snapping.alignment)
      }
      drag = state
      phase = .dragging
    }
    touchDidBegin(at: point)
    #if REUSEKIT_CHECKS
      _checkScrollInvariants()
    #endif
  }

  /// The touch moved to `point` at `time`. The content follows it along the locked axis,
  /// against a rubber band past the edges.
  public func moveDrag(to point: Point, time: Double) {
    guard var state = drag, point.isFinite, time.isFinite else { return }
    noteTime(time)
    state.tracker.add(point, time: time)
    state.lastPoint = point
    let dx = point.x - state.startPoint.x
    let dy = point.y - state.startPoint.y
    if state.isClaimed {
      drag = state
      claimedDragMoved(dx: dx, dy: dy)
      return
    }
    if !state.hasBegun {
      guard max(abs(dx), abs(dy)) >= max(dragSlop, 0) else {
        drag = state
        return
      }
      if claimsDrag(dx: dx, dy: dy) {
        state.hasBegun = true
        state.isClaimed = true
        drag = state
        claimedDragMoved(dx: dx, dy: dy)
        return
      }
      guard let axes = lockedAxes(dx: dx, dy: dy) else {
        drag = state
        return
      }
      state.movesX = axes.x
      state.movesY = axes.y
      state.hasBegun = true
      drag = state
      notify(.willBeginDragging)
      guard drag != nil else { return }  // the delegate ended the drag
    } else {
      drag = state
    }
    var offset = contentOffset
    if state.movesX { offset.x = rubberBanded(state.startOffset.x - dx, along: .horizontal) }
    if state.movesY { offset.y = rubberBanded(state.startOffset.y - dy, along: .vertical) }
    applyOffset(offset)
    #if REUSEKIT_CHECKS
      _checkScrollInvariants()
    #endif
  }

  /// The touch lifted at `point` at `time`. The content settles: it decelerates, pages, snaps
  /// or springs back, after `scrollViewWillEndDragging` has had its say on the target.
  ///
  /// Every release settles. A touch that never became a drag (it caught a moving view, say,
  /// and lifted without travelling past ``dragSlop``) leaves a paging or snapping view on its
  /// nearest page or item, and content displaced past an edge springs back.
  public func endDrag(at point: Point, time: Double) {
    guard drag != nil else { return }
    if point.isFinite && time.isFinite { moveDrag(to: point, time: time) }
    guard let state = drag else { return }
    if state.isClaimed {
      let finger = state.tracker.velocity(at: now)
      transition {
        drag = nil
        phase = .idle
      }
      claimedDragEnded(velocity: finger)
      return
    }
    guard state.hasBegun else {
      transition {
        drag = nil
        phase = .idle
        settleOnNearestStop(at: now)
      }
      #if REUSEKIT_CHECKS
        _checkScrollInvariants()
      #endif
      return
    }
    let finger = state.tracker.velocity(at: now)
    // The content moves against the finger.
    let velocity = Point(x: state.movesX ? -finger.x : 0, y: state.movesY ? -finger.y : 0)
    let natural = restingTarget(velocity: velocity, drag: state)
    var target = natural
    // A question, asked while the drag is still down (as UIKit asks it): never held back.
    delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
    guard drag != nil else { return }  // the delegate ended the drag itself
    if !target.isFinite {
      diagnostics.report(
        .invalidMetric, "scrollViewWillEndDragging set a non-finite target \(target); ignored")
      target = natural
    }
    target = clampedContentOffset(target)
    transition {
      drag = nil
      phase = .idle
      startSettling(
        velocity: velocity, target: target, free: target == natural && isFreeScrolling, at: now)
      let decelerates = !motionX.isIdle || !motionY.isIdle
      phase = decelerates ? .decelerating : .idle
      notify(.didEndDragging(willDecelerate: decelerates))
      if decelerates { notify(.willBeginDecelerating) }
    }
    #if REUSEKIT_CHECKS
      _checkScrollInvariants()
    #endif
  }

  /// The touch was cancelled (the host lost it): the content settles without velocity.
  public func cancelDrag(time: Double) {
    guard let state = drag else { return }
    endDrag(at: state.lastPoint, time: time.isFinite ? time : now)
  }

  /// Lets go of the touch without settling: the drag ends where it is (a delegate that heard
  /// it begin hears it end, without deceleration), and any deceleration or animation stops.
  /// Used when the touch turns into something else, such as lifting an item to move it.
  package func abandonTouch() {
    guard drag != nil || phase == .decelerating || phase == .animating else { return }
    let hadBegun = drag.map { $0.hasBegun && !$0.isClaimed } ?? false
    transition {
      if phase == .decelerating || phase == .animating { stopMotion() }
      drag = nil
      phase = .idle
      if hadBegun { notify(.didEndDragging(willDecelerate: false)) }
    }
    #if REUSEKIT_CHECKS
      _checkScrollInvariants()
    #endif
  }

  // MARK: Helpers

  /// Which axes a drag moves, from its displacement; `nil` while it is too close to call.
  func lockedAxes(dx: Double, dy: Double) -> (x: Bool, y: Bool)? {
    let canX = canScroll(along: .horizontal)
    let canY = canScroll(along: .vertical)
    guard isDirectionalLockEnabled else { return (canX, canY) }
    if !canX { return (false, canY) }
    if !canY { return (canX, false) }
    let slope = tangent(degrees: directionalLockAngle)
    let horizontal = abs(dy) <= abs(dx) * slope
    let vertical = abs(dx) <= abs(dy) * slope
    switch (horizontal, vertical) {
    case (true, false): return (true, false)
    case (false, true): return (false, true)
    case (false, false): return (true, true)  // a diagonal drag, outside both lock cones
    case (true, true): return nil  // exactly diagonal at 45°: wait for the next move
    }
  }

  /// A drag's raw offset along `axis`, with the rubber band applied past the edges.
  func rubberBanded(_ raw: Double, along axis: Axis) -> Double {
    let minimum = minimumContentOffset[axis]
    let maximum = maximumContentOffset[axis]
    if raw < minimum {
      return bounces
        ? minimum
          + RubberBand.displacement(forDrag: raw - minimum, viewportLength: viewportSize[axis])
        : minimum
    }
    if raw > maximum {
      return bounces
        ? maximum
          + RubberBand.displacement(forDrag: raw - maximum, viewportLength: viewportSize[axis])
        : maximum
    }
    return raw
  }

  /// Whether releases decelerate freely (no paging, no snapping).
  var isFreeScrolling: Bool { !isPagingEnabled && (snapping == nil || snapStopProvider == nil) }

  func noteTime(_ time: Double) {
    if time > now { now = time }
  }
}
