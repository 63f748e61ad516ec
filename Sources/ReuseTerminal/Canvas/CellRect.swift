import ReuseKit

/// A rectangle of terminal cells: integer columns and rows.
public struct CellRect: Hashable, Sendable {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The number of columns (never negative).
  public var width: Int
  /// The number of rows (never negative).
  public var height: Int

  /// Creates a rectangle; negative extents become 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The cells a layout rectangle covers, with one point per column and per row: the origin
  /// rounds down and the far edge rounds up, so a partly covered cell counts. Non-finite or
  /// huge values are clamped, so a bad frame can never overflow.
  public init(_ rect: Rect) {
    func clamp(_ value: Double) -> Int {
      guard value.isFinite else { return 0 }
      return Int(max(-1_000_000_000, min(1_000_000_000, value)))
    }
    let minX = clamp(rect.minX.rounded(.down))
    let minY = clamp(rect.minY.rounded(.down))
    let maxX = clamp(rect.maxX.rounded(.up))
    let maxY = clamp(rect.maxY.rounded(.up))
    self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The cells a layout rectangle occupies when its edges snap to the nearest cell boundary:
  /// views that touch in layout touch on screen, never overlapping or leaving a gap, even at
  /// fractional offsets (a fling, an update animation).
  public init(snapping rect: Rect) {
    func clamp(_ value: Double) -> Int {
      guard value.isFinite else { return 0 }
      return Int(max(-1_000_000_000, min(1_000_000_000, value.rounded())))
    }
    let minX = clamp(rect.minX)
    let minY = clamp(rect.minY)
    self.init(x: minX, y: minY, width: clamp(rect.maxX) - minX, height: clamp(rect.maxY) - minY)
  }

  /// The empty rectangle at the origin.
  public static let zero = CellRect(x: 0, y: 0, width: 0, height: 0)

  /// One past the right column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }
  /// `true` when it has no cells.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether the cell at `column`, `row` is inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= x && column < maxX && row >= y && row < maxY
  }

  /// The cells both rectangles cover (empty when they do not meet).
  public func intersection(_ other: CellRect) -> CellRect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return CellRect(x: x0, y: y0, width: 0, height: 0) }
    return CellRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The rectangle with `amount` cells removed from each side.
  public func insetBy(_ amount: Int) -> CellRect {
    CellRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// The rectangle moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int, dy: Int) -> CellRect {
    CellRect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The rectangle cut into `count` columns side by side, `gap` columns apart, left to right
  /// (none for a `count` below 1). The columns left over go one each to the first columns,
  /// not all to the last (at 30 columns a board's last column was 9 wide and the others 6:
  /// a new user's finding); when the gaps leave no room, the columns are empty.
  public func columns(_ count: Int, gap: Int = 0) -> [CellRect] {
    guard count > 0 else { return [] }
    let gap = min(max(0, gap), width)
    // At most `width` columns of gaps: a huge count or gap cannot overflow.
    let gaps = gap == 0 ? 0 : min(count - 1, width) * gap
    let each = max(0, (width - gaps) / count)
    let left = max(0, width - gaps - count * each)
    var next = x
    return (0..<count).map { index in
      let column = CellRect(x: next, y: y, width: each + (index < left ? 1 : 0), height: height)
      next = next &+ column.width &+ gap
      return column
    }
  }

  /// The rectangle as layout points.
  public var rect: Rect {
    Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }
}
