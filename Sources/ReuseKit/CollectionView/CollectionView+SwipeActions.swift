extension CollectionView {
  // MARK: Swipe actions

  /// The row swiped open (or being swiped), or `nil`.
  public var swipedItem: ItemPath? { swipe?.indexPath }

  /// How far the swiped row is moved across the scroll axis, in points: positive reveals its
  /// leading actions, negative its trailing ones; 0 when no row is swiped.
  public var swipeOffset: Double { swipe?.offset ?? 0 }

  /// The actions the swiped row uncovers now, with where the host draws each (in content
  /// coordinates, in the space the row left): the first action outermost, taking the extra
  /// length of a long swipe, and all of it once a full swipe is armed. Empty when no row is
  /// swiped.
  ///
  /// ``forEachDisplayedView(_:)`` already draws the row moved by ``swipeOffset``.
  public var revealedSwipeActions: [RevealedSwipeAction] {
    guard let swipe, swipe.offset != 0,
      let row = collectionViewLayout.layoutAttributesForItem(at: swipe.indexPath)?.frame
    else { return [] }
    let across = collectionViewLayout.scrollDirection.cross
    let edge: SwipeEdge = swipe.offset > 0 ? .leading : .trailing
    guard let configuration = edge == .leading ? swipe.leading : swipe.trailing else { return [] }
    let shown = abs(swipe.offset)
    let total = configuration.width
    let armed =
      swipe.fullSwipeThreshold(edge, rowLength: row.length(across)).map { shown >= $0 } ?? false
    var result: [RevealedSwipeAction] = []
    var position = 0.0
    for (index, action) in configuration.actions.enumerated() {
      var length = total > 0 ? action.width * min(1, shown / total) : 0
      if index == 0 && shown > total { length += shown - total }
      if armed { length = index == 0 ? shown : 0 }
      var frame = row
      frame.size[across] = length
      frame.origin[across] =
        edge == .leading ? row.min(across) + position : row.max(across) - position - length
      position += length
      result.append(
        RevealedSwipeAction(
          action: action, index: index, edge: edge, frame: frame, isArmed: armed && index == 0))
    }
    return result
  }

  /// Opens a row's actions at `edge` from code (a key, a test), closing any other row.
  /// Returns `false` when the row has no actions there.
  @discardableResult
  public func openSwipeActions(
    forItemAt indexPath: ItemPath, edge: SwipeEdge, animated: Bool
  )
    -> Bool
  {
    guard isValid(indexPath), interactiveMovement == nil else { return false }
    var state = makeSwipeState(for: indexPath)
    let width = edge == .leading ? state.leadingWidth : -state.trailingWidth
    guard width != 0 else { return false }
    if let swipe, swipe.indexPath == indexPath { state.offset = swipe.offset }
    swipe = state
    glideSwipe(to: width, animated: animated)
    return true
  }

  /// Closes the open row (gliding shut when `animated`). Scrolling, a touch elsewhere, a batch
  /// update or a reload close it too.
  public func closeSwipeActions(animated: Bool = true) {
    guard hasSwipe else { return }
    guard animated else {
      swipe = nil
      return
    }
    if swipe?.glide?.to == 0 { return }
    glideSwipe(to: 0, animated: true)
  }

  /// Performs the revealed action under `point` (content coordinates), as a tap on it does.
  /// Returns `false` when no action is there.
  @discardableResult
  public func performSwipeAction(at point: Point) -> Bool {
    guard let swipe, !swipe.isTracking,
      let hit = revealedSwipeActions.first(where: { $0.frame.contains(point) })
    else { return false }
    perform(hit.action, on: swipe.indexPath)
    return true
  }

  // MARK: Internal

  /// How long an open or close glides, in seconds.
  static let swipeGlideDuration = 0.25

  func makeSwipeState(for indexPath: ItemPath) -> SwipeState {
    func nonEmpty(_ configuration: SwipeActionsConfiguration?) -> SwipeActionsConfiguration? {
      guard let configuration, configuration.width > 0 else { return nil }
      return configuration
    }
    return SwipeState(
      indexPath: indexPath, leading: nonEmpty(leadingSwipeActionsProvider?(indexPath)),
      trailing: nonEmpty(trailingSwipeActionsProvider?(indexPath)))
  }

  /// The row's length across the scroll axis (how far a full swipe goes).
  private func swipeRowLength(_ state: SwipeState) -> Double {
    let across = collectionViewLayout.scrollDirection.cross
    return collectionViewLayout.layoutAttributesForItem(at: state.indexPath)?.frame.length(across)
      ?? viewportSize[across]
  }

  private func glideSwipe(to target: Double, animated: Bool) {
    guard var state = swipe else { return }
    state.isTracking = false
    guard animated, state.offset != target else {
      state.offset = target
      state.glide = nil
      swipe = target == 0 ? nil : state
      return
    }
    state.glide = (from: state.offset, to: target, start: nil)
    swipe = state
  }

  private func perform(_ action: SwipeAction, on indexPath: ItemPath) {
    swipe = nil
    swipeCandidate = nil
    action.handler(indexPath)
  }

  /// A touch went down: the row under it may be swiped; a touch on another row closes the
  /// open one.
  func swipeTouchDidBegin(at point: Point) {
    if swipeCandidate != nil { swipeCandidate = nil }
    guard leadingSwipeActionsProvider != nil || trailingSwipeActionsProvider != nil,
      interactiveMovement == nil
    else { return }
    let content = Point(x: point.x + contentOffset.x, y: point.y + contentOffset.y)
    let path = collectionViewLayout.indexPathForItem(at: content)
    if let swipe, swipe.indexPath != path { closeSwipeActions(animated: true) }
    swipeCandidate = path
  }

  /// Takes a drag that leaves across the scroll axis (within the directional lock angle, as
  /// the picker decides) on a row with actions on that side, or on the open row.
  func swipeClaimsDrag(dx: Double, dy: Double) -> Bool {
    guard let path = swipeCandidate, isValid(path) else { return false }
    let scrollsHorizontally = collectionViewLayout.scrollDirection == .horizontal
    let across = scrollsHorizontally ? dy : dx
    let along = scrollsHorizontally ? dx : dy
    guard across != 0, abs(along) <= abs(across) * tangent(degrees: directionalLockAngle) else {
      return false
    }
    var state: SwipeState
    if let swipe, swipe.indexPath == path {
      state = swipe
    } else {
      state = makeSwipeState(for: path)
      guard (across > 0 ? state.leadingWidth : state.trailingWidth) > 0 else { return false }
    }
    state.isTracking = true
    state.startOffset = state.offset
    state.glide = nil
    swipe = state
    return true
  }

  /// The row follows the finger across, as far as a full swipe where one is allowed and
  /// against a resistance past its actions elsewhere; never toward a side without actions.
  func swipeDragMoved(dx: Double, dy: Double) {
    guard var state = swipe, state.isTracking else { return }
    let raw =
      state.startOffset + (collectionViewLayout.scrollDirection == .horizontal ? dy : dx)
    let length = swipeRowLength(state)
    func limited(_ distance: Double, width: Double, edge: SwipeEdge) -> Double {
      guard width > 0 else { return 0 }
      if distance <= width { return distance }
      if state.fullSwipeThreshold(edge, rowLength: length) != nil { return min(distance, length) }
      return width + (distance - width) / 4
    }
    state.offset =
      raw >= 0
      ? limited(raw, width: state.leadingWidth, edge: .leading)
      : -limited(-raw, width: state.trailingWidth, edge: .trailing)
    swipe = state
  }

  /// The finger lifted: past the full-swipe threshold the first action runs; otherwise the row
  /// opens when, carried on by its velocity for 0.2 s, it would be more than half open.
  func swipeDragEnded(velocity: Point) {
    guard let state = swipe, state.isTracking else { return }
    let across = collectionViewLayout.scrollDirection.cross
    let length = swipeRowLength(state)
    let edge: SwipeEdge = state.offset >= 0 ? .leading : .trailing
    if let threshold = state.fullSwipeThreshold(edge, rowLength: length),
      abs(state.offset) >= threshold,
      let first = (edge == .leading ? state.leading : state.trailing)?.actions.first
    {
      return perform(first, on: state.indexPath)
    }
    let projected = state.offset + velocity[across] * 0.2
    var target = 0.0
    if state.offset >= 0, state.leadingWidth > 0, projected > state.leadingWidth / 2 {
      target = state.leadingWidth
    } else if state.offset <= 0, state.trailingWidth > 0, -projected > state.trailingWidth / 2 {
      target = -state.trailingWidth
    }
    glideSwipe(to: target, animated: true)
  }

  /// Whether an open or close glides.
  var swipeNeedsTicks: Bool { swipe?.glide != nil }

  /// One tick of the glide (eased out); a row that closes leaves no state.
  func advanceSwipe(to time: Double) {
    guard var state = swipe, let glide = state.glide else { return }
    let start = glide.start ?? time
    state.glide?.start = start
    let fraction = min(1, max(0, (time - start) / CollectionView.swipeGlideDuration))
    let remaining = 1 - fraction
    state.offset = glide.from + (glide.to - glide.from) * (1 - remaining * remaining * remaining)
    if fraction >= 1 {
      state.offset = glide.to
      state.glide = nil
    }
    swipe = state.offset == 0 && state.glide == nil ? nil : state
  }
}
