/// How quickly a fling slows down: the fraction of velocity kept per millisecond, as UIKit's
/// `UIScrollView.DecelerationRate`.
///
/// Velocity decays as `v · rate^ms`. A release at velocity `v` (points per second) travels
/// ``projectedDistance(forVelocity:)`` = `v / 1000 · rate / (1 − rate)` before it stops: the
/// projection Apple gives for UIKit in "Designing Fluid Interfaces" (WWDC 2018). At `.normal`, a
/// 1,000 pt/s fling travels 499 points.
public struct DecelerationRate: Hashable, Sendable {
  /// The fraction of velocity kept per millisecond, in `0 ..< 1`.
  public let rawValue: Double

  /// A rate; values outside `0.5 ..< 1` (or not finite) fall back to `.normal`.
  public init(rawValue: Double) {
    self.rawValue = rawValue.isFinite && rawValue >= 0.5 && rawValue < 1 ? rawValue : 0.998
  }

  /// UIKit's default: 0.998 per millisecond.
  public static let normal = DecelerationRate(rawValue: 0.998)
  /// UIKit's fast rate, as paging scroll views use: 0.99 per millisecond.
  public static let fast = DecelerationRate(rawValue: 0.99)

  /// How far a release at `velocity` (points per second) travels before it stops.
  @inlinable
  public func projectedDistance(forVelocity velocity: Double) -> Double {
    velocity / 1000 * rawValue / (1 - rawValue)
  }
}
