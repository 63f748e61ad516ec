import ReuseKit

/// Baseline `optionbar-seed000`: a faithful Swift port of the visible-cell algorithm of
/// ZXOptionBar, `layoutCells()` and its helpers.
///
/// What it reproduces, per frame:
/// - `indexsForColumnInRect`: computes every column's rect (`width * index`, as the original)
///   to find the visible ones: O(n);
/// - the old visible keys come from the `visibleItems` dictionary; removed and added keys are
///   found with `removeObjectsInArray` on arrays of string keys: O(v²);
/// - cells are pooled in a `[String: [Cell]]` dictionary and tracked in a `[String: Cell]`
///   dictionary keyed by `"\(index)"`.
///
/// The original is horizontal; the `list` family runs the port along the list's vertical
/// axis (`horizontal: false`), which changes no step of the algorithm, and the `optionbar`
/// family runs it horizontally. With equal widths, `width * index` is the correct position,
/// so its visible set equals ours (the benchmarks assert it).
final class OptionBarSeed000 {
  let columnCount: Int
  let columnWidth: (Int) -> Double
  let boundsLength: Double
  let horizontal: Bool
  var contentOffset = 0.0
  var selectedIndex: Int?
  private var reusableOptionCells = BaselineReuseQueue()
  private var visibleItems: [String: BaselineCell] = [:]
  var cellsCreated: Int { reusableOptionCells.cellsCreated }

  init(
    columnCount: Int, boundsLength: Double, horizontal: Bool = false,
    columnWidth: @escaping (Int) -> Double
  ) {
    self.columnCount = columnCount
    self.horizontal = horizontal
    self.boundsLength = boundsLength
    self.columnWidth = columnWidth
  }

  /// `layoutCells()`.
  func layoutCells() {
    let visible = visibleRect()
    let oldVisibleIndex = indexsForVisibleColumns()
    let newVisibleIndex = indexsForColumnInRect(visible)

    var indexsToRemove = oldVisibleIndex
    indexsToRemove.removeAll { newVisibleIndex.contains($0) }  // removeObjectsInArray
    var indexsToAdd = newVisibleIndex
    indexsToAdd.removeAll { oldVisibleIndex.contains($0) }

    for key in indexsToRemove {
      let cell = visibleItems[key]!
      reusableOptionCells.enqueue(cell)
      cell.isInSuperview = false  // removeFromSuperview
      visibleItems[key] = nil
    }
    for key in indexsToAdd {
      let indexToAdd = Int(key) ?? 0  // indexFromIdentifyKey
      let cell = cellForColumn(at: indexToAdd)
      cell.frame = rectForColumnAtIndex(indexToAdd)
      cell.index = indexToAdd
      cell.selected = indexToAdd == selectedIndex
      cell.isInSuperview = true  // addSubview
      visibleItems[key] = cell
    }
  }

  /// The data source's `cellForColumnAtIndex`, dequeuing as ZXOptionBar's demo does.
  private func cellForColumn(at index: Int) -> BaselineCell {
    reusableOptionCells.dequeueOrMake(withIdentifier: "ZXOptionBarDemo")
  }

  private func visibleRect() -> Rect {
    horizontal
      ? Rect(x: contentOffset, y: 0, width: boundsLength, height: OptionBarGeometry.height)
      : Rect(x: 0, y: contentOffset, width: Geometry.viewport.width, height: boundsLength)
  }

  private func indexsForVisibleColumns() -> [String] {
    var keys: [String] = []
    for (key, _) in visibleItems { keys.append(key) }
    return keys
  }

  /// Scans every column: the O(n) per frame, one of ZXOptionBar's defects.
  func indexsForColumnInRect(_ rect: Rect) -> [String] {
    var indexs: [String] = []
    for column in 0..<columnCount {
      let cellRect = rectForColumnAtIndex(column)
      if cellRect.intersects(rect) { indexs.append("\(column)") }
    }
    return indexs
  }

  private func rectForColumnAtIndex(_ index: Int) -> Rect {
    let width = columnWidth(index)
    return horizontal
      ? Rect(x: width * Double(index), y: 0, width: width, height: OptionBarGeometry.height)
      : Rect(x: 0, y: width * Double(index), width: Geometry.viewport.width, height: width)
  }

  /// The visible column indexes, for the equal-work check.
  var visibleColumns: [Int] { visibleItems.keys.map { Int($0)! } }
}
