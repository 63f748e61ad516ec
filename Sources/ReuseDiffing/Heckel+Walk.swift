extension HeckelMatch {
  /// Pairs, in one forward walk over `oldRange` and `newRange`, the elements still equal
  /// where they lie: past an element replaced, deleted or inserted, one step ahead on either
  /// side finds the walk's place again; lost for eight steps, it looks 32 ahead on each side,
  /// and where the ends would align. Comparisons beyond one a step are paid from a budget
  /// that pairs earn (capped), so a walk that finds few pairs (a shuffle, a long run
  /// inserted) stops soon and leaves the rest to the table.
  ///
  /// Writes each pair into `oldToNew` and `newToOld`; returns the number of pairs.
  ///
  /// - Complexity: O(m + n) comparisons, in order through memory.
  @inlinable
  static func walkInStep<ID: Equatable>(
    _ old: UnsafeBufferPointer<ID>, _ new: UnsafeBufferPointer<ID>, _ oldRange: Range<Int>,
    _ newRange: Range<Int>, oldToNew: UnsafeMutableBufferPointer<Int>,
    newToOld: UnsafeMutableBufferPointer<Int>
  ) -> Int {
    var i = oldRange.lowerBound
    var j = newRange.lowerBound
    let oldEnd = oldRange.upperBound
    let newEnd = newRange.upperBound
    var pairs = 0
    var budget = 256
    var misses = 0
    let window = 32
    while i < oldEnd && j < newEnd {
      if old[i] == new[j] {
        oldToNew[i] = j
        newToOld[j] = i
        pairs &+= 1
        i &+= 1
        j &+= 1
        misses = 0
        budget = min(budget &+ 2, 4_096)
        continue
      }
      misses &+= 1
      if misses < 8 {
        guard budget >= 3 else { break }
        budget &-= 3
        if i + 1 < oldEnd && j + 1 < newEnd && old[i + 1] == new[j + 1] {
          i &+= 1  // replaced
          j &+= 1
        } else if i + 1 < oldEnd && old[i + 1] == new[j] {
          i &+= 1  // deleted
        } else if j + 1 < newEnd && old[i] == new[j + 1] {
          j &+= 1  // inserted
        } else {
          i &+= 1
          j &+= 1
        }
        continue
      }
      misses = 0
      guard budget >= 2 * window + 2 else { break }
      budget &-= 2 * window + 2
      // Where the ends align (one run deleted or inserted since the walk's place).
      let alignedOld = oldEnd - (newEnd - j)
      if alignedOld > i && old[alignedOld] == new[j] {
        i = alignedOld
        continue
      }
      let alignedNew = newEnd - (oldEnd - i)
      if alignedNew > j && new[alignedNew] == old[i] {
        j = alignedNew
        continue
      }
      if let found = (i + 1..<min(oldEnd, i + window)).first(where: { old[$0] == new[j] }) {
        i = found
      } else if let found = (j + 1..<min(newEnd, j + window)).first(where: { new[$0] == old[i] }) {
        j = found
      } else {
        i &+= 1
        j &+= 1
      }
    }
    return pairs
  }
}
