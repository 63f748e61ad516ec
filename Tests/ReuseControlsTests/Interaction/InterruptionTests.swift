import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

/// What users do in the middle of animations (every release settles, every key counts): each
/// test replays one sequence that once left a view between stops, lost key presses, or
/// trapped.
@Suite struct InterruptionTests {
  // MARK: Every release settles

  @Test func aTouchThatCatchesAPagingFlingAndLiftsRestsOnAPage() {
    for moved in [0.0, 0.5] {  // lifted where it went down, or after a move under the slop
      let scrollView = makeScrollView(
        viewport: Size(width: 375, height: 667), content: Size(width: 375 * 10, height: 667))
      scrollView.isPagingEnabled = true
      var time = fling(scrollView, from: Point(x: 300, y: 300), velocity: Point(x: -900, y: 0))
      for _ in 0..<6 {
        time += 1.0 / 60
        scrollView.tick(now: time)
      }
      let caught = scrollView.contentOffset.x
      #expect(caught.truncatingRemainder(dividingBy: 375) != 0, "caught between pages")
      scrollView.beginDrag(at: Point(x: 200, y: 300), time: time)
      #expect(scrollView.contentOffset.x == caught && !scrollView.isAnimating, "the touch stops it")
      time += 0.2
      scrollView.endDrag(at: Point(x: 200 + moved, y: 300), time: time)
      settle(scrollView, from: time)
      #expect(scrollView.contentOffset.x.truncatingRemainder(dividingBy: 375) == 0)
      #expect(abs(scrollView.contentOffset.x - caught) <= 187.5, "the nearest page")
    }
  }

  @Test func aTouchThatCatchesACarouselMidPageAndLiftsRestsOnACard() {
    for wraps in [false, true] {
      let (carousel, cards) = makeCarousel(12, wraps: wraps)
      defer { withExtendedLifetime(cards) {} }
      var time = 0.0
      carousel.step(by: 1)
      for _ in 0..<8 {
        time += 1.0 / 60
        carousel.tick(now: time)
      }
      #expect(!isOnCard(carousel), "caught between cards")
      carousel.collectionView.beginDrag(at: Point(x: 50, y: 10), time: time)
      time += 0.1
      carousel.collectionView.endDrag(at: Point(x: 50, y: 10), time: time)
      settle(carousel, from: &time)
      #expect(isOnCard(carousel), "wraps \(wraps)")
      #expect(carousel.currentIndex == carousel.item(forSlot: carousel.currentSlot))
    }
  }

  @Test func aTouchThatCatchesAPickerRowOrItsContainerMidSnapSettlesBothWithoutTrapping() {
    // The container between rows, a row between columns, and both at once.
    for (rows, columns) in [(true, false), (false, true), (true, true)] {
      let picker = makePicker([8, 8, 8, 8])
      var time = 0.0
      if rows { picker.step(.down) }
      if columns { picker.step(.right) }
      for _ in 0..<10 {
        time += 1.0 / 120
        picker.tick(now: time)
      }
      #expect(picker.isAnimating)
      // Invariant checks (on in the test build) trapped here when a settle started an
      // animation during the touch's own phase change.
      picker.beginDrag(at: Point(x: 187, y: 333), time: time)
      time += 0.1
      picker.endDrag(at: Point(x: 187, y: 333), time: time)
      settle(picker, from: &time)
      #expect(isCentred(picker), "rows \(rows), columns \(columns)")
      #expect(picker.currentRow == (rows ? 1 : 0) || picker.currentRow == 0)
    }
  }

  @Test func aCaughtRowLetGoWhenTheDragTurnsOutVerticalSettlesOnAColumn() {
    let picker = makePicker([8, 8, 8])
    var time = 0.0
    picker.step(.right)
    for _ in 0..<10 {
      time += 1.0 / 120
      picker.tick(now: time)
    }
    let start = Point(x: 187, y: 333)
    picker.beginDrag(at: start, time: time)
    for step in 1...10 {
      time += 0.02
      picker.moveDrag(to: Point(x: start.x, y: start.y - Double(step) * 12), time: time)
    }
    picker.endDrag(at: Point(x: start.x, y: start.y - 120), time: time)
    settle(picker, from: &time)
    #expect(picker.currentRow == 1, "the vertical drag moved the rows")
    #expect(isCentred(picker), "and the caught row settled on a column")
  }

  @Test func aSlideSelectingOptionBarCaughtMidSlideSelectsWhereItSettles() {
    let (bar, columns) = makeBar(Array(repeating: 20, count: 40))
    bar.selectsCenteredColumnOnSlide = true
    var time = fling(
      bar.collectionView, from: Point(x: 80, y: 1), velocity: Point(x: -600, y: 0))
    for _ in 0..<5 {
      time += 1.0 / 60
      bar.collectionView.tick(now: time)
    }
    bar.collectionView.beginDrag(at: Point(x: 50, y: 1), time: time)
    #expect(bar.selectedIndex == nil, "nothing is selected while the finger holds the strip")
    time += 0.1
    bar.collectionView.endDrag(at: Point(x: 50, y: 1), time: time)
    settle(bar.collectionView, from: time)
    let offset = bar.collectionView.contentOffset.x
    let centre = Int(((offset + 50) / 20).rounded(.down))
    #expect((offset + 50 - 10).truncatingRemainder(dividingBy: 20) == 0, "a column is centred")
    #expect(bar.selectedIndex == centre)
    withExtendedLifetime(columns) {}
  }

  @Test func delegatesThatReactToAnInterruptedDecelerationFindTheViewTracking() {
    final class Restarter: ScrollViewDelegate {
      var trackingWhenTold: [Bool] = []
      func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        trackingWhenTold.append(scrollView.isTracking)
        // A control settling itself: refused while the finger is down, as it must be.
        scrollView.setContentOffset(Point(x: 0, y: 400), animated: true)
      }
    }
    let scrollView = makeScrollView()
    let delegate = Restarter()
    scrollView.delegate = delegate
    var time = fling(scrollView, velocity: Point(x: 0, y: -2_000))
    time += 0.1
    scrollView.tick(now: time)
    scrollView.beginDrag(at: Point(x: 50, y: 50), time: time)
    #expect(delegate.trackingWhenTold == [true])
    #expect(scrollView.isTracking && !scrollView.isAnimating)
    scrollView.endDrag(at: Point(x: 50, y: 50), time: time + 0.1)
    #expect(!scrollView.isAnimating, "free content stays where the touch stopped it")
  }

  // MARK: Every key counts

  @Test func fivePressesFortyMillisecondsApartMoveFiveStops() {
    // Picker: columns, then rows (clamped at the last).
    let picker = makePicker([8, 8, 8, 8])
    var time = 0.0
    for _ in 0..<5 {
      picker.step(.right)
      tickFor(0.04, from: &time) { picker.tick(now: $0) }
    }
    settle(picker, from: &time)
    #expect(picker.currentColumn == 5)
    #expect(isCentred(picker))
    for _ in 0..<5 {
      picker.step(.down)
      tickFor(0.04, from: &time) { picker.tick(now: $0) }
    }
    settle(picker, from: &time)
    #expect(picker.currentRow == 3, "clamped at the last row")
    #expect(picker.currentColumn == 5 && isCentred(picker))

    // Carousel, without and with wrap (three items wrap round).
    for (count, wraps, expected) in [(12, false, 5), (3, true, 2), (4, false, 3)] {
      let (carousel, cards) = makeCarousel(count, wraps: wraps)
      defer { withExtendedLifetime(cards) {} }
      for _ in 0..<5 {
        carousel.step(by: 1)
        tickFor(0.04, from: &time) { carousel.tick(now: $0) }
      }
      settle(carousel, from: &time)
      #expect(carousel.currentIndex == expected, "\(count) cards, wraps \(wraps)")
      #expect(isOnCard(carousel))
    }

    // Option bar.
    let (bar, columns) = makeBar(Array(repeating: 20, count: 40))
    bar.select(0, animated: false)
    for _ in 0..<5 {
      bar.select((bar.selectedIndex ?? 0) + 1, animated: true)
      tickFor(0.04, from: &time) { bar.collectionView.tick(now: $0) }
    }
    settle(bar.collectionView, from: time)
    #expect(bar.selectedIndex == 5)
    let frame = bar.frameForColumn(at: 5)!
    #expect(frame.midX - bar.collectionView.contentOffset.x == 50, "centred")
    withExtendedLifetime(columns) {}

    // A list's page keys.
    let scrollView = makeScrollView()
    for _ in 0..<5 {
      scrollView.scroll(by: .pages(1))
      time += 0.04
      scrollView.tick(now: time)
    }
    settle(scrollView, from: time)
    #expect(scrollView.contentOffset.y == 500)
  }

  @Test func aStepDuringAReleaseSnapGoesFromTheSnapsTarget() {
    let (carousel, cards) = makeCarousel(12)
    defer { withExtendedLifetime(cards) {} }
    var time = 0.0
    // A slow drag a little over half a card to the left, released: it snaps to card 1.
    let view = carousel.collectionView
    view.beginDrag(at: Point(x: 80, y: 10), time: time)
    for step in 1...10 {
      time += 0.05
      view.moveDrag(to: Point(x: 80 - Double(step) * 4, y: 10), time: time)
    }
    view.endDrag(at: Point(x: 40, y: 10), time: time)
    #expect(carousel.targetIndex == 1)
    time += 0.02
    carousel.tick(now: time)
    carousel.step(by: 1)
    settle(carousel, from: &time)
    #expect(carousel.currentIndex == 2)
  }

  @Test func nearestDuringAnAnimationKeepsGoingInsteadOfStoppingHalfWay() {
    let (collectionView, recorder) = makeCollectionView(counts: [1_000])
    defer { withExtendedLifetime(recorder) {} }
    collectionView.layoutIfNeeded()
    var time = 0.0
    collectionView.scroll(by: .pages(1))  // to 100
    time += 0.1
    collectionView.tick(now: time)
    // Row 12 (120–130) is on screen now but not where the content is heading: nothing to do.
    collectionView.scrollToItem(at: ItemPath(section: 0, item: 12), at: .nearest, animated: true)
    #expect(collectionView.isScrollAnimating, "the page animation carries on")
    settle(collectionView, from: time)
    #expect(collectionView.contentOffset.y == 100)
  }

  // MARK: Appends cost what they add

  @Test(arguments: [false, true])
  func appendingToAWaterfallPlacesOnlyTheNewItems(estimated: Bool) {
    var asked: [ItemPath] = []
    let height: WaterfallLayout.ItemHeight =
      estimated
      ? .estimated(30)
      : .perItem { path, _ in
        asked.append(path)
        return Double(20 + (path.item * 37) % 50)
      }
    let layout = WaterfallLayout(columns: .fixed(3), itemHeight: height, itemSpacing: 2)
    let (collectionView, recorder) = makeCollectionView(
      counts: [300], layout: layout, viewport: Size(width: 90, height: 200))
    defer { withExtendedLifetime(recorder) {} }
    collectionView.layoutIfNeeded()
    if estimated {
      // Scroll through, measuring every item at its own height.
      recorder.measuredLength = { path in Double(20 + (path.item * 37) % 50) }
      var offset = 0.0
      while offset < collectionView.contentSize.height {
        collectionView.contentOffset = Point(x: 0, y: offset)
        collectionView.layoutIfNeeded()
        offset += 100
      }
    }
    let before = (0..<300).map { layout.frameForItem(at: ItemPath(section: 0, item: $0))! }
    asked.removeAll()
    recorder.counts = [360]
    collectionView.insertItems(at: (300..<360).map { ItemPath(section: 0, item: $0) })
    collectionView.layoutIfNeeded()
    if !estimated {
      #expect(Set(asked) == Set((300..<360).map { ItemPath(section: 0, item: $0) }))
      #expect(asked.count == 60, "each new item asked once")
    }
    let after = (0..<300).map { layout.frameForItem(at: ItemPath(section: 0, item: $0))! }
    #expect(after == before, "no placed item moved")
    // A reload lays everything out again, as in UIKit.
    asked.removeAll()
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    if !estimated { #expect(asked.count == 360) }
  }

  @Test func appendingToAListAsksOnlyForTheNewItemsLengths() {
    var asked: [ItemPath] = []
    let layout = ListLayout(
      itemSizing: .perItem { path in
        asked.append(path)
        return Double(1 + path.item % 3)
      })
    let (collectionView, recorder) = makeCollectionView(
      counts: [2, 500], layout: layout, viewport: Size(width: 20, height: 30))
    defer { withExtendedLifetime(recorder) {} }
    collectionView.layoutIfNeeded()
    asked.removeAll()
    recorder.counts = [2, 520]
    collectionView.insertItems(at: (500..<520).map { ItemPath(section: 1, item: $0) })
    collectionView.layoutIfNeeded()
    #expect(asked.count == 20 && asked.allSatisfy { $0.item >= 500 })
  }

  // MARK: Pinned headers cover the viewport

  @Test func itemsScrolledToLandClearOfPinnedHeadersAndFooters() {
    let layout = ListLayout(
      itemSizing: .uniform(1), headerLength: .fixed(2), footerLength: .fixed(1))
    layout.pinsHeaders = true
    layout.pinsFooters = true
    let (collectionView, recorder) = makeCollectionView(
      counts: [50, 50, 50], layout: layout, viewport: Size(width: 20, height: 10))
    defer { withExtendedLifetime(recorder) {} }
    for position in [ScrollPosition.start, .center, .end, .nearest] {
      for item in [0, 7, 25, 49] {
        for section in 0..<3 {
          let path = ItemPath(section: section, item: item)
          // From far above and far below, for `.nearest`.
          for origin in [0.0, 1_000.0] {
            collectionView.contentOffset = Point(x: 0, y: origin)
            collectionView.scrollToItem(at: path, at: position, animated: false)
            let frame = collectionView.frameForItem(at: path)!
            #expect(
              isFullyVisibleAndClear(path, in: collectionView),
              "\(position) \(path) from \(origin): \(frame) at \(collectionView.contentOffset.y)")
            if position == .start, collectionView.contentOffset.y > 0,
              collectionView.contentOffset.y < collectionView.maximumContentOffset.y
            {
              #expect(
                frame.minY == collectionView.contentOffset.y + 2, "just below the pinned header")
            }
          }
        }
      }
    }
  }

  @Test func theEndThenUpSequenceKeepsTheFocusedRowBelowThePinnedHeader() {
    // The list page's geometry: rows of 1, headers of 1, 50 rows a section, 18 rows shown.
    let layout = ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1))
    layout.pinsHeaders = true
    let (collectionView, recorder) = makeCollectionView(
      counts: Array(repeating: 50, count: 20), layout: layout, viewport: Size(width: 80, height: 18)
    )
    defer { withExtendedLifetime(recorder) {} }
    var flat = 999
    var time = 0.0
    func show() {
      let path = ItemPath(section: flat / 50, item: flat % 50)
      collectionView.scrollToItem(at: path, at: .nearest, animated: true)
      time += 0.03
      collectionView.tick(now: time)
    }
    show()
    for _ in 0..<41 {
      flat -= 1
      show()
    }
    settle(collectionView, from: time)
    let path = ItemPath(section: flat / 50, item: flat % 50)
    #expect(isFullyVisibleAndClear(path, in: collectionView))
  }

  // MARK: The option bar at scale

  @Test func anOptionBarWithEstimatedWidthsAsksOnlyForTheColumnsItShows() {
    final class Many: OptionBarDataSource, OptionBarDelegate {
      var asked = 0
      func numberOfColumns(in optionBar: OptionBar) -> Int { 10_000_000 }
      func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
        optionBar.dequeueReusableCell(
          RecordingCell.self, withReuseIdentifier: "tab", forColumnAt: index)
      }
      func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
        asked += 1
        return Double(4 + index % 9)
      }
    }
    let many = Many()
    let bar = OptionBar(viewportSize: Size(width: 80, height: 1))
    bar.collectionView.diagnostics.handler = nil
    bar.register(RecordingCell.self, forCellWithReuseIdentifier: "tab")
    bar.estimatedColumnWidth = 8
    bar.delegate = many
    bar.dataSource = many
    #expect(bar.numberOfColumns == 10_000_000)
    #expect(many.asked < 100, "asked \(many.asked) widths")
    bar.select(6_543_210, animated: false)
    let frame = bar.frameForColumn(at: 6_543_210)!
    #expect(frame.width == Double(4 + 6_543_210 % 9), "measured when shown")
    #expect(frame.midX - bar.collectionView.contentOffset.x == 40, "centred exactly")
    #expect(many.asked < 200)
  }
}
