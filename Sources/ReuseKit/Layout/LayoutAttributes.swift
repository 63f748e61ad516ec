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

  private static var scalarTag: UInt { 1 << (UInt.bitWidth - 1) }

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
  public var rawValue: String {
    var bytes: [UInt8] = []
    var index = 0
    while case let byte = self.byte(at: index), byte != 0 {
      bytes.append(byte)
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The kind's name.
  public var description: String { rawValue }

  /// The text's UTF-8 byte at `index`, or 0 at its end: read from the literal, or worked out
  /// from the scalar. Pure arithmetic and loads, so comparing kinds calls nothing, and a
  /// layout that compares them in a query keeps its own buffers borrowed, not copied.
  @inline(__always)
  private func byte(at index: Int) -> UInt8 {
    let bits = UInt(bitPattern: start)
    guard bits & Self.scalarTag != 0 else {
      return start.load(fromByteOffset: index, as: UInt8.self)
    }
    let value = UInt32(truncatingIfNeeded: bits)
    // UTF-8 of one scalar: its length from its value, then a lead byte and continuations.
    let count = value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
    guard index < count else { return 0 }
    if count == 1 { return UInt8(value) }
    let shift = UInt32(6 * (count - 1 - index))
    let bits6 = UInt8((value >> shift) & 0x3F)
    guard index == 0 else { return 0x80 | bits6 }
    let lead: UInt8 = count == 2 ? 0xC0 : count == 3 ? 0xE0 : 0xF0
    return lead | UInt8(truncatingIfNeeded: value >> shift)
  }

  /// Equal when the names are: the same literal compares by address, others byte by byte.
  @inline(__always)
  public static func == (lhs: SupplementaryKind, rhs: SupplementaryKind) -> Bool {
    lhs.start == rhs.start || compare(lhs, rhs) == 0
  }

  /// The first difference of two kinds' texts, byte by byte: negative when `lhs` comes first,
  /// 0 when they are the same.
  private static func compare(_ lhs: SupplementaryKind, _ rhs: SupplementaryKind) -> Int {
    var index = 0
    while true {
      let a = lhs.byte(at: index)
      let b = rhs.byte(at: index)
      if a != b { return Int(a) - Int(b) }
      if a == 0 { return 0 }
      index += 1
    }
  }

  /// Hashes the name's bytes.
  public func hash(into hasher: inout Hasher) {
    var index = 0
    while case let byte = self.byte(at: index), byte != 0 {
      hasher.combine(byte)
      index += 1
    }
  }

  /// Orders kinds by name, byte by byte.
  public static func < (lhs: SupplementaryKind, rhs: SupplementaryKind) -> Bool {
    lhs.start != rhs.start && compare(lhs, rhs) < 0
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
///
/// Every field is made of whole words (a category is one pointer-sized word), so the
/// attributes have no padding bytes: equal bytes mean identical attributes. A pass relies on
/// it to compare a run of elements that stayed as one block of memory.
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
      && category == other.category && transform == other.transform && alpha == other.alpha
  }

  /// Whether two attributes describe the same element (same category and path).
  @inline(__always)
  func isSameElement(as other: LayoutAttributes) -> Bool {
    indexPath == other.indexPath && category == other.category
  }
}
