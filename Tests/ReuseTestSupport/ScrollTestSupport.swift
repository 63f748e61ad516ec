import ReuseKit

/// Records every scroll callback as a short name.
package final class ScrollRecorder: ScrollViewDelegate {
  package var events: [String] = []
  package var velocities: [Point] = []
  package var retarget: ((inout Point) -> Void)?

  package init() {}

  package func scrollViewDidScroll(_ scrollView: ScrollView) {
    if events.last != "didScroll" { events.append("didScroll") }
  }
  package func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
    events.append("willBeginDragging")
  }
  package func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {
    events.append("willEndDragging")
    velocities.append(velocity)
    retarget?(&targetContentOffset)
  }
  package func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    events.append("didEndDragging(\(decelerate))")
  }
  package func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
    events.append("willBeginDecelerating")
  }
  package func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    events.append("didEndDecelerating")
  }
  package func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
    events.append("didEndScrollingAnimation")
  }

  package func count(_ name: String) -> Int { events.filter { $0 == name }.count }
}

/// A scroll view with a tall column of content.
package func makeScrollView(
  viewport: Size = Size(width: 100, height: 100), content: Size = Size(width: 100, height: 100_000)
)
  -> ScrollView
{
  let scrollView = ScrollView()
  scrollView.diagnostics.handler = nil
  scrollView.viewportSize = viewport
  scrollView.contentSize = content
  return scrollView
}

/// Drags from `start` with the finger moving at `velocity` (points per second) for `duration`
/// seconds, sampled at `rate` Hz, then (after `hold` seconds at rest) lifts. Returns the time
/// of the release.
@discardableResult
package func fling(
  _ scrollView: ScrollView, from start: Point = Point(x: 50, y: 50), velocity: Point,
  duration: Double = 0.05, rate: Double = 120, hold: Double = 0, at time: Double = 0
) -> Double {
  scrollView.beginDrag(at: start, time: time)
  let steps = max(1, Int((duration * rate).rounded()))
  var point = start
  var now = time
  for _ in 1...steps {
    now += 1 / rate
    point = Point(x: point.x + velocity.x / rate, y: point.y + velocity.y / rate)
    scrollView.moveDrag(to: point, time: now)
  }
  now += hold
  scrollView.endDrag(at: point, time: now)
  return now
}

/// Ticks at `rate` Hz until nothing moves (at most `limit` seconds). Returns the end time.
@discardableResult
package func settle(
  _ scrollView: ScrollView, from time: Double, rate: Double = 60, limit: Double = 20
) -> Double {
  var now = time
  while scrollView.isAnimating && now < time + limit {
    now += 1 / rate
    scrollView.tick(now: now)
  }
  return now
}
