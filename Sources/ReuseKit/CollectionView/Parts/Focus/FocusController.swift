/// The focus part of a collection view: the item keys act on, drawn through
/// ``CollectionViewCell/isFocused``. It follows its item's identity through batch updates and
/// diffs (a deleted item passes it to a neighbour) and stays in range after a reload.
final class FocusController {
  /// The focused item, or `nil`.
  @exclusivity(unchecked) private(set) var item: ItemPath?
  /// How far the focused item stays from the viewport's edges when a move scrolls it into
  /// view.
  var scrollPadding: Double = 0

  /// Focuses `indexPath` (or nothing) and updates the displayed cells' flags.
  func setItem(_ indexPath: ItemPath?, in collectionView: CollectionView) {
    guard item != indexPath else { return }
    item = indexPath
    refreshFlags(in: collectionView)
  }

  /// Makes every displayed cell's ``CollectionViewCell/isFocused`` match the focused item.
  ///
  /// - Complexity: O(k) for the k displayed cells.
  func refreshFlags(in collectionView: CollectionView) {
    collectionView.refreshDisplayedCells(\.isFocused) { $0 == item }
  }

  /// After the counts changed without a batch update (a reload): a focused path out of range
  /// is clamped into it (the same item number in its section, else the nearest non-empty
  /// section).
  func keepInRange(in collectionView: CollectionView) {
    guard let focused = item, !collectionView.isValid(focused) else { return }
    let counts = collectionView.itemCounts
    item = CollectionView.nearestItem(
      in: counts, section: min(focused.section, counts.count - 1), item: focused.item)
    refreshFlags(in: collectionView)
  }

  /// After a batch update described by `mapping` (`oldCounts` before it, `newCounts` after):
  /// the focused item's new path if it survives, else its neighbour's (the next surviving item
  /// of its section, else the previous one, else the nearest section's). The cells' flags are
  /// refreshed once the displayed views are remapped.
  ///
  /// - Complexity: O(d + S) where d is the number of deleted items next to it.
  func follow(_ mapping: ChangesetMapping, oldCounts: ItemCountList, newCounts: ItemCountList) {
    guard let old = item else { return }
    item = Self.neighbour(of: old, after: mapping, oldCounts: oldCounts, newCounts: newCounts)
  }

  private static func neighbour(
    of old: ItemPath, after mapping: ChangesetMapping, oldCounts: ItemCountList,
    newCounts: ItemCountList
  ) -> ItemPath? {
    if let path = mapping.newIndexPath(forOld: old) { return path }
    let section = old.section
    if section < oldCounts.count {
      // The next surviving item of its section, else the previous one.
      for item in (old.item + 1)..<max(old.item + 1, oldCounts[section]) {
        if let path = mapping.newIndexPath(forOld: ItemPath(section: section, item: item)) {
          return path
        }
      }
      for item in stride(from: min(old.item, oldCounts[section]) - 1, through: 0, by: -1) {
        if let path = mapping.newIndexPath(forOld: ItemPath(section: section, item: item)) {
          return path
        }
      }
    }
    // Its section kept none of its old items: an item of it, if it has new ones.
    if let kept = mapping.newSection(forOld: section) {
      return CollectionView.nearestItem(in: newCounts, section: kept, item: old.item)
    }
    // Its section went: the first item of the next surviving section on, else the last item.
    for next in (section + 1)..<max(section + 1, oldCounts.count) {
      if let newSection = mapping.newSection(forOld: next) {
        return CollectionView.nearestItem(in: newCounts, section: newSection, item: 0)
      }
    }
    return CollectionView.nearestItem(in: newCounts, section: newCounts.count - 1, item: Int.max)
  }
}

extension FocusController {
  /// Checks that the focus names an existing item and that displayed cells show it.
  /// Compiled in only with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      if let item {
        collectionView.invariant(
          collectionView.isValid(item), "focused item \(item) is out of range")
      }
      collectionView.invariant(
        scrollPadding >= 0 && scrollPadding.isFinite, "focus padding \(scrollPadding)")
      guard !collectionView.pass.displayedViewsAreStale else { return }
      for entry in collectionView.displayedItems.entries {
        collectionView.invariant(
          (entry.view as! CollectionViewCell).isFocused == (entry.attributes.indexPath == item),
          "cell at \(entry.attributes.indexPath) shows the wrong focus state")
      }
    #endif
  }
}

extension FocusController: CollectionViewPart {
  /// An update: the focus follows its item, or passes to a neighbour when it goes. (A reload
  /// keeps it in range when the counts are set.)
  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    if case .update(let mapping, let oldCounts, let newCounts) = change {
      follow(mapping, oldCounts: oldCounts, newCounts: newCounts)
    }
  }
}

extension CollectionView {
  /// Moves the focus to `indexPath` (or clears it) without scrolling: the cells' flags follow.
  func setFocusedItem(_ indexPath: ItemPath?) { focus.setItem(indexPath, in: self) }

  /// The displayed cells' focus flags are set again from the focused item (after an update
  /// remapped them).
  func refreshFocusFlags() { focus.refreshFlags(in: self) }
}
