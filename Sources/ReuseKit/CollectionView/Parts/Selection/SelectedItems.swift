/// The selected items of a collection view: paths listed one by one, or, once every item is
/// selected, whole sections less the items taken out of them.
///
/// Select all marks each section whole in O(S) for S sections: listing ten million paths
/// froze the gallery for six seconds and took 300 MB (a new user's finding). What a whole
/// section holds is never listed: asking about an item, counting, following a batch update
/// and reloading cost what was taken out or changed, not the items; only reading every
/// selected path (``sorted()``) costs one step an item.
struct SelectedItems: Sequence {
  /// The items selected one by one: every selected item while no section is whole; with
  /// whole sections, those in the other sections.
  private(set) var listed: Set<ItemPath> = []
  /// Per section, its item count when it is selected whole (every item but ``excluded``),
  /// else -1. Empty while no section is whole. A whole section's count is the section's
  /// count: it follows every reload and batch update.
  private var whole: [Int] = []
  /// The items of whole sections that are not selected.
  private var excluded: Set<ItemPath> = []
  /// How many items the whole sections hold together.
  private var wholeTotal = 0

  init() {}

  /// The items of `paths`, listed.
  init(_ paths: Set<ItemPath>) { listed = paths }

  /// How many items are selected.
  ///
  /// - Complexity: O(1).
  var count: Int { wholeTotal - excluded.count + listed.count }

  /// Whether no item is selected.
  var isEmpty: Bool { whole.isEmpty ? listed.isEmpty : count == 0 }

  /// Whether some section is selected whole.
  var hasWholeSections: Bool { !whole.isEmpty }

  /// The count of `section` when it is whole, else `nil`.
  @inline(__always)
  private func wholeCount(_ section: Int) -> Int? {
    guard !whole.isEmpty, section >= 0, section < whole.count, whole[section] >= 0 else {
      return nil
    }
    return whole[section]
  }

  /// Whether `path` is selected: O(1), and no hashing while nothing is.
  @inline(__always)
  func contains(_ path: ItemPath) -> Bool {
    if let count = wholeCount(path.section) {
      return path.item >= 0 && path.item < count && (excluded.isEmpty || !excluded.contains(path))
    }
    return !listed.isEmpty && listed.contains(path)
  }

  /// Selects `path`; whether it was not selected before.
  @discardableResult
  mutating func insert(_ path: ItemPath) -> Bool {
    if let count = wholeCount(path.section) {
      guard path.item >= 0, path.item < count else { return false }
      return excluded.remove(path) != nil
    }
    return listed.insert(path).inserted
  }

  /// Deselects `path`; whether it was selected before.
  @discardableResult
  mutating func remove(_ path: ItemPath) -> Bool {
    if let count = wholeCount(path.section) {
      guard path.item >= 0, path.item < count, excluded.insert(path).inserted else {
        return false
      }
      dropWholeSectionsIfEmpty()
      return true
    }
    return listed.remove(path) != nil
  }

  /// Deselects everything.
  mutating func removeAll() { self = SelectedItems() }

  /// Selects every item of sections of `counts` items each, but `except` (paths of those
  /// sections).
  ///
  /// - Complexity: O(S + e) for S sections and e exceptions.
  mutating func selectAll(counts: [Int], except: Set<ItemPath> = []) {
    whole = counts.map { Swift.max(0, $0) }
    wholeTotal = whole.reduce(0, +)
    excluded = except.filter { $0.section >= 0 && $0.section < whole.count && $0.item >= 0 }
    excluded = excluded.filter { $0.item < whole[$0.section] }
    listed = []
    dropWholeSectionsIfEmpty()
  }

  /// Whole sections of which every item was taken out hold nothing: they are dropped, so
  /// that an empty selection is the plain empty one.
  private mutating func dropWholeSectionsIfEmpty() {
    if !whole.isEmpty && excluded.count == wholeTotal {
      whole = []
      excluded = []
      wholeTotal = 0
    }
  }

  // MARK: Reading every item

  /// Calls `body` with every selected item in ascending order, until it returns `false`.
  ///
  /// No item is hashed: the exceptions and the listed items are sorted by section first, so
  /// that a walk over ten million selected items costs a step an item (hashing each took
  /// most of a second: a new user's finding).
  ///
  /// - Complexity: O(n + l log l + e log e) for n items selected, l listed and e excepted.
  func forEachInOrder(_ body: (ItemPath) -> Bool) {
    let others = listed.sorted()
    guard !whole.isEmpty else {
      for path in others where !body(path) { return }
      return
    }
    let holes = excluded.sorted()
    var next = 0
    var hole = 0
    for section in whole.indices {
      while next < others.count && others[next].section < section {
        guard body(others[next]) else { return }
        next += 1
      }
      guard whole[section] >= 0 else { continue }
      while hole < holes.count && holes[hole].section < section { hole += 1 }
      for item in 0..<whole[section] {
        if hole < holes.count && holes[hole].section == section && holes[hole].item == item {
          hole += 1
          continue
        }
        guard body(ItemPath(section: section, item: item)) else { return }
      }
    }
    while next < others.count {
      guard body(others[next]) else { return }
      next += 1
    }
  }

  /// Calls `body` with every item of sections of `counts` items, in order, and whether it is
  /// selected: without hashing an item (see ``forEachInOrder(_:)``).
  ///
  /// - Complexity: O(N + l log l + e log e) for N items.
  func forEachItem(in counts: [Int], _ body: (ItemPath, _ isSelected: Bool) -> Void) {
    let marks = (whole.isEmpty ? listed : listed.union(excluded)).sorted()
    var mark = 0
    for (section, count) in counts.enumerated() {
      let isWhole = wholeCount(section) != nil
      while mark < marks.count && marks[mark].section < section { mark += 1 }
      for item in 0..<Swift.max(0, count) {
        // A mark flips the section's default: listed in a plain section, excepted in a whole.
        var flipped = false
        if mark < marks.count && marks[mark].section == section && marks[mark].item == item {
          flipped = true
          mark += 1
        }
        body(ItemPath(section: section, item: item), isWhole != flipped)
      }
    }
  }

  /// Every selected item, in ascending order.
  func sorted() -> [ItemPath] {
    var result: [ItemPath] = []
    result.reserveCapacity(count)
    forEachInOrder {
      result.append($0)
      return true
    }
    return result
  }

  /// The first selected item, in ascending order.
  func min() -> ItemPath? {
    var first: ItemPath?
    forEachInOrder {
      first = $0
      return false
    }
    return first
  }

  /// The selected items in ascending order (listed: a read of every item).
  func makeIterator() -> IndexingIterator<[ItemPath]> { sorted().makeIterator() }

  // MARK: Following the data

  /// After a batch update: every selected item moves with its item; inserted items are not
  /// selected; the selected items the update deletes are added to `deleted` (old paths).
  ///
  /// - Complexity: O(l + e + c + S) for l listed and e excluded items, c changed items and S
  ///   sections, plus the items of whole sections deleted or reloaded (each is told).
  mutating func follow(_ mapping: ChangesetMapping, deleted: inout [ItemPath]) {
    guard !whole.isEmpty else {
      var kept = Set<ItemPath>(minimumCapacity: listed.count)
      for old in listed {
        if let path = mapping.newIndexPath(forOld: old) {
          kept.insert(path)
        } else {
          deleted.append(old)
        }
      }
      listed = kept
      return
    }
    // A section stays whole when it survives, unreloaded; a new section is not.
    var newWhole = [Int](repeating: -1, count: mapping.newItemCounts.count)
    var newTotal = 0
    for section in newWhole.indices {
      if let old = mapping.oldSection(forNew: section), wholeCount(old) != nil,
        !mapping.isSectionReloaded(old)
      {
        newWhole[section] = mapping.newItemCounts[section]
        newTotal += mapping.newItemCounts[section]
      }
    }
    var newExcluded = Set<ItemPath>()
    for old in excluded {
      if let path = mapping.newIndexPath(forOld: old), newWhole[path.section] >= 0 {
        newExcluded.insert(path)
      }
    }
    var newListed = Set<ItemPath>()
    for old in listed {
      if let path = mapping.newIndexPath(forOld: old) {
        if newWhole[path.section] < 0 { newListed.insert(path) }
      } else {
        deleted.append(old)
      }
    }
    // Items new to a whole section (inserted, or moved in): selected only when moved from a
    // selected item.
    for section in newWhole.indices where newWhole[section] >= 0 {
      for item in mapping.fixedItems(inNewSection: section) {
        let path = ItemPath(section: section, item: item)
        if !(mapping.oldIndexPath(forNew: path).map(contains) ?? false) {
          newExcluded.insert(path)
        }
      }
    }
    // Selected items of whole sections moved into other sections stay selected there.
    for move in mapping.itemMoves
    where move.destination.section >= 0 && move.destination.section < newWhole.count
      && newWhole[move.destination.section] < 0 && contains(move.source)
    {
      newListed.insert(move.destination)
    }
    // The selected items of whole sections that the update deletes.
    for section in whole.indices where whole[section] >= 0 {
      if mapping.newSection(forOld: section) == nil || mapping.isSectionReloaded(section) {
        for item in 0..<whole[section] {
          let path = ItemPath(section: section, item: item)
          if !excluded.contains(path) { deleted.append(path) }
        }
        continue
      }
      for item in mapping.removedItems(inOldSection: section) where item < whole[section] {
        let path = ItemPath(section: section, item: item)
        if !excluded.contains(path) && mapping.newIndexPath(forOld: path) == nil {
          deleted.append(path)
        }
      }
    }
    whole = newWhole
    wholeTotal = newTotal
    excluded = newExcluded
    listed = newListed
    dropWholeSectionsIfEmpty()
  }

  /// After a reload to `counts`: the selected items still in range stay selected, and items
  /// past the old ends are not; those out of range now are added to `deleted`.
  ///
  /// - Complexity: O(l + e + S) for l listed and e excluded items and S sections, plus the
  ///   items a section lost or gained.
  mutating func keepValid(_ counts: ItemCounts, deleted: inout [ItemPath]) {
    for path in listed where !counts.isValid(path) { deleted.append(path) }
    if !deleted.isEmpty { listed = listed.filter(counts.isValid) }
    guard !whole.isEmpty else { return }
    var newWhole = [Int](repeating: -1, count: counts.sectionCount)
    var newTotal = 0
    for section in whole.indices where whole[section] >= 0 {
      let old = whole[section]
      let now = counts.numberOfItems(inSection: section)
      for item in now..<Swift.max(now, old) {
        let path = ItemPath(section: section, item: item)
        if excluded.remove(path) == nil { deleted.append(path) }
      }
      guard section < newWhole.count else { continue }
      for item in old..<Swift.max(old, now) {
        excluded.insert(ItemPath(section: section, item: item))
      }
      newWhole[section] = now
      newTotal += now
    }
    whole = newWhole
    wholeTotal = newTotal
    dropWholeSectionsIfEmpty()
  }

  /// Whether the selection names only items of `counts`, and whole sections hold their
  /// counts. O(l + e + S): checked after every pass with `REUSEKIT_CHECKS`.
  func problem(in counts: ItemCounts) -> String? {
    for path in listed where !counts.isValid(path) {
      return "selected item \(path) is out of range"
    }
    guard !whole.isEmpty else { return nil }
    if whole.count != counts.sectionCount {
      return "a selection of whole sections has \(whole.count) sections, the data "
        + "\(counts.sectionCount)"
    }
    for section in whole.indices where whole[section] >= 0 {
      if whole[section] != counts.numberOfItems(inSection: section) {
        return "whole section \(section) is selected as \(whole[section]) items, the data has "
          + "\(counts.numberOfItems(inSection: section))"
      }
    }
    for path in excluded where wholeCount(path.section) == nil || !counts.isValid(path) {
      return "item \(path), taken out of a whole section, is not in one"
    }
    for path in listed where wholeCount(path.section) != nil {
      return "item \(path) is listed, but its section is selected whole"
    }
    if wholeTotal != whole.reduce(0, { $0 + Swift.max(0, $1) }) {
      return "whole sections total \(wholeTotal) items, not their sum"
    }
    return nil
  }
}
