import ReuseKit

/// What one item of a declared collection shows: a typed cell with its value (``Cell``), or
/// host-neutral standard content (`ListContent`). The collection builds it only for items
/// that are displayed or prefetched, when their cell is asked for.
public protocol CellContent {
  /// The class of the cell the content is shown in.
  associatedtype CellType: CollectionViewCell
  /// The identifier that cell is registered and dequeued under (read once per content type).
  static var reuseIdentifier: String { get }
  /// Registers the cell under ``reuseIdentifier`` (called once per content type and
  /// collection view).
  static func register(in collectionView: CollectionView)
  /// Registers the cell, as ``register(in:)`` does, and returns ``reuseIdentifier``. The
  /// default calls both; a content type that learns its identifier while it registers
  /// returns it (``Cell`` does: its identifier is then read once, not twice).
  static func registered(in collectionView: CollectionView) -> String
  /// Shows the content in `cell`, dequeued for `indexPath`.
  func configure(_ cell: CellType, at indexPath: ItemPath)
}

/// A typed cell and the value it is configured with: `Cell(PhotoCell.self, photo)`.
///
/// `Kind` is registered under its `reuseIdentifier` the first time a declaration
/// uses it, and configured with `configure(with:at:)` when the item shows.
public struct Cell<Kind: ConfigurableCell>: CellContent {
  /// The value the cell is configured with.
  public var value: Kind.Item

  /// A `Kind` cell showing `value`.
  public init(_ kind: Kind.Type, _ value: Kind.Item) {
    self.value = value
  }

  /// `Kind`'s identifier.
  public static var reuseIdentifier: String { Kind.reuseIdentifier }

  /// Registers `Kind`, unless it is already (a different class under its identifier stops
  /// with a message naming both).
  public static func register(in collectionView: CollectionView) {
    registered(in: collectionView)
  }

  /// Registers `Kind` (as ``register(in:)``) and returns its identifier.
  @discardableResult
  public static func registered(in collectionView: CollectionView) -> String {
    collectionView.registerChecked(Kind.self, for: .declaredCell)
  }

  /// Configures the cell with the value.
  public func configure(_ cell: Kind, at indexPath: ItemPath) {
    cell.configure(with: value, at: indexPath)
  }
}

extension ListContent: CellContent {
  /// The standard cell's identifier.
  public static var reuseIdentifier: String { ListContentCell.reuseIdentifier }

  /// Registers the standard cell unless a cell (a host's subclass, say) already is.
  public static func register(in collectionView: CollectionView) {
    if collectionView.cellRegistration(forReuseIdentifier: reuseIdentifier) == nil {
      collectionView.register(ListContentCell.self, forCellWithReuseIdentifier: reuseIdentifier)
    }
  }

  /// Sets the cell's content.
  public func configure(_ cell: ListContentCell, at indexPath: ItemPath) {
    cell.content = self
  }
}

extension CellContent {
  /// Registers the cell and returns ``reuseIdentifier``.
  public static func registered(in collectionView: CollectionView) -> String {
    register(in: collectionView)
    return reuseIdentifier
  }

  @usableFromInline
  func reportWrongCell(
    _ cell: CollectionViewCell, identifier: String, in collectionView: CollectionView
  ) {
    collectionView.diagnostics.report(
      .invalidConfiguration,
      "a \(type(of: cell)) is registered under \"\(identifier)\", not the \(CellType.self) that "
        + "\(Self.self) is shown in; showing it unconfigured")
  }

  /// A dequeued cell showing this content: the cell registered under `identifier` (this
  /// content type's), or, if another class was registered there since, a standard cell saying
  /// so, with a diagnostic.
  @inlinable
  func makeCell(
    in collectionView: CollectionView, at indexPath: ItemPath, identifier: String
  )
    -> CollectionViewCell
  {
    let view = collectionView.dequeueCellView(withReuseIdentifier: identifier)
    // The class registered is the content's own, nearly always: its metadata compared (a
    // constant here, where the content type is known), with no call to check it is a cell.
    if ObjectIdentifier(type(of: view)) == ObjectIdentifier(CellType.self) {
      let typed = unsafeDowncast(view, to: CellType.self)
      configure(typed, at: indexPath)
      return typed
    }
    return configureOther(view, at: indexPath, identifier: identifier, in: collectionView)
  }

  /// A dequeued view of another class than ``CellType``: a subclass configured, anything else
  /// shown unconfigured with a diagnostic (a view that is not a cell stops, naming it).
  @inlinable
  @inline(never)
  func configureOther(
    _ view: ReusableView, at indexPath: ItemPath, identifier: String,
    in collectionView: CollectionView
  ) -> CollectionViewCell {
    let cell = collectionView.checkedCell(view, identifier: identifier)
    if let typed = cell as? CellType {
      configure(typed, at: indexPath)
      return cell
    }
    reportWrongCell(cell, identifier: identifier, in: collectionView)
    return cell
  }
}
