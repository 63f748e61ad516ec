import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseControls

/// Drives a background sort to its end: a slice of keys a call (as a frame would), then waits
/// for the thread. Fails after ten seconds rather than hanging.
@discardableResult
private func finishSort(
  _ table: TableView, between: () -> Void = {},
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  let clock = ContinuousClock()
  let start = clock.now
  var calls = 0
  while table.advanceSort(while: { false }) {
    calls += 1
    between()
    if clock.now - start > .seconds(10) {
      Issue.record("the sort did not finish", sourceLocation: sourceLocation)
      table.cancelSort()
      break
    }
  }
  return calls
}

/// The display order, as source rows.
private func order(_ table: TableView) -> [Int] {
  (0..<table.numberOfRows).map { table.sourceRow(forDisplayRow: $0) }
}

/// Records an issue when two orders differ, saying where they first do (an order of
/// thousands of rows is not printed).
private func expectSameOrder(
  _ a: [Int], _ b: [Int], _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
  guard a != b else { return }
  let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) ?? min(a.count, b.count)
  let near = { (order: [Int]) in Array(order[max(0, index - 2)..<min(order.count, index + 3)]) }
  let message =
    "\(note) orders differ: \(a.count) and \(b.count) rows, first at \(index): \(near(a)) "
    + "against \(near(b))"
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// The order the synchronous sort finds on a fresh table over the same data.
private func expectedOrder(
  rows: Int, loaded: Int? = nil, _ descriptor: TableSortDescriptor
)
  -> [Int]
{
  let grid = Grid(rows: rows, loaded: loaded)
  let table = makeTable(grid, columns: 4)
  table.sort(by: descriptor)
  return order(table)
}

private final class Sorts: TableViewDelegate {
  var heard: [TableSortDescriptor?] = []
  func tableView(_ tableView: TableView, didSortBy descriptor: TableSortDescriptor?) {
    heard.append(descriptor)
  }
}

@Suite struct TableBackgroundSortTests {
  /// The order found off the thread is the synchronous sort's, for numbers (with ties),
  /// text, rows without keys, both directions; the view goes to the top with the focus on
  /// its row, the delegate hears once, and a screen reader hears what the sort was.
  @Test(arguments: [
    TableSortDescriptor(column: 0), TableSortDescriptor(column: 0, ascending: false),
    TableSortDescriptor(column: 1), TableSortDescriptor(column: 2, ascending: false),
  ])
  func theOrderIsTheSynchronousSortsOrder(_ descriptor: TableSortDescriptor) {
    let grid = Grid(rows: 40_000, loaded: 39_000)
    let table = makeTable(grid, columns: 4)
    let sorts = Sorts()
    table.delegate = sorts
    var heard: [String] = []
    table.collectionView.accessibilityAnnouncementHandler = { heard.append($0) }
    table.focusCell(row: 30_000, column: 1)
    table.beginSort(by: descriptor)
    #expect(table.isSorting)
    #expect(table.sortDescriptor == nil, "nothing shows sorted before the sort is done")
    let calls = finishSort(table)
    #expect(calls > 1, "keys are gathered a slice at a time")
    #expect(!table.isSorting && table.pendingSort == nil)
    #expect(table.sortDescriptor == descriptor)
    expectSameOrder(order(table), expectedOrder(rows: 40_000, loaded: 39_000, descriptor))
    #expect(table.collectionView.contentOffset.y == table.collectionView.minimumContentOffset.y)
    #expect(table.focusedCell?.row == 30_000 && table.focusedCell?.column == 1)
    #expect(sorts.heard == [descriptor])
    let direction = descriptor.ascending ? "ascending" : "descending"
    #expect(heard.last == "sorted by C\(descriptor.column), \(direction)")
    _ = shownCells(table)
  }

  /// Cancelled, it leaves the rows in the order they showed, and the delegate hears nothing;
  /// Escape cancels too, before it would deselect.
  @Test func cancellingKeepsTheOrder() {
    let grid = Grid(rows: 30_000)
    let table = makeTable(grid, columns: 4)
    let sorts = Sorts()
    table.delegate = sorts
    table.sort(by: TableSortDescriptor(column: 1))
    let before = order(table)
    table.beginSort(by: TableSortDescriptor(column: 0))
    table.advanceSort(while: { false })
    table.cancelSort()
    #expect(!table.advanceSort(while: { false }))
    expectSameOrder(order(table), before)
    #expect(table.sortDescriptor == TableSortDescriptor(column: 1))

    table.selectAll()
    table.beginSort(by: TableSortDescriptor(column: 0))
    #expect(table.handle(KeyPress(.escape)))
    #expect(!table.isSorting && table.selectionCount > 0, "Escape cancelled, not deselected")
    expectSameOrder(order(table), before)
    #expect(sorts.heard.count == 1)
  }

  /// Rows that arrive while the sort runs are merged where their keys sort; a reload starts
  /// the sort again over the new rows.
  @Test func dataThatChangesDuringTheSort() {
    let grid = Grid(rows: 20_000)
    let table = makeTable(grid, columns: 4)
    let descriptor = TableSortDescriptor(column: 0)
    table.beginSort(by: descriptor)
    table.advanceSort(while: { false })
    grid.rows = 20_500
    grid.loaded = grid.rows
    table.rowCountDidChange()
    finishSort(table) {
      if grid.rows < 21_000 {
        grid.rows += 100
        grid.loaded = grid.rows
        table.rowCountDidChange()
      }
    }
    expectSameOrder(order(table), expectedOrder(rows: grid.rows, descriptor))

    table.beginSort(by: TableSortDescriptor(column: 1, ascending: false))
    table.advanceSort(while: { false })
    grid.rows = 15_000
    grid.loaded = grid.rows
    table.reloadData()
    #expect(table.isSorting, "a reload starts the sort again")
    finishSort(table)
    expectSameOrder(
      order(table), expectedOrder(rows: 15_000, TableSortDescriptor(column: 1, ascending: false)))
  }

  /// A header click (``TableView/cycleSort(byColumn:)``) from the threshold on sorts in the
  /// background, and a second click cycles from the sort being made.
  @Test func headerClicksCycleFromTheSortBeingMade() {
    let grid = Grid(rows: 10_000)
    let table = makeTable(grid, columns: 4)
    table.backgroundSortThreshold = 5_000
    table.cycleSort(byColumn: 2)
    #expect(table.pendingSort?.descriptor == TableSortDescriptor(column: 2))
    table.cycleSort(byColumn: 2)
    #expect(table.pendingSort?.descriptor == TableSortDescriptor(column: 2, ascending: false))
    finishSort(table)
    #expect(table.sortDescriptor == TableSortDescriptor(column: 2, ascending: false))
    table.cycleSort(byColumn: 2)
    #expect(!table.isSorting && table.sortDescriptor == nil, "back to the data's order at once")
    expectSameOrder(order(table), Array(0..<10_000))

    table.backgroundSortThreshold = 50_000
    table.cycleSort(byColumn: 0)
    #expect(!table.isSorting && table.sortDescriptor == TableSortDescriptor(column: 0))
  }

  /// Seeded: sorts begun, cancelled and replaced at random, with focus moves, rows arriving
  /// and reloads between the slices; after each sort the order is the synchronous one.
  @Test func randomSortsDuringOtherWork() {
    let seed = UInt64.random(in: 0..<1_000_000)
    var random = SeededRandom(seed: seed)
    let grid = Grid(rows: 8_000)
    let table = makeTable(grid, columns: 4)
    for _ in 0..<12 {
      let descriptor = TableSortDescriptor(
        column: Int(random.next() % 3), ascending: random.next() % 2 == 0)
      table.beginSort(by: descriptor)
      var cancelled = false
      finishSort(table) {
        switch random.next() % 6 {
        case 0: table.handle(KeyPress(.down))
        case 1:
          grid.rows += Int(random.next() % 50)
          grid.loaded = grid.rows
          table.rowCountDidChange()
        case 2 where random.next() % 4 == 0:
          table.cancelSort()
          cancelled = true
        default: break
        }
      }
      guard !cancelled else { continue }
      expectSameOrder(order(table), expectedOrder(rows: grid.rows, descriptor), "seed \(seed):")
    }
  }

  /// A data source that cancels the sort, or begins another, while it is asked for keys: the
  /// cancel holds, the new sort is the one that runs.
  @Test func aDataSourceThatChangesTheSortWhileAskedForKeys() {
    final class Meddler: TableViewDataSource {
      weak var table: TableView?
      var onRow: Int?
      var action: (TableView) -> Void = { _ in }
      func numberOfRows(in tableView: TableView) -> Int { 10_000 }
      func tableView(
        _ tableView: TableView, cellForRow row: Int, column: Int
      )
        -> CollectionViewCell
      {
        tableView.dequeueReusableCell(withReuseIdentifier: "cell")
      }
      func tableView(_ tableView: TableView, sortKeyForRow row: Int, column: Int) -> TableSortKey {
        if row == onRow, let table {
          onRow = nil
          action(table)
        }
        return .number(Double(-row))
      }
    }
    let source = Meddler()
    let table = TableView(
      columns: (0..<3).map { TableColumn(title: "C\($0)", width: .fixed(8)) },
      viewportSize: Size(width: 40, height: 10))
    table.collectionView.diagnostics.handler = nil
    table.register(GridCell.self, forCellWithReuseIdentifier: "cell")
    table.dataSource = source
    source.table = table
    source.onRow = 500
    source.action = { $0.cancelSort() }
    table.beginSort(by: TableSortDescriptor(column: 0))
    #expect(!table.advanceSort(while: { true }), "cancelled from the data source")
    #expect(!table.isSorting && table.sortDescriptor == nil)

    source.onRow = 500
    source.action = { $0.beginSort(by: TableSortDescriptor(column: 1, ascending: false)) }
    table.beginSort(by: TableSortDescriptor(column: 0))
    finishSort(table)
    #expect(table.sortDescriptor == TableSortDescriptor(column: 1, ascending: false))
    #expect(table.sourceRow(forDisplayRow: 0) == 0, "keys -row, descending: row 0 first")
  }

  /// A data source that reads its keys off the loop (a reader): the keys are read on the
  /// sort's thread, no key is asked on the caller's, and the order is the synchronous sort's;
  /// a reader that reads nothing ends the sort with the rows in their order, said in a
  /// diagnostic.
  @Test func aReaderReadsTheKeysOnTheSortsThread() {
    final class Reading: TableViewDataSource {
      let grid: Grid
      var failing = false
      init(_ grid: Grid) { self.grid = grid }
      func numberOfRows(in tableView: TableView) -> Int { grid.rows }
      func tableView(
        _ tableView: TableView, cellForRow row: Int, column: Int
      )
        -> CollectionViewCell
      {
        grid.tableView(tableView, cellForRow: row, column: column)
      }
      func tableView(_ tableView: TableView, sortKeyForRow row: Int, column: Int) -> TableSortKey {
        grid.tableView(tableView, sortKeyForRow: row, column: column)
      }
      func tableView(
        _ tableView: TableView, sortKeyReaderForColumn column: Int
      )
        -> TableSortKeyReader?
      {
        // The keys, made here from the grid's own (a Sendable copy for the thread).
        let keys = (0..<grid.rows).map {
          grid.tableView(tableView, sortKeyForRow: $0, column: column)
        }
        let failing = failing
        return TableSortKeyReader(rowCount: grid.rows) { progress, isCancelled in
          guard !failing else { return nil }
          progress(keys.count / 2)
          return isCancelled() ? nil : keys
        }
      }
    }
    let grid = Grid(rows: 40_000)
    let source = Reading(grid)
    let table = makeTable(grid, columns: 4)
    table.dataSource = source
    let descriptor = TableSortDescriptor(column: 1, ascending: false)
    let asked = grid.sortKeysAsked
    table.beginSort(by: descriptor)
    #expect(grid.sortKeysAsked == asked + 40_000, "only the reader's own copy, made once")
    finishSort(table)
    #expect(grid.sortKeysAsked == asked + 40_000, "no key asked a slice at a time")
    #expect(table.sortDescriptor == descriptor)
    expectSameOrder(order(table), expectedOrder(rows: 40_000, descriptor))

    source.failing = true
    let before = order(table)
    table.beginSort(by: TableSortDescriptor(column: 0))
    finishSort(table)
    #expect(!table.isSorting)
    #expect(table.sortDescriptor == descriptor, "the rows keep their order")
    expectSameOrder(order(table), before)
    #expect(table.collectionView.diagnostics.count(of: .invalidConfiguration) == 1)
  }
}
