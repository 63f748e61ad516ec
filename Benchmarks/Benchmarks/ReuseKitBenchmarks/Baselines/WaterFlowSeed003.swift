import ReuseKit

/// Baseline `waterflow-seed003`: a faithful Swift port of WaterFlowView's visible-cell
/// algorithm (`onScroll`), on the same per-column rectangles as ours.
///
/// What it reproduces, per scroll event, for each column:
/// - with no visible cell, a linear scan from row 0 for the first visible rectangle;
/// - otherwise it starts from the row of the first cell of the column's visible array and
///   walks back, then forward, while rectangles are visible, skipping rows already shown
///   (`containVisibleCellForIndexPath`, a linear search: O(v) per row);
/// - then removes the cells whose rectangles left the screen (`removeObject`: O(v)).
///
/// After a big jump, the walk starts from a row that is no longer visible and stops at once,
/// so the frame is blank; the next event finds no visible cell and scans from row 0. The
/// benchmark runs events until its visible set is complete, as the original needed.
/// `canRemoveCellForRect` keeps rectangles that only touch the viewport, as the original.
final class WaterFlowSeed003 {
  private let cellRectArray: [[Rect]]
  private var visibleCells: [[BaselineCell]]
  private var reuseDict: [String: [BaselineCell]] = [:]
  let boundsHeight: Double
  var contentOffset = 0.0
  private(set) var cellsCreated = 0

  /// The columns' rectangles, row by row (`initialize`, given the same placement as ours).
  init(columns: [[Rect]], boundsHeight: Double) {
    cellRectArray = columns
    visibleCells = columns.map { _ in [] }
    self.boundsHeight = boundsHeight
  }

  /// `onScroll`.
  func onScroll() {
    for i in 0..<cellRectArray.count {
      var basicVisibleRow = 0
      let singleRectArray = cellRectArray[i]
      if visibleCells[i].isEmpty {
        for j in 0..<singleRectArray.count where !canRemoveCell(for: singleRectArray[j]) {
          basicVisibleRow = j
          let cell = cellForRow(j, column: i)
          cell.frame = singleRectArray[j]
          cell.isInSuperview = true
          visibleCells[i].insert(cell, at: 0)
          break
        }
      } else {
        basicVisibleRow = visibleCells[i][0].index
      }
      // Look back, then forward: the original's two loops, alike but for the direction.
      for step in stride(from: -1, through: 1, by: 2) {  // no array: nothing allocated
        var j = basicVisibleRow + step
        while j >= 0 && j < singleRectArray.count {
          let rect = singleRectArray[j]
          guard !canRemoveCell(for: rect) else { break }
          if !containsVisibleCell(row: j, column: i) {
            let cell = cellForRow(j, column: i)
            cell.frame = rect
            cell.isInSuperview = true
            visibleCells[i].insert(cell, at: 0)
          }
          j += step
        }
      }
      // Recycle.
      var k = 0
      while k < visibleCells[i].count {
        let cell = visibleCells[i][k]
        if canRemoveCell(for: cell.frame) {
          cell.isInSuperview = false
          addReusableCell(cell)
          visibleCells[i].removeAll { $0 === cell }  // removeObject:
        } else {
          k += 1
        }
      }
    }
  }

  private func canRemoveCell(for rect: Rect) -> Bool {
    rect.maxY < contentOffset || rect.minY > contentOffset + boundsHeight
  }

  private func containsVisibleCell(row: Int, column: Int) -> Bool {
    visibleCells[column].contains { $0.index == row }
  }

  /// The data source's `cellForRowAtIndexPath`, dequeuing as the demo does.
  private func cellForRow(_ row: Int, column: Int) -> BaselineCell {
    let cell: BaselineCell
    if let reused = reuseDict["cell"]?.popLast() {
      cell = reused
    } else {
      cellsCreated += 1
      cell = BaselineCell(reuseIdentifier: "cell")
    }
    cell.index = row
    cell.selected = column < 0
    return cell
  }

  private func addReusableCell(_ cell: BaselineCell) {
    reuseDict[cell.reuseIdentifier, default: []].append(cell)
  }

  /// The visible rectangles' (column, row) pairs, for the equal-work check.
  var visible: [(column: Int, row: Int)] {
    visibleCells.enumerated().flatMap { column, cells in cells.map { (column, $0.index) } }
  }
}
