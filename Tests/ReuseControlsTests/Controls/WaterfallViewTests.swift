import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseControls

@Suite struct WaterfallViewTests {
  /// A feed that grows by pages of 30 when asked.
  final class Feed: CollectionViewDataSource {
    var count = 0
    var requests = 0
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
    feed.loadMoreHandler = { feed in
      source.requests += 1
      let old = source.count
      source.count += 30
      feed.collectionView.insertItems(
        at: (old..<source.count).map { ItemPath(section: 0, item: $0) })
    }
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
    var asked = 0
    feed.loadMoreHandler = { _ in asked += 1 }  // never delivers
    feed.collectionView.layoutIfNeeded()
    feed.collectionView.setNeedsLayout()
    feed.collectionView.layoutIfNeeded()
    #expect(asked == 1)
    feed.resetLoadMore()
    #expect(asked == 2)
  }
}
