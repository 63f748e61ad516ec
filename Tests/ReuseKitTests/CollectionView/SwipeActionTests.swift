import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A list whose rows have Delete and Done on the trailing edge and Pin on the leading edge,
/// recording what was performed.
private final class SwipeList {
  let view: CollectionView
  let board: Board
  var performed: [(String, ItemPath)] = []

  /// `deletes`: the trailing edge has Delete alone, and it removes the row from the data and
  /// the view (else Delete and Done are only recorded).
  init(count: Int = 100, leading: Bool = true, deletes: Bool = false) {
    (view, board) = makeBoard([Array(0..<count)])
    view.trailingSwipeActionsProvider = { [unowned self] path in
      let delete = SwipeAction(title: "Delete", style: .destructive, width: 20) {
        [unowned self] in
        performed.append(("Delete", $0))
        if deletes {
          board.sections[0].remove(at: $0.item)
          view.deleteItems(at: [$0])
        }
      }
      if deletes { return SwipeActionsConfiguration(actions: [delete]) }
      return SwipeActionsConfiguration(actions: [
        delete,
        SwipeAction(title: "Done", width: 15) { [unowned self] in performed.append(("Done", $0)) },
      ])
    }
    if leading {
      view.leadingSwipeActionsProvider = { [unowned self] path in
        SwipeActionsConfiguration(
          actions: [
            SwipeAction(title: "Pin", width: 25) { [unowned self] in performed.append(("Pin", $0)) }
          ],
          performsFirstActionWithFullSwipe: false)
      }
    }
  }

  /// A drag from `start` by `steps` moves of (`dx`, `dy`) each, 1/60 s apart; returns the time.
  @discardableResult
  func drag(
    from start: Point, dx: Double, dy: Double, steps: Int, time: Double, lift: Bool = true
  ) -> Double {
    var time = time
    var point = start
    view.beginDrag(at: point, time: time)
    for _ in 0..<steps {
      time += 1.0 / 60
      point.x += dx
      point.y += dy
      view.moveDrag(to: point, time: time)
    }
    if lift { view.endDrag(at: point, time: time) }
    return time
  }
}

@Suite struct SwipeActionTests {
  /// A swipe that begins while an update animates swipes the row drawn under the finger, not
  /// the one gliding into its place (a full swipe deleted another task: a new user's finding).
  @Test func aSwipeDuringAnUpdateAnimationTakesTheRowDrawnThere() {
    let list = SwipeList()
    var time = 0.0
    list.view.tick(now: time)
    // Value 0 moves to index 5: values 1–5 glide up a row each.
    list.board.sections[0].insert(list.board.sections[0].remove(at: 0), at: 5)
    list.view.performBatchUpdates(animated: true) {
      list.view.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 5))
    }
    time += 1.0 / 60
    list.view.tick(now: time)
    #expect(list.view.isAnimating)
    // Row 3 (y 30–40) still shows value 3, now at index 2; the layout puts value 4 there.
    list.drag(from: Point(x: 90, y: 35), dx: -2, dy: 0, steps: 12, time: time)
    #expect(list.view.swipedItem == ItemPath(section: 0, item: 2), "value 3, drawn there")
    run(list.view, 0.5, &time)
  }

  @Test func aSlowSwipeLeftPastHalfOpensTheTrailingActionsWithoutScrolling() {
    let list = SwipeList()
    var time = list.drag(from: Point(x: 90, y: 35), dx: -2, dy: 0.3, steps: 12, time: 0)
    #expect(list.view.contentOffset.y == 0)
    #expect(list.view.swipedItem == ItemPath(section: 0, item: 3))
    run(list.view, 0.5, &time)
    #expect(list.view.swipeOffset == -35)
    let revealed = list.view.revealedSwipeActions
    #expect(revealed.map(\.action.title) == ["Delete", "Done"])
    // Delete outermost, at the row's right edge; Done inside it.
    #expect(revealed[0].frame == Rect(x: 80, y: 30, width: 20, height: 10))
    #expect(revealed[1].frame == Rect(x: 65, y: 30, width: 15, height: 10))
    // The row is drawn moved left by the actions' width.
    #expect(drawnFrame(list.view, ItemPath(section: 0, item: 3))?.minX == -35)
    #expect(!list.view.isAnimating)
    // A tap on Done performs it and closes the row.
    #expect(list.view.tap(at: Point(x: 70, y: 35)) == nil)
    #expect(list.performed.map(\.0) == ["Done"])
    #expect(list.performed.first?.1 == ItemPath(section: 0, item: 3))
    #expect(list.view.swipedItem == nil)
    #expect(list.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test func aShortSwipeClosesAgainAndAFastOneOpens() {
    let list = SwipeList()
    var time = list.drag(from: Point(x: 90, y: 35), dx: -0.5, dy: 0, steps: 20, time: 0)
    run(list.view, 0.5, &time)
    #expect(list.view.swipedItem == nil)
    #expect(list.view.swipeOffset == 0)
    // 10 points only, but quick: it opens.
    time = list.drag(from: Point(x: 90, y: 35), dx: -5, dy: 0, steps: 3, time: time + 1)
    run(list.view, 0.5, &time)
    #expect(list.view.swipeOffset == -35)
  }

  @Test func aFullSwipePerformsTheFirstAction() {
    let list = SwipeList()
    var time = list.drag(from: Point(x: 95, y: 15), dx: -4, dy: 0, steps: 20, time: 0, lift: false)
    #expect(list.view.revealedSwipeActions.first?.isArmed == true)
    #expect(list.view.revealedSwipeActions.first?.frame.width == 80)
    list.view.endDrag(at: Point(x: 15, y: 15), time: time)
    #expect(list.performed.map(\.0) == ["Delete"])
    #expect(list.performed.first?.1 == ItemPath(section: 0, item: 1))
    run(list.view, 0.5, &time)
    #expect(list.view.swipedItem == nil)
    // Without a full swipe, the leading side resists past its action and opens on release.
    time = list.drag(from: Point(x: 5, y: 15), dx: 4, dy: 0, steps: 20, time: time + 1, lift: false)
    #expect(list.view.swipeOffset < 40 && list.view.swipeOffset > 25)
    list.view.endDrag(at: Point(x: 85, y: 15), time: time)
    run(list.view, 0.5, &time)
    #expect(list.performed.count == 1)
    #expect(list.view.swipeOffset == 25)
  }

  @Test func aVerticalDragScrollsAndClosesTheOpenRow() {
    let list = SwipeList()
    #expect(
      list.view.openSwipeActions(
        forItemAt: ItemPath(section: 0, item: 2), edge: .trailing, animated: false))
    var time = list.drag(from: Point(x: 50, y: 80), dx: 0.2, dy: -3, steps: 10, time: 0)
    #expect(list.view.contentOffset.y > 0)
    run(list.view, 1, &time)
    #expect(list.view.swipedItem == nil)
  }

  /// A key that moves the focus off the open row closes it, as a touch on another row does
  /// (it stayed open under a focus gone elsewhere: a new user's finding).
  @Test func aKeyMovingTheFocusOffTheOpenRowClosesIt() {
    let list = SwipeList()
    let row = ItemPath(section: 0, item: 2)
    list.view.focusItem(at: row)
    #expect(list.view.openSwipeActions(forItemAt: row, edge: .trailing, animated: false))
    var time = 0.0
    #expect(list.view.handle(KeyPress(.down)))
    run(list.view, 1, &time)
    #expect(list.view.focusedIndexPath == ItemPath(section: 0, item: 3))
    #expect(list.view.swipedItem == nil)
  }

  @Test func oneRowOpenAtATime() {
    let list = SwipeList()
    var time = list.drag(from: Point(x: 90, y: 15), dx: -3, dy: 0, steps: 12, time: 0)
    run(list.view, 0.5, &time)
    #expect(list.view.swipedItem == ItemPath(section: 0, item: 1))
    time = list.drag(from: Point(x: 90, y: 55), dx: -3, dy: 0, steps: 12, time: time + 1)
    #expect(list.view.swipedItem == ItemPath(section: 0, item: 5))
    run(list.view, 0.5, &time)
    #expect(list.view.swipeOffset == -35)
    var moved: [ItemPath] = []
    list.view.forEachDisplayedView { _, attributes in
      if attributes.category == .cell, attributes.frame.minX != 0 {
        moved.append(attributes.indexPath)
      }
    }
    #expect(moved == [ItemPath(section: 0, item: 5)])
    // A tap elsewhere closes it and selects nothing.
    #expect(list.view.tap(at: Point(x: 50, y: 85)) == nil)
    run(list.view, 0.5, &time)
    #expect(list.view.swipedItem == nil)
    #expect(list.view.indexPathsForSelectedItems.isEmpty)
  }

  @Test func rowsWithoutActionsOnThatSideScroll() {
    let list = SwipeList(leading: false)
    // A swipe right: no leading actions, so it stays a (horizontal, impossible) scroll.
    list.drag(from: Point(x: 10, y: 15), dx: 3, dy: 0, steps: 10, time: 0)
    #expect(list.view.swipedItem == nil)
    #expect(list.view.swipeOffset == 0)
  }

  @Test func anUpdateClosesTheRowAndADeleteActionDeletes() {
    let list = SwipeList(deletes: true)
    var time = list.drag(from: Point(x: 90, y: 25), dx: -3, dy: 0, steps: 8, time: 0)
    run(list.view, 0.5, &time)
    #expect(list.view.swipeOffset == -20)
    #expect(list.view.performSwipeAction(at: Point(x: 90, y: 25)))
    run(list.view, 0.5, &time)
    #expect(list.board.sections[0].prefix(3) == [0, 1, 3])
    #expect(list.board.mismatches(in: list.view).isEmpty)
    list.view.openSwipeActions(
      forItemAt: ItemPath(section: 0, item: 0), edge: .trailing, animated: false)
    list.view.reloadData()
    #expect(list.view.swipedItem == nil)
  }
}

/// A row a swipe action deletes leaves from where it was moved across (it was drawn shut for
/// the length of its fade: a new user's finding), and only that row, only while it leaves.
@Suite struct LeavingSwipedRowTests {
  /// The frames each displayed cell is drawn with now, by the item it shows.
  private func drawnFrames(_ view: CollectionView) -> [(item: Int, frame: Rect)] {
    var frames: [(Int, Rect)] = []
    view.forEachDisplayedView { cell, attributes in
      if let cell = cell as? BoardCell, let value = cell.value, attributes.category == .cell {
        frames.append((value, attributes.frame))
      }
    }
    return frames
  }

  @Test(arguments: [true, false])
  func aDeletedRowLeavesFromWhereItWasMoved(fullSwipe: Bool) {
    let list = SwipeList(deletes: true)
    var time: Double
    if fullSwipe {
      time = list.drag(
        from: Point(x: 95, y: 15), dx: -4, dy: 0, steps: 20, time: 0, lift: false)
      list.view.endDrag(at: Point(x: 15, y: 15), time: time)
    } else {
      time = list.drag(from: Point(x: 90, y: 15), dx: -3, dy: 0, steps: 8, time: 0)
      run(list.view, 0.5, &time)
      #expect(list.view.performSwipeAction(at: Point(x: 90, y: 15)))
    }
    #expect(list.board.sections[0].prefix(3) == [0, 2, 3])
    // Mid-fade: row 1 is drawn all the way out (full swipe) or as far as it was open.
    time += 0.05
    list.view.tick(now: time)
    let leaving = drawnFrames(list.view).first { $0.item == 1 }
    #expect(leaving?.frame.minX == (fullSwipe ? -100 : -20), "\(String(describing: leaving))")
    #expect(drawnFrames(list.view).filter { $0.item != 1 }.allSatisfy { $0.frame.minX == 0 })
    // Gone once the update has played, and a later delete of another row is drawn in place.
    run(list.view, 0.5, &time)
    #expect(!drawnFrames(list.view).contains { $0.item == 1 })
    list.board.sections[0].remove(at: 0)
    list.view.deleteItems(at: [ItemPath(section: 0, item: 0)])
    time += 0.05
    list.view.tick(now: time)
    #expect(drawnFrames(list.view).allSatisfy { $0.frame.minX == 0 })
  }

  /// Row 1 swiped all the way left and let go (its Delete recorded, the row kept).
  private func fullSwipe(_ list: SwipeList) -> Double {
    let time = list.drag(
      from: Point(x: 95, y: 15), dx: -4, dy: 0, steps: 20, time: 0, lift: false)
    list.view.endDrag(at: Point(x: 15, y: 15), time: time)
    #expect(list.performed.map(\.0) == ["Delete"])
    return time
  }

  @Test func anActionThatKeepsTheRowDrawsItInPlace() {
    let list = SwipeList()
    var time = fullSwipe(list)
    time += 0.05
    list.view.tick(now: time)
    #expect(drawnFrames(list.view).allSatisfy { $0.frame.minX == 0 })
    // An update that removes another row soon after draws that one in place, not this one
    // moved.
    list.board.sections[0].remove(at: 5)
    list.view.deleteItems(at: [ItemPath(section: 0, item: 5)])
    list.view.tick(now: time + 0.01)
    #expect(drawnFrames(list.view).allSatisfy { $0.frame.minX == 0 })
  }

  @Test func aKeptRowDeletedLaterLeavesInPlace() {
    let list = SwipeList()
    var time = fullSwipe(list)
    // A second later, with no frame drawn meanwhile, code deletes that row: it is drawn in
    // place as it fades, not moved across as a swipe's delete would be.
    time += 1
    list.view.tick(now: time)
    list.board.sections[0].remove(at: 1)
    list.view.deleteItems(at: [ItemPath(section: 0, item: 1)])
    list.view.tick(now: time + 1.0 / 60)
    list.view.tick(now: time + 0.05)
    #expect(drawnFrames(list.view).allSatisfy { $0.frame.minX == 0 })
  }
}

/// Random swipe sessions: drags at random angles and speeds, on random rows, released or
/// cancelled, taps, ticks. A drag the swipe takes never moves the list; one row at most is
/// ever moved across; every open row rests open at its actions' width or closed.
@Suite struct SwipeActionModelTests {
  @Test(arguments: 0..<40)
  func swipesNeverMoveTheListVertically(_ index: Int) {
    let seed = 0x5A1_9E00 &+ UInt64(index)
    var random = SeededRandom(seed: seed)
    let list = SwipeList(count: 200)
    list.view.contentOffset = Point(x: 0, y: random.double(0...1_000))
    list.view.layoutIfNeeded()
    var time = 0.0
    for step in 0..<30 {
      let context = "seed \(seed), step \(step)"
      let offset = list.view.contentOffset
      switch random.int(0...5) {
      case 0, 1, 2:
        // Within 25° of horizontal: always the swipe's (the lock angle is 30°).
        let angle = random.double(-25...25) * Double.pi / 180
        let speed = random.double(0.5...8) * (random.chance(0.5) ? 1 : -1)
        let start = Point(x: random.double(5...95), y: random.double(1...99))
        let onRow = list.view.indexPathForItem(
          at: Point(x: start.x, y: start.y + offset.y))
        let swipedBefore = list.view.swipedItem
        time = list.drag(
          from: start, dx: speed * cosine(angle), dy: speed * sine(angle),
          steps: random.int(4...30),
          time: time + 0.5, lift: random.chance(0.9))
        if list.view.isTracking { list.view.cancelDrag(time: time) }
        if list.view.swipedItem != nil || swipedBefore == onRow {
          #expect(list.view.contentOffset == offset, "\(context)")
        }
      case 3:
        run(list.view, random.double(0...0.5), &time)
      case 4:
        list.view.tap(at: Point(x: random.double(0...100), y: offset.y + random.double(0...100)))
      default:
        let open = list.view.swipedItem
        time = list.drag(
          from: Point(x: 50, y: 50), dx: 0, dy: random.double(-4...4), steps: 8, time: time + 0.5)
        run(list.view, 0.5, &time)
        if open != nil { #expect(list.view.swipedItem == nil, "\(context): scrolling closes") }
      }
      var moved = 0
      list.view.forEachDisplayedView { _, attributes in
        if attributes.category == .cell, attributes.frame.minX != 0 { moved += 1 }
      }
      #expect(moved <= 1, "\(context)")
      if !list.view.isAnimating, !list.view.isTracking {
        #expect(
          [0, -35, 25].contains(list.view.swipeOffset), "\(context): \(list.view.swipeOffset)")
      }
    }
  }
}

private func cosine(_ x: Double) -> Double {
  // Enough precision for test geometry, without Foundation.
  var term = 1.0
  var sum = 1.0
  for n in 1..<12 {
    term *= -x * x / Double((2 * n - 1) * (2 * n))
    sum += term
  }
  return sum
}

private func sine(_ x: Double) -> Double { cosine(x - Double.pi / 2) }
