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
  private var removedItems: [Int: [Int]] = [:]
  /// Per new section: item indices inserted or moved in, ascending.
  private var fixedItems: [Int: [Int]] = [:]
  private var moveBySource: [ItemPath: ItemPath] = [:]
  private var moveByDestination: [ItemPath: ItemPath] = [:]
  private var reloadedItemSet: Set<ItemPath> = []
  private var reconfiguredItemSet: Set<ItemPath> = []

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
    if let destination = moveBySource[path] { return destination }
    let removed = removedItems[path.section] ?? []
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
    if let source = moveByDestination[path] { return source }
    let fixed = fixedItems[path.section] ?? []
    if contains(fixed, path.item) { return nil }
    let rank = path.item - countBelow(fixed, path.item)
    return ItemPath(section: section, item: position(ofRank: rank, skipping: removedItems[section]))
  }

  /// Whether the old section moves (an explicit move, not a shift by other changes).
  public func isSectionMoved(_ oldSection: Int) -> Bool { movedSectionSet.contains(oldSection) }

  /// Whether the old item moves (an explicit move, not a shift by other changes).
  public func isMoved(_ oldPath: ItemPath) -> Bool { moveBySource[oldPath] != nil }

  /// Whether the old item's cell is replaced.
  public func isReloaded(_ oldPath: ItemPath) -> Bool { reloadedItemSet.contains(oldPath) }

  /// Whether the old item's cell is configured again.
  public func isReconfigured(_ oldPath: ItemPath) -> Bool {
    reconfiguredItemSet.contains(oldPath)
  }

  /// Whether anything moves, appears or goes away (not only content updates).
  public var changesStructure: Bool {
    !removedItems.isEmpty || !fixedItems.isEmpty || sectionOldToNew.count != sectionNewToOld.count
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
    guard removedItems.isEmpty, moveBySource.isEmpty, reloadedItemSet.isEmpty,
      reloadedSectionSet.isEmpty, movedSectionSet.isEmpty,
      sectionNewToOld.count >= sectionOldToNew.count
    else { return false }
    for section in sectionOldToNew.indices where sectionOldToNew[section] != section {
      return false
    }
    let lastOld = oldItemCounts.count - 1
    for (section, inserted) in fixedItems {
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
    var oldStarts = [Int]()
    oldStarts.reserveCapacity(oldItemCounts.count)
    var total = 0
    for count in oldItemCounts {
      oldStarts.append(total)
      total += count
    }
    var result = [Int]()
    result.reserveCapacity(newItemCounts.reduce(0, +))
    for newSection in newItemCounts.indices {
      let count = newItemCounts[newSection]
      let old = sectionNewToOld[newSection]
      guard old >= 0, !reloadedSectionSet.contains(old) else {
        result.append(contentsOf: repeatElement(-1, count: count))
        continue
      }
      let fixed = fixedItems[newSection] ?? []
      let removed = removedItems[old] ?? []
      var fixedIndex = 0
      var removedIndex = 0
      var oldItem = 0
      for item in 0..<count {
        if fixedIndex < fixed.count && fixed[fixedIndex] == item {
          fixedIndex += 1
          if let source = moveByDestination[ItemPath(section: newSection, item: item)] {
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
    var oldSectionOperation: [Int: Operation] = [:]
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
    var newSectionOperation: [Int: Operation] = [:]
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

    // Items.
    var oldItemOperation: [ItemPath: Operation] = [:]
    func claimOldItem(_ path: ItemPath, _ operation: Operation) -> BatchUpdateError? {
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
      if let existing = oldItemOperation[path] {
        return .conflictingItemOperations(path, existing, operation)
      }
      oldItemOperation[path] = operation
      return nil
    }
    var newItemOperation: [ItemPath: Operation] = [:]
    func claimNewItem(_ path: ItemPath, _ operation: Operation) -> BatchUpdateError? {
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
      if let existing = newItemOperation[path] {
        return .conflictingItemOperations(path, existing, operation)
      }
      newItemOperation[path] = operation
      return nil
    }
    var deletedPerSection: [Int: Int] = [:]
    var insertedPerSection: [Int: Int] = [:]
    var movedOutPerSection: [Int: Int] = [:]
    var movedInPerSection: [Int: Int] = [:]
    for path in changeset.deletedItems {
      if let error = claimOldItem(path, .delete) { return error }
      removedItems[path.section, default: []].append(path.item)
      deletedPerSection[path.section, default: 0] += 1
    }
    for move in changeset.movedItems {
      if let error = claimOldItem(move.source, .moveSource) { return error }
      if let error = claimNewItem(move.destination, .moveDestination) { return error }
      removedItems[move.source.section, default: []].append(move.source.item)
      fixedItems[move.destination.section, default: []].append(move.destination.item)
      moveBySource[move.source] = move.destination
      moveByDestination[move.destination] = move.source
      movedOutPerSection[move.source.section, default: 0] += 1
      movedInPerSection[move.destination.section, default: 0] += 1
    }
    for path in changeset.reloadedItems {
      if let error = claimOldItem(path, .reload) { return error }
      reloadedItemSet.insert(path)
    }
    for path in changeset.reconfiguredItems {
      if let error = claimOldItem(path, .reconfigure) { return error }
      reconfiguredItemSet.insert(path)
    }
    for path in changeset.insertedItems {
      if let error = claimNewItem(path, .insert) { return error }
      fixedItems[path.section, default: []].append(path.item)
      insertedPerSection[path.section, default: 0] += 1
    }
    for key in removedItems.keys { removedItems[key]!.sort() }
    for key in fixedItems.keys { fixedItems[key]!.sort() }

    // Counts: every surviving section's new count is its old one, adjusted.
    for newSection in 0..<newSectionCount {
      let old = sectionNewToOld[newSection]
      guard old >= 0, !reloadedSectionSet.contains(old) else { continue }
      let deleted = deletedPerSection[old] ?? 0
      let movedOut = movedOutPerSection[old] ?? 0
      let inserted = insertedPerSection[newSection] ?? 0
      let movedIn = movedInPerSection[newSection] ?? 0
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
