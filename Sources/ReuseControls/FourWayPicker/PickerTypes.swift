import ReuseKit

/// The size of a picker's items: one for every row, or one per row (a row of large swatches
/// beside a row of small ones).
public enum PickerItemSize {
  /// Every item has this size.
  case fixed(Size)
  /// The items of row `r` have the size the closure gives for `r`.
  case perRow((Int) -> Size)
}

/// One row of a ``FourWayPicker``: a cell holding the row's own horizontal collection view.
/// Rows are reused like any cell; their item cells come from one pool shared by every row.
public final class PickerRowCell: CollectionViewCell, NestedCollectionViewHosting {
  /// The row's horizontal collection view.
  public let rowView: CollectionView
  /// The row shown, or -1 while the cell is idle.
  public internal(set) var row = -1
  let rowLayout: ListLayout
  /// The row view's data source and delegate (held here: the view holds them weakly).
  var plumbing: AnyObject?
  /// The touch router for drags that start while this row is centred (made once).
  var coordinator: NestedScrollCoordinator?

  /// A row cell (the picker creates them).
  public required init() {
    rowLayout = ListLayout(scrollDirection: .horizontal, itemSizing: .uniform(1))
    rowView = CollectionView(layout: rowLayout)
    super.init()
  }

  /// The row's collection view.
  public var nestedCollectionView: CollectionView { rowView }
}

/// A step of a ``FourWayPicker``.
public enum PickerDirection: Hashable, Sendable {
  /// The row above.
  case up
  /// The row below.
  case down
  /// The previous column.
  case left
  /// The next column.
  case right
}
