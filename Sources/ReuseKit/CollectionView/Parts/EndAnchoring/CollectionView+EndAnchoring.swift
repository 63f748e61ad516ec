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

  /// How close to an end of the content the viewport comes before the delegate hears
  /// `collectionView(_:didApproach:)`, in points along the scroll axis, to load more there
  /// (older messages at the top of a chat, the next page of a feed). 0, the default, turns it
  /// off; negative or NaN values count as 0.
  public var edgeDistance: Double {
    get { endAnchoring.edgeDistance }
    set {
      endAnchoring.edgeDistance = newValue >= 0 && newValue.isFinite ? newValue : 0
      endAnchoring.updateParticipation(in: self)
      setNeedsLayout()
    }
  }
}
