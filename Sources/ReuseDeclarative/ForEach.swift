import Observation
import ReuseKit

/// Items over a collection, one per element, identified by a key path (or by `id` for
/// `Identifiable` elements): SwiftUI's `ForEach`, with ReuseKit's reuse underneath.
///
/// ```swift
/// ForEach(model.photos) { photo in Cell(PhotoCell.self, photo) }
/// ForEach(names, id: \.self) { name in ListContent(name) }
/// ```
///
/// Nothing is built per element when it is declared: the collection is kept as it is, its
/// `count` read, and `content` called only for items that are displayed or prefetched.
///
/// ### When the collection changes
/// A new value is diffed by identifier (Heckel, O(n)) only when it may differ from the last
/// one. Arrays, array slices and contiguous arrays answer that in O(1): the collection keeps
/// the last value, so an edit copies its storage, and the same storage means the same
/// elements. Ranges compare by their bounds. For any other collection, pass `version:` (a
/// value that changes whenever the elements do); without it, each new body diffs it.
/// Elements that are `Observable` classes need no diff for their properties: a displayed cell
/// that read a property is configured again when it changes.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: CellContent> {
  /// The elements.
  public let data: Data
  let identify: (Data.Element) -> ID
  let content: (Data.Element) -> Content
  let token: DataToken
  let observes: Bool

  /// Items for `data`'s elements, identified by the value at `id`.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.init(data, identify: { $0[keyPath: id] }, token: DataToken(of: data), content: content)
  }

  /// Items for `data`'s elements, identified by the value at `id`, whose elements are the same
  /// as last time when `version` is.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, version: some Hashable,
    @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.init(
      data, identify: { $0[keyPath: id] }, token: .version(AnyHashable(version)),
      content: content)
  }

  init(
    _ data: Data, identify: @escaping (Data.Element) -> ID, token: DataToken,
    content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    self.identify = identify
    self.content = content
    self.token = token
    observes = Data.Element.self is any Observable.Type
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Items for `data`'s elements, identified by their `id`.
  public init(
    _ data: Data, @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.init(data, identify: { $0.id }, token: DataToken(of: data), content: content)
  }

  /// Items for `data`'s elements, identified by their `id`, whose elements are the same as
  /// last time when `version` is.
  public init(
    _ data: Data, version: some Hashable,
    @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.init(
      data, identify: { $0.id }, token: .version(AnyHashable(version)), content: content)
  }
}

/// Builds one item's content from a single expression (the closure of a ``ForEach``).
@resultBuilder
public enum CellContentBuilder {
  /// Joins the parts of a block, each keeping its place.
  public static func buildBlock<Content: CellContent>(_ content: Content) -> Content { content }
}

/// O(1) evidence that a collection holds the same elements as before.
enum DataToken: Equatable {
  /// Contiguous storage: its address, its count. The declaration keeps the collection, so an
  /// edit elsewhere copies the storage first (copy on write): same storage, same elements.
  case storage(UnsafeRawPointer?, Int)
  /// A version the declaration gave, or a value compared whole (a range).
  case version(AnyHashable)
  /// Nothing known: never the same.
  case unknown

  init<Data: Collection>(of data: Data) {
    if let range = data as? Range<Int> {
      self = .version(AnyHashable(range))
    } else if let address = data.withContiguousStorageIfAvailable({
      (UnsafeRawPointer($0.baseAddress), $0.count)
    }) {
      self = .storage(address.0, address.1)
    } else {
      self = .unknown
    }
  }

  static func == (lhs: DataToken, rhs: DataToken) -> Bool {
    switch (lhs, rhs) {
    case (.storage(let a, let m), .storage(let b, let n)): a == b && m == n
    case (.version(let a), .version(let b)): a == b
    default: false
    }
  }
}

/// A group of items in a section, as the data source sees it: a ``ForEach`` or a single item.
protocol ItemGroup {
  /// How many items.
  var count: Int { get }
  /// Same as last time's group of this place when equal.
  var token: DataToken { get }
  /// Registers the group's cells.
  func register(in collectionView: CollectionView)
  /// The cell for item `index` of the group, at `indexPath`.
  func cell(
    at index: Int, indexPath: ItemPath, in collectionView: CollectionView,
    tracker: ObservationTracker
  ) -> CollectionViewCell
  /// The identifier of item `index`.
  func identifier(at index: Int) -> AnyHashable
  /// The changes from `old` (a group of the same type) to this one, in section 0, and how many
  /// identifiers repeat; `nil` when `old` is of another type.
  func changes(from old: any ItemGroup) -> (changes: Changeset, duplicates: Int)?
  /// What the group is, for diagnostics.
  var name: String { get }
}

extension ForEach: ItemGroup {
  var count: Int { data.count }

  func register(in collectionView: CollectionView) { Content.register(in: collectionView) }

  @inline(__always)
  private func element(at index: Int) -> Data.Element {
    data[data.index(data.startIndex, offsetBy: index)]
  }

  func cell(
    at index: Int, indexPath: ItemPath, in collectionView: CollectionView,
    tracker: ObservationTracker
  ) -> CollectionViewCell {
    let element = element(at: index)
    guard observes else { return content(element).makeCell(in: collectionView, at: indexPath) }
    return tracker.tracking(AnyHashable(identify(element))) {
      content(element).makeCell(in: collectionView, at: indexPath)
    }
  }

  func identifier(at index: Int) -> AnyHashable { AnyHashable(identify(element(at: index))) }

  func identifiers() -> [ID] { data.map(identify) }

  func changes(from old: any ItemGroup) -> (changes: Changeset, duplicates: Int)? {
    guard let old = old as? Self else { return nil }
    let oldIDs = old.identifiers()
    let newIDs = identifiers()
    let (stages, duplicates) = sectionedChanges(
      oldSections: [0], newSections: [0], oldItems: oldIDs, oldStarts: [0, oldIDs.count],
      newItems: newIDs, newStarts: [0, newIDs.count], sectionContentChanged: { _, _ in false },
      itemContentChanged: { _, _ in false }, contentUpdate: .reconfigure)
    return (stages.first ?? Changeset(), duplicates)
  }

  var name: String { "ForEach<\(Data.self), \(ID.self)>" }
}

/// One item declared on its own (`ListContent("Load more")` in a section): identified by its
/// place in the declaration.
struct SingleItem<Content: CellContent>: ItemGroup {
  let content: Content
  let token: DataToken

  init(_ content: Content) {
    self.content = content
    token = (content as? any Hashable).map { .version(AnyHashable($0)) } ?? .unknown
  }

  var count: Int { 1 }
  func register(in collectionView: CollectionView) { Content.register(in: collectionView) }
  func cell(
    at index: Int, indexPath: ItemPath, in collectionView: CollectionView,
    tracker: ObservationTracker
  ) -> CollectionViewCell {
    content.makeCell(in: collectionView, at: indexPath)
  }
  func identifier(at index: Int) -> AnyHashable { AnyHashable(0) }
  func changes(from old: any ItemGroup) -> (changes: Changeset, duplicates: Int)? {
    old is Self ? (Changeset(), 0) : nil
  }
  var name: String { "\(Content.self)" }
}
