/// A header's or footer's length in each section, held as one value while every section has
/// the same (a `.fixed` or `.none` metric: no array, 8 bytes a section saved, 1.6 MB at
/// 200,000 sections) and as one value a section once they differ.
struct SectionLengths {
  /// The number of sections held.
  private(set) var count = 0
  /// Every section's length while they are all equal (`values` is then empty).
  private var shared: Double?
  private var values: [Double] = []

  /// The length of `section`.
  ///
  /// - Complexity: O(1).
  subscript(section: Int) -> Double { shared ?? values[section] }

  /// Appends the next section's length.
  ///
  /// - Complexity: amortised O(1); O(n) once, when a length first differs.
  mutating func append(_ length: Double) {
    defer { count += 1 }
    if count == 0 {
      shared = length
      values.removeAll()
    } else if let value = shared, value != length {
      values = Array(repeating: value, count: count)
      values.append(length)
      shared = nil
    } else if shared == nil {
      values.append(length)
    }
  }

  /// Holds `count` sections, all of `length`.
  ///
  /// - Complexity: O(1).
  mutating func fill(_ length: Double, count: Int) {
    self.count = count
    shared = count > 0 ? length : nil
    values = []
  }

  /// Removes the sections from `range.lowerBound` on.
  mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
    guard range.lowerBound < count else { return }
    if shared == nil { values.removeSubrange(range) }
    count = range.lowerBound
    if count == 0 {
      shared = nil
      values = []
    }
  }
}
