import ReuseKit

/// A control whose items are the cells of one collection view (an option bar's columns, a
/// carousel's cards): you register cell classes with it and dequeue them in its data source,
/// as with the collection view itself.
public protocol CellHostingControl: AnyObject {
  /// The collection view the control drives.
  var collectionView: CollectionView { get }
}

extension CellHostingControl {
  /// Registers a cell class for the control's items.
  public func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  ) {
    collectionView.register(cellClass, forCellWithReuseIdentifier: identifier)
  }

  /// A cell of `type` for the item in the collection view's place `index`, from the pool or
  /// new: what the controls' own `dequeueReusableCell` methods forward to.
  func dequeueCell<Cell: CollectionViewCell>(
    _ type: Cell.Type, _ identifier: String, _ index: Int
  ) -> Cell {
    collectionView.dequeueReusableCell(
      type, withReuseIdentifier: identifier, for: ItemPath(section: 0, item: index))
  }
}
