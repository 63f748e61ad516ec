import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A naive tree: children lists and an expanded set; the visible rows by a full walk.
private struct ModelTree {
  var children: [Int?: [Int]] = [:]
  var parent: [Int: Int?] = [:]
  var expanded: Set<Int> = []

  var visible: [Int] {
    var result: [Int] = []
    func walk(_ node: Int?) {
      for child in children[node] ?? [] {
        result.append(child)
        if expanded.contains(child) { walk(child) }
      }
    }
    walk(nil)
    return result
  }

  var all: [Int] { Array(parent.keys) }

  mutating func append(_ items: [Int], to node: Int?) {
    for item in items where parent[item] == nil {
      children[node, default: []].append(item)
      parent[item] = node
    }
  }

  mutating func delete(_ item: Int) {
    guard let owner = parent[item] else { return }
    children[owner]?.removeAll { $0 == item }
    var stack = [item]
    while let next = stack.popLast() {
      stack.append(contentsOf: children[next] ?? [])
      children[next] = nil
      parent[next] = nil
      expanded.remove(next)
    }
  }
}

/// The rows in `new` that are not in `old`, if they form one range (what an insert reports).
private func insertedRange(_ old: [Int], _ new: [Int]) -> Range<Int> {
  let kept = Set(old)
  let rows = new.indices.filter { !kept.contains(new[$0]) }
  guard let first = rows.first, let last = rows.last else { return 0..<0 }
  return first..<(last + 1)
}

@Suite struct OutlineTreeTests {
  @Test func expandingAndCollapsingReportsTheRowsBetween() {
    let tree = OutlineTree<String>()
    #expect(tree.append(["Europe", "Asia"]) == 0..<2)
    #expect(tree.append(["France", "Italy"], to: "Europe") == 0..<0)  // collapsed: not shown
    tree.append(["Paris", "Lyon"], to: "France")
    #expect(tree.expand("Europe") == 1..<3)
    #expect(tree.visibleItems == ["Europe", "France", "Italy", "Asia"])
    #expect(tree.expand("France") == 2..<4)
    #expect(tree.visibleItems == ["Europe", "France", "Paris", "Lyon", "Italy", "Asia"])
    #expect(tree.row(of: "Italy") == 4)
    #expect(tree.item(atRow: 3) == "Lyon")
    #expect(tree.level(of: "Lyon") == 2)
    #expect(tree.parent(of: "Lyon") == "France")
    // Collapsing Europe hides four rows; France stays expanded inside it.
    #expect(tree.collapse("Europe") == 1..<5)
    #expect(tree.visibleItems == ["Europe", "Asia"])
    #expect(tree.isExpanded("France"))
    #expect(!tree.isVisible("Paris"))
    #expect(tree.row(of: "Paris") == nil)
    #expect(tree.expand("Europe") == 1..<5)
    // Appending to an expanded parent shows at once, after its last descendant.
    #expect(tree.append(["Rome"], to: "Italy") == 0..<0)
    tree.expand("Italy")
    #expect(tree.append(["Milan"], to: "Italy") == 6..<7)
    #expect(tree.delete("France") == 1..<4)
    #expect(tree.visibleItems == ["Europe", "Italy", "Rome", "Milan", "Asia"])
    #expect(tree.count == 5)
    #expect(tree.append(["Asia"], to: "Italy") == 0..<0)  // already in the tree
    #expect(tree.expand("Nowhere") == 0..<0)
    #expect(tree.item(atRow: 5) == nil)
    #expect(tree.item(atRow: -1) == nil)
  }

  /// Random appends, expands, collapses and deletes against the naive model: the visible rows,
  /// every row lookup both ways, and the ranges each change reports.
  @Test(arguments: 0..<8) func randomEditsMatchTheModel(seed: UInt64) {
    var random = SeededRandom(seed: 0x7EE &+ seed)
    let tree = OutlineTree<Int>()
    var model = ModelTree()
    var next = 0
    for step in 0..<400 {
      let before = model.visible
      let nodes = model.all
      let target: Int? =
        nodes.isEmpty || random.chance(0.15) ? nil : nodes[random.int(0..<nodes.count)]
      switch random.int(0..<10) {
      case 0..<4:
        let items = (0..<random.int(1...4)).map { _ in
          next += 1
          return next
        }
        let rows = tree.append(items, to: target)
        model.append(items, to: target)
        #expect(rows == insertedRange(before, model.visible), "seed \(seed), step \(step): append")
      case 4..<7:
        guard let target else { continue }
        let rows = tree.expand(target)
        model.expanded.insert(target)
        #expect(rows == insertedRange(before, model.visible), "seed \(seed), step \(step): expand")
      case 7..<9:
        guard let target else { continue }
        let rows = tree.collapse(target)
        model.expanded.remove(target)
        #expect(
          rows == insertedRange(model.visible, before), "seed \(seed), step \(step): collapse")
      default:
        guard let target else { continue }
        let rows = tree.delete(target)
        model.delete(target)
        #expect(rows == insertedRange(model.visible, before), "seed \(seed), step \(step): delete")
      }
      let visible = model.visible
      #expect(tree.visibleItems == visible, "seed \(seed), step \(step)")
      #expect(tree.visibleCount == visible.count)
      #expect(tree.count == model.parent.count)
      for _ in 0..<5 where !visible.isEmpty {
        let row = random.int(0..<visible.count)
        #expect(tree.item(atRow: row) == visible[row], "seed \(seed), step \(step), row \(row)")
        #expect(tree.row(of: visible[row]) == row, "seed \(seed), step \(step)")
      }
    }
  }
}

/// A cell that remembers the item it shows and its row's disclosure.
private final class OutlineCell: CollectionViewCell {
  var item = -1
  var row: OutlineRow?
}

@Suite struct OutlineDataSourceTests {
  private func makeOutline() -> (CollectionView, OutlineDataSource<Int>) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 50, height: 100))
    view.diagnostics.handler = nil
    view.register(OutlineCell.self, forCellWithReuseIdentifier: "cell")
    let source = OutlineDataSource<Int>(collectionView: view) { view, path, item, row in
      let cell = view.dequeueReusableCell(OutlineCell.self, withReuseIdentifier: "cell", for: path)
      cell.item = item
      cell.row = row
      return cell
    }
    return (view, source)
  }

  /// Every displayed cell shows the tree's item at its row, with the right disclosure.
  private func expectCellsMatch(
    _ view: CollectionView, _ source: OutlineDataSource<Int>, _ note: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      view.numberOfItems(inSection: 0) == source.tree.visibleCount, sourceLocation: sourceLocation)
    for path in view.indexPathsForVisibleItems {
      let cell = view.cellForItem(at: path) as! OutlineCell
      let item = source.tree.item(atRow: path.item)
      #expect(cell.item == item, "\(note) row \(path.item)", sourceLocation: sourceLocation)
      if let item {
        #expect(
          cell.row == source.row(for: item), "\(note) row \(path.item)",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test func expandAndCollapseAnimateTheRowsAndKeepTheFocus() {
    let (view, source) = makeOutline()
    source.append([1, 2, 3])
    source.append(Array(10..<20), to: 2)
    view.layoutIfNeeded()
    view.focusItem(at: ItemPath(section: 0, item: 2))  // item 3
    #expect(source.expand(2))
    #expect(!source.expand(2))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 12))  // still item 3
    var time = 0.0
    for _ in 0..<40 {
      time += 1.0 / 60
      view.tick(now: time)
      view.layoutIfNeeded()
      expectCellsMatch(view, source, "expanding")
    }
    #expect(
      (view.cellForItem(at: ItemPath(section: 0, item: 1)) as! OutlineCell).row?.isExpanded == true)
    view.focusItem(at: ItemPath(section: 0, item: 5))  // item 13, inside
    #expect(source.collapse(2))
    // The focused row went: the focus passes to the row collapsed, item 2, as tree views pass
    // it (the next row, item 3, could be far below, and scrolling to it took item 2 away).
    #expect(view.focusedIndexPath.flatMap(source.item(at:)) == 2)
    // A focus outside the hidden rows stays where it is.
    #expect(source.expand(2))
    view.focusItem(at: ItemPath(section: 0, item: 12))  // item 3
    #expect(source.collapse(2))
    #expect(view.focusedIndexPath.flatMap(source.item(at:)) == 3)
    view.layoutIfNeeded()
    expectCellsMatch(view, source, "collapsed")
    withExtendedLifetime(source) {}
  }

  /// A row kept at the top by stacked headers while its children scroll under it, collapsed
  /// (by a screen reader's action, a click), stays on screen with the focus that was among
  /// its children (the GTK gallery's screen-reader session: it was left above the viewport,
  /// the focus sent to the row after the hidden ones).
  @Test func aStackedRowCollapsedStaysOnScreenWithTheFocus() throws {
    let (view, source) = makeOutline()
    let layout = try #require(view.collectionViewLayout as? ListLayout)
    layout.stackedHeaders = source.stackedHeaders()
    source.append([1, 2, 3])
    source.append(Array(100..<140), to: 2)
    source.append(Array(200..<260), to: 3)
    #expect(source.expand(2, animated: false))
    #expect(source.expand(3, animated: false))
    view.layoutIfNeeded()
    view.contentOffset = Point(x: 0, y: 200)  // deep in item 2's children: it is stuck on top
    view.layoutIfNeeded()
    view.focusItem(at: ItemPath(section: 0, item: 25))  // item 123
    let row = ItemPath(section: 0, item: 1)
    let stuck = try #require(view.cellForItem(at: row)?.layoutAttributes?.frame)
    #expect(stuck.intersects(view.bounds))
    #expect(source.collectionView(view, setExpanded: false, forItemAt: row))
    var time = 0.0
    for _ in 0..<40 {
      time += 1.0 / 60
      view.tick(now: time)
      view.layoutIfNeeded()
    }
    #expect(view.focusedIndexPath == row)
    let frame = try #require(view.cellForItem(at: row)?.layoutAttributes?.frame)
    #expect(frame.minY >= view.contentOffset.y && frame.maxY <= view.contentOffset.y + 100)
    expectCellsMatch(view, source, "collapsed")
    withExtendedLifetime(source) {}
  }

  /// Children that load lazily load from every way in: a call, a screen reader's expand
  /// action. The handler appends the children's children too, so the new rows show their
  /// disclosures; a collapse is reported after it happened.
  @Test func willExpandLoadsChildrenFromEveryWayIn() {
    let (view, source) = makeOutline()
    var asked: [Int] = []
    var collapsed: [Int] = []
    // Node n's children are n*10+1 ... n*10+3, loaded on demand, up to three levels. The
    // handler gets the tree: it captures no data source (which would hold it in a cycle).
    func load(_ node: Int, into tree: OutlineTree<Int>) {
      guard node < 100, !tree.hasChildren(node) else { return }
      tree.append((1...3).map { node * 10 + $0 }, to: node)
    }
    source.willExpand = { node, tree in
      asked.append(node)
      load(node, into: tree)
      for child in tree.children(of: node) { load(child, into: tree) }
    }
    source.didCollapse = { collapsed.append($0) }
    source.tree.append([1, 2])
    load(1, into: source.tree)
    load(2, into: source.tree)
    source.reloadData()
    view.layoutIfNeeded()
    expectCellsMatch(view, source, "at the start")
    #expect(source.expand(1, animated: false))
    #expect(asked == [1])
    #expect(source.tree.visibleItems == [1, 11, 12, 13, 2])
    #expect(source.row(for: 11).hasChildren, "the grandchildren loaded with the children")
    view.layoutIfNeeded()
    let row = view.accessibilityElement(forItemAt: ItemPath(section: 0, item: 1))!
    #expect(row.actions.contains(.expand) && row.level == 2)
    #expect(view.performAccessibilityAction(.expand, forItemAt: ItemPath(section: 0, item: 1)))
    #expect(asked == [1, 11])
    #expect(source.tree.visibleItems == [1, 11, 111, 112, 113, 12, 13, 2])
    view.layoutIfNeeded()
    expectCellsMatch(view, source, "after the accessibility expand")
    #expect(view.performAccessibilityAction(.collapse, forItemAt: ItemPath(section: 0, item: 0)))
    #expect(collapsed == [1] && source.tree.visibleItems == [1, 2])
    #expect(!source.expand(9), "not in the tree: not asked")
    #expect(asked == [1, 11])
    withExtendedLifetime(source) {}
  }

  @Test func aTreeEditedWithoutAReloadShowsBlankRowsNotATrap() {
    let (view, source) = makeOutline()
    source.append(Array(0..<30))
    view.layoutIfNeeded()
    var reports: [String] = []
    view.diagnostics.handler = { reports.append($0.message) }
    for item in 0..<25 { source.tree.delete(item) }  // behind the view's back
    view.contentOffset = Point(x: 0, y: 150)  // rows 15 and on enter: the tree has 5
    view.layoutIfNeeded()
    #expect(reports.contains { $0.contains("without reloadData()") })
    source.reloadData()
    view.layoutIfNeeded()
    expectCellsMatch(view, source, "after the reload")
    withExtendedLifetime(source) {}
  }

  @Test func disclosureSurvivesReloadsAndDiffs() {
    let (view, source) = makeOutline()
    source.append([1, 2])
    source.append([10, 11], to: 1)
    source.append([100], to: 10)
    source.expand(1)
    source.expand(10)
    source.reloadData()
    view.layoutIfNeeded()
    #expect(source.tree.visibleItems == [1, 10, 100, 11, 2])
    // A new tree: 2 gains children, 11 goes, 3 comes; 1 and 10 stay expanded by identity.
    let next = OutlineTree<Int>()
    next.append([3, 1, 2])
    next.append([10], to: 1)
    next.append([100, 101], to: 10)
    next.append([20], to: 2)
    source.apply(next, animatingDifferences: true)
    #expect(source.tree.visibleItems == [3, 1, 10, 100, 101, 2])
    view.layoutIfNeeded()
    expectCellsMatch(view, source, "after the diff")
    withExtendedLifetime(source) {}
  }

  /// Random expands, collapses, appends, deletes and applied trees, animated or not, with
  /// frames between: the collection view always shows the tree's visible rows.
  @Test(arguments: 0..<4) func randomSessionsShowTheTree(seed: UInt64) {
    var random = SeededRandom(seed: 0x0B7 &+ seed)
    let (view, source) = makeOutline()
    var next = 0
    func fresh(_ count: Int) -> [Int] {
      defer { next += count }
      return Array(next..<(next + count))
    }
    source.append(fresh(5))
    var time = 0.0
    for step in 0..<200 {
      let visible = source.tree.visibleItems
      let target = visible.isEmpty ? nil : visible[random.int(0..<visible.count)]
      let animated = random.chance(0.5)
      switch random.int(0..<6) {
      case 0: source.append(fresh(random.int(1...6)), to: target, animated: animated)
      case 1: if let target { source.expand(target, animated: animated) }
      case 2: if let target { source.collapse(target, animated: animated) }
      case 3: target.map { source.delete($0, animated: animated) }
      case 4:
        // The same items, top-level ones shuffled, some children added.
        let copy = OutlineTree<Int>()
        var roots = source.tree.rootItems
        roots.shuffle(using: &random)
        copy.append(roots)
        var stack = roots
        while let item = stack.popLast() {
          let children = source.tree.children(of: item)
          copy.append(children, to: item)
          stack.append(contentsOf: children)
        }
        if let target { copy.append(fresh(2), to: target) }
        let expanded = Set(source.tree.visibleItems.filter(source.tree.isExpanded))
        source.apply(copy, animatingDifferences: animated)
        for item in expanded { #expect(source.tree.isExpanded(item), "seed \(seed), step \(step)") }
      default:
        for _ in 0..<random.int(1...20) {
          time += 1.0 / 60
          view.tick(now: time)
        }
      }
      view.contentOffset = Point(
        x: 0, y: Double(random.int(0...max(0, source.tree.visibleCount * 10 - 100))))
      view.layoutIfNeeded()
      expectCellsMatch(view, source, "seed \(seed), step \(step)")
    }
    withExtendedLifetime(source) {}
  }
}
