import ReuseKit

/// A group of items and where it is in its declaration: the same place in the next body is the
/// same group (an `if` that flips gives its branches different places).
struct GroupEntry {
  var key: UInt64
  var group: any ItemGroup
  /// The identifier its cells are dequeued under (set when the body is resolved).
  var reuseIdentifier = ""
  /// What makes its cells (set when the body is resolved).
  var maker: CellMaker?

  init(key: UInt64, group: any ItemGroup) {
    self.key = key
    self.group = group
  }
}

/// Folds a slot of a block, branch or loop into a place key: `key × P + term(slot)`, so that
/// nestings compose (see ``Nesting``).
@inline(__always)
func nestKey(_ key: UInt64, slot: Int) -> UInt64 {
  key &* Nesting.prime &+ Nesting.term(slot)
}

/// Places nested on every key of a builder's value, not yet written into them: `key ×
/// multiplier + addend`. An `if`, `else` or `switch` around a part nests it by changing two
/// numbers, with no copy of its array (the builder's values are not uniquely referenced where
/// its branches meet, so writing the keys in place copied the array at every level).
struct Nesting {
  static let prime: UInt64 = 0x0000_0100_0000_01B3
  @inline(__always)
  static func term(_ slot: Int) -> UInt64 {
    (UInt64(truncatingIfNeeded: slot) &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
  }

  var multiplier: UInt64 = 1
  var addend: UInt64 = 0

  /// `key` with the places nested so far.
  @inline(__always)
  func apply(_ key: UInt64) -> UInt64 { key &* multiplier &+ addend }

  /// One more place, outside the ones so far.
  @inline(__always)
  mutating func nest(slot: Int) {
    multiplier = multiplier &* Nesting.prime
    addend = nestKey(addend, slot: slot)
  }
}

/// A result builder's value whose parts keep their places: ``SectionItems`` and
/// ``CollectionContent``. The builders' blocks, branches and loops are written once, on
/// ``PartsBuilder``; these are what they call. Not for use outside ReuseDeclarative.
public protocol DeclaredParts {
  /// The parts in one, each part nested at its own slot (counted from `firstSlot`).
  static func _join(_ parts: [Self], firstSlot: Int) -> Self
  /// Nests every part's place in `slot` (the parts themselves untouched).
  mutating func _nest(slot: Int)
}

/// The blocks, branches and loops of ReuseDeclarative's result builders (``ItemsBuilder``,
/// ``CollectionContentBuilder``): each part of a block, each branch of an `if`/`else` or
/// `switch` and each pass of a `for` in a place of its own, so that the same place in the next
/// body is the same part (an `if` that flips gives its branches different places).
public protocol PartsBuilder {
  /// What the builder builds.
  associatedtype Parts: DeclaredParts
}

extension PartsBuilder {
  /// Joins the parts of a block, each keeping its place.
  @inlinable
  public static func buildBlock(_ part: Parts) -> Parts { part }

  /// Joins the parts of a block, each keeping its place.
  @inlinable
  public static func buildBlock(_ parts: Parts...) -> Parts { Parts._join(parts, firstSlot: 0) }

  /// An `if` without `else`: its parts when it holds, in a place of their own.
  @inlinable
  public static func buildOptional(_ parts: consuming Parts?) -> Parts {
    guard let parts else { return Parts._join([], firstSlot: 0) }  // nothing: no parts
    return nested(parts, slot: 1)
  }

  /// The first branch of an `if`/`else` or a `switch`, in a place of its own.
  @inlinable
  public static func buildEither(first parts: consuming Parts) -> Parts { nested(parts, slot: 2) }

  /// The second branch of an `if`/`else` or a `switch`, in a place of its own.
  @inlinable
  public static func buildEither(second parts: consuming Parts) -> Parts { nested(parts, slot: 3) }

  /// A `for` loop: each pass in a place of its own.
  @inlinable
  public static func buildArray(_ parts: [Parts]) -> Parts { Parts._join(parts, firstSlot: 4) }

  /// An `if #available` branch.
  @inlinable
  public static func buildLimitedAvailability(_ parts: Parts) -> Parts { parts }

  /// `parts` in a place nested at `slot` (their arrays untouched).
  @inlinable
  static func nested(_ parts: consuming Parts, slot: Int) -> Parts {
    parts._nest(slot: slot)
    return parts
  }
}

/// The items of a section, as declared: ``ForEach`` groups and single items, with `if`,
/// `if let`, `switch` and `for` among them.
public struct SectionItems: DeclaredParts {
  var entries: [GroupEntry]
  /// The places nested on every entry's key, not yet written into them.
  var nesting = Nesting()

  /// Nests every entry's place in `slot`.
  public mutating func _nest(slot: Int) { nesting.nest(slot: slot) }
}

/// Builds a ``Section``'s items.
@resultBuilder
public enum ItemsBuilder: PartsBuilder {
  /// A section's items.
  public typealias Parts = SectionItems

  /// One declared part.
  public static func buildExpression<Data, ID, Content>(
    _ items: ForEach<Data, ID, Content>
  )
    -> SectionItems
  {
    SectionItems(entries: [GroupEntry(key: 0, group: items)])
  }

  /// One declared part: an outline.
  public static func buildExpression<Data, ID, Content>(
    _ outline: OutlineGroup<Data, ID, Content>
  ) -> SectionItems {
    SectionItems(entries: [GroupEntry(key: 0, group: outline)])
  }

  /// One declared part.
  public static func buildExpression<Content: CellContent>(_ content: Content) -> SectionItems {
    SectionItems(entries: [GroupEntry(key: 0, group: SingleItem(content))])
  }

  /// One declared part.
  public static func buildExpression(_ items: SectionItems) -> SectionItems { items }
}

extension SectionItems {
  /// The parts' entries in one array, each part nested at its own slot (counted from
  /// `firstSlot`).
  public static func _join(_ parts: [SectionItems], firstSlot: Int) -> SectionItems {
    var count = 0
    for part in parts { count += part.entries.count }
    var entries: [GroupEntry] = []
    entries.reserveCapacity(count)
    for (slot, part) in parts.enumerated() {
      for entry in part.entries {
        let key = nestKey(part.nesting.apply(entry.key), slot: firstSlot + slot)
        entries.append(GroupEntry(key: key, group: entry.group))
      }
    }
    return SectionItems(entries: entries)
  }
}

/// A section of a declared collection: an identity, an optional header and footer, and its
/// items.
///
/// ```swift
/// Section("Photos") {
///   ForEach(photos) { Cell(PhotoCell.self, $0) }
///   if hasMore { ListContent("Load more", accessories: [.disclosure]) }
/// }
/// ```
///
/// The identity says which section of the next body is this one. `Section("Title")` is
/// identified by its title; `Section(id:)` by the value given; a section with neither, by its
/// place in the declaration.
public struct Section {
  var id: SectionIdentity?
  var header: ListContent?
  var footer: ListContent?
  var items: SectionItems
  /// The section's geometry in a `RailsLayout` (``rail(_:)``).
  var rail: RailSection?

  /// A section titled `title` (its header), identified by it.
  public init(
    _ title: String, footer: String? = nil, @ItemsBuilder items: () -> SectionItems
  ) {
    id = SectionIdentity(title)
    header = ListContent(title)
    self.footer = footer.map { ListContent($0) }
    self.items = items()
  }

  /// A section identified by `id`, with standard header and footer content if given.
  public init(
    id: some Hashable, header: ListContent? = nil, footer: ListContent? = nil,
    @ItemsBuilder items: () -> SectionItems
  ) {
    self.id = SectionIdentity(id)
    self.header = header
    self.footer = footer
    self.items = items()
  }

  /// A section identified by its place in the declaration.
  public init(@ItemsBuilder items: () -> SectionItems) {
    id = nil
    self.items = items()
  }

  /// The section's geometry when the collection view's layout is a `RailsLayout`: a rail that
  /// scrolls on its own, or a grid (the layout asks the data source, which answers from the
  /// declaration; sections that say nothing are a plain list of full-width rows).
  ///
  /// ```swift
  /// Section("Featured") { ForEach(apps) { Cell(AppCard.self, $0) } }
  ///   .rail(RailSection(scrolling: .paging, itemWidth: .fractional(0.9), itemHeight: 12))
  /// ```
  public func rail(_ geometry: RailSection) -> Section {
    var copy = self
    copy.rail = geometry
    return copy
  }
}

/// What a declared collection shows: its sections, in order. Items declared outside any
/// ``Section`` form sections of their own (one for each run of them).
public struct CollectionContent {
  struct Node {
    /// Its place in the declaration.
    var key: UInt64
    var part: Part
  }
  enum Part {
    /// A section, by reference: a node is copied on its way through the builder's blocks,
    /// branches and loops, and a section's header, footer and items would be copied with it.
    case section(SectionBox)
    case items(any ItemGroup)
    /// A run of sections over a collection (``Sections``).
    case sections(any SectionRun)
  }
  /// The group of a content of one group at place 0 (one `ForEach`, outline or item), held
  /// without an array: the ten-line list's body allocates nothing for its content.
  var group: (any ItemGroup)?
  /// The nodes of any other content (then ``group`` is `nil`).
  var nodes: [Node]
  /// The places nested on every node's key, not yet written into them.
  var nesting = Nesting()

  /// A content of one group.
  init(_ group: any ItemGroup) {
    self.group = group
    nodes = []
  }

  /// A content of `nodes`.
  init(nodes: [Node]) {
    group = nil
    self.nodes = nodes
  }

  /// How many parts.
  var count: Int { group == nil ? nodes.count : 1 }
}

/// Builds a declared collection's content (``DeclarativeDataSource``'s body).
@resultBuilder
public enum CollectionContentBuilder: PartsBuilder {
  /// A collection's sections.
  public typealias Parts = CollectionContent

  /// One declared part.
  public static func buildExpression(_ section: Section) -> CollectionContent {
    CollectionContent(nodes: [CollectionContent.Node(key: 0, part: .section(SectionBox(section)))])
  }

  /// One declared part: sections over a collection, made as they are needed.
  public static func buildExpression<Data, ID>(_ sections: Sections<Data, ID>) -> CollectionContent
  {
    CollectionContent(nodes: [CollectionContent.Node(key: 0, part: .sections(sections))])
  }

  /// One declared part.
  public static func buildExpression<Data, ID, Content>(
    _ items: consuming ForEach<Data, ID, Content>
  )
    -> CollectionContent
  {
    CollectionContent(items)
  }

  /// One declared part: an outline.
  public static func buildExpression<Data, ID, Content>(
    _ outline: OutlineGroup<Data, ID, Content>
  ) -> CollectionContent {
    CollectionContent(outline)
  }

  /// One declared part.
  public static func buildExpression<Content: CellContent>(
    _ content: Content
  )
    -> CollectionContent
  {
    CollectionContent(SingleItem(content))
  }

  /// One declared part.
  public static func buildExpression(_ content: CollectionContent) -> CollectionContent {
    content
  }
}

extension CollectionContent: DeclaredParts {
  /// Nests every node's place in `slot`.
  public mutating func _nest(slot: Int) { nesting.nest(slot: slot) }

  /// The parts' nodes in one array, each part nested at its own slot (counted from
  /// `firstSlot`), with no array in between.
  public static func _join(_ parts: [CollectionContent], firstSlot: Int) -> CollectionContent {
    // Each part read in place, field by field (a part copied out of the array copies its
    // group's existential).
    var count = 0
    for index in parts.indices { count += parts[index].count }
    var nodes: [CollectionContent.Node] = []
    nodes.reserveCapacity(count)
    for index in parts.indices {
      let slot = firstSlot + index
      let nesting = parts[index].nesting
      if let group = parts[index].group {
        nodes.append(
          CollectionContent.Node(key: nestKey(nesting.apply(0), slot: slot), part: .items(group)))
        continue
      }
      for node in parts[index].nodes {
        let key = nestKey(nesting.apply(node.key), slot: slot)
        nodes.append(CollectionContent.Node(key: key, part: node.part))
      }
    }
    return CollectionContent(nodes: nodes)
  }
}

/// A declared section, held by reference in the builder's nodes.
final class SectionBox {
  private(set) var section: Section
  init(_ section: Section) { self.section = section }

  /// The section's entries with every place nested in their keys, taken out of the box (which
  /// a body's content holds alone, and is resolved once): an array the resolve may change in
  /// place, not a copy of one.
  func takeEntries() -> [GroupEntry] {
    var entries: [GroupEntry] = []
    swap(&entries, &section.items.entries)
    let nesting = section.items.nesting
    if nesting.multiplier != 1 || nesting.addend != 0 {
      entries.withUnsafeMutableBufferPointer { entries in
        for index in entries.indices { entries[index].key = nesting.apply(entries[index].key) }
      }
    }
    return entries
  }
}
