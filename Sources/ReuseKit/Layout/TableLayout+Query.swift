extension TableLayout {
  /// Whether a displayed element sits where the viewport is, not where it is in the content:
  /// the header row's cells, pinned at the top (an update does not glide them from where the
  /// viewport was: after a sort and a filter the header row slid down from above, the first
  /// row drawn in its place meanwhile, a new user's finding).
  public func isStuck(_ attributes: LayoutAttributes) -> Bool {
    attributes.supplementaryKind == .columnHeader && attributes.zIndex >= Self.headerZIndex
  }

  /// Stacking order: scrolling cells, frozen cells over them, header cells over both, frozen
  /// header cells on top.
  static let frozenCellZIndex = 5
  static let headerZIndex = 10
  static let frozenHeaderZIndex = 15

  /// The cells and column headers meeting `query.rect`, frozen ones pinned to `query.viewport`,
  /// in item order.
  ///
  /// - Complexity: O(log rows + log columns + k); no allocation once the scratch has grown.
  public func elements(in query: LayoutQuery, into result: inout LayoutElements) {
    let rect = query.rect
    guard !rows.isEmptyIndex || headerRows > 0, !shownColumns.isEmpty, rect.width > 0,
      rect.height > 0
    else { return }
    let pin = Point(x: max(0, query.viewport.minX), y: max(0, query.viewport.minY))
    collectColumns(meeting: rect, pinnedAt: pin.x)
    guard !queryColumns.isEmpty else { return }
    // Body rows meeting the rect (those under the pinned header rows too: a row or two).
    let top = rect.minY - headerHeight
    let bottom = rect.maxY - headerHeight
    if rows.count > 0 && bottom > top && bottom > 0 {
      // The buffers are borrowed once for all rows (a loop over the stored arrays would
      // retain and release each of them per row), and the cells are written by
      // `append(contentsOf:)` straight into the array's spare capacity (kept from the last
      // frame): no uniqueness or capacity check per cell, which appending them one by one
      // makes (a sixth of a table frame).
      queryColumns.withUnsafeBufferPointer { columns in
        shownStarts.withUnsafeBufferPointer { starts in
          widths.withUnsafeBufferPointer { widths in
            withUnsafePointer(to: &rows) { rows in
              withUnsafePointer(to: &itemCounts) { itemCounts in
                result.items.append(
                  contentsOf: TableBodyRun(
                    rows: rows, itemCounts: itemCounts, columns: columns, starts: starts,
                    widths: widths,
                    firstRow: rows.pointee.lastIndex(
                      startingAtOrBefore: max(0, top), in: 0..<rows.pointee.count),
                    headerHeight: headerHeight, minY: rect.minY, maxY: rect.maxY, pinX: pin.x,
                    frozenColumns: frozenColumns))
              }
            }
          }
        }
      }
    }
    // Header rows, pinned at the top of the viewport.
    for header in 0..<headerRows {
      let y = pin.y + Double(header) * headerRowLength
      guard y < rect.maxY, y + headerRowLength > rect.minY else { continue }
      for column in queryColumns {
        var attributes = LayoutAttributes(
          forSupplementaryViewOfKind: .columnHeader, section: header,
          frame: cellFrame(
            column.item, position: column.position, y: y, height: headerRowLength,
            pinX: pin.x),
          zIndex: column.position < frozenColumns ? Self.frozenHeaderZIndex : Self.headerZIndex)
        attributes.indexPath.item = column.item
        result.supplementaryViews.append(attributes)
      }
    }
  }

  /// Fills ``queryColumns`` with the shown columns meeting `rect` (and the frozen ones, pinned
  /// at `pinX`), sorted by item index.
  ///
  /// - Complexity: O(log c + k) plus O(k²) to sort k columns by item (a handful).
  private func collectColumns(meeting rect: Rect, pinnedAt pinX: Double) {
    queryColumns.removeAll(keepingCapacity: true)
    for position in 0..<frozenColumns {
      let x = pinX + shownStarts[position]
      if x < rect.maxX && x + widths[shownColumns[position]] > rect.minX {
        insertQueryColumn(shownColumns[position], position)
      }
    }
    // The scrolling columns: binary search for the first whose end passes rect.minX.
    var low = frozenColumns
    var high = shownColumns.count
    while low < high {
      let mid = (low + high) / 2
      if shownStarts[mid] + widths[shownColumns[mid]] <= rect.minX {
        low = mid + 1
      } else {
        high = mid
      }
    }
    var position = low
    while position < shownColumns.count && shownStarts[position] < rect.maxX {
      insertQueryColumn(shownColumns[position], position)
      position += 1
    }
  }

  @inline(__always)
  private func insertQueryColumn(_ item: Int, _ position: Int) {
    queryColumns.append((item, position))
    var index = queryColumns.count - 1
    while index > 0 && queryColumns[index - 1].item > item {
      queryColumns.swapAt(index, index - 1)
      index -= 1
    }
  }

  /// The frame of column `item` (at shown `position`) in a row at `y`; frozen columns pinned at
  /// `pinX`.
  @inline(__always)
  func cellFrame(_ item: Int, position: Int, y: Double, height: Double, pinX: Double) -> Rect {
    let x = shownStarts[position] + (position < frozenColumns ? pinX : 0)
    return Rect(x: x, y: y, width: widths[item], height: height)
  }

  /// The natural (unpinned) frame of a cell, or `nil` when the path is out of range or its
  /// column hidden.
  ///
  /// - Complexity: O(1) for uniform rows, O(log n) for estimated ones.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < rows.count, indexPath.item >= 0,
      indexPath.item < itemCounts[indexPath.section],
      let position = shownPosition(ofColumn: indexPath.item)
    else { return nil }
    let frame = cellFrame(
      indexPath.item, position: position, y: headerHeight + rows.start(indexPath.section),
      height: rows.length(indexPath.section), pinX: 0)
    return LayoutAttributes(
      forCellAt: indexPath, frame: frame,
      zIndex: position < frozenColumns ? Self.frozenCellZIndex : 0)
  }

  /// The first header row's header of the first shown column, for `.columnHeader` (ask the
  /// query for the others); `nil` for other kinds.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? {
    guard kind == .columnHeader, section >= 0, section < headerRows, let item = shownColumns.first
    else { return nil }
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: .columnHeader, section: section,
      frame: Rect(
        x: 0, y: Double(section) * headerRowLength, width: widths[item], height: headerRowLength),
      zIndex: Self.headerZIndex)
    attributes.indexPath.item = item
    return attributes
  }

  /// The cell under `point` by natural (unpinned) frames, or `nil` in a header row, a gap or a
  /// hidden column. (A collection view asks its displayed, pinned cells first.)
  ///
  /// - Complexity: O(log rows + log columns).
  public func indexPathForItem(at point: Point) -> ItemPath? {
    guard point.isFinite, point.y >= headerHeight, rows.count > 0, point.x >= 0,
      let position = shownPosition(atX: point.x)
    else { return nil }
    let row = rows.lastIndex(startingAtOrBefore: point.y - headerHeight, in: 0..<rows.count)
    let y = headerHeight + rows.start(row)
    guard point.y < y + rows.length(row) else { return nil }
    let item = shownColumns[position]
    return item < itemCounts[row] ? ItemPath(section: row, item: item) : nil
  }

  /// The cell under `point` as the table shows with `viewport` visible: a frozen column's
  /// cell where the frozen columns cover the point.
  ///
  /// - Complexity: O(log rows + log columns).
  public func indexPathForItem(at point: Point, viewport: Rect) -> ItemPath? {
    // The header rows cover the top.
    guard point.isFinite, point.y >= max(0, viewport.minY) + headerHeight else { return nil }
    let pinX = max(0, viewport.minX)
    guard point.x >= pinX, point.x < pinX + frozenWidth else {
      return indexPathForItem(at: point)
    }
    return indexPathForItem(at: Point(x: point.x - pinX, y: point.y))
  }

  /// The shown position whose column (not its spacing) holds `x`, or `nil`.
  ///
  /// - Complexity: O(log c).
  public func shownPosition(atX x: Double) -> Int? {
    var low = 0
    var high = shownColumns.count
    while low < high {
      let mid = (low + high) / 2
      if shownStarts[mid] + widths[shownColumns[mid]] <= x { low = mid + 1 } else { high = mid }
    }
    return low < shownColumns.count && shownStarts[low] <= x ? low : nil
  }

  /// The header rows cover the top of the viewport, the frozen columns its left.
  public func pinnedLengths(inSection section: Int) -> PinnedLengths {
    PinnedLengths(leading: headerHeight, crossLeading: frozenWidth)
  }
}

extension TableLayout: AccessibilityGridLayout {
  /// The cell's row (from 1, below the header rows) and its shown column, of the table's.
  public func gridPosition(ofItemAt indexPath: ItemPath) -> GridPosition? {
    guard indexPath.section >= 0, indexPath.section < rows.count,
      let position = shownPosition(ofColumn: indexPath.item)
    else { return nil }
    return GridPosition(
      row: indexPath.section + 1, column: position + 1, rowCount: rows.count,
      columnCount: shownColumns.count)
  }
}

extension ExtentIndex {
  /// Whether there are no elements.
  var isEmptyIndex: Bool { count == 0 }
}

/// The body cells of a table query, row by row and, in each row, column by column (the
/// query's columns, in item order): what `Array.append(contentsOf:)` writes straight into the
/// array's spare capacity. It lives only inside the call that appends it, while the layout
/// keeps the storage it points to.
struct TableBodyRun: Sequence, IteratorProtocol {
  let rows: UnsafePointer<ExtentIndex>
  let itemCounts: UnsafePointer<ItemCountList>
  let columns: UnsafeBufferPointer<(item: Int, position: Int)>
  let starts: UnsafeBufferPointer<Double>
  let widths: UnsafeBufferPointer<Double>
  let rowCount: Int
  let headerHeight: Double
  let minY: Double
  let maxY: Double
  let pinX: Double
  let frozenColumns: Int
  /// The next row to look at.
  var nextRow: Int
  /// The row being written: its index, place, height and item count, and its next column.
  var row = 0
  var y = 0.0
  var height = 0.0
  var count = 0
  var column: Int

  init(
    rows: UnsafePointer<ExtentIndex>, itemCounts: UnsafePointer<ItemCountList>,
    columns: UnsafeBufferPointer<(item: Int, position: Int)>,
    starts: UnsafeBufferPointer<Double>, widths: UnsafeBufferPointer<Double>, firstRow: Int,
    headerHeight: Double, minY: Double, maxY: Double, pinX: Double, frozenColumns: Int
  ) {
    self.rows = rows
    self.itemCounts = itemCounts
    self.columns = columns
    self.starts = starts
    self.widths = widths
    rowCount = rows.pointee.count
    self.headerHeight = headerHeight
    self.minY = minY
    self.maxY = maxY
    self.pinX = pinX
    self.frozenColumns = frozenColumns
    nextRow = firstRow
    column = columns.count  // no row yet: the first call finds one
  }

  @inline(__always)
  mutating func next() -> LayoutAttributes? {
    while true {
      while column < columns.count {
        let (item, position) = columns[column]
        column += 1
        guard item < count else { continue }
        let frozen = position < frozenColumns
        return LayoutAttributes(
          forCellAt: ItemPath(section: row, item: item),
          frame: Rect(
            x: starts[position] + (frozen ? pinX : 0), y: y, width: widths[item],
            height: height),
          zIndex: frozen ? TableLayout.frozenCellZIndex : 0)
      }
      // The next row meeting the rect, if any.
      while true {
        guard nextRow < rowCount else { return nil }
        let candidate = nextRow
        nextRow += 1
        let top = headerHeight + rows.pointee.start(candidate)
        if top >= maxY {
          nextRow = rowCount
          return nil
        }
        let length = rows.pointee.length(candidate)
        if top + length > minY || length == 0 && top >= minY {
          row = candidate
          y = top
          height = length
          count = itemCounts.pointee[candidate]
          column = 0
          break
        }
      }
    }
  }
}
