import ReuseKit

extension FourWayPicker {
  // MARK: Input

  /// A touch went down at `point` (in the picker's viewport). The centred row and the
  /// container compete for it: the first the drag's direction suits claims it.
  public func beginDrag(at point: Point, time: Double) {
    // One router per row cell, made once: a gesture allocates nothing.
    let coordinator: NestedScrollCoordinator
    if let cell = rowCell(currentRow) {
      if cell.coordinator == nil {
        cell.coordinator = NestedScrollCoordinator([cell.rowView, collectionView])
      }
      coordinator = cell.coordinator!
    } else {
      if containerCoordinator == nil {
        containerCoordinator = NestedScrollCoordinator([collectionView])
      }
      coordinator = containerCoordinator!
    }
    self.coordinator = coordinator
    coordinator.beginDrag(at: point, time: time)
  }

  /// The touch moved.
  public func moveDrag(to point: Point, time: Double) {
    coordinator?.moveDrag(to: point, time: time)
  }

  /// The touch lifted: whatever it dragged snaps. A touch that caught a moving row or the
  /// container and lifted on its stop (or so near it that it lands at once) settles that part
  /// now: nothing moves, so no scroll callback would tell it. (Settling reads only the parts
  /// at rest: the others settle when their motion ends.)
  public func endDrag(at point: Point, time: Double) {
    coordinator?.endDrag(at: point, time: time)
    coordinator = nil
    settle()
  }

  /// A tap at `point` in the container's content coordinates: reports the model under it and,
  /// when it is not the centred one, moves there. Returns the (row, column) tapped.
  @discardableResult
  public func tap(at point: Point) -> (row: Int, column: Int)? {
    collectionView.layoutIfNeeded()
    guard let rowPath = collectionView.collectionViewLayout.indexPathForItem(at: point),
      let frame = collectionView.frameForItem(at: rowPath), let cell = rowCell(rowPath.item)
    else { return nil }
    let inner = cell.rowView
    let innerPoint = Point(
      x: point.x - frame.minX + inner.contentOffset.x,
      y: point.y - frame.minY + inner.contentOffset.y)
    guard let columnPath = inner.collectionViewLayout.indexPathForItem(at: innerPoint) else {
      return nil
    }
    let row = rowPath.item
    let column = columnPath.item
    let model = rows[row][column]
    delegate?.fourWayPicker(self, didSelect: model)
    didSelectHandler?(model)
    if row != currentRow { scrollToRow(row, animated: true) }
    if column != self.column(forRow: row) {
      currentColumn = column
      layoutRows(animated: true)
    }
    return (row, column)
  }

  /// Advances every animation (the container's and the rows') to `now`; returns whether
  /// anything still moves.
  @discardableResult
  public func tick(now time: Double) -> Bool {
    collectionView.tick(now: time)
    // The row cells made (a handful), not the container's displayed set: a row that settles
    // can move the container and change what it displays.
    for cell in rowCells where cell.row >= 0 { cell.rowView.tick(now: time) }
    return isAnimating
  }

  /// Whether the container or a row moves.
  public var isAnimating: Bool {
    if collectionView.isAnimating { return true }
    for cell in rowCells where cell.row >= 0 && cell.rowView.isAnimating { return true }
    return false
  }

  /// The row cell showing `row`, if it is displayed.
  public func rowCell(_ row: Int) -> PickerRowCell? {
    collectionView.cellForItem(at: ItemPath(section: 0, item: row)) as? PickerRowCell
  }
}

extension FourWayPicker: PointerInteractive {
  // MARK: Events from a host

  /// Interprets a pointer event in the picker's viewport coordinates: a press starts a drag
  /// that the centred row and the container compete for (one axis per drag), a release snaps,
  /// and a release that never became a drag taps (``tap(at:)``). Returns whether it was used:
  /// a press outside the viewport is not.
  @discardableResult
  public func handle(_ event: PointerEvent) -> Bool {
    guard event.location.isFinite, event.time.isFinite else { return false }
    press.slop = collectionView.dragSlop
    let inside = Rect(origin: .zero, size: collectionView.viewportSize).contains(event.location)
    switch event.phase {
    case .began:
      guard inside else { return false }
      _ = press.track(event)
      beginDrag(at: event.location, time: event.time)
    case .moved:
      guard press.isPressed else { return false }
      _ = press.track(event)
      moveDrag(to: event.location, time: event.time)
    case .ended:
      guard press.isPressed else { return false }
      let isTap = press.track(event)
      endDrag(at: event.location, time: event.time)
      if isTap && inside {
        let offset = collectionView.contentOffset
        tap(at: Point(x: event.location.x + offset.x, y: event.location.y + offset.y))
      }
    case .cancelled:
      guard press.isPressed else { return false }
      _ = press.track(event)
      endDrag(at: Point(x: Double.nan, y: .nan), time: .nan)
    }
    return true
  }

  /// A wheel notch steps: vertical notches change the row, sideways ones the column.
  @discardableResult
  public func handle(_ event: WheelEvent) -> Bool {
    guard event.delta.isFinite, event.delta != .zero else { return false }
    if abs(event.delta.y) >= abs(event.delta.x) {
      step(event.delta.y < 0 ? .up : .down)
    } else {
      step(event.delta.x < 0 ? .left : .right)
    }
    return true
  }

  /// Centres row `row` or moves the shared column to `column`, as an arrow does: a drag under
  /// way lets go first.
  private func jump(row: Int? = nil, column: Int? = nil) {
    releasePress()
    if let row { scrollToRow(row, animated: true) }
    if let column { scrollToColumn(column, animated: true) }
  }

  /// The arrows step (up and down the rows, left and right the shared column), Home and End go
  /// to the first and last column, Control-Home and Control-End (PgUp, PgDn) to the first and
  /// last row; Enter and
  /// Space choose the centred model, as a tap on it does (the delegate hears `didSelect`).
  /// Keys act on where the picker is heading: Enter right after an arrow chooses the model
  /// the step goes to (``targetModel``), also while it still animates.
  @discardableResult
  public func handle(_ key: KeyPress) -> Bool {
    switch key.key {
    case .up: step(.up)
    case .down: step(.down)
    case .left: step(.left)
    case .right: step(.right)
    // The ends, as a grid's keys go (they did nothing: a new user's finding): Home and End
    // the first and last column of the row, with Control (or PgUp, PgDn) the first and last
    // row.
    case .home where key.modifiers.contains(.control), .pageUp: jump(row: 0)
    case .end where key.modifiers.contains(.control), .pageDown: jump(row: rowCounts.count - 1)
    case .home: jump(column: 0)
    case .end: jump(column: rowCounts.isEmpty ? 0 : rowCounts[targetRow] - 1)
    case .enter, .space:
      guard let model = targetModel else { return false }
      delegate?.fourWayPicker(self, didSelect: model)
      didSelectHandler?(model)
    default: return false
    }
    return true
  }
}
