extension ChangesetMapping {
  // MARK: Loading

  typealias Operation = BatchUpdateError.Operation

  /// Fills the mapping from `changeset`; returns the first inconsistency. In named steps:
  /// the counts are checked, the sections claimed and mapped, the items claimed, and every
  /// surviving section's new count checked against its old one, adjusted.
  mutating func load(_ changeset: Changeset) -> BatchUpdateError? {
    if let error = checkCountsAreNotNegative() { return error }
    var sections = SectionClaims(old: oldItemCounts.count, new: newItemCounts.count)
    if let error = claimSections(of: changeset, in: &sections) { return error }
    mapSections(of: changeset, sections)
    var tallies = ItemTallies(old: oldItemCounts.count, new: newItemCounts.count)
    if let error = claimItems(of: changeset, sections, &tallies) { return error }
    return checkItemCounts(tallies)
  }

  /// What each section takes part in, before and after the update (at most one operation).
  struct SectionClaims {
    var old: [Operation?]
    var new: [Operation?]

    init(old: Int, new: Int) {
      self.old = Array(repeating: nil, count: old)
      self.new = Array(repeating: nil, count: new)
    }

    /// Claims `section` for `operation` in `claims`, or says why not.
    static func claim(
      _ section: Int, _ operation: Operation, in claims: inout [Operation?]
    ) -> BatchUpdateError? {
      guard section >= 0, section < claims.count else {
        return .sectionOutOfRange(operation, section: section, sectionCount: claims.count)
      }
      if let existing = claims[section] {
        return .conflictingSectionOperations(section: section, existing, operation)
      }
      claims[section] = operation
      return nil
    }
  }

  /// Per section: items deleted and moved out (before), inserted and moved in (after).
  struct ItemTallies {
    var deleted: [Int]
    var movedOut: [Int]
    var inserted: [Int]
    var movedIn: [Int]

    init(old: Int, new: Int) {
      deleted = Array(repeating: 0, count: old)
      movedOut = Array(repeating: 0, count: old)
      inserted = Array(repeating: 0, count: new)
      movedIn = Array(repeating: 0, count: new)
    }
  }

  // MARK: Steps

  private func checkCountsAreNotNegative() -> BatchUpdateError? {
    if let section = oldItemCounts.firstIndex(where: { $0 < 0 }) {
      return .negativeItemCount(section: section, count: oldItemCounts[section], isAfter: false)
    }
    if let section = newItemCounts.firstIndex(where: { $0 < 0 }) {
      return .negativeItemCount(section: section, count: newItemCounts[section], isAfter: true)
    }
    return nil
  }

  /// Each section operation claims its section (before or after the update); then the number
  /// of sections must add up.
  private mutating func claimSections(
    of changeset: Changeset, in claims: inout SectionClaims
  ) -> BatchUpdateError? {
    for section in changeset.deletedSections {
      if let error = SectionClaims.claim(section, .delete, in: &claims.old) { return error }
    }
    for move in changeset.movedSections {
      if let error = SectionClaims.claim(move.source, .moveSource, in: &claims.old) {
        return error
      }
      if let error = SectionClaims.claim(move.destination, .moveDestination, in: &claims.new) {
        return error
      }
      movedSectionSet.insert(move.source)
    }
    for section in changeset.reloadedSections {
      if let error = SectionClaims.claim(section, .reload, in: &claims.old) { return error }
      reloadedSectionSet.insert(section)
    }
    for section in changeset.reconfiguredSections {
      if let error = SectionClaims.claim(section, .reconfigure, in: &claims.old) { return error }
      reconfiguredSectionSet.insert(section)
    }
    for section in changeset.insertedSections {
      if let error = SectionClaims.claim(section, .insert, in: &claims.new) { return error }
    }
    let deleted = changeset.deletedSections.count
    let inserted = changeset.insertedSections.count
    let (before, after) = (oldItemCounts.count, newItemCounts.count)
    guard after == before - deleted + inserted else {
      return .invalidNumberOfSections(
        before: before, after: after, inserted: inserted, deleted: deleted)
    }
    return nil
  }

  /// Inserted and moved sections take their places; the others fill the rest in order.
  private mutating func mapSections(of changeset: Changeset, _ claims: SectionClaims) {
    sectionNewToOld = Array(repeating: -2, count: newItemCounts.count)
    sectionOldToNew = Array(repeating: -1, count: oldItemCounts.count)
    for section in changeset.insertedSections { sectionNewToOld[section] = -1 }
    for move in changeset.movedSections {
      sectionNewToOld[move.destination] = move.source
      sectionOldToNew[move.source] = move.destination
    }
    var slot = 0
    for section in 0..<oldItemCounts.count {
      switch claims.old[section] {
      case .delete?, .moveSource?: continue
      default: break
      }
      while sectionNewToOld[slot] != -2 { slot += 1 }
      sectionNewToOld[slot] = section
      sectionOldToNew[section] = slot
      slot += 1
    }
  }

  /// Each item operation claims its path (before or after the update), in the changeset's
  /// order; the first claim out of range, in a removed or inserted section, or of a path
  /// already claimed, is the error.
  private mutating func claimItems(
    of changeset: Changeset, _ sections: SectionClaims, _ tallies: inout ItemTallies
  ) -> BatchUpdateError? {
    prepareItemTables(for: changeset)
    let delete = Self.claim(.delete)
    for path in changeset.deletedItems {
      if let error = claimItem(path, delete, after: false, sections) { return error }
      removedItems[path.section].append(path.item)
      tallies.deleted[path.section] += 1
    }
    moves.reserveCapacity(changeset.movedItems.count)
    for move in changeset.movedItems {
      let index = moves.count
      if let error = claimItem(
        move.source, Self.claim(.moveSource, move: index), after: false, sections)
      {
        return error
      }
      if let error = claimItem(
        move.destination, Self.claim(.moveDestination, move: index), after: true, sections)
      {
        return error
      }
      removedItems[move.source.section].append(move.source.item)
      fixedItems[move.destination.section].append(move.destination.item)
      moves.append(move)
      tallies.movedOut[move.source.section] += 1
      tallies.movedIn[move.destination.section] += 1
    }
    let reload = Self.claim(.reload)
    for path in changeset.reloadedItems {
      if let error = claimItem(path, reload, after: false, sections) { return error }
    }
    reloadedItemCount = changeset.reloadedItems.count
    let reconfigure = Self.claim(.reconfigure)
    for path in changeset.reconfiguredItems {
      if let error = claimItem(path, reconfigure, after: false, sections) { return error }
    }
    let insert = Self.claim(.insert)
    for path in changeset.insertedItems {
      if let error = claimItem(path, insert, after: true, sections) { return error }
      fixedItems[path.section].append(path.item)
      tallies.inserted[path.section] += 1
    }
    for section in removedItems.indices where removedItems[section].count > 1 {
      sortIndices(&removedItems[section], below: oldItemCounts[section])
    }
    for section in fixedItems.indices where fixedItems[section].count > 1 {
      sortIndices(&fixedItems[section], below: newItemCounts[section])
    }
    removedCount = changeset.deletedItems.count + changeset.movedItems.count
    fixedCount = changeset.insertedItems.count + changeset.movedItems.count
    return nil
  }

  /// The per-section lists, the flat starts and the claim tables, sized for `changeset`.
  @inline(__always)
  private mutating func prepareItemTables(for changeset: Changeset) {
    removedItems = [[Int]](repeating: [], count: oldItemCounts.count)
    fixedItems = [[Int]](repeating: [], count: newItemCounts.count)
    oldStarts = [0]
    oldStarts.reserveCapacity(oldItemCounts.count + 1)
    for count in oldItemCounts { oldStarts.append(oldStarts[oldStarts.count - 1] + count) }
    newStarts = [0]
    newStarts.reserveCapacity(newItemCounts.count + 1)
    for count in newItemCounts { newStarts.append(newStarts[newStarts.count - 1] + count) }
    oldItemOperations = FlatIndexTable(
      capacity: changeset.deletedItems.count + changeset.movedItems.count
        + changeset.reloadedItems.count + changeset.reconfiguredItems.count)
    newItemOperations = FlatIndexTable(
      capacity: changeset.insertedItems.count + changeset.movedItems.count)
  }

  /// Claims an item path before the update (`after` false) or after it.
  @inline(__always)
  private mutating func claimItem(
    _ path: ItemPath, _ claim: Int, after: Bool, _ sections: SectionClaims
  ) -> BatchUpdateError? {
    let operation = Self.operation(ofClaim: claim)
    let sectionCount = after ? newItemCounts.count : oldItemCounts.count
    guard path.section >= 0, path.section < sectionCount else {
      return .sectionOutOfRange(operation, section: path.section, sectionCount: sectionCount)
    }
    if after {
      let old = sectionNewToOld[path.section]
      if old < 0 || reloadedSectionSet.contains(old) {
        return .itemInInsertedSection(operation, path)
      }
    } else {
      switch sections.old[path.section] {
      case .delete?, .reload?: return .itemInRemovedSection(operation, path)
      default: break
      }
    }
    let count = after ? newItemCounts[path.section] : oldItemCounts[path.section]
    guard path.item >= 0, path.item < count else {
      return .itemOutOfRange(operation, path, itemCount: count)
    }
    let existing =
      after
      ? newItemOperations.insert(newFlat(path), value: claim)
      : oldItemOperations.insert(oldFlat(path), value: claim)
    if let existing {
      return .conflictingItemOperations(path, Self.operation(ofClaim: existing), operation)
    }
    return nil
  }

  /// Every surviving section's new count is its old one, adjusted by what left and came.
  private func checkItemCounts(_ tallies: ItemTallies) -> BatchUpdateError? {
    for newSection in 0..<newItemCounts.count {
      let old = sectionNewToOld[newSection]
      guard old >= 0, !reloadedSectionSet.contains(old) else { continue }
      let deleted = tallies.deleted[old]
      let movedOut = tallies.movedOut[old]
      let inserted = tallies.inserted[newSection]
      let movedIn = tallies.movedIn[newSection]
      let expected = oldItemCounts[old] - deleted - movedOut + inserted + movedIn
      if newItemCounts[newSection] != expected {
        return .invalidNumberOfItems(
          section: newSection, before: oldItemCounts[old], after: newItemCounts[newSection],
          inserted: inserted, deleted: deleted, movedIn: movedIn, movedOut: movedOut)
      }
    }
    return nil
  }
}

// MARK: Sorted-list helpers

/// Whether sorted `list` contains `value`.
func contains(_ list: [Int], _ value: Int) -> Bool {
  let index = countBelow(list, value)
  return index < list.count && list[index] == value
}

/// How many elements of sorted `list` are below `value`.
func countBelow(_ list: [Int], _ value: Int) -> Int {
  var low = 0
  var high = list.count
  while low < high {
    let mid = (low + high) / 2
    if list[mid] < value { low = mid + 1 } else { high = mid }
  }
  return low
}

/// The index of the element of rank `rank` (0-based) among the indices not in sorted
/// `skipped`: the smallest j with (j + 1 - |skipped ∩ [0, j]|) = rank + 1.
func position(ofRank rank: Int, skipping skipped: [Int]?) -> Int {
  guard let skipped, !skipped.isEmpty else { return rank }
  var low = rank
  var high = rank + skipped.count
  while low < high {
    let mid = (low + high) / 2
    let free = mid + 1 - countBelow(skipped, mid + 1)
    if free >= rank + 1 { high = mid } else { low = mid + 1 }
  }
  return low
}

/// Sorts distinct indices in `0 ..< bound`: not at all when they are in order already (as a
/// diff lists them), by marking them (O(bound)) when they are many, as after a shuffle, by
/// comparison (O(k log k)) when they are few.
func sortIndices(_ list: inout [Int], below bound: Int) {
  let inOrder = list.withUnsafeBufferPointer { list in
    var index = 1
    while index < list.count && list[index - 1] < list[index] { index &+= 1 }
    return index >= list.count
  }
  if inOrder { return }
  guard list.count > 64, list.count >= bound / 16 else {
    list.sort()
    return
  }
  var marked = [Bool](repeating: false, count: bound)
  for index in list { marked[index] = true }
  var next = 0
  for index in 0..<bound where marked[index] {
    list[next] = index
    next += 1
  }
}
