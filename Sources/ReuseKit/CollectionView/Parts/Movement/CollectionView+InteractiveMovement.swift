extension CollectionView {
  // MARK: Interactive movement (reordering)

  /// The item the user is moving (``beginInteractiveMovementForItem(at:)``), at its path
  /// before the drop; `nil` when none is.
  public var interactivelyMovingItem: ItemPath? {
    movement.state.flatMap { $0.isReturning ? nil : $0.source }
  }

  /// Where the moving item lands if it is dropped now: its path after the move. It equals
  /// ``interactivelyMovingItem`` while the item is over its own place.
  public var interactiveMovementTarget: ItemPath? {
    guard movement.state?.isReturning == false else { return nil }
    layoutIfNeeded()  // the pointer's last move is looked up in the next pass
    return movement.state.flatMap { $0.isReturning ? nil : $0.target }
  }

  /// Lifts the item at `indexPath` so the user can move it, as UIKit's method of the same
  /// name: the host calls it when its gesture decides (a long press, a press on a grip), then
  /// ``updateInteractiveMovementTargetPosition(_:)`` as the pointer moves, and
  /// ``endInteractiveMovement()`` or ``cancelInteractiveMovement()`` when it lifts.
  ///
  /// While it moves, the item is drawn at the pointer above everything (its cell's
  /// ``CollectionViewCell/isLifted`` is `true`), the items between its place and the target
  /// glide aside to make room, and near an edge of the viewport the content scrolls by
  /// itself, faster the closer the item gets (see ``interactiveMovementAutoscrollZone``).
  /// The data does not change until the drop.
  ///
  /// The touch that lifted the item stops scrolling: a drag or deceleration in progress ends
  /// where it is.
  ///
  /// - Returns: `false` (and nothing lifts) when the path is out of range (with a
  ///   diagnostic), the data source's `canMoveItemAt` says no (its default), or another item
  ///   is moving.
  /// - Complexity: O(log n).
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: ItemPath) -> Bool {
    if let moving = movement.state {
      guard moving.isReturning else { return false }
      movement.finish(in: self)
    }
    guard !isInPass, !isCollectingUpdates else {
      diagnostics.report(
        .reentrantUpdate, "beginInteractiveMovementForItem(at:) during an update; ignored")
      return false
    }
    layoutIfNeeded()
    guard isValid(indexPath) else {
      diagnostics.report(
        .indexPathOutOfRange, "beginInteractiveMovementForItem(at:): \(indexPath) is out of range")
      return false
    }
    let layout = collectionViewLayout
    guard let dataSource, dataSource.collectionView(self, canMoveItemAt: indexPath),
      let frame = layout.layoutAttributesForItem(at: indexPath)?.frame, frame.isFinite
    else { return false }
    closeSwipeActions(animated: false)
    abandonTouch()
    let axis = layout.scrollDirection
    let center = Point(x: frame.midX - contentOffset.x, y: frame.midY - contentOffset.y)
    var lifted = InteractiveMovement(
      source: indexPath, style: layout.focusNavigation == .sequential ? .shift : .slots,
      axis: axis, center: center)
    lifted.home = frame
    lifted.sourceSteers = dataSource is any MoveTargetSteering
    // The spacing that goes with the item: the gap to its neighbour in its section.
    let next = ItemPath(section: indexPath.section, item: indexPath.item + 1)
    let previous = ItemPath(section: indexPath.section, item: indexPath.item - 1)
    if isValid(next), let after = layout.layoutAttributesForItem(at: next)?.frame {
      lifted.spacing = max(0, after.min(axis) - frame.max(axis))
    } else if isValid(previous), let before = layout.layoutAttributesForItem(at: previous)?.frame {
      lifted.spacing = max(0, frame.min(axis) - before.max(axis))
    }
    if !lifted.spacing.isFinite { lifted.spacing = 0 }
    movement.begin(lifted, in: self)
    layoutIfNeeded()
    return true
  }

  /// The moving item's centre is now at `position` (content coordinates, as UIKit's): it
  /// follows, and the target under it is looked up in O(log n). In lists it stays on its
  /// column and follows the scroll axis only. Non-finite positions are ignored, with a
  /// diagnostic.
  ///
  /// Like a content offset change, it takes effect at the next layout pass (the host's tick
  /// or draw runs it), so several pointer events in one frame cost one pass.
  public func updateInteractiveMovementTargetPosition(_ position: Point) {
    guard let moving = movement.state, !moving.isReturning else { return }
    guard position.isFinite else {
      diagnostics.report(
        .invalidMetric, "updateInteractiveMovementTargetPosition: \(position) is not finite")
      return
    }
    let center = Point(x: position.x - contentOffset.x, y: position.y - contentOffset.y)
    guard center != moving.center else { return }
    movement.update {
      $0.center = center
      $0.hasMoved = true
    }
    setNeedsLayout()
  }

  /// Drops the moving item on its target: the data source's
  /// `collectionView(_:moveItemAt:to:)` moves it in the data, and the collection view
  /// performs the move as one animated batch update, from where everything is drawn. Dropped
  /// on its own place, it glides back as on a cancel.
  public func endInteractiveMovement() {
    guard movement.state?.isReturning == false else { return }
    layoutIfNeeded()
    guard let moving = movement.state, moving.target != moving.source, let dataSource
    else { return returnMovingItem() }
    movement.finish(in: self)
    if isAnnouncing {
      let sameSection = moving.source.section == moving.target.section
      let size = counts.numberOfItems(inSection: moving.target.section) + (sameSection ? 0 : 1)
      replaceNextAnnouncement(
        with: "moved to position \((moving.target.item + 1).grouped) of \(size.grouped)")
    }
    performBatchUpdates(animated: true) {
      dataSource.collectionView(self, moveItemAt: moving.source, to: moving.target)
      moveItem(at: moving.source, to: moving.target)
    }
  }

  /// Puts everything back: the item glides to its place, the others to theirs, and the data
  /// source hears nothing. A place the drag scrolled out of view scrolls back (as little as
  /// shows it), so the item is seen landing there.
  public func cancelInteractiveMovement() {
    guard let state = movement.state, !state.isReturning else { return }
    returnMovingItem()
    guard isValid(state.source), let home = layoutAttributesForItem(at: state.source)?.frame
    else { return }
    // The cursor's item comes back into view as a focus move shows it, clear of the edges by
    // the focus padding (a drag that scrolled away and was cancelled left it under the pinned
    // header: a new user's finding); another item only when it is wholly out of view.
    let axis = collectionViewLayout.scrollDirection
    let padding = min(focusScrollPadding, max(0, (viewportSize[axis] - home.length(axis)) / 2))
    if focus.item == state.source {
      if home.min(axis) < bounds.min(axis) + padding || home.max(axis) > bounds.max(axis) - padding
      {
        scrollFocusedItemIntoView(animated: true)
      }
    } else if !home.intersects(bounds) {
      scrollToItem(at: state.source, at: .nearest, animated: true)
    }
  }

  // MARK: Internal

  /// Starts the glide home; the movement ends when everything has arrived.
  private func returnMovingItem() {
    guard movement.isActive else { return }
    movement.update {
      $0.isReturning = true
      $0.target = $0.source
      $0.isSettled = false
    }
    setNeedsLayout()
    layoutIfNeeded()
    if interactiveMovementAnimationDuration == 0 {
      movement.finish(in: self)
    }
  }

  /// The target under the lifted item's centre: the item place there, or the start (end) of
  /// the section whose header (footer) is there; elsewhere it keeps the last one.
  func retarget(_ movement: inout InteractiveMovement, _ layout: any CollectionViewLayout) {
    let axis = movement.axis
    var probe = Point(
      x: movement.center.x + contentOffset.x, y: movement.center.y + contentOffset.y)
    if movement.style == .shift { probe[axis.cross] = movement.home.mid(axis.cross) }
    var proposed: ItemPath?
    if let slot = layout.indexPathForItem(at: probe), isValid(slot) {
      proposed = movementTarget(forSlot: slot, source: movement.source)
      // At a section's edge in another section, the half of the slot decides the side: the
      // lower half of a section's last item is its end (reached dragging up), the upper half
      // of its first item its start (reached dragging down).
      // (Strictly: at the very middle, as in a terminal's one-row items, the item's own rule
      // holds, and the header between the sections gives the other side.)
      if slot.section != movement.source.section,
        let frame = layout.layoutAttributesForItem(at: slot)?.frame
      {
        if slot < movement.source, probe[axis] > frame.mid(axis),
          slot.item == numberOfItems(inSection: slot.section) - 1
        {
          proposed = ItemPath(section: slot.section, item: slot.item + 1)
        } else if slot > movement.source, probe[axis] < frame.mid(axis), slot.item == 0 {
          proposed = slot
        }
      }
    } else {
      // Headers and footers in view, at their places in the layout (as the items' slots).
      for index in 0..<displayedSupplementaryViews.count {
        let element = displayedSupplementaryViews.attributes[index]
        let section = element.indexPath.section
        guard let kind = element.supplementaryKind,
          layout.layoutAttributesForSupplementaryView(ofKind: kind, inSection: section)?.frame
            .contains(probe) == true
        else { continue }
        if kind == .header {
          // Dragged down onto a header: the start of its section. Dragged up onto it (from
          // its section or a later one): the end of the section before, which has no other
          // place between the two when there is no footer.
          if movement.source.section >= section && section > 0 {
            proposed = ItemPath(
              section: section - 1,
              item: max(0, movementPlaces(inSection: section - 1, source: movement.source) - 1))
          } else {
            proposed = ItemPath(section: section, item: 0)
          }
        } else if kind == .footer {
          proposed = ItemPath(
            section: section,
            item: max(0, movementPlaces(inSection: section, source: movement.source) - 1))
        }
      }
    }
    guard var target = proposed, isMovementTarget(target, source: movement.source) else { return }
    // A data source that keeps moves within groups of its own (a declared `ForEach`) steers
    // first; the delegate has the last word.
    if movement.sourceSteers, let steering = dataSource as? any MoveTargetSteering {
      let answer = steering.collectionView(
        self, targetIndexPathForMoveOfItemFrom: movement.source, toProposedIndexPath: target)
      if isMovementTarget(answer, source: movement.source) { target = answer }
    }
    if let delegate = collectionDelegate {
      let answer = delegate.collectionView(
        self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.source,
        atCurrentIndexPath: movement.target, toProposedIndexPath: target)
      if isMovementTarget(answer, source: movement.source) {
        target = answer
      } else {
        diagnostics.report(
          .indexPathOutOfRange,
          "targetIndexPathForMoveOfItemFromOriginalIndexPath returned \(answer), not a place "
            + "the item can land; using \(target)")
      }
    }
    if target != movement.target {
      movement.target = target
      movement.isSettled = false
    }
  }
}

extension CollectionView {
  /// How long the other items take to glide aside while an item is moved, and everything to
  /// glide back after a cancel, in seconds on the host's clock (they cover 95 % of the way
  /// in this time, easing out). 0 moves them at once. Negative or NaN values count as 0.
  public var interactiveMovementAnimationDuration: Double {
    get { movement.animationDuration }
    set { movement.animationDuration = newValue >= 0 && newValue.isFinite ? newValue : 0 }
  }

  /// How near an edge of the viewport a moving item starts the content scrolling by itself,
  /// as a fraction of the viewport's length along the scroll axis (at least 1 point). 0.15 by
  /// default.
  public var interactiveMovementAutoscrollZone: Double {
    get { movement.autoscroll.zone }
    set { movement.autoscroll.zone = newValue >= 0 && newValue.isFinite ? newValue : 0 }
  }

  /// How fast that autoscroll goes with the item at the very edge, in viewport lengths per
  /// second; it grows with the square of the closeness across the zone. 2 by default.
  public var interactiveMovementAutoscrollSpeed: Double {
    get { movement.autoscroll.speed }
    set { movement.autoscroll.speed = newValue >= 0 && newValue.isFinite ? newValue : 0 }
  }
}

extension CollectionView {
  /// Whether an item moves, or glides back to its place.
  var isMovingItem: Bool { movement.isActive }
}

/// A data source whose items may only move to some places (a declared `ForEach`'s items stay
/// among themselves): the collection view asks it where a moving item may land, before the
/// delegate's ``CollectionViewDelegate/collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)``.
public protocol MoveTargetSteering: AnyObject {
  /// Where the item from `sourceIndexPath` may land, given the place under the pointer
  /// (`proposedIndexPath`, a path after the move). An answer that is not a place the item can
  /// take is ignored.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFrom sourceIndexPath: ItemPath,
    toProposedIndexPath proposedIndexPath: ItemPath
  ) -> ItemPath
}
