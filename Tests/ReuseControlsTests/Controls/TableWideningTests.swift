import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseControls

/// A grid cell as wide as its text: a placeholder is narrow, a loaded row wide.
final class WideningCell: CollectionViewCell {
  var isPlaceholder = true
  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(width: isPlaceholder ? 6 : 20, height: proposedSize.height)
  }
}

/// Rows whose cells are placeholders until `loaded` says otherwise (a database's page of rows
/// arriving after the view moved there).
final class LoadingGrid: TableViewDataSource {
  var rows: Int
  var loaded = false
  init(rows: Int) { self.rows = rows }
  func numberOfRows(in tableView: TableView) -> Int { rows }
  func tableView(_ tableView: TableView, cellForRow row: Int, column: Int) -> CollectionViewCell {
    let cell = tableView.dequeueReusableCell(WideningCell.self, withReuseIdentifier: "cell")
    cell.isPlaceholder = !loaded
    return cell
  }
}

/// The focused cell stays whole across when its column widens as its cells measure (a new
/// user's finding: a database's last cell, reached with Ctrl-End, was cut at the right edge
/// once its rows arrived, and stayed cut); a cell the user had scrolled partly away is left.
@Suite struct FocusedCellAcrossWideningTests {
  private func makeTable(_ grid: LoadingGrid) -> TableView {
    let table = TableView(
      columns: (0..<20).map { TableColumn(title: "C\($0)", width: .fitting(estimate: 8)) },
      viewportSize: Size(width: 80, height: 24))
    table.collectionView.diagnostics.handler = nil
    table.register(WideningCell.self, forCellWithReuseIdentifier: "cell")
    table.dataSource = grid
    table.collectionView.layoutIfNeeded()
    return table
  }

  /// How much of the focused cell's frame lies outside the viewport across (0 when whole).
  private func cutAcross(_ table: TableView) -> Double {
    let view = table.collectionView
    guard let focused = view.focusedIndexPath,
      let frame = view.layoutAttributesForItem(at: focused)?.frame
    else { return .infinity }
    let low = view.contentOffset.x
    let high = low + view.viewportSize.width
    return max(0, low - frame.minX) + max(0, frame.maxX - high)
  }

  @Test func theLastCellStaysWholeWhenItsRowsArriveWider() {
    let grid = LoadingGrid(rows: 1_000)
    let table = makeTable(grid)
    table.focusCell(row: 999, column: 19)
    table.collectionView.layoutIfNeeded()
    #expect(cutAcross(table) == 0, "revealed at first")
    let before = table.collectionView.contentOffset.x
    grid.loaded = true
    table.reloadRows(in: 0..<1_000)
    table.collectionView.layoutIfNeeded()
    #expect(table.layout.width(ofColumn: 19) == 20, "the column widened to its cells")
    #expect(cutAcross(table) == 0, "still whole: offset \(table.collectionView.contentOffset)")
    #expect(table.collectionView.contentOffset.x > before)
  }

  @Test func aCellScrolledPartlyAwayIsNotBroughtBack() {
    let grid = LoadingGrid(rows: 1_000)
    let table = makeTable(grid)
    table.focusCell(row: 999, column: 19)
    table.collectionView.layoutIfNeeded()
    var offset = table.collectionView.contentOffset
    offset.x -= 3
    table.collectionView.contentOffset = offset
    table.collectionView.layoutIfNeeded()
    #expect(cutAcross(table) == 3)
    grid.loaded = true
    table.reloadRows(in: 0..<1_000)
    table.collectionView.layoutIfNeeded()
    #expect(table.collectionView.contentOffset.x == offset.x, "the user's scroll kept")
  }
}
