/// How many columns an item covers in a grid that lets items span (``GridLayout/spanProvider``,
/// ``RailsLayout/spanProvider``, ``WaterfallLayout/spanProvider``), and how tall it is when
/// its height is its own.
public struct ItemSpan: Hashable, Sendable {
  /// The columns covered, clamped to `1...columns` where the item is placed: `Int.max` (or
  /// any number past the columns) is the whole width.
  public var columns: Int
  /// The item's height, or `nil` for the layout's own row (or item) height. Grids make a row
  /// as tall as its tallest item.
  public var height: Double?

  /// Creates a span.
  public init(columns: Int, height: Double? = nil) {
    self.columns = columns
    self.height = height
  }

  /// One column, the layout's height: what items without a span have.
  public static let single = ItemSpan(columns: 1)

  /// The whole width (a banner, an inline header, a "load more" row).
  public static func fullWidth(height: Double? = nil) -> ItemSpan {
    ItemSpan(columns: .max, height: height)
  }
}

/// Items flowing into rows of `columns` columns, an item covering as many columns as its span
/// says: the next item goes beside the last when it fits in the row's remaining columns,
/// else it starts a row (Android's `GridLayoutManager` places spans the same way, but finds
/// an item's row by walking from the start).
///
/// Rows are kept as arrays (their first item, top and height), so an item's row is a binary
/// search, the rows meeting a band are two, and an append costs what it appends.
struct SpanFlow {
  /// The number of columns.
  private(set) var columns: Int
  /// The gap between rows.
  private(set) var rowSpacing: Double
  /// The first item of each row.
  private(set) var rowStarts: [Int] = []
  /// The top of each row, from the flow's top.
  private(set) var rowTops: [Double] = []
  /// The height of each row.
  private(set) var rowHeights: [Double] = []
  /// Each item's first column.
  private var itemColumns: [Int32] = []
  /// Each item's number of columns.
  private var itemSpans: [Int32] = []
  /// The first free column of the last row.
  private var nextColumn = 0
  /// The height items without one of their own were placed with (the owner's to compare).
  var rowHeightForSingles = 0.0

  init(columns: Int, rowSpacing: Double) {
    self.columns = max(1, min(columns, Int(Int32.max)))
    self.rowSpacing = rowSpacing
  }

  /// The number of items placed.
  var count: Int { itemColumns.count }
  /// The number of rows.
  var rowCount: Int { rowStarts.count }

  /// The height of all rows with the gaps between them.
  var height: Double {
    guard let top = rowTops.last, let last = rowHeights.last else { return 0 }
    return top + last
  }

  /// Places one more item, `span` columns wide (clamped into `1...columns`), `height` tall.
  ///
  /// - Complexity: amortised O(1).
  mutating func append(span: Int, height: Double) {
    let span = min(max(1, span), columns)
    if rowStarts.isEmpty || nextColumn + span > columns {
      let top = rowTops.last.map { $0 + rowHeights[rowHeights.count - 1] + rowSpacing } ?? 0
      rowStarts.append(count)
      rowTops.append(top)
      rowHeights.append(height)
      nextColumn = 0
    } else if height > rowHeights[rowHeights.count - 1] {
      rowHeights[rowHeights.count - 1] = height
    }
    itemColumns.append(Int32(nextColumn))
    itemSpans.append(Int32(span))
    nextColumn += span
  }

  /// Keeps the first `count` items, dropping the rest (their rows too), so that items placed
  /// after them can be placed again. The last kept row's height is measured again.
  ///
  /// - Complexity: O(log rows + the kept last row's items).
  mutating func truncate(to kept: Int, height: (Int) -> Double) {
    guard kept < count else { return }
    let kept = max(0, kept)
    itemColumns.removeSubrange(kept...)
    itemSpans.removeSubrange(kept...)
    guard kept > 0 else {
      rowStarts.removeAll(keepingCapacity: true)
      rowTops.removeAll(keepingCapacity: true)
      rowHeights.removeAll(keepingCapacity: true)
      nextColumn = 0
      return
    }
    let row = self.row(of: kept - 1)
    rowStarts.removeSubrange((row + 1)...)
    rowTops.removeSubrange((row + 1)...)
    rowHeights.removeSubrange((row + 1)...)
    var tallest = 0.0
    for item in rowStarts[row]..<kept { tallest = max(tallest, height(item)) }
    rowHeights[row] = tallest
    nextColumn = Int(itemColumns[kept - 1] + itemSpans[kept - 1])
  }

  /// The row of item `item` (in range).
  ///
  /// - Complexity: O(log rows).
  func row(of item: Int) -> Int {
    var low = 0
    var high = rowStarts.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if rowStarts[mid] <= item { low = mid } else { high = mid }
    }
    return low
  }

  /// The items of row `row`.
  func items(inRow row: Int) -> Range<Int> {
    rowStarts[row]..<(row + 1 < rowStarts.count ? rowStarts[row + 1] : count)
  }

  /// The rows whose band meets `minY..<maxY` (relative to the flow's top).
  ///
  /// - Complexity: O(log rows).
  func rows(meeting minY: Double, _ maxY: Double) -> Range<Int> {
    guard !rowTops.isEmpty else { return 0..<0 }
    // The first row whose bottom is past minY, and the first whose top is at or past maxY.
    var low = 0
    var high = rowTops.count
    while low < high {
      let mid = (low + high) / 2
      if rowTops[mid] + rowHeights[mid] <= minY { low = mid + 1 } else { high = mid }
    }
    let first = low
    high = rowTops.count
    while low < high {
      let mid = (low + high) / 2
      if rowTops[mid] < maxY { low = mid + 1 } else { high = mid }
    }
    return first..<max(first, low)
  }

  /// The first column and the number of columns of item `item`.
  func columns(of item: Int) -> (first: Int, span: Int) {
    (Int(itemColumns[item]), Int(itemSpans[item]))
  }

  /// Appends the items of section `section` whose frames (by `frame`) meet `rect`, row by row,
  /// the flow's top being at `top`.
  ///
  /// - Complexity: O(log rows + the items of the rows met).
  func appendItems(
    of section: Int, meeting rect: Rect, top: Double, into result: inout [LayoutAttributes],
    frame: (Int) -> Rect
  ) {
    for row in rows(meeting: rect.minY - top, rect.maxY - top) {
      for item in items(inRow: row) {
        let itemFrame = frame(item)
        if itemFrame.intersects(rect) {
          result.append(
            LayoutAttributes(forCellAt: ItemPath(section: section, item: item), frame: itemFrame))
        }
      }
    }
  }
}

/// A layout whose items may cover several columns (`GridLayout`, `WaterfallLayout`, the grid
/// sections of `RailsLayout`): what a data source sets to give each item its span, without
/// knowing which layout it is.
public protocol SpanProvidingLayout: AnyObject {
  /// How many columns each item covers, and its height; `nil`: one column each.
  var spanProvider: ((ItemPath) -> ItemSpan)? { get set }
}
