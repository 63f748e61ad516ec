import ReuseKit

/// O(1) evidence that a collection holds the same elements as before.
@usableFromInline
enum DataToken: Equatable {
  /// Contiguous storage: its address, its count. The declaration keeps the collection, so an
  /// edit elsewhere copies the storage first (copy on write): same storage, same elements.
  case storage(UnsafeRawPointer?, Int)
  /// A range of integers, compared whole (its bounds).
  case range(Int, Int)
  /// A version the declaration gave.
  case version(AnyHashable)
  /// Nothing known: never the same.
  case unknown

  @inlinable
  init<Data: Collection>(of data: Data) {
    if Data.self == Range<Int>.self {
      // Its bounds, not an `AnyHashable` of it (whose making looks up conformances at run
      // time: 4,000 instructions of a first frame).
      let range = unsafeBitCast(data, to: Range<Int>.self)
      self = .range(range.lowerBound, range.upperBound)
    } else if let address = data.withContiguousStorageIfAvailable({
      (UnsafeRawPointer($0.baseAddress), $0.count)
    }) {
      self = .storage(address.0, address.1)
    } else {
      self = .unknown
    }
  }

  /// Whether nothing is known (asked without copying the token's payload).
  @inlinable
  var isUnknown: Bool {
    if case .unknown = self { return true }
    return false
  }

  @usableFromInline
  static func == (lhs: DataToken, rhs: DataToken) -> Bool {
    switch (lhs, rhs) {
    case (.storage(let a, let m), .storage(let b, let n)): a == b && m == n
    case (.range(let a, let m), .range(let b, let n)): a == b && m == n
    case (.version(let a), .version(let b)): a == b
    default: false
    }
  }
}

/// Makes the cells of a group: item `index`'s cell at `indexPath`.
///
/// An object, so that a section's cells call it through an unretained reference: ``make`` is a
/// constant, and takes the maker itself, so what it reads (a `ForEach`'s data, content and
/// reuse identifier) lives in the one object a resolve makes per group. (A closure held in a
/// box was two objects, and each call went through the closure's forwarding thunk.)
@usableFromInline
class CellMaker {
  @usableFromInline
  typealias Make = (
    _ maker: CellMaker, _ index: Int, _ indexPath: ItemPath, _ view: CollectionView
  ) -> CollectionViewCell

  @usableFromInline let make: Make

  @usableFromInline
  init(make: @escaping Make) { self.make = make }

  /// Item `index`'s cell at `indexPath`.
  @inline(__always)
  final func callAsFunction(
    _ index: Int, _ indexPath: ItemPath, _ view: CollectionView
  ) -> CollectionViewCell {
    make(self, index, indexPath, view)
  }
}

/// A maker that calls a closure: single items, outlines, and the makers that watch a plain
/// one's cells or tell when they appear.
final class ClosureCellMaker: CellMaker {
  let closure: (_ index: Int, _ indexPath: ItemPath, _ view: CollectionView) -> CollectionViewCell

  init(
    _ closure:
      @escaping (_ index: Int, _ indexPath: ItemPath, _ view: CollectionView) ->
      CollectionViewCell
  ) {
    self.closure = closure
    super.init { maker, index, indexPath, view in
      unsafeDowncast(maker, to: ClosureCellMaker.self).closure(index, indexPath, view)
    }
  }
}

/// A `ForEach`'s maker: its data, content and reuse identifier, read by a ``CellMaker/make``
/// compiled where the declaration is (for its types).
@usableFromInline
final class ForEachCellMaker<Data: RandomAccessCollection, Content: CellContent>: CellMaker {
  @usableFromInline let data: Data
  @usableFromInline let content: (Data.Element) -> Content
  @usableFromInline let identifier: String

  @usableFromInline
  init(
    data: Data, content: @escaping (Data.Element) -> Content, identifier: String,
    make: @escaping Make
  ) {
    self.data = data
    self.content = content
    self.identifier = identifier
    super.init(make: make)
  }
}

/// A group of items in a section, as the data source sees it: a ``ForEach`` or a single item.
protocol ItemGroup {
  /// How many items.
  var count: Int { get }
  /// Same as last time's group of this place when equal.
  var token: DataToken { get }
  /// The type of the group's content (its cells are registered once per type).
  var contentType: ObjectIdentifier { get }
  /// Registers the group's cells and returns their identifier.
  func register(in collectionView: CollectionView) -> String
  /// What makes the cell for an item of the group (its index in the group, its path),
  /// dequeued under `identifier`: made once per body, called per cell.
  func cellMaker(identifier: String, tracker: ObservationTracker) -> CellMaker
  /// The identifier of item `index`.
  func identifier(at index: Int) -> AnyHashable
  /// The changes from `old` (a group of the same type) to this one, in section 0, how many
  /// identifiers repeat, and whether they were diffed; `nil` when `old` is of another type.
  func changes(from old: any ItemGroup) -> GroupChanges?
  /// What the group is, for diagnostics.
  var name: String { get }
  /// Whether its items may be moved among themselves.
  var canMove: Bool { get }
  /// Moves item `source` to `destination` (its index after the move) in the app's data.
  func move(from source: Int, to destination: Int)
  /// How it exchanges items with other groups, if it does (``ForEach/onMove(tag:perform:)``).
  var moveTransfer: MoveTransfer? { get }
  /// Every identifier, in order, as hashable values (to check a move).
  func anyIdentifiers() -> [AnyHashable]
  /// Item `index`'s text for a search, if the group has one.
  func searchableText(at index: Int) -> String?
  /// Item `index`'s swipe actions at the leading or trailing edge, if any.
  func swipeActions(at index: Int, leading: Bool) -> SwipeActionsConfiguration?
  /// Item `index`'s element, for a drag that carries it.
  func element(at index: Int) -> Any?
  /// Whether a drag may carry item `index`.
  func canDrag(at index: Int) -> Bool
  /// What a drop among the group's items does, if it takes drops.
  var dropHandler: DropHandler? { get }
  /// Whether the group is dragged from or dropped on.
  var declaresDragAndDrop: Bool { get }
  /// Item `index`'s span in a grid, if the group declares spans.
  func span(at index: Int) -> ItemSpan?
  /// Whether the group declares spans.
  var declaresSpans: Bool { get }
  /// Whether the group is an outline (the collection view is then a tree).
  var isOutline: Bool { get }
  /// Whether any item of the group has swipe actions.
  var hasSwipeActions: Bool { get }
  /// The group as it is shown, when it is not the group as declared: what the next diff
  /// compares with (an outline's rows found from the expanded ones in `context`, or the
  /// identifiers of a collection nothing else says is unchanged). `nil`: the group itself
  /// (most groups: no existential is copied for them).
  func presented(in context: GroupContext) -> (any ItemGroup)?
  /// The same, for an outline: `shown` is the group shown at its place, whose rows it takes
  /// when its roots and the expansion are the same.
  func presented(in context: GroupContext, shown: (any ItemGroup)?) -> (any ItemGroup)?
  /// Where item `index` is in a tree, for an outline's rows.
  func treePosition(at index: Int) -> TreePosition?
  /// Item `index` as an outline row, for an outline's rows.
  func outlinePlace(at index: Int) -> OutlinePlace?
  /// The stacked headers an outline asks for, if any.
  var stackedHeaderLimits: (maximumRows: Int, maximumFraction: Double)? { get }
  /// A problem the group met while it was resolved, to report once.
  var cycleDiagnostic: String? { get }
  /// What the group declares that the data source then provides, in one answer (a body
  /// asks every group, and one call is cheaper than five).
  var declarations: GroupDeclarations { get }
}

/// What a group declares beyond its items (``ItemGroup/declarations``).
struct GroupDeclarations: OptionSet {
  let rawValue: UInt8
  static let outline = GroupDeclarations(rawValue: 1)
  static let swipeActions = GroupDeclarations(rawValue: 2)
  static let dragAndDrop = GroupDeclarations(rawValue: 4)
  static let spans = GroupDeclarations(rawValue: 8)
  /// It has a ``ItemGroup/cycleDiagnostic`` to report.
  static let problem = GroupDeclarations(rawValue: 16)
}

extension ItemGroup {
  var canMove: Bool { false }
  func move(from source: Int, to destination: Int) {}
  var moveTransfer: MoveTransfer? { nil }
  func anyIdentifiers() -> [AnyHashable] { (0..<count).map(identifier(at:)) }
  func searchableText(at index: Int) -> String? { nil }
  func swipeActions(at index: Int, leading: Bool) -> SwipeActionsConfiguration? { nil }
  func element(at index: Int) -> Any? { nil }
  func canDrag(at index: Int) -> Bool { false }
  var dropHandler: DropHandler? { nil }
  var declaresDragAndDrop: Bool { false }
  func span(at index: Int) -> ItemSpan? { nil }
  var declaresSpans: Bool { false }
  var isOutline: Bool { false }
  var hasSwipeActions: Bool { false }
  func presented(in context: GroupContext) -> (any ItemGroup)? { nil }
  func presented(in context: GroupContext, shown: (any ItemGroup)?) -> (any ItemGroup)? {
    presented(in: context)
  }
  func treePosition(at index: Int) -> TreePosition? { nil }
  func outlinePlace(at index: Int) -> OutlinePlace? { nil }
  var cycleDiagnostic: String? { nil }
  var stackedHeaderLimits: (maximumRows: Int, maximumFraction: Double)? { nil }
  var declarations: GroupDeclarations {
    var declared: GroupDeclarations = []
    if isOutline { declared.insert(.outline) }
    if hasSwipeActions { declared.insert(.swipeActions) }
    if declaresDragAndDrop { declared.insert(.dragAndDrop) }
    if declaresSpans { declared.insert(.spans) }
    if cycleDiagnostic != nil { declared.insert(.problem) }
    return declared
  }
}

/// What a drop of dragged elements does in a group (``ForEach/onInsert(of:operation:perform:)``).
struct DropHandler {
  /// The operation it proposes for a drag.
  let operation: (DragSession) -> DropOperation
  /// Whether it takes these elements (their type).
  let accepts: ([Any]) -> Bool
  /// Changes the data: the elements in at an index of the group.
  let perform: (Int, [Any], DropOperation) -> Void
}
