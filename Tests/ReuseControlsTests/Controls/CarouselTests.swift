import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

@Suite struct CarouselTests {
  @Test func cardsPageWithNeighboursPeekingAndSideCardsScaled() {
    let (carousel, cards) = makeCarousel(5)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    #expect(carousel.layout.cardWidth == 60)
    #expect(shownItems(carousel) == [0, 1], "the first card and its right neighbour")
    var transforms: [Transform] = []
    carousel.collectionView.forEachDisplayedView { transforms.append($1.transform) }
    #expect(transforms[0] == .identity)
    #expect(transforms[1].scaleX == 0.9 && transforms[1].scaleY == 0.8)
  }

  @Test(arguments: [1, 2, 3])
  func wrappingWithFewItemsUsesModularSlots(_ count: Int) {
    let (carousel, cards) = makeCarousel(count, wraps: true)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    // Centred card, and its neighbours on both sides: slots show slot mod count.
    let slots = carousel.collectionView.indexPathsForVisibleItems.map(\.item)
    #expect(slots.count == 3)
    #expect(shownItems(carousel) == slots.map { carousel.item(forSlot: $0) })
    #expect(carousel.currentIndex == 0)
    // Far in both directions, the indices wrap.
    var time = 0.0
    for step in 1...7 {
      carousel.scroll(to: carousel.currentIndex + 1, animated: true)
      settle(carousel, from: &time)
      #expect(carousel.currentIndex == step % count)
      #expect(
        shownItems(carousel)
          == carousel.collectionView.indexPathsForVisibleItems.map {
            carousel.item(forSlot: $0.item)
          })
    }
    // A reload keeps the current item and the slots consistent.
    cards.count = count + 2
    carousel.reloadData()
    #expect(carousel.currentIndex == 7 % count)
    #expect(
      shownItems(carousel)
        == carousel.collectionView.indexPathsForVisibleItems.map { carousel.item(forSlot: $0.item) }
    )
  }

  /// A reload during a step's animation (the wrap turned on, by `w`) rests on the card the
  /// steps were heading to: it went back to the card they started from (a new user's finding).
  @Test(arguments: [false, true])
  func aReloadDuringAStepKeepsTheStepsTarget(wrapsBefore: Bool) {
    let (carousel, cards) = makeCarousel(12, wraps: wrapsBefore)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    carousel.scroll(to: 9, animated: false)
    var time = 0.0
    carousel.tick(now: time)
    for _ in 0..<3 { carousel.step(by: -1, animated: true) }
    time += 0.05
    carousel.tick(now: time)
    #expect(carousel.collectionView.isAnimating)
    #expect(carousel.targetIndex == 6)
    carousel.wraps.toggle()
    settle(carousel, from: &time)
    #expect(carousel.currentIndex == 6)
  }

  /// A wrapping carousel's container counts its cards, not the slots they show in (a screen
  /// reader heard "Cards, 1,000,000 items" for 12 cards).
  @Test func theContainerCountsCardsNotSlots() {
    for wraps in [false, true] {
      let (carousel, cards) = makeCarousel(12, wraps: wraps)
      defer { withExtendedLifetime(cards) {} }
      #expect(carousel.collectionView.accessibilityContainerElement.setSize == 12, "\(wraps)")
    }
  }

  @Test func scrollToTakesTheShortestWayRound() {
    let (carousel, cards) = makeCarousel(5, wraps: true)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    let start = carousel.collectionView.contentOffset.x
    carousel.scroll(to: 4, animated: false)
    #expect(carousel.currentIndex == 4)
    #expect(
      carousel.collectionView.contentOffset.x == start - carousel.layout.cardStride,
      "one card back, not four ahead")
    carousel.scroll(to: 1, animated: false)
    #expect(carousel.collectionView.contentOffset.x == start + carousel.layout.cardStride)
  }

  /// More cards than half the run still wrap: from the first card, one step back is the
  /// last, and a card peeks on the left. Past 500,000 cards (a run of 1,000,000 slots) End and
  /// ← from the first card did nothing, the heading saying "wrap on" (a new user's finding).
  @Test(arguments: [600_000, 2_000_000])
  func aLongRunStillWraps(count: Int) {
    let (carousel, cards) = makeCarousel(count, wraps: true)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    #expect(carousel.currentIndex == 0)
    let start = carousel.collectionView.contentOffset.x
    carousel.scroll(to: count - 1, animated: false)
    #expect(carousel.currentIndex == count - 1)
    #expect(carousel.collectionView.contentOffset.x == start - carousel.layout.cardStride)
    carousel.step(by: 1, animated: false)
    #expect(carousel.currentIndex == 0)
    #expect(shownItems(carousel).contains(count - 1), "the last card peeks on the left")
  }

  @Test func currentIndexChangesDuringTheDrag() {
    let (carousel, cards) = makeCarousel(10)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    let view = carousel.collectionView
    view.beginDrag(at: Point(x: 90, y: 10), time: 1)
    for step in 1...20 {
      view.moveDrag(to: Point(x: 90 - Double(step) * 4, y: 10), time: 1 + Double(step) / 60)
    }
    // 80 points dragged, more than half a card: still dragging, already current.
    #expect(view.isTracking || view.isDragging)
    #expect(carousel.currentIndex == 1)
    #expect(cards.currentIndexChanges == [1])
    view.endDrag(at: Point(x: 10, y: 10), time: 1.4)
    var time = 1.4
    settle(carousel, from: &time)
    #expect(carousel.currentIndex == 1, "paging: one card per fling")
  }

  @Test func autoscrollPausesWhileTheUserDragsOnTheInjectedClock() {
    let (carousel, cards) = makeCarousel(10)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    carousel.autoscrollInterval = 2
    carousel.tick(now: 0)  // starts the count: due at 2
    #expect(carousel.nextAutoscroll == 2)
    carousel.tick(now: 1)
    let view = carousel.collectionView
    view.beginDrag(at: Point(x: 50, y: 10), time: 1.5)
    view.moveDrag(to: Point(x: 45, y: 10), time: 1.6)
    carousel.tick(now: 2.5)  // past due, but dragging: paused
    #expect(carousel.nextAutoscroll == nil)
    #expect(carousel.currentIndex == 0)
    view.endDrag(at: Point(x: 45, y: 10), time: 3)
    var time = 3.0
    settle(carousel, from: &time)  // the cards settle back on card 0
    #expect(carousel.currentIndex == 0)
    expectAFullIntervalThenOneCard(carousel, from: &time)  // counting from the settling
  }

  /// A step asked for (a key) counts as the user's: the next automatic move is a whole
  /// interval after it settles, so five quick steps go five cards (a new user's finding: the
  /// autoscroll came on the heels of a key, and they went six).
  @Test func aStepAskedForRestartsTheAutoscrollsCount() {
    let (carousel, cards) = makeCarousel(10)
    defer { withExtendedLifetime(cards) {} }
    carousel.autoscrollInterval = 2
    var time = 0.0
    carousel.tick(now: time)  // due at 2
    time = 1.9
    carousel.tick(now: time)
    for _ in 0..<5 { carousel.step(by: 1) }
    #expect(carousel.nextAutoscroll == nil, "the count starts again once the cards settle")
    settle(carousel, from: &time)
    #expect(carousel.currentIndex == 5, "five steps, five cards")
    expectAFullIntervalThenOneCard(carousel, from: &time)
  }

  /// From `time` the autoscroll waits a whole interval (2 s), then moves on one card.
  private func expectAFullIntervalThenOneCard(
    _ carousel: Carousel, from time: inout Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = carousel.currentIndex
    carousel.tick(now: time)
    #expect(
      carousel.nextAutoscroll ?? 0 > time + 1.9, "a full interval first",
      sourceLocation: sourceLocation)
    autoscrollOnce(carousel, from: &time)
    #expect(carousel.currentIndex == before + 1, "then one card", sourceLocation: sourceLocation)
  }

  /// No card shows (a window too small for the page): the autoscroll pauses, and goes on one
  /// card at a time once they show again (its unseen steps added up, and the cards jumped on
  /// several when the window grew: a new user's finding).
  @Test func autoscrollPausesWhileNoCardShows() {
    let (carousel, cards) = makeCarousel(10)
    defer { withExtendedLifetime(cards) {} }
    let view = carousel.collectionView
    let size = view.viewportSize
    carousel.autoscrollInterval = 2
    var time = 0.0
    carousel.tick(now: time)
    view.viewportSize = .zero
    for _ in 0..<40 {  // 8 s, four intervals
      time += 0.2
      carousel.tick(now: time)
    }
    #expect(carousel.currentIndex == 0)
    #expect(carousel.nextAutoscroll == nil)
    view.viewportSize = size
    view.layoutIfNeeded()
    expectAFullIntervalThenOneCard(carousel, from: &time)
    #expect(carousel.currentIndex == 1)
  }

  @Test func aSleepingHostKnowsWhenToTickNext() {
    let (carousel, cards) = makeCarousel(10)
    defer { withExtendedLifetime(cards) {} }
    #expect(carousel.nextTickTime == nil, "no autoscroll, no timer")
    carousel.autoscrollInterval = 3
    carousel.tick(now: 10)
    #expect(carousel.nextTickTime == 13)
    carousel.collectionView.beginDrag(at: Point(x: 50, y: 10), time: 11)
    carousel.tick(now: 11)
    #expect(carousel.nextTickTime == nil, "a finger is down: the release wakes the host")
    carousel.collectionView.endDrag(at: Point(x: 50, y: 10), time: 11.1)
    #expect(carousel.nextTickTime == 11, "released: due at once, to start counting again")
    carousel.tick(now: 11.2)
    #expect(carousel.nextTickTime == 14.2, "counting again from rest")
    cards.count = 1
    carousel.reloadData()
    #expect(carousel.nextTickTime == nil, "one card: nothing to scroll to")
  }

  @Test func tapsSelectTheCentreAndScrollToAPeekingCard() {
    let (carousel, cards) = makeCarousel(5)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    carousel.collectionView.tap(at: Point(x: 50, y: 10))
    #expect(cards.selected == [0])
    carousel.collectionView.tap(at: Point(x: 95, y: 10))  // the peeking right neighbour
    var time = 0.0
    settle(carousel, from: &time)
    #expect(carousel.currentIndex == 1)
    #expect(cards.selected == [0])
  }

  @Test func reloadKeepsThePool() {
    let (carousel, cards) = makeCarousel(8, wraps: true)
    defer { withExtendedLifetime(cards) {} }  // the data source is held weakly
    #expect(carousel.collectionView.attachStrategy == .hide)
    let created = carousel.collectionView.reuseCounters.created
    for round in 0..<100 {
      cards.count = 3 + round % 6
      carousel.reloadData()
    }
    #expect(carousel.collectionView.reuseCounters.created <= max(created, 3) + 1)
    #expect(carousel.collectionView.reuseCounters.discarded == 0)
  }
}

@Suite struct CarouselDataSourceLifetimeTests {
  @Test func aDataSourceThatGoesAwayShowsBlankCardsWithADiagnostic() {
    let carousel = Carousel(
      layout: CarouselLayout(peekInset: 12, spacing: 8), viewportSize: Size(width: 100, height: 20))
    var reports: [String] = []
    carousel.collectionView.diagnostics.handler = { reports.append($0.message) }
    carousel.register(CardCell.self, forCellWithReuseIdentifier: "card")
    do {
      let cards = Cards(5)
      carousel.dataSource = cards
      #expect(shownItems(carousel) == [0, 1])
    }
    // The cards are gone (held weakly); scrolling shows blank cells instead of crashing.
    carousel.scroll(to: 3, animated: false)
    #expect(carousel.collectionView.visibleCells.allSatisfy { !($0 is CardCell) })
    #expect(reports.contains { $0.contains("went away") })
    carousel.reloadData()
    #expect(carousel.itemCount == 0 && carousel.collectionView.visibleCells.isEmpty)
  }
}
