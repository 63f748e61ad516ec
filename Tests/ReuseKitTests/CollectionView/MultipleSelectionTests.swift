import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A delegate that records selection changes, refuses some, and hears of deleted items.
private final class SelectionLog: CollectionViewDelegate {
  var selected: [ItemPath] = []
  var deselected: [ItemPath] = []
  var deleted: [[ItemPath]] = []
  var refuses: Set<ItemPath> = []
  var refusesDeselect: Set<ItemPath> = []
  /// Each item told outside a change of many (as a tap would be).
  var toldAsTaps: [ItemPath] = []
  func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
  )
    -> Bool
  { !refuses.contains(indexPath) }
  func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: ItemPath
  ) -> Bool { !refusesDeselect.contains(indexPath) }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
    selected.append(indexPath)
    if !collectionView.isChangingManyItems { toldAsTaps.append(indexPath) }
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath) {
    deselected.append(indexPath)
    if !collectionView.isChangingManyItems { toldAsTaps.append(indexPath) }
  }
  func collectionView(
    _ collectionView: CollectionView, didDeselectDeletedItemsAt indexPaths: [ItemPath]
  ) { deleted.append(indexPaths) }
}

private func spot(_ item: Int, _ section: Int = 0) -> ItemPath {
  ItemPath(section: section, item: item)
}

private func spots(_ range: ClosedRange<Int>, _ section: Int = 0) -> [ItemPath] {
  range.map { spot($0, section) }
}

/// A list (or another layout) with multiple selection and a recording delegate.
private func makeSelectable(
  _ sections: [[Int]], layout: any CollectionViewLayout = ListLayout(itemSizing: .uniform(10)),
  viewport: Size = Size(width: 100, height: 100)
) -> (CollectionView, Board, SelectionLog) {
  let (view, board) = makeBoard(sections, layout: layout, viewport: viewport)
  let log = SelectionLog()
  view.delegate = log
  view.allowsMultipleSelection = true
  view.layoutIfNeeded()
  return (view, board, log)
}

/// Every displayed cell shows whether its item is selected.
private func cellsShowSelection(_ view: CollectionView) -> Bool {
  view.indexPathsForVisibleItems.allSatisfy {
    view.cellForItem(at: $0)?.isSelected == view.isItemSelected(at: $0)
  }
}

@Suite struct MultipleSelectionTests {
  @Test func shiftTapsSelectRangesFromTheAnchorAndControlToggles() {
    let (view, board, log) = makeSelectable([Array(0..<20)])
    defer { withExtendedLifetime((board, log)) {} }
    view.tapItem(at: spot(3))
    #expect(view.selectionAnchor == spot(3))
    view.tapItem(at: spot(7), modifiers: .shift)
    #expect(view.indexPathsForSelectedItems == spots(3...7))
    // The next Shift tap replaces the range from the same anchor.
    view.tapItem(at: spot(5), modifiers: .shift)
    #expect(view.indexPathsForSelectedItems == spots(3...5))
    #expect(log.deselected == [spot(6), spot(7)])
    view.tapItem(at: spot(1), modifiers: .shift)
    #expect(view.indexPathsForSelectedItems == spots(1...3))
    // Control toggles and moves the anchor; the earlier range stays.
    view.tapItem(at: spot(10), modifiers: .control)
    #expect(view.selectionAnchor == spot(10))
    view.tapItem(at: spot(12), modifiers: .shift)
    #expect(view.indexPathsForSelectedItems == spots(1...3) + spots(10...12))
    view.tapItem(at: spot(11), modifiers: .control)
    #expect(view.indexPathsForSelectedItems == spots(1...3) + [spot(10), spot(12)])
    #expect(cellsShowSelection(view))
  }

  /// With `tapsReplaceSelection`, a plain click replaces the selection as desktop lists do;
  /// Control toggles, Shift extends from the anchor, and Space still toggles (issue 41, 6).
  @Test func plainClicksReplaceTheSelectionWhenAsked() {
    let (view, board, log) = makeSelectable([Array(0..<20)])
    defer { withExtendedLifetime((board, log)) {} }
    func click(_ item: Int, _ modifiers: KeyModifiers = [], at time: Double) {
      drag(view, .began, 50, Double(item) * 10 + 5, time, modifiers)
      drag(view, .ended, 50, Double(item) * 10 + 5, time + 0.05, modifiers)
    }
    // The default is UIKit's: a click toggles.
    click(2, at: 0)
    click(4, at: 1)
    #expect(view.indexPathsForSelectedItems == [spot(2), spot(4)])
    view.tapsReplaceSelection = true
    click(6, at: 2)
    #expect(view.indexPathsForSelectedItems == [spot(6)])
    #expect(log.deselected.suffix(2) == [spot(2), spot(4)])
    // A plain click on the selected item keeps it: the selection is that item alone.
    click(6, at: 3)
    #expect(view.indexPathsForSelectedItems == [spot(6)])
    click(8, [.control], at: 4)
    #expect(view.indexPathsForSelectedItems == [spot(6), spot(8)])
    click(6, [.control], at: 5)
    #expect(view.indexPathsForSelectedItems == [spot(8)])
    // Shift adds the range from the anchor (6, the item last clicked) to the selection.
    click(5, [.shift], at: 6)
    #expect(view.indexPathsForSelectedItems == [spot(5), spot(6), spot(8)])
    click(1, at: 7)
    #expect(view.indexPathsForSelectedItems == [spot(1)])
    #expect(view.selectionAnchor == spot(1))
    // Space on the focused item still toggles.
    view.focusItem(at: spot(3))
    #expect(view.handle(KeyPress(.space)))
    #expect(view.indexPathsForSelectedItems == [spot(1), spot(3)])
    // The delegate may refuse to let an item go.
    log.refusesDeselect = [spot(3)]
    click(9, at: 8)
    #expect(view.indexPathsForSelectedItems == [spot(3), spot(9)])
    #expect(cellsShowSelection(view))
  }

  @Test func rangesCrossSectionsAndTheDelegateMayRefuseItems() {
    let (view, board, log) = makeSelectable([Array(0..<4), Array(4..<8), Array(8..<12)])
    defer { withExtendedLifetime((board, log)) {} }
    log.refuses = [spot(1, 1)]
    view.tapItem(at: spot(2, 0))
    view.tapItem(at: spot(1, 2), modifiers: .shift)
    #expect(
      view.indexPathsForSelectedItems == spots(2...3, 0) + [spot(0, 1), spot(2, 1), spot(3, 1)]
        + spots(0...1, 2))
    #expect(!log.selected.contains(spot(1, 1)))
  }

  @Test func shiftedKeysExtendFromTheFocusedItemAndPlainMovesStartANewRange() {
    let (view, board, log) = makeSelectable([Array(0..<30)])
    defer { withExtendedLifetime((board, log)) {} }
    view.focusItem(at: spot(2))
    for _ in 0..<3 { #expect(view.handle(KeyPress(.down, modifiers: .shift))) }
    #expect(view.focusedIndexPath == spot(5))
    #expect(view.indexPathsForSelectedItems == spots(2...5))
    log.toldAsTaps.removeAll()
    #expect(view.handle(KeyPress(.up, modifiers: .shift)))
    #expect(view.indexPathsForSelectedItems == spots(2...4))
    // One item left the range: told as part of a range, not as a tap (a delegate that
    // focuses a tapped item put the focus back on it: a new user's finding).
    #expect(view.focusedIndexPath == spot(4))
    #expect(log.deselected.last == spot(5) && log.toldAsTaps.isEmpty, "\(log.toldAsTaps)")
    #expect(view.handle(KeyPress(.down)))
    #expect(view.handle(KeyPress(.down)))
    #expect(view.handle(KeyPress(.down, modifiers: .shift)))
    #expect(view.indexPathsForSelectedItems == spots(2...4) + spots(6...7))
    #expect(view.handle(KeyPress(.end, modifiers: .shift)))
    #expect(view.indexPathsForSelectedItems == spots(2...4) + spots(6...29))
    #expect(view.contentOffset.y > 0, "the focused item scrolled into view")
    #expect(cellsShowSelection(view))
  }

  @Test func controlASelectsEverythingOnlyWithMultipleSelection() {
    let (view, board, log) = makeSelectable([Array(0..<5), [], Array(5..<8)])
    defer { withExtendedLifetime((board, log)) {} }
    #expect(view.handle(KeyPress(.character("a"), modifiers: .control)))
    #expect(view.indexPathsForSelectedItems == spots(0...4, 0) + spots(0...2, 2))
    #expect(log.selected.count == 8)
    #expect(view.handle(KeyPress(.character("a"), modifiers: [.control, .shift])))
    #expect(view.indexPathsForSelectedItems.isEmpty && log.deselected.count == 8)
    #expect(!view.handle(KeyPress(.character("a"), modifiers: [.control, .shift])), "none left")
    view.selectAllItems()
    view.deselectAllItems()
    #expect(view.indexPathsForSelectedItems.isEmpty)
    // Escape, with nothing held, deselects them all too (and says so with its return).
    #expect(view.handle(KeyPress(.character("a"), modifiers: .control)))
    #expect(view.numberOfSelectedItems == 8)
    #expect(view.handle(KeyPress(.escape)))
    #expect(view.numberOfSelectedItems == 0 && log.deselected.count == 16)
    #expect(!view.handle(KeyPress(.escape)), "nothing to cancel or deselect")
    view.allowsMultipleSelection = false
    #expect(!view.handle(KeyPress(.character("a"), modifiers: .control)))
    // Single selection: Shift with an arrow only moves the focus.
    view.focusItem(at: spot(0))
    #expect(view.handle(KeyPress(.down, modifiers: .shift)))
    #expect(view.focusedIndexPath == spot(1) && view.indexPathsForSelectedItems.isEmpty)
    view.extendSelection(to: spot(3))
    #expect(view.indexPathsForSelectedItems == [spot(3)])
  }

  @Test func deletedItemsLeaveTheSelectionAndTheDelegateIsTold() {
    let (view, board, log) = makeSelectable([Array(0..<10)])
    defer { withExtendedLifetime((board, log)) {} }
    view.selectAllItems()
    view.tapItem(at: spot(4), modifiers: .control)  // deselects 4, the anchor
    view.tapItem(at: spot(4), modifiers: .control)  // and selects it again
    view.performBatchUpdates(animated: false) {
      board.sections[0].removeSubrange(2...3)
      board.sections[0].insert(99, at: 0)
      view.deleteItems(at: [spot(2), spot(3)])
      view.insertItems(at: [spot(0)])
    }
    #expect(log.deleted == [[spot(2), spot(3)]])
    #expect(view.indexPathsForSelectedItems == spots(1...2) + spots(3...8))
    #expect(!view.isItemSelected(at: spot(0)), "the inserted item is not selected")
    #expect(view.selectionAnchor == spot(3), "the anchor followed its item")
    // A reload that leaves selected paths out of range tells the delegate too.
    board.sections[0].removeLast(4)
    view.reloadData()
    #expect(log.deleted.last == spots(5...8))
    view.layoutIfNeeded()
    #expect(cellsShowSelection(view))
  }
}

@Suite struct SelectionByIdentityTests {
  /// A reload with the same identifiers in another order (and one selected item gone): the
  /// selection, its anchor and the focus stay with their items, and the delegate hears of
  /// the one that left.
  @Test func aReloadingSnapshotKeepsTheSelectionWithItsItems() {
    let (view, source) = makeStringList((0..<30).map { "item \($0)" }, height: 100)
    let log = SelectionLog()
    view.delegate = log
    view.allowsMultipleSelection = true
    view.tapItem(at: ItemPath(section: 0, item: 2))
    view.tapItem(at: ItemPath(section: 0, item: 5), modifiers: .shift)  // 2...5
    view.focusItem(at: ItemPath(section: 0, item: 4))
    var snapshot = source.snapshot()
    let reversed = snapshot.itemIdentifiers(inSection: 0).reversed().filter { $0 != "item 3" }
    snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(reversed))
    source.applySnapshotUsingReloadData(snapshot)
    let titles = view.indexPathsForSelectedItems.map { source.itemIdentifier(for: $0)! }
    #expect(titles == ["item 5", "item 4", "item 2"])
    #expect(view.focusedIndexPath.flatMap(source.itemIdentifier(for:)) == "item 4")
    #expect(view.selectionAnchor.flatMap(source.itemIdentifier(for:)) == "item 2")
    #expect(log.deleted == [[ItemPath(section: 0, item: 3)]])
    view.layoutIfNeeded()
    #expect(cellsShowSelection(view))
    withExtendedLifetime(log) {}
  }
}

/// What a brute force says a box selects: every item whose frame meets it.
private func itemsMeeting(_ box: Rect, in view: CollectionView) -> [ItemPath] {
  var result: [ItemPath] = []
  for section in 0..<view.numberOfSections {
    for item in 0..<view.numberOfItems(inSection: section) {
      let path = ItemPath(section: section, item: item)
      var probe = box
      probe.size.width = max(probe.size.width, 0.001)
      probe.size.height = max(probe.size.height, 0.001)
      if let frame = view.frameForItem(at: path), frame.intersects(probe) { result.append(path) }
    }
  }
  return result
}

private func drag(
  _ view: CollectionView, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double,
  _ time: Double, _ modifiers: KeyModifiers = []
) {
  view.handle(PointerEvent(phase, at: Point(x: x, y: y), time: time, modifiers: modifiers))
}

@Suite struct SelectionDragTests {
  /// A grid of 3 columns, 30 points tall rows, with gaps between items.
  private func makeGrid(_ count: Int = 60) -> (CollectionView, Board, SelectionLog) {
    let (view, board, log) = makeSelectable(
      [Array(0..<count)],
      layout: GridLayout(
        columns: .fixed(3), itemHeight: .fixed(30), columnSpacing: 4, rowSpacing: 4),
      viewport: Size(width: 100, height: 100))
    view.selectionDragStyle = { _, _, _ in .box }
    return (view, board, log)
  }

  @Test func aBoxSelectsWhatItMeetsAndLetsGoOfWhatItLeaves() {
    let (view, board, log) = makeGrid()
    defer { withExtendedLifetime((board, log)) {} }
    view.tapItem(at: spot(40))  // a plain box replaces this
    drag(view, .began, 5, 5, 0)
    #expect(!view.isSelectionDragging, "not before the press travels")
    drag(view, .moved, 60, 45, 0.02)
    view.layoutIfNeeded()
    #expect(view.isSelectionDragging)
    let box = view.selectionDragBox!
    #expect(box == Rect(x: 5, y: 5, width: 55, height: 40))
    #expect(view.indexPathsForSelectedItems == itemsMeeting(box, in: view))
    #expect(view.indexPathsForSelectedItems == [spot(0), spot(1), spot(3), spot(4)])
    drag(view, .moved, 20, 20, 0.04)
    view.layoutIfNeeded()
    #expect(view.indexPathsForSelectedItems == [spot(0)])
    #expect(cellsShowSelection(view))
    drag(view, .ended, 20, 20, 0.06)
    #expect(!view.isSelectionDragging && view.selectionDragBox == nil)
    #expect(view.indexPathsForSelectedItems == [spot(0)])
  }

  @Test func shiftAddsControlTogglesAndEscapePutsTheSelectionBack() {
    let (view, board, log) = makeGrid()
    defer { withExtendedLifetime((board, log)) {} }
    view.tapItem(at: spot(0))
    view.tapItem(at: spot(8))
    drag(view, .began, 5, 5, 0, .shift)
    drag(view, .moved, 40, 40, 0.02, .shift)
    view.layoutIfNeeded()
    #expect(view.indexPathsForSelectedItems == [spot(0), spot(1), spot(3), spot(4), spot(8)])
    drag(view, .ended, 40, 40, 0.04)
    drag(view, .began, 5, 5, 1, .control)
    drag(view, .moved, 40, 75, 1.02, .control)
    view.layoutIfNeeded()
    // Toggled: 0, 1, 3, 4 were selected and leave; 6 and 7 join; 8 stays outside.
    #expect(view.indexPathsForSelectedItems == [spot(6), spot(7), spot(8)])
    #expect(view.handle(KeyPress(.escape)))
    #expect(!view.isSelectionDragging && !view.hasPointerCapture)
    #expect(view.indexPathsForSelectedItems == [spot(0), spot(1), spot(3), spot(4), spot(8)])
    #expect(cellsShowSelection(view))
  }

  @Test func aReleaseBeforeTheSlopIsATap() {
    let (view, board, log) = makeGrid()
    defer { withExtendedLifetime((board, log)) {} }
    drag(view, .began, 40, 10, 0)
    drag(view, .moved, 41, 11, 0.01)
    drag(view, .ended, 41, 11, 0.02)
    #expect(view.indexPathsForSelectedItems == [spot(1)])
    drag(view, .began, 70, 10, 1, .shift)
    drag(view, .ended, 70, 10, 1.02, .shift)
    #expect(view.indexPathsForSelectedItems == [spot(1), spot(2)])
  }

  @Test func nearTheBottomTheBoxScrollsAndKeepsItsStartOnTheContent() {
    let (view, board, log) = makeGrid(300)
    defer { withExtendedLifetime((board, log)) {} }
    var time = 0.0
    drag(view, .began, 5, 5, time)
    drag(view, .moved, 90, 99, time + 0.02)
    for _ in 0..<60 {
      time += 1.0 / 60
      view.tick(now: time)
    }
    #expect(view.contentOffset.y > 100, "the content scrolled by itself")
    let box = view.selectionDragBox!
    #expect(box.minY == 5, "the box starts where the press went down on the content")
    #expect(abs(box.maxY - (view.contentOffset.y + 99)) < 1e-9)
    #expect(view.indexPathsForSelectedItems == itemsMeeting(box, in: view))
    #expect(view.isItemSelected(at: spot(0)))
    drag(view, .ended, 90, 99, time)
    let offset = view.contentOffset.y
    view.tick(now: time + 0.5)
    #expect(view.contentOffset.y == offset, "the release stops the autoscroll")
  }

  @Test func rowsInsertedAboveDuringABoxKeepItsStartOnItsItem() {
    let (view, board, log) = makeGrid(120)
    defer { withExtendedLifetime((board, log)) {} }
    view.contentOffset = Point(x: 0, y: 340)  // row 10 at the top
    view.layoutIfNeeded()
    drag(view, .began, 5, 5, 0)
    drag(view, .moved, 60, 30, 0.02)
    view.layoutIfNeeded()
    let before = view.indexPathsForSelectedItems
    #expect(before == [spot(30), spot(31)])
    view.performBatchUpdates(animated: false) {
      board.sections[0].insert(contentsOf: 1000..<1006, at: 0)
      view.insertItems(at: spots(0...5))
    }
    view.layoutIfNeeded()
    #expect(view.indexPathsForSelectedItems == [spot(36), spot(37)], "the same items")
    drag(view, .moved, 60, 75, 0.04)
    view.layoutIfNeeded()
    #expect(view.indexPathsForSelectedItems == itemsMeeting(view.selectionDragBox!, in: view))
    #expect(view.indexPathsForSelectedItems.first == spot(36))
    drag(view, .ended, 60, 75, 0.06)
  }

  @Test func aSlideAlongAListSelectsARangeAndDeselectsFromASelectedItem() {
    let (view, board, log) = makeSelectable([Array(0..<50)])
    defer { withExtendedLifetime((board, log)) {} }
    view.selectionDragStyle = { _, point, _ in point.x < 5 ? .slide : nil }
    drag(view, .began, 2, 25, 0)
    drag(view, .moved, 2, 65, 0.02)
    view.layoutIfNeeded()
    #expect(view.indexPathsForSelectedItems == spots(2...6))
    drag(view, .moved, 60, 45, 0.04)  // across the row: only the axis counts
    view.layoutIfNeeded()
    #expect(view.indexPathsForSelectedItems == spots(2...4))
    drag(view, .ended, 60, 45, 0.06)
    // Pressed elsewhere, the content scrolls as usual.
    drag(view, .began, 50, 80, 1)
    drag(view, .moved, 50, 40, 1.02)
    #expect(!view.isSelectionDragging && view.contentOffset.y > 0)
    drag(view, .ended, 50, 40, 1.04)
    view.cancelPointer()
    view.setContentOffset(.zero, animated: false)
    // From a selected item, the slide deselects.
    drag(view, .began, 2, 35, 2)
    drag(view, .moved, 2, 15, 2.02)
    view.layoutIfNeeded()
    #expect(view.indexPathsForSelectedItems == [spot(4)])
    drag(view, .ended, 2, 15, 2.04)
  }

  /// Random boxes over random grids and waterfalls: the selection is what a brute force says
  /// the box meets, after every move, scroll and update.
  @Test(arguments: 0..<24)
  func randomBoxesSelectWhatTheyMeet(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0x5E1_EC70)
    let (sections, last) = random.sections(1...3, items: 0...60, numberingFrom: 0)
    let layout: any CollectionViewLayout =
      index % 2 == 0
      ? GridLayout(
        columns: .fixed(random.int(2...4)), itemHeight: .fixed(12), columnSpacing: 3, rowSpacing: 3)
      : WaterfallLayout(columns: .fixed(random.int(2...3)), itemHeight: .estimated(14))
    let (view, board, log) = makeSelectable(sections, layout: layout)
    defer { withExtendedLifetime((board, log)) {} }
    for value in 0...last { board.lengths[value] = Double(6 + (value * 7) % 13) }
    view.selectionDragStyle = { _, _, _ in .box }
    view.layoutIfNeeded()
    var time = 0.0
    var next = last + 1
    for step in 0..<30 {
      let context = "seed \(seed), step \(step)"
      time += 0.02
      let x = random.double(0...99)
      let y = random.double(0...99)
      switch random.int(0...5) {
      case 0:
        drag(view, .ended, x, y, time)
        drag(view, .began, x, y, time + 0.01)
        drag(view, .moved, x + 4, y + 4, time + 0.015)
      case 1:
        view.tick(now: time)
      case 2 where !board.sections.isEmpty:
        let section = random.int(0..<board.sections.count)
        let item = random.int(0...board.sections[section].count)
        board.sections[section].insert(next, at: item)
        board.lengths[next] = 9
        next += 1
        view.performBatchUpdates(animated: false) {
          view.insertItems(at: [ItemPath(section: section, item: item)])
        }
      default:
        drag(view, .moved, x, y, time)
      }
      view.layoutIfNeeded()
      if let box = view.selectionDragBox {
        #expect(view.indexPathsForSelectedItems == itemsMeeting(box, in: view), "\(context)")
      }
      #expect(cellsShowSelection(view), "\(context)")
    }
  }
}
