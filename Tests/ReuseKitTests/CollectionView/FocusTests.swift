import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct FocusTests {
  @Test func listArrowsStepThroughSectionsAndCrossArrowsDoNothing() {
    let items = Items([[1, 2], [], [3]])
    let view = makeView(ListLayout(itemSizing: .uniform(10), headerLength: .fixed(5)), items)
    #expect(view.focusedIndexPath == nil)
    #expect(view.moveFocus(.down))  // no focus yet: the first item in view
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 0))
    #expect(view.moveFocus(.down))
    #expect(view.moveFocus(.down))  // over the empty section
    #expect(view.focusedIndexPath == ItemPath(section: 2, item: 0))
    #expect(!view.moveFocus(.down))
    #expect(!view.moveFocus(.left))
    #expect(!view.moveFocus(.right))
    #expect(view.moveFocus(.first))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 0))
    #expect(!view.moveFocus(.up))
    #expect(view.moveFocus(.last))
    #expect(view.focusedIndexPath == ItemPath(section: 2, item: 0))
    expectFlagsMatch(view)
  }

  /// An arrow with nowhere to go (↑ on the first item, ↓ on the last) brings the focused item
  /// back into view when the content was scrolled away from it, and says it did something;
  /// with the item in view it still does nothing (a new user's finding: the key did nothing,
  /// the view stayed where the wheel left it).
  @Test func anArrowWithNowhereToGoBringsTheFocusedItemBackIntoView() {
    let items = Items([Array(0..<100)])
    let view = makeView(ListLayout(itemSizing: .uniform(10)), items)
    #expect(view.moveFocus(.first))
    view.contentOffset.y = 500
    view.layoutIfNeeded()
    #expect(view.cellForItem(at: ItemPath(section: 0, item: 0)) == nil)
    #expect(view.moveFocus(.up))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 0))
    #expect(view.contentOffset.y == 0)
    #expect(!view.moveFocus(.up), "in view: nothing to do")
    #expect(view.moveFocus(.last))
    view.contentOffset.y = 0
    view.layoutIfNeeded()
    #expect(view.moveFocus(.down))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 99))
    #expect(view.cellForItem(at: ItemPath(section: 0, item: 99)) != nil)
    // A cross arrow in a list goes nowhere either: it too shows the focused item.
    view.contentOffset.y = 0
    view.layoutIfNeeded()
    #expect(view.moveFocus(.left))
    #expect(view.cellForItem(at: ItemPath(section: 0, item: 99)) != nil)
    expectFlagsMatch(view)
  }

  /// An item longer than the viewport, focused by a key, shows from its start, from above
  /// and from below, as UIKit shows a rect larger than the view from its origin (its end
  /// showed, and the focused row's title with its start was off screen: a new user's finding,
  /// an expanded row in a short terminal).
  @Test func anItemLongerThanTheViewportShowsFromItsStart() {
    let items = Items([Array(0..<10)])
    let view = makeView(
      ListLayout(itemSizing: .perItem { $0.item == 3 ? 250 : 20 }), items,
      size: Size(width: 100, height: 100))
    #expect(view.moveFocus(.down))
    for _ in 0..<3 { #expect(view.moveFocus(.down)) }
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 3))
    let top = view.layoutAttributesForItem(at: ItemPath(section: 0, item: 3))!.frame.minY
    #expect(view.contentOffset.y == top, "from above: its start")
    #expect(view.moveFocus(.down))
    #expect(view.moveFocus(.down))
    #expect(view.moveFocus(.up))
    #expect(view.moveFocus(.up))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 3))
    #expect(view.contentOffset.y == top, "from below: its start too")
    // An item that fits keeps the least movement.
    #expect(view.moveFocus(.down))
    let next = view.layoutAttributesForItem(at: ItemPath(section: 0, item: 4))!.frame
    #expect(view.contentOffset.y == next.maxY - 100, "its end at the viewport's end")
  }

  @Test func theDelegateHearsKeyMovesOnly() {
    final class Moves: CollectionViewDelegate {
      var moves: [(ItemPath?, ItemPath)] = []
      func collectionView(
        _ collectionView: CollectionView, didMoveFocusFrom previous: ItemPath?,
        to indexPath: ItemPath
      ) { moves.append((previous, indexPath)) }
    }
    let items = Items([Array(0..<5)])
    let view = makeView(ListLayout(itemSizing: .uniform(10)), items)
    let delegate = Moves()
    view.delegate = delegate
    view.focusItem(at: ItemPath(section: 0, item: 2))
    view.moveFocus(.down)
    #expect(delegate.moves.count == 1)
    #expect(delegate.moves.first?.0 == ItemPath(section: 0, item: 2))
    #expect(delegate.moves.first?.1 == ItemPath(section: 0, item: 3))
    withExtendedLifetime(items) {}
  }

  @Test func focusSurvivesReuseAndKeepsClearOfThePinnedHeaderAndThePadding() {
    let items = Items([Array(0..<50), Array(50..<100)])
    let layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(8))
    layout.pinsHeaders = true
    let view = makeView(layout, items)
    view.focusScrollPadding = 20
    view.focusItem(at: ItemPath(section: 0, item: 30))
    for _ in 0..<25 {
      view.moveFocus(.down)
      let frame = view.collectionViewLayout.frameForItem(at: view.focusedIndexPath!)!
      #expect(frame.maxY + 20 <= view.contentOffset.y + 100 + 1e-9)
      expectFlagsMatch(view)
    }
    for _ in 0..<40 {
      view.moveFocus(.up)
      let frame = view.collectionViewLayout.frameForItem(at: view.focusedIndexPath!)!
      // Clear of the pinned header (8) and the padding, unless the content's top stops it.
      if view.contentOffset.y > 0 { #expect(frame.minY - 8 - 20 >= view.contentOffset.y - 1e-9) }
      expectFlagsMatch(view)
    }
    // Scrolled far away and back: the cell that shows the focused item again shows focus.
    let focused = view.focusedIndexPath!
    view.contentOffset = Point(x: 0, y: 900)
    view.layoutIfNeeded()
    view.focusItem(at: focused)
    #expect(view.cellForItem(at: focused)?.isFocused == true)
    expectFlagsMatch(view)
  }

  @Test func nanAndNegativePaddingCountAsZero() {
    let view = makeView(ListLayout(itemSizing: .uniform(10)), Items([Array(0..<5)]))
    view.focusScrollPadding = .nan
    #expect(view.focusScrollPadding == 0)
    view.focusScrollPadding = -3
    #expect(view.focusScrollPadding == 0)
  }

  @Test func pagesMoveAboutAViewport() {
    let items = Items([Array(0..<100)])
    let view = makeView(ListLayout(itemSizing: .uniform(10)), items)
    view.focusItem(at: ItemPath(section: 0, item: 0))
    view.moveFocus(.pageDown)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 10))
    view.moveFocus(.pageDown)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 20))
    view.moveFocus(.pageUp)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 10))
    view.focusItem(at: ItemPath(section: 0, item: 95))
    view.moveFocus(.pageDown)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 99))
    #expect(!view.moveFocus(.pageDown))
    withExtendedLifetime(items) {}
  }

  @Test func focusFollowsMovesAndPassesToANeighbourOnDelete() {
    let items = Items([[0, 1, 2, 3], [4, 5]])
    let view = makeView(ListLayout(itemSizing: .uniform(10)), items)
    view.focusItem(at: ItemPath(section: 0, item: 1))
    // Moved to the other section: the focus goes with it.
    items.sections = [[0, 2, 3], [4, 1, 5]]
    view.performBatchUpdates {
      view.moveItem(at: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))
    }
    #expect(view.focusedIndexPath == ItemPath(section: 1, item: 1))
    // Deleted: the next item of its section.
    items.sections = [[0, 2, 3], [4, 5]]
    view.performBatchUpdates { view.deleteItems(at: [ItemPath(section: 1, item: 1)]) }
    #expect(view.focusedIndexPath == ItemPath(section: 1, item: 1))
    // The last one deleted: the previous one.
    items.sections = [[0, 2, 3], [4]]
    view.performBatchUpdates { view.deleteItems(at: [ItemPath(section: 1, item: 1)]) }
    #expect(view.focusedIndexPath == ItemPath(section: 1, item: 0))
    // Its whole section deleted: the nearest non-empty section.
    items.sections = [[0, 2, 3]]
    view.performBatchUpdates { view.deleteSections([1]) }
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 2))
    expectFlagsMatch(view)
    // Everything gone: no focus.
    items.sections = [[]]
    view.reloadData()
    view.layoutIfNeeded()
    #expect(view.focusedIndexPath == nil)
  }

  @Test func focusFollowsItsIdentityThroughDiffs() {
    let (view, source) = makeStringList(["a", "b", "c", "d"], height: 50)
    view.focusItem(at: ItemPath(section: 0, item: 2))  // "c"
    var snapshot = Snapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["c", "x", "a", "b", "d"])
    source.apply(snapshot, animatingDifferences: true)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 0))
    expectFlagsMatch(view)
  }

  /// Random focus moves in grids and waterfalls, each checked against a brute-force search
  /// over every item's frame with the documented rule.
  @Test(arguments: 0..<6) func spatialMovesMatchBruteForce(seed: UInt64) {
    var random = SeededRandom(seed: 0xF0C5 &+ seed)
    let sectionCount = random.int(1...3)
    var next = 0
    let sections = (0..<sectionCount).map { _ in
      (0..<random.int(0...40)).map { _ in
        next += 1
        return next
      }
    }
    let heights = (0..<200).map { _ in Double(random.int(5...60)) }
    let layout: CollectionViewLayout =
      seed % 2 == 0
      ? GridLayout(
        columns: .fixed(random.int(1...5)), itemHeight: .fixed(Double(random.int(5...30))),
        columnSpacing: 2, rowSpacing: Double(random.int(0...3)), headerLength: .fixed(4))
      : WaterfallLayout(
        columns: .fixed(random.int(1...4)),
        itemHeight: .perItem { path, _ in heights[(path.section * 37 + path.item) % heights.count]
        },
        columnSpacing: 2, itemSpacing: 3, headerLength: .fixed(6))
    let items = Items(sections)  // the view holds its data source weakly
    let view = makeView(layout, items, size: Size(width: 120, height: 90))
    let all = (0..<view.numberOfSections).flatMap { section in
      (0..<view.numberOfItems(inSection: section)).map { ItemPath(section: section, item: $0) }
    }
    guard !all.isEmpty else { return }
    view.focusItem(at: all[random.int(0..<all.count)])
    for step in 0..<60 {
      let move = FocusMove.allCases[random.int(0..<FocusMove.allCases.count)]
      let from = view.focusedIndexPath!
      let expected = bruteForce(move, from: from, all: all, in: view)
      let actual = view.indexPath(forFocusMove: move, from: from)
      #expect(actual == expected, "seed \(seed), step \(step), \(move) from \(from)")
      view.moveFocus(move)
      #expect(view.focusedIndexPath == (expected ?? from), "seed \(seed), step \(step)")
      expectFlagsMatch(view)
    }
    withExtendedLifetime(items) {}
  }

  private func bruteForce(
    _ move: FocusMove, from: ItemPath, all: [ItemPath], in view: CollectionView
  ) -> ItemPath? {
    let layout = view.collectionViewLayout
    func frame(_ path: ItemPath) -> Rect { layout.frameForItem(at: path)! }
    func best(_ scored: [(Double, ItemPath)]) -> ItemPath? {
      scored.min { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }?.1
    }
    let f = frame(from)
    switch move {
    case .first: return all.first
    case .last: return all.last
    case .lineStart, .lineEnd:
      // Steps left (right) while the next item is on the same row: its centre within half a
      // row of this one's.
      var current = from
      var reached: ItemPath?
      while let next = bruteForce(
        move == .lineStart ? .left : .right, from: current, all: all, in: view),
        abs(frame(next).midY - frame(current).midY) < max(1, frame(current).height / 2)
      {
        reached = next
        current = next
      }
      return reached
    case .pageUp, .pageDown:
      let page = view.viewportSize.height
      let y = min(max(0, f.midY + (move == .pageDown ? page : -page)), view.contentSize.height)
      return best(
        all.map { path in
          let c = frame(path)
          let along = max(0, c.minY - y, y - c.maxY)
          return (13 * along * along + (c.midX - f.midX) * (c.midX - f.midX), path)
        })
    default:
      let axis: Axis = move == .up || move == .down ? .vertical : .horizontal
      let forward = move == .down || move == .right
      let edge = forward ? f.max(axis) : f.min(axis)
      return best(
        all.compactMap { path in
          guard path != from else { return nil }
          let c = frame(path)
          let along = forward ? c.min(axis) - edge : edge - c.max(axis)
          guard along >= -0.001 else { return nil }
          let a = max(0, along)
          let across = c.mid(axis.cross) - f.mid(axis.cross)
          return (13 * a * a + across * across, path)
        })
    }
  }

  /// Random batch updates over sections of identities: the focus stays on its identity while
  /// it exists, and otherwise goes where the documented neighbour rule says.
  @Test(arguments: 0..<4) func focusFollowsRandomUpdatesAgainstAModel(seed: UInt64) {
    var random = SeededRandom(seed: 0xACE &+ seed)
    var next = 0
    func fresh() -> Int {
      next += 1
      return next
    }
    let items = Items((0..<3).map { _ in (0..<random.int(0...6)).map { _ in fresh() } })
    let view = makeView(ListLayout(itemSizing: .uniform(7)), items)
    view.moveFocus(.first)
    for step in 0..<300 {
      let old = items.sections
      let focusedID = view.focusedIndexPath.map { old[$0.section][$0.item] }
      var new = old
      let section = random.int(0..<old.count)
      switch random.int(0..<4) {
      case 0:
        let at = random.int(0...old[section].count)
        new[section].insert(fresh(), at: at)
        items.sections = new
        view.performBatchUpdates(animated: random.chance(0.5)) {
          view.insertItems(at: [ItemPath(section: section, item: at)])
        }
      case 1 where !old[section].isEmpty:
        let at = random.int(0..<old[section].count)
        new[section].remove(at: at)
        items.sections = new
        view.performBatchUpdates(animated: random.chance(0.5)) {
          view.deleteItems(at: [ItemPath(section: section, item: at)])
        }
      case 2 where !old[section].isEmpty:
        let at = random.int(0..<old[section].count)
        let target = random.int(0..<old.count)
        let value = new[section].remove(at: at)
        let to = random.int(0...new[target].count)
        new[target].insert(value, at: to)
        items.sections = new
        view.performBatchUpdates(animated: random.chance(0.5)) {
          view.moveItem(
            at: ItemPath(section: section, item: at), to: ItemPath(section: target, item: to))
        }
      default:
        if view.focusedIndexPath == nil || random.chance(0.3) { view.moveFocus(.first) }
        view.moveFocus(random.chance(0.5) ? .down : .up)
        continue
      }
      let focused = view.focusedIndexPath
      if let focusedID, let path = locate(focusedID, in: new) {
        #expect(focused == path, "seed \(seed), step \(step): focus left its item")
      } else if let focusedID, let oldPath = locate(focusedID, in: old) {
        // Deleted: the next surviving item of its section, else the previous, else nearby.
        let survivors = old[oldPath.section].enumerated().filter {
          locate($0.element, in: new) != nil
        }
        let after = survivors.first { $0.offset > oldPath.item }
        let before = survivors.last { $0.offset < oldPath.item }
        if let neighbour = after ?? before {
          #expect(focused == locate(neighbour.element, in: new), "seed \(seed), step \(step)")
        } else {
          #expect(focused == nil || new[focused!.section].count > 0, "seed \(seed), step \(step)")
        }
      }
      expectFlagsMatch(view)
    }
  }

  private func locate(_ id: Int, in sections: [[Int]]) -> ItemPath? {
    for (section, values) in sections.enumerated() {
      if let item = values.firstIndex(of: id) { return ItemPath(section: section, item: item) }
    }
    return nil
  }
}
