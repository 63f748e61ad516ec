extension CollectionView {
  /// The selected items, in ascending order.
  public var indexPathsForSelectedItems: [ItemPath] { selectedItems.sorted() }

  /// Whether the item at `indexPath` is selected.
  public func isItemSelected(at indexPath: ItemPath) -> Bool { selectedItems.contains(indexPath) }

  /// Selects an item from code, without delegate calls (as UIKit). With single selection, the
  /// previous selection is deselected. `nil` deselects everything.
  ///
  /// Ignored when ``allowsSelection`` is `false`; out-of-range paths are ignored with a
  /// diagnostic.
  public func selectItem(at indexPath: ItemPath?) {
    guard let indexPath else {
      deselectAll()
      return
    }
    guard allowsSelection else { return }
    guard isValid(indexPath) else {
      diagnostics.report(.indexPathOutOfRange, "selectItem(at:): \(indexPath) is out of range")
      return
    }
    if !allowsMultipleSelection {
      for other in selectedItems where other != indexPath { setSelected(false, at: other) }
    }
    setSelected(true, at: indexPath)
  }

  /// Deselects an item from code, without delegate calls.
  public func deselectItem(at indexPath: ItemPath) {
    setSelected(false, at: indexPath)
  }

  /// Selects or deselects the item under `point` as a user tap would, with the delegate's
  /// `should…` and `did…` calls. Returns the item tapped, or `nil` over empty space.
  @discardableResult
  public func tap(at point: Point) -> ItemPath? {
    layoutIfNeeded()
    // With a row swiped open, a tap performs the action under it, or closes the row.
    if swipe != nil {
      if !performSwipeAction(at: point) { closeSwipeActions(animated: true) }
      return nil
    }
    guard let indexPath = collectionViewLayout.indexPathForItem(at: point) else { return nil }
    tapItem(at: indexPath)
    return indexPath
  }

  /// Selects or deselects an item as a user tap would: with single selection a tap selects
  /// (deselecting the previous item); with multiple selection it toggles. The delegate's
  /// `shouldSelect`/`shouldDeselect` can refuse.
  ///
  /// With single selection, a tap on the item already selected asks `shouldSelect` and tells
  /// `didSelect` again, as UIKit does (a tab bar re-centres its tab, a list opens the row
  /// again); the selection stays as it is.
  public func tapItem(at indexPath: ItemPath) {
    guard allowsSelection, isValid(indexPath) else { return }
    let wasSelected = selectedItems.contains(indexPath)
    if allowsMultipleSelection && wasSelected {
      guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else {
        return
      }
      setSelected(false, at: indexPath)
      collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
      return
    }
    if wasSelected {
      collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
      return
    }
    if !allowsMultipleSelection {
      for other in selectedItems.sorted() {
        setSelected(false, at: other)
        collectionDelegate?.collectionView(self, didDeselectItemAt: other)
      }
    }
    setSelected(true, at: indexPath)
    collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
  }

  /// Deselects everything, without delegate calls.
  func deselectAll() {
    for path in selectedItems { setSelected(false, at: path) }
  }

  /// Updates the selection set and the displayed cell, if any.
  func setSelected(_ selected: Bool, at indexPath: ItemPath) {
    if selected {
      selectedItems.insert(indexPath)
    } else {
      selectedItems.remove(indexPath)
    }
    if let cell = cellForItem(at: indexPath), cell.isSelected != selected {
      cell.isSelected = selected
    }
    #if REUSEKIT_CHECKS
      _checkSelectionInvariants()
    #endif
  }
}
