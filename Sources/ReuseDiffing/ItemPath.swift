/// The position of an item: a section and an item within it.
///
/// `ItemPath` plays the part of UIKit's `IndexPath` for a collection view, but it is two integers
/// stored inline: creating, comparing and hashing one never allocates. It is deliberately not
/// called `IndexPath`, so that a host that imports Foundation sees no clash.
///
/// Paths order by section, then by item.
public struct ItemPath: Hashable, Comparable, Sendable, Codable {
  /// The section index.
  public var section: Int
  /// The item index within the section.
  public var item: Int

  /// Creates a path from a section and an item index.
  @inlinable
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  /// Creates a path from a section and an item index, in reading order.
  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders by section, then by item.
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }
}

extension ItemPath: CustomStringConvertible {
  /// A compact description, `[section, item]`.
  public var description: String { "[\(section), \(item)]" }
}
