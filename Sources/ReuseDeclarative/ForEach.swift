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
/// value that changes whenever the elements do); without it, each body reads its identifiers
/// (O(n)) and diffs them against the ones shown, so a collection that is a class and changed
/// behind the body's back is still shown right (and read past its end, never: a blank cell
/// and a diagnostic until the update).
/// Elements that are `Observable` classes need no diff for their properties: a displayed cell
/// that read a property is configured again when it changes.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: CellContent> {
  /// Everything the declaration says, in one reference: a body copies a `ForEach` several
  /// times on its way into the data source, and a copy is then one retain, not twenty.
  @usableFromInline var core: ForEachCore<Data, ID, Content>
  /// The identifiers as the body read them, for a collection nothing else can say is
  /// unchanged (no contiguous storage, no `version:`): a class can change behind the body's
  /// back, and the next diff must start from what was shown.
  var shownIdentifiers: [ID]?

  /// The elements.
  public var data: Data { core.data }
  @usableFromInline var identify: (Data.Element) -> ID { core.identify }
  /// Every identifier, in order.
  func identifiers() -> [ID] { core.identifiers() }
  @usableFromInline var token: DataToken { core.token }
  @usableFromInline var observes: Bool {
    get { core.observes }
    set { uniqueCore().observes = newValue }
  }
  var elementAt: (Int) -> Data.Element { core.elementAt }
  /// What the modifiers declared.
  var modifiers: ForEachModifiers<Data, ID> { core.modifiers }
  @usableFromInline var searchTextAt: ((Int) -> String?)? {
    get { core.searchTextAt }
    set { uniqueCore().searchTextAt = newValue }
  }

  /// The core, copied first when another `ForEach` shares it (a modifier makes a new value).
  mutating func uniqueCore() -> ForEachCore<Data, ID, Content> {
    if !isKnownUniquelyReferenced(&core) { core = core.copy() }
    return core
  }

  /// Items for `data`'s elements, identified by the value at `id`.
  @inlinable
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    let isIdentity = Self.isIdentity(id)
    self.init(
      data, identify: Self.identify(by: id, isIdentity: isIdentity), token: DataToken(of: data),
      elementsAreIdentifiers: isIdentity, content: content)
  }

  /// Items for `data`'s elements, identified by the value at `id`, whose elements are the same
  /// as last time when `version` is.
  @inlinable
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, version: some Hashable,
    @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    let isIdentity = Self.isIdentity(id)
    self.init(
      data, identify: Self.identify(by: id, isIdentity: isIdentity),
      token: .version(AnyHashable(version)), elementsAreIdentifiers: isIdentity,
      content: content)
  }

  /// Reading `id`: for numbers and strings identified by `\.self`, the element itself (no key
  /// path applied per element when a million identifiers are gathered).
  @inlinable
  static func identify(
    by id: KeyPath<Data.Element, ID>, isIdentity: Bool
  ) -> (Data.Element) -> ID {
    if isIdentity { return { unsafeBitCast($0, to: ID.self) } }
    return { $0[keyPath: id] }
  }

  /// Whether `id` is `\.self` on numbers or strings.
  @inlinable
  static func isIdentity(_ id: KeyPath<Data.Element, ID>) -> Bool {
    guard ID.self == Data.Element.self, ID.self == Int.self || ID.self == String.self else {
      return false
    }
    // A stored path from a number or a string to a value of its own type, at offset 0, can
    // only be `\.self`: neither type stores a value of its own type. Its offset is read from
    // the path itself (a `\Int.self` made to compare with cost a key path lookup per body, and
    // a generic `\Data.Element.self` is resolved at run time).
    return MemoryLayout<Data.Element>.offset(of: id) == 0
  }

  @inlinable
  init(
    _ data: Data, identify: @escaping (Data.Element) -> ID, token: DataToken,
    elementsAreIdentifiers: Bool = false, content: @escaping (Data.Element) -> Content
  ) {
    var searchTextAt: ((Int) -> String?)?
    if Content.self == ListContent.self {
      searchTextAt = {
        unsafeBitCast(
          content(data[data.index(data.startIndex, offsetBy: $0)]), to: ListContent.self
        )
        .text
      }
    }
    // The per-item functions capture nothing: they are compiled here, for the declaration's
    // types, and take the data as an argument, so that a body allocates no context for them.
    let gatherIdentifiers: (Data, (Data.Element) -> ID) -> [ID]
    if elementsAreIdentifiers {
      // The elements are the identifiers: an array is shared as it is, a slice copied whole.
      gatherIdentifiers = { data, identify in
        if let array = data as? [ID] { return array }
        if let slice = data as? ArraySlice<ID> { return Array(slice) }
        return data.map(identify)
      }
    } else {
      gatherIdentifiers = { data, identify in data.map(identify) }
    }
    core = ForEachCore(
      data: data, content: content,
      bind: { data, content, identifier in
        // The cells' maker under a reuse identifier bound once per resolve: what a section
        // calls per new cell. Its function captures nothing (it reads the maker).
        ForEachCellMaker(data: data, content: content, identifier: identifier) {
          maker, index, indexPath, view in
          let maker = unsafeDowncast(maker, to: ForEachCellMaker<Data, Content>.self)
          // A collection that is a class can shrink after the body read its count: a blank
          // cell, said once, rather than reading past its end.
          guard index < maker.data.count else {
            return shrunkCollectionCell(at: indexPath, in: view, name: "\(Data.self)")
          }
          return maker.content(maker.data[maker.data.index(maker.data.startIndex, offsetBy: index)])
            .makeCell(in: view, at: indexPath, identifier: maker.identifier)
        }
      },
      identify: identify, gatherIdentifiers: gatherIdentifiers, token: token,
      elementAtIndex: { data, index in data[data.index(data.startIndex, offsetBy: index)] },
      searchTextAt: searchTextAt, observes: observesElements(Data.Element.self),
      count: data.count)
  }
}

/// What a ``ForEach``'s modifiers declare, each `nil` until one does: one value, so a copy
/// of the core carries them all.
struct ForEachModifiers<Data: RandomAccessCollection, ID: Hashable> {
  /// Moves an element (``ForEach/onMove(perform:)``).
  var moveAction: ((_ source: Int, _ destination: Int) -> Void)?
  /// Moves an element within its group or to another of its tag's type
  /// (``ForEach/onMove(tag:perform:)``).
  var transfer: MoveTransfer?
  /// Told when an item's cell is made for display (``ForEach/onAppear(perform:)``).
  var appearAction: ((Int) -> Void)?
  /// Item `index`'s swipe actions at each edge.
  var leadingSwipe: ((Int) -> SwipeActionsConfiguration?)?
  var trailingSwipe: ((Int) -> SwipeActionsConfiguration?)?
  /// Which items a drag may carry (``ForEach/draggable(_:)``).
  var dragFilter: ((Int) -> Bool)?
  /// What a drop of dragged elements does here.
  var insertion: DropHandler?
  /// Each item's span in a `GridLayout` (``ForEach/gridSpan(_:)``).
  var spanAt: ((Int) -> ItemSpan)?
}

/// What a ``ForEach`` declares, held by reference (see ``ForEach/core``).
@usableFromInline
final class ForEachCore<Data: RandomAccessCollection, ID: Hashable, Content: CellContent> {
  @usableFromInline let data: Data
  /// An element's content.
  @usableFromInline let content: (Data.Element) -> Content
  /// Item `index`'s cell maker over the data and content given, under the reuse identifier
  /// given (made where the declaration is compiled, so element access, content and
  /// configuration are specialised for its types).
  @usableFromInline let bind: (Data, @escaping (Data.Element) -> Content, String) -> CellMaker
  /// An element's identifier.
  @usableFromInline let identify: (Data.Element) -> ID
  /// Every identifier of the data given, in order.
  @usableFromInline let gatherIdentifiers: (Data, (Data.Element) -> ID) -> [ID]
  @usableFromInline let token: DataToken
  /// Whether ``token`` is `.unknown` (asked per body, without copying the token).
  @usableFromInline let tokenIsUnknown: Bool
  /// The number of elements when the body declared them (read where the declaration is
  /// compiled: through the generic witnesses it costs hundreds of instructions a read).
  @usableFromInline let count: Int
  /// Whether what each displayed cell reads of `Observable` models is watched: for elements
  /// that are `Observable` classes, or with ``ForEach/observesModels()``.
  @exclusivity(unchecked) @usableFromInline var observes: Bool
  /// The element at an index of the data given.
  @usableFromInline let elementAtIndex: (Data, Int) -> Data.Element
  /// Item `index`'s text for a search (`ItemSearch`): standard content's text, or what
  /// ``ForEach/searchable(_:)`` gives.
  @exclusivity(unchecked) @usableFromInline var searchTextAt: ((Int) -> String?)?
  /// What the modifiers declared beyond the data (moves, swipes, drags, spans, appearances).
  @exclusivity(unchecked) var modifiers = ForEachModifiers<Data, ID>()

  @inlinable
  init(
    data: Data, content: @escaping (Data.Element) -> Content,
    bind: @escaping (Data, @escaping (Data.Element) -> Content, String) -> CellMaker,
    identify: @escaping (Data.Element) -> ID,
    gatherIdentifiers: @escaping (Data, (Data.Element) -> ID) -> [ID],
    token: DataToken, elementAtIndex: @escaping (Data, Int) -> Data.Element,
    searchTextAt: ((Int) -> String?)?, observes: Bool, count: Int
  ) {
    self.data = data
    self.count = count
    tokenIsUnknown = token.isUnknown
    self.content = content
    self.bind = bind
    self.identify = identify
    self.gatherIdentifiers = gatherIdentifiers
    self.token = token
    self.elementAtIndex = elementAtIndex
    self.searchTextAt = searchTextAt
    self.observes = observes
  }

  /// The cell maker under `identifier`.
  func bindIdentifier(_ identifier: String) -> CellMaker {
    bind(data, content, identifier)
  }

  /// Every identifier, in order.
  func identifiers() -> [ID] { gatherIdentifiers(data, identify) }

  /// Item `index`'s element.
  func element(at index: Int) -> Data.Element { elementAtIndex(data, index) }

  /// Item `index`'s element, as a function (for a modifier's closure).
  var elementAt: (Int) -> Data.Element {
    let data = data
    let elementAtIndex = elementAtIndex
    return { elementAtIndex(data, $0) }
  }

  /// A copy, for a modifier to change.
  func copy() -> ForEachCore {
    let copy = ForEachCore(
      data: data, content: content, bind: bind, identify: identify,
      gatherIdentifiers: gatherIdentifiers, token: token, elementAtIndex: elementAtIndex,
      searchTextAt: searchTextAt, observes: observes, count: count)
    copy.modifiers = modifiers
    return copy
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Items for `data`'s elements, identified by their `id`.
  @inlinable
  public init(
    _ data: Data, @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.init(data, identify: { $0.id }, token: DataToken(of: data), content: content)
  }

  /// Items for `data`'s elements, identified by their `id`, whose elements are the same as
  /// last time when `version` is.
  @inlinable
  public init(
    _ data: Data, version: some Hashable,
    @CellContentBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.init(
      data, identify: { $0.id }, token: .version(AnyHashable(version)), content: content)
  }
}

/// The cell for an item its collection no longer has (a collection that is a class changed
/// after the body read it): a blank standard cell and a diagnostic.
@usableFromInline
func shrunkCollectionCell(
  at indexPath: ItemPath, in view: CollectionView, name: String
)
  -> CollectionViewCell
{
  view.diagnostics.report(
    .dataSourceChangedWithoutReload,
    "ForEach over \(name): the collection has fewer elements than when the body read it "
      + "(it changed without an update); a blank cell at \(indexPath)")
  return view.dequeueListContentCell(for: indexPath, content: ListContent(""))
}

/// Builds one item's content from a single expression (the closure of a ``ForEach``).
@resultBuilder
public enum CellContentBuilder {
  /// Joins the parts of a block, each keeping its place.
  public static func buildBlock<Content: CellContent>(_ content: Content) -> Content { content }
}

/// Whether elements of type `Element` are `Observable` models whose properties a cell's
/// configuration is watched for. Only classes are asked: a value is copied into the data, so a
/// change reaches the collection as new data, and asking the runtime whether a value type
/// conforms looks through its conformance tables on every body.
@usableFromInline
func observesElements<Element>(_ type: Element.Type) -> Bool {
  type is AnyObject.Type && type is any Observable.Type
}
