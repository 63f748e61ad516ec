import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Pathological input, on every layout: ten million items; sizes of 0, NaN,
/// negative and 1e12; a data source whose counts change without a reload. Each gets a
/// diagnostic (where the input is wrong) and a safe fallback: finite geometry, the right
/// cells, no trap.
@Suite struct PathologicalInputTests {
  /// Every frame the collection view shows is finite, and every visible cell is for a valid
  /// item.
  private func expectSane(_ collectionView: CollectionView, _ context: String) {
    collectionView.layoutIfNeeded()
    let offset = collectionView.contentOffset
    let size = collectionView.contentSize
    #expect(offset.x.isFinite && offset.y.isFinite, "\(context): offset \(offset)")
    #expect(size.width.isFinite && size.height.isFinite, "\(context): content \(size)")
    for path in collectionView.indexPathsForVisibleItems {
      let frame = collectionView.frameForItem(at: path)
      #expect(
        frame.map {
          $0.minX.isFinite && $0.minY.isFinite && $0.width.isFinite && $0.height.isFinite
        } == true,
        "\(context): \(path) at \(String(describing: frame))")
      #expect(path.section < collectionView.numberOfSections)
      #expect(path.item < collectionView.numberOfItems(inSection: path.section))
    }
  }

  @Test(arguments: ["list-uniform", "list-estimated", "grid", "waterfall-fixed"])
  func tenMillionItems(_ kind: String) {
    let layout: CollectionViewLayout
    switch kind {
    case "list-uniform": layout = ListLayout(itemSizing: .uniform(44))
    case "list-estimated": layout = ListLayout(itemSizing: .estimated(44))
    case "grid": layout = GridLayout(columns: .fixed(4), itemHeight: .fixed(80))
    default: layout = WaterfallLayout(columns: .fixed(3), itemHeight: .fixed(120))
    }
    let (collectionView, recorder) = makeCollectionView(
      counts: [10_000_000], layout: layout, viewport: Size(width: 320, height: 800))
    recorder.recordsEvents = false
    expectSane(collectionView, kind)
    #expect(collectionView.indexPathsForVisibleItems.first?.item == 0)
    // The last item, exactly; then the middle.
    let last = ItemPath(section: 0, item: 9_999_999)
    collectionView.scrollToItem(at: last, at: .end, animated: false)
    collectionView.layoutIfNeeded()
    #expect(collectionView.indexPathsForVisibleItems.contains(last), "\(kind): the last item shows")
    expectSane(collectionView, kind)
    collectionView.scrollToItem(
      at: ItemPath(section: 0, item: 5_000_000), at: .center, animated: false)
    expectSane(collectionView, kind)
    #expect(collectionView.reuseCounters.created <= collectionView.reuseCounters.peakVisible + 2)
  }

  @Test(arguments: [0.0, .nan, -25, 1e12, .infinity])
  func badSizesAreReportedAndClamped(_ bad: Double) {
    var reports: [Diagnostic] = []
    let layouts: [(String, CollectionViewLayout)] = [
      ("list", ListLayout(itemSizing: .perItem { $0.item % 3 == 1 ? bad : 30 })),
      ("list-uniform", ListLayout(itemSizing: .uniform(bad))),
      ("grid", GridLayout(columns: .fixed(3), itemHeight: .fixed(bad))),
      ("grid-spacing", GridLayout(columns: .fixed(3), columnSpacing: bad, rowSpacing: bad)),
      (
        "waterfall",
        WaterfallLayout(itemHeight: .perItem { path, _ in path.item % 3 == 1 ? bad : 50 })
      ),
      ("waterfall-spacing", WaterfallLayout(columnSpacing: bad, itemSpacing: bad)),
      ("carousel", CarouselLayout(peekInset: bad, spacing: bad)),
    ]
    for (name, layout) in layouts {
      reports.removeAll()
      let (collectionView, recorder) = makeCollectionView(
        counts: [100], layout: layout, viewport: Size(width: 320, height: 480))
      collectionView.diagnostics.handler = { reports.append($0) }
      collectionView.layoutIfNeeded()
      expectSane(collectionView, "\(name) with \(bad)")
      collectionView.scrollToItem(at: ItemPath(section: 0, item: 99), at: .end, animated: false)
      expectSane(collectionView, "\(name) with \(bad), at the end")
      // Zero is a legal size for an item (it shows nothing); the others are reported.
      if bad != 0 || name.hasSuffix("uniform") {
        #expect(!reports.isEmpty || bad == 0, "\(name): \(bad) was not reported")
      }
      withExtendedLifetime(recorder) {}
    }
  }

  @Test func badViewportAndOffsetsFallBack() {
    let (collectionView, recorder) = makeCollectionView(counts: [1_000])
    for size in [
      Size(width: .nan, height: 100), Size(width: -5, height: -5), Size(width: 1e12, height: 1e12),
    ] {
      collectionView.viewportSize = size
      expectSane(collectionView, "viewport \(size)")
    }
    collectionView.viewportSize = Size(width: 100, height: 100)
    for offset in [Point(x: .nan, y: .nan), Point(x: 0, y: .infinity), Point(x: 0, y: -1e12)] {
      collectionView.contentOffset = offset
      expectSane(collectionView, "offset \(offset)")
    }
    withExtendedLifetime(recorder) {}
  }

  @Test func countsThatChangeWithoutAReloadAreCaughtAtTheNextUpdate() {
    var reports: [Diagnostic] = []
    let (collectionView, recorder) = makeCollectionView(counts: [50, 50])
    collectionView.diagnostics.handler = { reports.append($0) }
    collectionView.contentOffset = Point(x: 0, y: 400)
    collectionView.layoutIfNeeded()
    // The data shrinks, and the app forgets to tell the collection view.
    recorder.counts = [50, 3]
    // Its next update names the mismatch instead of trapping, and reloads.
    let result = collectionView.performBatchUpdates(animated: false) {
      collectionView.insertItems(at: [ItemPath(section: 0, item: 0)])
      recorder.counts[0] = 51
    }
    guard case .failure(let error) = result else {
      Issue.record("the inconsistent batch was accepted")
      return
    }
    #expect(String(describing: error).contains("section 1"), "\(error)")
    #expect(reports.contains { $0.code == .inconsistentUpdate })
    #expect(collectionView.numberOfItems(inSection: 1) == 3, "reloaded: the real counts")
    expectSane(collectionView, "after the fallback reload")
    #expect(collectionView.contentOffset.y <= collectionView.maximumContentOffset.y)
  }

  @Test func aProviderThatShrankWithoutAReloadGetsADiagnosticNotATrap() {
    final class Cell: CollectionViewCell, ConfigurableCell {
      var value = -1
      func configure(with item: Int, at indexPath: ItemPath) { value = item }
      override func prepareForReuse() { value = -1 }
    }
    /// A provider backed by a store the app mutates directly (a reference type, so the data
    /// source cannot see the change).
    final class Store { var items = Array(0..<100) }
    struct StoreProvider: CollectionDataProvider {
      let store: Store
      var numberOfSections: Int { 1 }
      func numberOfItems(inSection section: Int) -> Int { store.items.count }
      func item(at indexPath: ItemPath) -> Int? {
        indexPath.item < store.items.count ? store.items[indexPath.item] : nil
      }
      mutating func updateItem(at indexPath: ItemPath, value: Int) -> Bool { false }
    }
    let store = Store()
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 100, height: 100))
    var reports: [Diagnostic] = []
    collectionView.diagnostics.handler = { reports.append($0) }
    let dataSource = CollectionDataSource(
      collectionView: collectionView, provider: StoreProvider(store: store), cell: Cell.self)
    collectionView.layoutIfNeeded()
    // Changed behind the collection view's back: the store now has 5 items.
    store.items = Array(0..<5)
    collectionView.contentOffset = Point(x: 0, y: 300)
    collectionView.layoutIfNeeded()
    #expect(reports.contains { $0.code == .dataSourceChangedWithoutReload })
    #expect(
      collectionView.visibleCells.allSatisfy { ($0 as! Cell).value == -1 }, "blank, not wrong")
    collectionView.reloadData()
    expectSane(collectionView, "after the reload")
    #expect(collectionView.numberOfItems(inSection: 0) == 5)
    #expect(collectionView.contentOffset.y == 0, "back in bounds: 5 rows fit")
    withExtendedLifetime(dataSource) {}
  }
}
