import ReuseTestSupport
import Testing

@testable import ReuseKit

/// The scroll indicator's thumb: where it is, how long, and that it holds still while
/// estimated sizes turn into measured ones.
@Suite struct ScrollThumbTests {
  /// The data sources, kept alive for the test (a collection view holds its data source
  /// weakly).
  private let keep = Keep()
  private final class Keep { var sources: [SizedItems] = [] }

  private func makeList(
    _ lengths: [Double], sizing: ListLayout.ItemSizing
  ) -> (CollectionView, SizedItems) {
    let items = SizedItems(lengths)
    let view = CollectionView(
      layout: ListLayout(itemSizing: sizing), viewportSize: Size(width: 10, height: 100))
    view.diagnostics.handler = nil
    view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = items
    view.layoutIfNeeded()
    keep.sources.append(items)
    return (view, items)
  }

  @Test func aUniformListsThumbIsItsShareOfItems() throws {
    let (view, _) = makeList(Array(repeating: 10, count: 1_000), sizing: .uniform(10))
    let top = try #require(view.scrollThumb(trackLength: 1_000))
    #expect(top == ScrollThumb(offset: 0, length: 10))  // 10 items of 1,000 in view
    view.contentOffset = Point(x: 0, y: view.maximumContentOffset.y)
    let bottom = try #require(view.scrollThumb(trackLength: 1_000))
    #expect(bottom.offset == 990, "at the bottom it touches the track's end")
    view.contentOffset = Point(x: 0, y: 4_950)  // item 495 at the top: halfway
    let middle = try #require(view.scrollThumb(trackLength: 1_000))
    #expect(abs(middle.offset - 495) < 1e-9)
    // Short tracks: at least one unit long, never longer than the track.
    #expect(view.scrollThumb(trackLength: 20)?.length == 1)
    #expect(view.scrollThumb(trackLength: 0.5) == nil)
  }

  @Test func noThumbWhenEverythingFits() {
    let (view, _) = makeList(Array(repeating: 10, count: 5), sizing: .uniform(10))
    #expect(view.scrollThumb(trackLength: 20) == nil)
    let (empty, _) = makeList([], sizing: .uniform(10))
    #expect(empty.scrollThumb(trackLength: 20) == nil)
  }

  @Test func draggingTheThumbPutsItUnderThePointer() throws {
    // Cells of 5 to 17 points, estimated at 10: the thumb's inverse works on estimates too.
    let (list, _) = makeList((0..<1_000).map { Double(5 + $0 % 13) }, sizing: .estimated(10))
    for target in stride(from: 0.0, through: 96, by: 7) {
      let offset = list.contentOffset(forScrollThumbOffset: target, trackLength: 100)
      list.contentOffset = offset
      list.layoutIfNeeded()
      let thumb = try #require(list.scrollThumb(trackLength: 100))
      // Measuring the cells now in view can move the thumb by a fraction of an item.
      #expect(abs(thumb.offset - min(target, 100 - thumb.length)) < 1, "\(target) → \(thumb)")
    }
    let end = list.contentOffset(forScrollThumbOffset: 100, trackLength: 100)
    #expect(end.y == list.maximumContentOffset.y)
    #expect(list.contentOffset(forScrollThumbOffset: -5, trackLength: 100).y == 0)
  }

  @Test func theThumbHoldsStillWhileEstimatesAreMeasured() throws {
    // Items of 5 to 41 points estimated at 10: every item scrolled into view from above is
    // measured and moves the content below it; the content offset moves to keep the screen
    // still, and the content size changes with each one.
    var random = SeededRandom(seed: 0x7A0B)
    let lengths = (0..<2_000).map { _ in Double(random.int(5...41)) }
    let (view, _) = makeList(lengths, sizing: .estimated(10))
    view.contentOffset = Point(x: 0, y: 12_000)
    view.layoutIfNeeded()
    var previous = try #require(view.scrollThumb(trackLength: 1_000))
    for step in 0..<400 {
      view.contentOffset.y -= 7
      view.layoutIfNeeded()
      let thumb = try #require(view.scrollThumb(trackLength: 1_000))
      // Up by 7 points is up by at most two items (5 points or more each): one item of 2,000
      // is half a unit of this track. The thumb never moves down but by its own change of
      // length (the share of items in view changes with their lengths), and never far up.
      let resized = abs(thumb.length - previous.length)
      #expect(
        thumb.offset <= previous.offset + resized + 1e-9, "step \(step): \(previous) → \(thumb)")
      #expect(previous.offset - thumb.offset < 1.5, "step \(step): \(previous) → \(thumb)")
      previous = thumb
    }
    #expect(previous.offset < 600, "it moved up: \(previous)")
  }
}
