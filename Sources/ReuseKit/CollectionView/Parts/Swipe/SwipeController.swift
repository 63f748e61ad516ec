/// The swipe-actions part of a collection view: the row swiped open (or being swiped), the row
/// under a touch that may become it, and the providers of each edge's actions. A drag that
/// leaves across the scroll axis on a row with actions that way is the swipe's and never
/// scrolls; scrolling, a touch on another row, a batch update or a reload close the row.
final class SwipeController {
  /// How long an open or close glides, in seconds.
  static let glideDuration = 0.25

  var leadingProvider: ((ItemPath) -> SwipeActionsConfiguration?)?
  var trailingProvider: ((ItemPath) -> SwipeActionsConfiguration?)?
  /// The row swiped or open.
  @exclusivity(unchecked) private(set) var state: SwipeState?
  /// The row under the touch, which a drag across may swipe.
  private var candidate: ItemPath?

  /// The swiped row and how far it is moved across, while it is moved: what
  /// `forEachDisplayedView` draws moved. `nil` on the bare path.
  @inline(__always)
  var presentedRow: (indexPath: ItemPath, offset: Double)? {
    guard let state, state.offset != 0 else { return nil }
    return (state.indexPath, state.offset)
  }

  /// The row an action was performed on, drawn where it was moved across (a full swipe: all
  /// the way) while an update takes it away, as UIKit's row leaves: its cell and the offset.
  /// It is drawn so only while an update's animation removes that cell (not when the action
  /// kept the row, or moved it).
  @exclusivity(unchecked) var leavingRow: (view: ObjectIdentifier, offset: Double, time: Double)?

  /// Whether an open or close glides.
  var needsTicks: Bool { state?.glide != nil }

  // MARK: Opening and closing

  /// Opens `indexPath`'s actions at `edge`, closing any other row. `false` when it has none
  /// there.
  func open(
    _ indexPath: ItemPath, edge: SwipeEdge, animated: Bool, in collectionView: CollectionView
  ) -> Bool {
    var new = makeState(for: indexPath)
    let width = edge == .leading ? new.leadingWidth : -new.trailingWidth
    guard width != 0 else { return false }
    if let state, state.indexPath == indexPath { new.offset = state.offset }
    state = new
    glide(to: width, animated: animated)
    return true
  }

  /// Closes the open row (gliding shut when `animated`).
  func close(animated: Bool, in collectionView: CollectionView) {
    guard state != nil else { return }
    guard animated else {
      state = nil
      return
    }
    if state?.glide?.to == 0 { return }
    glide(to: 0, animated: true)
  }

  /// Performs `action` on the row: it closes first, so the handler may delete it; a row the
  /// handler deletes leaves from where it was moved (`offset`; all the way for a full swipe),
  /// not from its place shut.
  func perform(
    _ action: SwipeAction, on indexPath: ItemPath, offset: Double, in collectionView: CollectionView
  ) {
    state = nil
    candidate = nil
    leavingRow = collectionView.cellForItem(at: indexPath).map {
      (ObjectIdentifier($0), offset, collectionView.now)
    }
    action.handler(indexPath)
  }

  /// The content scrolled: an open row that no finger holds closes.
  @inline(__always)
  func contentDidScroll(in collectionView: CollectionView) {
    if state != nil && state?.isTracking == false { close(animated: true, in: collectionView) }
  }

  // MARK: The touch

  /// A touch went down: the row under it may be swiped; a touch on another row closes the
  /// open one.
  func touchDidBegin(at point: Point, in collectionView: CollectionView) {
    candidate = nil
    guard leadingProvider != nil || trailingProvider != nil, !collectionView.isMovingItem
    else { return }
    let offset = collectionView.contentOffset
    let content = Point(x: point.x + offset.x, y: point.y + offset.y)
    let path = collectionView.indexPathForDrawnItem(at: content)
    if let state, state.indexPath != path { close(animated: true, in: collectionView) }
    candidate = path
  }

  /// Takes a drag that leaves across the scroll axis (within the directional lock angle, as
  /// the picker decides) on a row with actions on that side, or on the open row.
  func claimsDrag(dx: Double, dy: Double, in collectionView: CollectionView) -> Bool {
    guard let path = candidate, collectionView.isValid(path) else { return false }
    let scrollsHorizontally = collectionView.collectionViewLayout.scrollDirection == .horizontal
    let across = scrollsHorizontally ? dy : dx
    let along = scrollsHorizontally ? dx : dy
    let slope = tangent(degrees: collectionView.directionalLockAngle)
    guard across != 0, abs(along) <= abs(across) * slope else { return false }
    var new: SwipeState
    if let state, state.indexPath == path {
      new = state
    } else {
      new = makeState(for: path)
      guard (across > 0 ? new.leadingWidth : new.trailingWidth) > 0 else { return false }
    }
    new.isTracking = true
    new.startOffset = new.offset
    new.glide = nil
    state = new
    return true
  }

  /// The row follows the finger across, as far as a full swipe where one is allowed and
  /// against a resistance past its actions elsewhere; never toward a side without actions.
  func dragMoved(dx: Double, dy: Double, in collectionView: CollectionView) {
    guard var new = state, new.isTracking else { return }
    let layout = collectionView.collectionViewLayout
    let raw = new.startOffset + (layout.scrollDirection == .horizontal ? dy : dx)
    let length = rowLength(new, in: collectionView)
    func limited(_ distance: Double, width: Double, edge: SwipeEdge) -> Double {
      guard width > 0 else { return 0 }
      if distance <= width { return distance }
      if new.fullSwipeThreshold(edge, rowLength: length) != nil { return min(distance, length) }
      return width + (distance - width) / 4
    }
    new.offset =
      raw >= 0
      ? limited(raw, width: new.leadingWidth, edge: .leading)
      : -limited(-raw, width: new.trailingWidth, edge: .trailing)
    state = new
  }

  /// The finger lifted: past the full-swipe threshold the first action runs; otherwise the row
  /// opens when, carried on by its velocity for 0.2 s, it would be more than half open.
  func dragEnded(velocity: Point, in collectionView: CollectionView) {
    guard let current = state, current.isTracking else { return }
    let across = collectionView.collectionViewLayout.scrollDirection.cross
    let length = rowLength(current, in: collectionView)
    let edge: SwipeEdge = current.offset >= 0 ? .leading : .trailing
    if let threshold = current.fullSwipeThreshold(edge, rowLength: length),
      abs(current.offset) >= threshold,
      let first = (edge == .leading ? current.leading : current.trailing)?.actions.first
    {
      // All the way across: the row leaves the way the finger threw it.
      return perform(
        first, on: current.indexPath, offset: current.offset >= 0 ? length : -length,
        in: collectionView)
    }
    let projected = current.offset + velocity[across] * 0.2
    var target = 0.0
    if current.offset >= 0, current.leadingWidth > 0, projected > current.leadingWidth / 2 {
      target = current.leadingWidth
    } else if current.offset <= 0, current.trailingWidth > 0,
      -projected > current.trailingWidth / 2
    {
      target = -current.trailingWidth
    }
    glide(to: target, animated: true)
  }

  // MARK: Time

  /// One tick of the glide (eased out); a row that closes leaves no state.
  func advance(to time: Double) {
    guard var new = state, let glide = new.glide else { return }
    let start = glide.start ?? time
    new.glide?.start = start
    let fraction = min(1, max(0, (time - start) / Self.glideDuration))
    let remaining = 1 - fraction
    new.offset = glide.from + (glide.to - glide.from) * (1 - remaining * remaining * remaining)
    if fraction >= 1 {
      new.offset = glide.to
      new.glide = nil
    }
    state = new.offset == 0 && new.glide == nil ? nil : new
  }

  // MARK: Private

  private func makeState(for indexPath: ItemPath) -> SwipeState {
    func nonEmpty(_ configuration: SwipeActionsConfiguration?) -> SwipeActionsConfiguration? {
      guard let configuration, configuration.width > 0 else { return nil }
      return configuration
    }
    return SwipeState(
      indexPath: indexPath, leading: nonEmpty(leadingProvider?(indexPath)),
      trailing: nonEmpty(trailingProvider?(indexPath)))
  }

  /// The row's length across the scroll axis (how far a full swipe goes).
  private func rowLength(_ state: SwipeState, in collectionView: CollectionView) -> Double {
    let layout = collectionView.collectionViewLayout
    let across = layout.scrollDirection.cross
    return layout.layoutAttributesForItem(at: state.indexPath)?.frame.length(across)
      ?? collectionView.viewportSize[across]
  }

  private func glide(to target: Double, animated: Bool) {
    guard var new = state else { return }
    new.isTracking = false
    guard animated, new.offset != target else {
      new.offset = target
      new.glide = nil
      state = target == 0 ? nil : new
      return
    }
    new.glide = (from: new.offset, to: target, start: nil)
    state = new
  }
}

extension SwipeController {
  /// Checks that the swiped row exists and rests within its actions' reach. Compiled in only
  /// with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      guard let state else { return }
      collectionView.invariant(state.offset.isFinite, "swipe offset \(state.offset)")
      collectionView.invariant(
        collectionView.isValid(state.indexPath) || collectionView.isInPass,
        "swiped row \(state.indexPath) out of range")
    #endif
  }
}

extension SwipeController: CollectionViewPart {
  /// Any change of the data closes an open row at once. The row an action was performed on
  /// is drawn leaving only by an update that comes with the action (at once, or a tick later
  /// from a declared list): a later one may remove its cell reused for another item.
  func dataWillChange(reloading: Bool, in view: CollectionView) {
    close(animated: false, in: view)
    if let leaving = leavingRow, reloading || view.now - leaving.time >= 0.1 { leavingRow = nil }
  }
}
