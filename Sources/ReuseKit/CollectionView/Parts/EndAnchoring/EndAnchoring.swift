/// The chat-mode part of a collection view: with ``ScrollView/anchorsToEnd`` the content opens
/// at its end and keeps the end in view while it grows there; with
/// ``CollectionView/edgeDistance`` the delegate hears when the viewport nears an end, to load
/// more there. It takes part in passes only while one of them is on.
final class EndAnchoring: LayoutPassParticipant {
  /// How close to an end the viewport comes before the delegate hears of it; 0 turns it off.
  var edgeDistance: Double = 0
  /// The edges the delegate was told about in the current approach, and the item count then.
  private var edgesTold: Set<ContentEdge> = []
  private var edgeItemCount = -1
  /// Chat mode was turned on or the data reloaded: the next pass starts at the end.
  private var opensAtEnd = false

  /// Chat mode was turned on or off: it goes to the end, and takes part in passes while on.
  func anchoringChanged(in collectionView: CollectionView) {
    opensAtEnd = collectionView.anchorsToEnd
    updateParticipation(in: collectionView)
    collectionView.setNeedsLayout()
  }

  /// The data reloaded: chat mode opens the conversation at its end again.
  func dataDidReload(in collectionView: CollectionView) {
    if collectionView.anchorsToEnd { opensAtEnd = true }
  }

  /// Takes part in passes while chat mode or edge loading is on.
  func updateParticipation(in collectionView: CollectionView) {
    if collectionView.anchorsToEnd || edgeDistance > 0 {
      collectionView.join(self)
    } else {
      collectionView.leave(self)
    }
  }

  // MARK: Taking part in passes

  /// prepare: a conversation opens at its end (unless a finger holds the content).
  func collectionView(_ collectionView: CollectionView, willQuery layout: any CollectionViewLayout)
  {
    guard opensAtEnd, !collectionView.viewportSize.isEmpty else { return }
    opensAtEnd = false
    if !collectionView.isTracking { collectionView.restoreEnd() }
  }

  /// measure: at the end, cells growing there (a message streaming in) keep the end in view.
  func measuringAnchor(in collectionView: CollectionView) -> MeasuringAnchor? {
    collectionView.keepsEndInView ? .end : nil
  }

  /// notify: tells the delegate when the viewport comes within ``edgeDistance`` of an end of
  /// the content, once per approach: it is told again after moving away (half as far again)
  /// or once the number of items changed (the items it loaded arrived).
  func collectionViewDidFinishPass(_ collectionView: CollectionView) {
    guard edgeDistance > 0 else { return }
    let axis = collectionView.endAxis
    let offset = collectionView.contentOffset[axis]
    let toStart = offset - collectionView.minimumContentOffset[axis]
    let toEnd = collectionView.maximumContentOffset[axis] - offset
    let itemCount = collectionView.counts.total
    if itemCount != edgeItemCount {
      edgeItemCount = itemCount
      edgesTold = []
    }
    for (edge, distance) in [(ContentEdge.start, toStart), (.end, toEnd)] {
      if distance > edgeDistance * 1.5 {
        edgesTold.remove(edge)
      } else if distance <= edgeDistance, !edgesTold.contains(edge),
        !collectionView.viewportSize.isEmpty
      {
        edgesTold.insert(edge)
        collectionView.collectionDelegate?.collectionView(collectionView, didApproach: edge)
      }
    }
  }
}

extension EndAnchoring: CollectionViewPart {
  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    if case .reload = change { dataDidReload(in: view) }
  }
}
