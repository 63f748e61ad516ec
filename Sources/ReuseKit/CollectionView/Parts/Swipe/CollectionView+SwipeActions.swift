extension CollectionView {
  // MARK: Swipe actions

  /// The row swiped open (or being swiped), or `nil`.
  public var swipedItem: ItemPath? { swipe.state?.indexPath }

  /// How far the swiped row is moved across the scroll axis, in points: positive reveals its
  /// leading actions, negative its trailing ones; 0 when no row is swiped.
  public var swipeOffset: Double { swipe.state?.offset ?? 0 }

  /// Whether a touch drags a row sideways now (a swipe under way, before its release): an
  /// edit then would take the row from under the finger.
  public var isSwiping: Bool { swipe.state?.isTracking ?? false }

  /// The actions the swiped row uncovers now, with where the host draws each (in content
  /// coordinates, in the space the row left): the first action outermost, taking the extra
  /// length of a long swipe, and all of it once a full swipe is armed. Empty when no row is
  /// swiped.
  ///
  /// ``forEachDisplayedView(_:)`` already draws the row moved by ``swipeOffset``.
  public var revealedSwipeActions: [RevealedSwipeAction] {
    guard let swipe = swipe.state, swipe.offset != 0,
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
    guard isValid(indexPath), !isMovingItem else { return false }
    return swipe.open(indexPath, edge: edge, animated: animated, in: self)
  }

  /// Closes the open row (gliding shut when `animated`). Scrolling, a touch elsewhere, a batch
  /// update or a reload close it too.
  public func closeSwipeActions(animated: Bool = true) {
    swipe.close(animated: animated, in: self)
  }

  /// Performs the revealed action under `point` (content coordinates), as a tap on it does.
  /// Returns `false` when no action is there.
  @discardableResult
  public func performSwipeAction(at point: Point) -> Bool {
    guard let state = swipe.state, !state.isTracking,
      let hit = revealedSwipeActions.first(where: { $0.frame.contains(point) })
    else { return false }
    swipe.perform(hit.action, on: state.indexPath, offset: state.offset, in: self)
    return true
  }

  /// The actions a row's leading edge reveals when swiped toward its trailing edge (UIKit's
  /// `leadingSwipeActionsConfigurationProvider`), asked when a swipe starts; `nil` or no
  /// actions: none. See ``revealedSwipeActions``.
  public var leadingSwipeActionsProvider: ((ItemPath) -> SwipeActionsConfiguration?)? {
    get { swipe.leadingProvider }
    set { swipe.leadingProvider = newValue }
  }

  /// The actions a row's trailing edge reveals when swiped toward its leading edge.
  public var trailingSwipeActionsProvider: ((ItemPath) -> SwipeActionsConfiguration?)? {
    get { swipe.trailingProvider }
    set { swipe.trailingProvider = newValue }
  }
}
