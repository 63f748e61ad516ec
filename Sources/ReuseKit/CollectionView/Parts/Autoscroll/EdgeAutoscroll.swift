/// Scrolling by itself while something the pointer holds is near an edge of the viewport (a
/// lifted item, a drag box, a dragged card over a target): the closer to the edge, the faster,
/// with the square of the closeness across the zone; it stops where the content ends.
struct EdgeAutoscroll {
  /// How near an edge it starts, as a fraction of the viewport's length (at least 1 point).
  var zone = 0.15
  /// How fast it goes at the very edge, in viewport lengths per second.
  var speed = 2.0

  /// The velocity, in points per second along `axis` (negative toward the start), for what is
  /// held spanning `leading`…`trailing` in viewport coordinates; 0 outside the zones or where
  /// the content cannot scroll further.
  func velocity(
    leading: Double, trailing: Double, axis: Axis, in collectionView: CollectionView
  )
    -> Double
  {
    let length = collectionView.viewportSize[axis]
    guard length > 0, leading.isFinite, trailing.isFinite else { return 0 }
    let zone = max(length * self.zone, 1)
    let speed = length * self.speed
    let before = leading
    let after = length - trailing
    let offset = collectionView.contentOffset[axis]
    if before < zone && offset > collectionView.minimumContentOffset[axis] {
      let closeness = min(1, (zone - before) / zone)
      return -speed * closeness * closeness
    }
    if after < zone && offset < collectionView.maximumContentOffset[axis] {
      let closeness = min(1, (zone - after) / zone)
      return speed * closeness * closeness
    }
    return 0
  }

  /// Scrolls `collectionView` by `velocity` for `elapsed` seconds, within the content.
  func scroll(_ collectionView: CollectionView, axis: Axis, velocity: Double, elapsed: Double) {
    guard velocity != 0, elapsed > 0 else { return }
    var offset = collectionView.contentOffset
    offset[axis] += velocity * elapsed
    offset = collectionView.clampedContentOffset(offset)
    if offset != collectionView.contentOffset { collectionView.contentOffset = offset }
  }
}
