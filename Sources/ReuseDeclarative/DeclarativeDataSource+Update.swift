import ReuseKit

extension DeclarativeDataSource: PagingDriver {
  package var hasPendingWork: Bool { tracker.hasChanges }

  /// On a tick: the body again if it was asked for or a model it read changed, and the cells
  /// whose observed properties changed.
  package func applyArrivals(in view: CollectionView) {
    let (items, bodyChanged) = tracker.take()
    if !staleHeaders.isEmpty || !staleGroups.isEmpty { refreshAfterMove(in: view) }
    if needsReload {
      needsReload = false
      requestedUpdate = nil
      sections = evaluate()
      lastAppliedChanges = Changeset()
      hasAppliedChanges = false
      appliedExpansionRevision = expansionRevision  // shown by the reload
      view.reloadData()
      return
    }
    if bodyChanged || requestedUpdate != nil {
      let animated = requestedUpdate ?? true
      requestedUpdate = nil
      apply(evaluate(), animated: animated)
    }
    // Animated while the body's update glides (an unanimated batch would end it there).
    if !items.isEmpty {
      reconfigureDisplayed(animated: true) { _, id in id.map(items.contains) ?? false }
    }
  }

  package func displayedItemsDidChange(in view: CollectionView) {}

  /// Only ticks: nothing to do after a pass.
  package var observesPasses: Bool { false }
}

extension DeclarativeDataSource {
  /// Shows `new` in place of the current sections: the changes found by identity (sections by
  /// their identifiers, groups by their place, items by their identifiers in groups whose data
  /// may have changed) as one batch update, then the displayed items of changed groups
  /// configured again.
  ///
  /// - Complexity: O(sections + groups) when no collection changed; plus O(n) for each group of
  ///   n items whose collection may have.
  func apply(_ list: SectionList, animated: Bool) {
    let view = collectionView
    // A user's move not yet shown in full: its cells and headers first, by today's indices.
    if !staleHeaders.isEmpty || !staleGroups.isEmpty { refreshAfterMove(in: view) }
    if sections.lazy != nil || list.lazy != nil {
      return applyRun(list, in: view)
    }
    let old = sections.resolved
    let new = list.resolved
    var changes = Changeset()
    var changedGroups: [(section: Int, group: Int)] = []
    // Headers of sections that also move: configured after the batch, by their new index (a
    // section may not be both moved and reconfigured in one batch).
    var movedHeaders: [Int] = []
    // Resolving compared each section with the one shown at its place (the body was resolved
    // against these sections just before).
    let sameSections = old.count == new.count && new.allSatisfy(\.keepsShownIdentity)
    // A section's rail geometry changed (or sections with rails came or went): the layout
    // asks again.
    var railsChanged = !sameSections && new.contains { $0.rail != nil }
    var pairs: [(old: Int, new: Int)] = []
    if sameSections {
      pairs = old.indices.map { ($0, $0) }
    } else {
      // Sections alone: no item takes part (every section empty to the diff).
      let stages = sectionedChanges(
        oldSections: old.map(\.id), newSections: new.map(\.id), oldItems: [Int](),
        oldStarts: [Int](repeating: 0, count: old.count + 1), newItems: [Int](),
        newStarts: [Int](repeating: 0, count: new.count + 1),
        sectionContentChanged: { _, _ in false }, itemContentChanged: { _, _ in false },
        contentUpdate: .reconfigure
      ).stages
      changes = stages.first ?? Changeset()
      var oldIndex: [SectionIdentity: Int] = [:]
      for (index, section) in old.enumerated() { oldIndex[section.id] = index }
      for (index, section) in new.enumerated() {
        if let oldSection = oldIndex[section.id] { pairs.append((oldSection, index)) }
      }
    }
    for pair in pairs {
      let before = old[pair.old]
      let after = new[pair.new]
      // A section the body kept (``ResolvedSection/adopt(_:)``) has nothing new to show.
      if before === after { continue }
      if before.header != after.header || before.footer != after.footer {
        // In the one batch (by the index before it): a batch of its own, unanimated, would
        // end the glide of the items' changes.
        if changes.movedSections.contains(where: { $0.source == pair.old }) {
          movedHeaders.append(pair.new)
        } else {
          changes.reconfiguredSections.append(pair.old)
        }
      }
      if before.rail != after.rail { railsChanged = true }
      diff(
        before, after, oldSection: pair.old, newSection: pair.new, into: &changes,
        changedGroups: &changedGroups)
    }
    if !changes.deletedItems.isEmpty && !changes.insertedItems.isEmpty {
      // The groups joined items land in are configured again, as changed groups are (one the
      // body just made was not: a moved cell kept what its old place showed).
      for joined in joinMovesAcrossGroups(&changes, old: old, new: new) {
        changedGroups.append((joined.section, joined.group))
      }
    }
    dropTransientStates(of: changes, old: old, new: new)
    sections = list
    // Not written over an empty one with an empty one: ten arrays retained and released, a
    // twentieth of an unchanged body's cost.
    let hasChanges = !changes.isEmpty
    if hasChanges || hasAppliedChanges {
      lastAppliedChanges = changes
      hasAppliedChanges = hasChanges
    }
    installSwipeProvidersIfNeeded()
    installDragAndDropIfNeeded()
    installSpansIfNeeded()
    installStackedHeadersIfNeeded()
    if railsChanged {
      view.collectionViewLayout.invalidateLayout()
      view.setNeedsLayout()
    }
    if hasChanges {
      // Rows an opened or closed outline row shows or hides: the row says "expanded" or
      // "collapsed" itself (as the imperative outline does), not "6 items added" besides.
      if expansionRevision != appliedExpansionRevision && changes.insertedSections.isEmpty
        && changes.deletedSections.isEmpty
      {
        view.silenceNextAnnouncement()
      }
      view.performBatchUpdates(with: changes, animated: animated)
    }
    if let row = revealedRow, expansionRevision != appliedExpansionRevision {
      // A row the user closed while stuck at the top, deep in its children, stays in view (the
      // list went to its end, the row off screen above, or under its parent stuck over it: a
      // new user's finding). Its own subtree changed, so it is where it was, unless the same
      // update moved it (then it is left alone).
      revealedRow = nil
      if itemIdentifier(for: row.path) == row.id { reveal(row.path, in: view) }
    }
    appliedExpansionRevision = expansionRevision
    if !movedHeaders.isEmpty {
      view.performBatchUpdates(
        with: Changeset(reconfiguredSections: movedHeaders), animated: animated && view.isAnimating)
    }
    if !changedGroups.isEmpty {
      let groups = Set(changedGroups.map { SectionGroup(section: $0.section, group: $0.group) })
      reconfigureDisplayed(animated: animated) { path, _ in
        guard let group = groupIndex(of: path) else { return false }
        return groups.contains(SectionGroup(section: path.section, group: group))
      }
    }
  }

  /// Shows a body that is one run of ``Sections``, or was: the same run (place, data, count)
  /// as the one shown changes nothing (its sections are made again, by the new declaration,
  /// as they are next asked for); any other reloads the collection view, without a diff.
  private func applyRun(_ list: SectionList, in view: CollectionView) {
    if let old = sections.lazy, let new = list.lazy, old.isSame(as: new) {
      sections = list
      return
    }
    sections = list
    if hasAppliedChanges {
      lastAppliedChanges = Changeset()
      hasAppliedChanges = false
    }
    installSwipeProvidersIfNeeded()
    installDragAndDropIfNeeded()
    installSpansIfNeeded()
    installStackedHeadersIfNeeded()
    appliedExpansionRevision = expansionRevision
    view.reloadData()
  }

  /// Scrolls the least that shows the item at `path` whole, below the rows stuck over it (an
  /// outline's parents, as the engine counts them where the content lands).
  func reveal(_ path: ItemPath, in view: CollectionView) {
    view.layoutIfNeeded()
    view.scrollToItem(at: path, at: .nearest, animated: false)
  }

  /// After a user's move: the displayed items of the groups it left and joined, and the
  /// headers it changed, configured again in one batch (animated while the drop glides: an
  /// unanimated batch would end the glide there).
  private func refreshAfterMove(in view: CollectionView) {
    var changes = Changeset(reconfiguredSections: staleHeaders.filter { $0 < sections.count })
    let groups = staleGroups
    (staleHeaders, staleGroups) = ([], [])
    for path in view.indexPathsForVisibleItems {
      guard let group = groupIndex(of: path),
        groups.contains(SectionGroup(section: path.section, group: group))
      else { continue }
      changes.reconfiguredItems.append(path)
    }
    guard !changes.isEmpty else { return }
    view.performBatchUpdates(with: changes, animated: view.isAnimating)
  }

  /// The item changes between two versions of a section, in the batch's coordinates: deletes
  /// and moves' sources in `oldSection`, inserts and moves' destinations in `newSection`.
  private func diff(
    _ before: ResolvedSection, _ after: ResolvedSection, oldSection: Int, newSection: Int,
    into changes: inout Changeset, changedGroups: inout [(section: Int, group: Int)]
  ) {
    let old = before.groups
    let new = after.groups
    /// Group `newIndex` against old group `oldIndex` (or none): the changes within it, or
    /// all its items inserted when it has no old group of its type. Returns whether it
    /// matched one.
    func pair(_ newIndex: Int, with oldIndex: Int?) -> Bool {
      let newStart = after.starts[newIndex]
      if let oldIndex, let found = group(new[newIndex], matching: old[oldIndex]) {
        guard let local = found else { return true }  // the same data
        let oldStart = before.starts[oldIndex]
        changes.deletedItems += local.deletedItems.map {
          ItemPath(section: oldSection, item: oldStart + $0.item)
        }
        changes.insertedItems += local.insertedItems.map {
          ItemPath(section: newSection, item: newStart + $0.item)
        }
        changes.movedItems += local.movedItems.map {
          ItemMove(
            from: ItemPath(section: oldSection, item: oldStart + $0.source.item),
            to: ItemPath(section: newSection, item: newStart + $0.destination.item))
        }
        changedGroups.append((newSection, newIndex))
        return true
      }
      changes.insertedItems += (0..<new[newIndex].group.count).map {
        ItemPath(section: newSection, item: newStart + $0)
      }
      return false
    }
    func deleteAll(of oldIndex: Int) {
      let oldStart = before.starts[oldIndex]
      changes.deletedItems += (0..<old[oldIndex].group.count).map {
        ItemPath(section: oldSection, item: oldStart + $0)
      }
    }
    // The common case, a body over the same places: the groups pair up in order (no table
    // of keys, no flags).
    if old.count == new.count && zip(old, new).allSatisfy({ $0.key == $1.key }) {
      for index in new.indices where !pair(index, with: index) { deleteAll(of: index) }
      return
    }
    // Groups keep their order (a place key never moves), so a merge by key matches them.
    var matchedOld = [Bool](repeating: false, count: old.count)
    var oldByKey: [UInt64: [Int]] = [:]
    for (index, entry) in old.enumerated() { oldByKey[entry.key, default: []].append(index) }
    for (newIndex, entry) in new.enumerated() {
      var oldIndex: Int?
      if var candidates = oldByKey[entry.key], !candidates.isEmpty {
        oldIndex = candidates.removeFirst()
        oldByKey[entry.key] = candidates
      }
      if pair(newIndex, with: oldIndex), let oldIndex { matchedOld[oldIndex] = true }
    }
    for oldIndex in old.indices where !matchedOld[oldIndex] { deleteAll(of: oldIndex) }
  }

  /// An item whose identifier left one group and came to another (a task moved to "Done", a
  /// message to another folder) is a move, as a diffable data source's identifiers are unique
  /// across sections: it glides, and keeps its cell, selection, focus and transient state,
  /// where a delete and an insert would fade one out and another in. Each identifier deleted
  /// is matched once, first come first served.
  ///
  /// - Complexity: O(deleted + inserted items), and nothing when the changes lie in one
  ///   group (its own diff has matched its identifiers already).
  /// Returns the groups (of `new`) that items were joined into.
  @discardableResult
  func joinMovesAcrossGroups(
    _ changes: inout Changeset, old: [ResolvedSection], new: [ResolvedSection]
  ) -> [SectionGroup] {
    guard !changes.deletedItems.isEmpty, !changes.insertedItems.isEmpty else { return [] }
    func group(_ path: ItemPath, in sections: [ResolvedSection]) -> SectionGroup? {
      guard sections.indices.contains(path.section) else { return nil }
      let section = sections[path.section]
      guard path.item >= 0, path.item < section.count else { return nil }
      return SectionGroup(section: path.section, group: section.group(containing: path.item))
    }
    // Every change in one section of one group, the same section in both bodies (a new value
    // of a list's one array): its own diff matched its identifiers; nothing to match. Integer
    // compares only, so a list's update of 10⁵ changes pays no lookup here.
    let section = changes.deletedItems[0].section
    if old.count == 1, new.count == 1, old[0].groups.count == 1, new[0].groups.count == 1,
      old[0].id == new[0].id
    {
      return []
    }
    if old.indices.contains(section), new.indices.contains(section),
      old[section].groups.count == 1, new[section].groups.count == 1,
      old[section].id == new[section].id,
      changes.deletedItems.allSatisfy({ $0.section == section }),
      changes.insertedItems.allSatisfy({ $0.section == section })
    {
      return []
    }
    // Matched by identifier and content type: the cell a move keeps must be the kind its new
    // place shows (two lists of other things may share identifiers, 5 and 5).
    struct Key: Hashable {
      let type: ObjectIdentifier
      let id: AnyHashable
    }
    func key(_ path: ItemPath, in sections: [ResolvedSection]) -> Key? {
      guard let place = group(path, in: sections),
        let id = Self.identifier(at: path, in: sections)
      else { return nil }
      return Key(type: sections[path.section].groups[place.group].group.contentType, id: id)
    }
    var deleted: [Key: [Int]] = [:]
    for (index, path) in changes.deletedItems.enumerated().reversed() {
      guard let key = key(path, in: old) else { continue }
      deleted[key, default: []].append(index)
    }
    var movedFrom = Set<Int>()
    var keptInsertions: [ItemPath] = []
    var joinedInto = Set<SectionGroup>()
    for path in changes.insertedItems {
      guard let id = key(path, in: new), var candidates = deleted[id],
        let index = candidates.popLast()
      else {
        keptInsertions.append(path)
        continue
      }
      deleted[id] = candidates
      movedFrom.insert(index)
      changes.movedItems.append(ItemMove(from: changes.deletedItems[index], to: path))
      if let place = group(path, in: new) { joinedInto.insert(place) }
    }
    guard !movedFrom.isEmpty else { return [] }
    changes.insertedItems = keptInsertions
    changes.deletedItems = changes.deletedItems.indices.filter { !movedFrom.contains($0) }
      .map { changes.deletedItems[$0] }
    return Array(joinedInto)
  }

  /// The identifier of the item at `path` in `sections`, if there is one.
  static func identifier(at path: ItemPath, in sections: [ResolvedSection]) -> AnyHashable? {
    guard sections.indices.contains(path.section) else { return nil }
    let section = sections[path.section]
    guard path.item >= 0 && path.item < section.count else { return nil }
    let group = section.group(containing: path.item)
    return section.groups[group].group.identifier(at: path.item - section.starts[group])
  }

  /// Whether `entry` is the same group as `old` (same place, same type): `nil` when it is not;
  /// `.some(nil)` when its data is the same; else the changes within it (in section 0).
  private func group(_ entry: GroupEntry, matching old: GroupEntry) -> Changeset?? {
    if entry.group.token == old.group.token, type(of: entry.group) == type(of: old.group) {
      return .some(nil)
    }
    guard let found = entry.group.changes(from: old.group) else { return nil }
    if found.diffed { statistics.groupsDiffed += 1 }
    if found.duplicates > 0 {
      report(
        "DeclarativeDataSource: \(entry.group.name) has duplicate identifiers; each shows, and "
          + "updates match the first of each")
    }
    return .some(found.changes)
  }

  /// Configures the displayed items for which `shouldReconfigure` holds again, in place:
  /// with `animated`, as an animated batch, so that an update's glide that runs goes on (an
  /// unanimated batch ends it where it is).
  func reconfigureDisplayed(
    animated: Bool = false, where shouldReconfigure: (ItemPath, AnyHashable?) -> Bool
  ) {
    var paths: [ItemPath] = []
    for path in collectionView.indexPathsForVisibleItems
    where shouldReconfigure(path, itemIdentifier(for: path)) {
      paths.append(path)
    }
    guard !paths.isEmpty else { return }
    collectionView.performBatchUpdates(
      with: Changeset(reconfiguredItems: paths), animated: animated && collectionView.isAnimating)
  }

  /// The index of the group holding the item at `path` in its section.
  func groupIndex(of path: ItemPath) -> Int? {
    guard sections.indices.contains(path.section) else { return nil }
    let section = sections[path.section]
    guard path.item >= 0 && path.item < section.count else { return nil }
    return section.group(containing: path.item)
  }
}

/// A group in a section, as a set member.
struct SectionGroup: Hashable {
  let section: Int
  let group: Int
}
