import ReuseKit

extension CollectionViewPane {
  // MARK: Input

  /// Whether the screen cell is inside the pane.
  public func contains(column: Int, row: Int) -> Bool { frame.contains(column: column, row: row) }

  /// The content point under a screen cell (its centre).
  public func contentPoint(column: Int, row: Int) -> Point {
    Point(
      x: Double(column - frame.x) + 0.5 + collectionView.contentOffset.x,
      y: Double(row - frame.y) + 0.5 + collectionView.contentOffset.y)
  }

  /// Hands a mouse event at `time` to the collection view, translated: the primary button's
  /// presses, drags and releases become pointer events at the cell's centre (in viewport
  /// coordinates), wheel notches become ``wheelStep`` cells. The collection view decides what
  /// they mean (see `CollectionView.handle(_:)`). Returns whether it was used.
  @discardableResult
  public func handle(_ event: MouseEvent, at time: Double) -> Bool {
    let point = Point(
      x: Double(event.column - frame.x) + 0.5, y: Double(event.row - frame.y) + 0.5)
    switch event.kind {
    case .press:
      guard event.button == .left, contains(column: event.column, row: event.row) else {
        return false
      }
      heldPointer = (event.column, event.row, time, event.modifiers)
      return collectionView.handle(
        PointerEvent(.began, at: point, time: time, modifiers: event.modifiers))
    case .drag:
      heldPointer = (event.column, event.row, time, event.modifiers)
      return collectionView.handle(
        PointerEvent(.moved, at: point, time: time, modifiers: event.modifiers))
    case .release:
      heldPointer = nil
      return collectionView.handle(
        PointerEvent(.ended, at: point, time: time, modifiers: event.modifiers))
    case .move:
      return false
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      guard contains(column: event.column, row: event.row) else { return false }
      let sign: Double = event.kind == .scrollUp || event.kind == .scrollLeft ? -1 : 1
      let sideways = event.kind == .scrollLeft || event.kind == .scrollRight
      let delta = sideways ? Point(x: sign * wheelStep, y: 0) : Point(x: 0, y: sign * wheelStep)
      return collectionView.handle(
        WheelEvent(delta: delta, time: time, modifiers: event.modifiers, location: point))
    }
  }

  /// Hands a key to the collection view's key map, translated; returns whether it was used.
  @discardableResult
  public func handle(_ key: KeyEvent) -> Bool {
    guard let press = key.keyPress else { return false }
    return collectionView.handle(press)
  }

  /// Lets go of whatever a touch holds (the pane is hidden, say, and will not see the
  /// release): see `CollectionView.cancelPointer()`.
  public func cancelTouches() {
    heldPointer = nil
    collectionView.cancelPointer()
  }

  /// A new frame (the terminal resized) while a pointer is held: the pointer is sent again
  /// where it is, in the pane's new coordinates, so what it holds (a lifted row, a selection
  /// box, a card dragged to another pane) follows the layout under it. Past the pane's ends
  /// along its scroll axis it goes to the nearest cell within them, as a drag there would, so
  /// that what it holds stays in sight instead of under the status line. (Across the axis it
  /// may be over another pane, where a drag and drop goes: that is left as it is.)
  ///
  /// The pointer kept is where the terminal last put it, never the cell it was moved to: a
  /// terminal made small and then large again left a drag's pointer on the small one's last
  /// row, and the gap opened there while the card showed at the mouse (a new user's finding).
  func keepHeldPointerInside() {
    guard let held = heldPointer, !frame.isEmpty else { return }
    guard collectionView.hasPointerCapture else {
      heldPointer = nil
      return
    }
    var column = held.column
    var row = held.row
    if collectionView.collectionViewLayout.scrollDirection == .vertical {
      row = min(max(row, frame.y), frame.y + frame.height - 1)
    } else {
      column = min(max(column, frame.x), frame.x + frame.width - 1)
    }
    collectionView.handle(
      PointerEvent(
        .moved, at: Point(x: Double(column - frame.x) + 0.5, y: Double(row - frame.y) + 0.5),
        time: held.time, modifiers: held.modifiers))
  }

  /// Advances the collection view's scrolling to `time`; returns whether it still moves.
  @discardableResult
  public func tick(now time: Double) -> Bool {
    collectionView.tick(now: time)
  }
}

extension KeyEvent {
  /// The core's name for this key, or `nil` for keys the core has no name for (function keys).
  public var keyPress: KeyPress? {
    let key: KeyPress.Key
    var modifiers = self.modifiers
    switch self.key {
    case .up: key = .up
    case .down: key = .down
    case .left: key = .left
    case .right: key = .right
    case .pageUp: key = .pageUp
    case .pageDown: key = .pageDown
    case .home: key = .home
    case .end: key = .end
    case .enter: key = .enter
    case .escape: key = .escape
    case .tab: key = .tab
    case .backTab:
      key = .tab
      modifiers.insert(.shift)
    case .backspace: key = .backspace
    case .delete: key = .delete
    case .character(" "): key = .space
    case .character(let character): key = .character(character)
    case .control(let character):
      key = character == " " ? .space : .character(character)
      modifiers.insert(.control)
    case .insert, .function: return nil
    }
    return KeyPress(key, modifiers: modifiers)
  }
}
