/// A location in a two-dimensional coordinate space, in points.
///
/// One point is one layout unit. The terminal host maps one point to one character column
/// (horizontally) or one character row (vertically); a UIKit host maps it to a `CGFloat` point.
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point from its coordinates.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// The coordinate along `axis`.
  @inlinable
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? x : y }
    set {
      if axis == .horizontal { x = newValue } else { y = newValue }
    }
  }

  /// `true` when neither coordinate is NaN or infinite.
  @inlinable
  public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Point: CustomStringConvertible {
  /// A compact description, `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}
