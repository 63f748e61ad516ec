/// A collection view's part in drag and drop (``DragCoordinator``): its delegates, and, while
/// a drag runs, its roles in it. As the source it marks the carried items' cells
/// (``CollectionViewCell/isDragged``) and carries the items through its batch updates; as
/// the target it finds the place under the pointer before each query (O(log n + k)), opens
/// the gap there (items from the place on slide by an item's length in lists and move one slot
/// on in grids and waterfalls, gliding there as for reordering), and autoscrolls near its
/// edges; when the drag leaves it or is cancelled, the gap glides shut. It takes part in
/// passes only while it has a role or a gap is still closing.
final class DragAndDropPart: LayoutPassParticipant {
  @exclusivity(unchecked) weak var coordinator: DragCoordinator?
  /// The coordinator, while this collection view has a role in its drag: a pass reads it
  /// without loading a weak reference. Unowned, as the coordinator holds its drag's views (a
  /// strong reference here would be a cycle); the coordinator clears it before it goes
  /// (``coordinatorWillGo(in:)``).
  @exclusivity(unchecked) private unowned(unsafe) var active: DragCoordinator?
  @exclusivity(unchecked) weak var dragDelegate: (any CollectionViewDragDelegate)?
  @exclusivity(unchecked) weak var dropDelegate: (any CollectionViewDropDelegate)?
  @exclusivity(unchecked) private(set) var isSource = false
  @exclusivity(unchecked) private(set) var isTarget = false
  /// The pointer over the target, in viewport coordinates.
  @exclusivity(unchecked) private var pointer = Point.zero
  /// Whether a pointer at an item's very middle along the scroll axis inserts before it: yes
  /// until it moves forward, and again once it moves back. A terminal's pointer is a cell's
  /// centre, so over one-row items only this decides; coming down onto an item drops after
  /// it and coming up (or in from the side) before it, so the first and the last place of a
  /// full column can both be reached.
  @exclusivity(unchecked) private var middleIsBefore = true
  /// The gap shown: before which item (a path before the drop) and how long.
  @exclusivity(unchecked) private(set) var gap: (insertion: ItemPath, length: Double)?
  /// The drag ends after this pass (the target's delegate said cancel, the source lost every
  /// item).
  @exclusivity(unchecked) var pendingCancel = false
  /// The gap glides shut after the drag left (or was cancelled).
  @exclusivity(unchecked) private(set) var isClosing = false
  /// Whether every presented element has reached its place, and how much of the remaining
  /// distance the next pass keeps (1: none of it covered).
  @exclusivity(unchecked) private var isSettled = true
  @exclusivity(unchecked) private var pendingDecay = 1.0
  /// Per element of the pass's answer: how far the gap wants it from its place, and how far
  /// it is drawn (reused buffers).
  @exclusivity(unchecked) private var targets = MovementTargets()
  @exclusivity(unchecked) private var shownItems: [Point] = []
  @exclusivity(unchecked) private var shownSupplementary: [Point] = []
  @exclusivity(unchecked) private var lastTick: Double?
  var autoscroll = EdgeAutoscroll()
  @exclusivity(unchecked) private var scratch = LayoutElements()
  /// The content size the gap's length was measured in.
  @exclusivity(unchecked) private var measuredFor = Size.zero

  // MARK: Roles

  func becomeSource(in collectionView: CollectionView) {
    isSource = true
    active = coordinator
    collectionView.join(self)
    markDraggedCells(in: collectionView)
  }

  func stopBeingSource(in collectionView: CollectionView) {
    guard isSource else { return }
    isSource = false
    markDraggedCells(in: collectionView)
    leaveIfIdle(collectionView)
  }

  func becomeTarget(pointer: Point, in collectionView: CollectionView) {
    let axis = collectionView.collectionViewLayout.scrollDirection
    if !isTarget {
      middleIsBefore = true
    } else if pointer[axis] != self.pointer[axis] {
      middleIsBefore = pointer[axis] < self.pointer[axis]
    }
    self.pointer = pointer
    if !isTarget {
      isTarget = true
      active = coordinator
      lastTick = nil
      if !isClosing {
        // Every view starts at its place (a closing gap goes on from where it is drawn).
        for set in [collectionView.displayedItems, collectionView.displayedSupplementaryViews] {
          for index in 0..<set.count { set.view(at: index).movementOffset = .zero }
        }
      }
      isClosing = false
      collectionView.join(self)
    }
    collectionView.setNeedsLayout()
  }

  /// The drag left (or ended): the gap glides shut (`animated`), or closes at once (a drop,
  /// whose batch update animates from where everything is drawn).
  func stopBeingTarget(in collectionView: CollectionView, animated: Bool) {
    guard isTarget else { return }
    isTarget = false
    gap = nil
    isClosing = animated && collectionView.interactiveMovementAnimationDuration > 0
    isSettled = !isClosing
    collectionView.setNeedsLayout()
    leaveIfIdle(collectionView)
  }

  /// Whether it moves what the layout answers: a gap open or closing.
  var isPresenting: Bool { isTarget || isClosing }

  /// The coordinator goes away: every role ends at once.
  func coordinatorWillGo(in collectionView: CollectionView) {
    let marked = isSource
    isSource = false
    isTarget = false
    isClosing = false
    gap = nil
    active = nil
    if marked { collectionView.refreshDisplayedCells(\.isDragged) { _ in false } }
    leaveIfIdle(collectionView)
  }

  private func leaveIfIdle(_ collectionView: CollectionView) {
    guard !isSource && !isTarget && !isClosing else { return }
    active = nil
    pendingCancel = false
    lastTick = nil
    collectionView.leave(self)
  }

  /// The displayed cells show whether the drag carries their items.
  private func markDraggedCells(in collectionView: CollectionView) {
    collectionView.refreshDisplayedCells(\.isDragged) { isDragged($0) }
  }

  /// Whether the drag carries the item at `indexPath` out of this collection view.
  private func isDragged(_ indexPath: ItemPath) -> Bool {
    guard isSource, let items = active?.session?.items else { return false }
    var low = 0
    var high = items.count
    while low < high {
      let mid = (low + high) / 2
      if items[mid] < indexPath { low = mid + 1 } else { high = mid }
    }
    return low < items.count && items[low] == indexPath
  }

  // MARK: Following updates

  /// A batch update: the carried items follow theirs; deleted ones leave the drag.
  func follow(_ mapping: ChangesetMapping, in collectionView: CollectionView) {
    guard isSource, let session = coordinator?.session, session.source === collectionView else {
      return
    }
    let items = session.items.compactMap { mapping.newIndexPath(forOld: $0) }.sorted()
    coordinator?.sourceDidUpdate(collectionView, items: items)
  }

  /// A reload: the carried items cannot be followed, so the drag ends (nothing moved yet).
  func dataDidReload(in collectionView: CollectionView) {
    guard isSource else { return }
    coordinator?.cancelDrag()
  }

  // MARK: Taking part in passes

  /// The place under the pointer, the delegate's operation there, and the gap: found among
  /// the pass's own answer when the pointer is over an item (it is in the viewport), else
  /// with a query of its own.
  private func locate(
    among items: [LayoutAttributes], in collectionView: CollectionView,
    _ layout: any CollectionViewLayout
  ) {
    guard isTarget, let coordinator = active else { return }
    let offset = collectionView.contentOffset
    let point = Point(x: pointer.x + offset.x, y: pointer.y + offset.y)
    let insertion =
      collectionView.insertionPlace(at: point, among: items, middleIsBefore: middleIsBefore)
      ?? collectionView.insertionPlace(
        at: point, scratch: &scratch, middleIsBefore: middleIsBefore)
    let shows = coordinator.target(collectionView, locatedInsertion: insertion)
    guard shows, let insertion else {
      gap = nil
      return
    }
    let size = collectionView.contentSize
    if let gap, gap.insertion == insertion, size == measuredFor {
      return  // the same place in the same content: the same length
    }
    measuredFor = size
    gap = (insertion, gapLength(at: insertion, in: collectionView, layout))
  }

  /// query: items sliding down for the gap come from just before the viewport (by the last
  /// gap's length, or the dragged item's before there is one).
  func collectionView(
    _ collectionView: CollectionView, widenQuery rect: inout Rect,
    layout: any CollectionViewLayout
  ) {
    guard isTarget else { return }
    let axis = layout.scrollDirection
    let preview = active?.session?.previewSize[axis] ?? 0
    let length = max(gap?.length ?? 0, preview.isFinite ? preview : 0)
    rect.origin[axis] -= length
    rect.size[axis] += length
  }

  /// present: everything from the gap on glides to make room (or back, while it closes).
  func collectionView(
    _ collectionView: CollectionView, present elements: inout LayoutElements,
    layout: any CollectionViewLayout
  ) {
    guard isPresenting else { return }
    locate(among: elements.items, in: collectionView, layout)
    targets.removeAll()
    let axis = layout.scrollDirection
    let sequential = layout.focusNavigation == .sequential
    let count = gap.map { collectionView.numberOfItems(inSection: $0.insertion.section) } ?? 0
    for element in elements.items {
      var offset = Point.zero
      if let gap {
        let path = element.indexPath
        let at = gap.insertion
        if sequential {
          if path.section > at.section || (path.section == at.section && path.item >= at.item) {
            offset[axis] = gap.length
          }
        } else if path.section == at.section, path.item >= at.item {
          offset = slotOffset(of: element, count: count, layout)
        }
      }
      targets.items.append(offset)
    }
    for element in elements.supplementaryViews {
      var offset = Point.zero
      if let gap, sequential {
        let section = element.indexPath.section
        let at = gap.insertion.section
        if section > at || (section == at && element.supplementaryKind == .footer) {
          offset[axis] = gap.length
        }
      }
      targets.supplementaryViews.append(offset)
    }
    var settled = true
    // Without a duration, everything is at its place at once.
    let animates = collectionView.interactiveMovementAnimationDuration > 0
    let glide = Glide(decay: animates ? pendingDecay : 0, lifted: nil)
    glide.run(
      &elements.items, targets: targets.items, shown: &shownItems,
      from: collectionView.displayedItems, settled: &settled)
    glide.run(
      &elements.supplementaryViews, targets: targets.supplementaryViews,
      shown: &shownSupplementary, from: collectionView.displayedSupplementaryViews,
      settled: &settled)
    pendingDecay = 1
    isSettled = settled
  }

  /// Grids and waterfalls: how far an item from the gap on is from the next item's slot (the
  /// last of the section goes on by the step between the last two).
  private func slotOffset(
    of element: LayoutAttributes, count: Int, _ layout: any CollectionViewLayout
  ) -> Point {
    let path = element.indexPath
    let frame = element.frame
    if path.item + 1 < count,
      let slot = layout.layoutAttributesForItem(
        at: ItemPath(section: path.section, item: path.item + 1))?.frame
    {
      return Point(x: slot.minX - frame.minX, y: slot.minY - frame.minY)
    }
    if path.item > 0,
      let previous = layout.layoutAttributesForItem(
        at: ItemPath(section: path.section, item: path.item - 1))?.frame
    {
      return Point(x: frame.minX - previous.minX, y: frame.minY - previous.minY)
    }
    return .zero
  }

  /// reconcile: each displayed view keeps the offset it is drawn with.
  func collectionViewDidReconcile(_ collectionView: CollectionView) {
    guard isPresenting else { return }
    collectionView.displayedItems.setMovementOffsets(shownItems)
    collectionView.displayedSupplementaryViews.setMovementOffsets(shownSupplementary)
  }

  /// reconcile: entering cells of carried items show it.
  func collectionView(
    _ collectionView: CollectionView, didDisplay view: ReusableView,
    _ attributes: LayoutAttributes
  ) {
    guard isSource, attributes.category == .cell, isDragged(attributes.indexPath) else { return }
    (view as? CollectionViewCell)?.isDragged = true
  }

  /// notify: a cancel the delegate or an update asked for.
  func collectionViewDidFinishPass(_ collectionView: CollectionView) {
    guard pendingCancel else { return }
    pendingCancel = false
    coordinator?.cancelDrag()
  }

  /// How long the gap at `insertion` is: an item's length there with the spacing after it.
  private func gapLength(
    at insertion: ItemPath, in collectionView: CollectionView, _ layout: any CollectionViewLayout
  ) -> Double {
    let axis = layout.scrollDirection
    let count = collectionView.numberOfItems(inSection: insertion.section)
    let near = ItemPath(section: insertion.section, item: min(insertion.item, count - 1))
    if count > 0, let frame = layout.layoutAttributesForItem(at: near)?.frame, frame.isFinite {
      var length = frame.length(axis)
      let next = ItemPath(section: near.section, item: near.item + 1)
      if near.item + 1 < count, let after = layout.layoutAttributesForItem(at: next)?.frame,
        after.min(axis) >= frame.max(axis)
      {
        length = after.min(axis) - frame.min(axis)
      }
      return max(0, length)
    }
    let preview = coordinator?.session?.previewSize[axis] ?? 0
    return preview.isFinite ? max(0, preview) : 0
  }

  // MARK: Time

  /// How fast the target scrolls by itself with the pointer near its edges.
  func autoscrollVelocity(in collectionView: CollectionView) -> Double {
    guard isTarget else { return 0 }
    let axis = collectionView.collectionViewLayout.scrollDirection
    return autoscroll.velocity(
      leading: pointer[axis], trailing: pointer[axis], axis: axis, in: collectionView)
  }

  /// Whether it needs the host's ticks: the gap glides, or the target autoscrolls.
  func needsTicks(in collectionView: CollectionView) -> Bool {
    (isPresenting && !isSettled) || autoscrollVelocity(in: collectionView) != 0
  }

  /// One tick: the glide advances by the time since the last one, the target autoscrolls, and
  /// a pass presents the result; a gap that has closed stops taking part.
  func advance(to time: Double, in collectionView: CollectionView) {
    guard isPresenting else { return }
    let elapsed = lastTick.map { min(max(0, time - $0), 0.1) } ?? 0
    lastTick = time
    let duration = collectionView.interactiveMovementAnimationDuration
    pendingDecay = duration > 0 ? exponential(-3 * elapsed / duration) : 0
    autoscroll.scroll(
      collectionView, axis: collectionView.collectionViewLayout.scrollDirection,
      velocity: autoscrollVelocity(in: collectionView), elapsed: elapsed)
    collectionView.setNeedsLayout()
    collectionView.layoutIfNeeded()
    if isClosing && isSettled {
      isClosing = false
      leaveIfIdle(collectionView)
      collectionView.layoutIfNeeded()
    }
    if !needsTicks(in: collectionView) { lastTick = nil }
  }
}

extension DragAndDropPart {
  /// Checks that a role goes with a drag of the coordinator's, and that the gap is in range.
  /// Compiled in only with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      if isSource {
        collectionView.invariant(
          coordinator?.session?.source === collectionView, "a drag source without its drag")
        for path in coordinator?.session?.items ?? [] {
          collectionView.invariant(
            collectionView.isValid(path), "dragged item \(path) out of range")
        }
      }
      if let gap {
        collectionView.invariant(isTarget, "a drop gap outside a drag")
        collectionView.invariant(gap.length.isFinite && gap.length >= 0, "gap length not finite")
      }
      collectionView.invariant(
        isSource || isPresenting || !collectionView.participants.contains { $0 === self },
        "drag and drop takes part in passes without a role")
    #endif
  }
}

extension DragAndDropPart: CollectionViewPart {
  /// A reload ends a drag from here; an update's carried items follow theirs.
  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    switch change {
    case .reload: dataDidReload(in: view)
    case .update(let mapping, _, _): follow(mapping, in: view)
    }
  }

  func presentsElsewhere(in view: CollectionView) -> Bool { isPresenting }
}
