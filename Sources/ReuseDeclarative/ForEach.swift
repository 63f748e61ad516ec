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
  @usableFromInline var searchTextAt: ((Int) -> String?)? {
    get { core.searchTextAt }
    set { uniqueCore().searchTextAt = newValue }
  }
  var moveAction: ((_ source: Int, _ destination: Int) -> Void)? {
    get { core.moveAction }
    set { uniqueCore().moveAction = newValue }
  }
  var transfer: MoveTransfer? {
    get { core.transfer }
    set { uniqueCore().transfer = newValue }
  }
  var appearAction: ((Int) -> Void)? {
    get { core.appearAction }
    set { uniqueCore().appearAction = newValue }
  }
  var leadingSwipe: ((Int) -> SwipeActionsConfiguration?)? {
    get { core.leadingSwipe }
    set { uniqueCore().leadingSwipe = newValue }
  }
  var trailingSwipe: ((Int) -> SwipeActionsConfiguration?)? {
    get { core.trailingSwipe }
    set { uniqueCore().trailingSwipe = newValue }
  }
  var dragFilter: ((Int) -> Bool)? {
    get { core.dragFilter }
    set { uniqueCore().dragFilter = newValue }
  }
  var insertion: DropHandler? {
    get { core.insertion }
    set { uniqueCore().insertion = newValue }
  }
  var spanAt: ((Int) -> ItemSpan)? {
    get { core.spanAt }
    set { uniqueCore().spanAt = newValue }
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
  /// Moves an element (``ForEach/onMove(perform:)``).
  @exclusivity(unchecked) var moveAction: ((_ source: Int, _ destination: Int) -> Void)?
  /// Moves an element within its group or to another of its tag's type
  /// (``ForEach/onMove(tag:perform:)``).
  @exclusivity(unchecked) var transfer: MoveTransfer?
  /// Told when an item's cell is made for display (``ForEach/onAppear(perform:)``).
  @exclusivity(unchecked) var appearAction: ((Int) -> Void)?
  /// Item `index`'s swipe actions at each edge.
  @exclusivity(unchecked) var leadingSwipe: ((Int) -> SwipeActionsConfiguration?)?
  @exclusivity(unchecked) var trailingSwipe: ((Int) -> SwipeActionsConfiguration?)?
  /// Which items a drag may carry (``ForEach/draggable(_:)``).
  @exclusivity(unchecked) var dragFilter: ((Int) -> Bool)?
  /// What a drop of dragged elements does here.
  @exclusivity(unchecked) var insertion: DropHandler?
  /// Each item's span in a `GridLayout` (``ForEach/gridSpan(_:)``).
  @exclusivity(unchecked) var spanAt: ((Int) -> ItemSpan)?

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
    copy.moveAction = moveAction
    copy.transfer = transfer
    copy.appearAction = appearAction
    copy.leadingSwipe = leadingSwipe
    copy.trailingSwipe = trailingSwipe
    copy.dragFilter = dragFilter
    copy.insertion = insertion
    copy.spanAt = spanAt
    return copy
  }
}

extension ForEach {
  /// Lets the user move these items among themselves (a drag, or the keyboard's move):
  /// `action(source, destination)` moves the element at `source` to `destination`, its index
  /// after the move: `data.insert(data.remove(at: source), at: destination)`.
  ///
  /// The collection view moves the item on screen at once; the body then runs again, and if
  /// its data does not show the move (the action refused it), the collection view reloads to
  /// show the data as it is, with a diagnostic. Items move only within their `ForEach`: a drag
  /// over another section or group lands at the nearest end of its own.
  public func onMove(
    perform action: @escaping (_ source: Int, _ destination: Int) -> Void
  )
    -> Self
  {
    var copy = self
    copy.moveAction = action
    copy.transfer = nil
    return copy
  }

  /// Lets the user move these items among themselves and to and from every other `ForEach`
  /// of the body whose tag has the same type, across sections: a task dragged from "To do"
  /// to "Done", a message to another folder (UIKit's reordering across sections; SwiftUI's
  /// `onMove` stays within one `ForEach`). `tag` names this `ForEach` (a column's or
  /// folder's identifier); `action(move)` performs the move in the app's data: remove the
  /// element at `move.sourceIndex` of the collection tagged `move.sourceTag` and insert it at
  /// `move.destinationIndex` of the one tagged `move.destinationTag` (its index there after
  /// the move; within one collection, `insert(remove(at: source), at: destination)`).
  ///
  /// ```swift
  /// for column in board.columns {
  ///   Section(column.title) {
  ///     ForEach(column.cards) { Cell(CardCell.self, $0) }
  ///       .onMove(tag: column.id) { move in board.move(move) }
  ///   }
  /// }
  /// ```
  ///
  /// A moving item lands only in a `ForEach` of its tag's type (a section without one keeps
  /// it at the nearest end of its own). Give each `ForEach` a tag of its own: two with equal
  /// tags are told a move between them as one within a collection. The collection view moves the item on screen at once;
  /// the body then runs again, and if its data does not show the move, the collection view
  /// reloads to show the data as it is, with a diagnostic. An update that moves an element
  /// between two `ForEach`es (from code: a "Done" button) glides it there as well.
  public func onMove<Tag: Hashable>(
    tag: Tag, perform action: @escaping (ItemTransfer<Tag>) -> Void
  ) -> Self {
    var copy = self
    copy.moveAction = nil
    copy.transfer = MoveTransfer(
      space: ObjectIdentifier(Tag.self), tag: AnyHashable(tag),
      perform: { source, destinationTag, destination in
        guard let destinationTag = destinationTag.base as? Tag else { return }
        action(
          ItemTransfer(
            sourceTag: tag, sourceIndex: source, destinationTag: destinationTag,
            destinationIndex: destination))
      })
    return copy
  }

  /// Actions revealed when an item is swiped (or opened from the keyboard) at `edge`:
  /// `actions(element)` gives them, each with its own handler; with `allowsFullSwipe`, swiping
  /// most of the way across performs the first. An empty list: none for that element.
  ///
  /// ```swift
  /// ForEach(model.mail) { ListContent($0.subject) }
  ///   .swipeActions { mail in
  ///     [SwipeAction(title: "Delete", style: .destructive, width: 8) { _ in model.delete(mail) }]
  ///   }
  /// ```
  public func swipeActions(
    edge: SwipeEdge = .trailing, allowsFullSwipe: Bool = true,
    _ actions: @escaping (Data.Element) -> [SwipeAction]
  ) -> Self {
    var copy = self
    let elementAt = elementAt
    let provider: (Int) -> SwipeActionsConfiguration? = { index in
      let list = actions(elementAt(index))
      guard !list.isEmpty else { return nil }
      var configuration = SwipeActionsConfiguration(actions: list)
      configuration.performsFirstActionWithFullSwipe = allowsFullSwipe
      return configuration
    }
    if edge == .leading { copy.leadingSwipe = provider } else { copy.trailingSwipe = provider }
    return copy
  }

  /// Each element's span in a layout that lets items span (`GridLayout`, `WaterfallLayout`,
  /// a `RailsLayout`'s grid sections: `SpanProvidingLayout`): how many columns it covers
  /// (`ItemSpan`; `.fullWidth()` for a banner) and, optionally, its height. The data source
  /// becomes the layout's span provider once a body declares spans (a grid without one places
  /// items at its fast, uniform pace); items of groups without spans take one column.
  public func gridSpan(_ span: @escaping (Data.Element) -> ItemSpan) -> Self {
    var copy = self
    let elementAt = elementAt
    copy.spanAt = { span(elementAt($0)) }
    return copy
  }

  /// Lets a drag carry these items, out of this collection view and into any other of its
  /// `DragCoordinator` (or within it) whose declaration takes their elements
  /// (``onInsert(of:operation:perform:)-(_,DropOperation,_)``). `isDraggable` says which may go; with the
  /// selection, a drag that starts on a selected item carries every selected one that may.
  ///
  /// The data source becomes the collection view's drag delegate (unless the app set one);
  /// the host adds the collection view to a `DragCoordinator`, as for the imperative API.
  public func draggable(_ isDraggable: @escaping (Data.Element) -> Bool = { _ in true }) -> Self {
    var copy = self
    let elementAt = elementAt
    copy.dragFilter = { isDraggable(elementAt($0)) }
    return copy
  }

  /// Takes drops of dragged elements of type `Element` (from any ``draggable(_:)``
  /// declaration) among these items: `perform(index, elements, operation)` changes the data:
  /// for a `DropOperation.move`, remove the elements from where they are (here, or
  /// another collection) and insert them at `index` (in this collection after the removal);
  /// for a `DropOperation.copy`, insert copies. The collection views then show the
  /// change as one animated batch each, with no diff.
  ///
  /// ```swift
  /// ForEach(column.cards) { Cell(CardCell.self, $0) }
  ///   .draggable()
  ///   .onInsert(of: Card.self) { index, cards, _ in board.move(cards, to: column, at: index) }
  /// ```
  public func onInsert<Element>(
    of type: Element.Type, operation: DropOperation = .move,
    perform: @escaping (_ index: Int, _ elements: [Element], _ operation: DropOperation) -> Void
  ) -> Self {
    onInsert(of: type, operation: { _ in operation }, perform: perform)
  }

  /// Takes drops as `onInsert(of:operation:perform:)` with a fixed operation does, with the
  /// operation chosen for each drag: `operation(session)` says how this drag drops here, or
  /// `.forbidden` for one it may not (a column that takes cards only from the one before it:
  /// `session.source` is the collection view the drag began in).
  ///
  /// ```swift
  /// ForEach(done.cards) { Cell(CardCell.self, $0) }
  ///   .onInsert(of: Card.self, operation: { $0.source === review ? .move : .forbidden }) {
  ///     index, cards, _ in board.move(cards, to: .done, at: index)
  ///   }
  /// ```
  public func onInsert<Element>(
    of type: Element.Type, operation: @escaping (DragSession) -> DropOperation,
    perform: @escaping (_ index: Int, _ elements: [Element], _ operation: DropOperation) -> Void
  ) -> Self {
    var copy = self
    copy.insertion = DropHandler(
      operation: operation, accepts: { $0.allSatisfy { $0 is Element } },
      perform: { index, elements, operation in
        perform(index, elements.compactMap { $0 as? Element }, operation)
      })
    return copy
  }

  /// The text a search (`ItemSearch`) finds an item by: for cells of your own (standard
  /// content is found by its text without this).
  public func searchable(_ text: @escaping (Data.Element) -> String) -> Self {
    var copy = self
    let elementAt = elementAt
    copy.searchTextAt = { text(elementAt($0)) }
    return copy
  }

  /// Watches what each displayed item's content reads of `Observable` models, as for elements
  /// that are `Observable` classes (watched without this): for values whose cells read a model
  /// beside them. A change to a property a displayed cell read configures that cell again on
  /// the next tick, with no body and no diff.
  ///
  /// ```swift
  /// ForEach(0..<recentCount, id: \.self) { item in
  ///   ListContent(title(item), accessories: unseen.contains(item) ? [.badge("new")] : [])
  /// }
  /// .observesModels()  // `unseen` is an @Observable object: opening an item updates its row
  /// ```
  ///
  /// Without it, values are not watched: a steady frame of cells for values makes no watch
  /// (a watch is an allocation per cell made).
  public func observesModels() -> Self {
    var copy = self
    copy.observes = true
    return copy
  }

  /// Calls `action` with an item's element each time its cell is made for display: the place
  /// for loading more when the last items appear, or for starting work a row needs.
  public func onAppear(perform action: @escaping (Data.Element) -> Void) -> Self {
    var copy = self
    let elementAt = elementAt
    copy.appearAction = { action(elementAt($0)) }
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

/// A move of one item between two `ForEach`es tagged with values of one type (or within one):
/// what ``ForEach/onMove(tag:perform:)``'s action performs in the app's data.
public struct ItemTransfer<Tag: Hashable>: Hashable {
  /// The tag of the `ForEach` the item leaves.
  public var sourceTag: Tag
  /// The item's index there, before the move.
  public var sourceIndex: Int
  /// The tag of the `ForEach` it lands in (the same as ``sourceTag`` for a move within one).
  public var destinationTag: Tag
  /// Its index there, after the move.
  public var destinationIndex: Int

  /// A move from `sourceIndex` of the `ForEach` tagged `sourceTag` to `destinationIndex` of
  /// the one tagged `destinationTag`.
  public init(sourceTag: Tag, sourceIndex: Int, destinationTag: Tag, destinationIndex: Int) {
    (self.sourceTag, self.sourceIndex) = (sourceTag, sourceIndex)
    (self.destinationTag, self.destinationIndex) = (destinationTag, destinationIndex)
  }

  /// Performs the move on arrays kept by tag: removes the element from the source array and
  /// inserts it into the destination one. A move whose indices or tags name nothing changes
  /// nothing and returns `false`.
  @discardableResult
  public func apply<Element>(to arrays: inout [Tag: [Element]]) -> Bool {
    guard let source = arrays[sourceTag], source.indices.contains(sourceIndex) else {
      return false
    }
    if sourceTag == destinationTag {
      guard (0..<source.count).contains(destinationIndex) else { return false }
      var array = source
      array.insert(array.remove(at: sourceIndex), at: destinationIndex)
      arrays[sourceTag] = array
      return true
    }
    guard let destination = arrays[destinationTag],
      (0...destination.count).contains(destinationIndex)
    else { return false }
    var from = source
    var to = destination
    to.insert(from.remove(at: sourceIndex), at: destinationIndex)
    arrays[sourceTag] = from
    arrays[destinationTag] = to
    return true
  }

  /// Performs the move on an array of arrays whose indices are the tags (a `ForEach` per
  /// section, tagged with its section's index).
  @discardableResult
  public func apply<Element>(to arrays: inout [[Element]]) -> Bool where Tag == Int {
    guard arrays.indices.contains(sourceTag), arrays.indices.contains(destinationTag) else {
      return false
    }
    var keyed: [Int: [Element]] = [:]
    keyed[sourceTag] = arrays[sourceTag]
    keyed[destinationTag] = arrays[destinationTag]
    guard apply(to: &keyed), let source = keyed[sourceTag], let destination = keyed[destinationTag]
    else { return false }
    arrays[sourceTag] = source
    arrays[destinationTag] = destination
    return true
  }
}

extension ItemTransfer: Sendable where Tag: Sendable {}

/// How a `ForEach` takes part in moves between groups (``ForEach/onMove(tag:perform:)``). A
/// class: a `ForEach` holds one reference, nil for most, which costs a body nothing to make
/// and to free.
final class MoveTransfer {
  /// The tag's type: groups of one type exchange items.
  let space: ObjectIdentifier
  /// The group's tag.
  let tag: AnyHashable
  /// Moves item `source` to index `destination` of the group tagged `destinationTag`.
  let perform: (_ source: Int, _ destinationTag: AnyHashable, _ destination: Int) -> Void

  init(
    space: ObjectIdentifier, tag: AnyHashable,
    perform: @escaping (_ source: Int, _ destinationTag: AnyHashable, _ destination: Int) -> Void
  ) {
    (self.space, self.tag, self.perform) = (space, tag, perform)
  }
}
