import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A host that records what the collection view asked of it.
private final class RecordingHost: CollectionViewHost {
  var attached: [ObjectIdentifier: Bool] = [:]
  var attachCalls = 0
  var detachCalls = 0
  var hiddenChanges = 0

  func collectionView(_ collectionView: CollectionView, attach view: ReusableView) {
    attachCalls += 1
    #expect(attached[ObjectIdentifier(view)] != true, "attached twice")
    attached[ObjectIdentifier(view)] = true
  }

  func collectionView(_ collectionView: CollectionView, detach view: ReusableView) {
    detachCalls += 1
    #expect(attached[ObjectIdentifier(view)] == true, "detached while not attached")
    attached[ObjectIdentifier(view)] = false
  }

  func collectionView(_ collectionView: CollectionView, didChangeHiddenStateOf view: ReusableView) {
    hiddenChanges += 1
  }
}

@Suite struct CollectionViewTests {
  @Test func firstPassDisplaysExactlyTheItemsInTheViewport() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.layoutIfNeeded()
    #expect(
      collectionView.indexPathsForVisibleItems == (0..<10).map { ItemPath(section: 0, item: $0) })
    #expect(
      recorder.events.prefix(2) == [
        .cellForItem(ItemPath(section: 0, item: 0)), .willDisplay(ItemPath(section: 0, item: 0)),
      ])
    for cell in collectionView.visibleCells {
      let path = collectionView.indexPath(for: cell)
      #expect((cell as! RecordingCell).configuredPath == path)
      #expect(cell.frame == collectionView.frameForItem(at: path!))
    }
  }

  @Test func scrollingEndsDisplayBeforeTheEnteringCellsAreRequested() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.layoutIfNeeded()
    recorder.events.removeAll()
    collectionView.contentOffset = Point(x: 0, y: 25)
    collectionView.layoutIfNeeded()
    // Items 0 and 1 leave (0..<10 → 2..<13 meets 25..<125), 10, 11, 12 enter.
    #expect(
      recorder.events == [
        .didEndDisplaying(ItemPath(section: 0, item: 0)),
        .didEndDisplaying(ItemPath(section: 0, item: 1)),
        .cellForItem(ItemPath(section: 0, item: 10)), .willDisplay(ItemPath(section: 0, item: 10)),
        .cellForItem(ItemPath(section: 0, item: 11)), .willDisplay(ItemPath(section: 0, item: 11)),
        .cellForItem(ItemPath(section: 0, item: 12)), .willDisplay(ItemPath(section: 0, item: 12)),
      ])
    // Two cells came back from the pool (prepared); one was created.
    #expect(collectionView.reuseCounters.created == 11)
    #expect(collectionView.reuseCounters.reused == 2)
    #expect(recorder.lastCell?.prepareCount == 0, "a new cell is not prepared for reuse")
  }

  @Test func prepareForReuseRunsOnEveryCellThatLeavesThePool() {
    let (collectionView, recorder) = makeCollectionView(counts: [1000])
    var prepared = 0
    for step in 1...200 {
      collectionView.contentOffset = Point(x: 0, y: Double(step * 37))
      collectionView.layoutIfNeeded()
    }
    prepared = collectionView.visibleCells.reduce(0) { $0 + ($1 as! RecordingCell).prepareCount }
    #expect(prepared > 0)
    let counters = collectionView.reuseCounters
    #expect(counters.created <= counters.peakVisible + 1)
    #expect(recorder.pairingViolations.isEmpty)
    // Every dequeue from the pool ran prepareForReuse: totals over all cells ever made.
    #expect(counters.reused > 500)
  }

  @Test func endToEndScrollCreatesAtMostPeakVisiblePlusTwo() {
    for (index, sizing) in [
      ListLayout.ItemSizing.uniform(44), .perItem { Double(20 + $0.item % 101) },
    ]
    .enumerated() {
      let layout = ListLayout(itemSizing: sizing)
      let (collectionView, recorder) = makeCollectionView(
        counts: [100_000], layout: layout, viewport: Size(width: 10, height: 800))
      collectionView.layoutIfNeeded()
      let length = collectionView.contentSize.height
      var offset = 0.0
      while offset < length {
        offset += 800
        collectionView.contentOffset = Point(x: 0, y: offset)
        collectionView.layoutIfNeeded()
      }
      let counters = collectionView.reuseCounters(forReuseIdentifier: "cell")
      #expect(counters.peakVisible >= 7 && counters.reused > 10_000, "sizing \(index): \(counters)")
      #expect(counters.created <= counters.peakVisible + 2, "sizing \(index): \(counters)")
      #expect(recorder.pairingViolations.isEmpty)
    }
  }

  @Test func everyWillDisplayIsPairedAcrossReloadsAndJumps() {
    let (collectionView, recorder) = makeCollectionView(
      counts: [30, 0, 50],
      layout: ListLayout(itemSizing: .uniform(7), headerLength: .fixed(3), footerLength: .fixed(2)))
    var random = SeededRandom(seed: 5)
    for _ in 0..<300 {
      switch random.int(0...3) {
      case 0: collectionView.contentOffset = Point(x: 0, y: random.double(-50...700))
      case 1: collectionView.viewportSize = Size(width: 10, height: random.double(0...200))
      case 2:
        recorder.counts = (0..<random.int(0...4)).map { _ in random.int(0...40) }
        collectionView.reloadData()
      default:
        collectionView.reloadItems(
          at: collectionView.indexPathsForVisibleItems.filter { _ in random.chance(0.3) })
        // The old cells fade out (still displayed) while the new ones fade in.
        #expect(collectionView.isAnimatingUpdates || recorder.pairingViolations.isEmpty)
        collectionView.settleUpdateAnimation()
      }
      collectionView.layoutIfNeeded()
      #expect(recorder.displayed == Set(collectionView.indexPathsForVisibleItems))
    }
    recorder.counts = []
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    #expect(recorder.displayed.isEmpty && recorder.displayedSupplementary.isEmpty)
    #expect(recorder.pairingViolations.isEmpty)
  }

  @Test func selectionSurvivesReuseAndReload() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.layoutIfNeeded()
    collectionView.tapItem(at: ItemPath(section: 0, item: 3))
    #expect(collectionView.cellForItem(at: ItemPath(section: 0, item: 3))?.isSelected == true)
    collectionView.contentOffset = Point(x: 0, y: 500)
    collectionView.layoutIfNeeded()
    #expect(
      collectionView.visibleCells.allSatisfy { !$0.isSelected }, "reused cells are not selected")
    collectionView.contentOffset = .zero
    collectionView.layoutIfNeeded()
    #expect(collectionView.cellForItem(at: ItemPath(section: 0, item: 3))?.isSelected == true)
    recorder.counts = [50]
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    #expect(collectionView.indexPathsForSelectedItems == [ItemPath(section: 0, item: 3)])
    #expect(collectionView.cellForItem(at: ItemPath(section: 0, item: 3))?.isSelected == true)
    recorder.counts = [2]
    collectionView.reloadData()
    #expect(collectionView.indexPathsForSelectedItems.isEmpty, "the item no longer exists")
  }

  @Test func tapsFollowSingleAndMultipleSelectionRules() {
    let (collectionView, recorder) = makeCollectionView(counts: [20])
    collectionView.layoutIfNeeded()
    let a = ItemPath(section: 0, item: 1)
    let b = ItemPath(section: 0, item: 2)
    #expect(collectionView.tap(at: Point(x: 5, y: 15)) == a)
    collectionView.tapItem(at: b)
    #expect(recorder.events.suffix(3) == [.didSelect(a), .didDeselect(a), .didSelect(b)])
    #expect(collectionView.indexPathsForSelectedItems == [b])
    recorder.refusesSelection = [a]
    collectionView.tapItem(at: a)
    #expect(collectionView.indexPathsForSelectedItems == [b], "shouldSelect refused")
    collectionView.allowsMultipleSelection = true
    recorder.refusesSelection = []
    collectionView.tapItem(at: a)
    collectionView.tapItem(at: b)
    #expect(collectionView.indexPathsForSelectedItems == [a])
    #expect(recorder.events.last == .didDeselect(b))
    collectionView.selectItem(at: nil)
    #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    collectionView.allowsSelection = false
    collectionView.tapItem(at: a)
    #expect(collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func selectingFromCodeCallsNoDelegateAndRejectsBadPaths() {
    let (collectionView, recorder) = makeCollectionView(counts: [5])
    collectionView.selectItem(at: ItemPath(section: 0, item: 2))
    collectionView.selectItem(at: ItemPath(section: 0, item: 4))
    collectionView.selectItem(at: ItemPath(section: 3, item: 0))
    #expect(collectionView.indexPathsForSelectedItems == [ItemPath(section: 0, item: 4)])
    #expect(!recorder.events.contains { if case .didSelect = $0 { true } else { false } })
    #expect(collectionView.diagnostics.count(of: .indexPathOutOfRange) == 1)
  }

  @Test func detachStrategyAttachesOnDisplayAndDetachesOnEnd() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    let host = RecordingHost()
    collectionView.host = host
    collectionView.layoutIfNeeded()
    #expect(host.attachCalls == 10 && host.detachCalls == 0)
    collectionView.contentOffset = Point(x: 0, y: 30)
    collectionView.layoutIfNeeded()
    #expect(host.attachCalls == 13 && host.detachCalls == 3)
    #expect(host.attached.values.filter { $0 }.count == 10)
    withExtendedLifetime(recorder) {}
  }

  @Test func hideStrategyAttachesOnceAndTogglesHidden() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    let host = RecordingHost()
    collectionView.host = host
    collectionView.attachStrategy = .hide
    collectionView.layoutIfNeeded()
    for step in 1...50 {
      collectionView.contentOffset = Point(x: 0, y: Double(step * 13))
      collectionView.layoutIfNeeded()
    }
    #expect(host.detachCalls == 0)
    #expect(host.attachCalls == collectionView.reuseCounters.created)
    #expect(host.hiddenChanges > 50)
    let pooled = collectionView.reusePool.count(forReuseIdentifier: "cell")
    #expect(pooled > 0 && host.attached.count == 10 + pooled)
    withExtendedLifetime(recorder) {}
  }

  @Test func tinyPoolCapCostsCreationsNotCorrectness() {
    let (collectionView, recorder) = makeCollectionView(counts: [1000])
    collectionView.reusePool.defaultCapacity = 1
    var random = SeededRandom(seed: 3)
    for _ in 0..<100 {
      collectionView.viewportSize = Size(width: 10, height: random.double(10...200))
      collectionView.contentOffset = Point(x: 0, y: random.double(0...9000))
      collectionView.layoutIfNeeded()
    }
    let counters = collectionView.reuseCounters
    #expect(counters.discarded > 0)
    #expect(counters.created <= counters.peakVisible + counters.discarded)
    #expect(collectionView.reusePool.count(forReuseIdentifier: "cell") <= 1)
    #expect(recorder.pairingViolations.isEmpty)
  }

  @Test func sharedPoolLetsTwoCollectionViewsTradeCells() {
    let pool = ReusePool()
    let (first, firstRecorder) = makeCollectionView(counts: [100])
    let (second, secondRecorder) = makeCollectionView(counts: [100])
    first.reusePool = pool
    second.reusePool = pool
    let firstHost = RecordingHost()
    let secondHost = RecordingHost()
    first.host = firstHost
    second.host = secondHost
    first.attachStrategy = .hide
    first.layoutIfNeeded()
    first.viewportSize = Size(width: 100, height: 0)
    first.layoutIfNeeded()
    #expect(pool.count(forReuseIdentifier: "cell") == 10)
    second.layoutIfNeeded()
    #expect(second.reuseCounters.created == 0, "the second view took the first one's cells")
    #expect(second.reuseCounters.reused == 10)
    #expect(firstHost.detachCalls == 10, "cells leave the first host before joining the second")
    #expect(secondHost.attachCalls == 10)
    withExtendedLifetime((firstRecorder, secondRecorder)) {}
  }

  @Test func prefetchRunsAheadInTheScrollDirectionAndCancelsOnReversal() {
    let (collectionView, recorder) = makeCollectionView(counts: [1000])
    collectionView.prefetchDataSource = recorder
    collectionView.prefetchLeadingScreens = 1
    collectionView.prefetchTrailingScreens = 0
    collectionView.layoutIfNeeded()
    #expect(recorder.events.last == .prefetch((10..<20).map { ItemPath(section: 0, item: $0) }))
    recorder.events.removeAll()
    collectionView.contentOffset = Point(x: 0, y: 20)
    collectionView.layoutIfNeeded()
    #expect(
      recorder.events.contains(
        .prefetch([ItemPath(section: 0, item: 20), ItemPath(section: 0, item: 21)])))
    #expect(
      collectionView.indexPathsForPrefetchedItems
        == (12..<22).map { ItemPath(section: 0, item: $0) })
    recorder.events.removeAll()
    collectionView.contentOffset = Point(x: 0, y: 10)  // reverse: the area flips upward
    collectionView.layoutIfNeeded()
    let cancelled = recorder.events.compactMap {
      if case .cancelPrefetch(let p) = $0 { p } else { nil }
    }
    #expect(cancelled.flatMap { $0 } == (12..<22).map { ItemPath(section: 0, item: $0) })
    #expect(collectionView.indexPathsForPrefetchedItems == [ItemPath(section: 0, item: 0)])
  }

  @Test func emptyDataZeroViewportAndBadCountsNeverCrash() {
    let (collectionView, recorder) = makeCollectionView(counts: [])
    collectionView.layoutIfNeeded()
    #expect(collectionView.visibleCells.isEmpty)
    recorder.counts = [-5, 10]
    collectionView.reloadData()
    collectionView.viewportSize = .zero
    collectionView.layoutIfNeeded()
    #expect(collectionView.visibleCells.isEmpty)
    #expect(collectionView.numberOfItems(inSection: 0) == 0)
    #expect(collectionView.diagnostics.count(of: .invalidCount) == 1)
    collectionView.viewportSize = Size(width: .nan, height: -4)
    collectionView.contentOffset = Point(x: .infinity, y: 0)
    collectionView.layoutIfNeeded()
    #expect(collectionView.viewportSize == .zero && collectionView.contentOffset == .zero)
    collectionView.viewportSize = Size(width: 10, height: 30)
    collectionView.layoutIfNeeded()
    #expect(collectionView.indexPathsForVisibleItems.map(\.section) == [1, 1, 1])
  }
}
