import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct CollectionViewScrollingTests {
  /// A horizontal strip of 44-point items in a 200-point viewport, snapping.
  private func makeStrip(_ snapping: ScrollSnapping) -> (CollectionView, Recorder) {
    let (collectionView, recorder) = makeCollectionView(
      counts: [100], layout: ListLayout(scrollDirection: .horizontal, itemSizing: .uniform(44)),
      viewport: Size(width: 200, height: 10))
    collectionView.snapping = snapping
    collectionView.layoutIfNeeded()
    return (collectionView, recorder)
  }

  @Test func aZeroVelocityReleaseStillSnaps() {
    let (collectionView, recorder) = makeStrip(ScrollSnapping(alignment: .leading))
    // Drag 10 points, rest, lift: no velocity at all.
    let release = fling(collectionView, velocity: Point(x: -100, y: 0), duration: 0.1, hold: 0.5)
    #expect(abs(collectionView.contentOffset.x - 10) < 1e-9)
    #expect(collectionView.isDecelerating, "a release off an item always settles")
    settle(collectionView, from: release)
    #expect(collectionView.contentOffset.x == 0)
    withExtendedLifetime(recorder) {}
  }

  @Test func sensitivityDecidesBetween31And29Points() {
    for (distance, expected) in [(31.0, 44.0), (29.0, 0.0), (-31.0, 0.0)] {
      let (collectionView, recorder) = makeStrip(
        ScrollSnapping(alignment: .leading, sensitivity: 30, maximumItemsPerFling: 1))
      collectionView.contentOffset = Point(x: distance < 0 ? 44 : 0, y: 0)
      let start = collectionView.contentOffset.x
      // Drag `distance` points slowly, rest, lift.
      let release = fling(
        collectionView, velocity: Point(x: -distance / 0.31 * 1.0, y: 0), duration: 0.31, hold: 0.3)
      #expect(abs(collectionView.contentOffset.x - start - distance) < 1.5)
      settle(collectionView, from: release)
      #expect(collectionView.contentOffset.x == expected, "drag \(distance)")
      withExtendedLifetime(recorder) {}
    }
  }

  @Test func aFastFlickMovesOneItemUnlessManyAreAllowed() {
    for (limit, expectFar) in [(Optional(1), false), (nil, true)] {
      let (collectionView, recorder) = makeStrip(
        ScrollSnapping(alignment: .leading, sensitivity: 10, maximumItemsPerFling: limit))
      let release = fling(collectionView, velocity: Point(x: -4000, y: 0), duration: 0.03)
      settle(collectionView, from: release)
      let items = collectionView.contentOffset.x / 44
      #expect(items == items.rounded(), "rests on an item")
      #expect(
        expectFar ? items > 3 : items == 1, "limit \(String(describing: limit)): \(items) items")
      withExtendedLifetime(recorder) {}
    }
  }

  @Test func centreSnappingAndItemKeySteps() {
    let (collectionView, recorder) = makeStrip(ScrollSnapping(alignment: .center))
    collectionView.contentOffset = Point(x: 300, y: 0)
    let release = fling(collectionView, velocity: Point(x: -200, y: 0), duration: 0.05, hold: 0.3)
    settle(collectionView, from: release)
    let centre = collectionView.contentOffset.x + 100
    #expect(((centre - 22) / 44) == ((centre - 22) / 44).rounded(), "an item's centre is centred")
    let before = collectionView.contentOffset.x
    collectionView.scroll(by: .items(2))
    settle(collectionView, from: release + 1)
    #expect(collectionView.contentOffset.x == before + 88)
    collectionView.scroll(byWheel: Point(x: 0, y: 3), time: release + 2)
    settle(collectionView, from: release + 2)
    #expect(
      collectionView.contentOffset.x == before + 132, "a wheel notch steps one item when snapping")
    withExtendedLifetime(recorder) {}
  }

  @Test func scrollToItemAlignsStartCentreEndAndNearest() {
    let (collectionView, recorder) = makeCollectionView(
      counts: [10, 100], viewport: Size(width: 50, height: 100))
    collectionView.layoutIfNeeded()
    let path = ItemPath(section: 1, item: 40)  // frame 500..<510
    collectionView.scrollToItem(at: path, at: .start, animated: false)
    #expect(collectionView.contentOffset.y == 500)
    collectionView.scrollToItem(at: path, at: .center, animated: false)
    #expect(collectionView.contentOffset.y == 455)
    collectionView.scrollToItem(at: path, at: .end, animated: false)
    #expect(collectionView.contentOffset.y == 410)
    collectionView.scrollToItem(at: path, at: .nearest, animated: false)
    #expect(collectionView.contentOffset.y == 410, "already visible: no movement")
    collectionView.scrollToItem(at: ItemPath(section: 0, item: 0), at: .nearest, animated: false)
    #expect(collectionView.contentOffset.y == 0)
    collectionView.scrollToItem(at: ItemPath(section: 1, item: 99), at: .start, animated: false)
    #expect(collectionView.contentOffset.y == collectionView.maximumContentOffset.y, "clamped")
    collectionView.scrollToItem(at: ItemPath(section: 9, item: 0), at: .start, animated: false)
    #expect(collectionView.diagnostics.count(of: .indexPathOutOfRange) == 1)
    withExtendedLifetime(recorder) {}
  }

  @Test(arguments: [true, false])
  func scrollToItemLandsExactlyOnAMillionEstimatedItems(_ animated: Bool) {
    let source = MeasuredFeed(count: 1_000_000) { Double(20 + $0 % 61) }
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .estimated(50)), viewportSize: Size(width: 40, height: 300))
    collectionView.diagnostics.handler = nil
    collectionView.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = source
    let recorder = ScrollRecorder()
    collectionView.delegate = recorder
    collectionView.layoutIfNeeded()
    var clock = 0.0
    for (item, position) in [(654_321, ScrollPosition.center), (3_210, .start), (999_990, .end)] {
      let path = ItemPath(section: 0, item: item)
      recorder.events.removeAll()
      collectionView.tick(now: clock)
      collectionView.scrollToItem(at: path, at: position, animated: animated)
      clock = settle(collectionView, from: clock) + 1
      let frame = collectionView.frameForItem(at: path)!
      let offset = collectionView.contentOffset.y
      switch position {
      case .start: #expect(frame.minY == offset, "item \(item)")
      case .center: #expect(frame.midY == offset + 150, "item \(item)")
      default:
        #expect(
          frame.maxY == offset + 300 || offset == collectionView.maximumContentOffset.y,
          "item \(item)")
      }
      #expect(frame.height == Double(20 + item % 61), "the item was measured")
      #expect(collectionView.cellForItem(at: path) != nil)
      if animated { #expect(recorder.events.last == "didEndScrollingAnimation") }
    }
    withExtendedLifetime(source) {}
  }
}
