import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Collection views side by side in one coordinator, each over a board of distinct values; it
/// is their drag and drop delegates (a drop moves the values between the boards) and their
/// host (pointer events go to the view holding the press, else to the one under the pointer).
final class DragWorld: CollectionViewDragDelegate, CollectionViewDropDelegate {
  let coordinator = DragCoordinator()
  var views: [CollectionView] = []
  var boards: [Board] = []
  /// Sections (view index, section) that forbid drops.
  var forbidden: Set<[Int]> = []
  /// Views (by index) whose drops copy.
  var copies: Set<Int> = []
  var drops = 0
  var ended: [DropOperation] = []

  /// Gaps open and close at once unless `glides` (the default duration, 0.2 s).
  init(
    _ columns: [([[Int]], any CollectionViewLayout)], width: Double = 100, height: Double = 100,
    glides: Bool = false
  ) {
    for (index, (sections, layout)) in columns.enumerated() {
      let (view, board) = makeBoard(
        sections, layout: layout, viewport: Size(width: width, height: height))
      view.allowsMultipleSelection = true
      if !glides { view.interactiveMovementAnimationDuration = 0 }
      view.dragDelegate = self
      view.dropDelegate = self
      coordinator.add(
        view, frame: Rect(x: Double(index) * (width + 10), y: 0, width: width, height: height))
      views.append(view)
      boards.append(board)
    }
  }

  func board(of view: CollectionView) -> Board { boards[views.firstIndex { $0 === view }!] }

  func collectionView(
    _ collectionView: CollectionView, dropOperationFor session: DragSession,
    at destination: ItemPath
  ) -> DropOperation {
    let index = views.firstIndex { $0 === collectionView }!
    if forbidden.contains([index, destination.section]) { return .forbidden }
    return copies.contains(index) ? .copy : .move
  }

  func collectionView(
    _ collectionView: CollectionView, performDrop session: DragSession, at destination: ItemPath,
    operation: DropOperation
  ) {
    drops += 1
    let source = board(of: session.source!)
    var values = session.items.map { source.sections[$0.section][$0.item] }
    if operation == .copy {
      values = values.map { $0 + 10_000 }  // copies are new cards
    } else {
      for path in session.items.reversed() { source.sections[path.section].remove(at: path.item) }
    }
    board(of: collectionView).sections[destination.section].insert(
      contentsOf: values, at: destination.item)
    // Reading the session once the data changed lays nothing out (the data and the view
    // disagree until the drop's batch updates).
    #expect(session.destination == destination && session.canDrop)
  }

  func collectionView(
    _ collectionView: CollectionView, dragSessionDidEnd session: DragSession,
    operation: DropOperation
  ) { ended.append(operation) }

  /// A pointer event at `location` in the coordinator's space.
  @discardableResult
  func pointer(
    _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ time: Double,
    _ modifiers: KeyModifiers = []
  ) -> Bool {
    let location = Point(x: x, y: y)
    let view =
      views.first { $0.hasPointerCapture }
      ?? views.first { coordinator.frame(of: $0)!.contains(location) }
    guard let view, let frame = coordinator.frame(of: view) else { return false }
    return view.handle(
      PointerEvent(
        phase, at: Point(x: x - frame.minX, y: y - frame.minY), time: time, modifiers: modifiers))
  }

  /// Every value, in every board.
  var values: [Int] { boards.flatMap { $0.sections.flatMap { $0 } } }

  /// Problems: cells not showing their boards, dragged marks or gaps outside a drag.
  func problems() -> [String] {
    var problems: [String] = []
    for (index, view) in views.enumerated() {
      view.layoutIfNeeded()
      problems += boards[index].mismatches(in: view).map { "view \(index): \($0)" }
      if coordinator.session == nil {
        if view.dropGap != nil { problems.append("view \(index): a gap without a drag") }
        for path in view.indexPathsForVisibleItems where view.cellForItem(at: path)!.isDragged {
          problems.append("view \(index): \(path) marked dragged without a drag")
        }
      }
    }
    return problems
  }
}

private func list() -> ListLayout { ListLayout(itemSizing: .uniform(10)) }

@Suite struct DragAndDropTests {
  @Test func aCardDraggedToAnotherListLandsInOneBatchEach() {
    let world = DragWorld([([Array(0..<20)], list()), ([Array(100..<120)], list())])
    // Press item 2 of the first list, travel past the slop: the drag begins.
    world.pointer(.began, 50, 25, 0)
    #expect(world.coordinator.session == nil, "not before the press travels")
    world.pointer(.moved, 50, 29, 0.02)
    let session = world.coordinator.session
    #expect(session?.items == [ItemPath(section: 0, item: 2)])
    #expect(world.views[0].cellForItem(at: ItemPath(section: 0, item: 2))?.isDragged == true)
    #expect(world.views[0].dropGap == ItemPath(section: 0, item: 3), "over its own list")
    #expect(world.views[0].hasActiveDrag && world.views[0].hasActiveDrop)
    #expect(!world.views[1].hasActiveDrag && !world.views[1].hasActiveDrop)
    // Over the second list, between its rows 4 and 5: the gap opens there, rows slide by one.
    world.pointer(.moved, 160, 47, 0.04)
    #expect(session?.target === world.views[1])
    #expect(world.views[1].dropGap == ItemPath(section: 0, item: 5))
    #expect(world.views[0].dropGap == nil)
    #expect(world.views[1].hasActiveDrop && !world.views[0].hasActiveDrop)
    #expect(session?.destination == ItemPath(section: 0, item: 5))
    let moved = world.views[1].cellForItem(at: ItemPath(section: 0, item: 5))!
    #expect(moved.layoutAttributes!.frame.minY == 60, "slid down by one row")
    #expect(
      world.views[1].cellForItem(at: ItemPath(section: 0, item: 4))!.layoutAttributes!.frame.minY
        == 40)
    world.pointer(.ended, 160, 47, 0.06)
    #expect(world.coordinator.session == nil)
    #expect(world.boards[0].sections[0] == Array(0..<2) + Array(3..<20))
    #expect(world.boards[1].sections[0] == Array(100..<105) + [2] + Array(105..<120))
    #expect(world.views[1].indexPathsForSelectedItems == [ItemPath(section: 0, item: 5)])
    #expect(world.views[1].focusedIndexPath == ItemPath(section: 0, item: 5))
    #expect(world.ended == [.move] && world.drops == 1)
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  /// A host that lays its views out anew (a resize) adds them again at their new frames: a
  /// drag running finds its target again where the pointer now is, with no stale gap (a new
  /// user's finding on the board page).
  @Test func viewsAddedAgainMidDragRetarget() {
    let world = DragWorld([
      ([Array(0..<20)], list()), ([Array(100..<120)], list()), ([Array(200..<220)], list()),
    ])
    world.pointer(.began, 50, 25, 0)
    world.pointer(.moved, 160, 47, 0.02)
    let session = world.coordinator.session
    #expect(session?.target === world.views[1])
    #expect(world.views[1].dropGap == ItemPath(section: 0, item: 5))
    // The host's new layout: the second and third views trade places under the pointer.
    world.coordinator.add(world.views[2], frame: Rect(x: 110, y: 0, width: 100, height: 100))
    world.coordinator.add(world.views[1], frame: Rect(x: 220, y: 0, width: 100, height: 100))
    for view in world.views { view.layoutIfNeeded() }
    #expect(session?.target === world.views[2], "the view now under the pointer")
    #expect(world.views[2].dropGap == ItemPath(section: 0, item: 5))
    #expect(world.views[1].dropGap == nil, "the old target's gap closed")
    world.pointer(.ended, 160, 47, 0.04)
    #expect(world.boards[2].sections[0] == Array(200..<205) + [2] + Array(205..<220))
    #expect(world.boards[1].sections[0] == Array(100..<120))
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  @Test func theSelectionTravelsTogetherInOrder() {
    let world = DragWorld([
      ([Array(0..<20)], list()),
      ([[], Array(100..<110)], ListLayout(itemSizing: .uniform(10), headerLength: .fixed(6))),
    ])
    for item in [1, 4, 6] { world.views[0].tapItem(at: ItemPath(section: 0, item: item)) }
    world.pointer(.began, 50, 45, 0)
    world.pointer(.moved, 50, 50, 0.02)
    #expect(world.coordinator.session?.items.map(\.item) == [1, 4, 6])
    // Over the header of the second list's empty first section.
    world.pointer(.moved, 150, 3, 0.04)
    #expect(world.views[1].dropGap == ItemPath(section: 0, item: 0))
    world.pointer(.ended, 150, 3, 0.06)
    #expect(world.boards[1].sections[0] == [1, 4, 6])
    #expect(world.boards[0].sections[0].count == 17)
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  @Test func withinOneListTheDestinationCountsTheItemsThatLeave() {
    let world = DragWorld([([Array(0..<20)], list())])
    world.pointer(.began, 50, 15, 0)  // item 1
    world.pointer(.moved, 50, 20, 0.02)
    world.pointer(.moved, 50, 57, 0.04)  // past the middle of item 5: before item 6
    #expect(world.views[0].dropGap == ItemPath(section: 0, item: 6))
    #expect(world.coordinator.session?.destination == ItemPath(section: 0, item: 5))
    world.pointer(.ended, 50, 57, 0.06)
    #expect(world.boards[0].sections[0] == [0, 2, 3, 4, 5, 1] + Array(6..<20))
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  @Test func theGapGlidesOpenAndShutOnTheClock() throws {
    let world = DragWorld(
      [([Array(0..<20)], list()), ([Array(100..<120)], list())], glides: true)
    let target = world.views[1]
    func drawnY(_ item: Int) -> Double? {
      target.cellForItem(at: ItemPath(section: 0, item: item))?.layoutAttributes?.frame.minY
    }
    world.pointer(.began, 50, 25, 0)
    world.pointer(.moved, 50, 29, 0.02)
    world.pointer(.moved, 160, 47, 0.04)
    #expect(target.dropGap == ItemPath(section: 0, item: 5))
    #expect(drawnY(5) == 50, "the gap has not opened before a tick")
    var time = 0.04
    func run(_ seconds: Double) {
      for _ in 0..<Int(seconds * 60) {
        time += 1.0 / 60
        for view in world.views { view.tick(now: time) }
      }
    }
    run(0.1)
    let halfway = try #require(drawnY(5))
    #expect(halfway > 50 && halfway < 60, "under way: \(halfway)")
    run(0.5)
    #expect(drawnY(5) == 60 && drawnY(4) == 40)
    #expect(!target.isAnimating, "settled: no more ticks")
    // Escape: the gap glides shut, and the target stops taking part once it has.
    #expect(target.handle(KeyPress(.escape)))
    #expect(target.dropGap == nil && drawnY(5) == 60)
    #expect(target.isAnimating)
    run(0.6)
    #expect(drawnY(5) == 50 && !target.isAnimating)
    #expect(world.problems().isEmpty, "\(world.problems())")
    world.pointer(.ended, 160, 47, time)
  }

  @Test func aCopyLeavesTheSourceAsItWasAndLandsWhereTheGapWas() {
    let world = DragWorld([([Array(0..<10)], list()), ([Array(100..<110)], list())])
    world.copies = [0, 1]
    world.pointer(.began, 50, 25, 0)  // item 2
    world.pointer(.moved, 50, 30, 0.02)
    world.pointer(.moved, 150, 17, 0.04)  // past the middle of the second list's item 1
    #expect(world.coordinator.session?.operation == .copy)
    #expect(world.coordinator.session?.destination == ItemPath(section: 0, item: 2))
    world.pointer(.ended, 150, 17, 0.06)
    #expect(world.boards[0].sections[0] == Array(0..<10))
    #expect(world.boards[1].sections[0] == [100, 101, 10_002] + Array(102..<110))
    // Within one list a copy lands before the item under the pointer, nothing leaving.
    world.pointer(.began, 50, 5, 1)  // item 0
    world.pointer(.moved, 50, 10, 1.02)
    world.pointer(.moved, 50, 44, 1.04)  // before item 4
    #expect(world.coordinator.session?.destination == ItemPath(section: 0, item: 4))
    world.pointer(.ended, 50, 44, 1.06)
    #expect(world.boards[0].sections[0] == [0, 1, 2, 3, 10_000, 4, 5, 6, 7, 8, 9])
    #expect(world.ended == [.copy, .copy])
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  @Test func escapeAndForbiddenPlacesReturnEverything() {
    let world = DragWorld([
      ([Array(0..<10)], list()), ([Array(100..<110), Array(200..<210)], list()),
    ])
    world.forbidden = [[1, 1]]
    world.pointer(.began, 50, 5, 0)
    world.pointer(.moved, 50, 10, 0.02)
    world.pointer(.moved, 150, 5, 0.04)
    #expect(world.views[1].handle(KeyPress(.escape)))
    #expect(world.coordinator.session == nil && world.ended == [.cancel])
    #expect(world.problems().isEmpty, "\(world.problems())")
    // A forbidden section shows no gap, and a release there returns the item.
    world.pointer(.ended, 150, 5, 0.05)
    world.pointer(.began, 50, 5, 1)
    world.pointer(.moved, 50, 10, 1.02)
    world.pointer(.moved, 150, 155, 1.04)
    #expect(world.coordinator.session?.operation == .forbidden)
    #expect(world.views[1].dropGap == nil)
    world.pointer(.ended, 150, 155, 1.06)
    #expect(world.boards[0].sections[0] == Array(0..<10))
    #expect(world.ended == [.cancel, .cancel] && world.drops == 0)
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  @Test func updatesInTheSourceCarryTheItemsAndDeletionsEndTheDrag() {
    let world = DragWorld([([Array(0..<20)], list()), ([Array(100..<110)], list())])
    let (source, board) = (world.views[0], world.boards[0])
    source.tapItem(at: ItemPath(section: 0, item: 3))
    source.tapItem(at: ItemPath(section: 0, item: 5))
    world.pointer(.began, 50, 35, 0)
    world.pointer(.moved, 50, 40, 0.02)
    world.pointer(.moved, 150, 24, 0.04)
    // Someone inserts two items at the top of the source and deletes the dragged 5.
    source.performBatchUpdates(animated: false) {
      board.sections[0].insert(contentsOf: [900, 901], at: 0)
      board.sections[0].removeAll { $0 == 5 }
      source.insertItems(at: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
      source.deleteItems(at: [ItemPath(section: 0, item: 5)])
    }
    #expect(world.coordinator.session?.items == [ItemPath(section: 0, item: 5)], "3, now at 5")
    world.pointer(.ended, 150, 24, 0.06)
    #expect(world.boards[1].sections[0] == [100, 101, 3] + Array(102..<110))
    #expect(!board.sections[0].contains(3) && !board.sections[0].contains(5))
    #expect(world.problems().isEmpty, "\(world.problems())")
    // A drag whose every item is deleted meanwhile ends; so does one whose source reloads.
    world.pointer(.began, 50, 5, 1)
    world.pointer(.moved, 50, 10, 1.02)
    source.performBatchUpdates(animated: false) {
      board.sections[0].remove(at: 0)
      source.deleteItems(at: [ItemPath(section: 0, item: 0)])
    }
    source.layoutIfNeeded()
    #expect(world.coordinator.session == nil)
    world.pointer(.ended, 50, 10, 1.04)
    world.pointer(.began, 50, 5, 2)
    world.pointer(.moved, 50, 10, 2.02)
    source.reloadData()
    #expect(world.coordinator.session == nil)
    world.pointer(.ended, 50, 10, 2.04)
    #expect(world.values.sorted() == (board.sections[0] + world.boards[1].sections[0]).sorted())
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  @Test func nearTheTargetsEdgeItScrollsAndTheDropLandsOffTheFirstScreen() {
    let world = DragWorld([([Array(0..<10)], list()), ([Array(100..<300)], list())])
    world.pointer(.began, 50, 5, 0)
    world.pointer(.moved, 50, 10, 0.02)
    world.pointer(.moved, 150, 99, 0.04)
    var time = 0.04
    for _ in 0..<60 {
      time += 1.0 / 60
      for view in world.views { view.tick(now: time) }
    }
    let target = world.views[1]
    #expect(target.contentOffset.y > 100, "the target scrolled by itself")
    let gap = target.dropGap!
    #expect(gap.item > 15, "a place that was off screen when the drag began")
    world.pointer(.ended, 150, 99, time)
    #expect(world.boards[1].sections[0][gap.item] == 0)
    #expect(world.problems().isEmpty, "\(world.problems())")
  }

  @Test func aListCardDroppedIntoAGridTakesASlot() {
    let grid = GridLayout(columns: .fixed(3), itemHeight: .fixed(20))
    let world = DragWorld([([Array(0..<10)], list()), ([Array(100..<112)], grid)])
    world.pointer(.began, 50, 5, 0)
    world.pointer(.moved, 50, 10, 0.02)
    world.pointer(.moved, 110 + 40, 25, 0.04)  // the left half of row 1's middle item (4)
    #expect(world.views[1].dropGap == ItemPath(section: 0, item: 4))
    let target = world.views[1]
    let slot5 = target.frameForItem(at: ItemPath(section: 0, item: 5))!
    #expect(target.cellForItem(at: ItemPath(section: 0, item: 4))!.layoutAttributes!.frame == slot5)
    world.pointer(.ended, 150, 25, 0.06)
    #expect(world.boards[1].sections[0] == [100, 101, 102, 103, 0] + Array(104..<112))
    #expect(world.problems().isEmpty, "\(world.problems())")
  }
}

/// Random sessions over three collection views (two lists, one with sections and headers, and
/// a grid): presses, drags across them, drops, Escape, ticks, wheel scrolls, and meanwhile
/// updates, reloads and resizes in any of them. After every step every value is in exactly one
/// place, the values are the ones the model says exist, and the cells show their boards.
@Suite struct DragAndDropModelTests {
  @Test(arguments: 0..<40)
  func randomSessionsNeverLoseACard(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0xD2A6_0000)
    var next = 0
    func column(_ sections: Int) -> [[Int]] {
      (0..<sections).map { _ in
        (0..<random.int(0...25)).map { _ in
          next += 1
          return next
        }
      }
    }
    let world = DragWorld(
      [
        (column(1), ListLayout(itemSizing: .uniform(10))),
        (column(3), ListLayout(itemSizing: .uniform(8), headerLength: .fixed(6))),
        (column(2), GridLayout(columns: .fixed(3), itemHeight: .fixed(14))),
      ], glides: index % 2 == 1)
    if random.chance(0.5) { world.forbidden = [[2, 1]] }
    var alive = Set(world.values)
    var time = 0.0
    var down = false
    for step in 0..<2_500 {
      let context = "seed \(seed), step \(step)"
      time += 1.0 / 60
      let x = random.double(-10...330)
      let y = random.double(-10...110)
      switch random.int(0...20) {
      case 0...2:
        if down { world.pointer(.ended, x, y, time) }
        down = world.pointer(.began, x, y, time, random.chance(0.2) ? .control : [])
      case 3...8:
        if down { world.pointer(.moved, x, y, time) }
      case 9, 10:
        if down { world.pointer(.ended, x, y, time) }
        down = false
      case 11:
        _ = world.views[random.int(0..<3)].handle(KeyPress(.escape))
      case 12, 13:
        for view in world.views { view.tick(now: time) }
      case 14:
        let view = world.views[random.int(0..<3)]
        view.handle(WheelEvent(delta: Point(x: 0, y: random.double(-30...30)), time: time))
      case 15, 16:
        // An update from elsewhere: insert, delete or move one value.
        let which = random.int(0..<3)
        let (view, board) = (world.views[which], world.boards[which])
        let section = random.int(0..<board.sections.count)
        let count = board.sections[section].count
        switch random.int(0...2) {
        case 0:
          next += 1
          alive.insert(next)
          let item = random.int(0...count)
          board.sections[section].insert(next, at: item)
          view.performBatchUpdates(animated: random.chance(0.5)) {
            view.insertItems(at: [ItemPath(section: section, item: item)])
          }
        case 1 where count > 0:
          let item = random.int(0..<count)
          alive.remove(board.sections[section].remove(at: item))
          view.performBatchUpdates(animated: random.chance(0.5)) {
            view.deleteItems(at: [ItemPath(section: section, item: item)])
          }
        default:
          guard count > 1 else { break }
          let from = random.int(0..<count)
          let to = random.int(0..<count)
          board.sections[section].insert(board.sections[section].remove(at: from), at: to)
          view.performBatchUpdates(animated: false) {
            view.moveItem(
              at: ItemPath(section: section, item: from), to: ItemPath(section: section, item: to))
          }
        }
      case 17:
        world.views[random.int(0..<3)].reloadData()
      case 18:
        let which = random.int(0..<3)
        let height = random.double(40...100)
        world.views[which].viewportSize = Size(width: 100, height: height)
        world.coordinator.setFrame(
          Rect(x: Double(which) * 110, y: 0, width: 100, height: height), of: world.views[which])
      case 19:
        // A second pointer: a press (and a move) in another view while the first holds.
        let view = world.views[random.int(0..<3)]
        let local = Point(x: random.double(0...99), y: random.double(0...99))
        view.handle(PointerEvent(.began, at: local, time: time))
        view.handle(PointerEvent(.moved, at: Point(x: local.x, y: local.y + 6), time: time))
        if random.chance(0.5) {
          view.handle(PointerEvent(.ended, at: Point(x: local.x, y: local.y + 6), time: time))
        }
      default:
        for view in world.views { view.layoutIfNeeded() }
      }
      let values = world.values
      #expect(values.count == Set(values).count, "\(context): a value in two places")
      #expect(Set(values) == alive, "\(context): values lost or made up")
      var problems = world.problems()
      for view in world.views where view.diagnostics.count(of: .inconsistentUpdate) > 0 {
        problems.append("a batch update did not match the data")
      }
      #expect(problems.isEmpty, "\(context): \(problems.prefix(3))")
      if values.count != Set(values).count || Set(values) != alive || !problems.isEmpty { return }
    }
    // The sessions dropped and returned cards, not only wandered.
    #expect(world.drops > 5 && world.ended.count { $0 == .cancel } > 5, "seed \(seed)")
  }
}
