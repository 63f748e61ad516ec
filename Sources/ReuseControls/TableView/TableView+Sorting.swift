import ReuseKit

extension TableView {
  // MARK: Sorting

  /// Sorts by `descriptor` (stable: equal keys keep the data's order; rows without a key
  /// last), or goes back to the data's order with `nil`. The change is a diff of the row order
  /// applied as one batch of moves (animated when few rows move), and the view shows the top
  /// of the new order, as a spreadsheet does (and as ``beginSort(by:)`` does): the focused
  /// cell stays on its row, wherever that lands, and the selection stays with its rows.
  ///
  /// - Complexity: O(n log n) for the sort (n keys asked once each), O(n) for the diff.
  public func sort(by descriptor: TableSortDescriptor?) {
    if let descriptor, !columns.indices.contains(descriptor.column) {
      collectionView.diagnostics.report(
        .invalidConfiguration, "TableView: no column \(descriptor.column) to sort by; ignored")
      return
    }
    cancelSort()
    if dataSource?.tableView(self, sortRowsBy: descriptor) == true { return }
    let oldOrder = displayOrder
    focusMovedByFilter = nil  // the focus stays on its row in the new order (``showOrder``)
    rowOrder = descriptor.map(sortedOrder(by:))
    if rowOrder == nil { sortKeys = [] }
    let newOrder = derivedDisplayOrder()
    sortDescriptor = descriptor
    isSortedByDataSource = false
    // Said as what it is, not as the rows it moved.
    if collectionView.isAnnouncing { collectionView.replaceNextAnnouncement(with: "") }
    applyOrder(from: oldOrder, to: newOrder)
    delegate?.tableView(self, didSortBy: descriptor)
    collectionView.announce(sortAnnouncement(descriptor))
  }

  /// What a click on column `column`'s header does: sorts by it ascending, then descending,
  /// then back to the data's order, each step from the sort being prepared if one is. From
  /// ``backgroundSortThreshold`` rows on, without holding the loop (``beginSort(by:)``).
  public func cycleSort(byColumn column: Int) {
    let next: TableSortDescriptor?
    switch backgroundSort?.descriptor ?? sortDescriptor {
    case let current? where current.column == column && current.ascending:
      next = TableSortDescriptor(column: column, ascending: false)
    case let current? where current.column == column:
      next = nil
    default:
      next = TableSortDescriptor(column: column, ascending: true)
    }
    applySort(next)
  }

  /// Sorts by `descriptor` (`nil`: the data's order) the way a header's click does: by the
  /// data source where it sorts, off the loop for many rows, else at once. Sorting again by
  /// the sort shown puts rows edited since in their places.
  public func applySort(_ descriptor: TableSortDescriptor?) {
    let next = descriptor
    if dataSource?.tableView(self, sortRowsBy: next) == true {
      cancelSort()
    } else if numberOfRows >= backgroundSortThreshold {
      beginSort(by: next)
    } else {
      sort(by: next)
    }
  }

  func sortKey(_ source: Int, _ column: Int) -> TableSortKey {
    dataSource?.tableView(self, sortKeyForRow: source, column: column) ?? .missing
  }

  /// The source rows sorted by `descriptor`, stably.
  func sortedOrder(by descriptor: TableSortDescriptor) -> [Int32] {
    let keys = (0..<numberOfRows).map { sortKey($0, descriptor.column) }
    var order = (0..<numberOfRows).map { Int32($0) }
    order.sort { a, b in
      Self.precedes(keys[Int(a)], Int(a), keys[Int(b)], Int(b), ascending: descriptor.ascending)
    }
    sortKeys = order.map { keys[Int($0)] }
    return order
  }

  /// The order of (key, source row) pairs: by key in the direction (rows without a key, or
  /// with a NaN, last), then by source row.
  @inline(__always)
  static func precedes(
    _ keyA: TableSortKey, _ a: Int, _ keyB: TableSortKey, _ b: Int, ascending: Bool
  ) -> Bool {
    let missingA = keyA.isMissing
    let missingB = keyB.isMissing
    if missingA || missingB {
      if missingA && missingB { return a < b }
      return missingB
    }
    if TableSortKey.ascends(keyA, keyB) { return ascending }
    if TableSortKey.ascends(keyB, keyA) { return !ascending }
    return a < b
  }

  func insertionIndex(
    of key: TableSortKey, source: Int, in order: [Int32], keys: [TableSortKey],
    _ descriptor: TableSortDescriptor
  ) -> Int {
    var low = 0
    var high = order.count
    while low < high {
      let mid = (low + high) / 2
      if Self.precedes(keys[mid], Int(order[mid]), key, source, ascending: descriptor.ascending) {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low
  }

  /// Shows the rows in `newOrder` (nil: the data's order) instead of `oldOrder`, as one batch
  /// of section moves: every row whose place changes moves there (animated when few do). The
  /// view goes to the top of the new order; the focused cell stays on its row.
  func applyOrder(from oldOrder: [Int32]?, to newOrder: [Int32]?) {
    // Where each source row was shown: the old order's inverse (the same rows show before
    // and after: a sort reorders them).
    var before: [Int32]?
    if let oldOrder {
      var inverse = [Int32](repeating: 0, count: numberOfRows)
      for (display, source) in oldOrder.enumerated() { inverse[Int(source)] = Int32(display) }
      before = inverse
    }
    var moves: [SectionMove] = []
    for display in 0..<(newOrder?.count ?? numberOfRows) {
      let source = newOrder.map { Int($0[display]) } ?? display
      let was = before.map { Int($0[source]) } ?? source
      if was != display { moves.append(SectionMove(from: was, to: display)) }
    }
    // The data changes and the collection view hears of it together.
    displayOrder = newOrder
    sourceToDisplayCache = nil
    if !moves.isEmpty {
      let result = collectionView.performBatchUpdates(
        with: Changeset(movedSections: moves), animated: moves.count <= 2_000)
      if case .failure = result { collectionView.reloadData() }
    }
    // The top of the new order; the focus stays with its row (the batch carried it along).
    collectionView.contentOffset.y = collectionView.minimumContentOffset.y
    collectionView.layoutIfNeeded()
  }
}
