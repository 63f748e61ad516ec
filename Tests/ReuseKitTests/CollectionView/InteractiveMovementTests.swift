import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Where the view of the item at `path` is drawn now.
func drawnFrame(_ view: CollectionView, _ path: ItemPath) -> Rect? {
  var found: Rect?
  view.forEachDisplayedView { cell, attributes in
    if attributes.category == .cell, attributes.indexPath == path { found = attributes.frame }
  }
  return found
}

/// Ticks at 60 Hz for `seconds`.
func run(_ view: CollectionView, _ seconds: Double, _ time: inout Double) {
  for _ in 0..<Int(seconds * 60) {
    time += 1.0 / 60
    view.tick(now: time)
  }
}

@Suite struct InteractiveMovementTests {
  @Test func aListMakesRoomAndTheDropIsOneMove() {
    let (view, board) = makeBoard([Array(0..<30)])
    var time = 0.0
    #expect(view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 2)))
    #expect(view.interactivelyMovingItem == ItemPath(section: 0, item: 2))
    #expect((view.cellForItem(at: ItemPath(section: 0, item: 2)))?.isLifted == true)
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 56))
    #expect(view.interactiveMovementTarget == ItemPath(section: 0, item: 5))
    // The lifted item is at the pointer at once; the others glide aside.
    #expect(drawnFrame(view, ItemPath(section: 0, item: 2))?.midY == 56)
    run(view, 0.05, &time)
    let halfway = drawnFrame(view, ItemPath(section: 0, item: 5))!.minY
    #expect(halfway < 50 && halfway > 40)
    run(view, 0.5, &time)
    for item in 3...5 {
      #expect(drawnFrame(view, ItemPath(section: 0, item: item))?.minY == Double(item * 10 - 10))
    }
    #expect(drawnFrame(view, ItemPath(section: 0, item: 6))?.minY == 60)
    #expect(!view.isAnimating)  // a still pointer costs no frames
    view.endInteractiveMovement()
    #expect(board.moves.count == 1)
    #expect(board.sections[0].prefix(7) == [0, 1, 3, 4, 5, 2, 6])
    #expect(view.interactivelyMovingItem == nil)
    run(view, 0.5, &time)
    #expect(board.mismatches(in: view).isEmpty)
    #expect(drawnFrame(view, ItemPath(section: 0, item: 5))?.minY == 50)
    #expect(view.cellForItem(at: ItemPath(section: 0, item: 5))?.isLifted == false)
  }

  /// A drag that scrolled far from the item's place, then cancelled: the view scrolls back
  /// until the place shows, so the item is seen landing (it landed off screen, the focus with
  /// it; new user's finding). A place on screen does not scroll.
  @Test func cancelScrollsBackToAPlaceTheDragLeft() {
    let (view, board) = makeBoard([Array(0..<300)])
    var time = 0.0
    /// Lifts `item` and holds it at `y` (content coordinates) for `seconds`, then cancels.
    func liftAndCancel(_ item: Int, at y: Double, for seconds: Double) {
      view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: item))
      view.updateInteractiveMovementTargetPosition(Point(x: 50, y: y))
      run(view, seconds, &time)
      if item == 2 {
        #expect(view.contentOffset.y > 200, "the drag scrolled: \(view.contentOffset.y)")
        #expect((view.interactiveMovementTarget?.item ?? 0) > 20)
      }
      view.cancelInteractiveMovement()
      run(view, 2, &time)
    }
    // Held at the bottom edge, the drag scrolls the list down.
    liftAndCancel(2, at: 99, for: 3)
    #expect(!view.isAnimating)
    #expect(board.moves.isEmpty)
    let home = drawnFrame(view, ItemPath(section: 0, item: 2))
    #expect(home?.minY == 20, "item 2 is drawn at its place")
    #expect(view.contentOffset.y <= 20, "and its place shows: \(view.contentOffset.y)")
    // On screen still: nothing scrolls.
    view.contentOffset = Point(x: 0, y: 100)
    view.layoutIfNeeded()
    liftAndCancel(14, at: 175, for: 0.5)
    #expect(view.contentOffset.y == 100)
  }

  @Test func cancelPutsEverythingBackAndTellsTheDataSourceNothing() {
    let (view, board) = makeBoard([Array(0..<30)])
    var time = 0.0
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 6))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 15))
    run(view, 0.5, &time)
    #expect(view.interactiveMovementTarget == ItemPath(section: 0, item: 1))
    #expect(drawnFrame(view, ItemPath(section: 0, item: 1))?.minY == 20)
    view.cancelInteractiveMovement()
    #expect(view.interactivelyMovingItem == nil)
    #expect(view.isAnimating)
    run(view, 0.5, &time)
    #expect(!view.isAnimating)
    #expect(board.moves.isEmpty)
    for item in 0..<10 {
      #expect(drawnFrame(view, ItemPath(section: 0, item: item))?.minY == Double(item * 10))
    }
    #expect(board.mismatches(in: view).isEmpty)
  }

  @Test func itemsTheDataSourceRefusesDoNotLift() {
    let (view, board) = makeBoard([Array(0..<10)])
    board.locked = [3]
    #expect(!view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 3)))
    #expect(!view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 30)))
    #expect(view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 4)))
    #expect(!view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 5)))
  }

  @Test func acrossSectionsHeadersSlideAndTheDropChangesTheCounts() {
    let layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(5))
    let (view, board) = makeBoard([[0, 1, 2], [10, 11, 12]], layout: layout)
    var time = 0.0
    // Section 0: header 0–5, items 5–35; section 1: header 35–40, items 40–70.
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 1))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 55))  // over (1, 1)
    #expect(view.interactiveMovementTarget == ItemPath(section: 1, item: 2))
    run(view, 0.5, &time)
    // Everything between the source and the gap moved up by one item.
    #expect(drawnFrame(view, ItemPath(section: 0, item: 2))?.minY == 15)
    #expect(drawnFrame(view, ItemPath(section: 1, item: 1))?.minY == 40)
    #expect(drawnFrame(view, ItemPath(section: 1, item: 2))?.minY == 60)
    var header: Rect?
    view.forEachDisplayedView { _, attributes in
      if attributes.supplementaryKind == .header, attributes.indexPath.section == 1 {
        header = attributes.frame
      }
    }
    #expect(header?.minY == 25)
    // Over the header: the start of its section.
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 37))
    #expect(view.interactiveMovementTarget == ItemPath(section: 1, item: 0))
    view.endInteractiveMovement()
    #expect(board.sections == [[0, 2], [1, 10, 11, 12]])
    run(view, 0.5, &time)
    #expect(view.numberOfItems(inSection: 1) == 4)
    #expect(board.mismatches(in: view).isEmpty)
  }

  @Test func withEstimatedSizesNothingJumps() {
    let (view, board) = makeBoard(
      [Array(0..<2_000)], layout: ListLayout(itemSizing: .estimated(10), itemSpacing: 1))
    for value in 0..<2_000 { board.lengths[value] = Double(5 + value % 11) }
    view.contentOffset = Point(x: 0, y: 5_000)
    view.layoutIfNeeded()
    var time = 0.0
    let lifted = ItemPath(section: 0, item: view.indexPathsForVisibleItems.sorted()[4].item)
    func onScreen(_ path: ItemPath) -> Rect? {
      drawnFrame(view, path).map { $0.offsetBy(dx: 0, dy: -view.contentOffset.y) }
    }
    #expect(view.beginInteractiveMovementForItem(at: lifted))
    // Drag it down into the bottom zone, through items measured as they come into view, and
    // back up: every frame, the lifted item stays under the pointer, and the items before
    // the gap all move together (by the autoscroll), never one against another.
    var pointer = 50.0
    var previous: [ItemPath: Double] = [:]
    for step in 0..<120 {
      pointer = step < 60 ? min(97, pointer + 3) : max(40, pointer - 3)
      view.updateInteractiveMovementTargetPosition(Point(x: 50, y: view.contentOffset.y + pointer))
      run(view, 1.0 / 30, &time)
      guard let liftedFrame = onScreen(lifted), let target = view.interactiveMovementTarget else {
        Issue.record("step \(step): the lifted item is not drawn, or the movement ended")
        return
      }
      #expect(abs(liftedFrame.midY - pointer) < 1e-9, "step \(step)")
      var deltas: [Double] = []
      var current: [ItemPath: Double] = [:]
      for path in view.indexPathsForVisibleItems where path.item < min(lifted.item, target.item) {
        guard let frame = onScreen(path) else {
          Issue.record("step \(step): \(path) is not drawn")
          return
        }
        current[path] = frame.minY
        if let before = previous[path] { deltas.append(current[path]! - before) }
      }
      if let first = deltas.first {
        #expect(deltas.allSatisfy { abs($0 - first) < 1e-6 }, "step \(step): \(deltas)")
      }
      previous = current
    }
    #expect(view.interactiveMovementTarget!.item > lifted.item + 5)
    // A drop keeps the first visible item in its place.
    // (Items sliding aside may be displayed just out of view: take one on screen.)
    let anchor = view.indexPathsForVisibleItems.sorted().first { path in
      path != lifted && onScreen(path).map { $0.minY > 0 && $0.maxY < 100 } == true
    }!
    let anchorOnScreen = onScreen(anchor)!.minY
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: view.contentOffset.y + 50))
    run(view, 0.3, &time)
    let anchorValue = board.sections[0][anchor.item]
    view.endInteractiveMovement()
    run(view, 0.5, &time)
    let anchorNow = ItemPath(section: 0, item: board.sections[0].firstIndex(of: anchorValue)!)
    #expect(abs(onScreen(anchorNow)!.minY - anchorOnScreen) < 0.001)
    #expect(board.mismatches(in: view).isEmpty)
  }

  @Test func theEndsOfOtherSectionsAreReachableFromEitherSide() {
    // No headers or footers: only the halves of the boundary items tell the sides apart.
    let (view, board) = makeBoard([[0, 1, 2], [10, 11, 12]])
    // Section 0: items 0–30; section 1: items 30–60.
    /// Lifts `source` and expects each pointer height to aim at its target.
    func lift(_ source: ItemPath, expecting targets: [(y: Double, target: ItemPath)]) {
      view.beginInteractiveMovementForItem(at: source)
      for (y, target) in targets {
        view.updateInteractiveMovementTargetPosition(Point(x: 50, y: y))
        #expect(view.interactiveMovementTarget == target, "at y \(y)")
      }
    }
    // The lower and upper halves of (0, 2).
    lift(
      ItemPath(section: 1, item: 1),
      expecting: [(27, ItemPath(section: 0, item: 3)), (23, ItemPath(section: 0, item: 2))])
    view.cancelInteractiveMovement()
    view.tick(now: 5)
    view.tick(now: 10)
    // The upper and lower halves of (1, 0).
    lift(
      ItemPath(section: 0, item: 0),
      expecting: [(33, ItemPath(section: 1, item: 0)), (37, ItemPath(section: 1, item: 1))])
    view.endInteractiveMovement()
    #expect(board.sections == [[1, 2], [10, 0, 11, 12]])
  }

  @Test func inOneRowItemsTheHeaderBetweenSectionsIsTheirBoundary() {
    // A terminal's rows: the lifted item's centre is always the middle of a row.
    let layout = ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1))
    let (view, board) = makeBoard([[0, 1, 2], [10, 11, 12]], layout: layout)
    // Rows: 0 header, 1–3 section 0, 4 header, 5–7 section 1.
    view.beginInteractiveMovementForItem(at: ItemPath(section: 1, item: 1))
    var targets: [ItemPath?] = []
    for row in [5, 4, 3, 2] {
      view.updateInteractiveMovementTargetPosition(Point(x: 50, y: Double(row) + 0.5))
      targets.append(view.interactiveMovementTarget)
    }
    // Up: the start of its section, the end of the one before (over the header), then
    // before its last item, before the one above.
    #expect(
      targets == [
        ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 3), ItemPath(section: 0, item: 2),
        ItemPath(section: 0, item: 1),
      ])
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 4.5))
    view.endInteractiveMovement()
    #expect(board.sections == [[0, 1, 2, 11], [10, 12]])
    view.tick(now: 5)
    view.tick(now: 10)
    // Down from section 0 (rows 1–4 now, the header at 5): over the header, the start of
    // section 1; then after its first item.
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 0))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 5.5))
    #expect(view.interactiveMovementTarget == ItemPath(section: 1, item: 0))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 6.5))
    #expect(view.interactiveMovementTarget == ItemPath(section: 1, item: 1))
    view.cancelInteractiveMovement()
  }

  @Test func pinnedHeadersFollowTheContentAsTheMovementPresentsIt() {
    let layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(10))
    layout.pinsHeaders = true
    let (view, board) = makeBoard([Array(0..<10), Array(10..<20)], layout: layout)
    defer { withExtendedLifetime(board) {} }
    var time = 0.0
    // Section 0: header 0–10, items 10–110; section 1: header 110–120, items 120–220. At 100
    // the top shows section 0's last item under its pinned header.
    view.contentOffset = Point(x: 0, y: 100)
    view.layoutIfNeeded()
    func headers() -> [Int: Rect] {
      var found: [Int: Rect] = [:]
      view.forEachDisplayedView { _, attributes in
        if attributes.supplementaryKind == .header {
          found[attributes.indexPath.section] = attributes.frame
        }
      }
      return found
    }
    #expect(headers()[0]?.minY == 100)
    // Lifting section 0's last item and dragging it into section 1 slides section 1's header
    // up to the top: it is the one pinned there now, section 0's is pushed out.
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 9))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 175))
    #expect(view.interactiveMovementTarget == ItemPath(section: 1, item: 6))
    run(view, 0.5, &time)
    #expect(headers()[1]?.minY == 100)
    #expect(headers()[0].map { $0.maxY <= 100 } ?? true)
    view.cancelInteractiveMovement()
    run(view, 1, &time)
    #expect(!view.isAnimating)
    #expect(headers()[0]?.minY == 100)
  }

  @Test func gridItemsFlowThroughTheSlots() {
    let layout = GridLayout(columns: .fixed(3), itemHeight: .fixed(10))
    let (view, board) = makeBoard([Array(0..<30)], layout: layout)
    var time = 0.0
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 0))
    let slot4 = view.frameForItem(at: ItemPath(section: 0, item: 4))!
    view.updateInteractiveMovementTargetPosition(Point(x: slot4.midX, y: slot4.midY))
    #expect(view.interactiveMovementTarget == ItemPath(section: 0, item: 4))
    run(view, 0.5, &time)
    for item in 1...4 {
      #expect(
        drawnFrame(view, ItemPath(section: 0, item: item))
          == view.frameForItem(at: ItemPath(section: 0, item: item - 1)))
    }
    #expect(
      drawnFrame(view, ItemPath(section: 0, item: 5))
        == view.frameForItem(at: ItemPath(section: 0, item: 5)))
    view.endInteractiveMovement()
    #expect(board.sections[0].prefix(6) == [1, 2, 3, 4, 0, 5])
    run(view, 0.5, &time)
    #expect(board.mismatches(in: view).isEmpty)
  }

  @Test func nearAnEdgeTheContentScrollsFasterTheCloserTheItem() {
    let (view, board) = makeBoard([Array(0..<1_000)])
    var time = 0.0
    #expect(view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 4)))
    // Just inside the bottom zone (15 points): slow.
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 84))
    #expect(view.isAnimating)
    run(view, 0.5, &time)
    let slow = view.contentOffset.y
    #expect(slow > 0)
    // At the very edge: faster, and the target follows the content.
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: view.contentOffset.y + 99))
    let before = view.contentOffset.y
    run(view, 0.5, &time)
    #expect(view.contentOffset.y - before > slow * 2)
    let center = view.contentOffset.y + 99
    #expect(view.interactiveMovementTarget == ItemPath(section: 0, item: Int(center / 10)))
    #expect(view.interactiveMovementTarget!.item > 15)
    // Back in the middle: it stops.
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: view.contentOffset.y + 50))
    let stopped = view.contentOffset.y
    run(view, 0.5, &time)
    #expect(view.contentOffset.y == stopped)
    #expect(!view.isAnimating)
    withExtendedLifetime(board) {}
  }

  @Test func liftingAtTheEdgeDoesNotScrollUntilThePointerMoves() {
    let (view, board) = makeBoard([Array(0..<1_000)])
    view.contentOffset = Point(x: 0, y: 100)
    view.layoutIfNeeded()
    #expect(view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 10)))
    #expect(!view.isAnimating)
    withExtendedLifetime(board) {}
  }

  @Test func theDelegateSteersTheTarget() {
    let layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(5))
    let (view, board) = makeBoard([[0, 1, 2], [10, 11, 12]], layout: layout)
    // Keep items in their section.
    board.steer = { proposed in
      proposed.section == 0 ? proposed : ItemPath(section: 0, item: 2)
    }
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 0))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 55))
    #expect(view.interactiveMovementTarget == ItemPath(section: 0, item: 2))
    // An answer out of range is ignored.
    board.steer = { _ in ItemPath(section: 7, item: 0) }
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 15))
    #expect(view.interactiveMovementTarget == ItemPath(section: 0, item: 1))
  }

  @Test func aReloadOrAnUpdateEndsTheMovementWithoutAMove() {
    let (view, board) = makeBoard([Array(0..<30)])
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 2))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 56))
    board.sections[0].remove(at: 0)
    view.performBatchUpdates(animated: false) {
      view.deleteItems(at: [ItemPath(section: 0, item: 0)])
    }
    #expect(view.interactivelyMovingItem == nil)
    view.endInteractiveMovement()
    #expect(board.moves.isEmpty)
    view.layoutIfNeeded()
    #expect(board.mismatches(in: view).isEmpty)
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 2))
    view.reloadData()
    #expect(view.interactivelyMovingItem == nil)
    view.layoutIfNeeded()
    #expect(board.mismatches(in: view).isEmpty)
  }

  @Test func aDragInProgressStopsWhenAnItemLifts() {
    let (view, board) = makeBoard([Array(0..<100)])
    view.beginDrag(at: Point(x: 50, y: 50), time: 0)
    view.moveDrag(to: Point(x: 50, y: 30), time: 0.05)
    let offset = view.contentOffset
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 6))
    #expect(!view.isTracking)
    view.moveDrag(to: Point(x: 50, y: 10), time: 0.1)
    view.endDrag(at: Point(x: 50, y: 0), time: 0.15)
    #expect(view.contentOffset == offset)
    withExtendedLifetime(board) {}
  }

  @Test func diffableDataSourceReordersItsSnapshotAndReportsTheTransaction() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 100, height: 100))
    view.register(BoardCell.self, forCellWithReuseIdentifier: "cell")
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
      view, path, id in
      let cell = view.dequeueReusableCell(BoardCell.self, withReuseIdentifier: "cell", for: path)
      cell.value = id
      return cell
    }
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5], toSection: "b")
    dataSource.apply(snapshot, animatingDifferences: false)
    #expect(!view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 0)))
    var transactions: [ReorderTransaction<String, Int>] = []
    dataSource.reorderingHandlers.canReorderItem = { $0 != 2 }
    dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
    #expect(!view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 1)))
    #expect(view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 0)))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 45))  // over (1, 1)
    view.endInteractiveMovement()
    #expect(transactions.count == 1)
    #expect(transactions.first?.item == 1)
    #expect(transactions.first?.initialSnapshot == snapshot)
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "a") == [2, 3])
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "b") == [4, 5, 1])
    #expect(transactions.first?.finalSnapshot == dataSource.snapshot())
    view.tick(now: 5)
    view.tick(now: 10)
    for path in view.indexPathsForVisibleItems {
      #expect(
        (view.cellForItem(at: path) as? BoardCell)?.value == dataSource.itemIdentifier(for: path))
    }
  }
}

/// Random reorder sessions against a model of the data: lifts, pointer moves (to the edges
/// too, so the content autoscrolls), ticks, drops and cancels, on lists (uniform and
/// estimated, with headers), grids and waterfalls with several sections. After every drop
/// the data source heard exactly the move the collection view showed as its target; after
/// every settle the cells show the model and the layout's frames.
@Suite struct InteractiveMovementModelTests {
  @Test(arguments: 0..<48)
  func randomReorderSessionsMatchTheModel(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0x2E0_2D00)
    let (sections, last) = random.sections(1...3, items: 0...40, numberingFrom: 0)
    let layout: any CollectionViewLayout
    switch index % 4 {
    case 0: layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(6))
    case 1: layout = ListLayout(itemSizing: .estimated(10), itemSpacing: 2, headerLength: .fixed(6))
    case 2: layout = GridLayout(columns: .fixed(3), itemHeight: .fixed(12), headerLength: .fixed(6))
    default: layout = WaterfallLayout(columns: .fixed(2), itemHeight: .estimated(14))
    }
    let (view, board) = makeBoard(sections, layout: layout)
    for value in 0...last { board.lengths[value] = Double(6 + (value * 7) % 13) }
    var model = sections
    var time = 0.0
    for step in 0..<40 {
      let context = "seed \(seed), step \(step)"
      view._debugLabel = context
      switch random.int(0...9) {
      case 0, 1:
        if view.interactivelyMovingItem == nil,
          let path = view.indexPathsForVisibleItems.randomElement(using: &random)
        {
          #expect(view.beginInteractiveMovementForItem(at: path), "\(context)")
        }
      case 2, 3, 4:
        let y = random.chance(0.3) ? (random.chance(0.5) ? 1 : 99) : random.double(0...100)
        view.updateInteractiveMovementTargetPosition(
          Point(x: random.double(0...100), y: view.contentOffset.y + y))
      case 5, 6:
        run(view, random.double(0...0.4), &time)
      case 7:
        if let source = view.interactivelyMovingItem,
          let target = view.interactiveMovementTarget
        {
          let value = model[source.section].remove(at: source.item)
          model[target.section].insert(value, at: target.item)
          let moves = board.moves.count
          view.endInteractiveMovement()
          #expect(board.moves.count == moves + (source == target ? 0 : 1), "\(context)")
        } else {
          view.endInteractiveMovement()
        }
        #expect(board.sections == model, "\(context)")
      case 8:
        view.cancelInteractiveMovement()
      default:
        if view.interactivelyMovingItem == nil {
          view.contentOffset = Point(
            x: 0, y: random.double(0...max(0, view.contentSize.height - 100)))
        }
      }
      view.layoutIfNeeded()
      if let source = view.interactivelyMovingItem {
        #expect(view.cellForItem(at: source)?.isLifted == true, "\(context)")
      }
    }
    view.cancelInteractiveMovement()
    run(view, 1, &time)
    #expect(!view.isAnimating, "seed \(seed)")
    #expect(board.sections == model, "seed \(seed)")
    #expect(board.mismatches(in: view).isEmpty, "seed \(seed)")
    for path in view.indexPathsForVisibleItems {
      #expect(drawnFrame(view, path) == view.frameForItem(at: path), "seed \(seed) \(path)")
      #expect(view.cellForItem(at: path)?.isLifted == false, "seed \(seed) \(path)")
    }
  }
}
