import Synchronization

/// A cell that knows its own reuse identifier: by default its type's name, so registering and
/// dequeuing need no string at the call site.
///
/// ```swift
/// final class PhotoCell: CollectionViewCell, ReusableCell {}
/// collectionView.register(PhotoCell.self)
/// let cell = collectionView.dequeueReusableCell(PhotoCell.self, for: indexPath)
/// ```
public protocol ReusableCell: CollectionViewCell {
  /// The identifier it is registered and dequeued under.
  static var reuseIdentifier: String { get }
}

extension ReusableCell {
  /// The type's name (worked out once per type: `String(describing:)` costs tens of
  /// thousands of instructions).
  public static var reuseIdentifier: String { TypeNames.shared.name(of: self) }
}

/// The names of types, made once each, from any thread. An app has a few cell types, asked for
/// at each typed dequeue and each declared group's registration: they are found by a scan of a
/// short list (a dictionary hashed each identifier, about 100 instructions), with a dictionary
/// only past ``listed`` types.
final class TypeNames: Sendable {
  static let shared = TypeNames()
  /// How many types the short list holds before the dictionary takes the rest.
  static let listed = 16
  private struct Names {
    var list: [(type: ObjectIdentifier, name: String)] = []
    var more: [ObjectIdentifier: String] = [:]

    func name(of key: ObjectIdentifier) -> String? {
      for entry in list where entry.type == key { return entry.name }
      return more.isEmpty ? nil : more[key]
    }
  }
  private let names = Mutex(Names())

  func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = names.withLock({ $0.name(of: key) }) { return name }
    let name = String(describing: type)
    names.withLock { names in
      guard names.name(of: key) == nil else { return }
      if names.list.count < Self.listed {
        names.list.append((key, name))
      } else {
        names.more[key] = name
      }
    }
    return name
  }
}

/// A cell configured from one item of a known type.
///
/// ```swift
/// final class PhotoCell: CollectionViewCell, ConfigurableCell {
///   var title = ""
///   func configure(with photo: Photo, at indexPath: ItemPath) { title = photo.title }
/// }
/// ```
public protocol ConfigurableCell: ReusableCell {
  /// What the cell shows.
  associatedtype Item

  /// Shows `item`, which is at `indexPath`.
  func configure(with item: Item, at indexPath: ItemPath)
}

extension CollectionView {
  /// Registers `Cell` under its ``ReusableCell/reuseIdentifier``.
  public func register<Cell: ReusableCell>(_ cellClass: Cell.Type) {
    register(cellClass, forCellWithReuseIdentifier: Cell.reuseIdentifier)
  }

  /// A `Cell` dequeued under its ``ReusableCell/reuseIdentifier``.
  @inlinable
  public func dequeueReusableCell<Cell: ReusableCell>(
    _ type: Cell.Type, for indexPath: ItemPath
  )
    -> Cell
  {
    dequeueReusableCell(type, withReuseIdentifier: Cell.reuseIdentifier, for: indexPath)
  }

  /// Registers `Cell` under its identifier unless the same class already is, and returns the
  /// identifier; stops at once, naming both types, when another class is registered under
  /// that identifier (rather than showing blank cells). `owner`, what registers, is named in
  /// that message.
  @discardableResult
  package func registerChecked<Cell: ReusableCell>(
    _ cellClass: Cell.Type, for owner: RegistrationOwner
  ) -> String {
    let identifier = Cell.reuseIdentifier
    switch cellRegistration(forReuseIdentifier: identifier) {
    case nil:
      register(cellClass, forCellWithReuseIdentifier: identifier)
    case .type(let registered) where registered == cellClass:
      break
    case .type(let registered):
      misuse(
        "\(owner.name(cell: Cell.self)): reuse identifier \"\(identifier)\" is registered for \(registered), but "
          + "this data source's cell type is \(Cell.self). Register \(Cell.self) under "
          + "\"\(identifier)\", or give \(Cell.self) its own reuseIdentifier.")
    case .factory:
      break  // a factory's type is checked when it makes a cell
    }
    return identifier
  }
}

/// What registers a cell class through `registerChecked`, for its message. Not a string made
/// per call: a registration is on a declared list's first frame, and a description allocated.
package enum RegistrationOwner {
  /// A data source, named by its type.
  case type(Any.Type)
  /// A declaration's `Cell` of the cell class registered.
  case declaredCell

  func name(cell: Any.Type) -> String {
    switch self {
    case .type(let type): "\(type)"
    case .declaredCell: "Cell<\(cell)>"
    }
  }
}
