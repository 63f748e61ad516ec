import ReuseKit

/// Reorder, declared (``ForEach/onMove(perform:)``, ``ForEach/onMove(tag:perform:)``): where a
/// moving item may land, and the move performed in the app's data through its `ForEach`.
extension DeclarativeDataSource {
  /// Whether the item's ``ForEach`` has ``ForEach/onMove(perform:)``.
  public func collectionView(
    _ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath
  )
    -> Bool
  {
    locate(indexPath)?.0.group.canMove ?? false
  }

  /// Moves the item in the app's data through its ``ForEach``'s move action, and takes the body
  /// that shows it. A move out of the groups it may land in, or one the data does not show, is
  /// undone on the next tick by a reload, with a diagnostic.
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: ItemPath,
    to destinationIndexPath: ItemPath
  ) {
    guard let (entry, source) = locate(sourceIndexPath),
      let target = moveTarget(from: sourceIndexPath, proposed: destinationIndexPath)
    else { return reloadAfterMove("its place names no item") }
    guard target.path == destinationIndexPath else {
      return reloadAfterMove("it left the groups it may move to")
    }
    let group = sections[sourceIndexPath.section].group(containing: sourceIndexPath.item)
    let into = sections[target.path.section].groups[target.group].group
    // What the body must show after the move, and nothing else changed.
    var expectedSource = entry.group.anyIdentifiers()
    let moved = expectedSource.remove(at: source)
    var expectedTarget =
      target.group == group && target.path.section == sourceIndexPath.section
      ? expectedSource : into.anyIdentifiers()
    expectedTarget.insert(moved, at: min(target.index, expectedTarget.count))
    if target.group == group && target.path.section == sourceIndexPath.section {
      entry.group.move(from: source, to: target.index)
    } else if let transfer = entry.group.moveTransfer, let destination = into.moveTransfer {
      transfer.perform(source, destination.tag, target.index)
    }
    let old = sections
    let new = evaluate()
    func shows(_ identifiers: [AnyHashable], section: Int, group: Int) -> Bool {
      section < new.count && new[section].id == old[section].id
        && new[section].groups.count == old[section].groups.count
        && new[section].groups[group].group.anyIdentifiers() == identifiers
    }
    let sameGroup = target.group == group && target.path.section == sourceIndexPath.section
    let shown =
      new.count == old.count
      && shows(expectedTarget, section: target.path.section, group: target.group)
      && (sameGroup
        || shows(expectedSource, section: sourceIndexPath.section, group: group))
    sections = new
    guard shown else { return reloadAfterMove("the data after its move action does not show it") }
    // Configured again on the next tick (not in the middle of the collection view's move):
    // the displayed items of the groups it left and joined, as an update's changed groups
    // are (a task dropped in "Done" shows it is done), and the headers that count their
    // items or say anything else the move changed.
    staleHeaders = new.indices.filter {
      new[$0].header != old[$0].header || new[$0].footer != old[$0].footer
    }
    staleGroups = [
      SectionGroup(section: sourceIndexPath.section, group: group),
      SectionGroup(section: target.path.section, group: target.group),
    ]
    tracker.requestTick()
  }

  /// A moving item lands only among the items of its own ``ForEach``, or of one whose
  /// ``ForEach/onMove(tag:perform:)`` tag has the type of its own: a place elsewhere is
  /// clamped to the nearest end of its own group.
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFrom sourceIndexPath: ItemPath,
    toProposedIndexPath proposedIndexPath: ItemPath
  ) -> ItemPath {
    moveTarget(from: sourceIndexPath, proposed: proposedIndexPath)?.path ?? proposedIndexPath
  }

  /// Where an item moving from `source` lands when the collection view proposes `proposed`
  /// (a path after the move): the path, the group of its section it lands in, and its index
  /// there. `nil` when `source` names no item.
  func moveTarget(
    from source: ItemPath, proposed: ItemPath
  ) -> (path: ItemPath, group: Int, index: Int)? {
    guard sections.indices.contains(source.section), source.item >= 0,
      source.item < sections[source.section].count
    else { return nil }
    let home = sections[source.section]
    let homeGroup = home.group(containing: source.item)
    // Within its own group (first to last) when no other group may take it.
    func ownGroup(_ item: Int) -> (path: ItemPath, group: Int, index: Int) {
      let first = home.starts[homeGroup]
      let last = home.starts[homeGroup + 1] - 1
      let clamped = min(max(item, first), last)
      return (ItemPath(section: source.section, item: clamped), homeGroup, clamped - first)
    }
    let ownEnd = proposed.section < source.section ? Int.min : Int.max
    guard let space = home.groups[homeGroup].group.moveTransfer?.space,
      sections.indices.contains(proposed.section)
    else {
      return ownGroup(proposed.section == source.section ? proposed.item : ownEnd)
    }
    // The groups of the proposed section that take the item, with their starts and counts
    // once it has left its place.
    let section = sections[proposed.section]
    let isHome = proposed.section == source.section
    // A place from an app's own call may be anything: distances stay in range.
    let item = min(max(proposed.item, -1), section.count + 1)
    var best: (group: Int, start: Int, count: Int, distance: Int)?
    for index in section.groups.indices
    where section.groups[index].group.moveTransfer?.space == space {
      let start = section.starts[index] - (isHome && index > homeGroup ? 1 : 0)
      let count =
        section.starts[index + 1] - section.starts[index]
        - (isHome && index == homeGroup ? 1 : 0)
      let distance = item < start ? start - item : max(0, item - (start + count))
      // The nearest. At a boundary between two (one's end is the next one's start): its own
      // group first, then an empty one (reached only there), else the earlier.
      let preferred =
        (isHome && index == homeGroup)
        || (count == 0 && !(isHome && best.map { $0.group == homeGroup } == true))
      if best == nil || distance < best!.distance || (distance == best!.distance && preferred) {
        best = (index, start, count, distance)
      }
    }
    guard let best else {
      return ownGroup(isHome ? proposed.item : ownEnd)
    }
    let index = min(max(item - best.start, 0), best.count)
    return (ItemPath(section: proposed.section, item: best.start + index), best.group, index)
  }

  private func reloadAfterMove(_ reason: String) {
    collectionView.diagnostics.report(
      .inconsistentUpdate,
      "DeclarativeDataSource: an item was moved, but \(reason); reloading to show the data")
    needsReload = true
    tracker.requestTick()
  }
}
