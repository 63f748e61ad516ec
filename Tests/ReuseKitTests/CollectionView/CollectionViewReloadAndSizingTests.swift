import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct CollectionViewReloadAndSizingTests {
  @Test func reloadItemsReplacesOnlyThoseCells() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.layoutIfNeeded()
    let first = ItemPath(section: 0, item: 1)
    let second = ItemPath(section: 0, item: 2)
    let keep = collectionView.cellForItem(at: first)
    let old = collectionView.cellForItem(at: second)
    recorder.events.removeAll()
    collectionView.reloadItems(at: [second])
    // The new cell fades in over the old one, whose display ends with the animation.
    #expect(recorder.events == [.cellForItem(second), .willDisplay(second)])
    #expect(collectionView.cellForItem(at: second) !== old)
    collectionView.settleUpdateAnimation()
    #expect(recorder.events.last == .didEndDisplaying(second))
    #expect(collectionView.cellForItem(at: first) === keep)
    #expect(recorder.pairingViolations.isEmpty)

    // Out of range: an inconsistent update, reported as a value; everything reloads.
    let outside = ItemPath(section: 0, item: 500)
    let result = collectionView.performBatchUpdates { collectionView.reloadItems(at: [outside]) }
    let error = BatchUpdateError.itemOutOfRange(.reload, outside, itemCount: 100)
    #expect(result.failure == error)
    #expect(collectionView.diagnostics.count(of: .inconsistentUpdate) == 1)
    #expect(collectionView.diagnostics.recent.last?.batchUpdateError == error)
    #expect(collectionView.cellForItem(at: first) !== keep, "the fallback reloads every cell")
  }

  @Test func supplementaryViewsArePairedAndPinned() {
    let layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(5))
    layout.pinsHeaders = true
    let (collectionView, recorder) = makeCollectionView(
      counts: [10, 10], layout: layout, viewport: Size(width: 20, height: 30))
    collectionView.contentOffset = Point(x: 0, y: 50)
    collectionView.layoutIfNeeded()
    let header = collectionView.supplementaryView(
      forElementKind: .header, at: ItemPath(section: 0, item: 0))
    #expect(header?.frame.minY == 50, "section 0's header is pinned to the top")
    #expect((header as? RecordingHeader)?.configuredSection == 0)
    collectionView.contentOffset = Point(x: 0, y: 120)
    collectionView.layoutIfNeeded()
    #expect(collectionView.visibleSupplementaryViews(ofKind: .header).map(\.frame.minY) == [120])
    #expect(recorder.displayedSupplementary == ["header1"])
    #expect(recorder.pairingViolations.isEmpty)
  }

  @Test func selfSizingCellsMeasureAndTheFirstVisibleItemKeepsItsPlace() {
    let lengths = (0..<1000).map { Double(5 + $0 % 17) }
    let sizer = SizedItems(lengths)
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .estimated(10)), viewportSize: Size(width: 10, height: 50))
    collectionView.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = sizer
    collectionView.layoutIfNeeded()
    for cell in collectionView.visibleCells {
      let path = collectionView.indexPath(for: cell)!
      #expect(cell.frame.height == lengths[path.item], "measured at \(path)")
    }
    // Jump into the middle (estimates above), then scroll up: items measured above the viewport
    // must not move the item at the top of the screen.
    collectionView.contentOffset = Point(x: 0, y: 5000)
    collectionView.layoutIfNeeded()
    for _ in 0..<30 {
      let top = collectionView.visibleCells.first {
        $0.frame.maxY > collectionView.contentOffset.y
      }!
      let path = collectionView.indexPath(for: top)!
      let screenY = top.frame.minY - collectionView.contentOffset.y
      collectionView.contentOffset.y -= 7
      collectionView.layoutIfNeeded()
      let frame = collectionView.frameForItem(at: path)!
      #expect(abs((frame.minY - collectionView.contentOffset.y) - (screenY + 7)) < 1e-9)
    }
  }

  @Test func reloadRequestedFromADisplayCallbackWaitsForThePassToEnd() {
    final class Reloader: CollectionViewDelegate {
      var reloads = 0
      func collectionView(
        _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
        forItemAt indexPath: ItemPath
      ) {
        if reloads == 0 {
          reloads += 1
          collectionView.reloadData()
        }
      }
    }
    let (collectionView, recorder) = makeCollectionView(counts: [50])
    let reloader = Reloader()
    collectionView.delegate = reloader
    collectionView.layoutIfNeeded()
    #expect(reloader.reloads == 1)
    #expect(collectionView.visibleCells.count == 10)
    withExtendedLifetime(recorder) {}
  }

  @Test func dequeuingTheWrongTypeFailsAtOnceNamingBoth() async {
    await #expect(processExitsWith: .failure) {
      final class Other: CollectionViewCell {}
      let collectionView = CollectionView(layout: ListLayout())
      collectionView.register(Other.self, forCellWithReuseIdentifier: "cell")
      _ = collectionView.dequeueReusableCell(
        RecordingCell.self, withReuseIdentifier: "cell", for: ItemPath(section: 0, item: 0))
    }
  }

  @Test func dequeuingAnUnregisteredIdentifierFailsAtOnce() async {
    await #expect(processExitsWith: .failure) {
      let collectionView = CollectionView(layout: ListLayout())
      _ = collectionView.dequeueReusableCell(
        withReuseIdentifier: "nope", for: ItemPath(section: 0, item: 0))
    }
  }
}
