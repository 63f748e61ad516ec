extension CollectionView {
  // MARK: Selecting by dragging

  /// Decides whether a press on the content starts a drag that selects
  /// (``beginSelectionDrag(at:style:modifiers:)``) rather than scrolling: given the item under
  /// the press (`nil` over empty space), the press in content coordinates and its modifiers,
  /// return a style, or `nil` to scroll as usual. The drag begins once the press travels a few
  /// points (a release before that is a tap); it autoscrolls near the edges, and Escape or a
  /// lost pointer cancels it. Asked only with multiple selection. `nil` (the default): presses
  /// scroll.
  ///
  /// A grid that selects with a box over its gaps and margins, and a list that slide-selects
  /// from its leading edge:
  /// ```swift
  /// grid.selectionDragStyle = { item, _, _ in item == nil ? .box : nil }
  /// list.selectionDragStyle = { _, point, _ in point.x < 3 ? .slide : nil }
  /// ```
  public var selectionDragStyle: ((ItemPath?, Point, KeyModifiers) -> SelectionDragStyle?)? {
    get { selectionDrag.style }
    set { selectionDrag.style = newValue }
  }

  /// Whether a drag that selects is running.
  public var isSelectionDragging: Bool { selectionDrag.isActive }

  /// The box a ``SelectionDragStyle/box`` drag covers now, in content coordinates, for the
  /// host to draw; `nil` otherwise.
  public var selectionDragBox: Rect? { selectionDrag.box(in: self) }

  /// Starts a drag that selects, from `point` (content coordinates), as a host's gesture does
  /// when ``selectionDragStyle`` says so. A box without modifiers replaces the selection, with
  /// Shift adds to it, with Control (or Command) toggles what it meets; a slide selects, or
  /// deselects when it starts on a selected item. A scroll in progress stops where it is.
  ///
  /// - Returns: `false` (and nothing starts) without multiple selection, for a non-finite
  ///   point, during an update, or with an item being moved.
  @discardableResult
  public func beginSelectionDrag(
    at point: Point, style: SelectionDragStyle, modifiers: KeyModifiers = []
  ) -> Bool {
    guard allowsSelection, allowsMultipleSelection, point.isFinite, !isInPass,
      !isCollectingUpdates, !isMovingItem
    else { return false }
    if selectionDrag.isActive { selectionDrag.end(in: self) }
    layoutIfNeeded()
    abandonTouch()
    closeSwipeActions(animated: false)
    let effect: SelectionDrag.Effect
    let keepsBase: Bool
    var startItem: ItemPath?
    switch style {
    case .box:
      let toggles = modifiers.contains(.control) || modifiers.contains(.command)
      effect = toggles ? .toggle : .select
      keepsBase = toggles || modifiers.contains(.shift)
    case .slide:
      startItem = selectionDrag.item(at: point, in: self)
      effect = startItem.map { selection.contains($0) } == true ? .deselect : .select
      keepsBase = true
    }
    let pointer = Point(x: point.x - contentOffset.x, y: point.y - contentOffset.y)
    selectionDrag.begin(
      SelectionDrag.State(
        rule: (style, effect, keepsBase), start: point, pointer: pointer,
        items: (startItem, nil)),
      in: self)
    if let startItem {
      selection.anchor = startItem
      selection.rangeEnd = nil
    }
    layoutIfNeeded()
    return true
  }

  /// The pointer of a drag that selects is at `point` (content coordinates): what the drag
  /// covers is selected at the next layout pass (the host's tick or draw runs it), so several
  /// pointer events in a frame cost one query. Non-finite points are ignored.
  public func updateSelectionDrag(to point: Point) {
    guard selectionDrag.isActive, point.isFinite else { return }
    selectionDrag.move(
      to: Point(x: point.x - contentOffset.x, y: point.y - contentOffset.y), in: self)
  }

  /// Ends a drag that selects, keeping what it selected.
  public func endSelectionDrag() {
    guard selectionDrag.isActive else { return }
    layoutIfNeeded()
    selectionDrag.end(in: self)
  }

  /// Ends a drag that selects and puts the selection back as it was before it.
  public func cancelSelectionDrag() {
    selectionDrag.cancel(in: self)
  }
}
