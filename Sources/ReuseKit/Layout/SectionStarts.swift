/// Where each section starts in a flat numbering of the items (the prefix sums of the counts),
/// with one more entry for the total: arithmetic when every section holds as many items (a
/// generated list, a table's rows), so that 200,000 sections cost no memory per section.
struct SectionStarts: Sendable {
  /// Every section's count, when they are all equal.
  private var uniformCount: Int?
  /// The starts, when the counts differ.
  private var starts: [Int]
  /// The number of entries: one more than the sections.
  private(set) var count: Int

  /// The starts of sections holding `counts` items.
  ///
  /// - Complexity: O(S) for S sections; no memory per section when the counts are equal.
  init(counts: ItemCountList) {
    if let every = counts.storedUniformCount {
      // Kept as one number: O(1).
      self.init(sections: counts.count, every: every)
    } else {
      self.init(counts: counts.array)
    }
  }

  /// `sections` sections of `every` items each.
  private init(sections: Int, every: Int) {
    count = sections + 1
    uniformCount = every
    starts = []
  }

  /// The starts of sections holding `counts` items.
  ///
  /// - Complexity: O(S) for S sections; no memory per section when the counts are equal.
  init(counts: [Int]) {
    count = counts.count + 1
    if let first = counts.first, counts.allSatisfy({ $0 == first }) {
      uniformCount = first
      starts = []
    } else {
      uniformCount = counts.isEmpty ? 0 : nil
      starts = [Int](unsafeUninitializedCapacity: counts.isEmpty ? 0 : counts.count + 1) {
        buffer, initialized in
        guard !counts.isEmpty else { return }
        var running = 0
        buffer[0] = 0
        for (index, items) in counts.enumerated() {
          running += items
          buffer[index + 1] = running
        }
        initialized = counts.count + 1
      }
    }
  }

  /// Whether every section holds as many items (the starts are arithmetic).
  var isUniform: Bool { uniformCount != nil }

  /// No sections: one entry, 0.
  init() { self.init(counts: []) }

  /// The flat index of section `section`'s first item; at `count - 1`, the total.
  @inline(__always)
  subscript(section: Int) -> Int {
    if let uniformCount { return uniformCount * section }
    return starts[section]
  }
}
