/// Paul Heckel's linear-time matching ("A technique for isolating differences between files",
/// CACM 1978), over identifiers, with duplicates matched in order.
///
/// 1. One symbol-table entry per distinct identifier records its occurrences in the old
///    version, in order (one hash per element).
/// 2. Each element of the new version takes the next unmatched old occurrence of its
///    identifier, if any.
///
/// Heckel's paper matches only identifiers that occur once in each version (and spreads
/// matches to equal neighbours); matching the k-th new occurrence with the k-th old one
/// generalises that, as DifferenceKit does: unique identifiers match exactly as in the paper,
/// and duplicates are matched in order instead of being deleted and inserted. That is the
/// duplicate policy: the result is always valid, and occurrences beyond the other version's
/// count are deleted or inserted.
struct HeckelMatch {
  /// For each old element, the index of its match in the new version, or -1.
  var oldToNew: [Int]
  /// For each new element, the index of its match in the old version, or -1.
  var newToOld: [Int]
  /// How many distinct identifiers occur more than once in either version.
  var duplicatedIdentifiers: Int

  /// Matches `old` against `new`.
  ///
  /// - Complexity: O(m + n) time and space, one hash of each element.
  init<ID: Hashable>(old: [ID], new: [ID]) {
    let oldCount = old.count
    let newCount = new.count
    oldToNew = Array(repeating: -1, count: oldCount)
    newToOld = Array(repeating: -1, count: newCount)
    duplicatedIdentifiers = 0
    // The symbol table: identifier → entry; each entry chains its old occurrences in order.
    var table = [ID: Int](minimumCapacity: oldCount + newCount / 8)
    var entries = [HeckelEntry]()
    entries.reserveCapacity(oldCount)
    var nextOccurrence = [Int](repeating: -1, count: oldCount)
    for index in 0..<oldCount {
      let entryIndex = HeckelMatch.entry(for: old[index], in: &table, count: entries.count)
      if entryIndex == entries.count { entries.append(HeckelEntry()) }
      let tail = entries[entryIndex].tail
      if tail >= 0 { nextOccurrence[tail] = index } else { entries[entryIndex].head = index }
      entries[entryIndex].tail = index
      if entries[entryIndex].oldCount < 2 { entries[entryIndex].oldCount += 1 }
    }
    for index in 0..<newCount {
      let entryIndex = HeckelMatch.entry(for: new[index], in: &table, count: entries.count)
      if entryIndex == entries.count { entries.append(HeckelEntry()) }
      if entries[entryIndex].newCount < 2 { entries[entryIndex].newCount += 1 }
      let oldIndex = entries[entryIndex].head
      if oldIndex >= 0 {
        newToOld[index] = oldIndex
        oldToNew[oldIndex] = index
        entries[entryIndex].head = nextOccurrence[oldIndex]
      }
    }
    for entry in entries where entry.oldCount > 1 || entry.newCount > 1 {
      duplicatedIdentifiers += 1
    }
  }

  /// The entry index for `id`, adding it (as `count`) if new: one hash, through the
  /// dictionary's in-place default subscript.
  @inline(__always)
  private static func entry<ID: Hashable>(
    for id: ID, in table: inout [ID: Int], count: Int
  )
    -> Int
  {
    var result = 0
    HeckelMatch.assign(&table[id, default: -1], count: count, into: &result)
    return result
  }

  @inline(__always)
  private static func assign(_ slot: inout Int, count: Int, into result: inout Int) {
    if slot < 0 { slot = count }
    result = slot
  }
}

/// One symbol-table entry.
private struct HeckelEntry {
  /// The next unmatched old occurrence, or -1.
  var head = -1
  /// The last old occurrence (to append to the chain), or -1.
  var tail = -1
  /// Occurrences in each version, saturating at 2 ("more than once").
  var oldCount: UInt8 = 0
  var newCount: UInt8 = 0
}

/// Marks a longest strictly increasing subsequence of `values`: the elements that can stay
/// while the others move (patience sorting).
///
/// - Complexity: O(k log k).
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
  let count = values.count
  var keep = [Bool](repeating: false, count: count)
  guard count > 0 else { return keep }
  // tails[l]: the index of the smallest tail of an increasing run of length l + 1.
  var tails = [Int]()
  var previous = [Int](repeating: -1, count: count)
  for index in 0..<count {
    let value = values[index]
    var low = 0
    var high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var index = tails.last ?? -1
  while index >= 0 {
    keep[index] = true
    index = previous[index]
  }
  return keep
}
