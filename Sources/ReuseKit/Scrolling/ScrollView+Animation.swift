extension ScrollView {
  // MARK: Time

  /// Advances decelerations and animations to `now` (seconds on the host's clock) and returns
  /// whether anything still moves. Call it at display rate while ``isAnimating``; when it
  /// returns `false`, the host can sleep until the next input.
  ///
  /// Times that go backwards are ignored.
  ///
  /// - Complexity: O(1); no allocation.
  @discardableResult
  public func tick(now time: Double) -> Bool {
    guard time.isFinite else { return isAnimating }
    noteTime(time)
    if phase == .decelerating || phase == .animating {
      if phase == .animating, let target = aimedOffset() {
        retargetAnimation(to: target)
      }
      var offset = contentOffset
      advance(&motionX, free: &freeDecay.x, axis: .horizontal, offset: &offset)
      advance(&motionY, free: &freeDecay.y, axis: .vertical, offset: &offset)
      applyOffset(offset)
      didAdvance()
      // The delegate heard the move and may have stopped the motion, started another or put a
      // finger down: finish only a motion that is still this one, and has ended.
      if (phase == .decelerating || phase == .animating) && motionX.isIdle && motionY.isIdle {
        finishMotion()
      }
      #if REUSEKIT_CHECKS
        _checkScrollInvariants()
      #endif
    }
    advanceOtherAnimations(to: time)
    return isAnimating
  }

  private func advance(
    _ motion: inout AxisMotion, free: inout Bool, axis: Axis, offset: inout Point
  ) {
    guard !motion.isIdle else { return }
    let sample = motion.sample(at: now)
    var position = sample.position
    let minimum = minimumContentOffset[axis]
    let maximum = maximumContentOffset[axis]
    if free && (position < minimum || position > maximum) {
      // A free fling reached an edge: bounce there, or stop at it.
      let edge = position < minimum ? minimum : maximum
      free = false
      if bounces && !sample.finished {
        motion = AxisMotion.bounce(
          from: position, velocity: sample.velocity, to: edge,
          maximumOvershoot: viewportSize[axis] / 4, at: now)
      } else {
        position = edge
        motion = AxisMotion()
      }
    } else if sample.finished {
      motion = AxisMotion()
      free = false
    }
    offset[axis] = position
  }

  /// Ends the current deceleration or animation with its callback, unless the content rests
  /// out of bounds, in which case it springs back first.
  private func finishMotion() {
    let ended = phase
    animationAim = nil
    let clamped = clampedContentOffset(contentOffset)
    if clamped != contentOffset && ended == .decelerating {
      startSettling(velocity: .zero, target: clamped, free: false, at: now)
      if !motionX.isIdle || !motionY.isIdle { return }
    }
    if ended == .animating { scrollingAnimationWillFinish() }
    phase = .idle
    if ended == .decelerating {
      notify(.didEndDecelerating)
    } else if ended == .animating {
      notify(.didEndScrollingAnimation)
    }
    motionDidFinish()
  }

  // MARK: Animated offsets

  /// Moves to `offset`, at once or with an ease-in-out animation of
  /// ``scrollAnimationDuration`` that ends with `scrollViewDidEndScrollingAnimation`.
  ///
  /// The animation starts at the latest time the scroll view has heard (from an event or a
  /// tick). An animation already on its way to `offset` carries on undisturbed. A NaN or
  /// infinite offset is ignored, with a diagnostic.
  public func setContentOffset(_ offset: Point, animated: Bool) {
    guard offset.isFinite else {
      diagnostics.report(.invalidMetric, "setContentOffset(\(offset)) is not finite; ignored")
      return
    }
    guard animated else {
      contentOffset = offset
      return
    }
    guard !isTracking else { return }
    stopBeforeResize = nil
    if phase == .animating && restingContentOffset == offset { return }
    transition {
      stopMotion()
      guard offset != contentOffset else { return }
      let duration = scrollAnimationDuration.isFinite ? max(0, scrollAnimationDuration) : 0.3
      motionX = AxisMotion(
        kind: .ease(origin: contentOffset.x, target: offset.x, duration: duration), start: now)
      motionY = AxisMotion(
        kind: .ease(origin: contentOffset.y, target: offset.y, duration: duration), start: now)
      phase = .animating
    }
    #if REUSEKIT_CHECKS
      _checkScrollInvariants()
    #endif
  }

  /// Points the running code-started animation at `target`, keeping its progress.
  func retargetAnimation(to target: Point) {
    guard target.isFinite else { return }
    if case .ease(let origin, let old, let duration) = motionX.kind, old != target.x {
      motionX.kind = .ease(origin: origin, target: target.x, duration: duration)
    }
    if case .ease(let origin, let old, let duration) = motionY.kind, old != target.y {
      motionY.kind = .ease(origin: origin, target: target.y, duration: duration)
    }
  }

  // MARK: Steps and the wheel

  /// Scrolls by a key step: items, pages, home or end, along ``primaryAxis``. With
  /// ``snapping`` (or paging) the step lands on an item (or a page).
  public func scroll(by step: ScrollStep, animated: Bool = true) {
    guard isScrollEnabled, !isTracking else { return }
    prepareForInput()
    let axis = primaryAxis
    let alignment = snapping?.alignment ?? .leading
    // Step from where the content is heading, so quick repeated steps add up.
    let base = restingContentOffset[axis]
    var target = contentOffset
    switch step {
    case .items(let count):
      if let provider = snapStopProvider,
        let stop = provider.nearestSnapStop(to: base, axis: axis, alignment: alignment)
      {
        target[axis] =
          provider.snapStop(stop, advancedBy: count, axis: axis, alignment: alignment)?.offset
          ?? stop.offset
      } else {
        target[axis] = base + Double(count) * lineLength
      }
    case .pages(let count):
      target[axis] = base + Double(count) * viewportSize[axis]
      if isPagingEnabled {
        target[axis] = pageTarget(projected: target[axis], start: target[axis], along: axis)
      } else if let snapping, let provider = snapStopProvider,
        let stop = provider.nearestSnapStop(
          to: target[axis], axis: axis, alignment: snapping.alignment)
      {
        target[axis] = stop.offset
      }
    case .home:
      target[axis] = minimumContentOffset[axis]
    case .end:
      target[axis] = maximumContentOffset[axis]
    }
    setContentOffset(clampedContentOffset(target), animated: animated)
    // Home and End aim at the edge itself, wherever sizes measured on the way move it; so
    // does a step that reaches past the start (a burst of PgUp faster than the scroll: sizes
    // measured above the viewport on the way left it 7 points short of the top, short of a
    // chat's "load older" distance). Not one past the end: content appended there while it
    // runs is not what the keys asked to reach.
    guard phase == .animating else { return }
    switch step {
    case .home, .end:
      let atEnd = step == .end
      animationAim = .edge(axis, atEnd: atEnd)
    default:
      if target[axis] <= minimumContentOffset[axis] {
        animationAim = .edge(axis, atEnd: false)
      }
    }
  }

  /// Scrolls by a wheel delta (points, content direction) received at `time`.
  ///
  /// With paging or snapping, each wheel event steps one page or item. Otherwise the content
  /// moves by the delta at once, or, with ``wheelScrollsWithMomentum``, gains velocity and
  /// decelerates.
  public func scroll(byWheel delta: Point, time: Double) {
    guard isScrollEnabled, !isTracking, delta.isFinite, time.isFinite else { return }
    noteTime(time)
    prepareForInput()
    transition { applyWheel(delta) }
  }

  private func applyWheel(_ delta: Point) {
    let axis = primaryAxis
    let amount = delta[axis] != 0 ? delta[axis] : delta[axis.cross]
    guard amount != 0 || delta[axis.cross] != 0 else { return }
    if isPagingEnabled {
      scroll(by: .pages(amount > 0 ? 1 : -1))
    } else if snapping != nil && snapStopProvider != nil {
      scroll(by: .items(amount > 0 ? 1 : -1))
    } else if wheelScrollsWithMomentum {
      // Each notch adds the velocity that would cover the delta in one 60 Hz frame.
      var velocity = Point(x: delta.x * 60, y: delta.y * 60)
      if phase == .decelerating {
        velocity.x += motionX.sample(at: now).velocity
        velocity.y += motionY.sample(at: now).velocity
      }
      if phase == .animating { stopMotion() }
      let wasDecelerating = phase == .decelerating
      startSettling(
        velocity: Point(
          x: canScroll(along: .horizontal) ? velocity.x : 0,
          y: canScroll(along: .vertical) ? velocity.y : 0),
        target: contentOffset, free: true, at: now)
      if !motionX.isIdle || !motionY.isIdle {
        phase = .decelerating
        if !wasDecelerating { notify(.willBeginDecelerating) }
      } else if wasDecelerating {
        // The notch cancelled the fling's velocity: it ends here.
        phase = .idle
        notify(.didEndDecelerating)
      }
    } else {
      if phase == .animating || phase == .decelerating { stopMotion() }
      var offset = contentOffset
      if canScroll(along: .horizontal) { offset.x += delta.x }
      if canScroll(along: .vertical) { offset.y += delta.y }
      applyOffset(clampedContentOffset(offset))
    }
  }

  /// Where the content along `axis` is heading: the running motion's resting place, or where
  /// it is.
  func restingPosition(along axis: Axis) -> Double {
    let motion = axis == .horizontal ? motionX : motionY
    return motion.restingPosition ?? contentOffset[axis]
  }
}
