import ReuseTestSupport
import Synchronization
import Testing

@testable import ReuseKit

/// A loader the test drives: each load waits until the test finishes it (with items, fewer
/// items, or an error), in any order.
final class GatedLoader: Sendable {
  private let waiting = Mutex<[(range: Range<Int>, resume: CheckedContinuation<[Int], any Error>)]>(
    [])
  /// Every range asked for, in order.
  let asked = Mutex<[Range<Int>]>([])
  /// How many loads have delivered to their store.
  let delivered = Atomic(0)
  /// Set by ``cancelAll()``: loads that reach the loader later end at once (a load left
  /// waiting at the end of a test would hold its task, and the task this loader, forever).
  private let closed = Mutex(false)

  /// The value of item `index` at data version `version`.
  static func value(_ index: Int, version: Int = 0) -> Int { version * 1_000_000 + index }

  func load(_ range: Range<Int>) async throws -> [Int] {
    asked.withLock { $0.append(range) }
    return try await withCheckedThrowingContinuation { resume in
      let isClosed = closed.withLock { closed in
        if !closed { waiting.withLock { $0.append((range, resume)) } }
        return closed
      }
      if isClosed { resume.resume(throwing: CancellationError()) }
    }
  }

  /// Waits until every load `items` started has reached this loader.
  func settle<Item>(_ items: PagedItems<Item>) async {
    for _ in 0..<3_000_000 where asked.withLock({ $0.count }) < items.loadsStarted {
      try? await Task.sleep(for: .microseconds(100))
    }
  }

  /// The ranges whose loads wait now.
  var waitingRanges: [Range<Int>] { waiting.withLock { $0.map(\.range) } }

  /// Waits (briefly, yielding) until `count` loads wait.
  func waitForLoads(_ count: Int) async {
    for _ in 0..<3_000_000 where waiting.withLock({ $0.count }) < count {
      try? await Task.sleep(for: .microseconds(100))
    }
  }

  /// Finishes the load of `range` with `items` (default: its values), or `error`, and waits
  /// until the store's inbox has it.
  func finish(
    _ range: Range<Int>, items: [Int]? = nil, error: (any Error)? = nil, version: Int = 0
  ) async {
    let before = delivered.load(ordering: .sequentiallyConsistent)
    let entry = waiting.withLock { waiting -> CheckedContinuation<[Int], any Error>? in
      guard let index = waiting.firstIndex(where: { $0.range == range }) else { return nil }
      return waiting.remove(at: index).resume
    }
    guard let entry else {
      Issue.record("no load waits for \(range)")
      return
    }
    if let error {
      entry.resume(throwing: error)
    } else {
      entry.resume(returning: items ?? range.map { Self.value($0, version: version) })
    }
    for _ in 0..<3_000_000 where delivered.load(ordering: .sequentiallyConsistent) == before {
      try? await Task.sleep(for: .microseconds(100))
    }
  }

  /// Ends every waiting load (cancelled), so no task is left hanging.
  func cancelAll() {
    let all = closed.withLock { closed in
      closed = true
      return waiting.withLock { waiting in
        defer { waiting.removeAll() }
        return waiting
      }
    }
    for entry in all { entry.resume.resume(throwing: CancellationError()) }
  }

  /// A store over this loader.
  func items(count: Int?, configuration: PagingConfiguration) -> PagedItems<Int> {
    let items = PagedItems<Int>(count: count, configuration: configuration) { [self] range in
      try await load(range)
    }
    items.onArrival = { [self] in delivered.add(1, ordering: .sequentiallyConsistent) }
    return items
  }
}

struct Failure: Error, CustomStringConvertible {
  var description: String { "disk on fire" }
}

private func values(_ items: PagedItems<Int>, _ range: Range<Int>) -> [Int?] {
  range.map { items[$0].item }
}

@Suite struct PagedItemsTests {
  let configuration = PagingConfiguration(
    pageSize: 10, prefetchDistance: 10, jumpThreshold: 30, maximumLoadedItems: 60)

  /// A store of `count` items over a new loader, with `displayed` on screen: its loads start.
  func store(count: Int?, displaying displayed: Range<Int>) -> (GatedLoader, PagedItems<Int>) {
    let loader = GatedLoader()
    let items = loader.items(count: count, configuration: configuration)
    items.noteDisplayed(displayed)
    return (loader, items)
  }

  @Test func displayedPagesLoadFirstThenThePrefetchedOnesAndShowPlaceholdersMeanwhile() async {
    let (loader, items) = store(count: 1_000, displaying: 40..<55)
    await loader.waitForLoads(4)
    // Pages 4 and 5 displayed; 3 and 6 within the prefetch distance; nearest the middle first.
    #expect(Set(loader.waitingRanges) == [30..<40, 40..<50, 50..<60, 60..<70])
    #expect(items[45] == .placeholder)
    // Out of order: the later page first.
    await loader.finish(50..<60)
    #expect(items[55] == .placeholder, "nothing changes before the loop takes it")
    let changes = items.takeChanges()
    #expect(changes.ranges == [50..<60])
    #expect(changes.oldCount == nil)
    #expect(values(items, 48..<52) == [nil, nil, 50, 51])
    await loader.finish(40..<50)
    #expect(items.takeChanges().ranges == [40..<50])
    #expect(values(items, 40..<60) == (40..<60).map { $0 })
    #expect(items.hasPendingWork, "pages 3 and 6 still load")
    loader.cancelAll()
  }

  @Test func aJumpLoadsAroundItsTargetOnlyAndCancelsWhatIsNoLongerNeeded() async {
    let (loader, items) = store(count: 1_000_000, displaying: 0..<10)
    await loader.waitForLoads(2)
    #expect(Set(loader.waitingRanges) == [0..<10, 10..<20])
    items.noteDisplayed(500_000..<500_010)
    await loader.waitForLoads(4)
    let asked = Set(loader.asked.withLock { $0 })
    #expect(asked == [0..<10, 10..<20, 499_990..<500_000, 500_000..<500_010, 500_010..<500_020])
    #expect(items.loadsCancelled == 2, "the loads at the start were cancelled at once")
    // What the cancelled loads bring anyway is ignored.
    await loader.finish(0..<10)
    #expect(items.takeChanges().isEmpty)
    #expect(items[5] == .placeholder)
    loader.cancelAll()
  }

  @Test func aShortMoveKeepsNearbyLoadsRunning() async {
    let (loader, items) = store(count: 1_000, displaying: 100..<110)
    await loader.waitForLoads(3)
    // Twenty items on: within the jump threshold, the loads behind keep running.
    items.noteDisplayed(120..<130)
    #expect(items.loadsCancelled == 0)
    // Far past it: gone.
    items.noteDisplayed(300..<310)
    #expect(items.loadsCancelled >= 3)
    loader.cancelAll()
  }

  @Test func beyondTheMaximumTheFarthestPagesAreDropped() async {
    let loader = GatedLoader()
    let items = loader.items(count: 1_000, configuration: configuration)
    for start in stride(from: 0, to: 200, by: 10) {
      items.noteDisplayed(start..<start + 10)
      await loader.settle(items)
      for range in loader.waitingRanges { await loader.finish(range) }
      _ = items.takeChanges()
    }
    #expect(items.loadedItemCount <= 60)
    #expect(items[195].item == 195, "what is displayed stays")
    #expect(items[0] == .placeholder, "the start was dropped")
    // Coming back loads it again.
    items.noteDisplayed(0..<10)
    await loader.waitForLoads(1)
    #expect(loader.waitingRanges.contains(0..<10))
    loader.cancelAll()
  }

  @Test func aFailedPageShowsItsErrorUntilRetried() async {
    let (loader, items) = store(count: 100, displaying: 0..<5)
    await loader.waitForLoads(2)
    await loader.finish(0..<10, error: Failure())
    #expect(items.takeChanges().ranges == [0..<10])
    #expect(items[3] == .failed(PagingError("disk on fire")))
    #expect(items.failedRanges == [0..<10])
    // Scrolling does not retry by itself.
    items.noteDisplayed(0..<6)
    #expect(!loader.waitingRanges.contains(0..<10))
    items.retry()
    await loader.waitForLoads(2)
    #expect(loader.waitingRanges.contains(0..<10))
    await loader.finish(0..<10)
    _ = items.takeChanges()
    #expect(items[3].item == 3)
    loader.cancelAll()
  }

  @Test func aRefreshKeepsTheOldItemsUntilTheNewArriveAndIgnoresLateLoads() async {
    let (loader, items) = store(count: 100, displaying: 0..<10)
    await loader.waitForLoads(2)
    await loader.finish(0..<10)
    _ = items.takeChanges()
    // Page 1's first load is still running when the data changes.
    items.refresh(count: 100)
    await loader.waitForLoads(3)
    #expect(items[4].item == 4, "the old item shows until its new one arrives")
    // The old load of page 1 finishes late: ignored.
    await loader.finish(10..<20)
    #expect(items.takeChanges().isEmpty)
    #expect(items[12] == .placeholder)
    await loader.finish(0..<10, version: 1)
    #expect(items.takeChanges().ranges == [0..<10])
    #expect(items[4].item == GatedLoader.value(4, version: 1))
    loader.cancelAll()
  }

  @Test func anUnknownCountGrowsAPageAtATimeUntilAShortPage() async {
    let loader = GatedLoader()
    let items = loader.items(count: nil, configuration: configuration)
    #expect(items.count == 10)
    #expect(!items.isCountKnown)
    items.noteDisplayed(0..<10)
    await loader.waitForLoads(1)
    await loader.finish(0..<10)
    var changes = items.takeChanges()
    #expect(changes.oldCount == 10)
    #expect(items.count == 20)
    items.noteDisplayed(10..<20)
    await loader.waitForLoads(1)
    await loader.finish(10..<20, items: [10, 11, 12])
    changes = items.takeChanges()
    #expect(changes.oldCount == 20)
    #expect(items.count == 13)
    #expect(items.isCountKnown)
    loader.cancelAll()
  }

  /// Rows far apart (a filter shows them): the pages holding them load, nothing between.
  @Test func scatteredRowsLoadTheirPagesOnly() async {
    let loader = GatedLoader()
    let items = loader.items(count: 100_000, configuration: configuration)
    items.noteDisplayed(scattered: [5, 7, 5_003, 90_001, -1, 200_000])
    await loader.settle(items)
    #expect(Set(loader.waitingRanges) == [0..<10, 5_000..<5_010, 90_000..<90_010])
    await loader.finish(90_000..<90_010)
    _ = items.takeChanges()
    #expect(items[90_001].item == 90_001)
    // Others displayed now: the loads no longer needed are cancelled.
    items.noteDisplayed(scattered: [90_001, 42_000])
    #expect(items.loadsCancelled == 2)
    await loader.settle(items)
    #expect(loader.waitingRanges.contains(42_000..<42_010))
    loader.cancelAll()
  }

  @Test func outOfRangeConfigurationsAreClamped() {
    let items = PagedItems<Int>(
      count: -5, configuration: PagingConfiguration(pageSize: 0, prefetchDistance: -3)
    ) { _ in [] }
    #expect(items.count == 0)
    #expect(items.configuration.pageSize == 1)
    #expect(items.configuration.prefetchDistance == 0)
    items.noteDisplayed(-10..<Int.max)
    #expect(items[Int.min] == .placeholder)
    #expect(!items.hasPendingWork)
  }
}

/// A row that shows a paged element: its value, a placeholder, or an error.
final class PagedRowCell: CollectionViewCell {
  var shown: PagedElement<Int> = .placeholder
}

@Suite struct PagedDataSourceTests {
  /// A list of `count` one-point rows in a 40 × 10 viewport over a gated loader.
  func list(
    count: Int, estimated: Bool = false
  ) -> (
    CollectionView, PagedDataSource<Int>, GatedLoader
  ) {
    let loader = GatedLoader()
    let layout = ListLayout(itemSizing: estimated ? .estimated(1) : .uniform(1))
    let view = CollectionView(layout: layout, viewportSize: Size(width: 40, height: 10))
    view.register(PagedRowCell.self, forCellWithReuseIdentifier: "row")
    let source = PagedDataSource(
      collectionView: view,
      items: loader.items(
        count: count,
        configuration: PagingConfiguration(pageSize: 8, prefetchDistance: 8, jumpThreshold: 32))
    ) { view, path, element in
      let cell = view.dequeueReusableCell(
        PagedRowCell.self, withReuseIdentifier: "row", for: path)
      cell.shown = element
      return cell
    }
    view.layoutIfNeeded()
    return (view, source, loader)
  }

  /// Every displayed cell shows its own item's value or a placeholder, never another's.
  func expectHonestCells(
    _ view: CollectionView, version: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (path, cell) in zip(view.indexPathsForVisibleItems, view.visibleCells) {
      let shown = (cell as! PagedRowCell).shown
      if case .loaded(let value) = shown {
        #expect(
          value == GatedLoader.value(path.item, version: version), sourceLocation: sourceLocation)
      }
    }
  }

  @Test func cellsShowPlaceholdersThenTheirItemsWithoutMovingAnything() async {
    let (view, source, loader) = list(count: 10_000_000)
    defer { withExtendedLifetime(source) {} }
    #expect(view.visibleCells.count == 10)
    #expect(view.visibleCells.allSatisfy { ($0 as! PagedRowCell).shown == .placeholder })
    #expect(view.visibleCells[3].accessibilityLabel == "loading, 4 of 10,000,000")
    #expect(view.isAnimating, "the host ticks while loads run")
    await loader.waitForLoads(3)
    await loader.finish(8..<16)
    let before = view.visibleCells.map(\.frame)
    view.tick(now: 1)
    #expect(view.visibleCells.map(\.frame) == before, "nothing on screen moved")
    let shown = view.visibleCells.map { ($0 as! PagedRowCell).shown.item }
    #expect(shown == Array(repeating: nil, count: 8) + [8, 9])
    loader.cancelAll()
  }

  @Test func failedItemsAreNamedAndRetried() async {
    let (view, source, loader) = list(count: 100)
    await loader.waitForLoads(2)
    await loader.finish(0..<8, error: Failure())
    view.tick(now: 1)
    #expect(view.visibleCells[0].accessibilityLabel == "not loaded, 1 of 100: disk on fire")
    source.retry()
    await loader.settle(source.items)
    await loader.finish(0..<8)
    view.tick(now: 2)
    #expect((view.visibleCells[0] as! PagedRowCell).shown == .loaded(0))
    loader.cancelAll()
  }

  @Test func aRefreshKeepsTheFocusedItemByIdentifierAndInPlace() async {
    let (view, source, loader) = list(count: 100)
    source.identifier = { AnyHashable($0 % 1_000_000) }
    await loader.waitForLoads(2)
    await loader.finish(0..<8)
    await loader.finish(8..<16)
    view.tick(now: 1)
    view.focusItem(at: ItemPath(section: 0, item: 5))
    let place =
      view.layoutAttributesForItem(at: ItemPath(section: 0, item: 5))!.frame.minY
      - view.contentOffset.y
    // Two items were inserted before it where the data lives.
    source.refresh(count: 102)
    await loader.waitForLoads(2)
    await loader.finish(0..<8, items: [0, 0, 0, 1, 2, 3, 4, 5].map { $0 + 1_000_000 })
    await loader.finish(8..<16, items: (6..<14).map { $0 + 1_000_000 })
    view.tick(now: 2)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 7))
    let now =
      view.layoutAttributesForItem(at: ItemPath(section: 0, item: 7))!.frame.minY
      - view.contentOffset.y
    #expect(now == place, "the focused item kept its place on screen")
    loader.cancelAll()
  }

  /// The model test: random scrolls, jumps, resizes, refreshes and loads finishing out of
  /// order or failing; after every step each displayed cell shows its own item or a
  /// placeholder, and a page arriving moves nothing on screen.
  @Test(arguments: 0..<6) func randomSessionsNeverShowAnotherItemsValue(_ index: Int) async {
    let (seed, random) = SeededRandom.forCase(index, base: 0x9A61_7E57)
    var rng = random
    let (view, source, loader) = list(count: 5_000, estimated: index % 2 == 1)
    var version = 0
    for step in 0..<120 {
      let roll = rng.int(0..<100)
      switch roll {
      case 0..<30:
        view.contentOffset.y = min(
          max(0, view.contentOffset.y + rng.double(-30...30)),
          max(0, view.contentSize.height - view.viewportSize.height))
        view.layoutIfNeeded()
      case 30..<38:
        view.contentOffset.y = rng.double(0...max(0, view.contentSize.height - 10))
        view.layoutIfNeeded()
      case 38..<42:
        view.viewportSize = Size(width: 40, height: Double(rng.int(3...20)))
        view.layoutIfNeeded()
      case 42..<45:
        version += 1
        source.refresh()
      case 45..<47:
        source.retry()
      default:
        await loader.settle(source.items)
        let waiting = loader.waitingRanges
        guard !waiting.isEmpty else { continue }
        let range = waiting[rng.int(0..<waiting.count)]
        let fails = rng.chance(0.1)
        await loader.finish(range, error: fails ? Failure() : nil, version: version)
        let before = view.visibleCells.map(\.frame)
        let offset = view.contentOffset
        view.tick(now: Double(step))
        #expect(
          view.contentOffset == offset && view.visibleCells.map(\.frame) == before,
          "seed \(seed), step \(step): a page arriving moved the screen")
      }
      // Loads of an older version are ignored: every value shown is of the current one, or
      // still the old item's while its page reloads.
      for (path, cell) in zip(view.indexPathsForVisibleItems, view.visibleCells) {
        if case .loaded(let value) = (cell as! PagedRowCell).shown {
          #expect(
            value % 1_000_000 == path.item,
            "seed \(seed), step \(step): item \(path.item) shows \(value)")
        }
      }
    }
    loader.cancelAll()
  }
}
