/// Drag and drop between the collection views of one host, and within each (UIKit's drag and
/// drop interactions, for a headless engine): the host adds its collection views with their
/// frames in one space (its window), and each view's pointer gestures start, move and drop
/// drags through it; a host may also drive it from code.
///
/// ```swift
/// let coordinator = DragCoordinator()
/// for (column, frame) in zip(columns, frames) {
///   coordinator.add(column, frame: frame)
///   column.dragDelegate = board   // which items a drag carries
///   column.dropDelegate = board   // what a drop does, and doing it in the data
/// }
/// ```
///
/// While a drag runs, the items stay in their source, drawn faded
/// (``CollectionViewCell/isDragged``); the collection view under the pointer opens a gap
/// where they would land (items slide aside in lists, move one slot on in grids), asks its
/// drop delegate what a drop there would do, and scrolls by itself near its edges. The drop
/// is one change in the data (the drop delegate's) and one batch update in each collection
/// view; a cancel returns everything, since nothing moved.
///
/// It never loses an item: updates in the source during the drag carry the items along
/// (deleted ones leave the drag; with none left, it ends), updates, reloads and resizes in
/// the target move the gap, a reload in the source or its removal ends the drag, and a
/// second drag ends the first.
public final class DragCoordinator {
  private struct WeakView {
    weak var view: CollectionView?
  }

  /// The collection views taking part and their frames, side by side (a pointer move scans
  /// the frames, and loads a weak reference only for the one under it).
  private var views: [WeakView] = []
  private var frames: [Rect] = []
  /// The drag running now, if any.
  public private(set) var session: DragSession?
  /// Told whenever the drag begins, changes place or operation, or ends (`nil`): the host
  /// redraws its preview and its status line.
  public var sessionDidChange: ((DragSession?) -> Void)?

  /// Creates a coordinator with no collection views.
  public init() {}

  deinit {
    // The views' parts hold this coordinator unowned while they have a role in its drag.
    for box in views {
      guard let view = box.view else { continue }
      view.dragAndDrop.coordinatorWillGo(in: view)
    }
  }

  // MARK: Collection views

  /// Takes part in drags: `view` at `frame` in the coordinator's space (where its viewport's
  /// top-left corner is). Adding it again moves it, as ``setFrame(_:of:)`` does: a drag
  /// running finds its place again where the pointer now is over the views (a resize that
  /// lays the views out anew leaves no stale target).
  public func add(_ view: CollectionView, frame: Rect) {
    if frames.indices.contains(where: { views[$0].view === view }) {
      setFrame(frame, of: view)
      return
    }
    forget { $0 == nil }
    views.append(WeakView(view: view))
    frames.append(frame)
    view.dragAndDrop.coordinator = self
    if let session { moveDrag(to: session.location) }
  }

  /// Removes the members `body` picks.
  private func forget(where body: (CollectionView?) -> Bool) {
    for index in views.indices.reversed() where body(views[index].view) {
      views.remove(at: index)
      frames.remove(at: index)
    }
  }

  /// Moves `view` (a resize, a layout change of the host); a drag over it finds its place
  /// again.
  public func setFrame(_ frame: Rect, of view: CollectionView) {
    guard let index = views.firstIndex(where: { $0.view === view }), frame.isFinite else {
      return
    }
    frames[index] = frame
    if let session { moveDrag(to: session.location) }
  }

  /// Stops `view` taking part; a drag out of it ends (returning everything).
  public func remove(_ view: CollectionView) {
    if session?.source === view { cancelDrag() }
    forget { $0 == nil || $0 === view }
    if view.dragAndDrop.coordinator === self {
      view.dragAndDrop.coordinator = nil
    }
    if let session, session.target === view { moveDrag(to: session.location) }
  }

  /// Where `view` is in the coordinator's space, if it takes part.
  public func frame(of view: CollectionView) -> Rect? {
    views.firstIndex { $0.view === view }.map { frames[$0] }
  }

  /// The collection views taking part, in the order they were added.
  public var collectionViews: [CollectionView] { views.compactMap(\.view) }

  // MARK: Driving a drag

  /// Begins a drag of the items `view`'s drag delegate gives for `indexPath`, the pointer at
  /// `location` (coordinator space), as a press on an item that travels does. A drag
  /// already running ends first.
  ///
  /// - Returns: `false` (and nothing starts) when `view` does not take part or has no drag
  ///   delegate, the path is out of range, the delegate gives no item, or the view is in an
  ///   update.
  @discardableResult
  public func beginDrag(
    from view: CollectionView, at indexPath: ItemPath, location: Point
  )
    -> Bool
  {
    if session != nil { cancelDrag() }
    guard let frame = frame(of: view), location.isFinite, let delegate = view.dragDelegate,
      !view.isInPass, !view.isCollectingUpdates
    else { return false }
    view.layoutIfNeeded()
    guard view.isValid(indexPath) else {
      view.diagnostics.report(
        .indexPathOutOfRange, "beginDrag(from:at:location:): \(indexPath) is out of range")
      return false
    }
    let items = Set(delegate.collectionView(view, itemsForBeginningDragAt: indexPath))
      .filter(view.isValid).sorted()
    guard !items.isEmpty else { return false }
    var preview = view.frameForItem(at: indexPath) ?? Rect(origin: .zero, size: .zero)
    preview.origin = Point(
      x: preview.minX - view.contentOffset.x + frame.minX,
      y: preview.minY - view.contentOffset.y + frame.minY)
    view.cancelPointerForDrag()
    let session = DragSession(source: view, items: items, location: location, preview: preview)
    self.session = session
    view.dragAndDrop.becomeSource(in: view)
    moveDrag(to: location)
    return true
  }

  /// The pointer moved to `location` (coordinator space): the collection view under it opens
  /// the gap where the items would land. Non-finite locations are ignored.
  public func moveDrag(to location: Point) {
    guard let session, location.isFinite else { return }
    session.location = location
    var under: (view: CollectionView, frame: Rect)?
    for index in frames.indices.reversed() where frames[index].contains(location) {
      if let view = views[index].view {
        under = (view, frames[index])
        break
      }
    }
    if under?.view !== session.target {
      if let old = session.target {
        old.dragAndDrop.stopBeingTarget(in: old, animated: true)
      }
      session.target = under?.view
      session.insertion = nil
      session.destination = nil
      session.operation = .forbidden
      sessionDidChange?(session)
    }
    guard let (target, frame) = under else { return }
    let pointer = Point(x: location.x - frame.minX, y: location.y - frame.minY)
    // The target finds the place at its next pass (the host's tick or draw, or a read of the
    // session's destination), so several pointer events in a frame cost one.
    target.dragAndDrop.becomeTarget(pointer: pointer, in: target)
  }

  /// Drops the items where the gap is: the target's drop delegate changes the data, then each
  /// collection view shows the change as one batch update, and the dropped items are
  /// focused and (with multiple selection) selected in the target. Over no target, or where
  /// the operation is forbidden, it cancels.
  ///
  /// - Returns: whether anything was dropped.
  @discardableResult
  public func drop() -> Bool {
    guard let session else { return false }
    session.target?.layoutIfNeeded()  // the place under the pointer after any change
    guard session.canDrop, let source = session.source, let target = session.target,
      let destination = session.destination, let delegate = target.dropDelegate,
      target.isInsertionPlace(
        destination, adding: session.items.count,
        removing: session.operation == .move && source === target ? session.items : [])
    else {
      cancelDrag()
      return false
    }
    let operation = session.operation
    let inserted = session.destinationItems  // found before anything changes
    end(session, dropped: true)
    delegate.collectionView(target, performDrop: session, at: destination, operation: operation)
    if operation == .move && source === target {
      target.performBatchUpdates {
        target.deleteItems(at: session.items)
        target.insertItems(at: inserted)
      }
    } else {
      if operation == .move {
        source.performBatchUpdates { source.deleteItems(at: session.items) }
      }
      target.performBatchUpdates { target.insertItems(at: inserted) }
    }
    target.showDroppedItems(inserted)
    source.dragDelegate?.collectionView(source, dragSessionDidEnd: session, operation: operation)
    sessionDidChange?(nil)
    return true
  }

  /// Ends the drag and returns everything: nothing moved, the gap closes.
  public func cancelDrag() {
    guard let session else { return }
    end(session, dropped: false)
    if let source = session.source {
      source.dragDelegate?.collectionView(source, dragSessionDidEnd: session, operation: .cancel)
    }
    sessionDidChange?(nil)
  }

  // MARK: Internal

  /// Ends the drag's roles: a dropped one's gap closes at once (the drop's batch update
  /// animates from where everything is drawn), a returned one's glides shut.
  private func end(_ session: DragSession, dropped: Bool) {
    self.session = nil
    session.isOver = true
    if let target = session.target {
      target.dragAndDrop.stopBeingTarget(in: target, animated: !dropped)
    }
    if let source = session.source { source.dragAndDrop.stopBeingSource(in: source) }
  }

  /// The target found the place under the pointer (`insertion`, in paths before the drop):
  /// the session's destination and operation follow. Returns whether a gap shows there.
  func target(_ view: CollectionView, locatedInsertion insertion: ItemPath?) -> Bool {
    guard let session, session.target === view else { return false }
    if insertion == session.insertion {
      let operation = session.foundOperation
      return insertion != nil && (operation == .move || operation == .copy)
    }
    session.insertion = insertion
    guard let insertion else {
      session.foundDestination = nil
      session.foundOperation = .forbidden
      sessionDidChange?(session)
      return false
    }
    var destination = insertion
    if view === session.source {
      // A move within one collection view: the carried items before the gap leave first.
      destination.item -= session.items.count {
        $0.section == insertion.section && $0.item < insertion.item
      }
    }
    session.foundDestination = destination
    let operation =
      view.dropDelegate?.collectionView(view, dropOperationFor: session, at: destination)
      ?? .forbidden
    session.foundOperation = operation
    if operation == .copy && view === session.source {
      session.foundDestination = insertion  // copies leave nothing behind
    }
    if operation == .cancel { view.dragAndDrop.pendingCancel = true }
    sessionDidChange?(session)
    return operation == .move || operation == .copy
  }

  /// The source's batch update carried its items along; `items` are those left.
  func sourceDidUpdate(_ view: CollectionView, items: [ItemPath]) {
    guard let session, session.source === view else { return }
    session.items = items
    session.insertion = nil  // found again at the next pass
    if items.isEmpty { view.dragAndDrop.pendingCancel = true }
  }
}
