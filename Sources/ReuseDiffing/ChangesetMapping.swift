extension Changeset {
  /// Checks the changeset against the item counts before and after it, and returns where
  /// every element goes; or the first inconsistency found, as UIKit would have crashed on it.
  ///
  /// The checks: every index in range (before or after the update, as the operation reads),
  /// no element named by two operations, no item operation inside a section that is deleted,
  /// inserted or reloaded, the section count, and each section's item count (before, minus
  /// deletes and moves out, plus inserts and moves in).
  ///
  /// - Complexity: O(S + c log c) for S sections and c operations.
  public func validate(
    oldItemCounts: [Int], newItemCounts: [Int]
  ) -> Result<
    ChangesetMapping, BatchUpdateError
  > {
    var mapping = ChangesetMapping(old: oldItemCounts, new: newItemCounts)
    if let error = mapping.load(self) { return .failure(error) }
    return .success(mapping)
  }
}

/// Where the elements of a validated ``Changeset`` go: old paths to new ones and back.
///
/// Made by ``Changeset/validate(oldItemCounts:newItemCounts:)``. A collection view uses it to
/// carry selection, displayed cells, the scroll anchor and per-item layout state (measured
/// sizes) across an update.
public struct ChangesetMapping: Sendable {
  /// Item counts per section before the update.
  public let oldItemCounts: [Int]
  /// Item counts per section after the update.
  public let newItemCounts: [Int]

  /// Old section → new section, or -1 when deleted.
  private var sectionOldToNew: [Int] = []
  /// New section → old section, or -1 when inserted.
  private var sectionNewToOld: [Int] = []
  /// Old sections reloaded (their items are all replaced).
  private var reloadedSectionSet: Set<Int> = []
  /// Old sections whose supplementary views are reconfigured.
  private var reconfiguredSectionSet: Set<Int> = []
  /// Old sections moved explicitly.
  private var movedSectionSet: Set<Int> = []
  /// Per old section: item indices deleted or moved away, ascending.
  private var removedItems: [[Int]] = []
  /// Per new section: item indices inserted or moved in, ascending.
  private var fixedItems: [[Int]] = []
  /// How many items are removed and fixed, in all.
  private var removedCount = 0
  private var fixedCount = 0
  // Item operations are kept by flat index (an item's place across sections) in tables with a
  // cheap hash: an update of a quarter of a million moves (a shuffle) validates in tens of
  // milliseconds, and one insert into a million items in microseconds.
  /// `oldStarts[s]` is the flat index of old section `s`'s first item; one more holds the total.
  private var oldStarts: [Int] = [0]
  /// The same, after the update.
  private var newStarts: [Int] = [0]
  /// The moves, in the changeset's order.
  private var moves: [ItemMove] = []
  /// Every item operation by the path it names before the update (deletes, move sources,
  /// reloads, reconfigures), and after it (inserts, move destinations): old or new flat index
  /// → the operation's code, plus its move's index (see ``claim(_:move:)``).
  private var oldItemOperations = FlatIndexTable()
  private var newItemOperations = FlatIndexTable()
  private var reloadedItemCount = 0

  /// A table value: an operation's code in the low bits, and for a move, its index above.
  private static func claim(_ operation: BatchUpdateError.Operation, move: Int = 0) -> Int {
    BatchUpdateError.Operation.allCasesInOrder.firstIndex(of: operation)! | move << 3
  }

  private static func operation(ofClaim claim: Int) -> BatchUpdateError.Operation {
    BatchUpdateError.Operation.allCasesInOrder[claim & 7]
  }

  /// The operation an old path's item undergoes, and the index of its move.
  private func oldOperation(
    _ path: ItemPath
  ) -> (operation: BatchUpdateError.Operation, move: Int)? {
    guard isOldItem(path), let claim = oldItemOperations[oldFlat(path)] else { return nil }
    return (Self.operation(ofClaim: claim), claim >> 3)
  }

  /// The old flat index of a path known to be in range.
  private func oldFlat(_ path: ItemPath) -> Int { oldStarts[path.section] + path.item }
  /// The new flat index of a path known to be in range.
  private func newFlat(_ path: ItemPath) -> Int { newStarts[path.section] + path.item }

  /// Whether `path` names an item before the update.
  private func isOldItem(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < oldItemCounts.count && path.item >= 0
      && path.item < oldItemCounts[path.section]
  }

  init(old: [Int], new: [Int]) {
    oldItemCounts = old
    newItemCounts = new
  }

  // MARK: Queries

  /// The section's index after the update, or `nil` when it is deleted (or out of range).
  public func newSection(forOld section: Int) -> Int? {
    guard section >= 0, section < sectionOldToNew.count, sectionOldToNew[section] >= 0 else {
      return nil
    }
    return sectionOldToNew[section]
  }

  /// The section's index before the update, or `nil` when it is inserted (or out of range).
  public func oldSection(forNew section: Int) -> Int? {
    guard section >= 0, section < sectionNewToOld.count, sectionNewToOld[section] >= 0 else {
      return nil
    }
    return sectionNewToOld[section]
  }

  /// Whether the old section is reloaded: it keeps its place, its items are all new.
  public func isSectionReloaded(_ oldSection: Int) -> Bool {
    reloadedSectionSet.contains(oldSection)
  }

  /// Whether the old section's supplementary views are reconfigured.
  public func isSectionReconfigured(_ oldSection: Int) -> Bool {
    reconfiguredSectionSet.contains(oldSection)
  }

  /// The item's path after the update; `nil` when it is deleted, or its section is deleted or
  /// reloaded. A reloaded or reconfigured item has a path (its content is what changes).
  ///
  /// - Complexity: O(log² c) for c operations in its sections.
  public func newIndexPath(forOld path: ItemPath) -> ItemPath? {
    guard let section = newSection(forOld: path.section),
      !reloadedSectionSet.contains(path.section), path.item >= 0,
      path.item < oldItemCounts[path.section]
    else { return nil }
    if let claim = oldOperation(path), claim.operation == .moveSource {
      return moves[claim.move].destination
    }
    let removed = removedItems[path.section]
    if contains(removed, path.item) { return nil }
    let rank = path.item - countBelow(removed, path.item)
    return ItemPath(section: section, item: position(ofRank: rank, skipping: fixedItems[section]))
  }

  /// The item's path before the update; `nil` when it is inserted, or its section is inserted
  /// or reloaded.
  ///
  /// - Complexity: O(log² c) for c operations in its sections.
  public func oldIndexPath(forNew path: ItemPath) -> ItemPath? {
    guard let section = oldSection(forNew: path.section), !reloadedSectionSet.contains(section),
      path.item >= 0, path.item < newItemCounts[path.section]
    else { return nil }
    if let claim = newItemOperations[newFlat(path)], Self.operation(ofClaim: claim) == .moveDestination
    {
      return moves[claim >> 3].source
    }
    let fixed = fixedItems[path.section]
    if contains(fixed, path.item) { return nil }
    let rank = path.item - countBelow(fixed, path.item)
    return ItemPath(section: section, item: position(ofRank: rank, skipping: removedItems[section]))
  }

  /// Whether the old section moves (an explicit move, not a shift by other changes).
  public func isSectionMoved(_ oldSection: Int) -> Bool { movedSectionSet.contains(oldSection) }

  /// Whether the old item moves (an explicit move, not a shift by other changes).
  public func isMoved(_ oldPath: ItemPath) -> Bool {
    oldOperation(oldPath)?.operation == .moveSource
  }

  /// Whether the old item's cell is replaced.
  public func isReloaded(_ oldPath: ItemPath) -> Bool {
    oldOperation(oldPath)?.operation == .reload
  }

  /// Whether the old item's cell is configured again.
  public func isReconfigured(_ oldPath: ItemPath) -> Bool {
    oldOperation(oldPath)?.operation == .reconfigure
  }

  /// Whether anything moves, appears or goes away (not only content updates).
  public var changesStructure: Bool {
    removedCount > 0 || fixedCount > 0 || sectionOldToNew.count != sectionNewToOld.count
      || sectionOldToNew.enumerated().contains { $0.offset != $0.element }
      || !reloadedSectionSet.isEmpty
  }

  /// Whether the update only adds at the end: items after the last item of the last section,
  /// and sections after the last one. Every existing item keeps its path, and nothing is
  /// deleted, moved or reloaded (reconfigured items are allowed: their size is unchanged).
  /// Layouts place only what was added ("load more").
  ///
  /// - Complexity: O(S) for S sections.
  public var isAppendOnly: Bool {
    guard removedCount == 0, moves.isEmpty, reloadedItemCount == 0,
      reloadedSectionSet.isEmpty, movedSectionSet.isEmpty,
      sectionNewToOld.count >= sectionOldToNew.count
    else { return false }
    for section in sectionOldToNew.indices where sectionOldToNew[section] != section {
      return false
    }
    let lastOld = oldItemCounts.count - 1
    for (section, inserted) in fixedItems.enumerated() where !inserted.isEmpty {
      if section < lastOld { return false }
      if section == lastOld, let first = inserted.first, first < oldItemCounts[lastOld] {
        return false
      }
    }
    return true
  }

  /// For every item after the update, in flat order (section by section), the flat index it
  /// had before, or -1 when it is new (inserted, or in an inserted or reloaded section).
  /// Layouts use it to carry per-item state, such as measured sizes.
  ///
  /// - Complexity: O(n + c log c).
  public func oldFlatIndices() -> [Int] {
    var result = [Int]()
    result.reserveCapacity(newStarts[newStarts.count - 1])
    for newSection in newItemCounts.indices {
      let count = newItemCounts[newSection]
      let old = sectionNewToOld[newSection]
      guard old >= 0, !reloadedSectionSet.contains(old) else {
        result.append(contentsOf: repeatElement(-1, count: count))
        continue
      }
      let fixed = fixedItems[newSection]
      let removed = removedItems[old]
      var fixedIndex = 0
      var removedIndex = 0
      var oldItem = 0
      for item in 0..<count {
        if fixedIndex < fixed.count && fixed[fixedIndex] == item {
          fixedIndex += 1
          if let claim = newItemOperations[newStarts[newSection] + item],
            Self.operation(ofClaim: claim) == .moveDestination
          {
            let source = moves[claim >> 3].source
            result.append(oldStarts[source.section] + source.item)
          } else {
            result.append(-1)
          }
          continue
        }
        while removedIndex < removed.count && removed[removedIndex] == oldItem {
          removedIndex += 1
          oldItem += 1
        }
        result.append(oldItem < oldItemCounts[old] ? oldStarts[old] + oldItem : -1)
        oldItem += 1
      }
    }
    return result
  }

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
    func claimOld(_ section: Int, _ operation: Operation) -> BatchUpdateError? {
      guard section >= 0, section < oldSectionCount else {
        return .sectionOutOfRange(operation, section: section, sectionCount: oldSectionCount)
      }
      if let existing = oldSectionOperation[section] {
        return .conflictingSectionOperations(section: section, existing, operation)
      }
      oldSectionOperation[section] = operation
      return nil
    }
    var newSectionOperation = [Operation?](repeating: nil, count: newSectionCount)
    func claimNew(_ section: Int, _ operation: Operation) -> BatchUpdateError? {
      guard section >= 0, section < newSectionCount else {
        return .sectionOutOfRange(operation, section: section, sectionCount: newSectionCount)
      }
      if let existing = newSectionOperation[section] {
        return .conflictingSectionOperations(section: section, existing, operation)
      }
      newSectionOperation[section] = operation
      return nil
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
private func contains(_ list: [Int], _ value: Int) -> Bool {
  let index = countBelow(list, value)
  return index < list.count && list[index] == value
}

/// How many elements of sorted `list` are below `value`.
private func countBelow(_ list: [Int], _ value: Int) -> Int {
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
private func position(ofRank rank: Int, skipping skipped: [Int]?) -> Int {
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
private func sortIndices(_ list: inout [Int], below bound: Int) {
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
