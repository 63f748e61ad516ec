import ReuseDeclarative
import ReuseKit

/// What a tile of the store page shows: its kind (a tall featured card of the carousel at the
/// top, an app of a rail or of the grid, an app the grid gives two columns, or a banner across
/// the grid), its title and line, a colour (an index into the host's palette) and its stars
/// out of 5, in tenths (42 is 4.2).
public struct StoreTile: Hashable, Sendable {
  /// What kind of tile it is.
  public enum Kind: Hashable, Sendable { case feature, app, wideApp, banner }

  public var kind = Kind.app, title = "", subtitle = "", colorIndex = 0, rating = 0
  /// An empty tile (what a cell shows before it is bound).
  public init() {}

  /// The rating as stars out of five, rounded, and as a number: "★★★★☆ 3.9" (the stars
  /// were cut down, 3.9 showing three beside 4.2's four: a new user's finding).
  public var ratingText: String {
    let full = min(5, max(0, (rating + 5) / 10))
    return String(repeating: "★", count: full) + String(repeating: "☆", count: 5 - full)
      + " \(rating / 10).\(rating % 10)"
  }
}

/// A cell of the store page.
public protocol StorePresenting: FocusShowing {
  /// Shows a tile.
  func present(_ tile: StoreTile)
}

/// How big the store page's things are, in a host's points: a featured card's height, a
/// tile's size, a rail title's height, the gaps (between a rail's tiles and the grid's
/// columns, and between rows), the rails' side insets and a banner's height.
public struct StoreMetrics: Sendable {
  var featureHeight, tileWidth, tileHeight, headerHeight: Double
  var spacing, rowSpacing, inset, bannerHeight: Double

  /// Character cells.
  public static let terminal = StoreMetrics(
    featureHeight: 7, tileWidth: 18, tileHeight: 4, headerHeight: 1, spacing: 2, rowSpacing: 1,
    inset: 1, bannerHeight: 3)
  /// Pixels.
  public static let pixels = StoreMetrics(
    featureHeight: 200, tileWidth: 160, tileHeight: 112, headerHeight: 36, spacing: 12,
    rowSpacing: 12, inset: 16, bannerHeight: 84)
}

/// What the store page shows, from each tile's place alone: the sections (title and how each
/// scrolls), how many items each has, and each tile. A value, so the page's declaration reads
/// it without the page.
public struct StoreCatalog: Sendable {
  /// The rails and the grid, top to bottom: title and behaviour.
  public let sections: [(title: String, scrolling: RailScrolling)]
  /// Apps per rail, features in the carousel, tiles in the grid.
  public let railCount, featureCount, gridCount: Int
  /// The grid's section.
  public let gridSection = 4

  /// The catalog with `railCount` apps a rail (at most 500).
  public init(railCount: Int) {
    self.railCount = max(0, min(500, railCount))
    featureCount = min(8, self.railCount)
    gridCount = min(72, self.railCount)
    sections = [
      ("Featured", .groupPagingCentered),
      ("Top free · one app a swipe", .groupPaging),
      ("New and noteworthy · free", .continuous),
      ("Editors' choice · a page a swipe", .paging),
      ("All apps", .none),
      ("Games · lands on an app", .continuousGroupLeadingBoundary),
      ("Productivity · one app a swipe", .groupPaging),
      ("Photo and video · free", .continuous),
      ("Music · a page a swipe", .paging),
      ("Travel · lands on an app", .continuousGroupLeadingBoundary),
      ("Kids · one app a swipe", .groupPaging),
      ("Health · free", .continuous),
    ]
  }

  /// How many features, apps or tiles `section` has.
  public func numberOfItems(in section: Int) -> Int {
    if section == 0 { return featureCount }
    if section == gridSection { return gridCount }
    return railCount
  }

  /// In the grid: a banner every 13 tiles from the first, an app two columns wide every 7.
  static func gridKind(_ item: Int) -> StoreTile.Kind {
    if item % 13 == 0 { return .banner }
    if item % 7 == 3 { return .wideApp }
    return .app
  }

  /// The tile at `indexPath`, from its place alone.
  public func tile(at indexPath: ItemPath) -> StoreTile {
    let seed = indexPath.section &* 1_000 &+ indexPath.item
    var hash = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 31
    let name = DemoData.title(forItem: Int(hash % 997) + indexPath.item)
    let rating = 30 + Int(hash % 21)
    var tile = StoreTile()
    (tile.title, tile.rating, tile.colorIndex) = (name, rating, Int(hash % 12))
    if indexPath.section == 0 {
      (tile.kind, tile.colorIndex) = (.feature, indexPath.item)
      tile.subtitle = "Story \(indexPath.item + 1) of \(featureCount)"
      return tile
    }
    let category =
      sections[indexPath.section].title.split(separator: " ").first.map(String.init)
      ?? ""
    guard indexPath.section == gridSection else {
      // The rank first: a narrow tile cuts the end ("#12 · Editors'…", not "Editors' · #…").
      tile.subtitle = "#\(indexPath.item + 1) · \(category)"
      return tile
    }
    tile.kind = Self.gridKind(indexPath.item)
    switch tile.kind {
    case .banner:
      tile.title = "Collection \(indexPath.item / 13 + 1): \(name)"
      (tile.subtitle, tile.colorIndex) = ("a banner across the grid", indexPath.item / 13 + 3)
    case .wideApp: tile.subtitle = "featured · two columns"
    default: tile.subtitle = "app"
    }
    return tile
  }

  /// Whether the store has no apps at all (`--items 0`).
  public var isEmpty: Bool { railCount == 0 }

  /// Section `section`'s title, for its header; an empty section says so beside its title (a
  /// rail with no apps showed a bare title). The featured carousel has no title while it has
  /// cards; empty, it shows one like the others (the heading counted a section not shown).
  func header(_ section: Int) -> ListContent? {
    let empty = numberOfItems(in: section) == 0
    guard section > 0 || empty else { return nil }
    return ListContent(sections[section].title, secondary: empty ? "no apps" : nil)
  }

  /// A section's name, without what its title says of how it scrolls.
  public func railName(_ section: Int) -> String {
    var name = String(sections[section].title.split(separator: "·").first ?? "")
    while name.last == " " { name.removeLast() }
    return name
  }

  /// Section `section`'s geometry in `metrics`: the featured carousel's cards, a rail's apps,
  /// the grid's columns.
  func rail(_ section: Int, _ sizes: StoreMetrics) -> RailSection {
    let insets = EdgeInsets(
      top: 0, left: sizes.inset, bottom: sizes.rowSpacing, right: sizes.inset)
    switch sections[section].scrolling {
    case .groupPagingCentered:
      return RailSection(
        scrolling: .groupPagingCentered, itemWidth: .fractional(0.86),
        itemHeight: sizes.featureHeight, spacing: sizes.spacing,
        insets: EdgeInsets(top: 0, left: 0, bottom: sizes.rowSpacing, right: 0),
        headerHeight: numberOfItems(in: section) == 0 ? sizes.headerHeight : 0)
    case .none:
      return RailSection(
        scrolling: .none, itemWidth: .absolute(sizes.tileWidth), itemHeight: sizes.tileHeight,
        spacing: sizes.rowSpacing, insets: insets, headerHeight: sizes.headerHeight)
    case .paging:
      // A page a swipe lands on whole tiles: as many as fit, stretched to fill the page,
      // with a leading inset no wider than the spacing (the last tile ends at the edge).
      let inset = min(sizes.inset, sizes.spacing)
      return RailSection(
        scrolling: .paging, itemWidth: .fillingPages(minimum: sizes.tileWidth),
        itemHeight: sizes.tileHeight, spacing: sizes.spacing,
        insets: EdgeInsets(top: 0, left: inset, bottom: sizes.rowSpacing, right: inset),
        headerHeight: sizes.headerHeight)
    case let scrolling:
      return RailSection(
        scrolling: scrolling, itemWidth: .absolute(sizes.tileWidth),
        itemHeight: sizes.tileHeight, spacing: sizes.spacing, insets: insets,
        headerHeight: sizes.headerHeight)
    }
  }
}

/// A store tile as a declared item: shown by the host's ``StorePresenting`` cell registered
/// under ``StoreModel/tileIdentifier`` (a blank cell if the host registered none), and named
/// for assistive technology by its title, its stars and its rail. The host registers its tile
/// cell; without one, a blank cell stands in (never a crash).
struct StoreTileContent: HostCellContent {
  let tile: StoreTile
  let rail: String

  static var reuseIdentifier: String { StoreModel.tileIdentifier }

  func configure(_ cell: CollectionViewCell, at indexPath: ItemPath) {
    (cell as? any StorePresenting)?.present(tile)
    // What the tile shows: an app its stars, a story or a banner its line (they were read with
    // stars they do not show: a new user's finding).
    let shown =
      tile.kind == .feature || tile.kind == .banner
      ? tile.subtitle : "\(tile.rating / 10).\(tile.rating % 10) stars"
    (cell.accessibilityLabel, cell.accessibilityValue) = (tile.title, "\(shown), \(rail)")
  }
}

/// The `store` page: an App Store's front page in one collection view (`RailsLayout`),
/// declared (`ReuseDeclarative`): a section per rail, each with its geometry (`rail`), the
/// grid's banners and wide apps as spans (`gridSpan`). A featured carousel at the top (one
/// card a swipe, centred, its neighbours peeking), rails of apps that scroll sideways on
/// their own (paging by the rail's width, one app a swipe, free, free with a landing on an
/// app), and a grid of every app with banners across it and some apps two columns wide. All
/// share one reuse pool, and each rail keeps its place.
///
/// Arrows move across and between rails (back up to the app a rail last had), Enter opens
/// the focused app (the status line says so), a sideways drag, wheel or Shift-wheel scrolls
/// the rail under the pointer. `--items` sets how many apps a rail has (at most 500).
/// Hosts register a ``StorePresenting`` cell under ``tileIdentifier``; the rails' titles are
/// standard headers.
public final class StoreModel: ViewsPageModel, CollectionViewDelegate {
  /// `--demo store`, and the reuse identifier of the tiles.
  public static let (name, tileIdentifier) = ("store", "tile")
  /// The page.
  public let collectionView: CollectionView
  /// The page's one view.
  public var views: [CollectionView] { [collectionView] }
  /// The line above the page.
  public var heading: String {
    catalog.isEmpty
      ? "App store · no apps: \(sections.count) sections, each empty"
      : "App store · \(sections.count) sections, every rail scrolls on its own"
  }
  /// The tab's title.
  public let title = "Store"
  /// The layout.
  public let layout: RailsLayout
  /// What the page shows.
  public let catalog: StoreCatalog
  /// The declaration's data source.
  public let source: DeclarativeDataSource
  /// The rails and the grid, top to bottom: title, behaviour.
  public var sections: [(title: String, scrolling: RailScrolling)] { catalog.sections }
  /// What the status line says before anything has the focus.
  public let lastEvent = "drag a rail sideways, or move with the arrows"
  /// The app opened last.
  public private(set) var lastOpened: String?
  /// Where the app opened last is (the status says "opened …" while the cursor is there).
  private var lastOpenedPath: ItemPath?

  /// The store for `options`, sized by `metrics`.
  public init(options: GalleryOptions, metrics: StoreMetrics) {
    let catalog = StoreCatalog(railCount: options.itemCount)
    self.catalog = catalog
    // Each section's geometry comes from the declaration (`rail`).
    layout = RailsLayout { _ in
      RailSection(scrolling: .none, itemWidth: .fractional(1), itemHeight: 1)
    }
    collectionView = CollectionView(layout: layout)
    collectionView.accessibilityLabel = "Store"
    collectionView.focusScrollPadding = 0
    collectionView.prefetchLeadingScreens = 1
    source = DeclarativeDataSource(collectionView: collectionView) {
      for section in catalog.sections.indices {
        Section(id: section, header: catalog.header(section)) {
          let rail = catalog.railName(section)
          if section == catalog.gridSection {
            ForEach(0..<catalog.gridCount, id: \.self) { item in
              StoreTileContent(
                tile: catalog.tile(at: ItemPath(section: section, item: item)), rail: rail)
            }
            .gridSpan { item in
              switch StoreCatalog.gridKind(item) {
              case .banner: .fullWidth(height: metrics.bannerHeight)
              case .wideApp: ItemSpan(columns: 2)
              default: .single
              }
            }
          } else {
            ForEach(0..<catalog.numberOfItems(in: section), id: \.self) { item in
              StoreTileContent(
                tile: catalog.tile(at: ItemPath(section: section, item: item)), rail: rail)
            }
          }
        }
        .rail(catalog.rail(section, metrics))
      }
    }
    collectionView.delegate = self
    if catalog.numberOfItems(in: 0) > 0 {
      collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    }
  }

  /// The tile at `indexPath`, from its place alone.
  public func tile(at indexPath: ItemPath) -> StoreTile { catalog.tile(at: indexPath) }

  /// A section's name, without what its title says of how it scrolls.
  public func railName(_ section: Int) -> String { catalog.railName(section) }

  // MARK: Delegate

  /// A click opens the app (and puts the focus on it, scrolled into view); it stays selected,
  /// marked as the app opened last.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    guard !collectionView.isChangingManyItems else { return }  // a range, Control-A
    // Into view, as the keys bring it: a peeking card of a rail clicked was opened and left
    // half off the edge, its rail still on the card before (a new user's finding).
    collectionView.focusItem(at: indexPath, scrollsIntoView: true, animated: true)
    open(indexPath)
  }

  /// Opens the app: an app is opened, not left selected (as a store's tap opens a page), and
  /// a screen reader hears "opened …" rather than "selected".
  private func open(_ indexPath: ItemPath) {
    if collectionView.isItemSelected(at: indexPath) { collectionView.deselectItem(at: indexPath) }
    let title = tile(at: indexPath).title
    lastOpened = title
    lastOpenedPath = indexPath
    collectionView.postAccessibilityAnnouncement("opened \(title)")
  }

  // MARK: Keys and state

  /// Enter opens the focused app; the arrows, pages, Home and End move the focus.
  public func handle(_ key: KeyPress) -> Bool {
    if key.key == .enter, key.modifiers.isEmpty, let focused = collectionView.focusedIndexPath {
      open(focused)
      return true
    }
    return collectionView.handle(key)
  }

  /// The focused tile, its place in its rail and, for a rail, which of its apps are in view
  /// ("Top free 3 of 20, 2–6 in view"), and what was opened last.
  public var status: String {
    guard let focused = collectionView.focusedIndexPath else {
      return catalog.isEmpty ? "the store has no apps (--items 0)" : lastEvent
    }
    let count = catalog.numberOfItems(in: focused.section)
    var place = "\(railName(focused.section)) \(focused.item + 1) of \(count)"
    if focused.section != catalog.gridSection, let shown = appsInView(ofRail: focused.section) {
      let last = shown.count == 1 ? "" : "–\(shown.upperBound + 1)"
      place += ", \(shown.lowerBound + 1)\(last) in view"
    }
    // Said while the cursor stays on the app opened: moved on, it no longer applies.
    let opened =
      lastOpenedPath == focused ? lastOpened.map { " · opened \($0)" } ?? "" : ""
    return "\(tile(at: focused).title) · \(place)\(opened)"
  }

  /// The first and last app of rail `section` wholly in view (or, when none is whole, the
  /// ones partly in view), from the displayed tiles' frames (the status line asks each frame
  /// it draws: no array, no layout query); `nil` when none shows.
  func appsInView(ofRail section: Int) -> ClosedRange<Int>? {
    let bounds = collectionView.bounds
    var whole: ClosedRange<Int>?
    var partial: ClosedRange<Int>?
    func widen(_ range: ClosedRange<Int>?, _ item: Int) -> ClosedRange<Int> {
      range.map { min($0.lowerBound, item)...max($0.upperBound, item) } ?? item...item
    }
    collectionView.forEachDisplayedView { _, attributes in
      let frame = attributes.frame
      guard attributes.category == .cell, attributes.indexPath.section == section,
        frame.maxX > bounds.minX, frame.minX < bounds.maxX
      else { return }
      partial = widen(partial, attributes.indexPath.item)
      if frame.minX >= bounds.minX - 0.5, frame.maxX <= bounds.maxX + 0.5 {
        whole = widen(whole, attributes.indexPath.item)
      }
    }
    return whole ?? partial
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("← →", "along a rail (it scrolls to show the app)"),
      ("↑ ↓", "to the rail above or below (the app it last had)"),
      ("PgUp PgDn, Home End", "page, first, last"), ("Enter, click", "open the app"),
      ("drag sideways, Shift-wheel", "scroll the rail under the pointer"),
      ("drag, wheel", "scroll the page"),
    ]
  }

  /// The tile's title.
  public func itemTitle(at indexPath: ItemPath) -> String? { tile(at: indexPath).title }

  /// Where a tile is: its place in its rail (each rail a list of its own).
  public func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)? {
    let count = catalog.numberOfItems(in: indexPath.section)
    return ("\(indexPath.item + 1) of \(count)", nil)
  }
}
