import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A tree whose nodes are made as they are read: node `n`'s children are `n × 10 + 1 …`,
/// `fanOut` of them down to `depth`; every element made is counted.
final class CountingTree {
  let fanOut: Int
  let depth: Int
  var made = 0
  init(fanOut: Int, depth: Int) { (self.fanOut, self.depth) = (fanOut, depth) }
}

struct LazyNode {
  let tree: CountingTree
  let id: Int
  let level: Int
  var children: LazyNodes? {
    level < tree.depth
      ? LazyNodes(tree: tree, parent: id, level: level + 1, count: tree.fanOut) : nil
  }
}

struct LazyNodes: RandomAccessCollection {
  let tree: CountingTree
  let parent: Int
  let level: Int
  let count: Int
  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(index: Int) -> LazyNode {
    tree.made += 1
    return LazyNode(tree: tree, id: parent * tree.fanOut + index + 1, level: level)
  }
}

/// ``OutlineGroup/init(_:version:id:children:content:)``: roots that are no array, compared by
/// the version given, so a node's children are made only when it opens.
struct LazyOutlineTests {
  @Test func aNodesChildrenAreMadeOnlyWhenItOpensAndAnUnchangedVersionWalksNothing() {
    let view = makeView(rows: 10)
    let tree = CountingTree(fanOut: 10_000, depth: 2)
    var version = 0
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(
        LazyNodes(tree: tree, parent: 0, level: 0, count: 3), version: version, id: \.id,
        children: \.children
      ) { node, row in ListContent("node \(node.id)").outline(row) }
    }
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 3)
    // The three roots, each asked whether it has children: none of the 30,000 made.
    #expect(tree.made < 10, "\(tree.made) made")

    let first = source.itemIdentifier(for: ItemPath(section: 0, item: 0))!
    source.setExpanded(true, itemIdentifiedBy: first)
    source.updateNow()
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 10_003)
    // Found by reading the rows side by side: the opened row's subtree, after it.
    #expect(
      source.lastAppliedChanges.insertedItems
        == (1...10_000).map { ItemPath(section: 0, item: $0) })
    #expect(source.lastAppliedChanges.deletedItems.isEmpty)
    let afterOpening = tree.made
    #expect(afterOpening >= 10_000 && afterOpening < 10_020, "\(afterOpening) made")

    // The same version and expansion: no walk, no diff.
    let diffed = source.statistics.groupsDiffed
    source.updateNow()
    #expect(tree.made == afterOpening)
    #expect(source.statistics.groupsDiffed == diffed)
    // A new version walks again (the roots may have changed).
    version += 1
    source.updateNow()
    #expect(tree.made > afterOpening)
    #expect(view.numberOfItems(inSection: 0) == 10_003)
  }

  @Test func openingARowIsSaidByTheRowNotAsItemsAdded() {
    let view = makeView(rows: 10)
    var heard: [String] = []
    view.accessibilityAnnouncementHandler = { heard.append($0) }
    let tree = CountingTree(fanOut: 4, depth: 1)
    var roots = 3
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(
        LazyNodes(tree: tree, parent: 0, level: 0, count: roots), version: roots, id: \.id,
        children: \.children
      ) { node, row in ListContent("node \(node.id)").outline(row) }
    }
    view.layoutIfNeeded()
    view.focusItem(at: ItemPath(section: 0, item: 0))
    heard.removeAll()
    #expect(source.handleOutlineKey(KeyPress(.right)))
    source.updateNow()
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 7)
    #expect(!heard.contains { $0.contains("added") }, "\(heard)")
    // A change of the data that is no expansion is said as before.
    heard.removeAll()
    roots = 4
    source.updateNow()
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 8)
    #expect(heard.contains { $0.contains("1 item added") }, "\(heard)")
  }
}
