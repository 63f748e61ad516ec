/// Estimates a drag's velocity from its recent samples, as a pan gesture recogniser does.
///
/// It keeps the last few samples in a fixed ring (no allocation) and fits the displacement over
/// the samples of the last ``window`` seconds. A finger that stopped before lifting has zero
/// velocity: samples older than the window are ignored.
struct VelocityTracker {
  /// How far back samples count, in seconds.
  static let window = 0.1
  private static let capacity = 8

  private var times: (Double, Double, Double, Double, Double, Double, Double, Double) =
    (0, 0, 0, 0, 0, 0, 0, 0)
  private var points: (Point, Point, Point, Point, Point, Point, Point, Point) =
    (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
  private var count = 0
  private var next = 0

  mutating func reset() {
    count = 0
    next = 0
  }

  mutating func add(_ point: Point, time: Double) {
    withUnsafeMutableBytes(of: &times) {
      $0.storeBytes(of: time, toByteOffset: next * 8, as: Double.self)
    }
    withUnsafeMutableBytes(of: &points) {
      $0.storeBytes(of: point, toByteOffset: next * MemoryLayout<Point>.stride, as: Point.self)
    }
    next = (next + 1) % Self.capacity
    count = min(count + 1, Self.capacity)
  }

  private func sample(_ age: Int) -> (time: Double, point: Point) {
    // age 0 is the newest sample.
    let index = (next - 1 - age + Self.capacity * 2) % Self.capacity
    let time = withUnsafeBytes(of: times) { $0.load(fromByteOffset: index * 8, as: Double.self) }
    let point = withUnsafeBytes(of: points) {
      $0.load(fromByteOffset: index * MemoryLayout<Point>.stride, as: Point.self)
    }
    return (time, point)
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
