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

  /// The world for `options`: `--items` sets how many districts a city has (up to 10,000).
  public init(options: GalleryOptions) {
    data = options.data
    fanOut = [6, 5, min(10_000, max(1, options.itemCount / 240))]
  }

  /// The top-level places, in order.
  public var rootPlaces: [Place] {
    if let data { return data.sections.indices.map { Place(path: [$0]) } }
    return Self.regions.indices.map { Place(path: [$0]) }
  }

  /// The places below `place`, in order.
  public func childPlaces(of place: Place) -> [Place] {
    if let data {
      guard place.path.count == 1 else { return [] }
      return data.sections[place.path[0]].items.indices.map { Place(path: place.path + [$0]) }
    }
    guard place.path.count <= fanOut.count else { return [] }
    return (0..<fanOut[place.path.count - 1]).map { Place(path: place.path + [$0]) }
  }

  /// How many places `place`'s parent has below it (the roots for a root), without making
  /// them.
  public func siblingCount(of place: Place) -> Int {
    if place.path.count == 1 { return data?.sections.count ?? Self.regions.count }
    if let data { return data.sections[place.path[0]].items.count }
    return fanOut[place.path.count - 2]
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
    if let data { return "\(data.title ?? "Sections") · \(plural(rootPlaces.count, "section"))" }
    return
      "A world of \(plural(Self.regions.count, "region")), "
      + "\(plural(fanOut[2], "district")) in each city"
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

/// The `outline` page: a generated world (regions, countries, cities, districts) in an
/// `OutlineDataSource`, or the `--data` sections as a tree of their items. → expands (or goes
/// to the first child), ← collapses (or goes to the parent), Enter toggles, Space selects;
/// expanding and collapsing animate as one batch of the rows they change.
///
/// Children load when their parent is about to expand, from any way in (a key, a click on the
/// disclosure, a screen reader's expand action: `OutlineDataSource.willExpand`), one level
/// ahead so the new rows show their own disclosures; a world of millions opens at once.
/// Hosts register their cell (the model's generic parameter) under ``cellIdentifier``.
public final class OutlineModel<Cell: OutlinePresenting>: PageModel, CollectionViewDelegate {
  /// `--demo outline`.
  public static var name: String { "outline" }
  /// The reuse identifier the cell is registered under.
  public static var cellIdentifier: String { "place" }

  /// The tab's title.
  public let title = "Outline"
  /// The rows.
  public let collectionView: CollectionView
  /// The tree and its rows.
  public let outline: OutlineDataSource<Place>
  /// What the places are called and hold.
  public let world: OutlineWorld
  /// The find over the shown rows' names (`/`, `n`, `N`).
  public let findBar: FindBar
  /// The find over the shown rows' names.
  public var finder: FindBar? { findBar }
  /// What a collapse did to the selection ("collapsing deselected 11 hidden rows"), until the
  /// next key.
  var hiddenDeselection: String?

  /// The world for `options`, rows sized by `metrics`.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    let world = OutlineWorld(options: options)
    self.world = world
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
    outline = OutlineDataSource(collectionView: collectionView) { view, path, place, row in
      let cell = view.dequeueReusableCell(
        Cell.self, withReuseIdentifier: Self.cellIdentifier, for: path)
      cell.name = world.name(of: place)
      cell.detail = world.detail(of: place)
      // What a screen reader says, for every host's cell alike.
      cell.accessibilityLabel = cell.name
      cell.accessibilityValue = cell.detail.isEmpty ? nil : cell.detail
      cell.level = row.level
      cell.hasChildren = row.hasChildren
      cell.isExpanded = row.isExpanded
      return cell
    }
    collectionView.delegate = self
    findBar.itemText = { [unowned self] path in itemTitle(at: path) }
    // The parents of the rows at the top stick one under another (a press on one scrolls
    // to it), at most 5 of them and 40 % of the view.
    (collectionView.collectionViewLayout as? ListLayout)?.stackedHeaders = outline.stackedHeaders()
    // One level ahead: the rows that appear show their own disclosures.
    outline.willExpand = { [unowned self] place, tree in
      loadChildren(of: place)
      for child in tree.children(of: place) { loadChildren(of: child) }
    }
    let roots = world.rootPlaces
    outline.tree.append(roots)
    for root in roots { loadChildren(of: root) }
    outline.reloadData()
    collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
  }

  /// Appends `place`'s children to the tree if they are not there yet.
  private func loadChildren(of place: Place) {
    guard !outline.tree.hasChildren(place) else { return }
    let children = world.childPlaces(of: place)
    if !children.isEmpty { outline.tree.append(children, to: place) }
  }

  /// The expanded places, parents before children, as their paths: what `--restore` keeps
  /// with the position (a row's place in the outline means something only with them). A
  /// place kept open under a collapsed parent is kept too.
  public var expandedPaths: [[Int]] {
    var result: [[Int]] = []
    var stack: [Place] = outline.tree.rootItems.reversed()
    while let place = stack.popLast() {
      if outline.tree.isExpanded(place) { result.append(place.path) }
      stack.append(contentsOf: outline.tree.children(of: place).reversed())
    }
    return result
  }

  /// Opens the places at `paths` (from ``expandedPaths``, perhaps an old or edited file) with
  /// no animation, loading their children as an expansion does; paths that name no place
  /// are skipped. Then the rows show at once.
  public func restoreExpanded(_ paths: [[Int]]) {
    paths: for path in paths.sorted(by: { $0.count < $1.count }) where !path.isEmpty {
      // The ancestors' children first, so that the place is in the tree if it exists.
      for length in 1..<path.count {
        let ancestor = Place(path: Array(path.prefix(length)))
        guard outline.tree.contains(ancestor) else { continue paths }
        loadChildren(of: ancestor)
      }
      let place = Place(path: path)
      guard outline.tree.contains(place) else { continue }
      loadChildren(of: place)
      for child in outline.tree.children(of: place) { loadChildren(of: child) }
      _ = outline.tree.expand(place)
    }
    outline.reloadData()
    collectionView.layoutIfNeeded()
  }

  /// The focused row's place.
  public var focusedPlace: Place? {
    collectionView.focusedIndexPath.flatMap(outline.item(at:))
  }

  /// Expands the row at `indexPath` if it is collapsed, collapses it if it is expanded (a
  /// click on its disclosure), focusing it.
  public func toggle(at indexPath: ItemPath) {
    guard let place = outline.item(at: indexPath), outline.tree.hasChildren(place) else { return }
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
    outline.toggle(place)
  }

  /// → expands (or goes to the first child), ← collapses (or goes to the parent), Enter
  /// toggles, Space selects; the rest is the collection view's key map.
  public func handle(_ key: KeyPress) -> Bool {
    hiddenDeselection = nil
    if findBar.handle(key) { return true }
    guard let place = focusedPlace else { return collectionView.handle(key) }
    switch key.key {
    case .right:
      if !outline.tree.isExpanded(place) && outline.tree.hasChildren(place) {
        outline.expand(place)
      } else if outline.tree.isExpanded(place) {
        collectionView.moveFocus(.down)
      }
    case .left:
      if outline.tree.isExpanded(place) {
        outline.collapse(place)
      } else if let parent = outline.tree.parent(of: place),
        let path = outline.indexPath(for: parent)
      {
        collectionView.focusItem(at: path, animated: true)
      }
    case .enter:
      outline.toggle(place)
    case .space:
      if let focused = collectionView.focusedIndexPath { collectionView.tapItem(at: focused) }
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
    "\(world.heading) · \(plural(outline.tree.visibleCount, "row")) shown"
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
      ("→", "expand, or go to the first child"), ("←", "collapse, or go to the parent"),
      ("Enter", "expand or collapse"), ("Space", "select or deselect"),
      ("Ctrl-A", "select every row shown (the cursor stays)"), findBar.keyHelp,
      ("click ▸ ▾", "expand or collapse; a click elsewhere selects"),
      ("wheel, drag", "scroll"),
    ]
  }

  /// The place's name, from the world.
  public func itemTitle(at indexPath: ItemPath) -> String? {
    outline.item(at: indexPath).map(world.name(of:))
  }

  /// Where the row at `indexPath` is in the world, from the place's path (not from the tree
  /// the engine reads): "level 2, 3 of 6"; and whether it is expanded.
  public func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)? {
    guard let place = outline.item(at: indexPath), let last = place.path.last else { return nil }
    let description =
      "level \(place.path.count), \((last + 1).formatted) of "
      + world.siblingCount(of: place).formatted
    let row = outline.row(for: place)
    return (description, row.hasChildren ? row.isExpanded : nil)
  }
}
