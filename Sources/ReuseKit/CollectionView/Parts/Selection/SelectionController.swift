/// The selection part of a collection view: which items are selected, and whether taps may
/// select one or several. Cells show it through ``CollectionViewCell/isSelected``, set when
/// they display and whenever the selection changes.
///
/// It follows its items through batch updates and diffs (a deleted item leaves it, and the
/// delegate is told) and keeps only paths in range after a reload. With multiple selection,
/// ranges extend from an anchor (Shift with a click or a key), and a drag selects what a box or
/// a slide meets (``SelectionDrag``).
final class SelectionController {
  /// The selected items (every item after select all is a few whole sections, not a list).
  @exclusivity(unchecked) private(set) var items = SelectedItems()
  /// Where a Shift range starts: the item last clicked or toggled; `nil` after a plain focus
  /// move (the next range starts at the focused item). It follows its item through updates.
  var anchor: ItemPath?
  /// The far end of the last Shift range from ``anchor``: the next range replaces it.
  var rangeEnd: ItemPath? {
    didSet { if rangeEnd == nil { rangeBase = nil } }
  }
  /// What was selected before the first Shift range from ``anchor``: a later range deselects
  /// only items not in it. Kept while ``rangeEnd`` is, and follows its items as it does.
  var rangeBase: SelectedItems?
  /// Selected items the last batch update deleted, at their old paths (told to the delegate
  /// once the update is done).
  var deletedByUpdate: [ItemPath] = []
  /// Whether taps select items.
  var allowsSelection = true
  /// Whether several items can be selected at once; a tap then toggles.
  var allowsMultipleSelection = false
  /// Whether a plain pointer tap replaces a multiple selection (desktop lists).
  var tapsReplaceSelection = false
  /// Whether the delegate is being told about a change of many items at once (a range, all).
  var isTellingManyItems = false
  /// The item a Shift-tap ranges to, while its range is told: told last, as a tap.
  var tappedRangeEnd: ItemPath?

  /// What the app selects itself, beyond ``items`` (``CollectionView/selectionOverlay``).
  var overlay: ((ItemPath) -> Bool)?

  /// Whether `indexPath` is selected: O(1), and no hashing while nothing is.
  @inline(__always)
  func contains(_ indexPath: ItemPath) -> Bool { items.contains(indexPath) }

  /// Whether `indexPath`'s cell shows selected: selected here, or by the overlay.
  @inline(__always)
  func isShownSelected(_ indexPath: ItemPath) -> Bool {
    contains(indexPath) || (overlay?(indexPath) ?? false)
  }

  /// Shows the overlay's answers on the displayed cells.
  func overlayDidChange(in collectionView: CollectionView) {
    collectionView.refreshDisplayedCells(\.isSelected) { isShownSelected($0) }
  }

  /// Selects or deselects `indexPath` and updates its displayed cell, if any.
  func setSelected(_ selected: Bool, at indexPath: ItemPath, in collectionView: CollectionView) {
    mark(indexPath, selected)
    let shown = isShownSelected(indexPath)
    let cell = collectionView.cellForItem(at: indexPath)
    if let cell, cell.isSelected != shown {
      cell.isSelected = shown
      cell.setNeedsDisplay()
    }
    #if REUSEKIT_CHECKS
      // What this call changed is checked here, and the whole selection at the end of each
      // pass: selecting a column of 1,200 cards one by one stays O(k), not O(k²).
      if selected {
        collectionView.invariant(
          collectionView.isValid(indexPath), "selected item \(indexPath) is out of range")
      }
      if !allowsMultipleSelection {
        collectionView.invariant(items.count <= 1, "several items selected in single selection")
      }
      if let cell {
        collectionView.invariant(
          cell.isSelected == shown, "cell at \(indexPath) shows the wrong selection state")
      }
    #endif
  }

  /// Deselects everything, without delegate calls.
  func removeAll(in collectionView: CollectionView) {
    anchor = nil
    rangeEnd = nil
    replace(in: collectionView) { $0.removeAll() }
  }

  /// Changes many items at once: `body` edits the selection, then the displayed cells show
  /// it.
  ///
  /// - Complexity: the edit, plus O(k) over the displayed cells.
  func replace(in collectionView: CollectionView, _ body: (inout SelectedItems) -> Void) {
    body(&items)
    overlayDidChange(in: collectionView)
    #if REUSEKIT_CHECKS
      checkInvariants(in: collectionView)
    #endif
  }

  /// Inserts or removes `indexPath` in the set only (the caller shows the cells). A Shift
  /// range's base takes the change too: the item is selected otherwise, and a later range
  /// leaves it as it is.
  @inline(__always)
  func mark(_ indexPath: ItemPath, _ selected: Bool) {
    if selected {
      items.insert(indexPath)
      rangeBase?.insert(indexPath)
    } else {
      items.remove(indexPath)
      rangeBase?.remove(indexPath)
    }
  }

  /// With single selection, keeps only the lowest selected item.
  func keepOne(in collectionView: CollectionView) {
    guard items.count > 1, let keep = items.min() else { return }
    replace(in: collectionView) { $0 = SelectedItems([keep]) }
  }

  /// After a reload: the paths still in range stay selected.
  func keepValid(in collectionView: CollectionView) {
    items.keepValid(collectionView.counts, deleted: &deletedByUpdate)
    var gone: [ItemPath] = []
    rangeBase?.keepValid(collectionView.counts, deleted: &gone)
    if let anchor, !collectionView.isValid(anchor) { self.anchor = nil }
    if let rangeEnd, !collectionView.isValid(rangeEnd) { self.rangeEnd = nil }
  }

  /// After a batch update: the selection follows its items; deleted ones leave it (noted in
  /// ``deletedByUpdate`` for the delegate). The cells' flags are set when they are remapped.
  func follow(_ mapping: ChangesetMapping) {
    anchor = anchor.flatMap { mapping.newIndexPath(forOld: $0) }
    rangeEnd = anchor == nil ? nil : rangeEnd.flatMap { mapping.newIndexPath(forOld: $0) }
    var gone: [ItemPath] = []
    rangeBase?.follow(mapping, deleted: &gone)
    guard !items.isEmpty else { return }
    items.follow(mapping, deleted: &deletedByUpdate)
  }

  /// Tells the delegate which selected items the last update deleted.
  func reportDeleted(in collectionView: CollectionView) {
    guard !deletedByUpdate.isEmpty else { return }
    let deleted = deletedByUpdate.sorted()
    deletedByUpdate.removeAll()
    collectionView.collectionDelegate?.collectionView(
      collectionView, didDeselectDeletedItemsAt: deleted)
  }
}

extension SelectionController {
  /// Checks that the selection names existing items, that single selection holds at most one
  /// and that displayed cells show it. Compiled in only with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      if let problem = items.problem(in: collectionView.counts) {
        collectionView.invariant(false, problem)
      }
      if !allowsMultipleSelection {
        collectionView.invariant(items.count <= 1, "several items selected in single selection")
      }
      if let anchor {
        collectionView.invariant(collectionView.isValid(anchor), "anchor \(anchor) out of range")
      }
      // Between reloadData() and the next pass the displayed cells are stale; skip them.
      guard !collectionView.pass.displayedViewsAreStale else { return }
      for entry in collectionView.displayedItems.entries {
        let cell = entry.view as! CollectionViewCell
        collectionView.invariant(
          cell.isSelected == isShownSelected(entry.attributes.indexPath),
          "cell at \(entry.attributes.indexPath) shows the wrong selection state")
      }
    #endif
  }
}

extension SelectionController: CollectionViewPart {
  /// A reload keeps the items still in range; an update's selection follows its items
  /// (deleted ones leave it, reported when the change is done).
  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    switch change {
    case .reload: keepValid(in: view)
    case .update(let mapping, _, _): follow(mapping)
    }
  }

  func dataChangeDidFinish(in view: CollectionView) { reportDeleted(in: view) }
}

extension CollectionView {
  /// Whether the item shows as selected now (a selecting drag's overlay counts).
  func isShownSelected(_ indexPath: ItemPath) -> Bool { selection.isShownSelected(indexPath) }

  /// Whether any item is selected.
  var hasSelection: Bool { !selection.items.isEmpty }

  /// The next Shift range starts afresh where the focus lands.
  func resetSelectionAnchor() {
    selection.anchor = nil
    selection.rangeEnd = nil
  }

  /// A Shift range starts at `indexPath` unless one has an anchor already.
  func anchorSelectionIfNeeded(at indexPath: ItemPath) {
    if selection.anchor == nil { selection.anchor = indexPath }
  }

  /// Empties the selection without telling the delegate: a data source about to put it back
  /// by identity after a reload.
  func clearSelectionForRestore() { selection.replace(in: self) { $0.removeAll() } }

  /// Puts a selection back after a reload moved its items: `kept` selected, `anchor` the
  /// Shift anchor, and the delegate told that the items once at `gone` were deselected.
  func restoreSelection(_ kept: Set<ItemPath>, anchor: ItemPath?, deselected gone: [ItemPath]) {
    selection.replace(in: self) { $0 = SelectedItems(kept) }
    selection.anchor = anchor
    selection.rangeEnd = nil
    selection.deletedByUpdate = gone
    selection.reportDeleted(in: self)
  }
}
