import ReuseKit

/// A sort being prepared: the keys gathered so far from the data source (on the caller's
/// thread, a slice at a time), then the job sorting them on a thread of its own.
struct BackgroundSort {
  /// Which sort this is: one begun or cancelled meanwhile (from a data-source call) is
  /// another.
  final class Token {}
  let token = Token()
  var descriptor: TableSortDescriptor
  var keys: [TableSortKey] = []
  /// The rows to gather keys for: the count when the sort began.
  var rowCount: Int
  var job: TableSortJob?
}

extension TableView {
  // MARK: Sorting without holding the loop

  /// Sorts by `descriptor` without holding the caller's loop, as a spreadsheet sorts a large
  /// sheet: the keys are asked of the data source a slice at a time in
  /// ``advanceSort(while:)``, sorted on a thread of their own, and shown when done: the view
  /// then shows the top of the new order, the focused row still focused, and assistive
  /// technology hears "sorted by Name, ascending". Until then the table shows, scrolls, selects
  /// and edits as before; ``pendingSort`` says how far the sort is, and ``cancelSort()`` (or
  /// Escape) stops it, the rows keeping their order. A new sort replaces a running one.
  ///
  /// `nil` goes back to the data's order at once. Rows that arrive while the sort runs are
  /// merged where their keys sort when it is shown; a ``reloadData()`` starts it again.
  ///
  /// - Complexity: O(n) data-source calls spread over the calls to ``advanceSort(while:)``;
  ///   O(n log n) comparisons off the caller's thread; O(n) to show the result.
  public func beginSort(by descriptor: TableSortDescriptor?) {
    cancelSort()
    if dataSource?.tableView(self, sortRowsBy: descriptor) == true { return }
    guard let descriptor else {
      showOrder(nil, keys: [], inverse: nil, descriptor: nil)
      return
    }
    guard columns.indices.contains(descriptor.column) else {
      collectionView.diagnostics.report(
        .invalidConfiguration, "TableView: no column \(descriptor.column) to sort by; ignored")
      return
    }
    var sort = BackgroundSort(descriptor: descriptor, rowCount: numberOfRows)
    if let reader = dataSource?.tableView(self, sortKeyReaderForColumn: descriptor.column),
      reader.rowCount == numberOfRows
    {
      // The keys read on the sort's thread too.
      sort.job = TableSortJob(reader: reader, descriptor: descriptor)
    } else {
      sort.keys.reserveCapacity(numberOfRows)
    }
    backgroundSort = sort
    // Said as it starts, not only when done (a new user's finding: `s` on a million rows was
    // silent for 15 s).
    let title = columns[descriptor.column].title
    collectionView.announce(
      "sorting by \(title), \(descriptor.ascending ? "ascending" : "descending")")
  }

  /// The sort being prepared (``beginSort(by:)``) and how far it is, from 0 to 1 (gathering
  /// the keys is the first tenth); `nil` when none runs.
  public var pendingSort: (descriptor: TableSortDescriptor, progress: Double)? {
    guard let sort = backgroundSort else { return nil }
    if let job = sort.job { return (sort.descriptor, 0.1 + 0.9 * job.progress) }
    let gathered = Double(sort.keys.count) / Double(max(1, sort.rowCount))
    return (sort.descriptor, 0.1 * gathered)
  }

  /// Whether a sort is being prepared.
  public var isSorting: Bool { backgroundSort != nil }

  /// Advances the sort being prepared: asks the data source for more keys while `hasTime()`
  /// says so (at least one slice of 1,024 rows a call), hands them to a thread once all are
  /// in, and shows the order the thread found once it is done. Call it every frame while
  /// ``isSorting``; returns whether a sort still runs.
  @discardableResult
  public func advanceSort(while hasTime: () -> Bool) -> Bool {
    guard var sort = backgroundSort else { return false }
    if let job = sort.job {
      guard let result = job.takeResult() else {
        guard job.wasCancelled else { return true }
        // The data source's reader gave no keys: the rows keep their order.
        backgroundSort = nil
        collectionView.diagnostics.report(
          .invalidConfiguration,
          "TableView: the sort key reader read no keys; the rows keep their order")
        return false
      }
      backgroundSort = nil
      show(result, of: job)
      return false
    }
    // Gathering: the data source is asked on this thread, a slice at a time. The keys are
    // taken out meanwhile, so that they grow in place.
    backgroundSort?.keys = []
    let slice = 1_024
    let column = sort.descriptor.column
    if let source = dataSource {
      repeat {
        let end = min(sort.rowCount, sort.keys.count + slice)
        for row in sort.keys.count..<end {
          sort.keys.append(source.tableView(self, sortKeyForRow: row, column: column))
        }
      } while sort.keys.count < sort.rowCount && hasTime()
    } else {
      // No data source: no keys; the rows keep the data's order.
      sort.keys += repeatElement(.missing, count: sort.rowCount - sort.keys.count)
    }
    if sort.keys.count >= sort.rowCount {
      sort.job = TableSortJob(keys: sort.keys, descriptor: sort.descriptor)
      sort.keys = []
    }
    // A sort begun or cancelled by the data source meanwhile wins.
    guard backgroundSort?.token === sort.token else { return backgroundSort != nil }
    backgroundSort = sort
    return true
  }

  /// Stops the sort being prepared; the rows keep the order they show.
  public func cancelSort() {
    backgroundSort?.job?.cancel()
    backgroundSort = nil
  }

  /// Shows what the job found: rows that arrived meanwhile are merged in, then the view goes to
  /// the top of the new order, the focused cell staying on its row.
  private func show(_ result: TableSortJob.Result, of job: TableSortJob) {
    guard job.rowCount <= numberOfRows else {
      // Fewer rows than the job sorted: the data was replaced. Start again.
      beginSort(by: job.descriptor)
      return
    }
    if job.rowCount < numberOfRows {
      let merged = merging(
        job.rowCount..<numberOfRows, into: result.order, keys: result.sortedKeys,
        by: job.descriptor)
      showOrder(merged.order, keys: merged.keys, inverse: nil, descriptor: job.descriptor)
    } else {
      showOrder(
        result.order, keys: result.sortedKeys, inverse: result.inverse,
        descriptor: job.descriptor)
    }
  }

  /// Shows `order` (`nil`: the data's order) at once, as a reload: the view goes to the top,
  /// the focused cell stays on its row, the delegate hears of the sort, and assistive
  /// technology hears what it was.
  func showOrder(
    _ order: [Int32]?, keys: [TableSortKey], inverse: [Int32]?,
    descriptor: TableSortDescriptor?
  ) {
    let focused = focusedCell
    // The focus stays on its row in the new order: a progressive filter no longer takes it
    // back to the row it hid (in a sorted order "near it" can be the far end: the cursor left
    // the row it was on and followed every row the filter found).
    focusMovedByFilter = nil
    rowOrder = order
    sortKeys = order == nil ? [] : keys
    displayOrder = derivedDisplayOrder()
    sourceToDisplayCache = rowFilter == nil ? inverse : nil
    sortDescriptor = descriptor
    if order != nil { isSortedByDataSource = false }
    collectionView.reloadData()
    collectionView.contentOffset.y = collectionView.minimumContentOffset.y
    if let focused, let row = displayRow(forSourceRow: focused.row) {
      collectionView.focusItem(
        at: ItemPath(section: row, item: focused.column), scrollsIntoView: false)
    }
    collectionView.layoutIfNeeded()
    delegate?.tableView(self, didSortBy: descriptor)
    collectionView.announce(sortAnnouncement(descriptor))
  }

  /// The order the table shows now, to show again later without sorting again
  /// (``restoreOrder(_:)``): `nil` in the data's order or while sorted by the data source.
  public var savedOrder: TableSavedOrder? {
    guard let rowOrder, let sortDescriptor, !isSortedByDataSource else { return nil }
    return TableSavedOrder(
      descriptor: sortDescriptor, order: rowOrder, keys: sortKeys, rowCount: numberOfRows)
  }

  /// Shows `saved` again, as a sort that has just ended would show it (the view at the top,
  /// the focused cell on its row), when the data still has the rows it was taken with.
  /// Returns `false`, changing nothing, when it does not (sort again then).
  ///
  /// - Complexity: O(1) beyond a reload: nothing is sorted.
  @discardableResult
  public func restoreOrder(_ saved: TableSavedOrder) -> Bool {
    guard saved.rowCount == numberOfRows, saved.order.count == numberOfRows,
      columns.indices.contains(saved.descriptor.column)
    else { return false }
    cancelSort()
    showOrder(saved.order, keys: saved.keys, inverse: nil, descriptor: saved.descriptor)
    return true
  }

  /// What assistive technology hears after a sort: "sorted by Name, ascending", or "in the
  /// data's order".
  func sortAnnouncement(_ descriptor: TableSortDescriptor?) -> String {
    guard let descriptor, columns.indices.contains(descriptor.column) else {
      return "in the data's order"
    }
    let title = columns[descriptor.column].title
    return "sorted by \(title), \(descriptor.ascending ? "ascending" : "descending")"
  }
}

/// A table's sorted order, kept to show again (``TableView/savedOrder``): a table that goes
/// away and comes back (a frequency table opened over it, say) shows its sort again at once,
/// instead of sorting a million rows again.
public struct TableSavedOrder: Sendable {
  /// The sort.
  public let descriptor: TableSortDescriptor
  let order: [Int32]
  let keys: [TableSortKey]
  let rowCount: Int
}
