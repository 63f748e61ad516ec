extension CollectionView {
  // MARK: Ranges, all and none

  /// Where the next Shift range starts: the item last tapped (or toggled) without Shift; `nil`
  /// after a plain focus move, when the next range starts at the focused item. It follows its
  /// item through updates.
  public var selectionAnchor: ItemPath? { selection.anchor }

  /// Selects every item from the anchor (``selectionAnchor``, else the focused item, else
  /// `indexPath` itself) through `indexPath`, in item order across sections, replacing the
  /// range the previous extension selected; items selected otherwise stay. From code: no
  /// delegate calls. With single selection it selects `indexPath` only.
  ///
  /// Out-of-range paths are ignored, with a diagnostic.
  ///
  /// - Complexity: O(r + k) for r items in the old and the new range and k displayed cells.
  public func extendSelection(to indexPath: ItemPath) {
    guard allowsSelection else { return }
    guard isValid(indexPath) else {
      diagnostics.report(.indexPathOutOfRange, "extendSelection(to:): \(indexPath) is out of range")
      return
    }
    guard allowsMultipleSelection else { return selectItem(at: indexPath) }
    selectRange(to: indexPath, byUser: false)
  }

  /// Selects every item (with multiple selection; one item cannot hold all). From code: no
  /// delegate calls.
  ///
  /// No path is listed: each section is marked selected whole, so asking about an item,
  /// counting and updating stay as cheap as before (``indexPathsForSelectedItems`` still lists
  /// every item, O(n)).
  ///
  /// - Complexity: O(S) for S sections.
  public func selectAllItems() {
    guard allowsSelection, allowsMultipleSelection, counts.total > 0 else { return }
    selectEveryItem(byUser: false)
  }

  /// Deselects every item. From code: no delegate calls.
  public func deselectAllItems() {
    selection.removeAll(in: self)
  }

  // MARK: Internal

  /// A Shift range through `target`: the previous range from the anchor leaves (where it is
  /// not in the new one), the new one joins. A user's range asks the delegate item by item.
  func selectRange(to target: ItemPath, byUser: Bool) {
    let anchor =
      selection.anchor.flatMap { isValid($0) ? $0 : nil }
      ?? focusedIndexPath.flatMap { isValid($0) ? $0 : nil } ?? target
    let previous = selection.rangeEnd.map { (min(anchor, $0), max(anchor, $0)) }
    let next = (min(anchor, target), max(anchor, target))
    // What was selected before the first range from this anchor: the items a later range
    // leaves stay selected when they were (Ctrl-A, Shift-↓, Shift-↑ deselected a row that
    // select all had selected: a new user's finding).
    if previous == nil || selection.rangeBase == nil { selection.rangeBase = selection.items }
    let base = selection.rangeBase ?? SelectedItems()
    selection.anchor = anchor
    selection.rangeEnd = target
    var deselected: [ItemPath] = []
    var selected: [ItemPath] = []
    if let previous {
      forEachItem(from: previous.0, through: previous.1) { path in
        if (path < next.0 || path > next.1) && selection.contains(path) && !base.contains(path) {
          deselected.append(path)
        }
      }
    }
    forEachItem(from: next.0, through: next.1) { path in
      if !selection.contains(path) { selected.append(path) }
    }
    apply(selecting: selected, deselecting: deselected, byUser: byUser)
  }

  /// Select all, from a key or from code.
  ///
  /// Every section is marked whole (``SelectedItems``): no path is listed. A user's select
  /// all still asks the delegate about each item not yet selected, and tells it about each
  /// one selected, in item order: calls, not lists.
  ///
  /// - Complexity: O(S) for S sections from code; a user's, O(n) delegate calls.
  func selectEveryItem(byUser: Bool) {
    let sectionCounts = (0..<counts.sectionCount).map { counts.numberOfItems(inSection: $0) }
    // The next Shift range starts afresh, over everything selected.
    selection.rangeEnd = nil
    guard byUser, let delegate = collectionDelegate else {
      selection.replace(in: self) { $0.selectAll(counts: sectionCounts) }
      return
    }
    // Those the delegate refuses stay out, as do the items a listed selection left out. (In
    // item order, so that telling walks them with the items, unhashed.)
    let before = selection.items
    var refused: [ItemPath] = []
    before.forEachItem(in: sectionCounts) { path, isSelected in
      if !isSelected && !delegate.collectionView(self, shouldSelectItemAt: path) {
        refused.append(path)
      }
    }
    selection.replace(in: self) {
      $0.selectAll(counts: sectionCounts, except: Set(refused))
    }
    selection.isTellingManyItems = true
    defer { selection.isTellingManyItems = false }
    var next = 0
    before.forEachItem(in: sectionCounts) { path, isSelected in
      if next < refused.count && refused[next] == path {
        next += 1
      } else if !isSelected {
        delegate.collectionView(self, didSelectItemAt: path)
      }
    }
  }

  /// Deselects every item but `keep`, as a user does (Escape, or a plain tap that replaces
  /// the selection): the delegate asked about each selected item and told about each one
  /// deselected, in item order, with no list of them made (after select all, a list of ten
  /// million paths). The items are told as many (``CollectionView/isChangingManyItems``).
  func deselectEveryItem(except keep: ItemPath? = nil) {
    let before = selection.items
    let keeps = keep.map { before.contains($0) } ?? false
    guard let delegate = collectionDelegate else {
      selection.replace(in: self) { $0 = SelectedItems(keeps ? [keep!] : []) }
      return
    }
    // Those the delegate keeps, in item order (`keep` among them, where it falls).
    var kept: [ItemPath] = []
    before.forEachInOrder { path in
      if path == keep || !delegate.collectionView(self, shouldDeselectItemAt: path) {
        kept.append(path)
      }
      return true
    }
    selection.replace(in: self) { $0 = SelectedItems(Set(kept)) }
    selection.isTellingManyItems = true
    defer { selection.isTellingManyItems = false }
    var next = 0
    before.forEachInOrder { path in
      if next < kept.count && kept[next] == path {
        next += 1
      } else {
        delegate.collectionView(self, didDeselectItemAt: path)
      }
      return true
    }
  }

  /// Changes many items, then shows them once; a user's change asks the delegate about each
  /// item and tells it about each one changed.
  func apply(selecting selected: [ItemPath], deselecting deselected: [ItemPath], byUser: Bool) {
    guard let delegate = byUser ? collectionDelegate : nil else {
      selection.replace(in: self) { items in
        for path in deselected { items.remove(path) }
        for path in selected { items.insert(path) }
      }
      return
    }
    let deselected = deselected.filter {
      delegate.collectionView(self, shouldDeselectItemAt: $0)
    }
    let selected = selected.filter { delegate.collectionView(self, shouldSelectItemAt: $0) }
    selection.replace(in: self) { items in
      for path in deselected { items.remove(path) }
      for path in selected { items.insert(path) }
    }
    // A range, all or none is told as such, even when it changes one item (a Shift-↑ that
    // shrinks a range by one was told as a tap, and a delegate that focuses a tapped item put
    // the focus back where it was: a new user's finding); the item a Shift-tap ranged to is
    // told last, as a tap.
    let tapped = selection.tappedRangeEnd
    selection.isTellingManyItems = true
    defer { selection.isTellingManyItems = false }
    for path in deselected { delegate.collectionView(self, didDeselectItemAt: path) }
    for path in selected where path != tapped {
      delegate.collectionView(self, didSelectItemAt: path)
    }
    // The item tapped is told as a tap when the range selected it, and when it was selected
    // already (a tap on a selected item tells `didSelect` again, as with single selection:
    // after select all, a Shift-click told nothing, and the focus stayed where it was).
    if let tapped, selected.contains(tapped) || selection.contains(tapped) {
      selection.isTellingManyItems = false
      delegate.collectionView(self, didSelectItemAt: tapped)
    }
  }

  /// A user's change of one item, asking the delegate first and telling it after.
  @discardableResult
  func userSetSelected(_ selected: Bool, at indexPath: ItemPath) -> Bool {
    let delegate = collectionDelegate
    if selected {
      guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
        return false
      }
    } else {
      guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else {
        return false
      }
    }
    selection.setSelected(selected, at: indexPath, in: self)
    if selected {
      delegate?.collectionView(self, didSelectItemAt: indexPath)
    } else {
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
    }
    return true
  }

  /// Calls `body` with every item from `first` through `last` (both valid, `first ≤ last`), in
  /// item order across sections.
  func forEachItem(from first: ItemPath, through last: ItemPath, _ body: (ItemPath) -> Void) {
    guard first <= last else { return }
    for section in first.section...last.section {
      let count = counts.numberOfItems(inSection: section)
      let start = section == first.section ? first.item : 0
      let end = section == last.section ? min(last.item, count - 1) : count - 1
      guard start <= end else { continue }
      for item in start...end { body(ItemPath(section: section, item: item)) }
    }
  }
}
