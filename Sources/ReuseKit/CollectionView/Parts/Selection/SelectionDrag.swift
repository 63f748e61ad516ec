/// How a drag over the content selects (``CollectionView/selectionDragStyle``).
public enum SelectionDragStyle: Hashable, Sendable {
  /// A rectangle from the press to the pointer: every item it meets is selected (grids,
  /// waterfalls; a desktop's rubber band). Without modifiers it replaces the selection; with
  /// Shift it adds to it; with Control (or Command) it toggles what it meets.
  case box
  /// A slide along a list (Android's and Photos' drag-select, a checkbox column): every item
  /// from the pressed one to the one under the pointer, in item order. It selects, or
  /// deselects when it starts on a selected item.
  case slide
}

/// The drag-selection part of the selection: a box or a slide that selects what it covers as
/// the pointer moves, scrolling by itself near the edges. It takes part in passes while it
/// runs: after each pass (the pointer moved, the content scrolled or changed under it) it asks
/// the layout for what the drag covers, O(log n + k), and changes only the items that entered
/// or left the cover since the last pass.
final class SelectionDrag: LayoutPassParticipant {
  /// Decides whether a press on the content drags a selection, and how
  /// (``CollectionView/selectionDragStyle``).
  var style: ((ItemPath?, Point, KeyModifiers) -> SelectionDragStyle?)?
  /// What a running drag does to the items it covers.
  enum Effect { case select, deselect, toggle }

  struct State {
    /// The drag's style, what it does to what it covers, and whether the items selected
    /// before it stay selected outside it.
    let rule: (style: SelectionDragStyle, effect: Effect, keepsBase: Bool)
    /// Where the press went down, in content coordinates (it moves with the content), and the
    /// pointer, in viewport coordinates (autoscroll carries the content under it).
    var start: Point
    var pointer: Point
    /// Slide: the item pressed, and the last one under the pointer.
    var items: (start: ItemPath?, last: ItemPath?)
    /// Whether the pointer has moved since the press (autoscroll waits for it), and the last
    /// tick's time.
    var hasMoved = false
    var lastTick: Double?
    /// The inputs of the last refresh, to skip a pass that changed none of them.
    var refreshed: (start: Point, pointer: Point, offset: Point)?
  }

  @exclusivity(unchecked) private(set) var state: State?
  /// The selection when the drag began (a cancel returns to it).
  @exclusivity(unchecked) private var saved = SelectedItems()
  /// The items the drag covers now, in ascending order, and the next pass's (reused buffers).
  @exclusivity(unchecked) private(set) var covered: [ItemPath] = []
  @exclusivity(unchecked) private var found: [ItemPath] = []
  @exclusivity(unchecked) private var scratch = LayoutElements()
  var autoscroll = EdgeAutoscroll()

  var isActive: Bool { state != nil }

  // MARK: Lifecycle

  func begin(_ state: State, in collectionView: CollectionView) {
    let selection = collectionView.selection
    saved = selection.items
    self.state = state
    covered.removeAll(keepingCapacity: true)
    if !state.rule.keepsBase {
      if selection.items.hasWholeSections {
        // After select all: deselected at once (each asked about and told), with no list.
        collectionView.deselectEveryItem()
      } else {
        for path in selection.items.sorted() { change(path, to: false, in: collectionView) }
      }
    }
    collectionView.join(self)
    collectionView.setNeedsLayout()
  }

  /// The pointer is at `pointer` (viewport coordinates); the next pass selects what it covers.
  func move(to pointer: Point, in collectionView: CollectionView) {
    guard var state, pointer != state.pointer else { return }
    state.pointer = pointer
    state.hasMoved = true
    self.state = state
    collectionView.setNeedsLayout()
  }

  /// Ends the drag, keeping what it selected (as of the last pass).
  func end(in collectionView: CollectionView) {
    guard state != nil else { return }
    state = nil
    saved.removeAll()
    covered.removeAll(keepingCapacity: true)
    collectionView.leave(self)
  }

  /// Ends the drag and puts the selection back as it was before it.
  func cancel(in collectionView: CollectionView) {
    guard state != nil else { return }
    // Put back while the drag still counts as under way: a delegate that moves the cursor to
    // an item a click selects or deselects leaves it alone for a drag's changes (Escape during
    // a box moved the cursor to the last card put back, off screen: a new user's finding).
    let now = collectionView.selection.items
    if saved.hasWholeSections {
      restoreWholeSections(over: now, in: collectionView)
    } else {
      restoreListed(over: now, in: collectionView)
    }
    state = nil
    saved.removeAll()
    covered.removeAll(keepingCapacity: true)
    collectionView.leave(self)
  }

  /// Puts back a listed selection: each item changed one by one.
  private func restoreListed(over now: SelectedItems, in collectionView: CollectionView) {
    now.forEachInOrder { path in
      if !saved.contains(path) { change(path, to: false, in: collectionView) }
      return true
    }
    saved.forEachInOrder { path in
      if !now.contains(path) && collectionView.isValid(path) {
        change(path, to: true, in: collectionView)
      }
      return true
    }
  }

  /// Puts back a selection of whole sections (select all, then a drag that replaced it) at
  /// once: each item the drag changed is asked about and told, as ``change(_:to:in:)`` does,
  /// with no list of them and no exception kept for each.
  private func restoreWholeSections(over now: SelectedItems, in collectionView: CollectionView) {
    let delegate = collectionView.collectionDelegate
    var restored = saved
    now.forEachInOrder { path in
      if !saved.contains(path)
        && !(delegate?.collectionView(collectionView, shouldDeselectItemAt: path) ?? true)
      {
        restored.insert(path)
      }
      return true
    }
    saved.forEachInOrder { path in
      if !now.contains(path)
        && !(delegate?.collectionView(collectionView, shouldSelectItemAt: path) ?? true)
      {
        restored.remove(path)
      }
      return true
    }
    collectionView.selection.replace(in: collectionView) { $0 = restored }
    guard let delegate else { return }
    // Told as many items, as Escape tells them.
    collectionView.selection.isTellingManyItems = true
    defer { collectionView.selection.isTellingManyItems = false }
    now.forEachInOrder { path in
      if !restored.contains(path) {
        delegate.collectionView(collectionView, didDeselectItemAt: path)
      }
      return true
    }
    saved.forEachInOrder { path in
      if !now.contains(path) && restored.contains(path) {
        delegate.collectionView(collectionView, didSelectItemAt: path)
      }
      return true
    }
  }

  /// Content moved under the viewport by `delta`: the press's point moves with it.
  func contentDidMove(by delta: Point, in view: CollectionView) {
    state?.start.x += delta.x
    state?.start.y += delta.y
  }

  /// A batch update: what the drag remembers follows its items.
  func follow(_ mapping: ChangesetMapping, in collectionView: CollectionView) {
    guard var state else { return }
    var gone: [ItemPath] = []
    saved.follow(mapping, deleted: &gone)
    covered = covered.compactMap { mapping.newIndexPath(forOld: $0) }.sorted()
    state.items.start = state.items.start.flatMap { mapping.newIndexPath(forOld: $0) }
    state.items.last = state.items.last.flatMap { mapping.newIndexPath(forOld: $0) }
    state.refreshed = nil
    self.state = state
  }

  // MARK: Taking part in passes

  func collectionViewDidFinishPass(_ collectionView: CollectionView) {
    refresh(in: collectionView)
  }

  /// The box in content coordinates: from the press to the pointer.
  func box(in collectionView: CollectionView) -> Rect? {
    guard let state, state.rule.style == .box else { return nil }
    let offset = collectionView.contentOffset
    let end = Point(x: state.pointer.x + offset.x, y: state.pointer.y + offset.y)
    return Rect(
      x: min(state.start.x, end.x), y: min(state.start.y, end.y),
      width: abs(end.x - state.start.x), height: abs(end.y - state.start.y))
  }

  /// Selects what the drag covers now and lets go of what it left.
  ///
  /// - Complexity: O(log n + k) for the layout's query over the k items covered, plus O(k + k′)
  ///   to compare with the last cover; no allocation once the buffers have grown.
  private func refresh(in collectionView: CollectionView) {
    guard var state else { return }
    let offset = collectionView.contentOffset
    if let last = state.refreshed, last.start == state.start, last.pointer == state.pointer,
      last.offset == offset
    {
      return
    }
    state.refreshed = (state.start, state.pointer, offset)
    found.removeAll(keepingCapacity: true)
    let layout = collectionView.collectionViewLayout
    switch state.rule.style {
    case .box:
      guard var box = box(in: collectionView) else { return }
      // A box of no width still meets the items under its line.
      box.size.width = max(box.size.width, 0.001)
      box.size.height = max(box.size.height, 0.001)
      scratch.removeAll()
      layout.elements(in: LayoutQuery(rect: box, viewport: collectionView.bounds), into: &scratch)
      for attributes in scratch.items
      where attributes.frame.intersects(box) && collectionView.isValid(attributes.indexPath) {
        found.append(attributes.indexPath)
      }
    case .slide:
      if state.items.start == nil {
        state.items.start = item(at: state.start, in: collectionView)
      }
      let end = Point(x: state.pointer.x + offset.x, y: state.pointer.y + offset.y)
      if let under = item(at: end, in: collectionView) { state.items.last = under }
      if let first = state.items.start, let last = state.items.last ?? state.items.start {
        collectionView.forEachItem(from: min(first, last), through: max(first, last)) {
          found.append($0)
        }
      }
    }
    self.state = state
    // Both lists ascend: one merge walk finds what entered and what left.
    var old = 0
    var new = 0
    while old < covered.count || new < found.count {
      if new == found.count || (old < covered.count && covered[old] < found[new]) {
        change(covered[old], to: wanted(covered[old], covered: false), in: collectionView)
        old += 1
      } else if old == covered.count || found[new] < covered[old] {
        change(found[new], to: wanted(found[new], covered: true), in: collectionView)
        new += 1
      } else {
        old += 1
        new += 1
      }
    }
    swap(&covered, &found)
    #if REUSEKIT_CHECKS
      collectionView.selection.checkInvariants(in: collectionView)
      checkInvariants(in: collectionView)
    #endif
  }

  /// Whether `path` should be selected, covered by the drag or not.
  private func wanted(_ path: ItemPath, covered: Bool) -> Bool {
    guard let state else { return false }
    let before = state.rule.keepsBase && saved.contains(path)
    guard covered else { return before }
    switch state.rule.effect {
    case .select: return true
    case .deselect: return false
    case .toggle: return !saved.contains(path)
    }
  }

  /// Selects or deselects one item as the user's drag does: the delegate may refuse; the
  /// displayed cell shows it.
  private func change(_ path: ItemPath, to selected: Bool, in collectionView: CollectionView) {
    let selection = collectionView.selection
    guard selection.contains(path) != selected else { return }
    let delegate = collectionView.collectionDelegate
    if let delegate {
      let allowed =
        selected
        ? delegate.collectionView(collectionView, shouldSelectItemAt: path)
        : delegate.collectionView(collectionView, shouldDeselectItemAt: path)
      guard allowed else { return }
    }
    selection.mark(path, selected)
    if let cell = collectionView.cellForItem(at: path) {
      let shown = selection.isShownSelected(path)
      if cell.isSelected != shown {
        cell.isSelected = shown
        cell.setNeedsDisplay()
      }
    }
    if selected {
      delegate?.collectionView(collectionView, didSelectItemAt: path)
    } else {
      delegate?.collectionView(collectionView, didDeselectItemAt: path)
    }
  }

  /// The item at `point` (content coordinates) along the scroll axis: the one whose span
  /// holds it, nearest across; `nil` in a gap or beyond the ends.
  func item(at point: Point, in collectionView: CollectionView) -> ItemPath? {
    let axis = collectionView.collectionViewLayout.scrollDirection
    let across = axis.cross
    var line = Rect(x: 0, y: 0, width: 0, height: 0)
    line.origin[axis] = point[axis]
    line.size[axis] = 0.001
    line.origin[across] = -1
    line.size[across] = collectionView.contentSize[across] + 2
    scratch.removeAll()
    collectionView.collectionViewLayout.elements(
      in: LayoutQuery(rect: line, viewport: collectionView.bounds), into: &scratch)
    var best: (distance: Double, path: ItemPath)?
    for attributes in scratch.items where collectionView.isValid(attributes.indexPath) {
      let frame = attributes.frame
      let distance = max(0, frame.min(across) - point[across], point[across] - frame.max(across))
      if best == nil || distance < best!.distance { best = (distance, attributes.indexPath) }
    }
    return best?.path
  }

  // MARK: Time

  /// How fast the content scrolls by itself with the pointer near an edge (points per second
  /// along the scroll axis); 0 until the pointer has moved.
  func autoscrollVelocity(in collectionView: CollectionView) -> Double {
    guard let state, state.hasMoved else { return 0 }
    let axis = collectionView.collectionViewLayout.scrollDirection
    return autoscroll.velocity(
      leading: state.pointer[axis], trailing: state.pointer[axis], axis: axis, in: collectionView)
  }

  /// Whether the drag needs the host's ticks (it autoscrolls).
  func needsTicks(in collectionView: CollectionView) -> Bool {
    autoscrollVelocity(in: collectionView) != 0
  }

  /// One tick: the content autoscrolls by the time since the last one, and a pass selects
  /// what the drag covers then.
  func advance(to time: Double, in collectionView: CollectionView) {
    guard var state else { return }
    let velocity = autoscrollVelocity(in: collectionView)
    let elapsed = state.lastTick.map { min(max(0, time - $0), 0.1) } ?? 0
    state.lastTick = velocity == 0 ? nil : time
    self.state = state
    autoscroll.scroll(
      collectionView, axis: collectionView.collectionViewLayout.scrollDirection,
      velocity: velocity, elapsed: elapsed)
    collectionView.layoutIfNeeded()
  }
}

extension SelectionDrag {
  /// Checks that the cover names items in range, in ascending order, and that the drag's
  /// points are finite. Compiled in only with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      guard let state else {
        collectionView.invariant(covered.isEmpty, "a drag cover without a drag")
        return
      }
      collectionView.invariant(
        state.start.isFinite && state.pointer.isFinite, "selection drag not finite")
      for index in covered.indices {
        collectionView.invariant(
          collectionView.isValid(covered[index]), "covered item \(covered[index]) out of range")
        if index > 0 {
          collectionView.invariant(covered[index - 1] < covered[index], "cover out of order")
        }
      }
    #endif
  }
}

extension SelectionDrag: CollectionViewPart {
  /// A reload ends the drag (what it covered means other items now).
  func dataWillChange(reloading: Bool, in view: CollectionView) {
    if reloading { end(in: view) }
  }

  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    if case .update(let mapping, _, _) = change { follow(mapping, in: view) }
  }

  func layoutWillChange(in view: CollectionView) { end(in: view) }
}
