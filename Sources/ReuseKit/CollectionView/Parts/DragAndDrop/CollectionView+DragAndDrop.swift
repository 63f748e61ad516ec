extension CollectionView {
  // MARK: Drag and drop

  /// Which items a drag out of this collection view carries, and when it ends (UIKit's drag
  /// delegate). With one set and a ``dragCoordinator``, a press on an item that travels a few
  /// points starts a drag (a release before that is a tap). Held weakly.
  public var dragDelegate: (any CollectionViewDragDelegate)? {
    get { dragAndDrop.dragDelegate }
    set { dragAndDrop.dragDelegate = newValue }
  }

  /// What a drop here would do, and doing it in the data (UIKit's drop delegate). Without
  /// one, drops here are forbidden. Held weakly.
  public var dropDelegate: (any CollectionViewDropDelegate)? {
    get { dragAndDrop.dropDelegate }
    set { dragAndDrop.dropDelegate = newValue }
  }

  /// Whether a drag out of this collection view is running (UIKit's name).
  public var hasActiveDrag: Bool { dragAndDrop.isSource }

  /// Whether a drag is over this collection view now (UIKit's name).
  public var hasActiveDrop: Bool { dragAndDrop.isTarget }

  /// The coordinator this collection view takes part in (``DragCoordinator/add(_:frame:)``),
  /// if any.
  public var dragCoordinator: DragCoordinator? { dragAndDrop.coordinator }

  /// Where a drop would land now, when a drag is over this collection view: the gap opens
  /// before this item (a path before the drop; `item` may be the section's count).
  public var dropGap: ItemPath? {
    layoutIfNeeded()  // the pointer's last move is looked up in the next pass
    return dragAndDrop.gap?.insertion
  }
}
