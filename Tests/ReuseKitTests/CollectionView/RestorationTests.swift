import Foundation
import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct RestorationTests {
  /// A list of `lengths` with estimated sizes, measured only as cells show.
  private func makeList(_ source: SizedItems, height: Double = 100) -> CollectionView {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .estimated(20)), viewportSize: Size(width: 50, height: height))
    view.diagnostics.handler = nil
    view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.layoutIfNeeded()
    return view
  }

  /// Saved in one run, written as JSON, read in a "relaunch" where nothing is measured yet:
  /// the same item at the same depth, to the point.
  @Test(arguments: 0..<12) func aRelaunchRestoresExactlyWithEstimatedSizes(seed: UInt64) throws {
    var random = SeededRandom(seed: 0x5A7E &+ seed)
    let source = SizedItems((0..<2_000).map { _ in Double(random.int(5...60)) })
    let first = makeList(source)
    first.scrollToItem(
      at: ItemPath(section: 0, item: random.int(100..<1_900)), at: .start, animated: false)
    first.contentOffset.y += Double(random.int(0...30))
    first.layoutIfNeeded()
    let saved = try #require(first.savedScrollPosition())
    let json = try JSONEncoder().encode(saved)
    let read = try JSONDecoder().decode(SavedScrollPosition<ItemPath>.self, from: json)
    #expect(read == saved)

    let relaunched = makeList(source)
    #expect(relaunched.restoreScrollPosition(read))
    let again = try #require(relaunched.savedScrollPosition())
    #expect(again.indexPath == saved.indexPath, "seed \(seed)")
    #expect(abs(again.offsetInItem - saved.offsetInItem) < 1e-9, "seed \(seed)")
    // The frame on screen is the same: the item's edge is at the same place in the viewport.
    let before =
      first.collectionViewLayout.frameForItem(at: saved.indexPath)!.minY - first.contentOffset.y
    let after =
      relaunched.collectionViewLayout.frameForItem(at: saved.indexPath)!.minY
      - relaunched.contentOffset.y
    #expect(abs(before - after) < 1e-9, "seed \(seed)")
  }

  @Test func theSameItemAfterInsertsAboveAndAReload() throws {
    let (view, source) = makeStringList((0..<100).map { "item \($0)" }, height: 100)
    var snapshot = source.snapshot()
    view.contentOffset = Point(x: 0, y: 403)
    view.layoutIfNeeded()
    let saved = try #require(source.savedScrollPosition())
    #expect(saved.identifier == "item 40")
    #expect(saved.offsetInItem == 3)
    // Fifty items arrive above it, shown by a reload (no anchor kept), and the view is reset.
    snapshot.insertItems((0..<50).map { "new \($0)" }, beforeItem: "item 0")
    source.applySnapshotUsingReloadData(snapshot)
    view.contentOffset = .zero
    #expect(source.restoreScrollPosition(saved))
    #expect(view.contentOffset.y == 903)
    // Gone: the item now at its old path stands in, and the call says so.
    snapshot.deleteItems(["item 40"])
    source.applySnapshotUsingReloadData(snapshot)
    #expect(!source.restoreScrollPosition(saved))
    #expect(source.savedScrollPosition()?.indexPath == saved.indexPath)
  }

  @Test func aResizeKeepsTheItemAndAtTheStartStaysAtTheStart() throws {
    let view = CollectionView(
      layout: GridLayout(columns: .adaptive(minimumWidth: 30), itemHeight: .fixed(10)),
      viewportSize: Size(width: 120, height: 60))
    view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
    let source = SizedItems(Array(repeating: 10, count: 500))
    view.dataSource = source
    view.contentOffset = Point(x: 0, y: 205)
    view.layoutIfNeeded()
    let saved = try #require(view.savedScrollPosition())
    #expect(saved.indexPath == ItemPath(section: 0, item: 80))  // 4 columns, row 20
    view.viewportSize = Size(width: 60, height: 60)  // 2 columns
    view.layoutIfNeeded()
    view.restoreScrollPosition(saved)
    #expect(view.savedScrollPosition()?.indexPath == saved.indexPath)
    #expect(view.contentOffset.y == 405)
    view.contentOffset = .zero
    let top = try #require(view.savedScrollPosition())
    #expect(top.isAtStart)
    view.contentOffset = Point(x: 0, y: 300)
    view.restoreScrollPosition(top)
    #expect(view.contentOffset.y == 0)
  }

  /// A section's header at the top of the viewport, above its first item: the viewport starts
  /// above the item (a negative depth), and comes back there, header and all.
  @Test func aHeaderAtTheTopComesBackToo() throws {
    let layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(4))
    layout.pinsHeaders = true
    let view = CollectionView(layout: layout, viewportSize: Size(width: 50, height: 60))
    view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
    view.register(
      ReusableView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
    let items = Items([Array(0..<20), Array(20..<40), Array(40..<60)])
    view.dataSource = items
    view.diagnostics.handler = nil
    view.layoutIfNeeded()
    let header = layout.layoutAttributesForSupplementaryView(ofKind: .header, inSection: 1)!.frame
    view.contentOffset = Point(x: 0, y: header.minY)
    view.layoutIfNeeded()
    let saved = try #require(view.savedScrollPosition())
    #expect(saved.indexPath == ItemPath(section: 1, item: 0))
    #expect(saved.offsetInItem == -4)
    view.contentOffset = .zero
    view.restoreScrollPosition(saved)
    #expect(view.contentOffset.y == header.minY)
    withExtendedLifetime(items) {}
  }
}
