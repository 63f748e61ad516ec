/// The state of a diffable data source: sections and items by identifier, as UIKit's
/// `NSDiffableDataSourceSnapshot`. Build one, then hand it to
/// ``CollectionViewDiffableDataSource/apply(_:animatingDifferences:completion:)``, which diffs
/// it against the current one.
///
/// ```swift
/// var snapshot = Snapshot<String, Task.ID>()
/// snapshot.appendSections(["Today", "Later"])
/// snapshot.appendItems(today.map(\.id), toSection: "Today")
/// dataSource.apply(snapshot)
/// ```
///
/// Identifiers are unique across the whole snapshot. What UIKit crashes on is refused here,
/// with a ``Diagnostic`` in ``problems`` (reported when the snapshot is applied): an
/// identifier added twice keeps its first place; an unknown identifier in an operation
/// ignores the operation; items added with no section to go to are dropped.
///
/// A content change of an item that keeps its identifier is not visible to the diff: mark it
/// with ``reconfigureItems(_:)`` (same cell, configured again) or ``reloadItems(_:)`` (a new
/// cell). The marks apply once, with this snapshot.
public struct Snapshot<SectionID: Hashable, ItemID: Hashable>: Equatable {
  /// The sections, in order.
  public private(set) var sectionIdentifiers: [SectionID] = []
  private var itemsBySection: [[ItemID]] = []
  private var sectionIndex: [SectionID: Int] = [:]
  private var sectionOfItem: [ItemID: SectionID] = [:]
  /// Items whose cells are replaced when this snapshot is applied.
  public private(set) var reloadedItemIdentifiers: Set<ItemID> = []
  /// Items whose cells are configured again when this snapshot is applied.
  public private(set) var reconfiguredItemIdentifiers: Set<ItemID> = []
  /// Sections reloaded when this snapshot is applied.
  public private(set) var reloadedSectionIdentifiers: Set<SectionID> = []
  /// Sections whose supplementary views are configured again when this snapshot is applied.
  public private(set) var reconfiguredSectionIdentifiers: Set<SectionID> = []
  /// What was refused while building it (duplicates, unknown identifiers).
  public private(set) var problems: [Diagnostic] = []

  /// An empty snapshot.
  public init() {}

  // MARK: Reading

  /// The number of sections.
  public var numberOfSections: Int { sectionIdentifiers.count }

  /// The number of items, in all sections.
  public var numberOfItems: Int { sectionOfItem.count }

  /// All items, section by section.
  public var itemIdentifiers: [ItemID] { itemsBySection.flatMap { $0 } }

  /// The items of `section`, or `[]` for an unknown section.
  public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
    sectionIndex[section].map { itemsBySection[$0] } ?? []
  }

  /// The items of the section at `index`.
  func items(inSectionAt index: Int) -> [ItemID] { itemsBySection[index] }

  /// The number of items in `section`.
  public func numberOfItems(inSection section: SectionID) -> Int {
    sectionIndex[section].map { itemsBySection[$0].count } ?? 0
  }

  /// The section that contains `item`.
  public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    sectionOfItem[item]
  }

  /// The index of `section`.
  public func indexOfSection(_ section: SectionID) -> Int? { sectionIndex[section] }

  /// Where `item` is.
  ///
  /// - Complexity: O(items in its section).
  public func indexPath(ofItem item: ItemID) -> ItemPath? {
    guard let section = sectionOfItem[item], let index = sectionIndex[section],
      let position = itemsBySection[index].firstIndex(of: item)
    else { return nil }
    return ItemPath(section: index, item: position)
  }

  /// The item at `indexPath`.
  public func itemIdentifier(at indexPath: ItemPath) -> ItemID? {
    guard itemsBySection.indices.contains(indexPath.section),
      itemsBySection[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return itemsBySection[indexPath.section][indexPath.item]
  }

  /// Whether `item` is in the snapshot.
  public func contains(_ item: ItemID) -> Bool { sectionOfItem[item] != nil }

  // MARK: Sections

  /// Adds sections at the end.
  public mutating func appendSections(_ sections: [SectionID]) {
    insertSections(sections, at: sectionIdentifiers.count)
  }

  /// Inserts sections before `section`.
  public mutating func insertSections(_ sections: [SectionID], beforeSection section: SectionID) {
    guard let index = knownSection(section, "insertSections(beforeSection:)") else { return }
    insertSections(sections, at: index)
  }

  /// Inserts sections after `section`.
  public mutating func insertSections(_ sections: [SectionID], afterSection section: SectionID) {
    guard let index = knownSection(section, "insertSections(afterSection:)") else { return }
    insertSections(sections, at: index + 1)
  }

  /// Deletes sections and their items.
  public mutating func deleteSections(_ sections: [SectionID]) {
    let doomed = Set(sections.filter { knownSection($0, "deleteSections") != nil })
    guard !doomed.isEmpty else { return }
    for (index, section) in sectionIdentifiers.enumerated() where doomed.contains(section) {
      for item in itemsBySection[index] {
        sectionOfItem[item] = nil
        reloadedItemIdentifiers.remove(item)
        reconfiguredItemIdentifiers.remove(item)
      }
      reloadedSectionIdentifiers.remove(section)
      reconfiguredSectionIdentifiers.remove(section)
    }
    let kept = sectionIdentifiers.indices.filter { !doomed.contains(sectionIdentifiers[$0]) }
    itemsBySection = kept.map { itemsBySection[$0] }
    sectionIdentifiers = kept.map { sectionIdentifiers[$0] }
    reindexSections()
  }

  /// Moves `section` before `other`.
  public mutating func moveSection(_ section: SectionID, beforeSection other: SectionID) {
    moveSection(section, relativeTo: other, after: false)
  }

  /// Moves `section` after `other`.
  public mutating func moveSection(_ section: SectionID, afterSection other: SectionID) {
    moveSection(section, relativeTo: other, after: true)
  }

  /// Marks sections to reload (all their cells and views replaced).
  public mutating func reloadSections(_ sections: [SectionID]) {
    let known = sections.filter { knownSection($0, "reloadSections") != nil }
    reloadedSectionIdentifiers.formUnion(known)
  }

  /// Marks sections whose headers and footers are configured again.
  public mutating func reconfigureSections(_ sections: [SectionID]) {
    let known = sections.filter { knownSection($0, "reconfigureSections") != nil }
    reconfiguredSectionIdentifiers.formUnion(known)
  }

  // MARK: Items

  /// Adds items at the end of `section` (default: the last section).
  public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) {
    guard let target = section ?? sectionIdentifiers.last else {
      report(.invalidConfiguration, "appendItems: there is no section to append to; ignored")
      return
    }
    guard let index = knownSection(target, "appendItems(toSection:)") else { return }
    insert(items, inSectionAt: index, at: itemsBySection[index].count)
  }

  /// Inserts items before `item`.
  public mutating func insertItems(_ items: [ItemID], beforeItem item: ItemID) {
    guard let path = knownItem(item, "insertItems(beforeItem:)") else { return }
    insert(items, inSectionAt: path.section, at: path.item)
  }

  /// Inserts items after `item`.
  public mutating func insertItems(_ items: [ItemID], afterItem item: ItemID) {
    guard let path = knownItem(item, "insertItems(afterItem:)") else { return }
    insert(items, inSectionAt: path.section, at: path.item + 1)
  }

  /// Deletes items.
  public mutating func deleteItems(_ items: [ItemID]) {
    var doomed: [Int: Set<ItemID>] = [:]
    for item in items {
      guard let section = sectionOfItem[item], let index = sectionIndex[section] else {
        report(.unknownIdentifier, "deleteItems: \(item) is not in the snapshot; ignored")
        continue
      }
      doomed[index, default: []].insert(item)
      sectionOfItem[item] = nil
      reloadedItemIdentifiers.remove(item)
      reconfiguredItemIdentifiers.remove(item)
    }
    for (index, set) in doomed { itemsBySection[index].removeAll { set.contains($0) } }
  }

  /// Deletes every item; the sections stay.
  public mutating func deleteAllItems() {
    itemsBySection = itemsBySection.map { _ in [] }
    sectionOfItem.removeAll()
    reloadedItemIdentifiers.removeAll()
    reconfiguredItemIdentifiers.removeAll()
  }

  /// Moves `item` before `other` (possibly into another section).
  public mutating func moveItem(_ item: ItemID, beforeItem other: ItemID) {
    moveItem(item, relativeTo: other, after: false)
  }

  /// Moves `item` after `other` (possibly into another section).
  public mutating func moveItem(_ item: ItemID, afterItem other: ItemID) {
    moveItem(item, relativeTo: other, after: true)
  }

  /// Marks items to reload (a new cell each).
  public mutating func reloadItems(_ items: [ItemID]) {
    let known = items.filter { knownItem($0, "reloadItems") != nil }
    reloadedItemIdentifiers.formUnion(known)
  }

  /// Marks items to reconfigure (the same cell, configured again).
  public mutating func reconfigureItems(_ items: [ItemID]) {
    let known = items.filter { knownItem($0, "reconfigureItems") != nil }
    reconfiguredItemIdentifiers.formUnion(known)
  }

  /// This snapshot without its reload and reconfigure marks (they apply once) or problems.
  func clearingMarks() -> Snapshot {
    var copy = self
    copy.reloadedItemIdentifiers.removeAll()
    copy.reconfiguredItemIdentifiers.removeAll()
    copy.reloadedSectionIdentifiers.removeAll()
    copy.reconfiguredSectionIdentifiers.removeAll()
    copy.problems.removeAll()
    return copy
  }

  // MARK: Private

  private mutating func insertSections(_ sections: [SectionID], at index: Int) {
    var fresh: [SectionID] = []
    var seen = Set<SectionID>()
    for section in sections {
      if sectionIndex[section] != nil || !seen.insert(section).inserted {
        report(.duplicateIdentifier, "section \(section) is already in the snapshot; kept once")
      } else {
        fresh.append(section)
      }
    }
    sectionIdentifiers.insert(contentsOf: fresh, at: index)
    itemsBySection.insert(contentsOf: fresh.map { _ in [] }, at: index)
    reindexSections()
  }

  private mutating func insert(_ items: [ItemID], inSectionAt index: Int, at position: Int) {
    var fresh: [ItemID] = []
    let section = sectionIdentifiers[index]
    for item in items {
      if sectionOfItem[item] != nil {
        report(
          .duplicateIdentifier, "item \(item) is already in the snapshot; it keeps its first place")
      } else {
        sectionOfItem[item] = section
        fresh.append(item)
      }
    }
    itemsBySection[index].insert(contentsOf: fresh, at: position)
  }

  private mutating func moveSection(_ section: SectionID, relativeTo other: SectionID, after: Bool)
  {
    guard let from = knownSection(section, "moveSection"),
      knownSection(other, "moveSection") != nil,
      section != other
    else { return }
    let items = itemsBySection.remove(at: from)
    sectionIdentifiers.remove(at: from)
    reindexSections()
    let target = sectionIndex[other]! + (after ? 1 : 0)
    sectionIdentifiers.insert(section, at: target)
    itemsBySection.insert(items, at: target)
    reindexSections()
  }

  private mutating func moveItem(_ item: ItemID, relativeTo other: ItemID, after: Bool) {
    guard let from = knownItem(item, "moveItem"), knownItem(other, "moveItem") != nil, item != other
    else { return }
    itemsBySection[from.section].remove(at: from.item)
    let target = indexPath(ofItem: other)!
    itemsBySection[target.section].insert(item, at: target.item + (after ? 1 : 0))
    sectionOfItem[item] = sectionIdentifiers[target.section]
  }

  /// Moves the item at `source` to `destination` (its path after the move), as an
  /// interactive movement's drop does. Returns `false`, changing nothing, when either path is
  /// out of range.
  mutating func moveItem(at source: ItemPath, to destination: ItemPath) -> Bool {
    guard itemsBySection.moveElement(at: source, to: destination) else { return false }
    let item = itemsBySection[destination.section][destination.item]
    sectionOfItem[item] = sectionIdentifiers[destination.section]
    return true
  }

  private mutating func reindexSections() {
    sectionIndex.removeAll(keepingCapacity: true)
    for (index, section) in sectionIdentifiers.enumerated() { sectionIndex[section] = index }
  }

  private mutating func knownSection(_ section: SectionID, _ operation: String) -> Int? {
    if let index = sectionIndex[section] { return index }
    report(.unknownIdentifier, "\(operation): section \(section) is not in the snapshot; ignored")
    return nil
  }

  private mutating func knownItem(_ item: ItemID, _ operation: String) -> ItemPath? {
    if let path = indexPath(ofItem: item) { return path }
    report(.unknownIdentifier, "\(operation): item \(item) is not in the snapshot; ignored")
    return nil
  }

  private mutating func report(_ code: Diagnostic.Code, _ message: String) {
    problems.append(Diagnostic(code, "Snapshot: " + message))
  }
}

/// A snapshot of sendable identifiers crosses threads (a diff found off the host's loop).
extension Snapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}
