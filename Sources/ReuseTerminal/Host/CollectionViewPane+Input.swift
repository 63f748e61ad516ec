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

  /// Handles a mouse event at `time`: presses start drags, drags move them, releases end them
  /// (a release that never moved is a tap, which selects), and the wheel scrolls. Returns
  /// whether the pane used the event.
  @discardableResult
  public func handle(_ event: MouseEvent, at time: Double) -> Bool {
    // Drags read points in the viewport's coordinates (the cell's centre), so that the
    // collection view can tell which row a touch is on (a swipe).
    let point = Point(
      x: Double(event.column - frame.x) + 0.5, y: Double(event.row - frame.y) + 0.5)
    switch event.kind {
    case .press:
      guard event.button == .left, contains(column: event.column, row: event.row) else {
        return false
      }
      if indexColumns > 0, sectionIndexFrame.contains(column: event.column, row: event.row) {
        isPressed = true
        indexGrab = nil
        jumpToIndexTitle(atRow: event.row - frame.y)
        if indexGrab == nil { indexGrab = -1 }  // an empty index: the press is still ours
        return true
      }
      if showsScrollIndicator, indicatorFrame.contains(column: event.column, row: event.row),
        let thumb = thumbCells
      {
        let along = Double(indicatorPosition(event))
        // On the thumb: grab it where pressed; elsewhere: jump so its middle is there.
        let onThumb = along >= Double(thumb.start) && along < Double(thumb.start + thumb.length)
        let grab = onThumb ? along - Double(thumb.start) : Double(thumb.length) / 2
        thumbGrab = grab
        isPressed = true
        if !onThumb { moveThumb(to: along - grab) }
        return true
      }
      isPressed = true
      if lift(atColumn: event.column, row: event.row) { return true }
      collectionView.beginDrag(at: point, time: time)
      return true
    case .drag:
      guard isPressed else { return false }
      if let grab = movementGrab {
        guard collectionView.interactivelyMovingItem != nil else { return true }  // ended
        // Held inside the pane, so the lifted item stays in view (autoscroll goes on).
        let pointer = contentPoint(
          column: min(max(event.column, frame.x), frame.maxX - 1),
          row: min(max(event.row, frame.y), frame.maxY - 1))
        collectionView.updateInteractiveMovementTargetPosition(
          Point(x: pointer.x - grab.x, y: pointer.y - grab.y))
        return true
      }
      if indexGrab != nil {
        jumpToIndexTitle(atRow: event.row - frame.y)
        return true
      }
      if let grab = thumbGrab {
        moveThumb(to: Double(indicatorPosition(event)) - grab)
        return true
      }
      collectionView.moveDrag(to: point, time: time)
      return true
    case .release:
      guard isPressed else { return false }
      isPressed = false
      if movementGrab != nil {
        movementGrab = nil
        collectionView.endInteractiveMovement()
        return true
      }
      if indexGrab != nil {
        indexGrab = nil
        return true
      }
      if thumbGrab != nil {
        thumbGrab = nil
        return true
      }
      let wasDragging = collectionView.isDragging
      collectionView.endDrag(at: point, time: time)
      if !wasDragging && contains(column: event.column, row: event.row) {
        collectionView.tap(at: contentPoint(column: event.column, row: event.row))
      }
      return true
    case .move:
      return false
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      guard contains(column: event.column, row: event.row) else { return false }
      let sign: Double = event.kind == .scrollUp || event.kind == .scrollLeft ? -1 : 1
      var delta = Point.zero
      let sideways = event.kind == .scrollLeft || event.kind == .scrollRight
      let axis: Axis = sideways ? .horizontal : collectionView.primaryAxis
      delta[axis] = sign * wheelStep
      collectionView.scroll(byWheel: delta, time: time)
      return true
    }
  }

  /// Lifts the item under a press when ``liftsItem`` says its grip was pressed.
  private func lift(atColumn column: Int, row: Int) -> Bool {
    // A row swiped open shows its content where its grip was: the press closes it instead.
    guard let liftsItem, collectionView.swipedItem == nil else { return false }
    let pointer = contentPoint(column: column, row: row)
    guard let path = collectionView.indexPathForItem(at: pointer),
      let itemFrame = collectionView.frameForItem(at: path),
      liftsItem(path, Point(x: pointer.x - itemFrame.minX, y: pointer.y - itemFrame.minY)),
      collectionView.beginInteractiveMovementForItem(at: path)
    else { return false }
    movementGrab = Point(x: pointer.x - itemFrame.midX, y: pointer.y - itemFrame.midY)
    return true
  }

  /// Whether a press lifted an item that is still being moved.
  public var isMovingItem: Bool {
    movementGrab != nil && collectionView.interactivelyMovingItem != nil
  }

  /// Lets go of whatever a touch holds (the pane is hidden, say, and will not see the
  /// release): a moving item glides back, a drag settles, a grabbed thumb or index lets go.
  public func cancelTouches() {
    if movementGrab != nil { cancelMovement() }
    if collectionView.isTracking { collectionView.cancelDrag(time: .nan) }
    collectionView.closeSwipeActions(animated: false)
    isPressed = false
    thumbGrab = nil
    indexGrab = nil
  }

  /// Cancels a movement the pane started (the item glides back); for Escape.
  public func cancelMovement() {
    guard movementGrab != nil else { return }
    movementGrab = nil
    isPressed = false
    collectionView.cancelInteractiveMovement()
  }

  /// How far along the indicator's track a mouse event is, in cells.
  private func indicatorPosition(_ event: MouseEvent) -> Int {
    collectionView.collectionViewLayout.scrollDirection == .vertical
      ? event.row - frame.y : event.column - frame.x
  }

  /// Advances the collection view's scrolling to `time`; returns whether it still moves.
  @discardableResult
  public func tick(now time: Double) -> Bool {
    collectionView.tick(now: time)
  }
}
