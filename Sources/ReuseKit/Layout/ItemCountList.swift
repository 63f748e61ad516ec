/// The number of items in each section: a collection of counts, section by section, that
/// takes no memory per section when every section holds as many items (a table's rows, a
/// generated list of sections).
///
/// It reads like the `[Int]` it stands for (`count`, subscripts, `==`, `Array(counts)`), and
/// an array literal or an array makes one. A table of 10,000,000 rows keeps one number instead
/// of an 80 MB array.
public struct ItemCountList: RandomAccessCollection, Hashable, Sendable,
  ExpressibleByArrayLiteral, CustomStringConvertible
{
  private enum Storage: Hashable, Sendable {
    /// `sections` sections of `items` items each.
    case uniform(sections: Int, items: Int)
    case array([Int])
  }
  private let storage: Storage

  /// The counts of `counts`, kept as one number when they are all equal.
  public init(_ counts: [Int]) {
    if let first = counts.first, counts.count > 1, counts.allSatisfy({ $0 == first }) {
      storage = .uniform(sections: counts.count, items: first)
    } else {
      storage = .array(counts)
    }
  }

  /// `sectionCount` sections of `itemCount` items each (no memory per section).
  public init(repeating itemCount: Int, count sectionCount: Int) {
    storage = .uniform(sections: Swift.max(0, sectionCount), items: itemCount)
  }

  /// The counts of an array literal.
  public init(arrayLiteral elements: Int...) { self.init(elements) }

  /// The count every section has, when they all have the same (and there is one at least).
  public var uniformCount: Int? {
    switch storage {
    case .uniform(let sections, let items): return sections > 0 ? items : nil  // O(1)
    case .array(let counts):
      guard let first = counts.first, counts.allSatisfy({ $0 == first }) else { return nil }
      return first
    }
  }

  /// The counts as an array: the one kept (no copy) or, for one number, made (O(S)).
  public var array: [Int] {
    switch storage {
    case .uniform(let sections, let items): return [Int](repeating: items, count: sections)
    case .array(let counts): return counts
    }
  }

  /// The count of every section when kept as one number (O(1); `nil` for an array).
  var storedUniformCount: Int? {
    if case .uniform(let sections, let items) = storage, sections > 0 { return items }
    return nil
  }

  /// 0.
  public var startIndex: Int { 0 }

  /// The number of sections.
  public var endIndex: Int {
    switch storage {
    case .uniform(let sections, _): return sections
    case .array(let counts): return counts.count
    }
  }

  /// The number of sections, read directly (the collection's default measures a distance
  /// through generic code, which debug builds pay for on every `isValid`).
  public var count: Int { endIndex }

  /// The number of items in `section`.
  @inline(__always)
  public subscript(section: Int) -> Int {
    switch storage {
    case .uniform(let sections, let items):
      precondition(section >= 0 && section < sections, "section \(section) out of range")
      return items
    case .array(let counts): return counts[section]
    }
  }

  /// Equal when the counts are, however they are kept.
  public static func == (lhs: ItemCountList, rhs: ItemCountList) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.uniform(let a, let x), .uniform(let b, let y)): return a == b && (x == y || a == 0)
    case (.array(let a), .array(let b)): return a == b
    default: return lhs.elementsEqual(rhs)
    }
  }

  /// Hashes the counts.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for count in self { hasher.combine(count) }
  }

  /// Equal when `array` holds the same counts.
  public static func == (lhs: ItemCountList, rhs: [Int]) -> Bool {
    if case .array(let counts) = lhs.storage { return counts == rhs }
    return lhs.elementsEqual(rhs)
  }

  /// Equal when `array` holds the same counts.
  public static func == (lhs: [Int], rhs: ItemCountList) -> Bool { rhs == lhs }

  /// The counts, like an array's description.
  public var description: String {
    switch storage {
    case .uniform(let sections, let items) where sections > 16:
      return "[\(items) × \(sections)]"
    default: return Array(self).description
    }
  }
}
