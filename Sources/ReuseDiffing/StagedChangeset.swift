/// What the diff does with an element whose identity stays but whose content changed.
public enum ContentUpdate: Hashable, Sendable {
  /// Configure its cell again (the default: cheap, and the cell keeps its state).
  case reconfigure
  /// Replace its cell.
  case reload
}

/// The changes that turn one version of a collection into another, as batches a collection
/// view applies one after the other.
///
/// The diff is Heckel's: identities are matched in O(n) through one hash table; elements
/// whose identity stays are kept or moved (the fewest moves: those outside a longest
/// increasing run, O(k log k)), and updated when their content differs. Linear and sectioned
/// data are supported, with moves within and across sections.
///
/// Most diffs are one stage. A second stage appears only for what one batch cannot express:
/// an element (or section) that both moves and changes content is moved in the first stage
/// and updated, at its new path, in the second, as `DifferenceKit`'s staged changesets do.
///
/// ```swift
/// let changes = StagedChangeset(source: oldTitles, target: newTitles)
/// titles = newTitles
/// for stage in changes { collectionView.performBatchUpdates(with: stage) }
/// ```
///
/// ### Identity
/// Two elements are the same element when their ``Differentiable/differenceIdentifier``s are
/// equal by the identifier type's own `==` (and so have the same `hashValue`, as `Hashable`
/// requires): string identifiers that Swift calls equal, such as `"caf\u{E9}"` and
/// `"cafe\u{301}"`, are one element, kept or moved, never deleted and inserted. (ASCII strings
/// are hashed by their bytes, where bytes and `==` agree; any other string makes the diff
/// hash with `hashValue`.) Sections are matched by their models' identifiers the same way.
///
/// ### Duplicates
/// An identifier that occurs more than once is matched in order: its k-th occurrence in the
/// new version is its k-th in the old one, counting across the sections present in both
/// versions in order (items of deleted and inserted sections go with their sections and are
/// not counted), and occurrences beyond the other version's count are deleted or inserted. The result stays valid, and ``duplicatedIdentifiers`` (and a
/// diagnostic, when a sink is given) reports it for the part of the data that changed: the
/// common prefix and suffix of the two versions match in place, unhashed, and so do the
/// elements between that a forward walk finds still equal where they lie (past an element
/// replaced, deleted or inserted), so a duplicate that lies wholly in those changes nothing
/// and is not counted. `Snapshot` refuses
/// duplicates when they are added.
public struct StagedChangeset: RandomAccessCollection, Hashable, Sendable {
  /// The batches, in the order to apply them.
  public var stages: [Changeset]
  /// How many distinct identifiers (sections and items) occurred more than once in the part
  /// of the data that changed.
  public var duplicatedIdentifiers: Int

  /// Wraps batches made elsewhere.
  public init(_ stages: [Changeset] = []) {
    self.stages = stages.filter { !$0.isEmpty }
    self.duplicatedIdentifiers = 0
  }

  /// The first stage's index.
  public var startIndex: Int { stages.startIndex }
  /// One past the last stage.
  public var endIndex: Int { stages.endIndex }
  /// A stage.
  public subscript(position: Int) -> Changeset { stages[position] }

  /// The changes from `source` to `target`, one section (section 0).
  ///
  /// - Complexity: O(n) hashing plus O(k log k) for moves, where k is the number of elements
  ///   kept.
  @inlinable
  public init<Element: Differentiable>(
    source: [Element], target: [Element], contentUpdate: ContentUpdate = .reconfigure
  ) {
    let (stages, duplicates) = sectionedChanges(
      oldSections: [0], newSections: [0],
      oldItems: identifiers(of: source), oldStarts: [0, source.count],
      newItems: identifiers(of: target), newStarts: [0, target.count],
      sectionContentChanged: { _, _ in false },
      itemContentChanged: { !target[$1.item].isContentEqual(to: source[$0.item]) },
      contentUpdate: contentUpdate)
    self.stages = stages
    self.duplicatedIdentifiers = duplicates
  }

  /// The changes from `source` to `target`, sections and items.
  ///
  /// - Complexity: O(n + S) hashing plus O(k log k) for moves.
  @inlinable
  public init<Model: Differentiable, Element: Differentiable>(
    source: [ArraySection<Model, Element>], target: [ArraySection<Model, Element>],
    contentUpdate: ContentUpdate = .reconfigure
  ) {
    // The identifiers, flat across sections; the elements stay where they are (copying them
    // would retain and release everything they hold, twice over).
    func flatten(
      _ sections: [ArraySection<Model, Element>]
    ) -> ([Element.DifferenceIdentifier], [Int]) {
      var starts = [0]
      starts.reserveCapacity(sections.count + 1)
      for section in sections { starts.append(starts[starts.count - 1] + section.elements.count) }
      let total = starts[starts.count - 1]
      // Written in place, each read where the element lies: iterating or appending would copy
      // every element and check capacity at each step.
      let identifiers = [Element.DifferenceIdentifier](unsafeUninitializedCapacity: total) {
        buffer, initialized in
        var next = 0
        for section in sections {
          section.elements.withUnsafeBufferPointer { elements in
            for index in elements.indices {
              (buffer.baseAddress! + next).initialize(to: elements[index].differenceIdentifier)
              next += 1
            }
          }
        }
        initialized = next
      }
      return (identifiers, starts)
    }
    let (oldIDs, oldStarts) = flatten(source)
    let (newIDs, newStarts) = flatten(target)
    let (stages, duplicates) = sectionedChanges(
      oldSections: source.map { $0.differenceIdentifier },
      newSections: target.map { $0.differenceIdentifier },
      oldItems: oldIDs, oldStarts: oldStarts, newItems: newIDs, newStarts: newStarts,
      sectionContentChanged: { !target[$1].isContentEqual(to: source[$0]) },
      itemContentChanged: { old, new in
        !target[new.section].elements[new.item].isContentEqual(
          to: source[old.section].elements[old.item])
      },
      contentUpdate: contentUpdate)
    self.stages = stages
    self.duplicatedIdentifiers = duplicates
  }
}

/// The flat indices of the items of the sections that `sectionMatch` matches (`>= 0`), or `nil`
/// when every item is in one (`starts`: each section's first flat index, and the total).
@inlinable
func itemsOfMatchedSections(_ sectionMatch: [Int], starts: [Int]) -> [Int]? {
  // Most diffs keep every section that has items: then nothing is gathered.
  let sections = 0..<(starts.count - 1)
  guard sections.contains(where: { sectionMatch[$0] < 0 && starts[$0] < starts[$0 + 1] }) else {
    return nil
  }
  var kept: [Int] = []
  for section in sections where sectionMatch[section] >= 0 {
    kept.append(contentsOf: starts[section]..<starts[section + 1])
  }
  return kept
}

/// The identifiers of `elements`: the array itself when elements are their own identity (no
/// copy, no retain per element), else a mapped copy.
@inlinable
func identifiers<Element: Differentiable>(of elements: [Element]) -> [Element.DifferenceIdentifier]
{
  if Element.self == Element.DifferenceIdentifier.self {
    return unsafeBitCast(elements, to: [Element.DifferenceIdentifier].self)
  }
  return elements.map { $0.differenceIdentifier }
}

/// The sectioned diff over identifiers: Heckel on sections, Heckel on all items at once (so
/// items can move across sections), longest increasing runs for the fewest moves.
///
/// Inlinable, like the initialisers that call it, so that it specialises for the caller's
/// identifier type (hashing and comparing through witness tables costs several times more).
/// A caller whose items have no content beyond their identifiers passes
/// `itemContentsCanChange: false`, and `itemContentChanged` is never asked.
@inlinable
package func sectionedChanges<SectionID: Hashable, ItemID: Hashable>(
  oldSections: [SectionID], newSections: [SectionID],
  oldItems: [ItemID], oldStarts: [Int], newItems: [ItemID], newStarts: [Int],
  sectionContentChanged: (Int, Int) -> Bool, itemContentChanged: (ItemPath, ItemPath) -> Bool,
  contentUpdate: ContentUpdate, itemContentsCanChange: Bool = true
) -> (stages: [Changeset], duplicates: Int) {
  var first = Changeset()
  var second = Changeset()
  func update(_ path: ItemPath, in changeset: inout Changeset) {
    switch contentUpdate {
    case .reconfigure: changeset.reconfiguredItems.append(path)
    case .reload: changeset.reloadedItems.append(path)
    }
  }

  // Sections.
  let sections = HeckelMatch(old: oldSections, new: newSections)
  for section in oldSections.indices where sections.oldToNew[section] < 0 {
    first.deletedSections.append(section)
  }
  var keptSections: [(old: Int, new: Int)] = []
  for section in newSections.indices {
    let old = sections.newToOld[section]
    if old < 0 {
      first.insertedSections.append(section)
    } else {
      keptSections.append((old, section))
    }
  }
  var sectionMoved = [Bool](repeating: false, count: oldSections.count)
  let stableSections = longestIncreasingSubsequence(keptSections.map(\.old))
  for (index, pair) in keptSections.enumerated() {
    if !stableSections[index] {
      first.movedSections.append(SectionMove(from: pair.old, to: pair.new))
      sectionMoved[pair.old] = true
    }
    if sectionContentChanged(pair.old, pair.new) {
      if sectionMoved[pair.old] {
        second.reconfiguredSections.append(pair.new)
      } else {
        first.reconfiguredSections.append(pair.old)
      }
    }
  }

  // Items, matched across the sections present in both versions at once (so items can move
  // across sections). Items of deleted and inserted sections are deleted and inserted with
  // their sections: they take no part in the matching, so an identifier's k-th occurrence is
  // counted among the items that can stay.
  // Each old item's section; with one section (a flat list) every item's is 0, and no array
  // of a million zeros is made.
  let oneOldSection = oldSections.count == 1
  var oldSectionOf: [Int32] = []
  if !oneOldSection {
    oldSectionOf = [Int32](repeating: 0, count: oldItems.count)
    for section in oldSections.indices {
      for index in oldStarts[section]..<oldStarts[section + 1] {
        oldSectionOf[index] = Int32(section)
      }
    }
  }
  @inline(__always) func sectionOfOld(_ index: Int) -> Int {
    oneOldSection ? 0 : Int(oldSectionOf[index])
  }
  let oldToNew: [Int]
  let newToOld: [Int]
  let itemDuplicates: Int
  let oldKept = itemsOfMatchedSections(sections.oldToNew, starts: oldStarts)
  let newKept = itemsOfMatchedSections(sections.newToOld, starts: newStarts)
  if oldKept == nil && newKept == nil {
    let items = HeckelMatch(old: oldItems, new: newItems)
    oldToNew = items.oldToNew
    newToOld = items.newToOld
    itemDuplicates = items.duplicatedIdentifiers
  } else {
    let oldKept = oldKept ?? Array(oldItems.indices)
    let newKept = newKept ?? Array(newItems.indices)
    let items = HeckelMatch(old: oldKept.map { oldItems[$0] }, new: newKept.map { newItems[$0] })
    var oldMatches = [Int](repeating: -1, count: oldItems.count)
    var newMatches = [Int](repeating: -1, count: newItems.count)
    for (index, new) in items.oldToNew.enumerated() where new >= 0 {
      oldMatches[oldKept[index]] = newKept[new]
      newMatches[newKept[new]] = oldKept[index]
    }
    oldToNew = oldMatches
    newToOld = newMatches
    itemDuplicates = items.duplicatedIdentifiers
  }
  var candidateOrder: [Int] = []
  var stable: [Bool] = []
  for section in newSections.indices where sections.newToOld[section] >= 0 {
    let oldSection = sections.newToOld[section]
    let start = newStarts[section]
    let range = start..<newStarts[section + 1]
    // Items that stay in this section: the longest increasing run of old positions stays.
    // Usually no item moved and the whole run increases: one pass finds that, and no run is
    // computed.
    var inOrder = true
    var last = -1
    for index in range {
      let old = newToOld[index]
      guard old >= 0 && sectionOfOld(old) == oldSection else { continue }
      if old <= last {
        inOrder = false
        break
      }
      last = old
    }
    if !inOrder {
      candidateOrder.removeAll(keepingCapacity: true)
      for index in range {
        let old = newToOld[index]
        if old >= 0 && sectionOfOld(old) == oldSection { candidateOrder.append(old) }
      }
      stable = longestIncreasingSubsequence(candidateOrder)
    }
    // In order, and no content to compare: an item is inserted, moved in from another
    // section, or left where it is. (A million kept items cost a load and a test each.)
    if inOrder && !itemContentsCanChange {
      for index in range {
        let old = newToOld[index]
        if old < 0 {
          first.insertedItems.append(ItemPath(section: section, item: index - start))
        } else if !oneOldSection, Int(oldSectionOf[old]) != oldSection {
          let sourceSection = Int(oldSectionOf[old])
          first.movedItems.append(
            ItemMove(
              from: ItemPath(section: sourceSection, item: old - oldStarts[sourceSection]),
              to: ItemPath(section: section, item: index - start)))
        }
      }
      continue
    }
    var candidate = 0
    for index in range {
      let destination = ItemPath(section: section, item: index - start)
      let old = newToOld[index]
      guard old >= 0 else {
        first.insertedItems.append(destination)
        continue
      }
      let sourceSection = sectionOfOld(old)
      let source = ItemPath(section: sourceSection, item: old - oldStarts[sourceSection])
      var moved = true
      if sourceSection == oldSection {
        moved = !inOrder && !stable[candidate]
        candidate += 1
      }
      if moved { first.movedItems.append(ItemMove(from: source, to: destination)) }
      if itemContentsCanChange && itemContentChanged(source, destination) {
        if moved {
          update(destination, in: &second)
        } else {
          update(source, in: &first)
        }
      }
    }
  }
  for section in oldSections.indices where sections.oldToNew[section] >= 0 {
    for index in oldStarts[section]..<oldStarts[section + 1] where oldToNew[index] < 0 {
      first.deletedItems.append(ItemPath(section: section, item: index - oldStarts[section]))
    }
  }
  first.reconfiguredItems.sort()
  first.reloadedItems.sort()
  var stages: [Changeset] = []
  if !first.isEmpty { stages.append(first) }
  if !second.isEmpty { stages.append(second) }
  return (stages, sections.duplicatedIdentifiers + itemDuplicates)
}
