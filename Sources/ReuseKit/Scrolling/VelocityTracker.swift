/// Estimates a drag's velocity from its recent samples, as a pan gesture recogniser does.
///
/// It keeps the last few samples in a ring stored inline (SIMD vectors, so that a drag
/// allocates nothing: each drag starts a new tracker, and arrays cost two allocations and a
/// copy per drag), and fits the displacement over the samples of the last ``window`` seconds.
/// A finger that stopped before lifting has zero velocity: samples older than the window are
/// ignored.
struct VelocityTracker {
  /// How far back samples count, in seconds.
  static let window = 0.1
  private static let capacity = SIMD8<Double>.scalarCount

  private var times = SIMD8<Double>()
  private var xs = SIMD8<Double>()
  private var ys = SIMD8<Double>()
  private var count = 0
  private var next = 0

  mutating func reset() {
    count = 0
    next = 0
  }

  mutating func add(_ point: Point, time: Double) {
    times[next] = time
    xs[next] = point.x
    ys[next] = point.y
    next = (next + 1) % Self.capacity
    count = min(count + 1, Self.capacity)
  }

  private func sample(_ age: Int) -> (time: Double, point: Point) {
    // age 0 is the newest sample.
    let index = (next - 1 - age + Self.capacity * 2) % Self.capacity
    return (times[index], Point(x: xs[index], y: ys[index]))
  }

  /// The velocity, in points per second, at `time` (the release).
  func velocity(at time: Double) -> Point {
    guard count >= 2 else { return .zero }
    let newest = sample(0)
    // A finger that rested before lifting has no velocity.
    guard time - newest.time <= Self.window else { return .zero }
    var oldest = newest
    for age in 1..<count {
      let candidate = sample(age)
      if newest.time - candidate.time > Self.window { break }
      oldest = candidate
    }
    let elapsed = newest.time - oldest.time
    guard elapsed > 1e-4 else { return .zero }
    let velocity = Point(
      x: (newest.point.x - oldest.point.x) / elapsed, y: (newest.point.y - oldest.point.y) / elapsed
    )
    return velocity.isFinite ? velocity : .zero
  }
}
