import ReuseKit

/// A section as shown: its identity, header, footer, and its groups with where each starts. A
/// class, so that finding an item's group per cell copies one reference, not five.
final class ResolvedSection {
  let id: SectionIdentity
  let header: ListContent?
  let footer: ListContent?
  private(set) var groups: [GroupEntry]
  /// `starts[g]`: the first item of group `g`; `starts[groups.count]` is the section's count.
  let starts: GroupStarts
  /// Its geometry in a rails layout, if it declares one.
  let rail: RailSection?

  init(
    id: SectionIdentity, header: ListContent?, footer: ListContent?, groups: [GroupEntry],
    rail: RailSection? = nil
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.groups = groups
    self.rail = rail
    if groups.count == 1 {
      // One group (most sections): its start is 0, and no array is made.
      count = max(0, groups[0].group.count)
      starts = GroupStarts(stored: [], count: count)
    } else {
      // Reserved before the first element: an array literal would allocate, then move.
      var stored: [Int] = []
      stored.reserveCapacity(groups.count + 1)
      stored.append(0)
      var total = 0
      for entry in groups {
        total += max(0, entry.group.count)
        stored.append(total)
      }
      count = total
      starts = GroupStarts(stored: stored, count: total)
    }
    singleMaker = Self.soleMaker(of: groups)
  }

  /// The first section of loose items, of one group (of `count` items, as its group says): a
  /// body of one `ForEach`. The count is passed in, not asked again of the group in the array
  /// (a copy of it), and the identity made here (passed in, it was copied).
  init(firstLooseGroup groups: [GroupEntry], count: Int) {
    id = .loose(0)
    header = nil
    footer = nil
    rail = nil
    self.groups = groups
    self.count = count
    starts = GroupStarts(stored: [], count: count)
    singleMaker = Self.soleMaker(of: groups)
  }

  /// The maker of `groups`' one group, if it has one: read in place (an element read from
  /// the array is a copy of the whole entry, its group's existential with it).
  @inline(__always)
  private static func soleMaker(of groups: [GroupEntry]) -> CellMaker? {
    groups.count == 1 ? groups.withUnsafeBufferPointer { $0[0].maker } : nil
  }

  /// The number of items.
  let count: Int
  /// Whether the section has the identity of the one shown at its place when it was
  /// resolved (so the update can pair them without comparing identities again).
  var keepsShownIdentity = false
  /// The cell maker of the section's one group, if it has one group.
  private(set) var singleMaker: CellMaker?

  /// Takes `groups`, the same section's groups from a new body, in place of its own when
  /// they show the same items (the same places and types over the same data), and says
  /// whether it did: a body over unchanged data then makes and frees no section, and the
  /// new declarations' cell makers (whose captures may have changed) make the next cells.
  func adopt(_ groups: [GroupEntry]) -> Bool {
    guard groups.count == self.groups.count else { return false }
    for index in groups.indices {
      let new = groups[index].group
      let old = self.groups[index].group
      guard groups[index].key == self.groups[index].key, new.token == old.token,
        type(of: new) == type(of: old), new.count == old.count
      else { return false }
    }
    self.groups = groups
    singleMaker = Self.soleMaker(of: groups)
    return true
  }

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

/// Where each group of a section starts, and (past the last group) the section's count.
struct GroupStarts {
  /// Every start and the count, or empty for a section of one group.
  let stored: [Int]
  let count: Int

  @inline(__always)
  subscript(group: Int) -> Int {
    if stored.isEmpty { return group == 0 ? 0 : count }
    return stored[group]
  }
}

/// The identity of a run of items declared outside any section.
struct LooseItemsSection: Hashable { let run: Int }
/// The identity of a section declared without one: its place.
struct PlacedSection: Hashable { let key: UInt64 }

/// A section's identity: the value it was declared with, compared as `AnyHashable` compares
/// it, but without a dynamic cast for the identities a body gives most (numbers, titles,
/// places). A body over unchanged data compares every section with the one shown at its
/// place, and `AnyHashable`'s comparison was a thousand instructions of it.
struct SectionIdentity: Hashable, CustomStringConvertible {
  private enum Value {
    case integer(Int)
    case title(String)
    case placed(UInt64)
    case loose(Int)
    case other(AnyHashable)
  }
  private let value: Value

  /// The identity `id`, kept as it is when it is an `Int` or a `String`.
  init<ID: Hashable>(_ id: ID) {
    if ID.self == Int.self {
      value = .integer(unsafeBitCast(id, to: Int.self))
    } else if ID.self == String.self {
      value = .title(unsafeBitCast(id, to: String.self))
    } else {
      value = .other(AnyHashable(id))
    }
  }

  /// The identity of a section declared without one, at the place `key`.
  static func placed(_ key: UInt64) -> SectionIdentity { SectionIdentity(value: .placed(key)) }
  /// The identity of the `run`th run of items declared outside sections.
  static func loose(_ run: Int) -> SectionIdentity { SectionIdentity(value: .loose(run)) }

  private init(value: Value) { self.value = value }

  /// The identity as the public API gives it.
  var anyHashable: AnyHashable {
    switch value {
    case .integer(let number): AnyHashable(number)
    case .title(let title): AnyHashable(title)
    case .placed(let key): AnyHashable(PlacedSection(key: key))
    case .loose(let run): AnyHashable(LooseItemsSection(run: run))
    case .other(let id): id
    }
  }

  static func == (lhs: SectionIdentity, rhs: SectionIdentity) -> Bool {
    switch (lhs.value, rhs.value) {
    case (.integer(let a), .integer(let b)): a == b
    case (.title(let a), .title(let b)): a == b
    case (.placed(let a), .placed(let b)): a == b
    case (.loose(let a), .loose(let b)): a == b
    // Mixed kinds (an `Int` and an `Int64` of one value are one identity): as `AnyHashable`.
    default: lhs.anyHashable == rhs.anyHashable
    }
  }

  /// As `AnyHashable` hashes it, so that identities equal across kinds hash alike.
  func hash(into hasher: inout Hasher) { hasher.combine(anyHashable) }

  var description: String { String(describing: anyHashable) }
}

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
