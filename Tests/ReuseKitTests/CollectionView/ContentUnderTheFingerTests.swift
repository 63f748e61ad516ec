import ReuseTestSupport
import Testing

@testable import ReuseKit

private typealias Feed = MeasuredFeed

private func makeView(
  _ feed: Feed, _ sizing: ListLayout.ItemSizing, height: Double = 480
) -> CollectionView {
  let view = CollectionView(
    layout: ListLayout(itemSizing: sizing), viewportSize: Size(width: 320, height: height))
  view.diagnostics.handler = nil
  view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
  view.dataSource = feed
  view.delegate = feed
  view.layoutIfNeeded()
  return view
}

/// Where the item with identity `id` is on screen (its top minus the offset), if it exists.
private func screenY(of id: Int, _ feed: Feed, _ view: CollectionView) -> Double? {
  guard let item = feed.ids.firstIndex(of: id),
    let frame = view.collectionViewLayout.frameForItem(at: ItemPath(section: 0, item: item))
  else { return nil }
  return frame.minY - view.contentOffset.y
}

/// The identity of the displayed item under a viewport point.
private func id(under y: Double, _ feed: Feed, _ view: CollectionView) -> Int? {
  view.indexPathForItem(at: Point(x: 10, y: y + view.contentOffset.y)).map { feed.ids[$0.item] }
}

/// Drags a finger down from `finger` in `steps` steps of `step` points, one frame each, and
/// checks after each that the row under the finger moved exactly as far as it (but for the
/// first move, which passes the slop). Stops early once the content is rubber-banded.
private func dragDown(
  _ view: CollectionView, _ feed: Feed, from finger: Double, steps: Int, step: Double
) {
  view.beginDrag(at: Point(x: 100, y: finger), time: 0)
  var time = 0.0
  var y = finger
  for index in 0..<steps {
    let held = id(under: finger, feed, view)!
    let before = screenY(of: held, feed, view)!
    y += step
    time += 1.0 / 60
    view.moveDrag(to: Point(x: 100, y: y), time: time)
    view.layoutIfNeeded()
    if view.contentOffset.y < view.minimumContentOffset.y { break }  // rubber band
    let after = screenY(of: held, feed, view)!
    #expect(
      after - before == step || index == 0,
      "frame \(index): the row under the finger moved \(after - before) points, not \(step)")
  }
  view.endDrag(at: Point(x: 100, y: y), time: time)
}

@Suite struct ContentUnderTheFingerTests {
  /// Rows inserted above while the finger is down: the next move goes on from where the
  /// content is, not 440 points lower.
  @Test func rowsInsertedAboveDuringADragStayUnderTheFinger() {
    let feed = Feed(count: 200) { _ in 44 }
    let view = makeView(feed, .uniform(44))
    view.contentOffset = Point(x: 0, y: 50 * 44)
    view.layoutIfNeeded()
    view.beginDrag(at: Point(x: 100, y: 200), time: 0)
    view.moveDrag(to: Point(x: 100, y: 210), time: 0.016)
    view.layoutIfNeeded()
    #expect(screenY(of: 50, feed, view) == 10)
    feed.insert(10, at: 0, length: 44, in: view)
    view.layoutIfNeeded()
    #expect(screenY(of: 50, feed, view) == 10)
    view.moveDrag(to: Point(x: 100, y: 220), time: 0.032)
    view.layoutIfNeeded()
    #expect(screenY(of: 50, feed, view) == 20)
    // Released, it decelerates from there and comes to rest without a jump.
    view.endDrag(at: Point(x: 100, y: 220), time: 0.048)
    var previous = screenY(of: 50, feed, view)!
    var time = 0.048
    while view.isAnimating && time < 5 {
      time += 1.0 / 60
      view.tick(now: time)
      let now = screenY(of: 50, feed, view)!
      #expect(abs(now - previous) < 30, "a frame of the fling moved \(now - previous) points")
      previous = now
    }
  }

  /// A slow drag into rows not measured yet: each frame the content moves exactly as far as
  /// the finger, whatever the rows above measure.
  @Test func aSlowDragIntoUnmeasuredRowsKeepsTheContentUnderTheFinger() {
    let feed = Feed(count: 1_000) { 20 + Double(($0 * 37) % 90) }
    let view = makeView(feed, .estimated(44))
    view.scrollToItem(at: ItemPath(section: 0, item: 500), at: .start, animated: false)
    view.layoutIfNeeded()
    dragDown(view, feed, from: 240, steps: 300, step: 5)
  }

  /// A chat that loads older history while the finger is down: what the finger holds stays
  /// under it.
  @Test func olderHistoryLoadedDuringADragStaysUnderTheFinger() {
    let feed = Feed(count: 60) { 30 + Double(($0 * 13) % 40) }
    let view = makeView(feed, .estimated(40))
    view.anchorsToEnd = true
    view.edgeDistance = 300
    view.layoutIfNeeded()
    var loads = 0
    feed.onApproach = { [unowned view, unowned feed] edge in
      guard edge == .start, loads < 5 else { return }
      loads += 1
      feed.insert(40, at: 0, length: 52, in: view)
    }
    dragDown(view, feed, from: 100, steps: 400, step: 8)
    #expect(loads > 0)
  }

  /// Drags mixed with updates above the viewport, prepends and self-sizing, on uniform and
  /// estimated lists: after every move the row under the finger has moved exactly as far as
  /// the finger (unless the content is rubber-banded), and an update while the finger is
  /// down leaves it where it was.
  @Test(arguments: 0..<24)
  func dragsMixedWithUpdatesKeepTheContentGlued(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed))
    let estimated = seed % 2 == 1
    let feed = Feed(count: 400) { 20 + Double(($0 * 31 + seed) % 60) }
    let view = makeView(feed, estimated ? .estimated(40) : .uniform(44))
    view.debugLabel = "seed \(seed)"
    view.scrollToItem(
      at: ItemPath(section: 0, item: random.int(100..<300)), at: .start, animated: false)
    view.layoutIfNeeded()
    var time = 0.0
    let finger = Point(x: 100, y: random.double(100...380))
    var pointer = finger
    view.beginDrag(at: finger, time: time)
    func inBounds() -> Bool {
      view.contentOffset.y > view.minimumContentOffset.y
        && view.contentOffset.y < view.maximumContentOffset.y
    }
    for step in 0..<120 {
      guard let held = id(under: finger.y, feed, view), inBounds(),
        let before = screenY(of: held, feed, view)
      else { break }
      let first = id(under: 0, feed, view).flatMap { feed.ids.firstIndex(of: $0) } ?? 0
      switch random.int(0..<6) {
      case 0 where first > 2:
        // Rows inserted above the viewport.
        feed.insert(random.int(1...5), at: random.int(0..<first), length: 37, in: view)
        view.layoutIfNeeded()
        #expect(
          screenY(of: held, feed, view) == before,
          "seed \(seed) step \(step): an insert above moved the held row")
      case 1 where first > 6:
        // Rows deleted above the viewport.
        let start = random.int(0..<(first - 5))
        view.performBatchUpdates {
          feed.ids.removeSubrange(start..<start + 3)
          view.deleteItems(at: (start..<start + 3).map { ItemPath(section: 0, item: $0) })
        }
        view.layoutIfNeeded()
        #expect(
          screenY(of: held, feed, view) == before,
          "seed \(seed) step \(step): a delete above moved the held row")
      default:
        let dy = random.double(-12...12).rounded()
        let wasDragging = view.isDragging  // the move that passes the slop starts the drag
        pointer.y += dy
        time += 1.0 / 60
        view.moveDrag(to: pointer, time: time)
        view.layoutIfNeeded()
        guard inBounds(), let after = screenY(of: held, feed, view) else { break }
        if wasDragging {
          #expect(
            abs(after - before - dy) < 1e-6,
            "seed \(seed) step \(step): the held row moved \(after - before), the finger \(dy)")
        }
      }
      view.tick(now: time)
    }
    view.endDrag(at: pointer, time: time + 0.016)
  }
}
