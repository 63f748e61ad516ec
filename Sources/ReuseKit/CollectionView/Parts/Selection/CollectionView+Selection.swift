extension CollectionView {
  /// Whether taps select items. `true` by default.
  public var allowsSelection: Bool {
    get { selection.allowsSelection }
    set {
      selection.allowsSelection = newValue
      if !newValue { selection.removeAll(in: self) }
    }
  }

  /// Whether several items can be selected at once; a tap then toggles. `false` by default.
  public var allowsMultipleSelection: Bool {
    get { selection.allowsMultipleSelection }
    set {
      selection.allowsMultipleSelection = newValue
      if !newValue { selection.keepOne(in: self) }
    }
  }

  /// Whether a plain tap of the pointer, with multiple selection, replaces the selection as
  /// desktop lists do (GTK, Finder, Explorer): the item tapped alone stays selected, Control
  /// (or Command) toggles it, Shift extends a range. `false` by default: a tap toggles, as
  /// UIKit's does. Keys are unchanged (Space toggles the focused item).
  public var tapsReplaceSelection: Bool {
    get { selection.tapsReplaceSelection }
    set { selection.tapsReplaceSelection = newValue }
  }

  /// The selected items, in ascending order.
  public var indexPathsForSelectedItems: [ItemPath] { selection.items.sorted() }

  /// How many items are selected, without listing them (``indexPathsForSelectedItems`` sorts
  /// every one).
  ///
  /// - Complexity: O(1).
  public var numberOfSelectedItems: Int { selection.items.count }

  /// Whether the delegate's `didSelectItemAt` and `didDeselectItemAt` are telling it, item by
  /// item, about a change made as a range or all at once (a Shift range, Control-A, a deselect
  /// of all), even of one item, not a tap: a delegate that moves the focus to a tapped item
  /// leaves it where it is then. The item a Shift-tap ranged to is told last, as a tap.
  public var isChangingManyItems: Bool { selection.isTellingManyItems }

  /// Whether the item at `indexPath` is selected.
  public func isItemSelected(at indexPath: ItemPath) -> Bool { selection.contains(indexPath) }

  /// Selection the app keeps itself (a table's rows, columns and ranges, held by identity), shown
  /// with the collection view's own: a cell draws selected (``CollectionViewCell/isSelected``,
  /// and for assistive technology) when its item is selected here or the overlay says so. Call
  /// ``selectionOverlayDidChange()`` when its answers change.
  ///
  /// Asked once per cell as it displays, so answer in O(1).
  public var selectionOverlay: ((ItemPath) -> Bool)? {
    get { selection.overlay }
    set {
      selection.overlay = newValue
      selection.overlayDidChange(in: self)
    }
  }

  /// The overlay's answers changed: the displayed cells show them.
  ///
  /// - Complexity: O(k) for k displayed cells.
  public func selectionOverlayDidChange() {
    selection.overlayDidChange(in: self)
    #if REUSEKIT_CHECKS
      selection.checkInvariants(in: self)
    #endif
  }

  /// Selects an item from code, without delegate calls (as UIKit). With single selection, the
  /// previous selection is deselected. `nil` deselects everything.
  ///
  /// Ignored when ``allowsSelection`` is `false`; out-of-range paths are ignored with a
  /// diagnostic.
  public func selectItem(at indexPath: ItemPath?) {
    guard let indexPath else {
      selection.removeAll(in: self)
      return
    }
    guard allowsSelection else { return }
    guard isValid(indexPath) else {
      diagnostics.report(.indexPathOutOfRange, "selectItem(at:): \(indexPath) is out of range")
      return
    }
    if !allowsMultipleSelection {
      for other in selection.items where other != indexPath {
        selection.setSelected(false, at: other, in: self)
      }
    }
    selection.setSelected(true, at: indexPath, in: self)
  }

  /// Deselects an item from code, without delegate calls.
  public func deselectItem(at indexPath: ItemPath) {
    selection.setSelected(false, at: indexPath, in: self)
  }

  /// Selects or deselects the item under `point` as a user tap would, with the delegate's
  /// `should…` and `did…` calls, and the modifiers of the press being interpreted
  /// (``pointerModifiers``: Shift extends a range, Control toggles). Returns the item tapped,
  /// or `nil` over empty space.
  @discardableResult
  public func tap(at point: Point) -> ItemPath? {
    layoutIfNeeded()
    // With a row swiped open, a tap performs the action under it, or closes the row.
    if swipedItem != nil {
      if !performSwipeAction(at: point) { closeSwipeActions(animated: true) }
      return nil
    }
    guard let indexPath = indexPathForDrawnItem(at: point) else { return nil }
    let isStuck = collectionViewLayout.stuckItems(forViewport: bounds).contains {
      $0.indexPath == indexPath
    }
    let modifiers = pointerModifiers
    if tapsReplaceSelection && allowsSelection && allowsMultipleSelection && isValid(indexPath)
      && modifiers.isDisjoint(with: [.shift, .control, .command])
    {
      replaceSelection(with: indexPath)
    } else {
      tapItem(at: indexPath, modifiers: modifiers)
    }
    if isStuck {
      // A stuck header: the list scrolls to it, just under its own stuck parents (those
      // stuck where it lands).
      setFocusedItem(indexPath)
      scrollToItem(at: indexPath, at: .start, animated: true)
    }
    return indexPath
  }

  /// A plain tap with ``tapsReplaceSelection``: every other item deselected (each as the
  /// delegate allows), this one selected and made the anchor.
  private func replaceSelection(with indexPath: ItemPath) {
    selection.anchor = indexPath
    selection.rangeEnd = nil
    if selection.items.hasWholeSections {
      // After select all: the others deselected at once, each asked about and told, without
      // a list of them or an exception kept for each, and told as many items (a delegate
      // that follows single changes, as a host's focus does, moved ten million times: a
      // click froze the gallery for a minute, a new user's finding).
      deselectEveryItem(except: indexPath)
    } else {
      for other in selection.items.sorted() where other != indexPath {
        _ = userSetSelected(false, at: other)
      }
    }
    if selection.contains(indexPath) {
      collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    } else {
      _ = userSetSelected(true, at: indexPath)
    }
  }

  /// Selects or deselects an item as a user tap would: with single selection a tap selects
  /// (deselecting the previous item); with multiple selection it toggles, and with
  /// `modifiers`, as desktop lists do: Shift selects the range from the anchor (the item last
  /// tapped, else the focused one) through this one, replacing the range the previous Shift
  /// tap selected; Control (or Command) toggles. A tap without Shift
  /// makes the item the anchor. The delegate's `shouldSelect`/`shouldDeselect` can refuse,
  /// item by item.
  ///
  /// With single selection, a tap on the item already selected asks `shouldSelect` and tells
  /// `didSelect` again, as UIKit does (a tab bar re-centres its tab, a list opens the row
  /// again); the selection stays as it is.
  public func tapItem(at indexPath: ItemPath, modifiers: KeyModifiers = []) {
    guard allowsSelection, isValid(indexPath) else { return }
    if allowsMultipleSelection && modifiers.contains(.shift) {
      selection.tappedRangeEnd = indexPath
      defer { selection.tappedRangeEnd = nil }
      selectRange(to: indexPath, byUser: true)
      return
    }
    let wasSelected = selection.contains(indexPath)
    if allowsMultipleSelection {
      selection.anchor = indexPath
      selection.rangeEnd = nil
    }
    if allowsMultipleSelection && wasSelected {
      userSetSelected(false, at: indexPath)
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
      for other in selection.items.sorted() {
        selection.setSelected(false, at: other, in: self)
        collectionDelegate?.collectionView(self, didDeselectItemAt: other)
      }
    }
    selection.setSelected(true, at: indexPath, in: self)
    collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
  }
}
