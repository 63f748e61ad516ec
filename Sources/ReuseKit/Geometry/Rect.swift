/// A rectangle: an origin and a size, in points.
///
/// A `Rect` with a negative or non-finite size is never produced by a layout; layouts sanitise
/// their inputs first. Intersection tests treat edges as open: two rectangles that only touch
/// do not meet, as with `CGRect`.
public struct Rect: Hashable, Sendable {
  /// The top-left corner.
  public var origin: Point
  /// The extents.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// Creates a rectangle from ranges along the main axis and the cross axis.
  @inlinable
  public init(axis: Axis, main: Double, mainLength: Double, cross: Double, crossLength: Double) {
    if axis == .vertical {
      self.init(x: cross, y: main, width: crossLength, height: mainLength)
    } else {
      self.init(x: main, y: cross, width: mainLength, height: crossLength)
    }
  }

  /// The rectangle at the origin with zero size.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The smallest x coordinate.
  @inlinable public var minX: Double { origin.x }
  /// The smallest y coordinate.
  @inlinable public var minY: Double { origin.y }
  /// The largest x coordinate.
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The largest y coordinate.
  @inlinable public var maxY: Double { origin.y + size.height }
  /// The x coordinate of the centre.
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The y coordinate of the centre.
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  @inlinable public var width: Double { size.width }
  /// The height.
  @inlinable public var height: Double { size.height }

  /// The smallest coordinate along `axis`.
  @inlinable
  public func min(_ axis: Axis) -> Double { axis == .horizontal ? minX : minY }
  /// The largest coordinate along `axis`.
  @inlinable
  public func max(_ axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }
  /// The centre coordinate along `axis`.
  @inlinable
  public func mid(_ axis: Axis) -> Double { axis == .horizontal ? midX : midY }
  /// The extent along `axis`.
  @inlinable
  public func length(_ axis: Axis) -> Double { size[axis] }

  /// `true` when the open interiors meet: `minX < other.maxX && other.minX < maxX`, and the
  /// same vertically.
  ///
  /// Rectangles that only touch along an edge do not meet. A zero-length rectangle meets
  /// another when it lies strictly inside it. Layouts answer rect queries with exactly this
  /// predicate.
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// `true` when the rectangles' extents across `axis` meet (open intervals, as
  /// ``intersects(_:)``).
  @inlinable
  public func crossOverlaps(_ other: Rect, axis: Axis) -> Bool {
    let cross = axis.cross
    return min(cross) < other.max(cross) && other.min(cross) < max(cross)
  }

  /// `true` when `point` lies inside the rectangle (minimum edges included, maximum excluded).
  @inlinable
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom.
  /// Negative values shrink it; the size never goes below zero.
  @inlinable
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let width = Swift.max(0, size.width - 2 * dx)
    let height = Swift.max(0, size.height - 2 * dy)
    return Rect(x: origin.x + dx, y: origin.y + dy, width: width, height: height)
  }

  /// The rectangle grown outward by `amount` on every side.
  @inlinable
  public func outset(by amount: Double) -> Rect { insetBy(dx: -amount, dy: -amount) }

  /// The rectangle with `insets` removed from its edges; the size never goes below zero.
  @inlinable
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: Swift.max(0, size.width - insets.left - insets.right),
      height: Swift.max(0, size.height - insets.top - insets.bottom))
  }

  /// The rectangle moved by `dx` and `dy`.
  @inlinable
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  /// The overlap of two rectangles, or `nil` when they do not meet.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle that contains both.
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// `true` when every coordinate is finite.
  @inlinable
  public var isFinite: Bool { origin.isFinite && size.isFinite }
}

extension Rect: CustomStringConvertible {
  /// A compact description, `(x, y, width×height)`.
  public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}
