/// An end of the content along the scroll axis.
public enum ContentEdge: Hashable, Sendable {
  /// The top of a vertical collection view, the left of a horizontal one.
  case start
  /// The bottom, or the right.
  case end
}

extension CollectionView {
  // MARK: Chat mode

  /// Whether a change to the content now keeps the end in view: chat mode
  /// (``ScrollView/anchorsToEnd``), resting at the end, and no finger holding the content.
  var keepsEndInView: Bool { anchorsToEnd && isAtEnd && !isTracking }

  /// Moves the offset to the end of the content; running motions move with it. An update
  /// animation's starting places do not: what was on screen moves up with the content at
  /// once, so a message arriving at the end never shows over the one before it.
  func restoreEnd() {
    let axis = endAxis
    var offset = contentOffset
    offset[axis] = maximumContentOffset[axis]
    let delta = Point(x: offset.x - contentOffset.x, y: offset.y - contentOffset.y)
    guard delta != .zero else { return }
    shiftMotions(by: delta)
    applyOffset(offset)
  }

  // MARK: Loading more at either end

  /// Tells the delegate when the viewport comes within ``edgeDistance`` of an end of the
  /// content, once per approach: it is told again after moving away (half as far again) or
  /// once the number of items changed (the items it loaded arrived).
  func noteApproachedEdges() {
    let axis = endAxis
    let offset = contentOffset[axis]
    let toStart = offset - minimumContentOffset[axis]
    let toEnd = maximumContentOffset[axis] - offset
    let itemCount = itemCountPrefix[itemCountPrefix.count - 1]
    if itemCount != edgeItemCount {
      edgeItemCount = itemCount
      edgesTold = []
    }
    for (edge, distance) in [(ContentEdge.start, toStart), (.end, toEnd)] {
      if distance > edgeDistance * 1.5 {
        edgesTold.remove(edge)
      } else if distance <= edgeDistance, !edgesTold.contains(edge), !viewportSize.isEmpty {
        edgesTold.insert(edge)
        collectionDelegate?.collectionView(self, didApproach: edge)
      }
    }
  }
}
