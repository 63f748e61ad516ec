import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

/// A host may keep a control's collection view (the UIKit adoption article hands it to a
/// UIScrollView adapter) after the control is gone. Every public call on the kept view must
/// then be safe: no trap, no freed memory (the CI's AddressSanitizer pass runs these), and
/// nothing shown from a control that no longer exists.
@Suite struct ControlLifetimeTests {
  /// Everything a host does with a view: resize and lay out, tick, drag, tap, wheel, step,
  /// scroll, reload, and draw what is displayed (here: read every displayed view's frame).
  private func exercise(_ view: CollectionView, nested: Bool = false) {
    var time = 10.0
    for size in [
      Size(width: 120, height: 80), Size(width: 60, height: 40), Size(width: 0, height: 0),
      Size(width: 375, height: 667),
    ] {
      view.viewportSize = size
      view.layoutIfNeeded()
    }
    view.beginDrag(at: Point(x: 50, y: 50), time: time)
    view.moveDrag(to: Point(x: 10, y: 10), time: time + 0.016)
    view.endDrag(at: Point(x: 0, y: 0), time: time + 0.032)
    for _ in 0..<120 {
      time += 1.0 / 60
      view.tick(now: time)
      view.layoutIfNeeded()
    }
    _ = view.tap(at: Point(x: 20, y: 20))
    view.scroll(byWheel: Point(x: 0, y: 30), time: time)
    view.scroll(by: .items(2))
    view.scroll(by: .pages(1))
    view.setContentOffset(Point(x: 5, y: 5), animated: true)
    view.tick(now: time + 1)
    view.reloadData()
    view.layoutIfNeeded()
    view.forEachDisplayedView { displayed, attributes in
      _ = displayed.frame
      _ = attributes.indexPath
      if nested, let host = displayed as? NestedCollectionViewHosting {
        exercise(host.nestedCollectionView)
      }
    }
  }

  @Test func aCarouselsViewOutlivesTheCarousel() {
    weak var gone: Carousel?
    let cards = Cards(9)
    var kept: CollectionView?
    do {
      let carousel = Carousel(viewportSize: Size(width: 100, height: 20))
      carousel.register(CardCell.self, forCellWithReuseIdentifier: "card")
      carousel.wraps = true
      carousel.autoscrollInterval = 1
      carousel.dataSource = cards
      carousel.collectionView.layoutIfNeeded()
      carousel.step(by: 1)
      kept = carousel.collectionView
      gone = carousel
    }
    #expect(gone == nil, "the kept view does not keep the carousel")
    exercise(kept!)
    #expect(kept!.numberOfItems(inSection: 0) == 0, "no cards from a carousel that is gone")
  }

  /// The table's plumbing reads the table without counting references (nothing holds the
  /// table weakly, so that its retains stay fast): a kept view must still find no table, and
  /// its header-press and selection hooks must call nothing, once the table is gone.
  @Test func aTablesViewOutlivesTheTable() {
    weak var gone: TableView?
    let grid = Grid(rows: 40)
    var kept: CollectionView?
    do {
      let table = makeTable(grid)
      table.selectAll()  // the selection overlay hook is installed
      #expect(table.collectionView.selectionOverlay != nil)
      kept = table.collectionView
      gone = table
    }
    #expect(gone == nil, "the kept view does not keep the table")
    let view = kept!
    exercise(view)
    #expect(view.numberOfSections == 0, "no rows from a table that is gone")
    #expect(view.selectionOverlay?(ItemPath(section: 0, item: 0)) == false)
    let press = SupplementaryPress(
      phase: .began, kind: .columnHeader, indexPath: ItemPath(section: 0, item: 1),
      frame: Rect(x: 8, y: 0, width: 8, height: 1), location: Point(x: 9, y: 0), time: 1,
      isDrag: false)
    #expect(view.supplementaryPressHandler?(press) == false, "no table to sort")
  }

  @Test func anOptionBarsViewOutlivesTheBar() {
    weak var gone: OptionBar?
    var kept: CollectionView?
    let columns = Columns(Array(repeating: 12, count: 50))
    do {
      let bar = OptionBar(viewportSize: Size(width: 100, height: 3))
      bar.register(RecordingCell.self, forCellWithReuseIdentifier: "tab")
      bar.estimatedColumnWidth = 10
      bar.selectsCenteredColumnOnSlide = true
      bar.delegate = columns
      bar.dataSource = columns
      bar.select(7, animated: true)
      kept = bar.collectionView
      gone = bar
    }
    #expect(gone == nil)
    exercise(kept!)
    #expect(kept!.numberOfItems(inSection: 0) == 0)
  }

  @Test func aPickersViewsOutliveThePicker() {
    weak var gone: FourWayPicker<Swatch>?
    var kept: CollectionView?
    var keptRows: [CollectionView] = []
    do {
      let picker = makePicker([8, 3, 0, 12, 5])
      picker.collectionView.layoutIfNeeded()
      picker.step(.right)
      picker.step(.down)
      picker.tick(now: 1)
      kept = picker.collectionView
      keptRows = picker.rowCells.map(\.rowView)
      gone = picker
    }
    #expect(gone == nil, "neither the container nor its rows keep the picker")
    exercise(kept!, nested: true)
    for row in keptRows {
      exercise(row)
      #expect(row.numberOfItems(inSection: 0) == 0, "no swatches from a picker that is gone")
    }
  }

  @Test func aWaterfallViewsViewOutlivesTheFeed() {
    final class Feed: WaterfallViewDelegate {
      func waterfallViewWantsMoreItems(_ feed: WaterfallView) {}
    }
    weak var gone: WaterfallView?
    let feedDelegate = Feed()
    let items = SizedItems(Array(repeating: 30, count: 200))
    var kept: CollectionView?
    do {
      let feed = WaterfallView(viewportSize: Size(width: 100, height: 100))
      feed.collectionView.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
      feed.collectionView.dataSource = items
      feed.delegate = feedDelegate
      feed.collectionView.layoutIfNeeded()
      kept = feed.collectionView
      gone = feed
    }
    #expect(gone == nil)
    exercise(kept!)
    #expect(kept!.numberOfItems(inSection: 0) == 200, "the host's own data source still works")
  }

  @Test func aControlReleasedInsideItsOwnCallbackIsNotCalledAgain() {
    final class Releaser: CarouselDelegate {
      var carousel: Carousel?
      var calls = 0
      func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int) {
        calls += 1
        self.carousel = nil  // the last strong reference goes, mid-callback
      }
    }
    let cards = Cards(5)
    let releaser = Releaser()
    var kept: CollectionView?
    do {
      let carousel = Carousel(viewportSize: Size(width: 100, height: 20))
      carousel.register(CardCell.self, forCellWithReuseIdentifier: "card")
      carousel.dataSource = cards
      carousel.delegate = releaser
      carousel.collectionView.layoutIfNeeded()
      releaser.carousel = carousel
      kept = carousel.collectionView
    }
    kept!.contentOffset = Point(x: 200, y: 0)
    kept!.layoutIfNeeded()
    #expect(releaser.carousel == nil && releaser.calls >= 1)
    exercise(kept!)
  }
}
