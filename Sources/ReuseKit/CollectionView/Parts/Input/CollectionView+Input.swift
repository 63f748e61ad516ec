extension CollectionView: PointerInteractive {
  // MARK: Pointer, wheel and keys

  /// Interprets a pointer event, as every host's pointer goes (hosts only translate their own
  /// events): a press captures the section index, the scroll thumb, an item's reorder grip or
  /// the content (see ``pointerRegions`` and ``reorderGrip``), and keeps it until it lifts. On
  /// the content a drag scrolls (or swipes a row that has actions), and a release that never
  /// became a drag taps (``tap(at:)``).
  ///
  /// Returns whether the event was used: a press outside the viewport and the regions is not.
  @discardableResult
  public func handle(_ event: PointerEvent) -> Bool {
    gestures.handle(event, in: self)
  }

  /// Scrolls by a wheel or touchpad event (see ``ScrollView/scroll(byWheel:time:)``): a
  /// vertical wheel over a horizontal view scrolls it sideways. Returns whether it scrolled
  /// (it is not used while a press holds the content).
  @discardableResult
  public func handle(_ event: WheelEvent) -> Bool {
    guard !isTracking, event.delta != .zero, event.delta.isFinite else { return false }
    if let location = event.location, location.isFinite,
      scrollRail(with: event, at: location)
    {
      return true
    }
    var delta = event.delta
    if delta.x == 0 && primaryAxis == .horizontal {
      // A plain (vertical) wheel over a horizontal view scrolls it along its axis.
      delta = Point(x: delta.y, y: 0)
    } else if delta.x == 0 && event.modifiers.contains(.shift)
      && contentSize.width > viewportSize.width
    {
      // Shift with a vertical wheel scrolls content wider than the viewport sideways.
      delta = Point(x: delta.y, y: 0)
    }
    scroll(byWheel: delta, time: event.time)
    return true
  }

  /// Performs what ``keyMap`` binds to `key`; returns whether it did anything, so that the host
  /// may give the key to something else (a cross arrow in a list, ↑ on the first item).
  @discardableResult
  public func handle(_ key: KeyPress) -> Bool {
    guard let action = gestures.keyMap.action(for: key) else { return false }
    return perform(action)
  }

  /// A row left open by a swipe closes once a key moves the focus off it, as a touch on
  /// another row closes it (it stayed open, its text cut, under a focus gone elsewhere: a new
  /// user's finding). Not while a finger still holds it.
  private func closeSwipeLeftByFocus() {
    guard let swiped = swipedItem, !isSwiping, swiped != focusedIndexPath else { return }
    closeSwipeActions(animated: true)
  }

  /// Performs a key action: a focus move (at once, or animated for pages and ends when the key
  /// map says so), activating the focused item as a tap would, or cancelling what the pointer
  /// holds. Returns whether it did anything.
  @discardableResult
  public func perform(_ action: KeyAction) -> Bool {
    switch action {
    case .moveFocus(let move):
      resetSelectionAnchor()  // the next range starts where the focus lands
      defer { closeSwipeLeftByFocus() }
      return moveFocus(move, animated: animatesKeyMove(move))
    case .extendSelection(let move):
      guard allowsSelection, allowsMultipleSelection else {
        return perform(.moveFocus(move))
      }
      defer { closeSwipeLeftByFocus() }
      let from = focusedIndexPath
      let moved = moveFocus(move, animated: animatesKeyMove(move))
      guard let target = focusedIndexPath else { return moved }
      anchorSelectionIfNeeded(at: from ?? target)
      selectRange(to: target, byUser: true)
      return true
    case .selectAll:
      guard allowsSelection, allowsMultipleSelection, counts.total > 0 else { return false }
      selectEveryItem(byUser: true)
      return true
    case .deselectAll:
      guard hasSelection else { return false }
      resetSelectionAnchor()
      deselectEveryItem()
      return true
    case .activate:
      guard let focused = focusedIndexPath else { return false }
      tapItem(at: focused)
      return true
    case .cancel:
      let carries = dragCoordinator?.session.map {
        $0.source === self || $0.target === self
      }
      guard
        interactivelyMovingItem != nil || swipedItem != nil || isSelectionDragging
          || carries == true
      else {
        // Nothing held: Escape clears a multiple selection, as in VS Code's lists (Ctrl-A
        // selected a million rows, and only a click took them away: a new user's finding).
        return allowsMultipleSelection && perform(.deselectAll)
      }
      if carries == true { dragCoordinator?.cancelDrag() }
      gestures.cancel(in: self)
      cancelInteractiveMovement()
      cancelSelectionDrag()
      closeSwipeActions(animated: true)
      return true
    }
  }

  /// Whether a key's focus move animates: pages and ends do when the key map says so.
  private func animatesKeyMove(_ move: FocusMove) -> Bool {
    let isStep = move == .up || move == .down || move == .left || move == .right
    return gestures.keyMap.animatesJumps && !isStep
  }

  /// The modifier keys held at the press being interpreted now (Shift or Control with a
  /// click), for a delegate deciding what a tap does (extend or toggle a selection, say);
  /// empty outside a press.
  public var pointerModifiers: KeyModifiers { gestures.pressModifiers }

  /// Which keys do what (``KeyMap/standard`` by default).
  public var keyMap: KeyMap {
    get { gestures.keyMap }
    set { gestures.keyMap = newValue }
  }

  /// Where the host draws chrome that takes the pointer beside the content (a scroll
  /// indicator, a section index), in viewport coordinates.
  public var pointerRegions: PointerRegions {
    get { gestures.regions }
    set { gestures.regions = newValue }
  }

  /// Claims presses on supplementary views (a table's column headers): told of a press on the
  /// topmost displayed supplementary view under the pointer (``PointerEvent/Phase/began``),
  /// it returns `true` to take the press; it is then told of the press's moves once it travels
  /// past a few points (``SupplementaryPress/isDrag``), and of its end (a release that never
  /// became a drag is a click) or cancellation. `nil` (the default): presses go to the content.
  public var supplementaryPressHandler: ((SupplementaryPress) -> Bool)? {
    get { gestures.supplementaryPressHandler }
    set { gestures.supplementaryPressHandler = newValue }
  }

  /// Decides whether a press lifts the item under it to reorder it
  /// (``beginInteractiveMovementForItem(at:)``): given the item's path and the pressed point in
  /// its frame (from its top-left corner), return `true` for a grip. The drag then moves the
  /// item and the release drops it. `nil` (the default): presses never lift.
  public var reorderGrip: ((ItemPath, Point) -> Bool)? {
    get { gestures.reorderGrip }
    set { gestures.reorderGrip = newValue }
  }

  /// Whether a press that began here is down.
  public var hasPointerCapture: Bool { gestures.capture != .none }

  /// The section-index title a press holds now, for the host to draw pressed.
  public var pressedIndexTitle: Int? { gestures.pressedIndexTitle }

  /// Lets go of whatever the pointer holds (the host will not see the release: its page was
  /// hidden, its window lost the grab): a lifted item glides back, a drag settles, a grabbed
  /// thumb or index lets go, an open row closes.
  public func cancelPointer() {
    gestures.cancel(in: self)
    if isTracking { cancelDrag(time: .nan) }
    closeSwipeActions(animated: false)
  }
}

extension CollectionView {
  /// Whatever the pointer's press captured (the content, the thumb, a grip) lets go.
  func cancelPointerCapture() { gestures.cancel(in: self) }
}
