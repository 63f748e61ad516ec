import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct ScrollViewPhysicsTests {
  @Test func projectionMatchesUIKitsFormula() {
    #expect(abs(DecelerationRate.normal.projectedDistance(forVelocity: 1000) - 499) < 1e-9)
    #expect(abs(DecelerationRate.fast.projectedDistance(forVelocity: 1000) - 99) < 1e-9)
    #expect(DecelerationRate(rawValue: .nan) == .normal)
    #expect(DecelerationRate(rawValue: 1.5) == .normal)
  }

  @Test func aThousandPointFlingTravelsAbout499PointsAndStops() {
    let scrollView = makeScrollView()
    scrollView.contentOffset = Point(x: 0, y: 10_000)
    // The finger moves up at 1000 pt/s: the content moves down (offset grows) at 1000 pt/s.
    let release = fling(scrollView, velocity: Point(x: 0, y: -1000))
    let released = scrollView.contentOffset.y
    let end = settle(scrollView, from: release)
    #expect(!scrollView.isAnimating)
    let travelled = scrollView.contentOffset.y - released
    #expect(abs(travelled - 499) < 1, "travelled \(travelled)")
    #expect(end - release > 2 && end - release < 5, "a 1000 pt/s fling lasts a few seconds")
  }

  @Test func aFlingLandsOnTheSameOffsetAtAnyTickRate() {
    var landings: [Double] = []
    for rate in [30.0, 60, 120, 144] {
      let scrollView = makeScrollView()
      scrollView.contentOffset = Point(x: 0, y: 5_000)
      let release = fling(scrollView, velocity: Point(x: 0, y: -2345))
      settle(scrollView, from: release, rate: rate)
      landings.append(scrollView.contentOffset.y)
    }
    #expect(Set(landings).count == 1, "\(landings)")
  }

  @Test func pagingLandsOnPageBoundariesForSlowAndFastReleases() {
    let cases: [(velocity: Double, duration: Double, hold: Double, pages: Double)] = [
      (-3000, 0.1, 0, 1),  // fast flick: next page
      (-200, 0.1, 0, 0),  // slow, 20 pt: returns
      (-700, 0.1, 0.3, 1),  // 70 pt then rest: past half a page, next page
      (-400, 0.1, 0.3, 0),  // 40 pt then rest: returns
      (3000, 0.1, 0, -1),  // fast the other way: previous page
      (-20000, 0.2, 0, 1),  // never more than one page per release
    ]
    for (index, item) in cases.enumerated() {
      let scrollView = makeScrollView(viewport: Size(width: 100, height: 100))
      scrollView.isPagingEnabled = true
      scrollView.contentOffset = Point(x: 0, y: 1000)
      let release = fling(
        scrollView, velocity: Point(x: 0, y: item.velocity), duration: item.duration,
        hold: item.hold)
      settle(scrollView, from: release)
      #expect(scrollView.contentOffset.y == 1000 + 100 * item.pages, "case \(index)")
    }
  }

  @Test func rubberBandOvershootNeverExceedsHalfTheViewport() {
    let scrollView = makeScrollView(viewport: Size(width: 100, height: 200))
    // Drag down from the top, ten viewports far.
    scrollView.beginDrag(at: Point(x: 50, y: 0), time: 0)
    var worst = 0.0
    for step in 1...100 {
      scrollView.moveDrag(to: Point(x: 50, y: Double(step) * 20), time: Double(step) / 120)
      worst = min(worst, scrollView.contentOffset.y)
    }
    #expect(worst < -50, "the content follows past the edge")
    #expect(worst > -100, "never more than half the viewport: \(worst)")
    scrollView.endDrag(at: Point(x: 50, y: 2000), time: 1)
    settle(scrollView, from: 1)
    #expect(scrollView.contentOffset.y == 0, "springs back to the edge")
    // A fast fling into the bottom edge bounces, but not further than half a viewport.
    scrollView.contentOffset = Point(x: 0, y: 99_700)
    let release = fling(scrollView, velocity: Point(x: 0, y: -30_000), duration: 0.02)
    var deepest = 0.0
    var now = release
    while scrollView.isAnimating && now < release + 10 {
      now += 1 / 120
      scrollView.tick(now: now)
      deepest = max(deepest, scrollView.contentOffset.y - scrollView.maximumContentOffset.y)
    }
    #expect(deepest > 0 && deepest <= 100, "overshoot \(deepest)")
    #expect(scrollView.contentOffset.y == scrollView.maximumContentOffset.y)
  }

  @Test func withoutBouncesTheContentStopsAtTheEdge() {
    let scrollView = makeScrollView()
    scrollView.bounces = false
    fling(scrollView, velocity: Point(x: 0, y: 800), duration: 0.1)
    #expect(scrollView.contentOffset.y == 0)
    scrollView.contentOffset = Point(x: 0, y: 99_850)
    let release = fling(scrollView, velocity: Point(x: 0, y: -5000))
    settle(scrollView, from: release)
    #expect(scrollView.contentOffset.y == scrollView.maximumContentOffset.y)
  }

  @Test func directionalLockHoldsUnderDiagonalJitter() {
    let scrollView = makeScrollView(
      viewport: Size(width: 100, height: 100), content: Size(width: 10_000, height: 10_000))
    scrollView.contentOffset = Point(x: 5000, y: 5000)
    scrollView.beginDrag(at: Point(x: 50, y: 50), time: 0)
    var random = SeededRandom(seed: 9)
    for step in 1...60 {
      let point = Point(x: 50 - Double(step) * 3, y: 50 + random.double(-4...4))
      scrollView.moveDrag(to: point, time: Double(step) / 120)
    }
    scrollView.endDrag(at: Point(x: -130, y: 53), time: 0.6)
    settle(scrollView, from: 0.6)
    #expect(scrollView.contentOffset.y == 5000, "the vertical axis never moved")
    #expect(scrollView.contentOffset.x > 5100)
    // A diagonal drag (outside both 30° cones) moves both axes; at 45° it locks to one.
    scrollView.beginDrag(at: Point(x: 50, y: 50), time: 1)
    scrollView.moveDrag(to: Point(x: 40, y: 40), time: 1.01)
    #expect(scrollView.contentOffset.y != 5000)
    scrollView.endDrag(at: Point(x: 40, y: 40), time: 1.5)
    settle(scrollView, from: 1.5)
    scrollView.directionalLockAngle = 45
    let y = scrollView.contentOffset.y
    scrollView.beginDrag(at: Point(x: 50, y: 50), time: 2)
    scrollView.moveDrag(to: Point(x: 39, y: 40), time: 2.01)
    #expect(scrollView.contentOffset.y == y)
  }

  @Test func callbacksFollowUIKitsOrder() {
    let scrollView = makeScrollView()
    let recorder = ScrollRecorder()
    scrollView.delegate = recorder
    scrollView.contentOffset = Point(x: 0, y: 1000)
    recorder.events.removeAll()
    let release = fling(scrollView, velocity: Point(x: 0, y: -1500))
    #expect(scrollView.isDecelerating && !scrollView.isDragging && !scrollView.isTracking)
    settle(scrollView, from: release)
    #expect(
      recorder.events == [
        "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
        "willBeginDecelerating", "didScroll", "didEndDecelerating",
      ])
    #expect(recorder.velocities.last!.y > 1400 && recorder.velocities.last!.y < 1600)
    // A drag that rests before lifting does not decelerate.
    recorder.events.removeAll()
    fling(scrollView, velocity: Point(x: 0, y: -500), hold: 0.5, at: 20)
    #expect(
      recorder.events == [
        "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)",
      ])
    // An animated offset change ends with didEndScrollingAnimation.
    recorder.events.removeAll()
    scrollView.setContentOffset(Point(x: 0, y: 3000), animated: true)
    #expect(scrollView.isScrollAnimating)
    settle(scrollView, from: 21)
    #expect(recorder.events == ["didScroll", "didEndScrollingAnimation"])
    #expect(scrollView.contentOffset.y == 3000)
  }

  @Test func theDelegateCanRetargetTheRelease() {
    let scrollView = makeScrollView()
    let recorder = ScrollRecorder()
    recorder.retarget = { $0.y = 4321 }
    scrollView.delegate = recorder
    scrollView.contentOffset = Point(x: 0, y: 4000)
    let release = fling(scrollView, velocity: Point(x: 0, y: -900))
    settle(scrollView, from: release)
    #expect(scrollView.contentOffset.y == 4321)
    recorder.retarget = { $0.y = .nan }
    let again = fling(scrollView, velocity: Point(x: 0, y: -900), at: 30)
    settle(scrollView, from: again)
    #expect(scrollView.contentOffset.y.isFinite)
    #expect(scrollView.diagnostics.count(of: .invalidMetric) == 1)
  }

  @Test func aTouchCatchesAFlingAndTheCallbacksStayPaired() {
    let scrollView = makeScrollView()
    let recorder = ScrollRecorder()
    scrollView.delegate = recorder
    scrollView.contentOffset = Point(x: 0, y: 1000)
    let release = fling(scrollView, velocity: Point(x: 0, y: -3000))
    scrollView.tick(now: release + 0.1)
    let caught = scrollView.contentOffset
    scrollView.beginDrag(at: Point(x: 50, y: 50), time: release + 0.1)
    scrollView.tick(now: release + 0.5)
    #expect(scrollView.contentOffset == caught, "a touch stops the fling where it is")
    scrollView.endDrag(at: Point(x: 50, y: 50), time: release + 0.5)
    #expect(recorder.count("willBeginDecelerating") == recorder.count("didEndDecelerating"))
  }

  @Test func wheelMovesDirectlyOrWithMomentum() {
    let scrollView = makeScrollView()
    scrollView.scroll(byWheel: Point(x: 0, y: 30), time: 0)
    #expect(scrollView.contentOffset.y == 30 && !scrollView.isAnimating)
    scrollView.scroll(byWheel: Point(x: 0, y: -100), time: 0.1)
    #expect(scrollView.contentOffset.y == 0, "clamped at the edge")
    scrollView.wheelScrollsWithMomentum = true
    scrollView.scroll(byWheel: Point(x: 0, y: 30), time: 0.2)
    #expect(scrollView.isDecelerating)
    settle(scrollView, from: 0.2)
    #expect(scrollView.contentOffset.y > 30, "the notch's momentum carried it further")
  }

  @Test func keyStepsMovePagesAndEnds() {
    let scrollView = makeScrollView()
    scrollView.scroll(by: .pages(1))
    settle(scrollView, from: 0)
    #expect(scrollView.contentOffset.y == 100)
    scrollView.scroll(by: .items(2))
    settle(scrollView, from: 1)
    #expect(scrollView.contentOffset.y == 180, "two lines of 40 points without item stops")
    scrollView.scroll(by: .end, animated: false)
    #expect(scrollView.contentOffset.y == scrollView.maximumContentOffset.y)
    scrollView.scroll(by: .home, animated: false)
    #expect(scrollView.contentOffset == .zero)
  }

  @Test func nestedScrollViewsLetOneClaimEachDrag() {
    let outer = makeScrollView(
      viewport: Size(width: 100, height: 100), content: Size(width: 100, height: 10_000))
    let inner = makeScrollView(
      viewport: Size(width: 100, height: 20), content: Size(width: 5_000, height: 20))
    let coordinator = NestedScrollCoordinator([inner, outer])
    coordinator.beginDrag(at: Point(x: 50, y: 50), time: 0)
    for step in 1...20 {
      coordinator.moveDrag(
        to: Point(x: 50 - Double(step) * 4, y: 50 + Double(step % 3)), time: Double(step) / 120)
    }
    coordinator.endDrag(at: Point(x: -30, y: 51), time: 0.2)
    #expect(coordinator.claimant === inner)
    #expect(inner.contentOffset.x > 0 && outer.contentOffset.y == 0)
    settle(inner, from: 0.2)
    coordinator.beginDrag(at: Point(x: 50, y: 50), time: 10)
    for step in 1...20 {
      coordinator.moveDrag(
        to: Point(x: 50 + Double(step % 2), y: 50 - Double(step) * 4), time: 10 + Double(step) / 120
      )
    }
    coordinator.endDrag(at: Point(x: 50, y: -30), time: 10.2)
    #expect(coordinator.claimant === outer)
    let innerX = inner.contentOffset.x
    settle(outer, from: 10.2)
    #expect(outer.contentOffset.y > 0 && inner.contentOffset.x == innerX)
  }

  @Test func randomGestureSequencesSettleInBoundsWithoutNaN() {
    for seed in UInt64(1)...60 {
      var random = SeededRandom(seed: seed)
      let scrollView = makeScrollView(
        viewport: Size(width: Double(random.int(10...200)), height: Double(random.int(10...200))),
        content: Size(width: Double(random.int(0...3000)), height: Double(random.int(0...3000))))
      let recorder = ScrollRecorder()
      scrollView.delegate = recorder
      scrollView.isPagingEnabled = random.chance(0.3)
      scrollView.bounces = random.chance(0.8)
      scrollView.decelerationRate = random.chance(0.5) ? .normal : .fast
      var now = 0.0
      for _ in 0..<25 {
        switch random.int(0...5) {
        case 0...2:
          now = fling(
            scrollView, from: Point(x: random.double(0...100), y: random.double(0...100)),
            velocity: Point(x: random.double(-6000...6000), y: random.double(-6000...6000)),
            duration: random.double(0.01...0.3), hold: random.chance(0.3) ? 0.2 : 0, at: now)
        case 3:
          scrollView.scroll(
            byWheel: Point(x: random.double(-50...50), y: random.double(-50...50)), time: now)
        case 4:
          scrollView.scroll(
            by: [.items(1), .pages(-1), .home, .end].randomElement(using: &random)!)
        default:
          // Interrupt whatever runs, part-way.
          now += random.double(0...0.3)
          scrollView.tick(now: now)
        }
        for _ in 0..<random.int(0...30) {
          now += 1 / 60
          scrollView.tick(now: now)
          #expect(scrollView.contentOffset.isFinite, "seed \(seed)")
        }
      }
      now = settle(scrollView, from: now)
      #expect(!scrollView.isAnimating, "seed \(seed)")
      #expect(
        scrollView.clampedContentOffset(scrollView.contentOffset) == scrollView.contentOffset,
        "seed \(seed): settled out of bounds at \(scrollView.contentOffset)")
      #expect(
        recorder.count("willBeginDragging") == recorder.count("willEndDragging"), "seed \(seed)")
      #expect(
        recorder.count("willBeginDecelerating") == recorder.count("didEndDecelerating"),
        "seed \(seed)")
    }
  }
}
