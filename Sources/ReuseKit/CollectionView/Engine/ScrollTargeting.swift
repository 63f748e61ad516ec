/// What `scrollToItem` and snapping remember between calls: the item a running animation
/// lands on (it re-aims as cells measure themselves), and a scratch buffer for snap-stop
/// queries (which may run during a pass, so they do not share the pass's).
final class ScrollTargeting {
  /// The item a running `scrollToItem` animation lands on.
  var pendingItemScroll: (indexPath: ItemPath, position: ScrollPosition, padding: Double)?
  /// Scratch buffer for snap-stop queries.
  var snapElements = LayoutElements()

  /// A code-started animation reaches its end: it lands exactly on its item, wherever cells
  /// measured on the way moved it.
  func animationWillFinish(in collectionView: CollectionView) {
    guard let (indexPath, position, padding) = pendingItemScroll else { return }
    pendingItemScroll = nil
    collectionView.landExactly(on: indexPath, at: position, padding: padding)
  }
}

extension ScrollTargeting: CollectionViewPart {
  /// The item a running animation lands on follows an update (items inserted before it move
  /// it on); one deleted, or gone in a reload, is no longer aimed at (the animation ends where
  /// it was heading).
  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    guard let pending = pendingItemScroll else { return }
    switch change {
    case .reload:
      // Everything read again: the same path, if it still names an item.
      if !view.isValid(pending.indexPath) { pendingItemScroll = nil }
    case .update(let mapping, _, _):
      pendingItemScroll = mapping.newIndexPath(forOld: pending.indexPath).map {
        ($0, pending.position, pending.padding)
      }
    }
  }
}
