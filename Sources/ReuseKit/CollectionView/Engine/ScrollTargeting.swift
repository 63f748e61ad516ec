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

extension ScrollTargeting: CollectionViewPart {}
