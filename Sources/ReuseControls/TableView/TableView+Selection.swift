import ReuseKit

extension TableView {
  // MARK: Focus

  /// The focused cell, as a source row and a column, or `nil`.
  public var focusedCell: (row: Int, column: Int)? {
    guard let path = collectionView.focusedIndexPath else { return nil }
    return (sourceRow(forDisplayRow: path.section), path.item)
  }

  /// Focuses the cell of source row `row` in `column` and scrolls it into view. As a move by
  /// the keys, it is where the next Shift range starts (a "go to" or a find's step lands
  /// somewhere new).
  public func focusCell(row: Int, column: Int) {
    guard let display = displayRow(forSourceRow: row), columns.indices.contains(column) else {
      collectionView.diagnostics.report(
        .indexPathOutOfRange, "TableView: no cell at row \(row), column \(column) to focus")
      return
    }
    anchor = nil
    collectionView.focusItem(at: ItemPath(section: display, item: column))
  }

  // MARK: Selection

  /// Whether the cell at source row `row`, `column` is selected, by the selection mode.
  public func isSelected(row: Int, column: Int) -> Bool {
    switch selectionMode {
    case .cells: return selectedCells[column]?.contains(row) ?? false
    case .rows: return selectedRows.contains(row)
    case .columns: return selectedColumns.contains(column)
    }
  }

  func isSelected(displayRow: Int, column: Int) -> Bool {
    isSelected(row: sourceRow(forDisplayRow: displayRow), column: column)
  }

  /// How many cells, rows or columns (by the mode) are selected.
  public var selectionCount: Int {
    switch selectionMode {
    case .cells: return selectedCells.values.reduce(0) { $0 + $1.count }
    case .rows: return selectedRows.count
    case .columns: return selectedColumns.count
    }
  }

  /// How many of ``selectionCount`` are in hidden columns (a selected cell or column whose
  /// column was hidden stays selected, by identity, and shows again with it).
  ///
  /// - Complexity: O(hidden columns).
  public var hiddenSelectionCount: Int {
    var hidden = 0
    for column in columns.indices where columns[column].isHidden {
      switch selectionMode {
      case .cells: hidden += selectedCells[column]?.count ?? 0
      case .columns: hidden += selectedColumns.contains(column) ? 1 : 0
      case .rows: break
      }
    }
    return hidden
  }

  /// Selects every cell, row or column (by the mode).
  ///
  /// - Complexity: O(n / 64) per column.
  public func selectAll() {
    switch selectionMode {
    case .cells:
      let rows = shownRowSet
      for column in columns.indices where !columns[column].isHidden {
        selectedCells[column] = rows
      }
    case .rows: selectedRows = shownRowSet
    case .columns: selectedColumns = Set(columns.indices.filter { !columns[$0].isHidden })
    }
    selectionDidChange()
  }

  /// The source rows shown: every row, or those the filter keeps.
  private var shownRowSet: RowSet {
    if let rowFilter {
      var rows = RowSet()
      for row in rowFilter where row < numberOfRows { rows.insert(row) }
      return rows
    }
    var rows = RowSet()
    rows.insert(0..<numberOfRows)
    return rows
  }

  /// Selects the source rows in `rows` (in row mode, which it switches to), in place of what
  /// was selected, and tells assistive technology how many ("1,204 rows selected").
  public func selectRows(_ rows: RowSet) {
    if selectionMode != .rows { selectionMode = .rows }
    var kept = RowSet()
    for row in rows where row < numberOfRows { kept.insert(row) }
    selectedRows = kept
    selectedCells.removeAll()
    selectedColumns.removeAll()
    selectionDidChange()
    collectionView.announce("\(kept.count.grouped) row\(kept.count == 1 ? "" : "s") selected")
  }

  /// What is selected now, to put back later (``restoreSelection(_:)``): the mode with its
  /// rows, columns and cells, by identity.
  public var selection: TableSelection {
    TableSelection(
      mode: selectionMode, rows: selectedRows, columns: selectedColumns, cells: selectedCells)
  }

  /// Puts back a selection taken with ``selection`` (rows gone from the data meanwhile are
  /// left out), and tells the delegate.
  public func restoreSelection(_ saved: TableSelection) {
    if selectionMode != saved.mode { selectionMode = saved.mode }
    selectedRows = saved.rows
    selectedColumns = saved.columns
    selectedCells = saved.cells
    trimSelection()
    selectionDidChange()
  }

  /// Deselects everything.
  public func deselectAll() {
    // Nothing selected, nothing to extend: the next Shift range starts at the focus.
    anchor = nil
    guard !selectedRows.isEmpty || !selectedColumns.isEmpty || !selectedCells.isEmpty else {
      return
    }
    selectedRows.removeAll()
    selectedColumns.removeAll()
    selectedCells.removeAll()
    selectionDidChange()
  }

  /// What a click (or Space, `toggles`) on the cell at `path` does: focuses it; a plain click
  /// selects only it (its row or column, by the mode), Control toggles it, Shift selects the
  /// range from the anchor (rows × shown columns).
  func click(at path: ItemPath, modifiers: KeyModifiers) {
    let before = collectionView.focusedIndexPath
    collectionView.focusItem(at: path, scrollsIntoView: false)
    // Told as a key's move is (the delegate's documentation says "by a key or a click"; a
    // click was not told, and a cell being edited elsewhere stayed open).
    if before != path {
      delegate?.tableView(
        self, didFocusRow: sourceRow(forDisplayRow: path.section), column: path.item)
    }
    if modifiers.contains(.shift) {
      extendSelection(to: path)
    } else {
      select(path, toggling: modifiers.contains(.control))
    }
  }

  /// Selects (or toggles) the cell, row or column at `path`, and makes it the anchor.
  func select(_ path: ItemPath, toggling: Bool) {
    let source = sourceRow(forDisplayRow: path.section)
    if !toggling {
      selectedRows.removeAll()
      selectedColumns.removeAll()
      selectedCells.removeAll()
    }
    switch selectionMode {
    case .cells: selectedCells[path.item, default: RowSet()].toggle(source)
    case .rows: selectedRows.toggle(source)
    case .columns:
      if selectedColumns.remove(path.item) == nil { selectedColumns.insert(path.item) }
    }
    anchor = makeAnchor(at: path)
    selectionDidChange()
  }

  /// The anchor for the cell at display path `path`: its source row and column.
  func makeAnchor(at path: ItemPath) -> TableAnchor {
    TableAnchor(row: sourceRow(forDisplayRow: path.section), column: path.item)
  }

  /// Where the anchor shows now: its row's display row (the last row when its row is gone)
  /// and its column's shown position; while its column is hidden, the position of the next
  /// column shown after it in the order (the last shown column when none follows).
  func anchorPlace(_ anchor: TableAnchor) -> (row: Int, position: Int) {
    let row = displayRow(forSourceRow: anchor.row) ?? max(0, numberOfDisplayedRows - 1)
    if let position = layout.shownPosition(ofColumn: anchor.column) { return (row, position) }
    let order = layout.columnOrder
    let start = order.firstIndex(of: anchor.column) ?? order.count
    let next = order[min(start, order.count)...].lazy.compactMap(layout.shownPosition(ofColumn:))
      .first
    return (row, next ?? max(0, layout.shownColumnCount - 1))
  }

  /// Selects the range from the anchor to `path`: rows × shown columns, as the mode takes them.
  ///
  /// - Complexity: O(rows / 64) unsorted, O(rows) sorted, per column in range.
  func extendSelection(to path: ItemPath) {
    guard let held = anchor else { return select(path, toggling: false) }
    let anchor = anchorPlace(held)
    let position = layout.shownPosition(ofColumn: path.item) ?? 0
    let rows = min(anchor.row, path.section)...max(anchor.row, path.section)
    let positions = min(anchor.position, position)...max(anchor.position, position)
    selectedRows.removeAll()
    selectedColumns.removeAll()
    selectedCells.removeAll()
    switch selectionMode {
    case .cells:
      let sourceRows = sourceRows(inDisplay: rows)
      for position in positions {
        guard let column = layout.column(atShownPosition: position) else { continue }
        selectedCells[column] = sourceRows
      }
    case .rows: selectedRows = sourceRows(inDisplay: rows)
    case .columns:
      selectedColumns = Set(positions.compactMap { layout.column(atShownPosition: $0) })
    }
    selectionDidChange()
  }

  private func sourceRows(inDisplay rows: ClosedRange<Int>) -> RowSet {
    var set = RowSet()
    if displayOrder == nil {
      set.insert(rows.lowerBound..<rows.upperBound + 1)
    } else {
      for row in rows { set.insert(sourceRow(forDisplayRow: row)) }
    }
    return set
  }

  /// Rows gone from the data leave the selection.
  func trimSelection() {
    let rows = numberOfRows
    func trimmed(_ set: RowSet) -> RowSet {
      guard let last = set.last, last >= rows else { return set }
      var kept = RowSet()
      for row in set where row < rows { kept.insert(row) }
      return kept
    }
    selectedRows = trimmed(selectedRows)
    for (column, set) in selectedCells { selectedCells[column] = trimmed(set) }
    selectedColumns = selectedColumns.filter { columns.indices.contains($0) }
  }

  /// Shows the selection on the displayed cells and tells the delegate. The collection view
  /// asks the table about its cells only while something is selected.
  func selectionDidChange() {
    let selects = selectionCount > 0
    if selects && collectionView.selectionOverlay == nil {
      // Through the plumbing (see ``TablePlumbing/table``): nothing holds the table weakly.
      collectionView.selectionOverlay = { [weak plumbing] path in
        plumbing?.table?.isSelected(displayRow: path.section, column: path.item) ?? false
      }
    } else if !selects && collectionView.selectionOverlay != nil {
      collectionView.selectionOverlay = nil
    } else {
      collectionView.selectionOverlayDidChange()
    }
    delegate?.tableViewSelectionDidChange(self)
  }
}

/// A table's selection, kept to put back (``TableView/selection``).
public struct TableSelection: Sendable {
  let mode: TableSelectionMode
  let rows: RowSet
  let columns: Set<Int>
  let cells: [Int: RowSet]
}
