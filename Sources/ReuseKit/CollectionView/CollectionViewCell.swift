/// A reusable view that shows one item: the base class of every cell.
///
/// Subclass it, register the subclass (or a factory) under a reuse identifier, and dequeue it
/// in ``CollectionViewDataSource/collectionView(_:cellForItemAt:)``. See ``ReusableView`` for
/// the reuse call rules.
open class CollectionViewCell: ReusableView {
  /// Whether the cell's item is selected. The collection view sets it before display and when
  /// the selection changes, so the selected look survives reuse. Override with `didSet` to
  /// restyle.
  @exclusivity(unchecked) open var isSelected = false

  /// Whether the cell's item is the focused one (``CollectionView/focusedIndexPath``). The
  /// collection view sets it before display and when the focus moves, so the focused look
  /// survives reuse; read it when drawing. Not overridable, so that the per-frame pass sets
  /// it without a dynamic call.
  @exclusivity(unchecked) public internal(set) var isFocused = false

  /// Whether the cell shows the item the user is moving
  /// (``CollectionView/beginInteractiveMovementForItem(at:)``): drawn at the pointer, above the
  /// others. Read it when drawing (a shadow, a tint).
  @exclusivity(unchecked) public internal(set) var isLifted = false

  /// Whether the cell's item is carried by a drag and drop (``DragCoordinator``): it stays in
  /// its place until the drop; draw it faded. Set before display and when a drag begins or
  /// ends.
  @exclusivity(unchecked) public internal(set) var isDragged = false

  /// Whether the cell is highlighted (pressed). Hosts set it while a touch is down.
  @exclusivity(unchecked) open var isHighlighted = false

  /// Creates a cell. The collection view calls this; don't call it from `cellForItemAt`.
  public required init() { super.init(cell: ()) }
}
