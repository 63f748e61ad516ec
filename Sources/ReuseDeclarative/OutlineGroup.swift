import Observation
import ReuseKit

/// An outline over a tree of elements: each element a row, its children (the collection at a
/// key path, `nil` for a leaf) shown below it while it is expanded. SwiftUI's `OutlineGroup`,
/// with ReuseKit's reuse underneath.
///
/// ```swift
/// OutlineGroup(model.folders, id: \.id, children: \.subfolders) { folder in
///   ListContent(folder.name, symbol: "📁")     // indented, with ▸ or ▾, by itself
/// }
/// OutlineGroup(model.folders, children: \.subfolders) { folder, row in
///   Cell(FolderCell.self, FolderCell.Item(folder, level: row.level, open: row.isExpanded))
/// }
/// ```
///
/// Which rows are expanded is the data source's state, kept by identifier
/// (``DeclarativeDataSource/expandedItemIdentifiers``), so it survives reuse, scrolling and new
/// values of the data; expanding or collapsing a row inserts or removes its descendants as one
/// animated batch. → and ← expand and collapse from the keyboard
/// (``DeclarativeDataSource/handleOutlineKey(_:)``), and assistive technology reads each row's
/// level, its place among its siblings and whether it is expanded, and can expand it.
///
/// ### What it costs
/// The rows shown are found by walking the expanded part of the tree: O(rows shown) when the
/// roots' value or the expanded rows changed, nothing when neither did (the roots compare as a
/// ``ForEach``'s collection does: an array by its storage, anything else by a `version:`).
/// Children are asked for only where a row is shown (whether it has any) or open, so roots
/// that make their elements as they are read cost nothing below the rows shown. Content is
/// made only for displayed rows.
public struct OutlineGroup<Data: RandomAccessCollection, ID: Hashable, Content: CellContent> {
  /// The top-level elements.
  public let roots: Data
  let identify: (Data.Element) -> ID
  let children: (Data.Element) -> Data?
  /// The walk of the expanded part of the tree, made where the outline is declared (so it
  /// runs specialized for its types, the key paths read as properties).
  let walk: (Data, Set<AnyHashable>) -> OutlineWalk<Data.Element, ID>
  let content: (Data.Element, OutlineRow) -> Content
  let rootToken: DataToken
  /// The rows shown: set when the data source resolves the group against its expanded rows.
  var rows: [OutlineGroupRow<Data.Element, ID>] = []
  var resolvedToken = DataToken.unknown
  /// The expansion revision the rows were found for.
  var resolvedExpansion: Int?
  /// A tree whose walk met an element again inside itself (a cycle of classes).
  var cycle: ID?
  /// For each row shown, the index of its subtree's last row (its own without visible
  /// children): where a stuck parent row is pushed up by the next one.
  var subtreeEnds: [Int] = []
  /// The stacked headers asked for (``stackedHeaders(maximumRows:maximumFraction:)``).
  var stacking: (maximumRows: Int, maximumFraction: Double)?
  /// Whether what each displayed row reads of `Observable` models is watched for elements that
  /// are values (``observesModels()``); elements that are `Observable` classes always are.
  var watchesModels = false
  /// The text a search finds a row by, for rows of content of their own (``searchable(_:)``).
  var searchText: ((Data.Element) -> String)?

  /// An outline of `roots` and their descendants (at `children`), identified by `id`; each
  /// row's content made from its element and its place in the outline.
  @inlinable
  public init(
    _ roots: Data, id: KeyPath<Data.Element, ID>, children: KeyPath<Data.Element, Data?>,
    @CellContentBuilder content: @escaping (Data.Element, OutlineRow) -> Content
  ) {
    self.init(
      roots: roots, token: DataToken(of: roots), id: { $0[keyPath: id] },
      children: { $0[keyPath: children] }, content: content)
  }

  /// An outline as above whose roots are the same as last time when `version` is: for roots
  /// that are not an array (a collection that makes its elements as they are read, so that
  /// a node with a million children costs nothing until it is expanded), which would
  /// otherwise be walked and compared again at every update.
  @inlinable
  public init(
    _ roots: Data, version: some Hashable, id: KeyPath<Data.Element, ID>,
    children: KeyPath<Data.Element, Data?>,
    @CellContentBuilder content: @escaping (Data.Element, OutlineRow) -> Content
  ) {
    self.init(
      roots: roots, token: .version(AnyHashable(version)), id: { $0[keyPath: id] },
      children: { $0[keyPath: children] }, content: content)
  }

  /// The walk made here, where the outline is declared: specialized for its types, and the
  /// key paths given read as properties (applied at run time, they cost 700 instructions a
  /// row: twice the walk of 10,000 rows opening).
  @inlinable
  init(
    roots: Data, token: DataToken, id: @escaping (Data.Element) -> ID,
    children: @escaping (Data.Element) -> Data?,
    content: @escaping (Data.Element, OutlineRow) -> Content
  ) {
    self.init(
      roots: roots, token: token, identify: id, children: children,
      walk: { roots, expanded in
        OutlineWalk(roots, expanded: expanded, identify: id, children: children)
      }, content: content)
  }

  @usableFromInline
  init(
    roots: Data, token: DataToken, identify: @escaping (Data.Element) -> ID,
    children: @escaping (Data.Element) -> Data?,
    walk: @escaping (Data, Set<AnyHashable>) -> OutlineWalk<Data.Element, ID>,
    content: @escaping (Data.Element, OutlineRow) -> Content
  ) {
    self.roots = roots
    self.identify = identify
    self.children = children
    self.walk = walk
    self.content = content
    rootToken = token
  }
}

extension OutlineGroup where Content == ListContent {
  /// An outline whose rows are standard content, each indented and given its disclosure
  /// triangle (`ListContent.outline`) by the group.
  @inlinable
  public init(
    _ roots: Data, id: KeyPath<Data.Element, ID>, children: KeyPath<Data.Element, Data?>,
    content: @escaping (Data.Element) -> ListContent
  ) {
    self.init(roots, id: id, children: children) { element, row in
      content(element).outline(row)
    }
  }
}

extension OutlineGroup where Data.Element: Identifiable, ID == Data.Element.ID {
  /// An outline of `Identifiable` elements.
  @inlinable
  public init(
    _ roots: Data, children: KeyPath<Data.Element, Data?>,
    @CellContentBuilder content: @escaping (Data.Element, OutlineRow) -> Content
  ) {
    self.init(
      roots: roots, token: DataToken(of: roots), id: { $0.id },
      children: { $0[keyPath: children] }, content: content)
  }
}

extension OutlineGroup
where
  Data.Element: Identifiable, ID == Data.Element.ID,
  Content == ListContent
{
  /// An outline of `Identifiable` elements shown as standard content.
  @inlinable
  public init(
    _ roots: Data, children: KeyPath<Data.Element, Data?>,
    content: @escaping (Data.Element) -> ListContent
  ) {
    self.init(roots, id: \.id, children: children, content: content)
  }
}

/// A row of an outline as shown: its element, identity, place, and where its parent row is.
@usableFromInline
struct OutlineGroupRow<Element, ID: Hashable> {
  @usableFromInline let element: Element
  @usableFromInline let id: ID
  @usableFromInline let row: OutlineRow
  /// Its place among its parent's children (from 1) and how many they are.
  @usableFromInline let positionInSet: Int
  @usableFromInline let setSize: Int
  /// The index of its parent's row, `nil` for a top-level row.
  @usableFromInline let parent: Int?

  @inlinable
  init(
    element: Element, id: ID, row: OutlineRow, positionInSet: Int, setSize: Int, parent: Int?
  ) {
    (self.element, self.id, self.row) = (element, id, row)
    (self.positionInSet, self.setSize, self.parent) = (positionInSet, setSize, parent)
  }
}

/// The rows an outline shows: its tree walked depth first into expanded rows only (with a
/// stack, not recursion: a deep tree cannot overflow it; an element met again inside itself
/// is not walked twice), and where each row's visible subtree ends.
@usableFromInline
struct OutlineWalk<Element, ID: Hashable> {
  @usableFromInline var rows: [OutlineGroupRow<Element, ID>] = []
  /// For each row, the index of its subtree's last row (its own without visible children).
  @usableFromInline var subtreeEnds: [Int] = []
  /// An element met again inside itself (a cycle of classes).
  @usableFromInline var cycle: ID?

  @inlinable
  init<Data: RandomAccessCollection>(
    _ roots: Data, expanded: Set<AnyHashable>, identify: (Element) -> ID,
    children: (Element) -> Data?
  ) where Data.Element == Element {
    var stack: [(elements: Data, next: Data.Index, level: Int, parent: Int?)] = [
      (roots, roots.startIndex, 0, nil)
    ]
    var path: [ID] = []
    var onPath = Set<ID>()
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].elements.endIndex else {
        stack.removeLast()
        if let last = path.popLast() { onPath.remove(last) }
        continue
      }
      let frame = stack[top]
      let element = frame.elements[frame.next]
      let position = frame.elements.distance(from: frame.elements.startIndex, to: frame.next)
      stack[top].next = frame.elements.index(after: frame.next)
      let id = identify(element)
      let kids = children(element)
      let hasChildren = !(kids?.isEmpty ?? true)
      let isExpanded = hasChildren && expanded.contains(AnyHashable(id))
      rows.append(
        OutlineGroupRow(
          element: element, id: id,
          row: OutlineRow(level: frame.level, hasChildren: hasChildren, isExpanded: isExpanded),
          positionInSet: position + 1, setSize: frame.elements.count, parent: frame.parent))
      guard isExpanded, let kids else { continue }
      if onPath.contains(id) {
        cycle = id
        continue
      }
      path.append(id)
      onPath.insert(id)
      stack.append((kids, kids.startIndex, frame.level + 1, rows.count - 1))
    }
    // Each row's subtree ends where its last visible descendant's does: from the last row up,
    // a row's end is final before it is handed to its parent (children follow parents).
    subtreeEnds = Array(rows.indices)
    for index in rows.indices.reversed() {
      if let parent = rows[index].parent {
        subtreeEnds[parent] = max(subtreeEnds[parent], subtreeEnds[index])
      }
    }
  }
}

/// What a group is resolved against: the data source's expanded rows.
struct GroupContext {
  var expanded: Set<AnyHashable>
  var expansionRevision: Int
}

extension OutlineGroup: ItemGroup {
  var count: Int { rows.count }
  var token: DataToken { resolvedToken }
  var contentType: ObjectIdentifier { ObjectIdentifier(Content.self) }
  var name: String { "OutlineGroup<\(Data.self), \(ID.self)>" }
  var isOutline: Bool { true }

  func register(in collectionView: CollectionView) -> String {
    Content.registered(in: collectionView)
  }

  func presented(in context: GroupContext) -> (any ItemGroup)? {
    presented(in: context, shown: nil)
  }

  /// The rows shown: the walk of the expanded part of the tree, or the rows of `shown` (the
  /// outline shown at its place) when the roots and the expansion are theirs.
  func presented(in context: GroupContext, shown: (any ItemGroup)?) -> (any ItemGroup)? {
    var copy = self
    // The same roots (not unknown) and the same expansion as the rows shown: those rows, with
    // no walk (a body over an unchanged tree costs nothing per row).
    if let shown = shown as? Self, !rootToken.isUnknown, shown.rootToken == rootToken,
      shown.resolvedExpansion == context.expansionRevision
    {
      copy.rows = shown.rows
      copy.subtreeEnds = shown.subtreeEnds
      copy.cycle = shown.cycle
      copy.resolvedToken = shown.resolvedToken
      copy.resolvedExpansion = shown.resolvedExpansion
      return copy
    }
    copy.resolvedExpansion = context.expansionRevision
    let walked = walk(roots, context.expanded)
    copy.rows = walked.rows
    copy.subtreeEnds = walked.subtreeEnds
    copy.cycle = walked.cycle
    switch rootToken {
    case .unknown: copy.resolvedToken = .unknown
    case .storage(let address, let count):
      copy.resolvedToken = .version(
        AnyHashable(
          OutlineToken(
            address: address, count: count, version: nil,
            expansion: context.expansionRevision)))
    case .version(let version):
      copy.resolvedToken = .version(
        AnyHashable(
          OutlineToken(
            address: nil, count: 0, version: version,
            expansion: context.expansionRevision)))
    case .range(let lower, let upper):
      copy.resolvedToken = .version(
        AnyHashable(
          OutlineToken(
            address: nil, count: 0, version: AnyHashable(lower..<upper),
            expansion: context.expansionRevision)))
    }
    return copy
  }

  func cellMaker(identifier: String, tracker: ObservationTracker) -> CellMaker {
    let rows = rows
    let content = content
    let make = ClosureCellMaker { index, indexPath, view in
      guard index < rows.count else {
        return shrunkCollectionCell(at: indexPath, in: view, name: "\(Data.self)")
      }
      return content(rows[index].element, rows[index].row).makeCell(
        in: view, at: indexPath, identifier: identifier)
    }
    guard watchesModels || Data.Element.self is any Observable.Type else { return make }
    return ClosureCellMaker { [weak tracker] index, indexPath, view in
      guard let tracker, index < rows.count else { return make(index, indexPath, view) }
      return tracker.tracking(AnyHashable(rows[index].id)) { make(index, indexPath, view) }
    }
  }

  func identifier(at index: Int) -> AnyHashable { AnyHashable(rows[index].id) }

  func anyIdentifiers() -> [AnyHashable] { rows.map { AnyHashable($0.id) } }

  func changes(from old: any ItemGroup) -> GroupChanges? {
    guard let old = old as? Self else { return nil }
    if !rootToken.isUnknown, old.rootToken == rootToken,
      let changes = expansionChanges(from: old)
    {
      return GroupChanges(changes: changes, duplicates: 0, diffed: false)
    }
    return GroupChanges(diffing: old.rows.map(\.id), to: rows.map(\.id))
  }

  /// The rows an expansion alone changed (the same roots): the two lists read side by side,
  /// each row that opened inserting its visible subtree after it and each that closed deleting
  /// its own, with no hashing. `nil` when the lists differ otherwise (then the diff finds it).
  func expansionChanges(from old: Self) -> Changeset? {
    var changes = Changeset()
    var i = 0
    var j = 0
    while i < old.rows.count && j < rows.count {
      guard old.rows[i].id == rows[j].id else { return nil }
      let wasOpen = old.rows[i].row.isExpanded
      let isOpen = rows[j].row.isExpanded
      if wasOpen && !isOpen {
        let end = old.subtreeEnds[i]
        changes.deletedItems.append(
          contentsOf: (i + 1..<end + 1).map { ItemPath(section: 0, item: $0) })
        i = end + 1
        j += 1
      } else if isOpen && !wasOpen {
        let end = subtreeEnds[j]
        changes.insertedItems.append(
          contentsOf: (j + 1..<end + 1).map { ItemPath(section: 0, item: $0) })
        j = end + 1
        i += 1
      } else {
        i += 1
        j += 1
      }
    }
    return i == old.rows.count && j == rows.count ? changes : nil
  }

  func searchableText(at index: Int) -> String? {
    guard index < rows.count else { return nil }
    if let searchText { return searchText(rows[index].element) }
    guard Content.self == ListContent.self else { return nil }
    return unsafeBitCast(content(rows[index].element, rows[index].row), to: ListContent.self).text
  }

  func treePosition(at index: Int) -> TreePosition? {
    guard index < rows.count else { return nil }
    let row = rows[index]
    return TreePosition(
      level: row.row.level + 1, isExpanded: row.row.hasChildren ? row.row.isExpanded : nil,
      positionInSet: row.positionInSet, setSize: row.setSize)
  }

  func outlinePlace(at index: Int) -> OutlinePlace? {
    guard index < rows.count else { return nil }
    return OutlinePlace(
      id: AnyHashable(rows[index].id), row: rows[index].row, parent: rows[index].parent,
      lastDescendant: index < subtreeEnds.count ? subtreeEnds[index] : index)
  }

  var stackedHeaderLimits: (maximumRows: Int, maximumFraction: Double)? { stacking }

  var cycleDiagnostic: String? {
    cycle.map { "\(name): \($0) is among its own descendants; it is not shown inside itself" }
  }
}

/// An outline row as the data source's keys see it: its identifier, its place, and the indices
/// (in its group) of its parent's row and of its subtree's last row.
struct OutlinePlace {
  let id: AnyHashable
  let row: OutlineRow
  let parent: Int?
  let lastDescendant: Int
}

/// An outline group's roots (their storage or version) and the expanded rows' revision: the
/// same token means the same rows.
struct OutlineToken: Hashable {
  let address: UnsafeRawPointer?
  let count: Int
  let version: AnyHashable?
  let expansion: Int
}
