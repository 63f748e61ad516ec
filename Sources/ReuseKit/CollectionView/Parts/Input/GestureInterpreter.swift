/// The pointer part of a collection view: what a press captured until it lifts.
final class GestureInterpreter {
  /// Content moved under the viewport by `delta`.
  func contentDidMove(by delta: Point, in collectionView: CollectionView) {}

  func _checkInvariants(in collectionView: CollectionView) {}
}
