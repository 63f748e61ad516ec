/// A tree of items shown as the rows of one section, with disclosure (UIKit's section
/// snapshot): append children to a parent, expand and collapse, ask which items are visible
/// and where.
///
/// Every node knows how many rows its subtree shows, and every parent keeps a Fenwick tree
/// over its children's row counts. So the row of an item, the item at a row, and what an
/// expand or collapse changes are all found by walking up or down one path, never the whole
/// tree: O(d log b) for depth d and b children per node, and the rows an expand inserts (or a
/// collapse removes) are one contiguous range, computed without visiting them.
///
/// Items are unique: appending one that is already in the tree is ignored (see
/// ``append(_:to:)``). A class, so that a million-node tree is edited in place;
/// ``OutlineDataSource`` shows one and animates its changes.
public final class OutlineTree<Item: Hashable> {
  // Node 0 is the invisible root; its children are the top-level items.
  private var items: [Item?] = [nil]
  private var parents: [Int] = [-1]
  private var positions: [Int] = [0]
  private var childLists: [[Int]] = [[]]
  /// Per node: a Fenwick tree (1-based) over its children's rows.
  private var childRows: [[Int]] = [[0]]
  /// Per node: the rows of all its children's subtrees.
  private var childTotals: [Int] = [0]
  private var expandedFlags: [Bool] = [true]
  private var ids: [Item: Int] = [:]
  private var freeNodes: [Int] = []

  /// An empty tree.
  public init() {}

  // MARK: Questions

  /// The number of items in the tree.
  public var count: Int { ids.count }

  /// The number of visible rows: top-level items and the descendants of expanded items whose
  /// ancestors are all expanded.
  public var visibleCount: Int { childTotals[0] }

  /// Whether `item` is in the tree.
  public func contains(_ item: Item) -> Bool { ids[item] != nil }

  /// The top-level items.
  public var rootItems: [Item] { childLists[0].map { items[$0]! } }

  /// The children of `item` (top-level items for `nil`), in order.
  public func children(of item: Item?) -> [Item] {
    guard let node = node(item) else { return [] }
    return childLists[node].map { items[$0]! }
  }

  /// The parent of `item`, or `nil` for a top-level item (or one not in the tree).
  public func parent(of item: Item) -> Item? {
    guard let node = ids[item], parents[node] > 0 else { return nil }
    return items[parents[node]]
  }

  /// How deep `item` is: 0 for a top-level item.
  public func level(of item: Item) -> Int {
    guard var node = ids[item] else { return 0 }
    var level = 0
    while parents[node] > 0 {
      level += 1
      node = parents[node]
    }
    return level
  }

  /// Where `item` is among its parent's children (the top-level items for a top-level
  /// item): its index, from 0, and how many siblings there are with it; `nil` when it is not
  /// in the tree.
  ///
  /// - Complexity: O(1).
  public func siblingPosition(of item: Item) -> (index: Int, count: Int)? {
    guard let node = ids[item] else { return nil }
    return (positions[node], childLists[max(0, parents[node])].count)
  }

  /// How many visible rows `item`'s subtree has below it: 0 when it is collapsed, has no
  /// children or is not in the tree.
  ///
  /// - Complexity: O(1).
  public func visibleDescendantCount(of item: Item) -> Int {
    guard let node = ids[item], expandedFlags[node] else { return 0 }
    return childTotals[node]
  }

  /// Whether `item` is expanded (shows its children when it shows).
  public func isExpanded(_ item: Item) -> Bool { ids[item].map { expandedFlags[$0] } ?? false }

  /// Whether `item` has children.
  public func hasChildren(_ item: Item) -> Bool {
    ids[item].map { !childLists[$0].isEmpty } ?? false
  }

  /// Whether `item` is visible: in the tree, with every ancestor expanded.
  public func isVisible(_ item: Item) -> Bool {
    guard var node = ids[item] else { return false }
    while parents[node] > 0 {
      node = parents[node]
      if !expandedFlags[node] { return false }
    }
    return true
  }

  /// The visible row of `item`, or `nil` when it is hidden or not in the tree.
  ///
  /// - Complexity: O(d log b).
  public func row(of item: Item) -> Int? {
    guard let node = ids[item] else { return nil }
    return row(ofNode: node)
  }

  /// The item at visible row `row`, or `nil` out of range.
  ///
  /// - Complexity: O(d log b).
  public func item(atRow row: Int) -> Item? {
    guard row >= 0, row < visibleCount else { return nil }
    var node = 0
    var rest = row
    while true {
      let (child, before) = childContaining(row: rest, of: node)
      rest -= before
      if rest == 0 { return items[child] }
      rest -= 1
      node = child
    }
  }

  /// The visible items, in row order.
  ///
  /// - Complexity: O(visible rows).
  public var visibleItems: [Item] {
    var result: [Item] = []
    result.reserveCapacity(visibleCount)
    var stack: [(node: Int, next: Int)] = [(0, 0)]
    while let top = stack.last {
      let children = childLists[top.node]
      if top.next == children.count {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      let child = children[top.next]
      result.append(items[child]!)
      if expandedFlags[child] && !childLists[child].isEmpty { stack.append((child, 0)) }
    }
    return result
  }

  // MARK: Editing

  /// Appends `newItems` as the last children of `parent` (top-level for `nil`), collapsed.
  /// Items already in the tree, and a parent that is not, are ignored. Returns the visible
  /// rows the new items take (empty when the parent is hidden or collapsed).
  ///
  /// - Complexity: O(k log b + d log b) for k items.
  @discardableResult
  public func append(_ newItems: [Item], to parent: Item? = nil) -> Range<Int> {
    guard let parentNode = node(parent) else { return 0..<0 }
    let firstRow = firstRowAfterChildren(of: parentNode)
    var added = 0
    for item in newItems where ids[item] == nil {
      makeNode(item, parent: parentNode)
      appendRow(1, to: parentNode)
      added += 1
    }
    guard added > 0 else { return 0..<0 }
    rowsChanged(under: parentNode, by: added)
    guard let firstRow else { return 0..<0 }
    return firstRow..<(firstRow + added)
  }

  /// Removes `item` and its descendants. Returns the visible rows they took (empty when
  /// hidden or not in the tree).
  ///
  /// - Complexity: O(subtree + b + d log b).
  @discardableResult
  public func delete(_ item: Item) -> Range<Int> {
    guard let node = ids[item] else { return 0..<0 }
    let start = row(ofNode: node)
    let rows = rowsOf(node)
    let parent = parents[node]
    childLists[parent].remove(at: positions[node])
    for index in positions[node]..<childLists[parent].count {
      positions[childLists[parent][index]] = index
    }
    rebuildChildRows(of: parent)
    rowsChanged(under: parent, by: -rows)
    var stack = [node]
    while let next = stack.popLast() {
      stack.append(contentsOf: childLists[next])
      ids[items[next]!] = nil
      items[next] = nil
      childLists[next] = []
      childRows[next] = [0]
      childTotals[next] = 0
      expandedFlags[next] = false
      freeNodes.append(next)
    }
    guard let start else { return 0..<0 }
    return start..<(start + rows)
  }

  /// Expands `item`. Returns the visible rows its descendants now take (empty when it was
  /// expanded already, is hidden, or has no children).
  ///
  /// - Complexity: O(d log b): the rows are a contiguous range after the item's own.
  @discardableResult
  public func expand(_ item: Item) -> Range<Int> { setExpanded(true, item) }

  /// Collapses `item`. Returns the visible rows its descendants took.
  ///
  /// - Complexity: O(d log b).
  @discardableResult
  public func collapse(_ item: Item) -> Range<Int> { setExpanded(false, item) }

  // MARK: Nodes

  private func node(_ item: Item?) -> Int? {
    guard let item else { return 0 }
    return ids[item]
  }

  @discardableResult
  private func makeNode(_ item: Item, parent: Int) -> Int {
    let node: Int
    if let reused = freeNodes.popLast() {
      node = reused
      items[node] = item
      parents[node] = parent
    } else {
      node = items.count
      items.append(item)
      parents.append(parent)
      positions.append(0)
      childLists.append([])
      childRows.append([0])
      childTotals.append(0)
      expandedFlags.append(false)
    }
    positions[node] = childLists[parent].count
    childLists[parent].append(node)
    ids[item] = node
    return node
  }

  /// The rows `node` shows when it shows: itself, and its children's when expanded.
  private func rowsOf(_ node: Int) -> Int { 1 + (expandedFlags[node] ? childTotals[node] : 0) }

  private func setExpanded(_ expanded: Bool, _ item: Item) -> Range<Int> {
    guard let node = ids[item], expandedFlags[node] != expanded else { return 0..<0 }
    expandedFlags[node] = expanded
    let rows = childTotals[node]
    guard rows > 0 else { return 0..<0 }
    // The node's own rows changed: its parent's Fenwick entry, and on up while expanded.
    changeRows(ofChild: node, by: expanded ? rows : -rows)
    guard let row = row(ofNode: node) else { return 0..<0 }
    return (row + 1)..<(row + 1 + rows)
  }

  /// `node`'s rows changed by `delta`: its parent's entry and total, then each ancestor whose
  /// rows include it (expanded ones), up to the root.
  private func changeRows(ofChild node: Int, by delta: Int) {
    var child = node
    while child != 0 {
      let parent = parents[child]
      addRows(delta, atChild: positions[child], of: parent)
      childTotals[parent] += delta
      guard parent != 0, expandedFlags[parent] else { return }
      child = parent
    }
  }

  /// `parent`'s children's rows changed by `delta` in total (after their Fenwick entries were
  /// updated): its own rows change if it is expanded, and so on up.
  private func rowsChanged(under parent: Int, by delta: Int) {
    guard parent != 0, expandedFlags[parent] else { return }
    changeRows(ofChild: parent, by: delta)
  }

  /// The visible row of `node`, or `nil` when an ancestor is collapsed.
  private func row(ofNode node: Int) -> Int? {
    var row = 0
    var child = node
    while child != 0 {
      let parent = parents[child]
      row += prefixRows(before: positions[child], of: parent)
      if parent != 0 {
        guard expandedFlags[parent] else { return nil }
        row += 1
      }
      child = parent
    }
    return row
  }

  /// The row just after `parent`'s last visible descendant, where appended children go, or
  /// `nil` when they would not show.
  private func firstRowAfterChildren(of parent: Int) -> Int? {
    if parent == 0 { return childTotals[0] }
    guard expandedFlags[parent], let row = row(ofNode: parent) else { return nil }
    return row + 1 + childTotals[parent]
  }

  // MARK: Fenwick trees over children's rows

  private func addRows(_ delta: Int, atChild index: Int, of parent: Int) {
    var position = index + 1
    let count = childRows[parent].count
    while position < count {
      childRows[parent][position] += delta
      position += position & -position
    }
  }

  /// The rows of `parent`'s children before child `index`.
  private func prefixRows(before index: Int, of parent: Int) -> Int {
    var sum = 0
    var position = index
    while position > 0 {
      sum += childRows[parent][position]
      position -= position & -position
    }
    return sum
  }

  /// Appends an entry of `rows` for the newest child of `parent`.
  private func appendRow(_ rows: Int, to parent: Int) {
    let position = childRows[parent].count
    let below = position - (position & -position)
    let value =
      rows + prefixRows(before: position - 1, of: parent) - prefixRows(before: below, of: parent)
    childRows[parent].append(value)
    childTotals[parent] += rows
  }

  private func rebuildChildRows(of parent: Int) {
    let children = childLists[parent]
    var tree = [Int](repeating: 0, count: children.count + 1)
    var total = 0
    for (index, child) in children.enumerated() {
      let rows = rowsOf(child)
      total += rows
      tree[index + 1] += rows
      let next = (index + 1) + ((index + 1) & -(index + 1))
      if next <= children.count { tree[next] += tree[index + 1] }
    }
    childRows[parent] = tree
    childTotals[parent] = total
  }

  /// The child of `node` whose rows contain `row` (counted from the first child's row), and
  /// the rows of the children before it.
  private func childContaining(row: Int, of node: Int) -> (child: Int, before: Int) {
    let tree = childRows[node]
    var position = 0
    var remaining = row
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next < tree.count && tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return (childLists[node][position], row - remaining)
  }
}
