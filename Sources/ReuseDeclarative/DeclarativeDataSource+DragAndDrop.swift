import ReuseKit

/// Drag and drop, declared (``ForEach/draggable(_:)``, ``ForEach/onInsert(of:operation:perform:)``):
/// the data source is the collection view's drag and drop delegate, answering from the groups
/// the body declares.
extension DeclarativeDataSource: CollectionViewDragDelegate, CollectionViewDropDelegate {
  /// Becomes the collection view's drag and drop delegate once a body declares drag or drop
  /// (unless the app set delegates of its own).
  func installDragAndDropIfNeeded() {
    guard declaresDragAndDrop, !hasInstalledDragAndDrop else { return }
    hasInstalledDragAndDrop = true
    if collectionView.dragDelegate == nil { collectionView.dragDelegate = self }
    if collectionView.dropDelegate == nil { collectionView.dropDelegate = self }
  }

  /// The items a drag from `indexPath` carries: the selected items that may be dragged when
  /// it is one of them, else it alone (if it may be).
  public func collectionView(
    _ collectionView: CollectionView, itemsForBeginningDragAt indexPath: ItemPath
  ) -> [ItemPath] {
    guard canDrag(indexPath) else { return [] }
    guard collectionView.isItemSelected(at: indexPath) else { return [indexPath] }
    return collectionView.indexPathsForSelectedItems.filter(canDrag)
  }

  /// The operation the group under `destination` declares for the dragged elements, or
  /// `DropOperation.forbidden` where no group takes them.
  public func collectionView(
    _ collectionView: CollectionView, dropOperationFor session: DragSession,
    at destination: ItemPath
  ) -> DropOperation {
    let elements = draggedElements(of: session)
    guard !elements.isEmpty, let (handler, _) = dropTarget(at: destination, for: elements)
    else { return .forbidden }
    return handler.operation(session)
  }

  /// The drop: the declaration's `perform` changes the data; then this source and the drag's
  /// source (when it is declared too) read their bodies again, so that the batch updates the
  /// coordinator makes next find the counts they expect.
  public func collectionView(
    _ collectionView: CollectionView, performDrop session: DragSession, at destination: ItemPath,
    operation: DropOperation
  ) {
    let elements = draggedElements(of: session)
    guard let (handler, index) = dropTarget(at: destination, for: elements) else { return }
    handler.perform(index, elements, operation)
    let source = session.source.flatMap { $0.dataSource as? DeclarativeDataSource }
    if let source, source !== self { source.readBodyForDrop() }
    readBodyForDrop()
  }

  /// The body read again without showing its changes: the drag coordinator shows them.
  func readBodyForDrop() {
    requestedUpdate = nil
    sections = evaluate()
  }

  // MARK: Helpers

  /// Whether the item at `indexPath` is declared draggable.
  func canDrag(_ indexPath: ItemPath) -> Bool {
    guard let (entry, index) = locate(indexPath) else { return false }
    return entry.group.canDrag(at: index)
  }

  /// The elements a drag carries, read from its source's declaration (in the source's order).
  func draggedElements(of session: DragSession) -> [Any] {
    guard let source = session.source?.dataSource as? DeclarativeDataSource else { return [] }
    return session.items.compactMap { path in
      source.locate(path).flatMap { entry, index in entry.group.element(at: index) }
    }
  }

  /// The group that takes `elements` at `destination` (a path after the drop), and the index
  /// in it: among the groups whose items reach the place (one ends where the next starts), the
  /// first that takes them.
  func dropTarget(at destination: ItemPath, for elements: [Any]) -> (DropHandler, Int)? {
    guard sections.indices.contains(destination.section), !elements.isEmpty else { return nil }
    let section = sections[destination.section]
    for (group, entry) in section.groups.enumerated() {
      let start = section.starts[group]
      let end = section.starts[group + 1]
      guard destination.item >= start, destination.item <= end,
        let handler = entry.group.dropHandler, handler.accepts(elements)
      else { continue }
      return (handler, destination.item - start)
    }
    return nil
  }
}
