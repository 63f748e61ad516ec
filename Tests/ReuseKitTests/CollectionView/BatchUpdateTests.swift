import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A cell that shows one value, and says it: "Item N".
class ValueCell: CollectionViewCell {
  var value: Int? {
    didSet { accessibilityLabel = value.map { "Item \($0)" } }
  }
  var prepareCount = 0
  override func prepareForReuse() {
    prepareCount += 1
    value = nil
  }
}

extension SectionedValues where Value == Int {
  /// A ``ValueCell`` (registered as "value") showing the value at `indexPath`.
  func valueCell(_ collectionView: CollectionView, at indexPath: ItemPath) -> ValueCell {
    let cell = collectionView.dequeueReusableCell(
      ValueCell.self, withReuseIdentifier: "value", for: indexPath)
    cell.value = sections[indexPath.section][indexPath.item]
    return cell
  }
}

/// A data source over sections of values; records display callbacks by cell.
class ValueSource: SectionedValues, CollectionViewDelegate {
  var sections: [[Int]]
  var cellRequests = 0
  var displayed: [ObjectIdentifier: ItemPath] = [:]
  var violations: [String] = []

  init(_ sections: [[Int]]) { self.sections = sections }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    cellRequests += 1
    return valueCell(collectionView, at: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if displayed.updateValue(indexPath, forKey: ObjectIdentifier(cell)) != nil {
      violations.append("willDisplay twice for one cell at \(indexPath)")
    }
  }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if displayed.removeValue(forKey: ObjectIdentifier(cell)) == nil {
      violations.append("didEndDisplaying without willDisplay at \(indexPath)")
    }
  }

  /// The values the visible cells show, in order.
  ///
  /// (`displayed` pairs callbacks by cell: a moved item keeps its cell and hears no callback,
  /// so the path recorded at `willDisplay` can be stale.)
  func shown(_ collectionView: CollectionView) -> [Int?] {
    collectionView.visibleCells.map { ($0 as! ValueCell).value }
  }
}

func makeValues(
  _ sections: [[Int]], length: Double = 10, viewport: Double = 100,
  sizing: ListLayout.ItemSizing? = nil
) -> (CollectionView, ValueSource) {
  let collectionView = CollectionView(
    layout: ListLayout(itemSizing: sizing ?? .uniform(length)),
    viewportSize: Size(width: 50, height: viewport))
  collectionView.diagnostics.handler = nil
  collectionView.register(ValueCell.self, forCellWithReuseIdentifier: "value")
  let source = ValueSource(sections)
  collectionView.dataSource = source
  collectionView.delegate = source
  collectionView.layoutIfNeeded()
  return (collectionView, source)
}

func path(_ section: Int, _ item: Int) -> ItemPath {
  ItemPath(section: section, item: item)
}

/// Selects the item at `path` of `source` (or deselects it), and keeps `model`, the values a
/// seeded model test expects selected, in step.
func setSelected<Source: SectionedValues>(
  _ select: Bool, at path: ItemPath, of source: Source, in collectionView: CollectionView,
  model: inout Set<Int>
) where Source.Value == Int {
  let value = source.sections[path.section][path.item]
  if select {
    collectionView.selectItem(at: path)
    model.insert(value)
  } else {
    collectionView.deselectItem(at: path)
    model.remove(value)
  }
}

@Suite struct BatchUpdateTests {
  @Test func cellsStayWithTheirItemsThroughInsertsDeletesAndMoves() {
    let (collectionView, source) = makeValues([Array(0..<20)])
    let cellOf3 = collectionView.cellForItem(at: path(0, 3))
    let cellOf7 = collectionView.cellForItem(at: path(0, 7))
    let requests = source.cellRequests
    // Delete 1, move 3 to the front, insert 100 at 5 (after-update index).
    source.sections = [[3, 0, 2, 4, 5, 100, 6, 7] + Array(8..<20)]
    let result = collectionView.performBatchUpdates(animated: false) {
      collectionView.deleteItems(at: [path(0, 1)])
      collectionView.moveItem(at: path(0, 3), to: path(0, 0))
      collectionView.insertItems(at: [path(0, 5)])
    }
    #expect(result.failure == nil)
    #expect(collectionView.cellForItem(at: path(0, 0)) === cellOf3)
    #expect(collectionView.cellForItem(at: path(0, 7)) === cellOf7)
    #expect(source.shown(collectionView) == Array(source.sections[0].prefix(10)))
    #expect(source.cellRequests == requests + 1, "only the inserted item asked for a cell")
    #expect(source.violations.isEmpty)
    #expect(
      Set(source.displayed.keys) == Set(collectionView.visibleCells.map(ObjectIdentifier.init)))
  }

  @Test func theClassicInvalidUpdatesAreErrorsWithAFallback() {
    let (collectionView, source) = makeValues([Array(0..<20)])
    collectionView.selectItem(at: path(0, 4))

    // Insert without a count change.
    var result = collectionView.performBatchUpdates {
      collectionView.insertItems(at: [path(0, 0)])
    }
    #expect(
      result.failure
        == .invalidNumberOfItems(
          section: 0, before: 20, after: 20, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))

    // Delete out of range.
    source.sections[0].removeLast()
    result = collectionView.performBatchUpdates { collectionView.deleteItems(at: [path(0, 40)]) }
    #expect(result.failure == .itemOutOfRange(.delete, path(0, 40), itemCount: 20))

    // Move an item that is deleted.
    source.sections[0].removeFirst()
    result = collectionView.performBatchUpdates {
      collectionView.deleteItems(at: [path(0, 2)])
      collectionView.moveItem(at: path(0, 2), to: path(0, 0))
    }
    #expect(result.failure == .conflictingItemOperations(path(0, 2), .delete, .moveSource))

    // Each was reported as a value and fell back to a reload: the data shows, the selection
    // (still in range) stays, nothing crashed.
    #expect(collectionView.diagnostics.count(of: .inconsistentUpdate) == 3)
    #expect(collectionView.diagnostics.recent.compactMap(\.batchUpdateError).count == 3)
    #expect(collectionView.numberOfItems(inSection: 0) == 18)
    #expect(source.shown(collectionView) == Array(source.sections[0].prefix(10)))
    #expect(collectionView.indexPathsForSelectedItems == [path(0, 4)])
    #expect(source.violations.isEmpty)
  }

  @Test func selectionFollowsItemsAndLeavesWithDeletedOnes() {
    let (collectionView, source) = makeValues([Array(0..<10), Array(10..<20)])
    collectionView.allowsMultipleSelection = true
    collectionView.selectItem(at: path(0, 2))  // value 2
    collectionView.selectItem(at: path(1, 0))  // value 10
    collectionView.selectItem(at: path(0, 5))  // value 5
    // Move 2 into section 1, delete 5, insert two at the front of section 0.
    source.sections = [[90, 91, 0, 1, 3, 4, 6, 7, 8, 9], [10, 2] + Array(11..<20)]
    collectionView.performBatchUpdates(animated: false) {
      collectionView.moveItem(at: path(0, 2), to: path(1, 1))
      collectionView.deleteItems(at: [path(0, 5)])
      collectionView.insertItems(at: [path(0, 0), path(0, 1)])
    }
    #expect(collectionView.indexPathsForSelectedItems == [path(1, 0), path(1, 1)])
    for selected in collectionView.indexPathsForSelectedItems {
      #expect([2, 10].contains(source.sections[selected.section][selected.item]))
    }
  }

  @Test func theFirstVisibleItemKeepsItsPlaceOnScreen() {
    let (collectionView, source) = makeValues([Array(0..<1_000)])
    collectionView.contentOffset = Point(x: 0, y: 5_005)  // item 500 at -5 on screen
    collectionView.layoutIfNeeded()
    func placeOf(_ value: Int) -> Double? {
      guard let index = source.sections[0].firstIndex(of: value),
        let frame = collectionView.frameForItem(at: path(0, index))
      else { return nil }
      return frame.minY - collectionView.contentOffset.y
    }
    #expect(placeOf(500) == -5)
    // Insert three above.
    source.sections[0].insert(contentsOf: [-1, -2, -3], at: 100)
    collectionView.performBatchUpdates(animated: false) {
      collectionView.insertItems(at: [path(0, 100), path(0, 101), path(0, 102)])
    }
    #expect(placeOf(500) == -5)
    #expect(source.shown(collectionView).first == 500)
    // Delete ten above.
    source.sections[0].removeSubrange(0..<10)
    collectionView.performBatchUpdates(animated: false) {
      collectionView.deleteItems(at: (0..<10).map { path(0, $0) })
    }
    #expect(placeOf(500) == -5)
    // The anchor item itself deleted: the next displayed one keeps its place.
    let index = source.sections[0].firstIndex(of: 500)!
    source.sections[0].remove(at: index)
    collectionView.performBatchUpdates(animated: false) {
      collectionView.deleteItems(at: [path(0, index)])
    }
    #expect(placeOf(501) == 5)
    // Inserting below moves nothing.
    let offset = collectionView.contentOffset
    source.sections[0].append(5_000)
    collectionView.performBatchUpdates(animated: false) {
      collectionView.insertItems(at: [path(0, source.sections[0].count - 1)])
    }
    #expect(collectionView.contentOffset == offset)
  }

  @Test func measuredSizesFollowTheirItemsAndTheAnchorHolds() {
    let (collectionView, source) = makeValues(
      [Array(0..<200)], sizing: .estimated(10))
    // Cells measure 10 + value % 7 rows.
    final class Measuring: ValueCell {
      override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
        Size(width: proposedSize.width, height: 10 + Double((value ?? 0) % 7))
      }
    }
    collectionView.register(Measuring.self, forCellWithReuseIdentifier: "value")
    collectionView.reloadData()
    collectionView.contentOffset = Point(x: 0, y: 600)
    collectionView.layoutIfNeeded()
    let first = source.shown(collectionView)[1]!
    let firstIndex = source.sections[0].firstIndex(of: first)!
    let frameBefore = collectionView.frameForItem(at: path(0, firstIndex))!
    let screenBefore = frameBefore.minY - collectionView.contentOffset.y
    let heightBefore = frameBefore.height
    source.sections[0].insert(contentsOf: [1_000, 1_001], at: 0)
    collectionView.performBatchUpdates(animated: false) {
      collectionView.insertItems(at: [path(0, 0), path(0, 1)])
    }
    let frameAfter = collectionView.frameForItem(at: path(0, firstIndex + 2))!
    #expect(frameAfter.height == heightBefore, "its measured height moved with it")
    #expect(frameAfter.minY - collectionView.contentOffset.y == screenBefore)
  }

  @Test func reconfigureKeepsTheCellAndConfiguresItAgain() {
    let (collectionView, source) = makeValues([Array(0..<20)])
    let cell = collectionView.cellForItem(at: path(0, 4)) as! ValueCell
    let prepares = cell.prepareCount
    source.sections[0][4] = 444
    collectionView.reconfigureItems(at: [path(0, 4)])
    #expect(collectionView.cellForItem(at: path(0, 4)) === cell)
    #expect(cell.value == 444)
    #expect(cell.prepareCount == prepares, "a reconfigure does not prepare the cell for reuse")
    #expect(!collectionView.isAnimatingUpdates, "nothing moved: no animation")
  }

  @Test func sectionsInsertDeleteAndMove() {
    let (collectionView, source) = makeValues([[0, 1], [10, 11], [20, 21]], viewport: 200)
    source.sections = [[20, 21], [0, 1], [30]]
    let result = collectionView.performBatchUpdates(animated: false) {
      collectionView.deleteSections([1])
      collectionView.moveSection(2, toSection: 0)
      collectionView.insertSections([2])
    }
    #expect(result.failure == nil)
    #expect(source.shown(collectionView) == [20, 21, 0, 1, 30])
    #expect(source.violations.isEmpty)
  }

  @Test func movesGlideAndDeletionsFadeOnTheClock() {
    let (collectionView, source) = makeValues([Array(0..<20)])
    let moving = collectionView.cellForItem(at: path(0, 0))!
    let deleted = collectionView.cellForItem(at: path(0, 3))!
    var finished: Bool?
    source.sections[0] = [1, 2, 4, 5, 0] + Array(6..<20)
    collectionView.performBatchUpdates(
      {
        collectionView.deleteItems(at: [path(0, 3)])
        collectionView.moveItem(at: path(0, 0), to: path(0, 4))
      }, completion: { finished = $0 })
    #expect(collectionView.isAnimating)
    func drawn(_ view: ReusableView) -> LayoutAttributes? {
      var found: LayoutAttributes?
      collectionView.forEachDisplayedView { if $0 === view { found = $1 } }
      return found
    }
    // Before the first tick: where they were.
    #expect(drawn(moving)?.frame.minY == 0)
    #expect(drawn(deleted)?.alpha == 1)
    #expect(collectionView.reuseCounters.visible == 11, "the deleted cell is still on screen")
    collectionView.tick(now: 10)
    collectionView.tick(now: 10 + collectionView.updateAnimationDuration / 2)
    let halfway = drawn(moving)!.frame.minY
    #expect(halfway > 0 && halfway < 40)
    #expect(drawn(deleted)!.alpha > 0 && drawn(deleted)!.alpha < 1)
    #expect(finished == nil)
    collectionView.tick(now: 10 + collectionView.updateAnimationDuration)
    #expect(drawn(moving)?.frame.minY == 40)
    #expect(drawn(deleted) == nil)
    #expect(finished == true)
    #expect(!collectionView.isAnimating)
    #expect(source.violations.isEmpty)
    #expect(
      Set(source.displayed.keys) == Set(collectionView.visibleCells.map(ObjectIdentifier.init)))
  }

  @Test func aSecondStageContinuesTheFirstStagesAnimation() {
    let (collectionView, source) = makeValues([Array(0..<20)])
    let moving = collectionView.cellForItem(at: path(0, 0))!
    // Stage 1 moves item 0 to 4; stage 2 reconfigures it there (what StagedChangeset makes of
    // a move plus a content change).
    source.sections[0] = [1, 2, 3, 4, 0] + Array(5..<20)
    collectionView.performBatchUpdates(
      with: Changeset(movedItems: [ItemMove(from: path(0, 0), to: path(0, 4))]))
    collectionView.performBatchUpdates(with: Changeset(reconfiguredItems: [path(0, 4)]))
    var drawnY: Double?
    collectionView.forEachDisplayedView { if $0 === moving { drawnY = $1.frame.minY } }
    #expect(drawnY == 0, "still where it was: the glide was not cut short")
    #expect(collectionView.isAnimatingUpdates)
    collectionView.settleUpdateAnimation()
    #expect(collectionView.cellForItem(at: path(0, 4)) === moving)
  }

  @Test func anInterruptedAnimationsCompletionRunsAfterTheNextUpdateIsApplied() {
    let (collectionView, source) = makeValues([Array(0..<20)])
    var finished: [Bool] = []
    source.sections[0].remove(at: 2)
    collectionView.performBatchUpdates(
      { collectionView.deleteItems(at: [path(0, 2)]) },
      completion: { [unowned collectionView] done in
        finished.append(done)
        // A completion that scrolls and asks for geometry must see consistent data.
        collectionView.contentOffset = Point(x: 0, y: 30)
        collectionView.layoutIfNeeded()
      })
    source.sections[0].remove(at: 0)
    let result = collectionView.performBatchUpdates { collectionView.deleteItems(at: [path(0, 0)]) }
    #expect(result.failure == nil)
    #expect(finished == [false])
    #expect(collectionView.diagnostics.count(of: .inconsistentUpdate) == 0)
    collectionView.settleUpdateAnimation()
    #expect(source.violations.isEmpty)
    #expect(
      Set(source.displayed.keys) == Set(collectionView.visibleCells.map(ObjectIdentifier.init)))
  }

}

/// A data source of more sections than a collection view takes (one item each, said once for
/// all): what a table of a server's 10,000,021 rows asks for.
private final class TooManySections: CollectionViewDataSource {
  var sections = maximumSectionCount + 21
  var configured = 0
  func numberOfSections(in collectionView: CollectionView) -> Int { sections }
  func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int? { 1 }
  func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  { 1 }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    configured += 1
    return collectionView.dequeueReusableCell(
      ValueCell.self, withReuseIdentifier: "value", for: indexPath)
  }
}

@Suite struct ClampedCountTests {
  /// Counts past the limit are clamped once, when read. A batch that only reconfigures must
  /// not read them again: that path holds arrays of every section (a gigabyte at 10⁷), and it
  /// reported the clamp again on every page of rows that arrived.
  @Test func aReconfigureOverClampedCountsStaysInPlace() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 10, height: 10))
    var reports: [String] = []
    view.diagnostics.handler = { reports.append($0.message) }
    view.register(ValueCell.self, forCellWithReuseIdentifier: "value")
    let source = TooManySections()
    view.dataSource = source
    view.layoutIfNeeded()
    #expect(view.numberOfSections == maximumSectionCount)
    #expect(reports.count == 1, "the clamp is said when the counts are read: \(reports)")
    let configured = source.configured
    for _ in 0..<3 { view.reconfigureItems(at: [ItemPath(section: 2, item: 0)]) }
    #expect(source.configured == configured + 3, "configured again in place")
    #expect(reports.count == 1, "and not read again: \(reports)")
  }
}
