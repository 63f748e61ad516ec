import ReuseKit

/// A section as shown: its identity, header, footer, and its groups with where each starts. A
/// class, so that finding an item's group per cell copies one reference, not five.
final class ResolvedSection {
  let id: AnyHashable
  let header: ListContent?
  let footer: ListContent?
  let groups: [GroupEntry]
  /// `starts[g]`: the first item of group `g`; the last entry is the section's count.
  let starts: [Int]
  /// Its geometry in a rails layout, if it declares one.
  let rail: RailSection?

  init(
    id: AnyHashable, header: ListContent?, footer: ListContent?, groups: [GroupEntry],
    rail: RailSection? = nil
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.groups = groups
    self.rail = rail
    var starts = [0]
    starts.reserveCapacity(groups.count + 1)
    var total = 0
    for entry in groups {
      total += max(0, entry.group.count)
      starts.append(total)
    }
    self.starts = starts
    count = total
    singleMaker = groups.count == 1 ? groups[0].makeCell : nil
  }

  /// The number of items.
  let count: Int
  /// The cell maker of the section's one group, if it has one group.
  let singleMaker: CellMaker?

  /// The index of the group holding item `item` (in range): the last group starting at or
  /// before it that is not empty (binary search over the starts).
  func group(containing item: Int) -> Int {
    var low = 0
    var high = groups.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= item { low = middle } else { high = middle - 1 }
    }
    // Empty groups share their start with the next one: step past them.
    while starts[low + 1] <= item { low += 1 }
    return low
  }
}

/// The identity of a run of items declared outside any section.
struct LooseItemsSection: Hashable { let run: Int }
/// The identity of a section declared without one: its place.
struct PlacedSection: Hashable { let key: UInt64 }

extension DeclarativeDataSource {
  /// The collection view's scroll position, its item identified by its ``ForEach``'s `id` (of
  /// type `ID`; items of another type, or single items, are saved by their path): restored to
  /// the same item wherever the data moved it, after a relaunch too (the position is Codable).
  public func savedScrollPosition<ID: Hashable & Codable & Sendable>(
    identifiedAs type: ID.Type
  )
    -> SavedScrollPosition<ID>?
  {
    collectionView.savedScrollPosition { self.itemIdentifier(for: $0)?.base as? ID }
  }

  /// Scrolls back to a position saved by ``savedScrollPosition(identifiedAs:)``: to the same
  /// item, found by its identifier (O(n)), or, when it is gone, to the item now at its old path.
  @discardableResult
  public func restoreScrollPosition<ID: Hashable & Codable & Sendable>(
    _ position: SavedScrollPosition<ID>
  ) -> Bool {
    collectionView.restoreScrollPosition(position) { self.indexPath(for: AnyHashable($0)) }
  }
}
