import ReuseDeclarative
import ReuseKit

/// A place in the outline page's world: a region, a country, a city or a district, named by
/// its indices; or, with `--data`, a section (a top-level node) or one of its items.
public struct Place: Hashable, Sendable {
  /// The indices from the root: `[region, country, city, district]`, or `[section, item]`.
  public var path: [Int]

  /// The place at `path`.
  public init(path: [Int]) { self.path = path }
}

/// The outline page's places: the generated world's shape and names, or the data file's. A
/// plain function of a place's path: the tree the page shows is checked against it.
public struct OutlineWorld: Sendable {
  /// The data file, if any: its sections are the roots and their items the children.
  public let data: GalleryData?
  /// Children per level below the regions: countries, cities, districts.
  public let fanOut: [Int]
  /// The regions' names.
  public static let regions = [
    "Northlands", "Eastmarch", "Southreach", "Westvale", "Highmoor", "Lowfens", "Isles",
    "Midlands",
  ]
  private static let levelNames = [
    ("region", "regions"), ("country", "countries"), ("city", "cities"), ("district", "districts"),
  ]

  /// How many regions there are: none for `--items 0` (it showed eight, as for `--items 1`:
  /// a new user's finding).
  public let regionCount: Int

  /// The most districts a city has.
  public static let maximumDistricts = 10_000

  /// The world for `options`: `--items` sets how many districts a city has (one per 240
  /// items, up to ``maximumDistricts``); `--items 0` makes an empty world.
  public init(options: GalleryOptions) {
    data = options.data
    fanOut = [6, 5, min(Self.maximumDistricts, max(1, options.itemCount / 240))]
    regionCount = options.itemCount <= 0 ? 0 : Self.regions.count
  }

  /// How many places `place` holds (the top-level places for `nil`), without making them.
  public func childCount(of place: Place?) -> Int {
    guard let place else { return data?.sections.count ?? regionCount }
    if let data { return place.path.count == 1 ? data.sections[place.path[0]].items.count : 0 }
    return place.path.count <= fanOut.count ? fanOut[place.path.count - 1] : 0
  }

  /// The places below `place` (the top-level ones for `nil`), in order.
  public func childPlaces(of place: Place?) -> [Place] {
    (0..<childCount(of: place)).map { Place(path: (place?.path ?? []) + [$0]) }
  }

  /// How many places `place`'s parent has below it (the roots for a root), without making
  /// them.
  public func siblingCount(of place: Place) -> Int {
    childCount(of: place.path.count > 1 ? Place(path: place.path.dropLast()) : nil)
  }

  /// Whether `place` is one of the world's: each index of its path within its parent's
  /// places (a path from an old or edited file may name none).
  public func contains(_ place: Place) -> Bool {
    guard !place.path.isEmpty else { return false }
    var parent: Place?
    for index in place.path {
      guard index >= 0, index < childCount(of: parent) else { return false }
      parent = Place(path: (parent?.path ?? []) + [index])
    }
    return true
  }

  /// The place's name.
  public func name(of place: Place) -> String {
    if let data {
      let section = data.sections[place.path[0]]
      return place.path.count == 1 ? section.title : section.items[place.path[1]].title
    }
    // A name per place, scattered over the demo words by a multiplicative hash of its path.
    var hash: UInt64 = 0x5EED
    for index in place.path { hash = (hash ^ UInt64(index)) &* 0x9E37_79B9_7F4A_7C15 }
    let word = DemoData.title(forItem: Int((hash >> 33) % 4_096))
    switch place.path.count {
    case 1: return Self.regions[place.path[0] % Self.regions.count]
    case 2: return word + " Republic"
    case 3: return word + " City"
    default: return word
    }
  }

  /// What the place holds ("5 cities"), or the data item's detail.
  public func detail(of place: Place) -> String {
    if let data {
      return place.path.count == 1
        ? plural(data.sections[place.path[0]].items.count, "item")
        : data.sections[place.path[0]].items[place.path[1]].detail ?? ""
    }
    let level = place.path.count
    guard level <= fanOut.count else { return "district" }
    let (singular, pluralName) = Self.levelNames[level]
    let count = fanOut[level - 1]
    return count == 1 ? "1 \(singular)" : "\(count.formatted) \(pluralName)"
  }

  /// The page's heading.
  public var heading: String {
    if let data { return "\(data.title ?? "Sections") · \(plural(childCount(of: nil), "section"))" }
    guard regionCount > 0 else { return "An empty world (--items 0)" }
    return
      "A world of \(plural(regionCount, "region")), "
      + "\(plural(fanOut[2], "district")) in each city"
      + (fanOut[2] == Self.maximumDistricts ? " (the most)" : "")
  }
}

/// A cell that shows a row of the outline page.
public protocol OutlinePresenting: CollectionViewCell {
  /// The place's name and what it holds.
  var name: String { get set }
  var detail: String { get set }
  /// 0 for a region (or a data section).
  var level: Int { get set }
  /// Whether it has a disclosure, and whether it is open.
  var hasChildren: Bool { get set }
  var isExpanded: Bool { get set }
}

/// The `outline` page, declared (`ReuseDeclarative`): a generated world (regions, countries,
/// cities, districts), or the `--data` sections as a tree of their items, as one `OutlineGroup`
/// whose parents stick at the top as the rows under them scroll. → expands (or goes to the
/// first child), ← collapses (or goes to the parent), Enter toggles, Space selects; expanding
/// and collapsing animate as one batch of the rows they change, and which places are open is
/// the data source's state, by place.
///
/// A place's children are made as they are read (an internal collection of places): a city
/// of 10,000 districts costs nothing until it opens, and a world of millions opens at once.
/// Hosts register their cell (the model's generic parameter) under ``cellIdentifier``.
public final class OutlineModel<Cell: OutlinePresenting>: ViewsPageModel, CollectionViewDelegate {
  /// `--demo outline`.
  public static var name: String { "outline" }
  /// The reuse identifier the cell is registered under.
  public static var cellIdentifier: String { "place" }

  /// The tab's title.
  public let title = "Outline"
  /// The rows.
  public let collectionView: CollectionView
  /// The declaration's data source: the rows shown, and which places are open.
  public let source: DeclarativeDataSource
  /// What the places are called and hold.
  public let world: OutlineWorld
  /// The find over the shown rows' names (`/`, `n`, `N`).
  public let findBar: FindBar
  /// The find over the shown rows' names.
  public var finder: FindBar? { findBar }
  /// What a collapse did to the selection ("collapsing deselected 11 hidden rows"), until the
  /// next key.
  var hiddenDeselection: String?
  /// Whether the host is a desktop window, where a double click on a row expands it.
  let isDesktop: Bool

  /// The world for `options`, rows sized by `metrics`.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    let world = OutlineWorld(options: options)
    self.world = world
    isDesktop = metrics.isDesktop
    collectionView = CollectionView(layout: ListLayout(itemSizing: .uniform(metrics.rowLength)))
    collectionView.register(Cell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    collectionView.diagnostics.handler = nil
    collectionView.allowsMultipleSelection = true
    // A plain click replaces the selection, Control toggles, Shift extends (desktop lists).
    collectionView.tapsReplaceSelection = true
    collectionView.focusScrollPadding = metrics.rowLength
    collectionView.accessibilityLabel = "Places"
    findBar = FindBar(
      collectionView: collectionView, subject: "the shown names", clock: metrics.clock)
    let roots = PlaceList(world: world, parent: nil)
    source = DeclarativeDataSource(collectionView: collectionView) {
      // The world never changes: one version, so that a body walks the rows again only when
      // a place opens or closes.
      OutlineGroup(roots, version: 0, id: \.place, children: \.children) { node, row in
        PlaceContent<Cell>(
          name: world.name(of: node.place), detail: world.detail(of: node.place), row: row)
      }
      // Found by name: a host's type-ahead (GTK's) matched no row without it.
      .searchable { world.name(of: $0.place) }
      // The parents of the rows at the top stick one under another (a press on one scrolls
      // to it), at most 5 of them and 40 % of the view.
      .stackedHeaders()
    }
    collectionView.delegate = self
    findBar.itemText = { [unowned self] path in itemTitle(at: path) }
    collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
  }

  /// The place at `indexPath`.
  public func place(at indexPath: ItemPath) -> Place? {
    source.itemIdentifier(for: indexPath)?.base as? Place
  }

  /// Where `place`'s row is now, if it shows (its parents open).
  public func indexPath(of place: Place) -> ItemPath? {
    source.indexPath(for: AnyHashable(place))
  }

  /// The level of the row at `indexPath` when it has a disclosure (▸ or ▾), whose box a host
  /// finds from it; `nil` for a row without one.
  public func disclosureLevel(at indexPath: ItemPath) -> Int? {
    source.outlineRow(at: indexPath).flatMap { $0.hasChildren ? $0.level : nil }
  }

  /// The open places, parents before children, as their paths: what `--restore` keeps with
  /// the position (a row's place in the outline means something only with them). A place kept
  /// open under a closed parent is kept too.
  public var expandedPaths: [[Int]] {
    source.expandedItemIdentifiers.compactMap { ($0.base as? Place)?.path }
      .sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Opens the places at `paths` (from ``expandedPaths``, perhaps an old or edited file) with
  /// no animation; paths that name no place are skipped. Then the rows show at once.
  public func restoreExpanded(_ paths: [[Int]]) {
    let places = paths.map(Place.init(path:)).filter(world.contains)
    source.expandedItemIdentifiers.formUnion(places.map(AnyHashable.init))
    source.updateNow(animated: false)
    collectionView.layoutIfNeeded()
  }

  /// The focused row's place.
  public var focusedPlace: Place? {
    collectionView.focusedIndexPath.flatMap(place(at:))
  }

  /// The rows.
  public var views: [CollectionView] { [collectionView] }

  /// A world of no places says so over the rows (it was blank: a new user's finding).
  public func emptyText(of view: CollectionView) -> String? { "No places" }

  /// The scroll position and focus, with the places kept open, and the places of the focused
  /// row and of the row at the top.
  public func savedPosition() -> GalleryPositions.Page? {
    guard var position = collectionView.savedPagePosition() else { return nil }
    position.expanded = expandedPaths
    position.focusPlace = focusedPlace?.path
    position.scrollPlace = place(at: position.scroll.indexPath)?.path
    return position
  }

  /// The places kept open first, then focus and scroll: on the rows of the places saved,
  /// where they are now (another run's counts or open rows move them), else at the paths
  /// saved.
  public func restorePosition(_ position: GalleryPositions.Page) {
    if let expanded = position.expanded { restoreExpanded(expanded) }
    var position = position
    if let found = position.focusPlace.flatMap({ indexPath(of: Place(path: $0)) }) {
      position.focus = found
    }
    if let found = position.scrollPlace.flatMap({ indexPath(of: Place(path: $0)) }) {
      position.scroll.indexPath = found
    }
    collectionView.restorePagePosition(position)
  }

  /// A press at `point` (in content coordinates) on a row's disclosure (▸ or ▾) opens or
  /// closes the row and returns `true`; elsewhere it returns `false`. `box` is where a host
  /// draws the disclosure of a row at a level, across the view's viewport. A stuck parent row
  /// covers the row under it; while rows glide, the row drawn there is the one pressed (a
  /// click during an expansion toggled the row gliding into its place: a new user's finding).
  public func pressDisclosure(at point: Point, box: (Int) -> ClosedRange<Double>) -> Bool {
    guard let path = collectionView.indexPathForDrawnItem(at: point),
      let level = disclosureLevel(at: path),
      box(level).contains(point.x - collectionView.contentOffset.x)
    else { return false }
    toggle(at: path)
    return true
  }

  /// Expands the row at `indexPath` if it is collapsed, collapses it if it is expanded (a
  /// click on its disclosure), focusing it.
  public func toggle(at indexPath: ItemPath) {
    guard disclosureLevel(at: indexPath) != nil else { return }
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
    source.toggleExpansion(at: indexPath)
    source.updateNow()
  }

  /// → expands (or goes to the first child), ← collapses (or goes to the parent), Enter
  /// toggles, Space selects; the rest is the collection view's key map. An opening or closing
  /// shows at once, as one animated batch.
  public func handle(_ key: KeyPress) -> Bool {
    hiddenDeselection = nil
    if findBar.handle(key) { return true }
    guard let focused = collectionView.focusedIndexPath else { return collectionView.handle(key) }
    if source.handleOutlineKey(key) {
      source.updateNow()
      return true
    }
    switch (key.key, key.modifiers.isEmpty) {
    case (.enter, true):
      if source.toggleExpansion(at: focused) { source.updateNow() }
    case (.space, true):
      collectionView.tapItem(at: focused)
    default:
      return collectionView.handle(key)
    }
    return true
  }

  /// A selected row takes the focus.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    guard !collectionView.isChangingManyItems else { return }  // a range, Control-A
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
  }

  /// A deselected row takes the focus.
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath
  ) {
    guard !collectionView.isChangingManyItems else { return }
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
  }

  /// Selected rows a collapse hid: they leave the selection (as in a desktop's outline), and
  /// the status line says so until the next key (they went without a word: a new user's
  /// finding).
  public func collectionView(
    _ collectionView: CollectionView, didDeselectDeletedItemsAt indexPaths: [ItemPath]
  ) {
    hiddenDeselection = "collapsing deselected \(plural(indexPaths.count, "hidden row"))"
    collectionView.replaceNextAnnouncement(with: hiddenDeselection!)
  }

  /// The heading and how many rows show.
  public var heading: String {
    let rows = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
    return "\(world.heading) · \(plural(rows, "row")) shown"
  }

  /// The focused place and how many are selected.
  public var status: String {
    guard let place = focusedPlace else { return "nothing here" }
    let selected = collectionView.numberOfSelectedItems
    return findBar.status(
      world.name(of: place) + (selected > 0 ? " · \(selected.formatted) selected" : "")
        + (hiddenDeselection.map { " · " + $0 } ?? ""))
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("↑ ↓ PgUp PgDn", "move"), ("Home End", "first, last row"),
      ("Shift + those", "extend the selection"),
      ("→", "expand, or go to the first child"), ("←", "collapse, or go to the parent"),
      ("Enter", "expand or collapse"), ("Space", "select or deselect"),
      ("Ctrl-A", "select every row shown (the cursor stays)"), findBar.keyHelp,
      (
        "click ▸ ▾",
        isDesktop
          ? "expand or collapse (a double click on the row too); a click elsewhere selects"
          : "expand or collapse; a click elsewhere selects"
      ),
      ("wheel, drag", "scroll"),
    ]
  }

  /// The place's name, from the world.
  public func itemTitle(at indexPath: ItemPath) -> String? {
    place(at: indexPath).map(world.name(of:))
  }

  /// Where the row at `indexPath` is in the world, from the place's path (not from the rows
  /// the engine reads): "level 2, 3 of 6"; and whether it is expanded.
  public func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)? {
    guard let place = place(at: indexPath), let last = place.path.last,
      let row = source.outlineRow(at: indexPath)
    else { return nil }
    let description =
      "level \(place.path.count), \((last + 1).formatted) of "
      + world.siblingCount(of: place).formatted
    return (description, row.hasChildren ? row.isExpanded : nil)
  }
}

/// The places below one place (the top-level places for none), each made as it is read: what
/// the outline's rows and their children are, so a place's children cost nothing until it
/// opens.
struct PlaceList: RandomAccessCollection {
  let world: OutlineWorld
  let parent: Place?
  let count: Int

  init(world: OutlineWorld, parent: Place?) {
    self.world = world
    self.parent = parent
    count = world.childCount(of: parent)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(index: Int) -> PlaceNode {
    PlaceNode(world: world, place: Place(path: (parent?.path ?? []) + [index]))
  }
}

/// A place as an outline row: the place, and its children (none for a leaf).
struct PlaceNode {
  let world: OutlineWorld
  let place: Place

  var children: PlaceList? {
    world.childCount(of: place) > 0 ? PlaceList(world: world, parent: place) : nil
  }
}

/// A place's row as a declared item: the host's cell, registered under
/// ``OutlineModel/cellIdentifier``, with the place's name, what it holds and its place in the
/// outline; what a screen reader says follows from them, for every host's cell alike.
struct PlaceContent<Row: OutlinePresenting>: HostCellContent {
  let name: String
  let detail: String
  let row: OutlineRow

  static var reuseIdentifier: String { OutlineModel<Row>.cellIdentifier }

  func configure(_ cell: Row, at indexPath: ItemPath) {
    cell.name = name
    cell.detail = detail
    cell.accessibilityLabel = name
    cell.accessibilityValue = detail.isEmpty ? nil : detail
    cell.level = row.level
    cell.hasChildren = row.hasChildren
    cell.isExpanded = row.isExpanded
    cell.setNeedsDisplay()
  }
}
