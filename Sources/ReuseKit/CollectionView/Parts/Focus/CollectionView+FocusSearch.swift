extension CollectionView {
  /// How much more distance along an arrow counts than distance across it, in the squared
  /// score of a focus candidate (as Android's focus finder weighs them).
  static let focusAlongWeight = 13.0
  /// Frames this close count as touching.
  private static let focusTolerance = 0.001

  /// The item that an arrow along `axis` (towards larger coordinates when `forward`) reaches
  /// from `frame`: of the items starting at or beyond the frame's edge in that direction, the
  /// one with the smallest `13 × along² + across²` (ties: the lowest index path).
  ///
  /// - Complexity: O(log n + k) per band; the bands widen geometrically from one viewport and
  ///   stop once nothing farther could score better.
  func spatialNeighbour(
    of frame: Rect, excluding excluded: ItemPath, along axis: Axis, forward: Bool
  ) -> ItemPath? {
    let edge = forward ? frame.max(axis) : frame.min(axis)
    let end = forward ? contentSize[axis] - edge : edge
    let across = axis.cross
    var best: (score: Double, path: ItemPath)?
    var searched = 0.0
    var band = max(1, viewportSize[axis], frame.length(axis))
    var elements = LayoutElements()
    while true {
      let near = searched - Self.focusTolerance
      let far = searched + band
      var rect = Rect(x: 0, y: 0, width: 0, height: 0)
      rect.origin[axis] = forward ? edge + near : edge - far
      rect.size[axis] = far - near
      rect.origin[across] = -1
      rect.size[across] = contentSize[across] + 2
      elements.removeAll()
      collectionViewLayout.elements(in: LayoutQuery(viewport: rect), into: &elements)
      for attributes in elements.items where attributes.indexPath != excluded {
        let candidate = attributes.frame
        let along = forward ? candidate.min(axis) - edge : edge - candidate.max(axis)
        guard along >= -Self.focusTolerance else { continue }
        let score = Self.focusScore(
          along: max(0, along), across: candidate.mid(across) - frame.mid(across))
        if best == nil || score < best!.score
          || (score == best!.score && attributes.indexPath < best!.path)
        {
          best = (score, attributes.indexPath)
        }
      }
      searched = far
      if let best, Self.focusScore(along: searched, across: 0) > best.score { break }
      if searched >= end { break }
      band *= 2
    }
    return best?.path
  }

  /// The item nearest `point`: the smallest `13 × along² + across²`, where `along` is the gap
  /// between the point and the item along `axis` (0 inside it) and `across` the distance from
  /// the point to the item's centre across it (ties: the lowest index path).
  ///
  /// - Complexity: O(log n + k) per band, widening from one viewport around the point.
  func nearestItem(to point: Point, along axis: Axis) -> ItemPath? {
    let across = axis.cross
    var best: (score: Double, path: ItemPath)?
    var reach = max(1, viewportSize[axis] / 2)
    var elements = LayoutElements()
    while true {
      var rect = Rect(x: 0, y: 0, width: 0, height: 0)
      rect.origin[axis] = point[axis] - reach
      rect.size[axis] = reach * 2
      rect.origin[across] = -1
      rect.size[across] = contentSize[across] + 2
      elements.removeAll()
      collectionViewLayout.elements(in: LayoutQuery(viewport: rect), into: &elements)
      for attributes in elements.items {
        let frame = attributes.frame
        let along = max(0, frame.min(axis) - point[axis], point[axis] - frame.max(axis))
        let score = Self.focusScore(along: along, across: frame.mid(across) - point[across])
        if best == nil || score < best!.score
          || (score == best!.score && attributes.indexPath < best!.path)
        {
          best = (score, attributes.indexPath)
        }
      }
      if let best, Self.focusScore(along: reach, across: 0) > best.score { break }
      if point[axis] - reach <= 0 && point[axis] + reach >= contentSize[axis] { break }
      reach *= 2
    }
    return best?.path
  }

  static func focusScore(along: Double, across: Double) -> Double {
    focusAlongWeight * along * along + across * across
  }
}
