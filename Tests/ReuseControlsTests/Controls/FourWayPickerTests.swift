import PropertyBased
import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

@Suite struct FourWayPickerTests {
  @Test func theSeedScenarioA31PointDragMovesA29PointDragStays() {
    for (distance, expected) in [(31.0, 1), (29.0, 0), (-31.0, 0)] {
      let picker = makePicker([8, 8, 8])
      var time = 1.0
      drag(picker, dx: -distance, dy: 0, at: &time)
      settle(picker, from: &time)
      #expect(picker.currentColumn == expected, "a \(distance)-point drag")
      #expect(isCentred(picker))
    }
    for (distance, expected) in [(31.0, 1), (29.0, 0)] {
      let picker = makePicker([8, 8, 8])
      var time = 1.0
      drag(picker, dx: 0, dy: -distance, at: &time)
      settle(picker, from: &time)
      #expect(picker.currentRow == expected, "a vertical \(distance)-point drag")
      #expect(isCentred(picker))
    }
  }

  @Test func aZeroVelocityReleaseSnaps() {
    let picker = makePicker([8, 8, 8])
    var time = 1.0
    // 120 points left, then held still for half a second: no velocity at the release.
    drag(picker, dx: -120, dy: 0, at: &time, hold: 0.5)
    #expect(picker.isAnimating, "the release starts a snap")
    settle(picker, from: &time)
    #expect(picker.currentColumn == 1, "one step: fling limit, not the distance")
    #expect(isCentred(picker))
  }

  @Test func multiStepFlingsOnlyWhenAllowed() {
    for allowed in [false, true] {
      let picker = makePicker([20])
      picker.allowsMultiStepFlings = allowed
      var time = 1.0
      drag(picker, dx: -300, dy: 0, at: &time, duration: 0.08)  // a fast flick
      settle(picker, from: &time)
      #expect(allowed ? picker.currentColumn > 1 : picker.currentColumn == 1)
      #expect(isCentred(picker))
    }
  }

  @Test func diagonalJitterMovesOneAxis() {
    let picker = makePicker([8, 8, 8], row: 1)
    var time = 1.0
    let startY = picker.collectionView.contentOffset.y
    let start = Point(x: 187, y: 333)
    picker.beginDrag(at: start, time: time)
    // Each sample leans along x, but the finger wobbles ±5 points in y.
    for step in 1...12 {
      time += 0.02
      let jitter = step % 2 == 0 ? 5.0 : -5.0
      picker.moveDrag(to: Point(x: start.x - Double(step) * 8, y: start.y + jitter), time: time)
      #expect(picker.collectionView.contentOffset.y == startY, "the container never moves")
    }
    picker.endDrag(at: Point(x: start.x - 96, y: start.y + 5), time: time)
    settle(picker, from: &time)
    #expect(picker.currentRow == 1 && picker.currentColumn == 1)
    #expect(picker.collectionView.contentOffset.y == startY)
    // And the other way: a vertical drag with sideways jitter leaves the columns alone.
    let offsetX = picker.rowCell(1)!.rowView.contentOffset.x
    picker.beginDrag(at: start, time: time)
    for step in 1...12 {
      time += 0.02
      let jitter = step % 2 == 0 ? 5.0 : -5.0
      picker.moveDrag(to: Point(x: start.x + jitter, y: start.y - Double(step) * 8), time: time)
    }
    #expect(picker.rowCell(1)?.rowView.contentOffset.x == offsetX)
    picker.endDrag(at: Point(x: start.x, y: start.y - 96), time: time)
    settle(picker, from: &time)
    #expect(picker.currentRow == 2 && picker.currentColumn == 1)
  }

  @Test func raggedRowsClampTheSharedIndex() {
    let picker = makePicker([8, 3, 0, 8], column: 6)
    var time = 1.0
    #expect(picker.currentModel == Swatch(row: 0, column: 6))
    picker.step(.down)
    settle(picker, from: &time)
    #expect(picker.currentModel == Swatch(row: 1, column: 2), "clamped to the short row")
    #expect(picker.currentColumn == 6, "the shared index is kept")
    #expect(isCentred(picker))
    picker.step(.down)
    settle(picker, from: &time)
    #expect(picker.currentRow == 2 && picker.currentModel == nil, "an empty row")
    picker.step(.down)
    settle(picker, from: &time)
    #expect(picker.currentModel == Swatch(row: 3, column: 6))
    #expect(isCentred(picker))
  }

  @Test func rowsComingIntoViewAreAlignedAndRowsOnScreenRealign() {
    let picker = makePicker(Array(repeating: 30, count: 40))
    var time = 1.0
    for _ in 0..<4 {
      picker.step(.right)
      settle(picker, from: &time)
    }
    #expect(picker.currentColumn == 4)
    // The neighbours on screen realigned to column 4.
    for row in [1] {
      let cell = picker.rowCell(row)!
      #expect(cell.rowView.indexPathsForVisibleItems.contains(ItemPath(section: 0, item: 4)))
      let frame = cell.rowView.frameForItem(at: ItemPath(section: 0, item: 4))!
      #expect(abs(frame.midX - cell.rowView.contentOffset.x - 187.5) < 0.5)
    }
    // Far rows arrive aligned, in the frame they appear.
    picker.scrollToRow(25, animated: false)
    for row in 24...26 {
      guard let cell = picker.rowCell(row) else { continue }
      let frame = cell.rowView.frameForItem(at: ItemPath(section: 0, item: 4))!
      #expect(abs(frame.midX - cell.rowView.contentOffset.x - 187.5) < 0.5, "row \(row)")
      #expect((cell.rowView.visibleCells as! [SwatchCell]).allSatisfy { $0.swatch?.row == row })
    }
    #expect(picker.currentModel == Swatch(row: 25, column: 4))
  }

  @Test func delegateCallsFireExactlyOncePerChange() {
    let listener = SwatchListener()
    let picker = makePicker([8, 8, 8])
    picker.delegate = listener
    var scrolled: [Swatch] { listener.scrolled }
    var selected: [Swatch] { listener.selected }
    var time = 1.0
    drag(picker, dx: -29, dy: 0, at: &time)  // returns: no change
    settle(picker, from: &time)
    #expect(scrolled.isEmpty)
    drag(picker, dx: -40, dy: 0, at: &time)
    settle(picker, from: &time)
    #expect(scrolled == [Swatch(row: 0, column: 1)])
    drag(picker, dx: 0, dy: -40, at: &time)
    settle(picker, from: &time)
    #expect(scrolled == [Swatch(row: 0, column: 1), Swatch(row: 1, column: 1)])
    // A tap on the centred item selects it and scrolls nowhere.
    let container = picker.collectionView
    let middle = Point(
      x: 187.5, y: container.contentOffset.y + container.viewportSize.height / 2)
    picker.tap(at: middle)
    settle(picker, from: &time)
    #expect(selected == [Swatch(row: 1, column: 1)])
    #expect(scrolled.count == 2)
    // A tap on the next item (peeking in at the right) selects it and moves there: one more
    // change.
    picker.tap(at: Point(x: middle.x + 150, y: middle.y))
    settle(picker, from: &time)
    #expect(selected == [Swatch(row: 1, column: 1), Swatch(row: 1, column: 2)])
    #expect(scrolled.last == Swatch(row: 1, column: 2) && scrolled.count == 3)
  }

  /// Enter pressed while a step still animates chooses where the step goes, not the model
  /// the animation is leaving or passing (issue 41, finding 2): keys act on the target.
  /// An arrow during a drag wins over the drag: the picker steps from where the touch took
  /// it, and the lift that follows changes nothing (it snapped back to the drag's place: a new
  /// user's finding).
  @Test func anArrowDuringADragWinsAndTheLiftChangesNothing() {
    for (key, row, column) in [(KeyPress.Key.down, 1, 0), (.right, 0, 1)] {
      let picker = makePicker([8, 8, 8])
      var time = 1.0
      picker.tick(now: time)
      let start = Point(x: 187, y: 333)
      #expect(picker.handle(PointerEvent(.began, at: start, time: time)))
      // 10 points left: under the sensitivity, so a lift here would snap back to column 0.
      for step in 1...5 {
        time += 0.02
        picker.handle(
          PointerEvent(.moved, at: Point(x: start.x - Double(step) * 2, y: start.y), time: time))
      }
      #expect(picker.handle(KeyPress(key)))
      time += 0.02
      #expect(
        !picker.handle(PointerEvent(.moved, at: Point(x: start.x - 11, y: start.y), time: time)),
        "the touch is let go")
      #expect(
        !picker.handle(PointerEvent(.ended, at: Point(x: start.x - 11, y: start.y), time: time)))
      settle(picker, from: &time)
      #expect(picker.currentRow == row && picker.currentColumn == column, "\(key)")
      #expect(isCentred(picker))
    }
  }

  @Test func enterDuringAStepChoosesWhereTheStepGoes() {
    let listener = SwatchListener()
    let picker = makePicker([8, 8, 8])
    picker.delegate = listener
    var time = 1.0
    picker.tick(now: time)
    #expect(picker.handle(KeyPress(.down)))
    // A few frames: the rows are still moving.
    for _ in 0..<3 {
      time += 1.0 / 60
      picker.tick(now: time)
    }
    #expect(picker.collectionView.isScrollAnimating || picker.collectionView.isDecelerating)
    #expect(picker.handle(KeyPress(.enter)))
    #expect(listener.selected == [Swatch(row: 1, column: 0)])
    // Right then Enter at once, before a frame: the column it heads for.
    #expect(picker.handle(KeyPress(.right)))
    #expect(picker.handle(KeyPress(.enter)))
    #expect(listener.selected.last == Swatch(row: 1, column: 1))
    settle(picker, from: &time)
    #expect(picker.currentModel == Swatch(row: 1, column: 1))
  }

  /// The closures of earlier versions still work, beside the delegate.
  @available(*, deprecated)
  @Test func theDeprecatedClosuresStillFire() {
    var scrolled: [Swatch] = []
    let picker = makePicker([8, 8, 8]).didScroll { scrolled.append($0) }
    var time = 1.0
    drag(picker, dx: -40, dy: 0, at: &time)
    settle(picker, from: &time)
    #expect(scrolled == [Swatch(row: 0, column: 1)])
  }

  @Test func emptyDataEmptyRowsAndASingleItem() {
    var time = 1.0
    for counts in [[], [0], [0, 0], [1], [1, 0, 1]] {
      let picker = makePicker(counts)
      for direction in [PickerDirection.down, .right, .up, .left, .down] {
        picker.step(direction)
        settle(picker, from: &time)
      }
      drag(picker, dx: -80, dy: -80, at: &time)
      settle(picker, from: &time)
      picker.tap(at: Point(x: 10, y: 10))
      settle(picker, from: &time)
      if counts.isEmpty { #expect(picker.currentModel == nil) }
      if let model = picker.currentModel {
        #expect(counts[model.row] > model.column)
        #expect(isCentred(picker))
      }
    }
  }

  @Test func oneSharedPoolKeepsTheCellsBounded() {
    let picker = makePicker(Array(repeating: 50, count: 200))
    var time = 1.0
    for row in stride(from: 0, to: 200, by: 7) {
      picker.scrollToRow(row, animated: true)
      settle(picker, from: &time)
      picker.scrollToColumn((row * 13) % 50, animated: true)
      settle(picker, from: &time)
    }
    let (rowViews, visibleItems) = picker.displayedCellCounts
    let created = picker.itemCellsCreated
    // 2–3 rows on screen, 2–3 items each; during moves a few more: a constant, not 200 × 50.
    #expect(created <= visibleItems + 12, "\(created) created for \(visibleItems) visible")
    #expect(picker.collectionView.reuseCounters.created <= rowViews + 3)
  }

  @Test func badSizesAndSensitivityAreReportedAndClamped() {
    var reports: [String] = []
    let picker = FourWayPicker(
      rows: swatches([3, 3]), cell: SwatchCell.self,
      itemSize: .perRow {
        $0 == 0 ? Size(width: .nan, height: -5) : Size(width: 100, height: .infinity)
      },
      viewportSize: Size(width: 375, height: 667))
    picker.collectionView.diagnostics.handler = { reports.append($0.message) }
    picker.collectionView.layoutIfNeeded()
    picker.effectiveSlidingDistance = -4
    #expect(picker.effectiveSlidingDistance == 0)
    #expect(reports.contains { $0.contains("effectiveSlidingDistance") })
    picker.reloadData()
    #expect(reports.contains { $0.contains("item width nan") })
    var time = 1.0
    picker.step(.down)
    settle(picker, from: &time)
    #expect(picker.currentRow == 1)
  }

  /// Random gesture sequences: after each settles, the picker rests on a valid (row, column),
  /// centred. A failure names the seed (and PropertyBased prints how to replay it).
  @Test(.shrinking(false))
  func randomGesturesAlwaysSettleCentredOnAValidItem() async {
    await propertyCheck(count: 40, input: Gen.uint64(in: 1...UInt64.max)) { seed in
      runGestures(seed: seed)
    }
  }
}

private func runGestures(seed: UInt64) {
  var random = SeededRandom(seed: seed)
  let counts = (0..<random.int(1...12)).map { _ in random.chance(0.15) ? 0 : random.int(1...15) }
  let widths = (0..<counts.count).map { _ in Double(random.int(40...400)) }
  let heights = (0..<counts.count).map { _ in Double(random.int(60...500)) }
  let picker = makePicker(counts, sizes: { Size(width: widths[$0], height: heights[$0]) })
  picker.effectiveSlidingDistance = Double(random.int(0...60))
  let listener = SwatchListener()
  picker.delegate = listener
  var scrolled: Int { listener.scrolled.count }
  var time = 1.0
  for step in 0..<30 {
    switch random.int(0...4) {
    case 0, 1:
      let dx = random.double(-400...400)
      let dy = random.chance(0.5) ? random.double(-20...20) : random.double(-500...500)
      drag(
        picker, dx: dx, dy: dy, at: &time, duration: random.double(0.03...0.6),
        hold: random.chance(0.3) ? 0.3 : 0)
    case 2:
      picker.step([.up, .down, .left, .right][random.int(0...3)], animated: random.chance(0.7))
    case 3:
      let container = picker.collectionView
      picker.tap(
        at: Point(
          x: random.double(0...375), y: container.contentOffset.y + random.double(0...667)))
    default:
      // A new touch interrupts whatever moves, part way.
      for _ in 0..<random.int(0...20) { time += 1.0 / 120; picker.tick(now: time) }
      drag(picker, dx: random.double(-60...60), dy: random.double(-60...60), at: &time)
    }
    settle(picker, from: &time)
    let row = picker.currentRow
    #expect(row >= 0 && row < counts.count, "seed \(seed), step \(step): row \(row)")
    if let column = picker.column(forRow: row) {
      #expect(column < counts[row], "seed \(seed), step \(step)")
      #expect(picker.currentModel == Swatch(row: row, column: column), "seed \(seed)")
    }
    #expect(isCentred(picker), "seed \(seed), step \(step): not centred")
  }
}

/// Records a picker's delegate calls.
final class SwatchListener: FourWayPickerDelegate {
  var scrolled: [Swatch] = []
  var selected: [Swatch] = []
  func fourWayPicker(_ picker: FourWayPicker<Swatch>, didScrollTo model: Swatch) {
    scrolled.append(model)
  }
  func fourWayPicker(_ picker: FourWayPicker<Swatch>, didSelect model: Swatch) {
    selected.append(model)
  }
}
