/// What a cell of an outline shows besides its item: how deep it is and its disclosure.
public struct OutlineRow: Hashable, Sendable {
  /// 0 for a top-level item.
  public var level: Int
  /// Whether the item has children (and so a disclosure).
  public var hasChildren: Bool
  /// Whether its children show.
  public var isExpanded: Bool

  /// A row `level` deep, with or without children, expanded or not.
  public init(level: Int, hasChildren: Bool, isExpanded: Bool) {
    self.level = level
    self.hasChildren = hasChildren
    self.isExpanded = isExpanded
  }
}

/// Shows an ``OutlineTree`` as the rows of a collection view's one section, and animates its
/// changes: expanding or collapsing an item is one batch insert or delete of the rows it
/// affects (a contiguous range, found without walking the tree), and applying a new tree diffs
/// its visible rows against the current ones.
///
/// ```swift
/// let outline = OutlineDataSource<Place>(collectionView: view) { view, path, place, row in
///   let cell = view.dequeueReusableCell(PlaceCell.self, withReuseIdentifier: "place", for: path)
///   cell.configure(place, level: row.level, expanded: row.isExpanded, disclosure: row.hasChildren)
///   return cell
/// }
/// outline.tree.append(regions)
/// outline.reloadData()
/// outline.expand(europe)          // its countries slide in
/// ```
///
/// Disclosure state lives in the tree, so it survives reuse and reloads; ``apply(_:animatingDifferences:)``
/// carries it to the new tree by identity, so it survives diffs too. The collection view's
/// focus and selection follow their items through every change.
public final class OutlineDataSource<Item: Hashable>: CollectionViewDataSource {
  /// Configures a dequeued cell for an item.
  public typealias CellProvider = (CollectionView, ItemPath, Item, OutlineRow) -> CollectionViewCell

  /// The collection view shown in (held weakly: it holds this data source weakly too; keep a
  /// reference to both).
  public private(set) weak var collectionView: CollectionView?
  /// The tree shown. Edit it through this data source (``expand(_:animated:)``,
  /// ``append(_:to:animated:)``, ``delete(_:animated:)``) so the rows follow; after editing it
  /// directly, call ``reloadData()``.
  public private(set) var tree: OutlineTree<Item>
  /// Called with an item and the tree just before ``expand(_:animated:)`` expands it, from any
  /// caller (a key, a click, a screen reader's expand action): where children load lazily,
  /// the place to append them (or its children's children, so that the new rows show their
  /// own disclosures), as `UICollectionViewDiffableDataSource`'s `willExpandItem`. Append to
  /// the tree given (it is ``tree``) directly: the rows follow with the expansion. The tree
  /// comes as an argument so the handler need not capture this data source (which holds it).
  public var willExpand: ((Item, OutlineTree<Item>) -> Void)?
  /// Called with an item just after it collapsed.
  public var didCollapse: ((Item) -> Void)?
  private let cellProvider: CellProvider

  /// Shows `tree` (empty by default) in `collectionView`, becoming its data source.
  public init(
    collectionView: CollectionView, tree: OutlineTree<Item> = OutlineTree(),
    cellProvider: @escaping CellProvider
  ) {
    self.collectionView = collectionView
    self.tree = tree
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  // MARK: Questions

  /// Headers that stack for this outline (set them on a ``ListLayout``'s
  /// ``ListLayout/stackedHeaders``): the expanded parents of the rows at the top stick one
  /// under another while their children scroll, as VS Code's sticky scroll does.
  ///
  /// ```swift
  /// (collectionView.collectionViewLayout as? ListLayout)?.stackedHeaders =
  ///   outline.stackedHeaders()
  /// ```
  public func stackedHeaders(
    maximumRows: Int = 5, maximumFraction: Double = 0.4
  )
    -> StackedHeaders
  {
    StackedHeaders(
      maximumRows: maximumRows, maximumFraction: maximumFraction,
      parent: { [weak self] path in
        guard let self, let item = self.item(at: path), let parent = self.tree.parent(of: item)
        else { return nil }
        return self.indexPath(for: parent)
      },
      lastDescendant: { [weak self] path in
        guard let self, let item = self.item(at: path) else { return path }
        return ItemPath(
          section: path.section, item: path.item + self.tree.visibleDescendantCount(of: item))
      })
  }

  /// The item at `indexPath`, or `nil`.
  public func item(at indexPath: ItemPath) -> Item? {
    indexPath.section == 0 ? tree.item(atRow: indexPath.item) : nil
  }

  /// Where `item` shows, or `nil` when it is hidden or not in the tree.
  public func indexPath(for item: Item) -> ItemPath? {
    tree.row(of: item).map { ItemPath(section: 0, item: $0) }
  }

  /// The level and disclosure of `item`.
  public func row(for item: Item) -> OutlineRow {
    OutlineRow(
      level: tree.level(of: item), hasChildren: tree.hasChildren(item),
      isExpanded: tree.isExpanded(item))
  }

  // MARK: Changes

  /// Expands `item`: its visible descendants are inserted as one batch (animated or not) and
  /// the item's cell is reconfigured to show its disclosure open. Returns whether it changed.
  ///
  /// - Complexity: O(d log b) to find the rows, plus the batch update of the k rows shown.
  @discardableResult
  public func expand(_ item: Item, animated: Bool = true) -> Bool {
    guard tree.contains(item), !tree.isExpanded(item) else { return false }
    if let willExpand {
      willExpand(item, tree)
      // The handler may have changed the tree (it appends children): the rows must be the
      // current tree's, and the item still there and collapsed.
      guard tree.contains(item), !tree.isExpanded(item) else { return false }
    }
    let rows = tree.expand(item)
    perform(inserting: rows, deleting: 0..<0, disclosureOf: item, animated: animated)
    return true
  }

  /// Collapses `item`: its visible descendants are deleted as one batch. Returns whether it
  /// changed. When the focused row is among them, the focus moves to `item`'s row, as tree
  /// views move it (not to the row after the hidden ones, which could scroll `item` away).
  @discardableResult
  public func collapse(_ item: Item, animated: Bool = true) -> Bool {
    guard tree.contains(item), tree.isExpanded(item) else { return false }
    let path = tree.row(of: item).map { ItemPath(section: 0, item: $0) }
    // Whether the row is on screen now (an ancestor kept at the top by stacked headers too).
    var wasOnScreen = false
    if let collectionView, let path,
      let frame = collectionView.cellForItem(at: path)?.layoutAttributes?.frame
    {
      wasOnScreen = frame.intersects(collectionView.bounds)
    }
    let rows = tree.collapse(item)
    if let collectionView, let path, let focused = collectionView.focusedIndexPath,
      focused.section == 0, rows.contains(focused.item)
    {
      // Before the batch: the row comes before the hidden ones, so its path holds across it.
      collectionView.focusItem(at: path, scrollsIntoView: false)
    }
    perform(inserting: 0..<0, deleting: rows, disclosureOf: item, animated: animated)
    // The rows under it are gone: a row that was on screen stays there (one stacked at the
    // top, its descendants scrolled past, would otherwise be left above the viewport).
    if wasOnScreen, let collectionView, let path {
      collectionView.scrollToItem(at: path, at: .nearest, animated: false)
    }
    didCollapse?(item)
    return true
  }

  /// Expands a collapsed item, collapses an expanded one.
  public func toggle(_ item: Item, animated: Bool = true) {
    if tree.isExpanded(item) {
      collapse(item, animated: animated)
    } else {
      expand(item, animated: animated)
    }
  }

  /// Appends children to `parent` (top-level items for `nil`), inserting the rows that show.
  public func append(_ items: [Item], to parent: Item? = nil, animated: Bool = true) {
    let hadChildren = parent.map(tree.hasChildren) ?? true
    let rows = tree.append(items, to: parent)
    // A parent that just got its first children shows a disclosure now.
    perform(
      inserting: rows, deleting: 0..<0, disclosureOf: hadChildren ? nil : parent,
      animated: animated)
  }

  /// Deletes `item` and its descendants, deleting the rows that showed.
  public func delete(_ item: Item, animated: Bool = true) {
    let parent = tree.parent(of: item)
    let rows = tree.delete(item)
    let lostLastChild = parent.map { !tree.hasChildren($0) } ?? false
    perform(
      inserting: 0..<0, deleting: rows, disclosureOf: lostLastChild ? parent : nil,
      animated: animated)
  }

  /// Makes `newTree` the tree shown: items expanded in the current tree stay expanded in the
  /// new one (by identity), and the visible rows are diffed and applied as batch updates.
  ///
  /// - Complexity: O(n) for the expansion state and the diff of the visible rows.
  public func apply(_ newTree: OutlineTree<Item>, animatingDifferences: Bool = true) {
    let old = tree.visibleItems
    carryExpansion(from: tree, to: newTree)
    tree = newTree
    guard let collectionView else { return }
    let new = newTree.visibleItems
    let stages = sectionedChanges(
      oldSections: [0], newSections: [0], oldItems: old, oldStarts: [0, old.count],
      newItems: new, newStarts: [0, new.count], sectionContentChanged: { _, _ in false },
      itemContentChanged: { _, _ in false }, contentUpdate: .reconfigure
    ).stages
    for stage in stages {
      collectionView.performBatchUpdates(with: stage, animated: animatingDifferences)
    }
    // Disclosures may have changed (children added or removed): redraw the displayed rows.
    collectionView.performBatchUpdates(
      with: Changeset(reconfiguredItems: collectionView.indexPathsForVisibleItems), animated: false)
  }

  /// Reads the tree again (after editing it directly).
  public func reloadData() { collectionView?.reloadData() }

  /// Expanded items hidden under collapsed ones keep their state too.
  private func carryExpansion(from old: OutlineTree<Item>, to new: OutlineTree<Item>) {
    var stack = old.rootItems
    while let item = stack.popLast() {
      guard old.isExpanded(item) || old.hasChildren(item) else { continue }
      if old.isExpanded(item) { new.expand(item) }
      stack.append(contentsOf: old.children(of: item))
    }
  }

  private func perform(
    inserting inserted: Range<Int>, deleting deleted: Range<Int>, disclosureOf item: Item?,
    animated: Bool
  ) {
    guard let collectionView else { return }
    var changes = Changeset()
    changes.insertedItems = inserted.map { ItemPath(section: 0, item: $0) }
    changes.deletedItems = deleted.map { ItemPath(section: 0, item: $0) }
    // The item whose disclosure changed keeps its row (the rows change after it).
    if let item, let path = indexPath(for: item) {
      changes.reconfiguredItems = [path]
      // The row says "expanded" or "collapsed" itself: no "5 items added" besides.
      collectionView.replaceNextAnnouncement(with: "")
    }
    if !changes.isEmpty { collectionView.performBatchUpdates(with: changes, animated: animated) }
  }

  // MARK: Data source

  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// The visible rows.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  { tree.visibleCount }

  /// The provider's cell for the item at the row.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    // The tree edited directly, without a reload: a blank row until the reload comes.
    guard let item = tree.item(atRow: indexPath.item) else {
      collectionView.diagnostics.report(
        .dataSourceChangedWithoutReload,
        "OutlineDataSource: no visible row \(indexPath.item) (the tree was edited without "
          + "reloadData()); showing a blank cell")
      return collectionView.dequeueBlankCell(for: indexPath)
    }
    return cellProvider(collectionView, indexPath, item, row(for: item))
  }
}

extension OutlineDataSource: CollectionViewTreeDataSource {
  /// The row's level (from 1), expansion (`nil` without children) and place among its
  /// siblings.
  ///
  /// - Complexity: O(d log b) for the row's item, then O(d) for its level.
  public func collectionView(
    _ collectionView: CollectionView, treePositionOfItemAt indexPath: ItemPath
  ) -> TreePosition? {
    guard let item = item(at: indexPath), let place = tree.siblingPosition(of: item) else {
      return nil
    }
    return TreePosition(
      level: tree.level(of: item) + 1,
      isExpanded: tree.hasChildren(item) ? tree.isExpanded(item) : nil,
      positionInSet: place.index + 1, setSize: place.count)
  }

  /// Expands or collapses the row's item, animated, as ``expand(_:animated:)`` does.
  public func collectionView(
    _ collectionView: CollectionView, setExpanded expanded: Bool, forItemAt indexPath: ItemPath
  ) -> Bool {
    guard let item = item(at: indexPath), tree.hasChildren(item) else { return false }
    return expanded ? expand(item) : collapse(item)
  }
}
