import ReuseKit

/// Sections over a collection, one per element, each made only when the collection view asks
/// for it: a contact list's letters, a log's days, two hundred thousand sections of fifty rows.
///
/// ```swift
/// Sections(days, id: \.date, itemCount: { $0.entries.count }) { day in
///   Section(id: day.date, header: ListContent(day.title)) {
///     ForEach(day.entries) { entry in ListContent(entry.text) }
///   }
/// }
/// ```
///
/// ### What it costs
/// When the run is the whole body and longer than a thousand sections, nothing is made per
/// section while the body runs:
/// `content` is called for a section when one of its items or its header is displayed,
/// prefetched, searched or asked about, and the sections made are kept (a few hundred at most;
/// the others are made again when asked). A body whose data did not change costs O(1),
/// however many sections it declares.
///
/// The collection view asks each section's item count when it reloads: `itemCount` answers
/// without making the section, and `itemsPerSection` answers for every section at once
/// (O(1) at any count). Without either, each section is made, counted and let go, once a
/// reload (O(sections) time, nothing kept).
///
/// A run of a thousand sections or fewer, and a run among other sections or items, is made
/// whole when the body runs, as if each section were declared on its own: O(sections) a
/// body, each section's items still made only as they show.
///
/// ### When the data changes
/// A run made whole (a thousand sections or fewer, or among other parts) is diffed as
/// sections declared one by one are: sections by their identifiers, items by theirs, the
/// changes applied as one animated batch, the selection kept.
///
/// A longer run that is the whole body is the same as the one shown when `version` is (or,
/// without it, when the collection is: an array's storage, a range's bounds, as ``ForEach``
/// compares them) and its count is: then nothing is done. Any other collection without a
/// `version` cannot say its sections' contents are unchanged, so every body reloads it: give
/// one. Otherwise the run reloads the collection view, without animation and without a diff
/// of its sections (gathering two hundred thousand identities to find one changed row is the
/// cost this type avoids); the scroll position stays, and the selection stays at its paths
/// that still exist (as `reloadData` keeps it), whichever items they now name. A run that grows past a thousand sections, or shrinks to a thousand, reloads once.
///
/// ### Bad input
/// In a run made as it shows, a section whose content holds fewer items than `itemCount` or
/// `itemsPerSection` said shows blank cells for the missing ones, and a diagnostic says so
/// (once); items past the count are not shown. In a run made whole, the content's count
/// shows, and the same diagnostic says the counts differ. Sections' identities are not checked for duplicates while the run is the
/// whole body (it would read them all); among other sections they are, as any section's.
public struct Sections<Data: RandomAccessCollection, ID: Hashable> {
  @usableFromInline let data: Data
  /// Element `index`, or `nil` past the collection's end (a collection that is a class can
  /// shrink behind the body's back: its sections are then empty until the next body, never a
  /// read past the end). Made where the run is declared, for its types: the data source
  /// reads the run through an existential, where a generic read of the collection cost
  /// thousands of instructions a section.
  @usableFromInline let element: (Int) -> Data.Element?
  @usableFromInline let identify: (Data.Element) -> ID
  @usableFromInline let token: DataToken
  @usableFromInline let content: (Data.Element) -> Section
  @usableFromInline let counting: SectionCounting<Data.Element>
  @usableFromInline var indexTitles: [String]?
  @usableFromInline var indexTarget: ((Int) -> Int)?

  /// Sections for `data`'s elements, identified by the value at `id`, each made by `content`
  /// when it is needed (its count too: see ``init(_:id:version:itemCount:content:)``).
  @inlinable
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    content: @escaping (Data.Element) -> Section
  ) {
    self.init(data, id: id, token: DataToken(of: data), counting: .resolved, content: content)
  }

  /// Sections for `data`'s elements, identified by the value at `id`, the same as last time
  /// when `version` is, each holding `itemCount(element)` items (asked without making the
  /// section).
  @inlinable
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, version: (some Hashable)? = Int?.none,
    itemCount: @escaping (Data.Element) -> Int,
    content: @escaping (Data.Element) -> Section
  ) {
    self.init(
      data, id: id, token: version.map { .version(AnyHashable($0)) } ?? DataToken(of: data),
      counting: .each(itemCount), content: content)
  }

  /// Sections for `data`'s elements, identified by the value at `id`, the same as last time
  /// when `version` is, every one holding `itemsPerSection` items (said to the collection view
  /// once, for all of them).
  @inlinable
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, version: (some Hashable)? = Int?.none,
    itemsPerSection: Int,
    content: @escaping (Data.Element) -> Section
  ) {
    self.init(
      data, id: id, token: version.map { .version(AnyHashable($0)) } ?? DataToken(of: data),
      counting: .uniform(max(0, itemsPerSection)), content: content)
  }

  @inlinable
  init(
    _ data: Data, id: KeyPath<Data.Element, ID>, token: DataToken,
    counting: SectionCounting<Data.Element>, content: @escaping (Data.Element) -> Section
  ) {
    self.data = data
    element = { index in
      guard index >= 0, index < data.count else { return nil }
      return data[data.index(data.startIndex, offsetBy: index)]
    }
    // `\.self` on numbers and strings: the element itself, no key path applied.
    identify = ForEach<Data, ID, ListContent>.identify(
      by: id, isIdentity: ForEach<Data, ID, ListContent>.isIdentity(id))
    self.token = token
    self.counting = counting
    self.content = content
  }

  /// A section index over the run (the collection view's `indexTitles`): title `i` of
  /// `titles` jumps to the first item of section `target(i)` (clamped to the sections). A
  /// contact list gives a letter a section; two hundred thousand sections, a mark every ten
  /// thousand.
  public func indexTitles(_ titles: [String], target: @escaping (Int) -> Int) -> Sections {
    var copy = self
    copy.indexTitles = titles
    copy.indexTarget = target
    return copy
  }
}

/// How a run's sections say their item counts.
@usableFromInline
enum SectionCounting<Element> {
  /// By making the section.
  case resolved
  /// By a function of the element.
  case each((Element) -> Int)
  /// The same for every section.
  case uniform(Int)
}

/// A run of sections, its types erased: what the data source asks of it.
protocol SectionRun {
  var count: Int { get }
  var token: DataToken { get }
  /// The count every section holds, if the run says one.
  var uniformItemCount: Int? { get }
  /// Section `index`'s item count as declared, or `nil` when only its content says.
  func declaredItemCount(at index: Int) -> Int?
  /// Section `index`, made now.
  func section(at index: Int) -> Section
  /// Section `index`'s identity.
  func identity(at index: Int) -> SectionIdentity
  var indexTitles: [String]? { get }
  func indexTarget(_ title: Int) -> Int
}

extension Sections: SectionRun {
  var count: Int { data.count }

  var uniformItemCount: Int? {
    if case .uniform(let count) = counting { return count }
    return nil
  }

  func declaredItemCount(at index: Int) -> Int? {
    switch counting {
    case .resolved: nil
    case .each(let count): element(index).map { max(0, count($0)) } ?? 0
    case .uniform(let count): count
    }
  }

  func section(at index: Int) -> Section {
    element(index).map(content)
      ?? Section(id: PlacedSection(key: UInt64(truncatingIfNeeded: index))) {}
  }

  func identity(at index: Int) -> SectionIdentity {
    element(index).map { SectionIdentity(identify($0)) }
      ?? .placed(UInt64(truncatingIfNeeded: index))
  }

  func indexTarget(_ title: Int) -> Int { indexTarget?(title) ?? title }
}

/// A run of sections that is a body's whole content, its sections made as they are asked for
/// and kept (a bounded number: a search through every section keeps none of them for long).
final class LazySections {
  let run: any SectionRun
  /// The run's place in the declaration.
  let key: UInt64
  let count: Int
  /// The sections made, by index.
  @exclusivity(unchecked) private var made: [Int: ResolvedSection] = [:]
  /// The section asked for last, and its index: the cells of a frame ask one section after
  /// another, each many times (no hashing for them).
  @exclusivity(unchecked) private var last: (index: Int, section: ResolvedSection)?
  /// Makes section `index` (the data source's resolve).
  private let make: (Int) -> ResolvedSection

  /// At most this many sections are kept.
  static let keptSections = 256

  init(run: any SectionRun, key: UInt64, make: @escaping (Int) -> ResolvedSection) {
    self.run = run
    self.key = key
    self.make = make
    count = max(0, run.count)
  }

  /// Section `index`: the one made before, or made now.
  func section(at index: Int) -> ResolvedSection {
    if let last, last.index == index { return last.section }
    if let section = made[index] {
      last = (index, section)
      return section
    }
    if made.count >= Self.keptSections { made.removeAll(keepingCapacity: true) }
    let section = make(index)
    made[index] = section
    last = (index, section)
    return section
  }

  /// Section `index`'s item count: as declared, or its content's.
  func itemCount(at index: Int) -> Int {
    run.declaredItemCount(at: index) ?? section(at: index).count
  }

  /// Whether `other` shows the same sections: the same place, data and count.
  func isSame(as other: LazySections) -> Bool {
    key == other.key && count == other.count && !run.token.isUnknown
      && run.token == other.run.token
  }
}

/// The sections a data source shows: resolved ones, or a run made as it is read.
struct SectionList: RandomAccessCollection {
  private(set) var resolved: [ResolvedSection]
  /// The run that is the whole body, if it is one.
  private(set) var lazy: LazySections?

  init(_ resolved: [ResolvedSection] = []) {
    self.resolved = resolved
    lazy = nil
  }

  init(lazy: LazySections) {
    resolved = []
    self.lazy = lazy
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  /// Read directly (the collection's default measures the distance between the ends).
  var count: Int {
    if let lazy { return lazy.count }
    return resolved.count
  }

  @inline(__always)
  subscript(position: Int) -> ResolvedSection {
    if let lazy { return lazy.section(at: position) }
    return resolved[position]
  }

  /// Section `index`'s item count, as the collection view is told it.
  @inline(__always)
  func itemCount(at index: Int) -> Int {
    if let lazy { return lazy.itemCount(at: index) }
    return resolved[index].count
  }
}
