/// What keeps its place on screen while an item changes size
/// (``CollectionView/invalidateSize(ofItemAt:animated:anchor:)``).
public enum SizeChangeAnchor: Hashable, Sendable {
  /// The item's leading edge (its top in a vertical list) stays where it is on screen, and what
  /// follows it moves: the item stays where the user is looking, also when it is partly above
  /// the top. An item wholly above the top (scrolled past) moves what precedes it instead, so
  /// that what is on screen stays; and while the view rests at its end with the focus on the
  /// last item (End pressed), every item's change keeps the end where it is. The default.
  case leadingEdge
  /// The item's trailing edge stays, and what precedes it moves (a row that grows upward at
  /// the bottom of a chat).
  case trailingEdge
}

/// Items changing size in place, animated on the host's clock: each tick hands the layout the
/// next length (easing out) and tells the cell it was measured at it, so the measure phase
/// leaves it to the animation; the anchor keeps its place through the one event for content
/// moved under the viewport.
final class SizeChangeAnimator {
  struct Change {
    let indexPath: ItemPath
    let from: Double
    let to: Double
    let anchor: SizeChangeAnchor
    /// Set by the first tick.
    var start: Double?
  }

  /// The changes running, one per item.
  @exclusivity(unchecked) private(set) var changes: [Change] = []
  /// How long a change takes, in seconds (0: at once).
  var duration = 0.25

  var isAnimating: Bool { !changes.isEmpty }

  /// Starts (or restarts, from where it is drawn) a change of `indexPath`'s length.
  func begin(_ change: Change) {
    end(change.indexPath)
    changes.append(change)
  }

  /// Ends the change of `indexPath`'s length, if one runs, where it is drawn now.
  func end(_ indexPath: ItemPath) {
    changes.removeAll { $0.indexPath == indexPath }
  }

  /// One tick: every change takes its next length; finished ones end.
  func advance(to time: Double, in collectionView: CollectionView) {
    guard !changes.isEmpty else { return }
    var index = 0
    while index < changes.count {
      var change = changes[index]
      if change.start == nil { change.start = time }
      let progress = duration > 0 ? min(1, max(0, (time - change.start!) / duration)) : 1
      let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress)
      let length = progress >= 1 ? change.to : change.from + (change.to - change.from) * eased
      collectionView.setLength(length, ofItemAt: change.indexPath, anchor: change.anchor)
      if progress >= 1 {
        changes.remove(at: index)
      } else {
        changes[index] = change
        index += 1
      }
    }
    collectionView.layoutIfNeeded()
  }

  /// A batch update: the changes follow their items; deleted ones end.
  func follow(_ mapping: ChangesetMapping) {
    guard !changes.isEmpty else { return }
    changes = changes.compactMap { change in
      mapping.newIndexPath(forOld: change.indexPath).map {
        Change(
          indexPath: $0, from: change.from, to: change.to, anchor: change.anchor,
          start: change.start)
      }
    }
  }

  /// A reload: items are measured again as they show; the changes end.
  func dataDidReload() { changes.removeAll() }

  /// Checks that every change names an item in range with finite lengths. Compiled in only
  /// with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      for change in changes {
        collectionView.invariant(
          collectionView.isValid(change.indexPath),
          "size change at \(change.indexPath) out of range")
        collectionView.invariant(
          change.from.isFinite && change.to.isFinite, "size change lengths not finite")
      }
    #endif
  }
}

extension CollectionView {
  // MARK: Cells that grow in place

  /// The content of the item at `indexPath` changed size (a row that expands to show its
  /// details): it is measured again (the delegate's `preferredSizeForItemAt`, else its cell's
  /// ``ReusableView/preferredLayoutSize(fitting:)``), and it grows or shrinks to the new length
  /// over ``sizeChangeAnimationDuration`` on the host's clock (at once without `animated`),
  /// with `anchor` keeping its place on screen: by default the item's leading edge, so nothing
  /// before it moves, also when it is partly above the top; only the item and what follows it
  /// move. Items elsewhere keep their estimated or measured sizes.
  ///
  /// For layouts that measure their items (estimated sizes). An item not on screen is measured
  /// again when it shows; layouts that compute sizes themselves are invalidated from the item
  /// instead. Out-of-range paths are ignored, with a diagnostic.
  ///
  /// - Complexity: O(log n) a tick per change, plus the pass.
  public func invalidateSize(
    ofItemAt indexPath: ItemPath, animated: Bool = true, anchor: SizeChangeAnchor = .leadingEdge
  ) {
    layoutIfNeeded()
    guard isValid(indexPath) else {
      diagnostics.report(
        .indexPathOutOfRange, "invalidateSize(ofItemAt:): \(indexPath) is out of range")
      return
    }
    let layout = collectionViewLayout
    guard layout.wantsSelfSizing else {
      layout.invalidateLayout(from: indexPath)
      setNeedsLayout()
      return
    }
    let axis = layout.scrollDirection
    guard let cell = cellForItem(at: indexPath),
      let frame = layout.layoutAttributesForItem(at: indexPath)?.frame
    else { return }  // measured when it shows
    let fitting = frame.size
    let wanted =
      collectionDelegate?.collectionView(self, preferredSizeForItemAt: indexPath, fitting: fitting)
      ?? cell.preferredLayoutSize(fitting: fitting)
    guard let wanted, wanted[axis].isFinite, wanted[axis] >= 0 else { return }
    let from = frame.length(axis)
    let sizes = sizes
    guard wanted[axis] != from else {
      // Back to where it is drawn before a change toward another length has begun (Enter
      // twice before a frame): that change ends, or the item would grow to a size its
      // content left.
      sizes.end(indexPath)
      return
    }
    guard animated, sizes.duration > 0 else {
      // At once: a change still under way for the item ends here, or its next frames took
      // the item back toward the length it was heading for (Enter three times fast on the
      // list's last row left it open with no room for its details: a new user's finding).
      sizes.end(indexPath)
      setLength(wanted[axis], ofItemAt: indexPath, anchor: anchor)
      layoutIfNeeded()
      return
    }
    sizes.begin(
      SizeChangeAnimator.Change(indexPath: indexPath, from: from, to: wanted[axis], anchor: anchor))
    setNeedsLayout()
  }

  /// How long an item takes to grow or shrink to its new size
  /// (``invalidateSize(ofItemAt:animated:anchor:)``), in seconds on the host's clock (easing
  /// out). 0 changes sizes at once; negative or NaN values count as 0. 0.25 by default.
  public var sizeChangeAnimationDuration: Double {
    get { sizes.duration }
    set { sizes.duration = newValue >= 0 && newValue.isFinite ? newValue : 0 }
  }

  /// Hands the layout `length` for the item, keeps `anchor` in its place on screen, and tells
  /// the item's cell it was measured at it (the measure phase leaves it alone).
  func setLength(_ length: Double, ofItemAt indexPath: ItemPath, anchor: SizeChangeAnchor) {
    let layout = collectionViewLayout
    let axis = layout.scrollDirection
    guard isValid(indexPath), let frame = layout.layoutAttributesForItem(at: indexPath)?.frame
    else { return }
    var size = frame.size
    size[axis] = length
    // The view rests at its end with the cursor on the last item (End was pressed): the end
    // stays the end while rows change size (End pressed while a row near the end grew left
    // the last rows below the screen: a new user's finding).
    let keepsEnd =
      !isTracking && contentOffset[axis] >= maximumContentOffset[axis] - 0.5
      && contentOffset[axis] > minimumContentOffset[axis] && focusIsOnLastItem
    guard layout.setMeasuredSize(size, forItemAt: indexPath) else { return }
    let now = layout.layoutAttributesForItem(at: indexPath)?.frame.length(axis) ?? length
    cellForItem(at: indexPath)?.measuredLength = now
    contentSize = layout.contentSize
    // An item wholly before the viewport (scrolled past): what is on screen keeps its place,
    // whatever the anchor. Its leading edge kept, the rows on screen moved instead: End
    // pressed while a row above grew left the last rows below the screen, and while one
    // shrank a blank strip past the end (a new user's finding).
    if anchor == .trailingEdge || frame.max(axis) <= contentOffset[axis] || keepsEnd {
      var delta = Point.zero
      delta[axis] = now - frame.length(axis)
      moveContent(by: delta)
    }
    setNeedsLayout()
  }
}

extension CollectionView {
  /// Whether the focused item is the last item of the collection (sections after it empty).
  fileprivate var focusIsOnLastItem: Bool {
    guard let focused = focusedIndexPath else { return false }
    guard focused.item == numberOfItems(inSection: focused.section) - 1 else { return false }
    return ((focused.section + 1)..<max(focused.section + 1, numberOfSections)).allSatisfy {
      numberOfItems(inSection: $0) == 0
    }
  }
}

extension SizeChangeAnimator: CollectionViewPart {
  /// A reload drops every change in flight; an update's follow their items.
  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    switch change {
    case .reload: dataDidReload()
    case .update(let mapping, _, _): follow(mapping)
    }
  }
}
