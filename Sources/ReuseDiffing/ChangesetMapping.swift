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
  var sectionOldToNew: [Int] = []
  /// New section → old section, or -1 when inserted.
  var sectionNewToOld: [Int] = []
  /// Old sections reloaded (their items are all replaced).
  var reloadedSectionSet: Set<Int> = []
  /// Old sections whose supplementary views are reconfigured.
  var reconfiguredSectionSet: Set<Int> = []
  /// Old sections moved explicitly.
  var movedSectionSet: Set<Int> = []
  /// Per old section: item indices deleted or moved away, ascending.
  var removedItems: [[Int]] = []
  /// Per new section: item indices inserted or moved in, ascending.
  var fixedItems: [[Int]] = []
  /// How many items are removed and fixed, in all.
  var removedCount = 0
  var fixedCount = 0
  // Item operations are kept by flat index (an item's place across sections) in tables with a
  // cheap hash: an update of a quarter of a million moves (a shuffle) validates in tens of
  // milliseconds, and one insert into a million items in microseconds.
  /// `oldStarts[s]` is the flat index of old section `s`'s first item; one more holds the total.
  var oldStarts: [Int] = [0]
  /// The same, after the update.
  var newStarts: [Int] = [0]
  /// The moves, in the changeset's order.
  var moves: [ItemMove] = []
  /// Every item operation by the path it names before the update (deletes, move sources,
  /// reloads, reconfigures), and after it (inserts, move destinations): old or new flat index
  /// → the operation's code, plus its move's index (see ``claim(_:move:)``).
  var oldItemOperations = FlatIndexTable()
  var newItemOperations = FlatIndexTable()
  var reloadedItemCount = 0

  /// A table value: an operation's code in the low bits, and for a move, its index above.
  static func claim(_ operation: BatchUpdateError.Operation, move: Int = 0) -> Int {
    BatchUpdateError.Operation.allCasesInOrder.firstIndex(of: operation)! | move << 3
  }

  static func operation(ofClaim claim: Int) -> BatchUpdateError.Operation {
    BatchUpdateError.Operation.allCasesInOrder[claim & 7]
  }

  /// The operation an old path's item undergoes, and the index of its move.
  func oldOperation(
    _ path: ItemPath
  ) -> (operation: BatchUpdateError.Operation, move: Int)? {
    guard isOldItem(path), let claim = oldItemOperations[oldFlat(path)] else { return nil }
    return (Self.operation(ofClaim: claim), claim >> 3)
  }

  /// The old flat index of a path known to be in range.
  func oldFlat(_ path: ItemPath) -> Int { oldStarts[path.section] + path.item }
  /// The new flat index of a path known to be in range.
  func newFlat(_ path: ItemPath) -> Int { newStarts[path.section] + path.item }

  /// Whether `path` names an item before the update.
  func isOldItem(_ path: ItemPath) -> Bool {
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
    if let claim = newItemOperations[newFlat(path)],
      Self.operation(ofClaim: claim) == .moveDestination
    {
      return moves[claim >> 3].source
    }
    let fixed = fixedItems[path.section]
    if contains(fixed, path.item) { return nil }
    let rank = path.item - countBelow(fixed, path.item)
    return ItemPath(section: section, item: position(ofRank: rank, skipping: removedItems[section]))
  }

  /// The old section's items that are deleted or moved away, ascending (what follows a
  /// selection of whole sections through the update without a look at every item).
  package func removedItems(inOldSection section: Int) -> [Int] {
    section >= 0 && section < removedItems.count ? removedItems[section] : []
  }

  /// The new section's items that are inserted or moved in, ascending.
  package func fixedItems(inNewSection section: Int) -> [Int] {
    section >= 0 && section < fixedItems.count ? fixedItems[section] : []
  }

  /// The item moves, in the changeset's order.
  package var itemMoves: [ItemMove] { moves }

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

  /// When the update only inserts items at the very start of a single section that stays
  /// the only one ("load older", a chat's history): how many; otherwise `nil`. Layouts shift
  /// everything by the new items instead of laying out again.
  ///
  /// - Complexity: O(1).
  public var prependedCount: Int? {
    guard removedCount == 0, moves.isEmpty, reloadedItemCount == 0,
      reloadedSectionSet.isEmpty, movedSectionSet.isEmpty,
      oldItemCounts.count == 1, sectionOldToNew.count == 1, sectionNewToOld.count == 1,
      sectionOldToNew[0] == 0, let inserted = fixedItems.first, !inserted.isEmpty,
      inserted.first == 0, inserted.last == inserted.count - 1
    else { return nil }
    return inserted.count
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
}
