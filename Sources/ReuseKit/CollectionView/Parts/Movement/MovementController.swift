/// The interactive-movement part of a collection view (UIKit's interactive movement,
/// RecyclerView's `ItemTouchHelper`): the item the user lifted, where it would land, and how
/// the others make room. It takes part in passes while an item moves (query, present,
/// reconcile), and needs the host's ticks while something glides or the content autoscrolls.
final class MovementController: LayoutPassParticipant {
  /// The item being moved, or `nil`.
  @exclusivity(unchecked) private(set) var state: InteractiveMovement?
  /// Per element of the pass's answer: where the movement wants it drawn from its place, and
  /// where it is drawn (reused buffers).
  @exclusivity(unchecked) var targets = MovementTargets()
  @exclusivity(unchecked) var shownItems: [Point] = []
  @exclusivity(unchecked) var shownSupplementary: [Point] = []
  /// The lifted item's cell, told it is lifted. Held strongly until the movement ends or
  /// another cell shows the item: a weak reference would give the cell a side table, and
  /// every retain and release of it, in every pass for the rest of its life, the slow way.
  @exclusivity(unchecked) var liftedCell: CollectionViewCell?
  /// How long the others take to glide aside, and everything to glide back after a cancel.
  var animationDuration = 0.2
  /// How the content scrolls by itself while the lifted item is near an edge.
  var autoscroll = EdgeAutoscroll()

  /// Whether an item is moving (or gliding home).
  var isActive: Bool { state != nil }

  // MARK: Lifecycle

  /// Starts moving `movement`'s item: every view shows its place, and the part takes part in
  /// passes.
  func begin(_ movement: InteractiveMovement, in collectionView: CollectionView) {
    for set in [collectionView.displayedItems, collectionView.displayedSupplementaryViews] {
      for index in 0..<set.count { set.view(at: index).movementOffset = .zero }
    }
    state = movement
    collectionView.join(self)
  }

  /// Changes the movement's state (the pointer moved, the target changed).
  func update(_ body: (inout InteractiveMovement) -> Void) {
    guard var movement = state else { return }
    body(&movement)
    state = movement
  }

  /// Ends the movement at once: the next pass shows the layout's places.
  func finish(in collectionView: CollectionView) {
    guard state != nil else { return }
    state = nil
    liftedCell?.isLifted = false
    liftedCell?.setNeedsDisplay()
    liftedCell = nil
    collectionView.leave(self)
  }

  /// A reload, an update from elsewhere or a new layout ends a movement at once, without a
  /// move: the data it was made over has gone.
  func abandon(in collectionView: CollectionView) {
    finish(in: collectionView)
  }

  // MARK: Taking part in passes

  /// query: the lifted item's size and the target under it, then the rect widened by the
  /// slide (items sliding aside come from just out of view).
  func collectionView(
    _ collectionView: CollectionView, widenQuery rect: inout Rect,
    layout: any CollectionViewLayout
  ) {
    prepare(in: collectionView, layout)
    guard let movement = state, movement.style == .shift else { return }
    rect.origin[movement.axis] -= movement.shift
    rect.size[movement.axis] += 2 * movement.shift
  }

  /// present: the answer moved as the movement shows it.
  func collectionView(
    _ collectionView: CollectionView, present elements: inout LayoutElements,
    layout: any CollectionViewLayout
  ) {
    guard var movement = state else { return }
    present(&movement, &elements, in: collectionView, layout: layout)
    state = movement
  }

  /// reconcile: each displayed view keeps the offset it is drawn with, and the lifted item's
  /// cell knows it is lifted.
  func collectionViewDidReconcile(_ collectionView: CollectionView) {
    noteOffsets(in: collectionView)
    noteLiftedCell(in: collectionView)
  }

  /// Before a query: the lifted item's size from the layout, and the target under it.
  private func prepare(in collectionView: CollectionView, _ layout: any CollectionViewLayout) {
    guard var movement = state else { return }
    guard collectionView.isValid(movement.source) else { return finish(in: collectionView) }
    if let base = layout.layoutAttributesForItem(at: movement.source)?.frame, base.isFinite {
      movement.size = base.size
      movement.home = base
      movement.shift = base.length(movement.axis) + movement.spacing
    }
    if !movement.isReturning { collectionView.retarget(&movement, layout) }
    state = movement
  }

  /// After the reconcile, each displayed view keeps the offset it is drawn with.
  private func noteOffsets(in collectionView: CollectionView) {
    collectionView.displayedItems.setMovementOffsets(shownItems)
    collectionView.displayedSupplementaryViews.setMovementOffsets(shownSupplementary)
  }

  /// After a pass: the lifted item's cell knows it is lifted.
  private func noteLiftedCell(in collectionView: CollectionView) {
    guard let movement = state else { return }
    var cell: CollectionViewCell?
    if !movement.isReturning {
      cell = collectionView.cellForItem(at: movement.source)
    }
    if liftedCell !== cell {
      liftedCell?.isLifted = false
      liftedCell?.setNeedsDisplay()
      cell?.isLifted = true
      cell?.setNeedsDisplay()
      liftedCell = cell
    }
  }

  // MARK: Time

  /// How fast the content scrolls by itself while the lifted item is near an edge, in points
  /// per second along the scroll axis (negative toward the start); 0 elsewhere, or where the
  /// content cannot scroll further.
  func autoscrollVelocity(in collectionView: CollectionView) -> Double {
    guard let movement = state, !movement.isReturning, movement.hasMoved else { return 0 }
    let axis = movement.axis
    let half = movement.size[axis] / 2
    return autoscroll.velocity(
      leading: movement.center[axis] - half, trailing: movement.center[axis] + half, axis: axis,
      in: collectionView)
  }

  /// Whether the movement needs the host's ticks: something glides, or the content
  /// autoscrolls.
  func needsTicks(in collectionView: CollectionView) -> Bool {
    guard let movement = state else { return false }
    return !movement.isSettled || movement.isReturning
      || autoscrollVelocity(in: collectionView) != 0
  }

  /// One tick: the glide advances by the time since the last one, the content autoscrolls,
  /// and a pass presents the result.
  func advance(to time: Double, in collectionView: CollectionView) {
    guard var movement = state else { return }
    let elapsed = movement.lastTick.map { min(max(0, time - $0), 0.1) } ?? 0
    movement.lastTick = time
    let velocity = autoscrollVelocity(in: collectionView)
    // While the content autoscrolls the target passes an item every few frames, and items
    // gliding after it trailed a blank row far behind the lifted one (a new user's finding):
    // then they take their places at once, as the content scrolls under them anyway.
    movement.pendingDecay =
      animationDuration > 0 && velocity == 0 ? exponential(-3 * elapsed / animationDuration) : 0
    state = movement
    autoscroll.scroll(collectionView, axis: movement.axis, velocity: velocity, elapsed: elapsed)
    collectionView.setNeedsLayout()
    collectionView.layoutIfNeeded()
    guard let after = state else { return }
    if after.isReturning && after.isSettled {
      finish(in: collectionView)
      collectionView.layoutIfNeeded()
    } else if !needsTicks(in: collectionView) {
      state?.lastTick = nil  // the next glide starts from its first tick
    }
  }
}

extension MovementController {
  /// Checks that the movement names an item in range and that its buffers match the displayed
  /// sets after a pass. Compiled in only with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      guard let movement = state else {
        collectionView.invariant(liftedCell == nil, "a cell is lifted without a movement")
        return
      }
      collectionView.invariant(
        collectionView.participants.contains { $0 === self },
        "a movement runs without taking part in passes")
      collectionView.invariant(
        collectionView.isValid(movement.source), "moving item \(movement.source) out of range")
      collectionView.invariant(
        movement.center.isFinite && movement.pendingDecay.isFinite, "movement state not finite")
    #endif
  }
}

extension MovementController: CollectionViewPart {
  /// Any change of the data ends a movement at once, without a move.
  func dataWillChange(reloading: Bool, in view: CollectionView) { abandon(in: view) }

  func layoutWillChange(in view: CollectionView) { abandon(in: view) }

  func presentsElsewhere(in view: CollectionView) -> Bool { isActive }
}
