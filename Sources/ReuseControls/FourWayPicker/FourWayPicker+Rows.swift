import ReuseKit

extension FourWayPicker {
  // MARK: Internals

  func rowHeight(_ row: Int) -> Double { size(ofRow: row).height }

  /// A row's item size, sanitised: NaN, negative or infinite lengths become 1 (reported).
  func size(ofRow row: Int) -> Size {
    let raw: Size
    switch itemSize {
    case .fixed(let size): raw = size
    case .perRow(let provider): raw = provider(row)
    }
    func clean(_ value: Double, _ name: String) -> Double {
      if value > 0 && value.isFinite { return min(value, 1e9) }
      collectionView.diagnostics.report(
        .invalidMetric, "FourWayPicker: row \(row) has item \(name) \(value); using 1")
      return 1
    }
    return Size(width: clean(raw.width, "width"), height: clean(raw.height, "height"))
  }

  func applySnapping() {
    let snapping = ScrollSnapping(
      alignment: .center, sensitivity: effectiveSlidingDistance,
      maximumItemsPerFling: allowsMultiStepFlings ? nil : 1)
    collectionView.snapping = snapping
    collectionView.forEachDisplayedView { view, _ in
      (view as? PickerRowCell)?.rowView.snapping = snapping
    }
    rowSnapping = snapping
  }

  /// Item cells created over the picker's life, across every row: they share one pool, so
  /// this stays near the number visible at once, however many rows and columns there are.
  public var itemCellsCreated: Int {
    rowCells.reduce(0) { $0 + $1.rowView.reuseCounters.created }
  }

  /// The rows on screen now, and their item cells on screen in all.
  ///
  /// - Complexity: O(r) for the r rows displayed.
  public var displayedCellCounts: (rows: Int, items: Int) {
    var counts = (rows: 0, items: 0)
    collectionView.forEachDisplayedView { view, _ in
      guard let cell = view as? PickerRowCell else { return }
      counts.rows += 1
      counts.items += cell.rowView.reuseCounters.visible
    }
    return counts
  }

  func makeRowCell() -> PickerRowCell {
    let cell = PickerRowCell()
    let rowView = cell.rowView
    rowView.reusePool = itemPool
    rowView.diagnostics = collectionView.diagnostics
    cellRegistration(rowView)
    rowView.alwaysBounceHorizontal = true
    rowCells.append(cell)
    let rowPlumbing = RowPlumbing(self, cell)
    cell.plumbing = rowPlumbing
    rowView.dataSource = rowPlumbing
    rowView.delegate = rowPlumbing
    rowView.accessibilityAdjustment = collectionView.accessibilityAdjustment
    return cell
  }

  /// Binds a row cell to `row`: its size, its item width, its insets (so the first and last
  /// items can be centred) and its offset at the shared column.
  func bind(_ cell: PickerRowCell, to row: Int) {
    cell.row = row
    cell.rowView.accessibilityGridRow = (row + 1, rowCounts.count)
    let size = size(ofRow: row)
    let width = collectionView.viewportSize.width
    let rowView = cell.rowView
    rowView.dragSlop = collectionView.dragSlop
    rowView.snapping = rowSnapping
    rowView.viewportSize = Size(width: width, height: size.height)
    if case .uniform(let current) = cell.rowLayout.itemSizing, current == size.width {
    } else {
      cell.rowLayout.itemSizing = .uniform(size.width)
    }
    let side = max(0, (width - size.width) / 2)
    if rowView.contentInset.left != side || rowView.contentInset.right != side {
      rowView.contentInset = EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
    // The same count as the row it showed last: no reload (the cells were given back when
    // it scrolled away, so the next pass asks for this row's).
    if rowView.numberOfSections != 1 || rowView.numberOfItems(inSection: 0) != rowCounts[row] {
      rowView.reloadData()
    }
    rowView.contentOffset = Point(x: offset(centring: column(forRow: row) ?? 0, in: cell), y: 0)
    rowView.layoutIfNeeded()
  }

  /// Unbinds a row cell that left the screen: its item cells go back to the shared pool.
  func unbind(_ cell: PickerRowCell) {
    cell.rowView.stopMotion()
    cell.rowView.endDisplayingAll()
    cell.row = -1
  }

  func offset(centring column: Int, in cell: PickerRowCell) -> Double {
    let itemWidth = size(ofRow: cell.row).width
    return Double(column) * itemWidth + itemWidth / 2 - cell.rowView.viewportSize.width / 2
  }

  /// Aligns every displayed row to the shared column.
  func layoutRows(animated: Bool) {
    collectionView.layoutIfNeeded()
    collectionView.forEachDisplayedView { view, _ in
      guard let cell = view as? PickerRowCell, cell.row >= 0, !cell.rowView.isTracking,
        let column = column(forRow: cell.row)
      else { return }
      let target = Point(x: offset(centring: column, in: cell), y: 0)
      guard cell.rowView.contentOffset != target else { return }
      cell.rowView.setContentOffset(target, animated: animated)
      cell.rowView.layoutIfNeeded()
    }
  }

  /// After each container pass: keeps the insets that let the first and last rows reach the
  /// centre, centres the current row once the viewport has a size (and again when it
  /// changes), and re-binds the rows when the width changes.
}
