/// A press on a supplementary view, as the core's gesture interpreter tells
/// ``CollectionView/supplementaryPressHandler``: a table's column header clicked, its edge
/// dragged to resize it, or the header dragged to move the column.
public struct SupplementaryPress: Hashable, Sendable {
  /// Where the press is: `began` on the view (the handler claims it, or not), `moved` once
  /// it has moved past a few points and on, `ended` (a click when ``isDrag`` is `false`), or
  /// `cancelled` when the host lost it (whatever it started goes back). The pointer's phases.
  public typealias Phase = PointerEvent.Phase

  /// Where the press is.
  public var phase: Phase
  /// The view's kind.
  public var kind: SupplementaryKind
  /// The view's path (for a column header: the header row and the column).
  public var indexPath: ItemPath
  /// The view's frame when the press went down, in viewport coordinates.
  public var frame: Rect
  /// The pointer, in viewport coordinates.
  public var location: Point
  /// When, on the host's clock.
  public var time: Double
  /// Whether the press has travelled past a few points: a drag, not a click.
  public var isDrag: Bool
}
