extension TableLayout {
  /// Where a focus move goes in a table: the arrows to the neighbouring row or shown column
  /// (nowhere past an edge), pages by as many rows as fit below the header rows, the ends of
  /// the row (``FocusMove/lineStart``, ``FocusMove/lineEnd``), and the first and last cells.
  /// Rows shorter than the column the focus is in take their last cell.
  ///
  /// - Complexity: O(1) for uniform rows, O(log n) for estimated ones.
  public func indexPath(
    forFocusMove move: FocusMove, from indexPath: ItemPath, viewport: Rect
  )
    -> ItemPath?
  {
    guard rows.count > 0, !shownColumns.isEmpty else { return nil }
    let row = indexPath.section
    let position = shownPosition(ofColumn: indexPath.item) ?? 0
    switch move {
    case .up: return row > 0 ? cell(row: row - 1, position: position) : nil
    case .down: return row < rows.count - 1 ? cell(row: row + 1, position: position) : nil
    case .left: return position > 0 ? cell(row: row, position: position - 1) : nil
    case .right:
      return position < shownColumns.count - 1 ? cell(row: row, position: position + 1) : nil
    case .lineStart: return cell(row: row, position: 0)
    case .lineEnd: return cell(row: row, position: shownColumns.count - 1)
    case .first: return cell(row: 0, position: 0)
    case .last: return cell(row: rows.count - 1, position: shownColumns.count - 1)
    case .pageUp, .pageDown:
      let page = max(1, viewport.height - headerHeight)
      let y = rows.start(row) + rows.length(row) / 2 + (move == .pageDown ? page : -page)
      let target = rows.lastIndex(
        startingAtOrBefore: min(max(0, y), rows.start(rows.count)), in: 0..<rows.count)
      return cell(row: target, position: position)
    }
  }

  /// The cell of `row` at shown `position`; in a row without that cell (a short row), its
  /// nearest shown cell, left first. `nil` for a row without shown cells.
  ///
  /// - Complexity: O(1) when the cell exists; O(c) in a short row.
  private func cell(row: Int, position: Int) -> ItemPath? {
    let position = min(position, shownColumns.count - 1)
    let count = itemCounts[row]
    func exists(_ candidate: Int) -> Bool {
      candidate >= 0 && candidate < shownColumns.count && shownColumns[candidate] < count
    }
    for distance in 0..<shownColumns.count {
      if exists(position - distance) {
        return ItemPath(section: row, item: shownColumns[position - distance])
      }
      if exists(position + distance) {
        return ItemPath(section: row, item: shownColumns[position + distance])
      }
    }
    return nil
  }
}
