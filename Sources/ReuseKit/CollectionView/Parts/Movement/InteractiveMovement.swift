/// An item being moved by the user (UIKit's interactive movement): where it came from, where
/// it would land, and where the pointer holds it.
///
/// It is a presentation over an unchanged layout. The layout keeps the data source's order
/// until the drop; every pass, the collection view asks it for the elements in view as usual
/// and then moves them to make room:
/// - in lists and carousels (``FocusNavigation/sequential`` layouts) the items between the
///   source and the target, and the headers and footers between them, slide by the lifted
///   item's length, which is exactly where the drop puts them, whatever their sizes;
/// - in grids and waterfalls (``FocusNavigation/spatial``) items flow through the layout's
///   slots in item order, one slot toward the source, leaving the target's slot empty.
///
/// So a drag frame costs a few O(log n) lookups plus O(k) for the k elements in view, and
/// allocates nothing; the drop is one move through the data source, animated from the
/// presented places.
struct InteractiveMovement {
  enum Style { case shift, slots }

  /// The item lifted, at its path before the drop.
  let source: ItemPath
  let style: Style
  let axis: Axis
  /// Where the item lands if dropped now: its path after the move.
  var target: ItemPath
  /// The lifted item's centre, in viewport coordinates (so autoscroll carries the content
  /// under it).
  var center: Point
  /// Its size and the distance from its leading edge to the next item's (shift style), from
  /// the layout at every pass.
  var size = Size.zero
  var shift = 0.0
  var spacing = 0.0
  /// Its frame in the layout (where a cancel returns it).
  var home = Rect.zero
  /// Cancelled or dropped on its own place: everything glides back, then the movement ends.
  var isReturning = false
  /// Whether the pointer has moved since the lift (autoscroll waits for it, so lifting an item
  /// at the edge does not scroll).
  var hasMoved = false
  /// Whether every presented element has reached its place.
  var isSettled = true
  /// The time of the last tick that advanced the glide, and how much of the remaining
  /// distance the next pass keeps (1: none of it covered).
  var lastTick: Double?
  var pendingDecay = 1.0
  /// Whether the data source steered targets (``MoveTargetSteering``) when the item lifted:
  /// asked once, since a cast to a protocol the source does not conform to costs a
  /// conformance search (about 360 instructions) and targets are found every frame.
  var sourceSteers = false

  init(source: ItemPath, style: Style, axis: Axis, center: Point) {
    self.source = source
    self.target = source
    self.style = style
    self.axis = axis
    self.center = center
  }

  /// Whether the target comes after the source in item order.
  var movesForward: Bool {
    target.section > source.section
      || (target.section == source.section && target.item > source.item)
  }

  /// Shift style: whether the item at `path` (not the source) slides to make room.
  func shifts(_ path: ItemPath) -> Bool {
    let (a, b) = (source.section, target.section)
    if movesForward {
      if a == b { return path.section == a && path.item > source.item && path.item <= target.item }
      return (path.section == a && path.item > source.item)
        || (path.section > a && path.section < b)
        || (path.section == b && path.item < target.item)
    }
    if a == b { return path.section == a && path.item >= target.item && path.item < source.item }
    return (path.section == b && path.item >= target.item) || (path.section > b && path.section < a)
      || (path.section == a && path.item < source.item)
  }

  /// Shift style: whether the section's header (or footer) lies between the source and the
  /// gap, and so slides with the items.
  func shiftsSupplementary(inSection section: Int, isHeader: Bool) -> Bool {
    let (a, b) = (source.section, target.section)
    if a == b { return false }
    let (low, high) = (min(a, b), max(a, b))
    return isHeader ? section > low && section <= high : section >= low && section < high
  }

  /// How far a sliding element moves along the axis.
  var slide: Double { movesForward ? -shift : shift }
}
