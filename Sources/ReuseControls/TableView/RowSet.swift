/// A set of row indices as bits: a million rows in 125 KB, membership in O(1), a range
/// inserted in O(range / 64). What a table selects rows and cells with.
public struct RowSet: Hashable, Sendable, Sequence {
  private var words: [UInt64] = []
  /// How many rows are in the set.
  public private(set) var count = 0

  /// An empty set.
  public init() {}

  /// Whether `row` is in the set.
  public func contains(_ row: Int) -> Bool {
    row >= 0 && row / 64 < words.count && words[row / 64] & (1 << UInt64(row % 64)) != 0
  }

  /// The largest row in the set, or `nil` when it is empty.
  ///
  /// - Complexity: O(words) from the end.
  public var last: Int? {
    for word in words.indices.reversed() where words[word] != 0 {
      return word * 64 + 63 - words[word].leadingZeroBitCount
    }
    return nil
  }

  /// Whether the set is empty.
  public var isEmpty: Bool { count == 0 }

  /// Adds `row` (not negative).
  public mutating func insert(_ row: Int) {
    guard row >= 0 else { return }
    grow(toHold: row)
    let bit = UInt64(1) << UInt64(row % 64)
    if words[row / 64] & bit == 0 {
      words[row / 64] |= bit
      count += 1
    }
  }

  /// Removes `row`.
  public mutating func remove(_ row: Int) {
    guard contains(row) else { return }
    words[row / 64] &= ~(UInt64(1) << UInt64(row % 64))
    count -= 1
  }

  /// Adds or removes `row`.
  public mutating func toggle(_ row: Int) {
    if contains(row) { remove(row) } else { insert(row) }
  }

  /// Adds every row of `range` (negative ones ignored).
  ///
  /// - Complexity: O(range.count / 64).
  public mutating func insert(_ range: Range<Int>) {
    let range = Swift.max(0, range.lowerBound)..<Swift.max(0, range.upperBound)
    guard !range.isEmpty else { return }
    grow(toHold: range.upperBound - 1)
    var row = range.lowerBound
    while row < range.upperBound {
      let word = row / 64
      let first = row % 64
      let last = Swift.min(64, first + (range.upperBound - row))
      let high: UInt64 = last == 64 ? ~0 : (UInt64(1) << UInt64(last)) - 1
      let low: UInt64 = (UInt64(1) << UInt64(first)) - 1
      let mask = high & ~low
      count += (mask & ~words[word]).nonzeroBitCount
      words[word] |= mask
      row += last - first
    }
  }

  /// Empties the set.
  public mutating func removeAll() {
    words.removeAll()
    count = 0
  }

  private mutating func grow(toHold row: Int) {
    if row / 64 >= words.count {
      words.append(contentsOf: repeatElement(0, count: row / 64 + 1 - words.count))
    }
  }

  /// The bits of rows `64 × index` to `64 × index + 63` (0 past the end): a walk over two
  /// sets goes 64 rows at a time where they agree.
  @inline(__always)
  func word(_ index: Int) -> UInt64 { index < words.count ? words[index] : 0 }

  /// Calls `body` with each row in ascending order, with no iterator object between.
  ///
  /// - Complexity: O(words + count).
  func forEachRow(_ body: (Int) -> Void) {
    for index in words.indices {
      var bits = words[index]
      while bits != 0 {
        body(index * 64 + bits.trailingZeroBitCount)
        bits &= bits - 1
      }
    }
  }

  /// The rows in ascending order.
  public func makeIterator() -> AnyIterator<Int> {
    var word = 0
    var bits: UInt64 = words.first ?? 0
    let words = self.words
    return AnyIterator {
      while word < words.count {
        if bits != 0 {
          let bit = bits.trailingZeroBitCount
          bits &= bits - 1
          return word * 64 + bit
        }
        word += 1
        bits = word < words.count ? words[word] : 0
      }
      return nil
    }
  }

  /// Equal when the rows are (trailing empty words do not count).
  public static func == (lhs: RowSet, rhs: RowSet) -> Bool {
    guard lhs.count == rhs.count else { return false }
    let common = Swift.min(lhs.words.count, rhs.words.count)
    return lhs.words[..<common] == rhs.words[..<common]
  }

  /// Hashes the rows.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for word in words where word != 0 { hasher.combine(word) }
  }
}
