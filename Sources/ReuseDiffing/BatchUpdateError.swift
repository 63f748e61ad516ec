/// Why a batch update does not fit the data: the error a collection view reports (through its
/// diagnostics, as a value) before it falls back to reloading everything.
///
/// The cases are the classic "invalid update" crashes of `UICollectionView` and
/// `RecyclerView`, with the same facts in their messages.
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What an operation does to an element.
  public enum Operation: String, Hashable, Sendable {
    /// Insert (a path after the update).
    case insert
    /// Delete (a path before the update).
    case delete
    /// The source of a move (before the update).
    case moveSource = "move from"
    /// The destination of a move (after the update).
    case moveDestination = "move to"
    /// Reload (before the update).
    case reload
    /// Reconfigure (before the update).
    case reconfigure

    /// Every operation, in a fixed order (codes for compact tables).
    static let allCasesInOrder: [Operation] = [
      .insert, .delete, .moveSource, .moveDestination, .reload, .reconfigure,
    ]
  }

  /// The data source's section count does not match the update.
  case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
  /// A section's item count after the update does not match its count before it plus the
  /// update's inserts, deletes and moves. `section` is the section's index after the update.
  case invalidNumberOfItems(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int,
    movedOut: Int)
  /// A section index outside the data (before the update for deletes, move sources, reloads
  /// and reconfigures; after it for inserts and move destinations).
  case sectionOutOfRange(Operation, section: Int, sectionCount: Int)
  /// An item path outside the data (before or after the update, as for sections).
  case itemOutOfRange(Operation, ItemPath, itemCount: Int)
  /// Two operations name the same section (delete and move it, insert twice at one index…).
  case conflictingSectionOperations(section: Int, Operation, Operation)
  /// Two operations name the same item (delete and move it, reload a moved item…).
  case conflictingItemOperations(ItemPath, Operation, Operation)
  /// An item operation inside a section the same update deletes or reloads (before the
  /// update): the section operation covers its items.
  case itemInRemovedSection(Operation, ItemPath)
  /// An item inserted or moved into a section the same update inserts or reloads: the
  /// section's items come from the data source.
  case itemInInsertedSection(Operation, ItemPath)
  /// An item count is negative (before or after the update).
  case negativeItemCount(section: Int, count: Int, isAfter: Bool)
  /// The update came from inside a layout pass (a display callback); it was deferred as a
  /// reload.
  case updateDuringLayoutPass

  /// The facts, in the shape of UIKit's message.
  public var description: String {
    switch self {
    case .invalidNumberOfSections(let before, let after, let inserted, let deleted):
      return "Invalid update: invalid number of sections. The number of sections after the "
        + "update (\(after)) must be equal to the number of sections before the update "
        + "(\(before)), plus or minus the number of sections inserted or deleted "
        + "(\(inserted) inserted, \(deleted) deleted)."
    case .invalidNumberOfItems(
      let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
      return "Invalid update: invalid number of items in section \(section). The number of "
        + "items contained in an existing section after the update (\(after)) must be equal to "
        + "the number of items contained in that section before the update (\(before)), plus "
        + "or minus the number of items inserted or deleted from that section (\(inserted) "
        + "inserted, \(deleted) deleted) and plus or minus the number of items moved into or "
        + "out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    case .sectionOutOfRange(let operation, let section, let count):
      return "Invalid update: \(operation.rawValue) section \(section), but there are only "
        + "\(count) sections \(operation.isAfter ? "after" : "before") the update."
    case .itemOutOfRange(let operation, let path, let count):
      return "Invalid update: \(operation.rawValue) item \(path), but section \(path.section) "
        + "contains only \(count) items \(operation.isAfter ? "after" : "before") the update."
    case .conflictingSectionOperations(let section, let first, let second):
      return "Invalid update: section \(section) is named by two operations (\(first.rawValue) "
        + "and \(second.rawValue))."
    case .conflictingItemOperations(let path, let first, let second):
      return "Invalid update: item \(path) is named by two operations (\(first.rawValue) and "
        + "\(second.rawValue)); reload or reconfigure a moved item in a later update."
    case .itemInRemovedSection(let operation, let path):
      return "Invalid update: \(operation.rawValue) item \(path) in a section that the same "
        + "update deletes or reloads."
    case .itemInInsertedSection(let operation, let path):
      return "Invalid update: \(operation.rawValue) item \(path) in a section that the same "
        + "update inserts or reloads."
    case .negativeItemCount(let section, let count, let isAfter):
      return "Invalid update: section \(section) has \(count) items "
        + "\(isAfter ? "after" : "before") the update; counts can't be negative."
    case .updateDuringLayoutPass:
      return "Invalid update: a batch update was made during a layout pass (from a display "
        + "callback); the collection view reloads instead."
    }
  }
}

extension BatchUpdateError.Operation {
  /// Whether the operation names an element after the update.
  var isAfter: Bool { self == .insert || self == .moveDestination }
}
