/// The kind of a supplementary view, such as a section header or footer.
///
/// Kinds are open: a layout defines its own with a string literal (`"badge"`). A kind is one
/// word, the address of its literal's text (Swift keeps literals null-terminated for the
/// program's lifetime), so layout attributes stay trivially copyable, a frame that copies them
/// retains nothing, and a cell's attributes tell their category in one word. Two kinds are
/// equal when their text is: the same literal compares by address, others byte by byte. A
/// kind's text ends at its first NUL, if it has one.
public struct SupplementaryKind: Hashable, Comparable, @unchecked Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The literal's first byte; for a literal stored as one scalar (no text in the binary),
  /// the scalar's value with ``scalarTag`` set, an address no program has. Never null, so
  /// ``ElementCategory/cell`` takes null and a category stays one word. Immutable static
  /// data: hence `@unchecked Sendable`.
  private let start: UnsafeRawPointer

  private static let scalarTag: UInt = 1 << (UInt.bitWidth - 1)

  /// Creates a kind from a string literal.
  public init(stringLiteral value: StaticString) {
    if value.hasPointerRepresentation {
      start = UnsafeRawPointer(value.utf8Start)
    } else {
      start = UnsafeRawPointer(bitPattern: Self.scalarTag | UInt(value.unicodeScalar.value))!
    }
  }

  /// A section header, UIKit's `elementKindSectionHeader`.
  public static let header: SupplementaryKind = "header"
  /// A section footer, UIKit's `elementKindSectionFooter`.
  public static let footer: SupplementaryKind = "footer"
  /// A table's column header: its path's `section` is the header row, `item` the column.
  public static let columnHeader: SupplementaryKind = "columnHeader"

  /// The kind's name.
  public var rawValue: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

  /// The kind's name.
  public var description: String { rawValue }

  /// Calls `body` with the kind's text.
  private func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let bits = UInt(bitPattern: start)
    guard bits & Self.scalarTag == 0 else {
      var text = String(Character(Unicode.Scalar(UInt32(truncatingIfNeeded: bits & ~Self.scalarTag))!))
      return text.withUTF8(body)
    }
    let bytes = start.assumingMemoryBound(to: UInt8.self)
    var count = 0
    while bytes[count] != 0 { count += 1 }
    return body(UnsafeBufferPointer(start: bytes, count: count))
  }

  /// Equal when the names are: the same literal compares by address, others byte by byte.
  @inline(__always)
  public static func == (lhs: SupplementaryKind, rhs: SupplementaryKind) -> Bool {
    lhs.start == rhs.start || sameText(lhs, rhs)
  }

  /// Whether two kinds at different addresses have the same text (the same literal written in
  /// two places, or in two modules).
  @inline(never)
  private static func sameText(_ lhs: SupplementaryKind, _ rhs: SupplementaryKind) -> Bool {
    let tagged = (UInt(bitPattern: lhs.start) | UInt(bitPattern: rhs.start)) & scalarTag != 0
    guard !tagged else {
      return lhs.withUTF8 { a in rhs.withUTF8 { b in a.elementsEqual(b) } }
    }
    // Byte by byte through the literals: no closure and no string (the layouts compare kinds
    // for every header and footer they place).
    let a = lhs.start.assumingMemoryBound(to: UInt8.self)
    let b = rhs.start.assumingMemoryBound(to: UInt8.self)
    var index = 0
    while a[index] == b[index] {
      if a[index] == 0 { return true }
      index += 1
    }
    return false
  }

  /// Hashes the name's bytes.
  public func hash(into hasher: inout Hasher) {
    withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Orders kinds by name, byte by byte.
  public static func < (lhs: SupplementaryKind, rhs: SupplementaryKind) -> Bool {
    if lhs == rhs { return false }
    return lhs.withUTF8 { a in rhs.withUTF8 { b in a.lexicographicallyPrecedes(b) } }
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
  /// The transform and opacity, kept only where either is not the identity and 1 (a
  /// carousel's side cards, a fading or lifted view): the common element's attributes are the
  /// first 64 bytes, and a frame compares one tag for the rest.
  private var appearance: Appearance

  /// A scale and translation around the frame's centre.
  public var transform: Transform {
    @inline(__always) get {
      if case .custom(let transform, _) = appearance { return transform }
      return .identity
    }
    set { appearance = Appearance(newValue, alpha) }
  }

  /// Opacity from 0 to 1.
  public var alpha: Double {
    @inline(__always) get {
      if case .custom(_, let alpha) = appearance { return alpha }
      return 1
    }
    set { appearance = Appearance(transform, newValue) }
  }

  /// Creates the attributes of a cell.
  public init(
    forCellAt indexPath: ItemPath, frame: Rect, zIndex: Int = 0, transform: Transform = .identity,
    alpha: Double = 1
  ) {
    self.category = .cell
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
    self.appearance = Appearance(transform, alpha)
  }

  /// Creates the attributes of a supplementary view.
  public init(
    forSupplementaryViewOfKind kind: SupplementaryKind, section: Int, frame: Rect, zIndex: Int = 10
  ) {
    self.category = .supplementaryView(kind)
    self.indexPath = ItemPath(section: section, item: 0)
    self.frame = frame
    self.zIndex = zIndex
    self.appearance = .plain
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
      && category == other.category && appearance == other.appearance
  }

  /// Whether two attributes describe the same element (same category and path).
  @inline(__always)
  func isSameElement(as other: LayoutAttributes) -> Bool {
    indexPath == other.indexPath && category == other.category
  }
}

/// A transform and an opacity, stored only when they are not the identity and 1.
private enum Appearance: Hashable, Sendable {
  case plain
  case custom(Transform, Double)

  @inline(__always)
  init(_ transform: Transform, _ alpha: Double) {
    self = transform == .identity && alpha == 1 ? .plain : .custom(transform, alpha)
  }

  /// Equal when both are plain (one test, the common case), or their values are.
  @inline(__always)
  static func == (lhs: Appearance, rhs: Appearance) -> Bool {
    switch (lhs, rhs) {
    case (.plain, .plain): return true
    case (.custom(let a, let alpha), .custom(let b, let beta)): return a == b && alpha == beta
    default: return false
    }
  }
}
