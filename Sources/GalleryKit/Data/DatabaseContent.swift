import ReuseControls
import ReuseKit

/// Where a database's background count of its tables writes (any thread): a row count by
/// table, and whether the list is gone (the counting stops then).
public final class TableCountSink: Sendable {
  let counts: Locked<[Int?]>
  let stopping = Locked(false)

  init(tables: Int) { counts = Locked(Array(repeating: nil, count: tables)) }

  /// Table `index` holds `count` rows (`nil`: it could not be counted, shown "?").
  public func found(_ count: Int?, forTable index: Int) {
    counts.withLock { counts in
      if counts.indices.contains(index) { counts[index] = count ?? -1 }
    }
  }

  /// Every table not counted yet cannot be (the database did not open).
  public func failAll() { counts.withLock { $0 = $0.map { $0 ?? -1 } } }

  /// Whether the list is gone: the counting stops.
  public var isStopped: Bool { stopping.withLock { $0 } }

  /// The counting that runs now (a refresh starts another): an older one stops writing.
  let generation = Locked(0)

  /// A new counting: its number, for ``counts(_:)``.
  public func startGeneration() -> Int {
    generation.withLock {
      $0 += 1; return $0
    }
  }

  /// Whether counting `generation` is still the one that counts (not stopped, not replaced).
  public func counts(_ generation: Int) -> Bool {
    !isStopped && self.generation.withLock { $0 } == generation
  }
}

/// The list of a database's tables, shown in the table page before one is opened: a row per
/// table or view with its row count (counted off the loop by the database's own work, one
/// table after another: never loaded), its column count and kind. Enter opens the focused
/// one (``opening(row:)``, which each database gives).
open class DatabaseTableList: TableContent {
  /// What the list shows of a table.
  public struct Entry: Sendable, Hashable {
    /// Its name.
    public var name: String
    /// How many columns it has.
    public var columnCount: Int
    /// Whether it is a view.
    public var isView: Bool

    /// An entry.
    public init(name: String, columnCount: Int, isView: Bool) {
      self.name = name
      self.columnCount = columnCount
      self.isView = isView
    }
  }

  /// The tables, in the order shown.
  public let entries: [Entry]
  /// What the list is of (a file's name, a server's address).
  public let name: String
  /// Where the background count writes.
  public let counts: TableCountSink
  var shownCounts: [Int?]

  /// The list of `entries`; the database's work counts their rows into ``counts``.
  public init(name: String, entries: [Entry]) {
    self.name = name
    self.entries = entries
    counts = TableCountSink(tables: entries.count)
    shownCounts = Array(repeating: nil, count: entries.count)
  }

  deinit { counts.stopping.withLock { $0 = true } }

  /// Table, Rows, Columns, Kind.
  public var columnTitles: [String] { ["Table", "Rows", "Columns", "Kind"] }
  /// One row per table or view.
  public var rowCount: Int { entries.count }

  /// The table's name, its row count ("counting…" until known), columns and kind.
  public func text(row: Int, column: Int) -> String? {
    guard entries.indices.contains(row) else { return nil }
    let entry = entries[row]
    switch column {
    case 0: return entry.name
    case 1:
      guard let count = shownCounts[row] else { return "counting…" }
      return count < 0 ? "?" : count.formatted
    case 2: return entry.columnCount.formatted
    default: return entry.isView ? "view" : "table"
    }
  }

  /// By name, count or column count.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    guard entries.indices.contains(row) else { return .missing }
    switch column {
    case 1: return shownCounts[row].map { .number(Double($0)) } ?? .missing
    case 2: return .number(Double(entries[row].columnCount))
    default: return .text(text(row: row, column: column) ?? "")
    }
  }

  /// Rows and Columns are numbers.
  public func isNumeric(column: Int) -> Bool { column == 1 || column == 2 }

  /// The counts found since the last call.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) {
    let found = counts.counts.withLock { $0 }
    let changed = found.indices.filter { found[$0] != shownCounts[$0] }
    shownCounts = found
    guard let first = changed.first, let last = changed.last else { return (0..<0, false) }
    return (first..<last + 1, false)
  }

  /// "counting rows…" until every table is counted.
  public var loadingStatus: String? {
    shownCounts.contains(nil) ? "counting rows… (Enter opens the table)" : nil
  }

  /// Counting.
  public var isBusy: Bool { shownCounts.contains(nil) }

  /// The table of `row`, opened a page at a time (each database gives its own).
  open func opening(row: Int) -> (any TableContent)? { nil }

  /// Counts the tables' rows (each database its own way) into ``counts``, off the loop.
  open func startCounting() {}

  /// Counts every table again ("counting…" until each is counted).
  public func refresh() -> Bool {
    counts.counts.withLock { $0 = Array(repeating: nil, count: $0.count) }
    shownCounts = Array(repeating: nil, count: entries.count)
    startCounting()
    return true
  }
}

/// A database table's rows as the table page's content, a page at a time (`PagedItems`):
/// what SQLite's and PostgreSQL's tables share. Each sorts, counts and searches its own way.
open class PagedTableContent {
  /// The rows, a page at a time.
  public var items: PagedItems<[String]>
  /// Whether the rows have not been told what shows yet: busy until they are.
  public var awaitsDisplayedRows = true
  /// The sort that finished since ``takeFinishedSort()`` last took one: its descriptor, or
  /// why it failed.
  public var finishedSort: Result<TableSortDescriptor?, DataFileError>?
  /// Pages that failed: when last tried, how many times tried again, and why.
  var failure: (since: Double, tries: Int, message: String)?
  /// How many times failed pages are tried again (1, 2, 4, 8 and 16 s after they failed).
  public static let retries = 5

  /// Rows to be read by `items`.
  public init(items: PagedItems<[String]>) { self.items = items }

  /// The rows known now.
  public var rowCount: Int { items.count }

  /// The cell's text, `nil` while its page loads; a page that failed says why in its first
  /// column.
  public func text(row: Int, column: Int) -> String? {
    switch items[row] {
    case .loaded(let values): return column < values.count ? values[column] : ""
    case .placeholder: return nil
    case .failed(let error): return column == 0 ? "⚠ \(error)" : ""
    }
  }

  /// The database sorts: no keys are asked of the content.
  public func sortKey(row: Int, column: Int) -> TableSortKey { .missing }

  /// Loads around what shows.
  public func noteDisplayed(rows: Range<Int>) {
    awaitsDisplayedRows = false
    items.noteDisplayed(rows)
  }

  /// Loads the pages of the rows that show, far apart (filtered).
  public func noteDisplayed(scatteredRows: [Int]) {
    awaitsDisplayedRows = false
    items.noteDisplayed(scattered: scatteredRows)
  }

  /// Loads failed pages again, 1, 2, 4, 8 and 16 s after they failed (`now` in seconds), the
  /// way Paging 3 retries: a connection lost for a moment comes back without a key. Returns
  /// whether pages wait to be tried again (the page keeps ticking for them).
  public func retryFailedPages(now: Double) -> Bool {
    guard let first = items.failedRanges.first else {
      if !items.hasPendingWork { failure = nil }  // the retried pages loaded
      return false
    }
    let message: String
    if case .failed(let error) = items[first.lowerBound] {
      message = error.message
    } else {
      message = "a page did not load"
    }
    guard let state = failure else {
      failure = (now, 0, message)
      return true
    }
    guard state.tries < Self.retries else { return false }
    if now - state.since >= Double(1 << state.tries) {
      items.retry()
      failure = (now, state.tries + 1, message)
    }
    return true
  }

  /// Whether failed pages wait to be tried again.
  public var waitsToRetry: Bool { failure.map { $0.tries < Self.retries } ?? false }

  /// What failed and when it is tried again, for the status line, or `nil` when no page
  /// failed.
  public func failureStatus(now: Double) -> String? {
    guard let failure, !items.failedRanges.isEmpty else { return nil }
    guard failure.tries < Self.retries else {
      return "rows did not load (\(failure.message)); tried \(Self.retries) times"
    }
    let wait = max(0, Int((failure.since + Double(1 << failure.tries) - now).rounded(.up)))
    return "rows did not load (\(failure.message)); trying again in \(wait) s"
  }

  /// Where the row the last sort followed shows, with the number of that sort: written off
  /// the loop, taken by ``takeFollowedRow()``.
  public let followResult = Locked<(sort: Int, row: TableFollowedRow)?>(nil)
  /// The number of the last sort asked for (a result of an older one is not taken).
  public var followedSort = 0
  /// The row a sort made off the loop follows, as the cursor moves while it is made (read by
  /// the sort's thread once the new order is made).
  public let followedRow = Locked<Int?>(nil)

  /// Says in `result` where the row sort number `sort` followed shows, unless a later sort
  /// has said already (called off the loop).
  public static func record(
    _ row: TableFollowedRow, sort: Int, in result: Locked<(sort: Int, row: TableFollowedRow)?>
  ) {
    result.withLock { result in
      if result.map({ $0.sort <= sort }) ?? true { result = (sort, row) }
    }
  }

  /// Where the row the last sort followed shows now, once found.
  public func takeFollowedRow() -> TableFollowedRow? {
    let sort = followedSort
    return followResult.withLock { result in
      guard let found = result, found.sort == sort else { return nil }
      result = nil
      return found.row
    }
  }

  /// The sort that finished since the last call.
  public func takeFinishedSort() -> Result<TableSortDescriptor?, DataFileError>? {
    defer { finishedSort = nil }
    return finishedSort
  }

  /// "sorting by Name ↑… 3 s (Esc cancels)": a sort by `descriptor` of `columns`, begun at
  /// `began`.
  public func sortingStatus(
    _ descriptor: TableSortDescriptor, of columns: [String], began: Double, now: Double
  ) -> String {
    let column = columns.indices.contains(descriptor.column) ? columns[descriptor.column] : "?"
    return "sorting by \(column) \(descriptor.ascending ? "↑" : "↓")… "
      + "\(Int(max(0, now - began))) s (Esc cancels)"
  }

  /// New rows in the store `make` gives (with the count when known), the rows that showed
  /// loading at once: the old store's loads are cancelled with it.
  public func replaceItems(with make: (_ count: Int?) -> PagedItems<[String]>) {
    let count = items.isCountKnown ? items.count : nil
    let shown = items.displayedRange
    items = make(count)
    // The table says which rows show once it has moved.
    items.noteDisplayed(shown)
  }

  /// What the loads brought since the last call: the rows they span, and whether the count
  /// changed (or `countChanged` already says so).
  public func takeLoadedRows(countChanged: Bool) -> (loadedRows: Range<Int>, countChanged: Bool) {
    let changes = items.takeChanges()
    let changed = countChanged || changes.oldCount != nil
    guard let first = changes.ranges.first, let last = changes.ranges.last else {
      return (0..<0, changed)
    }
    return (first.lowerBound..<last.upperBound, changed)
  }
}
