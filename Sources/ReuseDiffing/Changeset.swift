/// An element that moves: from its place before the update to its place after it.
public struct Move<Place: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The place before the update.
  public var source: Place
  /// The place after the update.
  public var destination: Place

  /// Creates a move.
  public init(from source: Place, to destination: Place) {
    self.source = source
    self.destination = destination
  }

  /// `source → destination`.
  public var description: String { "\(source) → \(destination)" }
}

/// An item that moves: from its path before the update to its path after it.
public typealias ItemMove = Move<ItemPath>

/// A section that moves: from its index before the update to its index after it.
public typealias SectionMove = Move<Int>

/// One batch of changes to sectioned data, with UIKit's batch-update semantics.
///
/// ### Coordinates
/// - Deletes, move sources, reloads and reconfigures name elements **before** the update.
/// - Inserts and move destinations name elements **after** it.
///
/// Applying a changeset removes the deleted and moved elements, then places inserted and
/// moved elements at their final indices; every other element keeps its relative order and
/// fills the remaining places. A reloaded or reconfigured element stays where it would have
/// stayed, with new content.
///
/// ### Reload and reconfigure
/// Both say "this element's content changed". A **reconfigure** keeps its cell and configures
/// it again (UIKit's `reconfigureItems`), which is cheap and keeps the cell's state; a
/// **reload** replaces the cell (UIKit's `reloadItems`), for a cell that must start afresh or
/// whose type changes. An element can't be reloaded or reconfigured in the same batch as it
/// moves: ``StagedChangeset`` puts those updates in a second stage.
///
/// A collection view checks a changeset against its counts before applying it
/// (``validate(oldItemCounts:newItemCounts:)``); a changeset from ``StagedChangeset`` is
/// valid by construction.
public struct Changeset: Hashable, Sendable, CustomStringConvertible {
  /// Sections deleted, by index before the update.
  public var deletedSections: [Int]
  /// Sections inserted, by index after the update.
  public var insertedSections: [Int]
  /// Sections moved.
  public var movedSections: [SectionMove]
  /// Sections whose cells and supplementary views are all replaced (UIKit's
  /// `reloadSections`), by index before the update. Their item counts are read afresh.
  public var reloadedSections: [Int]
  /// Sections whose supplementary views are configured again (a changed title, say), by
  /// index before the update; their items are untouched.
  public var reconfiguredSections: [Int]
  /// Items deleted, by path before the update.
  public var deletedItems: [ItemPath]
  /// Items inserted, by path after the update.
  public var insertedItems: [ItemPath]
  /// Items moved.
  public var movedItems: [ItemMove]
  /// Items whose cells are replaced, by path before the update.
  public var reloadedItems: [ItemPath]
  /// Items whose cells are configured again, by path before the update.
  public var reconfiguredItems: [ItemPath]

  /// Creates a changeset.
  public init(
    deletedSections: [Int] = [], insertedSections: [Int] = [], movedSections: [SectionMove] = [],
    reloadedSections: [Int] = [], reconfiguredSections: [Int] = [],
    deletedItems: [ItemPath] = [], insertedItems: [ItemPath] = [], movedItems: [ItemMove] = [],
    reloadedItems: [ItemPath] = [], reconfiguredItems: [ItemPath] = []
  ) {
    self.deletedSections = deletedSections
    self.insertedSections = insertedSections
    self.movedSections = movedSections
    self.reloadedSections = reloadedSections
    self.reconfiguredSections = reconfiguredSections
    self.deletedItems = deletedItems
    self.insertedItems = insertedItems
    self.movedItems = movedItems
    self.reloadedItems = reloadedItems
    self.reconfiguredItems = reconfiguredItems
  }

  /// Whether the changeset changes nothing.
  public var isEmpty: Bool { changeCount == 0 }

  /// The number of operations.
  public var changeCount: Int {
    deletedSections.count + insertedSections.count + movedSections.count
      + reloadedSections.count + reconfiguredSections.count + deletedItems.count
      + insertedItems.count + movedItems.count + reloadedItems.count + reconfiguredItems.count
  }

  /// Whether the changeset only updates content (reloads and reconfigures): the counts stay.
  public var isContentOnly: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
      && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty
  }

  /// Adds another batch's operations (as two calls inside one `performBatchUpdates` would).
  public mutating func formUnion(_ other: Changeset) {
    deletedSections += other.deletedSections
    insertedSections += other.insertedSections
    movedSections += other.movedSections
    reloadedSections += other.reloadedSections
    reconfiguredSections += other.reconfiguredSections
    deletedItems += other.deletedItems
    insertedItems += other.insertedItems
    movedItems += other.movedItems
    reloadedItems += other.reloadedItems
    reconfiguredItems += other.reconfiguredItems
  }

  /// A one-line summary: the non-empty lists.
  public var description: String {
    var parts: [String] = []
    func add<T>(_ name: String, _ list: [T]) {
      if !list.isEmpty {
        let shown = list.prefix(8).map { "\($0)" }.joined(separator: ", ")
        parts.append("\(name) [\(shown)\(list.count > 8 ? ", … \(list.count) in all" : "")]")
      }
    }
    add("delete sections", deletedSections)
    add("insert sections", insertedSections)
    add("move sections", movedSections)
    add("reload sections", reloadedSections)
    add("reconfigure sections", reconfiguredSections)
    add("delete", deletedItems)
    add("insert", insertedItems)
    add("move", movedItems)
    add("reload", reloadedItems)
    add("reconfigure", reconfiguredItems)
    return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
  }
}
