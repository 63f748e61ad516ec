/// What a drop does (UIKit's `UIDropOperation`), as the target's drop delegate proposes it for
/// the place under the pointer.
public enum DropOperation: Hashable, Sendable {
  /// The items leave the source and land in the target.
  case move
  /// Copies land in the target; the source keeps its items.
  case copy
  /// Not here: no gap opens, and a release here returns everything.
  case forbidden
  /// Ends the drag at once, returning everything (a target that gives up).
  case cancel
}

/// A drag of items out of one collection view, over every collection view its
/// ``DragCoordinator`` knows (UIKit's `UIDragSession` and `UIDropSession` in one).
///
/// It carries items by their paths in the source, and follows them: a batch update or a
/// snapshot in the source while the drag runs moves them with their items, and items deleted
/// meanwhile leave the drag (when none is left, it ends). Nothing changes in any data source
/// until the drop.
public final class DragSession {
  /// The collection view the items come from (held while the drag runs).
  public private(set) var source: CollectionView?
  /// The items carried, by their paths in the source, in ascending order.
  public internal(set) var items: [ItemPath]
  /// Where the pointer is, in the coordinator's space.
  public internal(set) var location: Point
  /// The collection view under the pointer, if any.
  public internal(set) var target: CollectionView?
  /// Where the first item lands if dropped now, as a path in the target after the drop (the
  /// others follow it in order, in the same section); `nil` with no target. Reading it lays
  /// the target out, if the pointer moved since its last pass.
  public var destination: ItemPath? {
    get {
      if !isOver { target?.layoutIfNeeded() }
      return foundDestination
    }
    set { foundDestination = newValue }
  }
  /// What a drop now would do, as the target's drop delegate says; ``DropOperation/forbidden``
  /// with no target. Reading it lays the target out, as ``destination`` does.
  public var operation: DropOperation {
    get {
      if !isOver { target?.layoutIfNeeded() }
      return foundOperation
    }
    set { foundOperation = newValue }
  }
  /// Whether the drag has ended (dropped or returned): what it found stays as it was, and
  /// reading it lays nothing out (the data may be changing for the drop).
  var isOver = false
  /// What the target's last pass found.
  var foundDestination: ItemPath?
  var foundOperation = DropOperation.forbidden
  /// The first item's size in the source when the drag began, for the host to draw the
  /// dragged card at the pointer.
  public let previewSize: Size
  /// Where the first item's frame was from the pointer when the drag began (its top-left
  /// corner minus the pointer), for the host's preview.
  public let previewOffset: Point
  /// Anything the app wants to carry along (the dragged models, say).
  public var localContext: Any?

  /// Where the drop would insert in the target, in paths before the drop (the item the gap
  /// opens before; `item` may equal the section's count).
  var insertion: ItemPath?

  init(source: CollectionView, items: [ItemPath], location: Point, preview: Rect) {
    self.source = source
    self.items = items
    self.location = location
    previewSize = preview.size
    previewOffset = Point(x: preview.minX - location.x, y: preview.minY - location.y)
  }

  /// Whether the drop would change something: a move or a copy onto a target.
  public var canDrop: Bool {
    target != nil && destination != nil && (operation == .move || operation == .copy)
  }

  /// Where the items land after the drop, from ``destination``.
  public var destinationItems: [ItemPath] {
    guard let destination else { return [] }
    return (0..<items.count).map {
      ItemPath(section: destination.section, item: destination.item + $0)
    }
  }
}

/// Starts drags out of a collection view (UIKit's `UICollectionViewDragDelegate`). Every method
/// has a default.
public protocol CollectionViewDragDelegate: AnyObject {
  /// The items a drag starting on `indexPath` carries, in any order; empty refuses the drag.
  /// The default: the selected items when `indexPath` is one of them, else `indexPath` alone.
  func collectionView(
    _ collectionView: CollectionView, itemsForBeginningDragAt indexPath: ItemPath
  )
    -> [ItemPath]
  /// The drag ended: dropped with `operation` (``DropOperation/move`` or
  /// ``DropOperation/copy``), or returned (``DropOperation/cancel``).
  func collectionView(
    _ collectionView: CollectionView, dragSessionDidEnd session: DragSession,
    operation: DropOperation)
}

extension CollectionViewDragDelegate {
  /// The selection when `indexPath` is in it, else `indexPath`.
  public func collectionView(
    _ collectionView: CollectionView, itemsForBeginningDragAt indexPath: ItemPath
  ) -> [ItemPath] {
    collectionView.isItemSelected(at: indexPath)
      ? collectionView.indexPathsForSelectedItems : [indexPath]
  }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, dragSessionDidEnd session: DragSession,
    operation: DropOperation
  ) {}
}

/// Takes drops into a collection view (UIKit's `UICollectionViewDropDelegate`).
public protocol CollectionViewDropDelegate: AnyObject {
  /// What a drop at `destination` (a path after the drop) would do; asked whenever the place
  /// under the pointer changes. The default: ``DropOperation/move``.
  func collectionView(
    _ collectionView: CollectionView, dropOperationFor session: DragSession,
    at destination: ItemPath
  ) -> DropOperation
  /// Performs the drop in the data: for ``DropOperation/move`` remove `session.items` from the
  /// source's data and insert them, in their order, at `destination` in this collection view's
  /// (the same data when the source is this collection view: `destination` is a path after
  /// the removal); for ``DropOperation/copy`` insert copies only. Change the data only: the
  /// coordinator then shows the change in each collection view as one batch update (a data
  /// change that does not match falls back to a reload, with a typed error, and never
  /// crashes).
  func collectionView(
    _ collectionView: CollectionView, performDrop session: DragSession, at destination: ItemPath,
    operation: DropOperation)
}

extension CollectionViewDropDelegate {
  /// ``DropOperation/move``.
  public func collectionView(
    _ collectionView: CollectionView, dropOperationFor session: DragSession,
    at destination: ItemPath
  ) -> DropOperation { .move }
}
