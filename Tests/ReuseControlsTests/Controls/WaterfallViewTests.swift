import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseControls

@Suite struct WaterfallViewTests {
  /// A feed that grows by pages of 30 when asked.
  final class Feed: CollectionViewDataSource, WaterfallViewDelegate {
    var count = 0
    var requests = 0
    var delivers = true
    func waterfallViewWantsMoreItems(_ feed: WaterfallView) {
      requests += 1
      guard delivers else { return }
      let old = count
      count += 30
      feed.collectionView.insertItems(at: (old..<count).map { ItemPath(section: 0, item: $0) })
    }
    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    { count }
    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    )
      -> CollectionViewCell
    {
      collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
  }

  @Test func loadMoreAsksOncePerPageAsTheEndComesNear() {
    let feed = WaterfallView(
      layout: WaterfallLayout(
        columns: .fixed(2), itemHeight: .perItem { path, _ in Double(10 + path.item % 7) }),
      viewportSize: Size(width: 100, height: 100))
    feed.collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let source = Feed()
    feed.collectionView.dataSource = source
    feed.delegate = source
    // An empty feed asks at once; one page (about 200 points) is within two screens of the
    // end, so it asks again until the end is far enough.
    feed.collectionView.layoutIfNeeded()
    #expect(source.requests >= 1)
    let settled = source.requests
    #expect(feed.distanceToEnd > 2 * 100, "enough pages to be two screens from the end")
    // Scrolling without reaching the threshold asks nothing.
    feed.collectionView.contentOffset = Point(x: 0, y: 10)
    feed.collectionView.layoutIfNeeded()
    #expect(source.requests == settled)
    // Near the end: one more page, and its items are appended without moving the others.
    let frame = feed.layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 5))!.frame
    feed.collectionView.contentOffset = Point(x: 0, y: feed.collectionView.maximumContentOffset.y)
    feed.collectionView.layoutIfNeeded()
    #expect(source.requests > settled)
    #expect(feed.layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 5))!.frame == frame)
  }

  @Test func aFailedLoadIsNotAskedAgainUntilReset() {
    let feed = WaterfallView(viewportSize: Size(width: 100, height: 100))
    feed.collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let source = Feed()
    feed.collectionView.dataSource = source
    source.delivers = false
    feed.delegate = source
    feed.collectionView.layoutIfNeeded()
    feed.collectionView.setNeedsLayout()
    feed.collectionView.layoutIfNeeded()
    #expect(source.requests == 1)
    feed.resetLoadMore()
    #expect(source.requests == 2)
  }

  /// The closure of earlier versions still works.
  @available(*, deprecated)
  @Test func theDeprecatedHandlerStillAsks() {
    let feed = WaterfallView(viewportSize: Size(width: 100, height: 100))
    feed.collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let source = Feed()
    feed.collectionView.dataSource = source
    var asked = 0
    feed.loadMoreHandler = { _ in asked += 1 }
    feed.collectionView.layoutIfNeeded()
    #expect(asked == 1)
  }
}
