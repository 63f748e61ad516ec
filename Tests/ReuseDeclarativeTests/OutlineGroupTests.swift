import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A folder tree, as an app keeps one: values with children.
struct Folder: Identifiable, Hashable {
  let id: Int
  var name: String
  var children: [Folder]?
}

/// A random folder tree: `count` folders (a random number in it), each with a 60 % chance of
/// children of its own while above `maximumDepth`; identifiers from `nextID` on.
func randomFolders(
  _ rng: inout SeededRandom, count: ClosedRange<Int>, depth: Int = 0, maximumDepth: Int,
  nextID: inout Int
) -> [Folder] {
  (0..<rng.int(count)).map { _ in
    let id = nextID
    nextID += 1
    let children =
      depth < maximumDepth && rng.chance(0.6)
      ? randomFolders(
        &rng, count: count, depth: depth + 1, maximumDepth: maximumDepth, nextID: &nextID)
      : nil
    return Folder(id: id, name: "f\(id)", children: children)
  }
}

/// A class that holds itself among its children: a cycle.
final class Loop: Identifiable {
  let id: Int
  var children: [Loop]? = nil
  init(id: Int) { self.id = id }
}

/// ``OutlineGroup``: rows from a children key path, expansion by identifier, the outline keys,
/// what assistive technology reads, and a seeded run against a plain walk of the same tree.
struct OutlineGroupTests {
  static let tree = [
    Folder(
      id: 1, name: "Documents",
      children: [
        Folder(id: 11, name: "Letters", children: [Folder(id: 111, name: "2026", children: nil)]),
        Folder(id: 12, name: "Taxes", children: []),
      ]),
    Folder(id: 2, name: "Music", children: nil),
    Folder(id: 3, name: "Photos", children: [Folder(id: 31, name: "Summer", children: nil)]),
  ]

  func texts(_ view: CollectionView) -> [String] {
    view.layoutIfNeeded()
    return (0..<view.numberOfItems(inSection: 0)).compactMap { item in
      let path = ItemPath(section: 0, item: item)
      guard let cell = view.cellForItem(at: path) as? ListContentCell,
        let outline = cell.content.outline
      else { return nil }
      let mark = outline.hasChildren ? (outline.isExpanded ? "▾" : "▸") : "·"
      return String(repeating: "  ", count: outline.level) + mark + cell.content.text
    }
  }

  @Test func rowsExpandAndCollapseByIdentifierWithTheKeys() {
    let view = makeView(rows: 20)
    var model = Self.tree
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(model, children: \.children) { folder in ListContent(folder.name) }
    }
    #expect(texts(view) == ["▸Documents", "·Music", "▸Photos"])
    #expect(view.accessibilityRole == .tree)
    source.setExpanded(true, itemIdentifiedBy: 1)
    view.tick(now: 1)
    #expect(texts(view) == ["▾Documents", "  ▸Letters", "  ·Taxes", "·Music", "▸Photos"])
    // Taxes has an empty list of children: no triangle, nothing to expand.
    #expect(source.outlineRow(at: ItemPath(section: 0, item: 2))?.hasChildren == false)
    #expect(!source.toggleExpansion(at: ItemPath(section: 0, item: 2)))

    // → on Letters expands it; → again goes to its child; ← goes back to the parent; ← on an
    // expanded row collapses it.
    view.focusItem(at: ItemPath(section: 0, item: 1))
    #expect(source.handleOutlineKey(KeyPress(.right)))
    view.tick(now: 2)
    #expect(texts(view).prefix(3) == ["▾Documents", "  ▾Letters", "    ·2026"])
    #expect(source.handleOutlineKey(KeyPress(.right)))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 2), "to the first child")
    #expect(source.handleOutlineKey(KeyPress(.left)))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 1), "to the parent")
    #expect(source.handleOutlineKey(KeyPress(.left)))
    view.tick(now: 3)
    #expect(texts(view).prefix(3) == ["▾Documents", "  ▸Letters", "  ·Taxes"])
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 1), "the focus stays")
    #expect(!source.handleOutlineKey(KeyPress(.up)), "not an outline key")

    // What a screen reader reads: level, place among siblings, expanded or not.
    let letters = view.accessibilityElement(forItemAt: ItemPath(section: 0, item: 1))
    #expect(letters?.level == 2 && letters?.isExpanded == false)
    #expect(letters?.positionInSet == 1 && letters?.setSize == 2)
    #expect(
      view.performAccessibilityAction(.expand, forItemAt: ItemPath(section: 0, item: 1)),
      "assistive technology expands it")
    view.tick(now: 4)
    #expect(source.isExpanded(11))

    // A new value of the data: the expanded rows stay expanded by identifier.
    model[0].children![0].name = "Post"
    model.insert(Folder(id: 4, name: "Archive", children: nil), at: 0)
    source.update()
    view.tick(now: 5)
    #expect(
      texts(view) == [
        "·Archive", "▾Documents", "  ▾Post", "    ·2026", "  ·Taxes", "·Music", "▸Photos",
      ])
  }

  @Test func anUnchangedBodyWalksNoTreeAndACycleIsCutWithADiagnostic() {
    let view = makeView(rows: 10)
    var messages: [String] = []
    view.diagnostics.handler = { messages.append($0.message) }
    let a = Loop(id: 1)
    let b = Loop(id: 2)
    a.children = [b]
    b.children = [a]
    defer { b.children = nil }  // the cycle is the test's own: broken after it
    let roots = [a]
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(roots, children: \.children) { loop, row in
        ListContent("loop \(loop.id)").outline(row)
      }
    }
    source.expandedItemIdentifiers = [AnyHashable(1), AnyHashable(2)]
    view.tick(now: 1)
    view.layoutIfNeeded()
    // 1 ▸ 2 ▸ 1 (shown again, not walked into again).
    #expect(view.numberOfItems(inSection: 0) == 3)
    #expect(messages.contains { $0.contains("among its own descendants") }, "\(messages)")
    let diffed = source.statistics.groupsDiffed
    source.update()
    view.tick(now: 2)
    #expect(source.statistics.groupsDiffed == diffed, "same roots, same expansion: no diff")
  }

  /// A plain walk of `tree`: each shown row's level, text and mark.
  static func walk(_ tree: [Folder], expanded: Set<Int>, level: Int = 0) -> [String] {
    tree.flatMap { folder -> [String] in
      let hasChildren = !(folder.children ?? []).isEmpty
      let open = hasChildren && expanded.contains(folder.id)
      let mark = hasChildren ? (open ? "▾" : "▸") : "·"
      let row = String(repeating: "  ", count: level) + mark + folder.name
      return [row] + (open ? walk(folder.children!, expanded: expanded, level: level + 1) : [])
    }
  }

  /// Random trees, expansions, collapses, keys and edits of the data, against a plain walk:
  /// after every step the rows shown are the walk's, and the focused item keeps its identity.
  @Test(arguments: 0..<6)
  func randomTreesAndExpansionsShowWhatAWalkShows(_ index: Int) {
    let (seed, random) = SeededRandom.forCase(index, base: 0x0_7713)
    var rng = random
    var nextID = 1
    func makeTree(depth: Int) -> [Folder] {
      randomFolders(&rng, count: 0...3, depth: depth, maximumDepth: 3, nextID: &nextID)
    }
    var model = makeTree(depth: 0) + makeTree(depth: 0)
    let view = makeView(rows: 200)
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(model, children: \.children) { folder in ListContent(folder.name) }
    }
    var expanded = Set<Int>()
    var time = 1.0
    for step in 0..<60 {
      let place = "seed \(seed), step \(step)"
      let count = view.numberOfItems(inSection: 0)
      switch rng.int(0..<5) {
      case 0 where count > 0:
        let path = ItemPath(section: 0, item: rng.int(0..<count))
        if let row = source.outlineRow(at: path), row.hasChildren,
          let id = source.itemIdentifier(for: path)?.base as? Int
        {
          source.toggleExpansion(at: path)
          if expanded.contains(id) { expanded.remove(id) } else { expanded.insert(id) }
        }
      case 1 where count > 0:
        view.focusItem(at: ItemPath(section: 0, item: rng.int(0..<count)))
        let key = KeyPress(rng.chance(0.5) ? .left : .right)
        let focused = view.focusedIndexPath!
        let row = source.outlineRow(at: focused)!
        let id = source.itemIdentifier(for: focused)!.base as! Int
        _ = source.handleOutlineKey(key)
        if key.key == .right && row.hasChildren && !row.isExpanded { expanded.insert(id) }
        if key.key == .left && row.hasChildren && row.isExpanded { expanded.remove(id) }
      case 2:
        // A new tree in place of one root, ids kept where they were.
        if !model.isEmpty {
          let root = rng.int(0..<model.count)
          model[root].children = rng.chance(0.3) ? nil : makeTree(depth: 1)
          model[root].name += "'"
        }
        source.update()
      case 3:
        model.append(contentsOf: makeTree(depth: 1))
        source.update()
      default:
        if !model.isEmpty { model.remove(at: rng.int(0..<model.count)) }
        source.update()
      }
      let focusedID = view.focusedIndexPath.flatMap { source.itemIdentifier(for: $0) }
      time += 1
      view.tick(now: time)
      #expect(texts(view) == Self.walk(model, expanded: expanded), "\(place)")
      if let focusedID, let path = source.indexPath(for: focusedID) {
        #expect(view.focusedIndexPath == path, "\(place): the focus stays with its item")
      }
    }
  }
}

/// Transient state kept by identifier: it follows its item through reuse and new values of
/// the data, configures the item's cell again, and is dropped when the item is removed.
struct TransientStateTests {
  @Test func stateFollowsItsItemAndIsDroppedWithIt() {
    let view = makeView(rows: 5)
    var items = photos(1_000)
    weak var weakSource: DeclarativeDataSource?
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(items) { photo in
        let open = weakSource?.transientState(of: photo.id, as: Bool.self) ?? false
        return ListContent(photo.title, secondary: open ? "details" : nil)
      }
    }
    weakSource = source
    view.layoutIfNeeded()
    source.setTransientState(true, of: 2)
    let cell = { view.cellForItem(at: $0) as? ListContentCell }
    #expect(cell(ItemPath(section: 0, item: 2))?.content.secondaryText == "details")
    #expect(cell(ItemPath(section: 0, item: 1))?.content.secondaryText == nil)
    // Scrolled away (its cell reused for another item) and back.
    view.scrollToItem(at: ItemPath(section: 0, item: 500), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems.allSatisfy { cell($0)?.content.secondaryText == nil })
    // An item inserted before it: the state moves with it.
    items.insert(Photo(id: -1, title: "new"), at: 0)
    source.update()
    view.tick(now: 1)
    view.scrollToItem(at: ItemPath(section: 0, item: 0), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(cell(ItemPath(section: 0, item: 3))?.content.secondaryText == "details")
    #expect(source.transientState(of: 2, as: Bool.self) == true)
    // Removed: the state is dropped; a new item with its identifier starts without it.
    items.removeAll { $0.id == 2 }
    source.update()
    view.tick(now: 2)
    #expect(source.transientState(of: 2, as: Bool.self) == nil)
    #expect(source.transientState(of: 2, as: String.self) == nil, "another type: nil")
  }
}
