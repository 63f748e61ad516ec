/// Distances inward from the four edges of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Creates insets from the four edges, in UIKit's order.
  @inlinable
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Creates equal insets on all four edges.
  @inlinable
  public init(all inset: Double) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// The inset at the leading end of `axis`: `left` for horizontal, `top` for vertical.
  @inlinable
  public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }

  /// The inset at the trailing end of `axis`: `right` for horizontal, `bottom` for vertical.
  @inlinable
  public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }

  /// The sum of both insets along `axis`.
  @inlinable
  public func total(_ axis: Axis) -> Double { leading(axis) + trailing(axis) }

  /// The same insets with each non-finite or negative value replaced by zero.
  ///
  /// Layouts sanitise insets that come from outside data with this before using them.
  public var sanitized: EdgeInsets {
    EdgeInsets(
      top: top.sanitizedLength, left: left.sanitizedLength,
      bottom: bottom.sanitizedLength, right: right.sanitizedLength)
  }

  /// `true` when every inset is finite and not negative.
  public var isValid: Bool { self == sanitized }
}

extension Double {
  /// `self` when it is a finite, non-negative length; otherwise `0`.
  @inlinable
  var sanitizedLength: Double { isFinite && self > 0 ? self : 0 }
}
