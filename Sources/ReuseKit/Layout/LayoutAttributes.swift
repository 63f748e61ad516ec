/// The kind of a supplementary view, such as a section header or footer.
///
/// Kinds are open: a layout defines its own with a string literal (`"badge"`). A kind is stored
/// as a `StaticString`, so layout attributes stay trivially copyable and a frame that copies
/// them retains nothing. Two kinds are equal when their text is.
public struct SupplementaryKind: Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  private let name: StaticString

  /// Creates a kind from a string literal.
  public init(stringLiteral value: StaticString) { self.name = value }

  /// A section header, UIKit's `elementKindSectionHeader`.
  public static let header: SupplementaryKind = "header"
  /// A section footer, UIKit's `elementKindSectionFooter`.
  public static let footer: SupplementaryKind = "footer"
  /// A table's column header: its path's `section` is the header row, `item` the column.
  public static let columnHeader: SupplementaryKind = "columnHeader"

  /// The kind's name.
  public var rawValue: String { name.description }

  /// The kind's name.
  public var description: String { rawValue }

  /// Equal when the names are: the same literal compares by address, others byte by byte.
  public static func == (lhs: SupplementaryKind, rhs: SupplementaryKind) -> Bool {
    let count = lhs.name.utf8CodeUnitCount
    guard count == rhs.name.utf8CodeUnitCount else { return false }
    guard lhs.name.hasPointerRepresentation, rhs.name.hasPointerRepresentation else {
      return lhs.name.withUTF8Buffer { a in rhs.name.withUTF8Buffer { b in a.elementsEqual(b) } }
    }
    // Byte by byte through the literals' pointers: no closure and no string (the layouts
    // compare kinds for every header and footer they place).
    let a = lhs.name.utf8Start
    let b = rhs.name.utf8Start
    if a == b { return true }
    for index in 0..<count where a[index] != b[index] { return false }
    return true
  }

  /// Hashes the name's bytes.
  public func hash(into hasher: inout Hasher) {
    name.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Orders kinds by name, byte by byte.
  public static func < (lhs: SupplementaryKind, rhs: SupplementaryKind) -> Bool {
    if lhs == rhs { return false }
    return lhs.name.withUTF8Buffer { a in
      rhs.name.withUTF8Buffer { b in a.lexicographicallyPrecedes(b) }
    }
  }
}

/// Whether a layout element is a cell or a supplementary view.
public enum ElementCategory: Hashable, Sendable {
  /// A cell for an item.
  case cell
  /// A supplementary view of the given kind, for a section.
  case supplementaryView(SupplementaryKind)
}

/// A scale and a translation that a host applies to a view, around the centre of its frame.
///
/// The carousel uses this to draw side cards smaller. The identity transform leaves a view
/// exactly at its frame.
public struct Transform: Hashable, Sendable {
  /// The horizontal scale factor.
  public var scaleX: Double
  /// The vertical scale factor.
  public var scaleY: Double
  /// The horizontal translation, in points, applied after scaling.
  public var translationX: Double
  /// The vertical translation, in points, applied after scaling.
  public var translationY: Double

  /// Creates a transform.
  public init(
    scaleX: Double = 1, scaleY: Double = 1, translationX: Double = 0, translationY: Double = 0
  ) {
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.translationX = translationX
    self.translationY = translationY
  }

  /// The transform that changes nothing.
  public static let identity = Transform()

  /// `true` when the transform changes nothing.
  public var isIdentity: Bool { self == .identity }

  /// The rectangle that `frame` occupies once this transform is applied around its centre.
  public func applied(to frame: Rect) -> Rect {
    let width = frame.width * scaleX
    let height = frame.height * scaleY
    return Rect(
      x: frame.midX - width / 2 + translationX, y: frame.midY - height / 2 + translationY,
      width: width, height: height)
  }
}

/// Where and how one element (a cell or a supplementary view) is shown.
///
/// Layouts produce attributes; the collection view hands them to the views it displays.
public struct LayoutAttributes: Hashable, Sendable {
  /// Whether this is a cell or a supplementary view.
  public var category: ElementCategory
  /// The item's path; for a supplementary view, `item` is 0 and `section` is its section.
  public var indexPath: ItemPath
  /// The frame in content coordinates, before ``transform``.
  public var frame: Rect
  /// Stacking order: higher values draw on top. Items use 0, headers and footers 10, pinned
  /// headers 20.
  public var zIndex: Int
  /// A scale and translation around the frame's centre.
  public var transform: Transform
  /// Opacity from 0 to 1.
  public var alpha: Double

  /// Creates the attributes of a cell.
  public init(
    forCellAt indexPath: ItemPath, frame: Rect, zIndex: Int = 0, transform: Transform = .identity,
    alpha: Double = 1
  ) {
    self.category = .cell
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
    self.transform = transform
    self.alpha = alpha
  }

  /// Creates the attributes of a supplementary view.
  public init(
    forSupplementaryViewOfKind kind: SupplementaryKind, section: Int, frame: Rect, zIndex: Int = 10
  ) {
    self.category = .supplementaryView(kind)
    self.indexPath = ItemPath(section: section, item: 0)
    self.frame = frame
    self.zIndex = zIndex
    self.transform = .identity
    self.alpha = 1
  }

  /// The supplementary kind, or `nil` for a cell.
  public var supplementaryKind: SupplementaryKind? {
    if case .supplementaryView(let kind) = category { return kind }
    return nil
  }

  /// The ordering the collection view keeps its visible views in: by index path, then kind
  /// (cells before supplementary views).
  @inline(__always)
  static func displayOrder(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    if lhs.indexPath != rhs.indexPath { return lhs.indexPath < rhs.indexPath }
    switch (lhs.category, rhs.category) {
    case (.cell, .cell): return false
    case (.cell, .supplementaryView): return true
    case (.supplementaryView, .cell): return false
    case (.supplementaryView(let a), .supplementaryView(let b)): return a < b
    }
  }

  /// Whether nothing differs: a cheaper `==` that compares the fields most likely to change
  /// first. The reconciliation asks it for every staying element, every frame.
  @inline(__always)
  func isIdentical(to other: LayoutAttributes) -> Bool {
    frame == other.frame && indexPath == other.indexPath && zIndex == other.zIndex
      && alpha == other.alpha && transform == other.transform && category == other.category
  }

  /// Whether two attributes describe the same element (same category and path).
  @inline(__always)
  func isSameElement(as other: LayoutAttributes) -> Bool {
    indexPath == other.indexPath && category == other.category
  }
}
