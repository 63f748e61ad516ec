extension ChangesetMapping {
  // MARK: Loading

  /// Fills the mapping from `changeset`; returns the first inconsistency.
  mutating func load(_ changeset: Changeset) -> BatchUpdateError? {
    let oldSectionCount = oldItemCounts.count
    let newSectionCount = newItemCounts.count
    typealias Operation = BatchUpdateError.Operation
    if let section = oldItemCounts.firstIndex(where: { $0 < 0 }) {
      return .negativeItemCount(section: section, count: oldItemCounts[section], isAfter: false)
    }
    if let section = newItemCounts.firstIndex(where: { $0 < 0 }) {
      return .negativeItemCount(section: section, count: newItemCounts[section], isAfter: true)
    }

    // Sections, before the update.
    var oldSectionOperation = [Operation?](repeating: nil, count: oldSectionCount)
    var newSectionOperation = [Operation?](repeating: nil, count: newSectionCount)
    /// Claims `section` for `operation` in `claims` (before or after the update), or says why
    /// not.
    func claim(
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
    func claimOld(_ section: Int, _ operation: Operation) -> BatchUpdateError? {
      claim(section, operation, in: &oldSectionOperation)
    }
    func claimNew(_ section: Int, _ operation: Operation) -> BatchUpdateError? {
      claim(section, operation, in: &newSectionOperation)
    }
    for section in changeset.deletedSections {
      if let error = claimOld(section, .delete) { return error }
    }
    for move in changeset.movedSections {
      if let error = claimOld(move.source, .moveSource) { return error }
      if let error = claimNew(move.destination, .moveDestination) { return error }
      movedSectionSet.insert(move.source)
    }
    for section in changeset.reloadedSections {
      if let error = claimOld(section, .reload) { return error }
      reloadedSectionSet.insert(section)
    }
    for section in changeset.reconfiguredSections {
      if let error = claimOld(section, .reconfigure) { return error }
      reconfiguredSectionSet.insert(section)
    }
    for section in changeset.insertedSections {
      if let error = claimNew(section, .insert) { return error }
    }
    let deletedSectionCount = changeset.deletedSections.count
    let insertedSectionCount = changeset.insertedSections.count
    guard newSectionCount == oldSectionCount - deletedSectionCount + insertedSectionCount else {
      return .invalidNumberOfSections(
        before: oldSectionCount, after: newSectionCount, inserted: insertedSectionCount,
        deleted: deletedSectionCount)
    }
    // Inserted and moved sections take their places; the others fill the rest in order.
    sectionNewToOld = Array(repeating: -2, count: newSectionCount)
    sectionOldToNew = Array(repeating: -1, count: oldSectionCount)
    for section in changeset.insertedSections { sectionNewToOld[section] = -1 }
    for move in changeset.movedSections {
      sectionNewToOld[move.destination] = move.source
      sectionOldToNew[move.source] = move.destination
    }
    var slot = 0
    for section in 0..<oldSectionCount {
      switch oldSectionOperation[section] {
      case .delete?, .moveSource?: continue
      default: break
      }
      while sectionNewToOld[slot] != -2 { slot += 1 }
      sectionNewToOld[slot] = section
      sectionOldToNew[section] = slot
      slot += 1
    }

    // Items: each operation claims its path (before or after the update), in the changeset's
    // order; the first claim out of range, or of a path already claimed, is the error.
    removedItems = [[Int]](repeating: [], count: oldSectionCount)
    fixedItems = [[Int]](repeating: [], count: newSectionCount)
    oldStarts = [0]
    oldStarts.reserveCapacity(oldSectionCount + 1)
    for count in oldItemCounts { oldStarts.append(oldStarts[oldStarts.count - 1] + count) }
    newStarts = [0]
    newStarts.reserveCapacity(newSectionCount + 1)
    for count in newItemCounts { newStarts.append(newStarts[newStarts.count - 1] + count) }
    oldItemOperations = FlatIndexTable(
      capacity: changeset.deletedItems.count + changeset.movedItems.count
        + changeset.reloadedItems.count + changeset.reconfiguredItems.count)
    func claimOldItem(_ path: ItemPath, _ claim: Int) -> BatchUpdateError? {
      let operation = Self.operation(ofClaim: claim)
      guard path.section >= 0, path.section < oldSectionCount else {
        return .sectionOutOfRange(operation, section: path.section, sectionCount: oldSectionCount)
      }
      switch oldSectionOperation[path.section] {
      case .delete?, .reload?: return .itemInRemovedSection(operation, path)
      default: break
      }
      let count = oldItemCounts[path.section]
      guard path.item >= 0, path.item < count else {
        return .itemOutOfRange(operation, path, itemCount: count)
      }
      if let existing = oldItemOperations.insert(oldFlat(path), value: claim) {
        return .conflictingItemOperations(path, Self.operation(ofClaim: existing), operation)
      }
      return nil
    }
    newItemOperations = FlatIndexTable(
      capacity: changeset.insertedItems.count + changeset.movedItems.count)
    func claimNewItem(_ path: ItemPath, _ claim: Int) -> BatchUpdateError? {
      let operation = Self.operation(ofClaim: claim)
      guard path.section >= 0, path.section < newSectionCount else {
        return .sectionOutOfRange(operation, section: path.section, sectionCount: newSectionCount)
      }
      let old = sectionNewToOld[path.section]
      if old < 0 || reloadedSectionSet.contains(old) {
        return .itemInInsertedSection(operation, path)
      }
      let count = newItemCounts[path.section]
      guard path.item >= 0, path.item < count else {
        return .itemOutOfRange(operation, path, itemCount: count)
      }
      if let existing = newItemOperations.insert(newFlat(path), value: claim) {
        return .conflictingItemOperations(path, Self.operation(ofClaim: existing), operation)
      }
      return nil
    }
    var deletedPerSection = [Int](repeating: 0, count: oldSectionCount)
    var movedOutPerSection = [Int](repeating: 0, count: oldSectionCount)
    var insertedPerSection = [Int](repeating: 0, count: newSectionCount)
    var movedInPerSection = [Int](repeating: 0, count: newSectionCount)
    let delete = Self.claim(.delete)
    for path in changeset.deletedItems {
      if let error = claimOldItem(path, delete) { return error }
      removedItems[path.section].append(path.item)
      deletedPerSection[path.section] += 1
    }
    moves.reserveCapacity(changeset.movedItems.count)
    for move in changeset.movedItems {
      if let error = claimOldItem(move.source, Self.claim(.moveSource, move: moves.count)) {
        return error
      }
      if let error = claimNewItem(move.destination, Self.claim(.moveDestination, move: moves.count))
      {
        return error
      }
      removedItems[move.source.section].append(move.source.item)
      fixedItems[move.destination.section].append(move.destination.item)
      moves.append(move)
      movedOutPerSection[move.source.section] += 1
      movedInPerSection[move.destination.section] += 1
    }
    let reload = Self.claim(.reload)
    for path in changeset.reloadedItems {
      if let error = claimOldItem(path, reload) { return error }
    }
    reloadedItemCount = changeset.reloadedItems.count
    let reconfigure = Self.claim(.reconfigure)
    for path in changeset.reconfiguredItems {
      if let error = claimOldItem(path, reconfigure) { return error }
    }
    let insert = Self.claim(.insert)
    for path in changeset.insertedItems {
      if let error = claimNewItem(path, insert) { return error }
      fixedItems[path.section].append(path.item)
      insertedPerSection[path.section] += 1
    }
    for section in removedItems.indices where removedItems[section].count > 1 {
      sortIndices(&removedItems[section], below: oldItemCounts[section])
    }
    for section in fixedItems.indices where fixedItems[section].count > 1 {
      sortIndices(&fixedItems[section], below: newItemCounts[section])
    }
    removedCount = changeset.deletedItems.count + changeset.movedItems.count
    fixedCount = changeset.insertedItems.count + changeset.movedItems.count

    // Counts: every surviving section's new count is its old one, adjusted.
    for newSection in 0..<newSectionCount {
      let old = sectionNewToOld[newSection]
      guard old >= 0, !reloadedSectionSet.contains(old) else { continue }
      let deleted = deletedPerSection[old]
      let movedOut = movedOutPerSection[old]
      let inserted = insertedPerSection[newSection]
      let movedIn = movedInPerSection[newSection]
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

/// Sorts distinct indices in `0 ..< bound`: by marking them (O(bound)) when they are many, as
/// after a shuffle, by comparison (O(k log k)) when they are few.
func sortIndices(_ list: inout [Int], below bound: Int) {
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
