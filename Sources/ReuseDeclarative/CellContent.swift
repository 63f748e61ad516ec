import ReuseKit

/// What one item of a declared collection shows: a typed cell with its value (``Cell``), or
/// host-neutral standard content (``ListContent``). The collection builds it only for items
/// that are displayed or prefetched, when their cell is asked for.
public protocol CellContent {
  /// Registers what ``makeCell(in:at:)`` dequeues (called once per declaration, not per item).
  static func register(in collectionView: CollectionView)
  /// A dequeued cell showing this content.
  func makeCell(in collectionView: CollectionView, at indexPath: ItemPath) -> CollectionViewCell
}

/// A typed cell and the value it is configured with: `Cell(PhotoCell.self, photo)`.
///
/// `Kind` is registered under its ``ReusableCell/reuseIdentifier`` the first time a declaration
/// uses it, and configured with ``ConfigurableCell/configure(with:at:)`` when the item shows.
public struct Cell<Kind: ConfigurableCell>: CellContent {
  /// The value the cell is configured with.
  public var value: Kind.Item

  /// A `Kind` cell showing `value`.
  public init(_ kind: Kind.Type, _ value: Kind.Item) {
    self.value = value
  }

  /// Registers what the content dequeues.
  public static func register(in collectionView: CollectionView) {
    collectionView.registerChecked(Kind.self, for: "Cell<\(Kind.self)>")
  }

  /// A dequeued cell showing this content.
  public func makeCell(
    in collectionView: CollectionView, at indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(Kind.self, for: indexPath)
    cell.configure(with: value, at: indexPath)
    return cell
  }
}

extension ListContent: CellContent {
  /// Nothing: the standard cell registers itself on first use.
  public static func register(in collectionView: CollectionView) {}

  /// A dequeued cell showing this content.
  public func makeCell(
    in collectionView: CollectionView, at indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    collectionView.dequeueListContentCell(for: indexPath, content: self)
  }
}
