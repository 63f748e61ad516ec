import Synchronization

/// Items that load a page at a time from an async loader (a database, a server, a file too
/// big to read whole), shown as placeholders until they arrive: the store under
/// ``PagedDataSource``, and under any view that pages (the gallery's SQLite table).
///
/// Loads start for the pages around what is displayed (``noteDisplayed(_:)``, which a
/// ``PagedDataSource`` calls after every layout pass): the displayed pages first, then
/// ``PagingConfiguration/prefetchDistance`` items either way. A jump far away loads around the
/// target only, never what lies between; loads for pages scrolled away are cancelled; beyond
/// ``PagingConfiguration/maximumLoadedItems`` the pages farthest away are dropped. A failed
/// page shows its error until ``retry()``; ``refresh(count:)`` loads everything again while
/// the old items stay on screen until their new ones arrive.
///
/// Loads run as Swift tasks, off the caller's thread. What they bring waits in a locked
/// inbox until the caller's loop takes it (``takeChanges()``), so every other method runs on
/// one thread and the items never change under a frame being drawn. A load that finishes after
/// its page was cancelled, dropped or refreshed is ignored: every load has its own number.
///
/// Use it from one thread (the host's loop); only the loader runs elsewhere.
public final class PagedItems<Item: Sendable> {
  /// Loads the items of `range` (at most ``PagingConfiguration/pageSize`` of them). Fewer
  /// items than asked mean the data ends there; a thrown error shows in the page's cells.
  /// Runs off the caller's thread; should stop early when its task is cancelled.
  public typealias Loader = @Sendable (Range<Int>) async throws -> [Item]

  /// The page size, distances and limit in use (clamped to valid values).
  public let configuration: PagingConfiguration
  /// How many items there are: the count given, or, when it is not known, those found so far
  /// and a page of placeholders beyond until a short page finds the end.
  public private(set) var count: Int
  /// Whether ``count`` is known (given, or found by a short page).
  public private(set) var isCountKnown: Bool

  private let loader: Loader
  private var pages: [Int: Page] = [:]
  private let inbox = PagingInbox<Item>()
  private var nextLoadID = 0
  /// The items displayed at the last ``noteDisplayed(_:)``.
  public private(set) var displayedRange: Range<Int> = 0..<0
  /// The pages of the displayed items when they are scattered (``noteDisplayed(scattered:)``).
  private var scattered: Set<Int>?
  /// Loads started since this store was made (for tests and status lines).
  public private(set) var loadsStarted = 0
  /// Loads cancelled because their page was scrolled away, dropped or refreshed.
  public private(set) var loadsCancelled = 0

  private enum Page {
    /// A load runs; `stale` holds the items it replaces (after a refresh), shown meanwhile.
    case loading(id: Int, task: Task<Void, Never>, stale: [Item]?)
    /// Loaded; `stale` after a refresh, until loaded again.
    case loaded([Item], stale: Bool)
    case failed(PagingError)
  }

  /// Items loaded by `loader`: `count` of them, or (`nil`) as many as the loader brings.
  public init(count: Int?, configuration: PagingConfiguration = .init(), loader: @escaping Loader) {
    self.configuration = configuration.clamped
    self.loader = loader
    isCountKnown = count != nil
    self.count = count.map { max(0, $0) } ?? configuration.clamped.pageSize
  }

  deinit {
    for case .loading(_, let task, _) in pages.values { task.cancel() }
  }

  /// Called on the loader's thread each time a load has delivered, to wake a loop that
  /// sleeps (the terminal and GTK hosts tick while loads run, and need none).
  public var onArrival: (@Sendable () -> Void)? {
    get { inbox.wake.withLock { $0 } }
    set { inbox.wake.withLock { $0 = newValue } }
  }

  // MARK: Reading

  /// The item at `index` as it stands: loaded, a placeholder, or its page's error. An index
  /// out of range is a placeholder.
  public subscript(index: Int) -> PagedElement<Item> {
    guard index >= 0, index < count else { return .placeholder }
    let page = index / configuration.pageSize
    let offset = index - page * configuration.pageSize
    switch pages[page] {
    case .loaded(let items, _)?, .loading(_, _, let items?)?:
      return offset < items.count ? .loaded(items[offset]) : .placeholder
    case .failed(let error)?: return .failed(error)
    case .loading(_, _, nil)?, nil: return .placeholder
    }
  }

  /// Whether the page of `index` has loaded since the last refresh (not failed, not stale).
  func isLoadedAfresh(_ index: Int) -> Bool {
    guard index >= 0, index < count else { return false }
    if case .loaded(_, stale: false)? = pages[index / configuration.pageSize] { return true }
    return false
  }

  /// How many items are loaded now (stale ones shown during a refresh included).
  public var loadedItemCount: Int {
    pages.values.reduce(0) { total, page in
      switch page {
      case .loaded(let items, _), .loading(_, _, let items?): return total + items.count
      default: return total
      }
    }
  }

  /// Whether loads are running or have delivered what ``takeChanges()`` has not taken yet.
  public var hasPendingWork: Bool {
    pages.values.contains { if case .loading = $0 { return true } else { return false } }
      || inbox.hasArrivals
  }

  /// The tasks of the loads running now: awaiting them waits until each has delivered (what it
  /// brought is then for ``takeChanges()``). For tests and snapshots.
  public var runningLoads: [Task<Void, Never>] {
    pages.values.compactMap { if case .loading(_, let task, _) = $0 { task } else { nil } }
  }

  /// The pages that failed, by their first index.
  public var failedRanges: [Range<Int>] {
    pages.compactMap { page, state in
      if case .failed = state { return range(ofPage: page) }
      return nil
    }.sorted { $0.lowerBound < $1.lowerBound }
  }

  // MARK: Loading

  /// The items in `range` are displayed: loads start for their pages and those within the
  /// prefetch distance (nearest first); loads for pages now out of reach are cancelled
  /// (at once after a jump, else once past the jump threshold), and loaded pages beyond the
  /// maximum are dropped, farthest first.
  ///
  /// - Complexity: O(p log p) for p pages loaded or loading.
  public func noteDisplayed(_ range: Range<Int>) {
    scattered = nil
    let lower = min(max(0, range.lowerBound), count)
    let upper = min(max(lower, range.upperBound), count)
    let old = displayedRange
    displayedRange = lower..<upper
    guard count > 0 else { return }
    let moved =
      old.isEmpty && old.lowerBound == 0
      ? 0 : max(abs(lower - old.lowerBound), abs(upper - old.upperBound))
    let isJump = moved > configuration.jumpThreshold
    let wanted = wantedPages()
    let centre = (lower + max(lower, upper - 1)) / 2 / configuration.pageSize
    for page in wanted.sorted(by: { abs($0 - centre) < abs($1 - centre) }) {
      switch pages[page] {
      case nil: startLoad(ofPage: page, stale: nil)
      case .loaded(let items, stale: true)?: startLoad(ofPage: page, stale: items)
      default: break
      }
    }
    // Loads out of reach: cancelled at once after a jump, else once past the threshold.
    let slack =
      isJump
      ? 0
      : (configuration.jumpThreshold + configuration.pageSize - 1)
        / configuration.pageSize
    let reach = (wanted.lowerBound - slack)...(wanted.upperBound - 1 + slack)
    for (page, state) in pages where !reach.contains(page) {
      if case .loading = state { cancelLoad(ofPage: page) }
    }
    dropFarthestPages()
  }

  /// The items displayed are these, scattered (a filter shows rows far apart in the items'
  /// order): the pages holding them load, nearest the first first; loads for other pages are
  /// cancelled, and beyond the maximum the pages not displayed are dropped. Nothing is
  /// prefetched around them.
  ///
  /// - Complexity: O(d + p log p) for d indices and p pages loaded or loading.
  public func noteDisplayed(scattered indices: [Int]) {
    let valid = indices.filter { $0 >= 0 && $0 < count }
    guard let first = valid.min(), let last = valid.max() else {
      return noteDisplayed(0..<0)
    }
    displayedRange = first..<last + 1
    var wanted: [Int] = []
    var seen: Set<Int> = []
    for index in valid {
      let page = index / configuration.pageSize
      if seen.insert(page).inserted { wanted.append(page) }
    }
    scattered = seen
    for page in wanted {
      switch pages[page] {
      case nil: startLoad(ofPage: page, stale: nil)
      case .loaded(let items, stale: true)?: startLoad(ofPage: page, stale: items)
      default: break
      }
    }
    for (page, state) in pages where !seen.contains(page) {
      if case .loading = state { cancelLoad(ofPage: page) }
    }
    dropFarthestPages()
  }

  /// Takes what loads brought since the last call, on the caller's thread: pages loaded or
  /// failed, the count found or corrected. Call it each frame while ``hasPendingWork``.
  ///
  /// - Complexity: O(a + p) for a arrivals and p pages.
  public func takeChanges() -> PagingChanges {
    var changes = PagingChanges()
    for arrival in inbox.take() {
      guard case .loading(let id, _, let stale)? = pages[arrival.page], id == arrival.id else {
        continue  // cancelled, dropped or refreshed meanwhile
      }
      let asked = range(ofPage: arrival.page)
      if arrival.wasCancelled {
        // Cut short where the data lives (not by this store): a placeholder again, loaded
        // again when displayed.
        pages[arrival.page] = stale.map { .loaded($0, stale: true) }
        changes.ranges.append(asked)
        continue
      }
      switch arrival.result {
      case .success(var items):
        if items.count > asked.count { items.removeLast(items.count - asked.count) }
        pages[arrival.page] = .loaded(items, stale: false)
        if items.count < asked.count {
          // The data ends here.
          setCount(asked.lowerBound + items.count, known: true, into: &changes)
        } else if !isCountKnown && asked.upperBound + configuration.pageSize > count {
          setCount(asked.upperBound + configuration.pageSize, known: false, into: &changes)
        }
        changes.ranges.append(asked)
      case .failure(let error):
        pages[arrival.page] = .failed(error)
        changes.ranges.append(asked)
      }
    }
    changes.ranges = Self.merged(changes.ranges, below: count)
    dropFarthestPages()
    return changes
  }

  /// Loads the failed pages again (those near what is displayed at once, the others when they
  /// come back).
  public func retry() {
    for (page, state) in pages {
      if case .failed = state { pages[page] = nil }
    }
    noteDisplayed(displayedRange)
  }

  /// The data changed where it lives: every page loads again, the old items staying on screen
  /// until their new ones arrive; loads running are cancelled, and whatever they bring
  /// ignored. `count` is the new count, or `nil` to keep a known count (an unknown one is
  /// found again).
  public func refresh(count newCount: Int?) {
    for (page, state) in pages {
      switch state {
      case .loading(_, let task, let stale):
        task.cancel()
        loadsCancelled += 1
        pages[page] = stale.map { .loaded($0, stale: true) }
      case .loaded(let items, _): pages[page] = .loaded(items, stale: true)
      case .failed: pages[page] = nil
      }
    }
    if let newCount {
      var ignored = PagingChanges()
      setCount(max(0, newCount), known: true, into: &ignored)
    } else if !isCountKnown {
      count = configuration.pageSize
    }
    noteDisplayed(displayedRange)
  }

  // MARK: Pages

  /// The items of `page`, within the count (a page of placeholders beyond it when unknown).
  private func range(ofPage page: Int) -> Range<Int> {
    let start = page * configuration.pageSize
    return start..<max(start, min(start + configuration.pageSize, count))
  }

  /// The pages of the displayed items and those within the prefetch distance.
  private func wantedPages() -> Range<Int> {
    let from = max(0, displayedRange.lowerBound - configuration.prefetchDistance)
    let to = min(count, displayedRange.upperBound + configuration.prefetchDistance)
    guard from < count else { return 0..<0 }
    return (from / configuration.pageSize)..<((max(from + 1, to) - 1) / configuration.pageSize + 1)
  }

  private func startLoad(ofPage page: Int, stale: [Item]?) {
    let asked = range(ofPage: page)
    guard !asked.isEmpty else { return }
    let id = nextLoadID
    nextLoadID += 1
    loadsStarted += 1
    let inbox = inbox
    let loader = loader
    let task = Task.detached {
      let result: Result<[Item], PagingError>
      var wasCancelled = false
      do {
        result = .success(try await loader(asked))
      } catch {
        wasCancelled = error is CancellationError
        result = .failure(PagingError(String(describing: error)))
      }
      inbox.deliver(
        PagingArrival(page: page, id: id, result: result, wasCancelled: wasCancelled))
    }
    pages[page] = .loading(id: id, task: task, stale: stale)
  }

  private func cancelLoad(ofPage page: Int) {
    guard case .loading(_, let task, let stale)? = pages[page] else { return }
    task.cancel()
    loadsCancelled += 1
    pages[page] = stale.map { .loaded($0, stale: true) }
  }

  /// Beyond the maximum, drops the loaded pages farthest from what is displayed, never a
  /// wanted one.
  private func dropFarthestPages() {
    var loaded = loadedItemCount
    guard loaded > configuration.maximumLoadedItems else { return }
    let wanted = wantedPages()
    let centre =
      (displayedRange.lowerBound + max(displayedRange.lowerBound, displayedRange.upperBound - 1))
      / 2 / configuration.pageSize
    let far = pages.keys.filter { scattered.map { !$0.contains($0) } ?? !wanted.contains($0) }
      .sorted { abs($0 - centre) > abs($1 - centre) }
    for page in far where loaded > configuration.maximumLoadedItems {
      switch pages[page] {
      case .loaded(let items, _)?:
        loaded -= items.count
        pages[page] = nil
      case .loading(_, _, let items?)?:
        loaded -= items.count
        cancelLoad(ofPage: page)
        pages[page] = nil
      default: break
      }
    }
  }

  private func setCount(_ newCount: Int, known: Bool, into changes: inout PagingChanges) {
    isCountKnown = isCountKnown || known
    guard newCount != count else { return }
    if changes.oldCount == nil { changes.oldCount = count }
    count = newCount
    // Pages past the end go (their loads cancelled).
    let lastPage = (count + configuration.pageSize - 1) / configuration.pageSize
    for page in pages.keys where page >= lastPage {
      cancelLoad(ofPage: page)
      pages[page] = nil
    }
    if displayedRange.upperBound > count {
      displayedRange = min(displayedRange.lowerBound, count)..<count
    }
  }

  /// `ranges` sorted, merged and cut at `count`.
  static func merged(_ ranges: [Range<Int>], below count: Int) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      let cut = min(range.lowerBound, count)..<min(range.upperBound, count)
      guard !cut.isEmpty else { continue }
      if let last = result.last, last.upperBound >= cut.lowerBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, cut.upperBound)
      } else {
        result.append(cut)
      }
    }
    return result
  }
}

/// What one load brought, waiting for the caller's loop.
struct PagingArrival<Item: Sendable>: Sendable {
  var page: Int
  var id: Int
  var result: Result<[Item], PagingError>
  /// The loader threw `CancellationError`.
  var wasCancelled = false
}

/// Where loads leave what they bring, under a lock; the caller's loop takes it.
final class PagingInbox<Item: Sendable>: Sendable {
  private let arrivals = Mutex<[PagingArrival<Item>]>([])
  let wake = Mutex<(@Sendable () -> Void)?>(nil)

  func deliver(_ arrival: PagingArrival<Item>) {
    arrivals.withLock { $0.append(arrival) }
    wake.withLock { $0 }?()
  }

  func take() -> [PagingArrival<Item>] {
    arrivals.withLock { arrivals in
      defer { arrivals.removeAll() }
      return arrivals
    }
  }

  var hasArrivals: Bool { arrivals.withLock { !$0.isEmpty } }
}
