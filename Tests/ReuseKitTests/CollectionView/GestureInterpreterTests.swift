import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A vertical list 100 points wide and 200 tall, items 20 points tall, with a scroll track at
/// x 100–110 and a section index at x 110–120 (as a host draws them beside the content).
private func makeList(sections: Int = 20, items: Int = 10) -> (CollectionView, Board) {
  let (view, board) = makeBoard(
    (0..<sections).map { section in (0..<items).map { section * items + $0 } },
    layout: ListLayout(itemSizing: .uniform(20)), viewport: Size(width: 100, height: 200))
  board.hasIndexTitles = true
  view.reloadData()
  view.pointerRegions = PointerRegions(
    scrollIndicator: Rect(x: 110, y: 0, width: 10, height: 200),
    sectionIndex: Rect(x: 100, y: 0, width: 10, height: 200))
  view.layoutIfNeeded()
  return (view, board)
}

private func press(
  _ view: CollectionView, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ time: Double
) -> Bool {
  view.handle(PointerEvent(phase, at: Point(x: x, y: y), time: time))
}

@Suite struct GestureInterpreterTests {
  @Test func aReleaseThatNeverMovedTapsAndADragDoesNot() {
    let (view, board) = makeList()
    #expect(press(view, .began, 50, 30, 0))
    #expect(press(view, .moved, 51, 31, 0.01))  // within the slop
    #expect(press(view, .ended, 51, 31, 0.02))
    #expect(board.selected == [ItemPath(section: 0, item: 1)])
    #expect(!view.hasPointerCapture)
    #expect(press(view, .began, 50, 150, 1))
    #expect(press(view, .moved, 50, 100, 1.02))
    #expect(press(view, .ended, 50, 100, 1.04))
    #expect(board.selected.count == 1, "a drag is not a tap")
    #expect(view.contentOffset.y > 0 || view.isDecelerating)
  }

  /// A press that catches a fling stops it and selects nothing, as in UIKit (it selected the
  /// row under it: a new user's finding); the next press, on still content, taps.
  @Test func aPressThatCatchesAFlingOnlyStopsIt() {
    let (view, board) = makeList()
    #expect(press(view, .began, 50, 190, 0))
    #expect(press(view, .moved, 50, 120, 0.02))
    #expect(press(view, .moved, 50, 20, 0.04))
    #expect(press(view, .ended, 50, 20, 0.05))
    view.tick(now: 0.1)
    #expect(view.isDecelerating)
    #expect(press(view, .began, 50, 30, 0.15))
    #expect(!view.isDecelerating, "the press stops the fling")
    #expect(press(view, .ended, 50, 30, 0.2))
    #expect(board.selected.isEmpty, "\(board.selected)")
    let offset = view.contentOffset
    view.tick(now: 0.5)
    #expect(view.contentOffset == offset)
    #expect(press(view, .began, 50, 30, 1))
    #expect(press(view, .ended, 50, 30, 1.05))
    #expect(board.selected.count == 1)
  }

  @Test func pressesOutsideTheViewportAndTheRegionsAreNotTaken() {
    let (view, _) = makeList()
    #expect(!press(view, .began, 150, 50, 0))
    #expect(!press(view, .moved, 150, 60, 0.01))
    #expect(!press(view, .ended, 150, 60, 0.02))
  }

  @Test func theThumbIsGrabbedWherePressedAndTheTrackJumps() throws {
    let (view, board) = makeList()
    let thumb = try #require(view.scrollThumb(trackLength: 200))
    // On the thumb: dragging it 50 points moves the content, and no tap happens.
    #expect(press(view, .began, 115, thumb.offset + 1, 0))
    #expect(view.hasPointerCapture)
    #expect(press(view, .moved, 115, thumb.offset + 51, 0.02))
    let afterDrag = view.contentOffset.y
    #expect(afterDrag > 0)
    let moved = try #require(view.scrollThumb(trackLength: 200))
    #expect(abs(moved.offset - (thumb.offset + 50)) < 1.5, "the thumb follows the pointer")
    #expect(press(view, .ended, 115, thumb.offset + 51, 0.04))
    #expect(board.selected.isEmpty)
    // Off the thumb: its middle jumps there.
    #expect(press(view, .began, 115, 190, 1))
    #expect(press(view, .ended, 115, 190, 1.01))
    #expect(view.contentOffset.y == view.maximumContentOffset.y || view.contentOffset.y > afterDrag)
  }

  /// Rows inserted above while the thumb is held: the next move goes on from where the content
  /// is drawn, instead of jumping to the old mapping.
  @Test func aGrabbedThumbFollowsContentThatMovedUnderIt() throws {
    let (view, board) = makeList()
    let thumb = try #require(view.scrollThumb(trackLength: 200))
    #expect(press(view, .began, 115, thumb.offset + 1, 0))
    #expect(press(view, .moved, 115, thumb.offset + 41, 0.02))
    view.layoutIfNeeded()
    let before = view.contentOffset.y
    view.performBatchUpdates(animated: false) {
      board.sections[0].insert(contentsOf: 1000..<1040, at: 0)
      view.insertItems(at: (0..<40).map { ItemPath(section: 0, item: $0) })
    }
    view.layoutIfNeeded()
    #expect(view.contentOffset.y == before + 40 * 20, "the anchor kept what is on screen")
    #expect(press(view, .moved, 115, thumb.offset + 42, 0.04))
    // One point of track is a few rows at most; the old mapping would have jumped back up
    // by about 40 rows' worth.
    #expect(abs(view.contentOffset.y - (before + 800)) < 100)
    #expect(press(view, .ended, 115, thumb.offset + 42, 0.06))
  }

  @Test func theSectionIndexJumpsUnderAPressAndADrag() {
    let (view, board) = makeList()
    #expect(press(view, .began, 105, 0.5, 0))
    #expect(board.jumps == [0])
    #expect(view.pressedIndexTitle == 0)
    #expect(press(view, .moved, 105, 100.5, 0.02))  // half-way down the index: section 10
    #expect(board.jumps == [0, 10])
    #expect(view.contentOffset.y == 10 * 10 * 20)
    #expect(press(view, .moved, 105, 101, 0.03))  // the same title: no second jump
    #expect(board.jumps == [0, 10])
    #expect(press(view, .ended, 105, 101, 0.04))
    #expect(view.pressedIndexTitle == nil)
    #expect(board.selected.isEmpty)
  }

  @Test func aGripLiftsTheItemAndTheReleaseDropsIt() {
    let (view, board) = makeList(sections: 1, items: 20)
    view.reorderGrip = { _, point in point.x < 10 }
    // Off the grip: an ordinary press.
    #expect(press(view, .began, 50, 10, 0))
    #expect(view.interactivelyMovingItem == nil)
    #expect(press(view, .ended, 50, 10, 0.01))
    // On the grip: item 0 lifts, follows down three rows, and drops there.
    #expect(press(view, .began, 5, 10, 1))
    #expect(view.interactivelyMovingItem == ItemPath(section: 0, item: 0))
    #expect(press(view, .moved, 5, 70, 1.1))
    #expect(view.interactiveMovementTarget == ItemPath(section: 0, item: 3))
    #expect(press(view, .ended, 5, 70, 1.2))
    #expect(board.moves.count == 1)
    #expect(board.sections[0][3] == 0)
  }

  /// A grip pressed while an update animates lifts the item drawn under it, not the one
  /// gliding into its place (a new user's finding: the task moved was another).
  @Test func aGripDuringAnUpdateAnimationLiftsTheItemDrawnThere() {
    let (view, board) = makeList(sections: 1, items: 20)
    view.reorderGrip = { _, point in point.x < 10 }
    view.tick(now: 1)
    // Value 0 moves to index 5: values 1–5 glide up a row each.
    board.sections[0].insert(board.sections[0].remove(at: 0), at: 5)
    view.performBatchUpdates(animated: true) {
      view.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 5))
    }
    view.tick(now: 1 + 1.0 / 60)
    #expect(view.isAnimating)
    // Row 3 (y 60–80) still shows value 3, now at index 2; the layout puts value 4 there.
    #expect(press(view, .began, 5, 70, 1.02))
    #expect(view.interactivelyMovingItem == ItemPath(section: 0, item: 2), "value 3")
    #expect(view.handle(KeyPress(.escape)))
  }

  @Test func escapeCancelsALiftedItemAndACancelledPointerLetsGo() {
    let (view, board) = makeList(sections: 1, items: 20)
    view.reorderGrip = { _, _ in true }
    #expect(press(view, .began, 5, 10, 0))
    #expect(press(view, .moved, 5, 90, 0.1))
    #expect(view.handle(KeyPress(.escape)))
    #expect(view.interactivelyMovingItem == nil)
    #expect(!view.hasPointerCapture)
    #expect(!press(view, .ended, 5, 90, 0.2), "the release of a cancelled press is not taken")
    #expect(board.moves.isEmpty)
    // A drag that the host loses settles without tapping.
    #expect(press(view, .began, 50, 150, 1))
    view.reorderGrip = nil
    #expect(press(view, .cancelled, 50, 150, 1.1))
    #expect(!view.isTracking)
    #expect(board.selected.isEmpty)
    #expect(!view.handle(KeyPress(.escape)), "nothing to cancel")
  }

  @Test func theKeyMapMovesTheFocusAndPagesLandAtOnce() {
    let (view, board) = makeList(sections: 1, items: 100)
    #expect(view.handle(KeyPress(.down)))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 0))
    #expect(view.handle(KeyPress(.down)))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 1))
    #expect(!view.handle(KeyPress(.left)), "a cross arrow in a list is not used")
    #expect(view.handle(KeyPress(.pageDown)))
    #expect(!view.isAnimating, "a page lands in the frame of the key")
    let focused = view.focusedIndexPath!
    let frame = view.frameForItem(at: focused)!
    #expect(view.bounds.contains(Point(x: frame.midX, y: frame.midY)))
    #expect(view.handle(KeyPress(.end)))
    #expect(!view.isAnimating)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 99))
    #expect(view.contentOffset.y == view.maximumContentOffset.y)
    #expect(view.handle(KeyPress(.home, modifiers: .control)))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 0))
    #expect(view.handle(KeyPress(.enter)))
    #expect(board.selected == [ItemPath(section: 0, item: 0)])
    #expect(!view.handle(KeyPress(.character("x"))))
    // A map that animates jumps.
    view.keyMap.animatesJumps = true
    #expect(view.handle(KeyPress(.end)))
    #expect(view.isAnimating)
  }

  @Test func aWheelScrollsAndAVerticalWheelScrollsAHorizontalList() {
    let (view, _) = makeList()
    #expect(view.handle(WheelEvent(delta: Point(x: 0, y: 30), time: 0)))
    #expect(view.contentOffset.y == 30)
    let (strip, board) = makeBoard(
      [Array(0..<50)], layout: ListLayout(scrollDirection: .horizontal, itemSizing: .uniform(20)),
      viewport: Size(width: 100, height: 20))
    #expect(strip.handle(WheelEvent(delta: Point(x: 0, y: 30), time: 0)))
    #expect(strip.contentOffset.x == 30)
    withExtendedLifetime(board) {}
  }

  @Test func thePressTrackerTellsATapFromADrag() {
    var tracker = PressTracker(slop: 3)
    func track(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) -> Bool {
      tracker.track(PointerEvent(phase, at: Point(x: x, y: y), time: 0))
    }
    #expect(!track(.began, 0, 0))
    #expect(!track(.moved, 2, 0))
    #expect(track(.ended, 2, 2))
    #expect(!tracker.isPressed)
    _ = track(.began, 0, 0)
    #expect(!track(.ended, 0, 3))
    #expect(!track(.ended, 0, 0), "no press")
  }
}
