/// A width and a height, in points.
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size from its extents.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size with zero width and height.
  public static let zero = Size(width: 0, height: 0)

  /// The extent along `axis`.
  @inlinable
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? width : height }
    set {
      if axis == .horizontal { width = newValue } else { height = newValue }
    }
  }

  /// `true` when both extents are finite (not NaN, not infinite).
  @inlinable
  public var isFinite: Bool { width.isFinite && height.isFinite }

  /// `true` when either extent is zero or less (or NaN).
  @inlinable
  public var isEmpty: Bool { !(width > 0 && height > 0) }
}

extension Size: CustomStringConvertible {
  /// A compact description, `width×height`.
  public var description: String { "\(width)×\(height)" }
}
