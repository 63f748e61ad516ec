/// A data source driven by snapshots, as UIKit's `UICollectionViewDiffableDataSource`: give it
/// the new state, it diffs it against the current one (Heckel, O(n)) and performs the batch
/// updates, animated or not. It can never produce an inconsistent update, and the selection
/// stays with its items.
///
/// ```swift
/// let dataSource = CollectionViewDiffableDataSource<String, Task.ID>(collectionView: collectionView) {
///   collectionView, indexPath, id in
///   let cell = collectionView.dequeueReusableCell(TaskCell.self, for: indexPath)
///   cell.task = tasks[id]
///   return cell
/// }
/// dataSource.apply(snapshot)
/// ```
///
/// The collection view holds its data source weakly: keep a reference.
open class CollectionViewDiffableDataSource<SectionID: Hashable, ItemID: Hashable>:
  CollectionViewDataSource
{
  /// Makes the cell for an item: dequeue and configure it.
  public typealias CellProvider = (
    _ collectionView: CollectionView, _ indexPath: ItemPath, _ itemIdentifier: ItemID
  ) -> CollectionViewCell
  /// Makes a supplementary view: dequeue and configure it.
  public typealias SupplementaryViewProvider = (
    _ collectionView: CollectionView, _ kind: SupplementaryKind, _ indexPath: ItemPath
  ) -> ReusableView

  /// The collection view this data source drives.
  public let collectionView: CollectionView
  private let cellProvider: CellProvider
  /// Supplies headers, footers and other supplementary views.
  public var supplementaryViewProvider: SupplementaryViewProvider?
  /// The current state.
  var current = Snapshot<SectionID, ItemID>()
  /// A diff running off the host's loop (``applyInBackground(_:animatingDifferences:completion:)``).
  var pendingDiff: PendingDiff<SectionID, ItemID>?
  /// Whether and how the user may reorder items (UIKit's `reorderingHandlers`): without
  /// `canReorderItem`, no item moves.
  public var reorderingHandlers = ReorderingHandlers()

  /// Decides which items the user may move, and hears each move (UIKit's
  /// `UICollectionViewDiffableDataSource.ReorderingHandlers`).
  public struct ReorderingHandlers {
    /// Whether the user may lift the item. `nil`: no item may.
    public var canReorderItem: ((ItemID) -> Bool)?
    /// Told before the data source changes its snapshot, with the snapshot before the move.
    public var willReorder: ((Snapshot<SectionID, ItemID>) -> Void)?
    /// Told after the move, with the transaction: the snapshots before and after, and which
    /// item moved where. The data source's snapshot already is the final one: keep your model
    /// in step with it.
    public var didReorder: ((ReorderTransaction<SectionID, ItemID>) -> Void)?

    /// No reordering.
    public init() {}
  }

  /// Becomes `collectionView`'s data source; `cellProvider` makes each cell.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  /// The current state (a copy, to edit and apply).
  public func snapshot() -> Snapshot<SectionID, ItemID> { current }

  /// Makes `snapshot` the current state: diffs it against the current one and performs the
  /// changes as batch updates (animated when `animatingDifferences`), then the reloads and
  /// reconfigures it marks. The first snapshot, or one replacing an empty state, reloads.
  /// Problems found while building the snapshot are reported through the collection view's
  /// diagnostics.
  ///
  /// - Complexity: O(n) to diff (one hash per identifier), plus the batch update.
  public func apply(
    _ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    cancelPendingDiff()
    if current.numberOfSections == 0 {
      for problem in snapshot.problems { collectionView.diagnostics.report(problem) }
      current = snapshot.clearingMarks()
      collectionView.reloadData()
      collectionView.layoutIfNeeded()
      completion?()
      return
    }
    show(
      snapshot, stages: Self.changes(from: current, to: snapshot), animated: animatingDifferences
    ) {
      completion?()
    }
  }

  /// Makes `snapshot` (diffed from the current state into the staged changes `found`) the
  /// current state: the changes as batch updates, then the reloads and reconfigures it marks.
  func show(
    _ snapshot: Snapshot<SectionID, ItemID>, stages found: [Changeset],
    animated animatingDifferences: Bool,
    completion: (() -> Void)?
  ) {
    for problem in snapshot.problems { collectionView.diagnostics.report(problem) }
    let old = current
    current = snapshot.clearingMarks()
    var stages = found
    // The marked updates, at their final paths: a last, content-only stage.
    var marks = Changeset()
    for item in snapshot.reloadedItemIdentifiers where old.contains(item) {
      if let path = snapshot.indexPath(ofItem: item) { marks.reloadedItems.append(path) }
    }
    for item in snapshot.reconfiguredItemIdentifiers where old.contains(item) {
      if let path = snapshot.indexPath(ofItem: item) { marks.reconfiguredItems.append(path) }
    }
    for section in snapshot.reloadedSectionIdentifiers where old.indexOfSection(section) != nil {
      if let index = snapshot.indexOfSection(section) { marks.reloadedSections.append(index) }
    }
    for section in snapshot.reconfiguredSectionIdentifiers
    where old.indexOfSection(section) != nil
      && !snapshot.reloadedSectionIdentifiers.contains(section)
    {
      if let index = snapshot.indexOfSection(section) { marks.reconfiguredSections.append(index) }
    }
    // A reloaded section's items are replaced anyway.
    let reloaded = Set(marks.reloadedSections)
    marks.reloadedItems.removeAll { reloaded.contains($0.section) }
    marks.reconfiguredItems.removeAll { reloaded.contains($0.section) }
    marks.reconfiguredItems.removeAll { marks.reloadedItems.contains($0) }
    if !marks.isEmpty { stages.append(marks) }
    guard !stages.isEmpty else {
      completion?()
      return
    }
    for (index, stage) in stages.enumerated() {
      let isLast = index == stages.count - 1
      collectionView.performBatchUpdates(
        with: stage, animated: animatingDifferences,
        completion: isLast && completion != nil ? { _ in completion?() } : nil)
    }
  }

  /// Makes `snapshot` the current state with a reload: no diff, no animation. The selection,
  /// the selection's anchor and the focus stay with their items by identifier, wherever the
  /// items now are; selected items no longer in the snapshot leave the selection (the
  /// delegate is told, with their old paths).
  ///
  /// - Complexity: O(n) to index the snapshot, plus O(s) for s selected items.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot<SectionID, ItemID>) {
    cancelPendingDiff()
    for problem in snapshot.problems { collectionView.diagnostics.report(problem) }
    let old = current
    let view = collectionView
    let selected = view.indexPathsForSelectedItems.map { ($0, old.itemIdentifier(at: $0)) }
    let focused = view.focusedIndexPath.flatMap(old.itemIdentifier(at:))
    let anchor = view.selectionAnchor.flatMap(old.itemIdentifier(at:))
    current = snapshot.clearingMarks()
    view.clearSelectionForRestore()  // put back below, by identifier
    view.reloadData()
    // The reload kept paths; the items' identifiers say where they went.
    var kept = Set<ItemPath>()
    var gone: [ItemPath] = []
    for (path, identifier) in selected {
      if let identifier, let now = current.indexPath(ofItem: identifier) {
        kept.insert(now)
      } else {
        gone.append(path)
      }
    }
    if let focused {
      view.setFocusedItem(current.indexPath(ofItem: focused) ?? view.focusedIndexPath)
    }
    view.restoreSelection(
      kept, anchor: anchor.flatMap(current.indexPath(ofItem:)), deselected: gone)
    view.layoutIfNeeded()
  }

  /// The identifier of the item at `indexPath`.
  public func itemIdentifier(for indexPath: ItemPath) -> ItemID? {
    current.itemIdentifier(at: indexPath)
  }

  /// Where the item is now.
  public func indexPath(for itemIdentifier: ItemID) -> ItemPath? {
    current.indexPath(ofItem: itemIdentifier)
  }

  /// The identifier of the section at `index`.
  public func sectionIdentifier(for index: Int) -> SectionID? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }

  /// The index of the section now.
  public func index(for sectionIdentifier: SectionID) -> Int? {
    current.indexOfSection(sectionIdentifier)
  }

  // MARK: Data source

  /// The snapshot's section count.
  open func numberOfSections(in collectionView: CollectionView) -> Int {
    current.numberOfSections
  }

  /// The snapshot's item count for `section`.
  open func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  {
    section < current.numberOfSections ? current.items(inSectionAt: section).count : 0
  }

  /// The cell provider's cell.
  open func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    guard let item = current.itemIdentifier(at: indexPath) else {
      misuse("CollectionViewDiffableDataSource: no item at \(indexPath) in the current snapshot")
    }
    return cellProvider(collectionView, indexPath, item)
  }

  /// The supplementary view provider's view, or a blank one.
  open func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.supplementaryView(
      from: supplementaryViewProvider, ofKind: kind, at: indexPath)
  }

  /// `reorderingHandlers.canReorderItem`'s answer (`false` without one).
  open func collectionView(
    _ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath
  )
    -> Bool
  {
    guard let canReorder = reorderingHandlers.canReorderItem,
      let item = current.itemIdentifier(at: indexPath)
    else { return false }
    return canReorder(item)
  }

  /// Moves the item in the current snapshot (the collection view performs the move) and tells
  /// the reordering handlers.
  open func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: ItemPath,
    to destinationIndexPath: ItemPath
  ) {
    guard let item = current.itemIdentifier(at: sourceIndexPath) else { return }
    cancelPendingDiff()  // found against the state before the move
    let initial = current
    reorderingHandlers.willReorder?(initial)
    guard current.moveItem(at: sourceIndexPath, to: destinationIndexPath) else {
      collectionView.diagnostics.report(
        .indexPathOutOfRange,
        "moveItemAt \(sourceIndexPath) to \(destinationIndexPath): out of range; not moved")
      return
    }
    reorderingHandlers.didReorder?(
      ReorderTransaction(
        initialSnapshot: initial, finalSnapshot: current, item: item,
        sourceIndexPath: sourceIndexPath, destinationIndexPath: destinationIndexPath))
  }

  // MARK: Diff

  /// The structural changes between two snapshots (identity only).
  static func changes(
    from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>
  ) -> [Changeset] {
    changes(from: old, to: new, job: nil) ?? []
  }

  /// The structural changes between two snapshots, each step told to `job` (`nil` when it was
  /// cancelled meanwhile).
  static func changes(
    from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>,
    job: BackgroundDiff?
  ) -> [Changeset]? {
    func flatten(_ snapshot: Snapshot<SectionID, ItemID>) -> ([ItemID], [Int]) {
      // One section: its array as it is (shared, not copied).
      if snapshot.numberOfSections == 1 {
        let items = snapshot.items(inSectionAt: 0)
        return (items, [0, items.count])
      }
      var items: [ItemID] = []
      items.reserveCapacity(snapshot.numberOfItems)
      var starts = [0]
      for index in 0..<snapshot.numberOfSections {
        items.append(contentsOf: snapshot.items(inSectionAt: index))
        starts.append(items.count)
      }
      return (items, starts)
    }
    let (oldItems, oldStarts) = flatten(old)
    guard job?.advance() != false else { return nil }
    let (newItems, newStarts) = flatten(new)
    guard job?.advance() != false else { return nil }
    let found = sectionedChanges(
      oldSections: old.sectionIdentifiers, newSections: new.sectionIdentifiers,
      oldItems: oldItems, oldStarts: oldStarts, newItems: newItems, newStarts: newStarts,
      sectionContentChanged: { _, _ in false }, itemContentChanged: { _, _ in false },
      contentUpdate: .reconfigure
    ).stages
    guard job?.advance() != false else { return nil }
    let stages = StagedChangeset(found).stages
    guard job?.advance() != false else { return nil }
    return stages
  }
}

extension CollectionViewDiffableDataSource {
  /// A data source whose cells are `Cell`, configured with the item identifier itself (for
  /// identifiers that carry what the cell shows). Registers `Cell`.
  public convenience init<Cell: ConfigurableCell>(
    collectionView: CollectionView, cell: Cell.Type
  ) where Cell.Item == ItemID {
    collectionView.registerChecked(
      Cell.self, for: .type(CollectionViewDiffableDataSource<SectionID, ItemID>.self))
    self.init(collectionView: collectionView) { collectionView, indexPath, item in
      let cell = collectionView.dequeueReusableCell(Cell.self, for: indexPath)
      cell.configure(with: item, at: indexPath)
      return cell
    }
  }
}

/// One reorder the user made through a diffable data source (UIKit's
/// `NSDiffableDataSourceTransaction`): the snapshots before and after, and the move.
public struct ReorderTransaction<SectionID: Hashable, ItemID: Hashable> {
  /// The state before the move.
  public var initialSnapshot: Snapshot<SectionID, ItemID>
  /// The state after it: the data source's current snapshot.
  public var finalSnapshot: Snapshot<SectionID, ItemID>
  /// The item moved.
  public var item: ItemID
  /// Where it was.
  public var sourceIndexPath: ItemPath
  /// Where it is now.
  public var destinationIndexPath: ItemPath
}
