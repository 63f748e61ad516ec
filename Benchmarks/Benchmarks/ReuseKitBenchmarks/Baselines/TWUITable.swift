import ReuseKit

/// Baseline `twui-table`: a faithful Swift port of TUITableView's visible-cell algorithm
/// (Twitter's TWUI, which ZXOptionBar derives from).
///
/// What it reproduces, per frame:
/// - row offsets are precomputed per section (`TUITableViewSection._setupRowHeights`), so a
///   row's rect is O(1);
/// - but `indexPathsForRowsInRect:` still walks every row of every section to find the
///   visible ones: O(n);
/// - old and new visible index paths are diffed with `removeObjectsInArray:` (O(v²)), and
///   cells live in an index-path-keyed dictionary and an identifier-keyed reuse dictionary.
///
/// Index paths are Swift values here (TWUI allocated `TUIFastIndexPath` objects), which only
/// makes the baseline faster.
final class TWUITable {
  private struct RowInfo {
    var offset: Double  // from the beginning of the section
    var height: Double
  }

  private struct Section {
    var rowInfo: [RowInfo]
    var sectionOffset: Double
    var sectionHeight: Double
  }

  private var sectionInfo: [Section] = []
  private var visibleItems: [ItemPath: BaselineCell] = [:]
  private var reusableTableCells = BaselineReuseQueue()
  let boundsLength: Double
  var contentOffset = 0.0
  private(set) var contentHeight = 0.0
  var cellsCreated: Int { reusableTableCells.cellsCreated }

  /// `_freshSectionInfo` for one section whose rows have `heights`.
  init(heights: [Double], boundsLength: Double) {
    self.boundsLength = boundsLength
    var sectionHeight = 0.0
    var rows = [RowInfo]()
    rows.reserveCapacity(heights.count)
    for height in heights {
      let h = height.rounded()  // roundf, as TWUI
      rows.append(RowInfo(offset: sectionHeight, height: h))
      sectionHeight += h
    }
    sectionInfo = [Section(rowInfo: rows, sectionOffset: 0, sectionHeight: sectionHeight)]
    contentHeight = sectionHeight
  }

  func rectForRow(at indexPath: ItemPath) -> Rect {
    let section = sectionInfo[indexPath.section]
    let row = section.rowInfo[indexPath.item]
    return Rect(
      x: 0, y: section.sectionOffset + row.offset, width: Geometry.viewport.width,
      height: row.height)
  }

  /// `indexPathsForRowsInRect:`: every row of every section, O(n).
  func indexPathsForRows(in rect: Rect) -> [ItemPath] {
    var indexPaths: [ItemPath] = []
    indexPaths.reserveCapacity(50)
    for (sectionIndex, section) in sectionInfo.enumerated() {
      for row in 0..<section.rowInfo.count {
        let indexPath = ItemPath(section: sectionIndex, item: row)
        if rectForRow(at: indexPath).intersects(rect) { indexPaths.append(indexPath) }
      }
    }
    return indexPaths
  }

  /// `_layoutCells:`.
  func layoutCells() {
    let visible = Rect(x: 0, y: contentOffset, width: Geometry.viewport.width, height: boundsLength)
    let oldVisibleIndexPaths = Array(visibleItems.keys)
    let newVisibleIndexPaths = indexPathsForRows(in: visible)

    var indexPathsToRemove = oldVisibleIndexPaths
    indexPathsToRemove.removeAll { newVisibleIndexPaths.contains($0) }
    var indexPathsToAdd = newVisibleIndexPaths
    indexPathsToAdd.removeAll { oldVisibleIndexPaths.contains($0) }

    for indexPath in indexPathsToRemove {
      let cell = visibleItems[indexPath]!
      reusableTableCells.enqueue(cell)
      cell.isInSuperview = false
      visibleItems[indexPath] = nil
    }
    for indexPath in indexPathsToAdd where visibleItems[indexPath] == nil {
      let cell = reusableTableCells.dequeueOrMake(withIdentifier: "cell")
      cell.index = indexPath.item
      cell.frame = rectForRow(at: indexPath)
      cell.isInSuperview = true
      visibleItems[indexPath] = cell
    }
  }

  /// The visible row indexes, for the equal-work check.
  var visibleRows: [Int] { visibleItems.keys.map(\.item) }
}
