/// The input part of a collection view: the one place pointer and key events are interpreted,
/// whatever the host. A press captures one thing until it lifts:
/// - the section index (a press or a drag jumps to the title under it);
/// - the scroll thumb (grabbed where pressed; a press on the track jumps the thumb's middle
///   there);
/// - an item's reorder grip (``CollectionView/reorderGrip``: the item lifts and follows);
/// - a supplementary view the app claims (``CollectionView/supplementaryPressHandler``: a
///   table's column headers sort, resize and reorder);
/// - a drag that selects (``CollectionView/selectionDragStyle``: a box or a slide, once the
///   press travels past a few points; a release before that is a tap);
/// - the content (a drag scrolls, or swipes a row when it leaves across the scroll axis on a
///   row with actions; a release that never became a drag is a tap).
///
/// Keys go through ``CollectionView/keyMap``.
final class GestureInterpreter {
  /// What the press down now holds.
  enum Capture: Equatable {
    case none
    case content
    case sectionIndex(title: Int)
    /// `grab`: where on the thumb it is held, along the track; `along`: the pointer's last
    /// place on the track; `stale`: content moved under the viewport since, so the grab is
    /// taken again from where the thumb is now.
    case thumb(grab: Double, along: Double, stale: Bool)
    /// The pointer's distance from the lifted item's centre.
    case movement(grab: Point)
    /// A supplementary view the handler claimed, where the press went down (viewport), and
    /// whether it has travelled past the slop.
    case supplementary(SupplementaryPress, start: Point, moved: Bool)
    /// A press that becomes a drag that selects once it travels past the slop: where it went
    /// down (viewport) and its style and modifiers.
    case selectionPress(SelectionDragStyle, start: Point, modifiers: KeyModifiers)
    /// A drag that selects.
    case selectionDrag
    /// A press on an item that starts a drag and drop once it travels past the slop.
    case dragPress(ItemPath, start: Point)
    /// A drag and drop out of this collection view.
    case dragging
  }

  /// How far, in points, a press on a claimed supplementary view travels before it is a drag.
  static let supplementarySlop = 3.0

  /// Where the host draws chrome that takes the pointer.
  var regions = PointerRegions()
  /// Decides whether a press on an item's point lifts it to reorder it.
  var reorderGrip: ((ItemPath, Point) -> Bool)?
  /// Claims presses on supplementary views.
  var supplementaryPressHandler: ((SupplementaryPress) -> Bool)?
  /// Which keys do what.
  var keyMap = KeyMap.standard
  private(set) var capture = Capture.none
  /// Whether the press down now caught the content moving on its own (a fling): as in UIKit,
  /// it only stops the scroll, and its release is no tap (it selected the row under it: a new
  /// user's finding).
  private var pressStoppedMotion = false
  /// The modifiers held at the press being interpreted (set while its events are handled).
  private(set) var pressModifiers: KeyModifiers = []

  /// Content moved under the viewport by `delta`: a grabbed thumb is taken again from where
  /// it is at the next move, so the content goes on from where it is drawn. (The drag moved
  /// with the content already; a lifted item is held in viewport coordinates.)
  func contentDidMove(by delta: Point, in collectionView: CollectionView) {
    if case .thumb(let grab, let along, _) = capture {
      capture = .thumb(grab: grab, along: along, stale: true)
    }
  }

  // MARK: Pointer

  /// Interprets a pointer event; see ``CollectionView/handle(_:)-(PointerEvent)``.
  func handle(_ event: PointerEvent, in view: CollectionView) -> Bool {
    guard event.location.isFinite, event.time.isFinite else { return false }
    pressModifiers = event.modifiers
    defer { pressModifiers = [] }
    switch event.phase {
    case .began: return begin(event, in: view)
    case .moved: return move(event, in: view)
    case .ended: return end(event, in: view)
    case .cancelled:
      guard capture != .none else { return false }
      cancel(in: view)
      return true
    }
  }

  private func begin(_ event: PointerEvent, in view: CollectionView) -> Bool {
    if capture != .none { cancel(in: view) }  // a press whose release went astray
    pressStoppedMotion = view.isDecelerating
    let point = event.location
    if let index = regions.sectionIndex, index.contains(point) {
      capture = .sectionIndex(title: -1)
      jumpToIndexTitle(at: point, in: index, view)
      return true
    }
    if let track = regions.scrollIndicator, track.contains(point) {
      let axis = view.collectionViewLayout.scrollDirection
      let along = position(point[axis] - track.min(axis))
      guard
        let thumb = view.scrollThumb(
          trackLength: track.length(axis), roundedToWholePoints: regions.snapsToWholePoints)
      else { return true }  // everything fits: the press is the track's, and does nothing
      let onThumb = along >= thumb.offset && along < thumb.offset + thumb.length
      let grab = onThumb ? along - thumb.offset : thumb.length / 2
      capture = .thumb(grab: grab, along: along, stale: false)
      if !onThumb { moveThumb(to: along - grab, track: track, view) }
      return true
    }
    guard Rect(origin: .zero, size: view.viewportSize).contains(point) else { return false }
    if claimSupplementary(at: point, time: event.time, view) { return true }
    if lift(at: point, view) { return true }
    if let style = selectionStyle(at: point, modifiers: event.modifiers, view) {
      capture = .selectionPress(style, start: point, modifiers: event.modifiers)
      view.abandonTouch()  // the press stops a scroll, as a touch does
      return true
    }
    if let item = draggableItem(at: point, view) {
      capture = .dragPress(item, start: point)
      view.abandonTouch()
      return true
    }
    capture = .content
    view.beginDrag(at: point, time: event.time)
    return true
  }

  private func move(_ event: PointerEvent, in view: CollectionView) -> Bool {
    let point = event.location
    switch capture {
    case .none:
      return false
    case .content:
      view.moveDrag(to: point, time: event.time)
    case .sectionIndex:
      if let index = regions.sectionIndex { jumpToIndexTitle(at: point, in: index, view) }
    case .thumb(var grab, _, let stale):
      guard let track = regions.scrollIndicator else { return true }
      let axis = view.collectionViewLayout.scrollDirection
      let along = position(point[axis] - track.min(axis))
      if stale, case .thumb(_, let last, _) = capture,
        let thumb = view.scrollThumb(
          trackLength: track.length(axis), roundedToWholePoints: regions.snapsToWholePoints)
      {
        grab = last - thumb.offset
      }
      capture = .thumb(grab: grab, along: along, stale: false)
      moveThumb(to: along - grab, track: track, view)
    case .supplementary(var press, let start, var moved):
      moved = moved || max(abs(point.x - start.x), abs(point.y - start.y)) >= Self.supplementarySlop
      press.phase = .moved
      press.location = point
      press.time = event.time
      press.isDrag = moved
      capture = .supplementary(press, start: start, moved: moved)
      if moved { _ = supplementaryPressHandler?(press) }
    case .selectionPress(let style, let start, let modifiers):
      guard travelled(from: start, to: point, in: view) else { return true }
      let offset = view.contentOffset
      let content = { (p: Point) in Point(x: p.x + offset.x, y: p.y + offset.y) }
      guard view.beginSelectionDrag(at: content(start), style: style, modifiers: modifiers) else {
        capture = .none
        return true
      }
      capture = .selectionDrag
      view.updateSelectionDrag(to: content(point))
    case .selectionDrag:
      let offset = view.contentOffset
      view.updateSelectionDrag(to: Point(x: point.x + offset.x, y: point.y + offset.y))
    case .dragPress(let item, let start):
      guard travelled(from: start, to: point, in: view) else { return true }
      guard let coordinator = view.dragCoordinator,
        let origin = coordinator.frame(of: view)?.origin,
        coordinator.beginDrag(
          from: view, at: item, location: Point(x: start.x + origin.x, y: start.y + origin.y))
      else {
        // Refused: the press scrolls, as any press on the content.
        capture = .content
        view.beginDrag(at: start, time: event.time)
        view.moveDrag(to: point, time: event.time)
        return true
      }
      capture = .dragging
      coordinator.moveDrag(to: Point(x: point.x + origin.x, y: point.y + origin.y))
    case .dragging:
      guard let coordinator = view.dragCoordinator, coordinator.session?.source === view,
        let origin = coordinator.frame(of: view)?.origin
      else {
        capture = .none  // the drag ended meanwhile
        return true
      }
      coordinator.moveDrag(to: Point(x: point.x + origin.x, y: point.y + origin.y))
    case .movement(let grab):
      guard view.interactivelyMovingItem != nil else { return true }  // it ended meanwhile
      // Held inside the viewport, so the lifted item stays in view (autoscroll goes on).
      let size = view.viewportSize
      let held = Point(
        x: min(max(point.x, 0), max(0, size.width - 0.5)),
        y: min(max(point.y, 0), max(0, size.height - 0.5)))
      let offset = view.contentOffset
      view.updateInteractiveMovementTargetPosition(
        Point(x: held.x + offset.x - grab.x, y: held.y + offset.y - grab.y))
    }
    return true
  }

  private func end(_ event: PointerEvent, in view: CollectionView) -> Bool {
    let held = capture
    capture = .none
    switch held {
    case .none:
      return false
    case .content:
      let wasDragging = view.isDragging || view.isDraggingRail
      view.endDrag(at: event.location, time: event.time)
      view.releaseRail()
      if !wasDragging && !pressStoppedMotion
        && Rect(origin: .zero, size: view.viewportSize).contains(event.location)
      {
        let offset = view.contentOffset
        view.tap(at: Point(x: event.location.x + offset.x, y: event.location.y + offset.y))
      }
    case .movement:
      view.endInteractiveMovement()
    case .dragging:
      if let coordinator = view.dragCoordinator, coordinator.session?.source === view,
        let origin = coordinator.frame(of: view)?.origin
      {
        let location = event.location
        coordinator.moveDrag(to: Point(x: location.x + origin.x, y: location.y + origin.y))
        coordinator.drop()
      }
    case .selectionPress, .dragPress:
      if !pressStoppedMotion
        && Rect(origin: .zero, size: view.viewportSize).contains(event.location)
      {
        let offset = view.contentOffset
        view.tap(at: Point(x: event.location.x + offset.x, y: event.location.y + offset.y))
      }
    case .selectionDrag:
      let offset = view.contentOffset
      view.updateSelectionDrag(
        to: Point(x: event.location.x + offset.x, y: event.location.y + offset.y))
      view.endSelectionDrag()
    case .supplementary(var press, _, let moved):
      press.phase = .ended
      press.location = event.location
      press.time = event.time
      press.isDrag = moved
      _ = supplementaryPressHandler?(press)
    case .sectionIndex, .thumb:
      break
    }
    return true
  }

  /// Lets go of whatever the press holds: a lifted item glides back, a drag settles, a grabbed
  /// thumb or index lets go.
  func cancel(in view: CollectionView) {
    let held = capture
    capture = .none
    switch held {
    case .movement: view.cancelInteractiveMovement()
    case .selectionDrag: view.cancelSelectionDrag()
    case .dragging:
      if let coordinator = view.dragCoordinator, coordinator.session?.source === view {
        coordinator.cancelDrag()
      }
    case .content:
      view.cancelDrag(time: .nan)
      view.releaseRail()
    case .supplementary(var press, _, let moved):
      press.phase = .cancelled
      press.isDrag = moved
      _ = supplementaryPressHandler?(press)
    default: break
    }
  }

  /// The title under a press on the index, if it is not the one shown already.
  var pressedIndexTitle: Int? {
    if case .sectionIndex(let title) = capture, title >= 0 { return title }
    return nil
  }

  // MARK: Captures

  /// Gives a press on the topmost displayed supplementary view under it to the handler, which
  /// may claim it.
  ///
  /// - Complexity: O(k) over the displayed supplementary views.
  private func claimSupplementary(at point: Point, time: Double, _ view: CollectionView) -> Bool {
    guard let supplementaryPressHandler else { return false }
    let offset = view.contentOffset
    let content = Point(x: point.x + offset.x, y: point.y + offset.y)
    var found: LayoutAttributes?
    for attributes in view.displayedSupplementaryViews.attributes
    where attributes.frame.contains(content)
      && (found == nil || attributes.zIndex > found!.zIndex)
    {
      found = attributes
    }
    guard let found, let kind = found.supplementaryKind else { return false }
    var frame = found.frame
    frame.origin = Point(x: frame.minX - offset.x, y: frame.minY - offset.y)
    let press = SupplementaryPress(
      phase: .began, kind: kind, indexPath: found.indexPath, frame: frame, location: point,
      time: time, isDrag: false)
    guard supplementaryPressHandler(press) else { return false }
    capture = .supplementary(press, start: point, moved: false)
    return true
  }

  /// Whether a press has travelled far enough to be a drag (the view's drag slop, a terminal's
  /// one cell).
  private func travelled(from start: Point, to point: Point, in view: CollectionView) -> Bool {
    let slop = view.dragSlop.isFinite ? max(0.5, view.dragSlop) : Self.supplementarySlop
    return max(abs(point.x - start.x), abs(point.y - start.y)) >= slop
  }

  /// The style of a drag that selects, when the app's decider wants one for a press here.
  private func selectionStyle(
    at point: Point, modifiers: KeyModifiers, _ view: CollectionView
  )
    -> SelectionDragStyle?
  {
    guard let selectionDragStyle = view.selectionDragStyle, view.allowsSelection,
      view.allowsMultipleSelection,
      view.swipedItem == nil
    else { return nil }
    let offset = view.contentOffset
    let content = Point(x: point.x + offset.x, y: point.y + offset.y)
    return selectionDragStyle(view.indexPathForDrawnItem(at: content), content, modifiers)
  }

  /// The item under a press that may start a drag and drop: the view takes part in a
  /// coordinator and has a drag delegate.
  private func draggableItem(at point: Point, _ view: CollectionView) -> ItemPath? {
    guard view.dragCoordinator != nil, view.dragDelegate != nil, view.swipedItem == nil else {
      return nil
    }
    let offset = view.contentOffset
    return view.indexPathForDrawnItem(at: Point(x: point.x + offset.x, y: point.y + offset.y))
  }

  /// Lifts the item under a press when the grip says so.
  private func lift(at point: Point, _ view: CollectionView) -> Bool {
    // A row swiped open shows its content where its grip was: the press closes it instead.
    guard let reorderGrip, view.swipedItem == nil else { return false }
    let offset = view.contentOffset
    let content = Point(x: point.x + offset.x, y: point.y + offset.y)
    guard let path = view.indexPathForDrawnItem(at: content),
      let frame = view.frameForItem(at: path),
      reorderGrip(path, Point(x: content.x - frame.minX, y: content.y - frame.minY)),
      view.beginInteractiveMovementForItem(at: path)
    else { return false }
    capture = .movement(grab: Point(x: content.x - frame.midX, y: content.y - frame.midY))
    // The cursor goes to what the pointer lifts, as a press on an item puts it there: the
    // status and a screen reader name the item being moved, and a cancelled drag brings the
    // cursor's item back into view (it left the cursor on another item, under the pinned
    // header: a new user's finding).
    view.focusItem(at: path, scrollsIntoView: false)
    return true
  }

  private func jumpToIndexTitle(at point: Point, in index: Rect, _ view: CollectionView) {
    let axis = Axis.vertical
    guard
      let title = view.indexTitle(
        atPosition: position(point[axis] - index.min(axis)), trackLength: index.length(axis))
    else { return }
    if case .sectionIndex(let shown) = capture, shown == title { return }
    capture = .sectionIndex(title: title)
    view.scrollToIndexTitle(at: title)
    view.collectionDelegate?.collectionView(view, didJumpToIndexTitleAt: title)
  }

  private func moveThumb(to offset: Double, track: Rect, _ view: CollectionView) {
    let axis = view.collectionViewLayout.scrollDirection
    let target = view.contentOffset(forScrollThumbOffset: offset, trackLength: track.length(axis))
    view.setContentOffset(target, animated: false)
  }

  /// A position along chrome: the whole point it falls in, where the host draws in whole
  /// points.
  private func position(_ value: Double) -> Double {
    regions.snapsToWholePoints ? value.rounded(.down) : value
  }
}

extension GestureInterpreter {
  /// Checks that a capture is consistent with the view. Compiled in only with
  /// `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      if case .thumb(let grab, let along, _) = capture {
        collectionView.invariant(grab.isFinite && along.isFinite, "thumb grab not finite")
      }
    #endif
  }
}

extension GestureInterpreter: CollectionViewPart {}
