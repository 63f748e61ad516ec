import ReuseKit

/// What a tile of the store page shows.
public struct StoreTile: Hashable, Sendable {
  /// What kind of tile it is.
  public enum Kind: Hashable, Sendable {
    /// A tall featured card of the carousel at the top.
    case feature
    /// An app of a rail or of the grid.
    case app
    /// An app the grid gives two columns.
    case wideApp
    /// A banner across the grid.
    case banner
  }

  public var kind: Kind
  public var title: String
  public var subtitle: String
  /// A colour, an index into the host's palette.
  public var colorIndex: Int
  /// Stars out of 5, in tenths (42 is 4.2).
  public var rating: Int

  /// Creates a tile.
  public init(kind: Kind, title: String, subtitle: String, colorIndex: Int, rating: Int) {
    self.kind = kind
    self.title = title
    self.subtitle = subtitle
    self.colorIndex = colorIndex
    self.rating = rating
  }
}

/// A cell of the store page.
public protocol StorePresenting: FocusShowing {
  /// Shows a tile.
  func present(_ tile: StoreTile)
}

/// How big the store page's things are, in a host's points.
public struct StoreMetrics: Sendable {
  public var featureHeight: Double
  public var tileWidth: Double
  public var tileHeight: Double
  public var headerHeight: Double
  /// The gap between a rail's tiles, and between the grid's columns.
  public var spacing: Double
  /// The gap between the grid's rows.
  public var rowSpacing: Double
  public var inset: Double
  public var bannerHeight: Double

  public init(
    featureHeight: Double, tileWidth: Double, tileHeight: Double, headerHeight: Double,
    spacing: Double, rowSpacing: Double, inset: Double, bannerHeight: Double
  ) {
    self.featureHeight = featureHeight
    self.tileWidth = tileWidth
    self.tileHeight = tileHeight
    self.headerHeight = headerHeight
    self.spacing = spacing
    self.rowSpacing = rowSpacing
    self.inset = inset
    self.bannerHeight = bannerHeight
  }

  /// Character cells.
  public static let terminal = StoreMetrics(
    featureHeight: 7, tileWidth: 18, tileHeight: 4, headerHeight: 1, spacing: 2, rowSpacing: 1,
    inset: 1, bannerHeight: 3)
  /// Pixels.
  public static let pixels = StoreMetrics(
    featureHeight: 200, tileWidth: 160, tileHeight: 112, headerHeight: 36, spacing: 12,
    rowSpacing: 12, inset: 16, bannerHeight: 84)
}

/// The `store` page: an App Store's front page in one collection view (``RailsLayout``). A
/// featured carousel at the top (one card a swipe, centred, its neighbours peeking), rails of
/// apps that scroll sideways on their own (paging by the rail's width, one app a swipe, free,
/// free with a landing on an app), and a grid of every app with banners across it and some
/// apps two columns wide. All share one reuse pool, and each rail keeps its place.
///
/// Arrows move across and between rails (back up to the app a rail last had), Enter opens
/// the focused app (the status line says so), a sideways drag, wheel or Shift-wheel scrolls
/// the rail under the pointer. `--items` sets how many apps a rail has (at most 500).
/// Hosts register a ``StorePresenting`` cell under ``tileIdentifier`` and a
/// ``TitlePresenting`` header under ``headerIdentifier``.
public final class StoreModel: PageModel, CollectionViewDataSource, CollectionViewDelegate {
  /// `--demo store`.
  public static let name = "store"
  /// The reuse identifier of the tiles.
  public static let tileIdentifier = "tile"
  /// The reuse identifier of the rails' titles.
  public static let headerIdentifier = "railTitle"
  /// The tab's title.
  public let title = "Store"
  /// The page.
  public let collectionView: CollectionView
  /// The layout.
  public let layout: RailsLayout
  /// The rails and the grid, top to bottom: title, behaviour, category.
  public let sections: [(title: String, scrolling: RailScrolling)]
  /// Apps per rail, features in the carousel, tiles in the grid.
  public let railCount: Int
  public let featureCount: Int
  public let gridCount: Int
  /// The grid's section.
  public let gridSection: Int
  /// What the status line says before anything has the focus.
  public let lastEvent = "drag a rail sideways, or move with the arrows"
  /// The app opened last.
  public private(set) var lastOpened: String?

  /// The store for `options`, sized by `metrics`.
  public init(options: GalleryOptions, metrics: StoreMetrics) {
    railCount = max(0, min(500, options.itemCount))
    featureCount = min(8, railCount)
    gridCount = min(72, railCount)
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
    gridSection = 4
    let sections = self.sections
    let gridSection = self.gridSection
    let sizes = metrics
    layout = RailsLayout { section in
      let insets = EdgeInsets(
        top: 0, left: sizes.inset, bottom: sizes.rowSpacing, right: sizes.inset)
      switch sections[section].scrolling {
      case .groupPagingCentered:
        return RailSection(
          scrolling: .groupPagingCentered, itemWidth: .fractional(0.86),
          itemHeight: sizes.featureHeight, spacing: sizes.spacing,
          insets: EdgeInsets(top: 0, left: 0, bottom: sizes.rowSpacing, right: 0))
      case .none:
        return RailSection(
          scrolling: .none, itemWidth: .absolute(sizes.tileWidth), itemHeight: sizes.tileHeight,
          spacing: sizes.rowSpacing, insets: insets, headerHeight: sizes.headerHeight)
      case let scrolling:
        _ = gridSection
        return RailSection(
          scrolling: scrolling, itemWidth: .absolute(sizes.tileWidth),
          itemHeight: sizes.tileHeight, spacing: sizes.spacing, insets: insets,
          headerHeight: sizes.headerHeight)
      }
    }
    layout.spanProvider = { path in
      switch Self.gridKind(path.item) {
      case .banner: return .fullWidth(height: sizes.bannerHeight)
      case .wideApp: return ItemSpan(columns: 2)
      default: return .single
      }
    }
    collectionView = CollectionView(layout: layout)
    collectionView.accessibilityLabel = "Store"
    collectionView.focusScrollPadding = 0
    collectionView.prefetchLeadingScreens = 1
    collectionView.dataSource = self
    collectionView.delegate = self
    if numberOfItems(in: 0) > 0 {
      collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    }
  }

  private func numberOfItems(in section: Int) -> Int {
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
    if indexPath.section == 0 {
      return StoreTile(
        kind: .feature, title: name, subtitle: "Story \(indexPath.item + 1) of \(featureCount)",
        colorIndex: indexPath.item, rating: rating)
    }
    let category =
      sections[indexPath.section].title.split(separator: " ").first.map(String.init)
      ?? ""
    if indexPath.section == gridSection {
      let kind = Self.gridKind(indexPath.item)
      if kind == .banner {
        return StoreTile(
          kind: .banner, title: "Collection \(indexPath.item / 13 + 1): \(name)",
          subtitle: "a banner across the grid", colorIndex: indexPath.item / 13 + 3,
          rating: rating)
      }
      return StoreTile(
        kind: kind, title: name, subtitle: kind == .wideApp ? "featured · two columns" : "app",
        colorIndex: Int(hash % 12), rating: rating)
    }
    return StoreTile(
      kind: .app, title: name, subtitle: "\(category) · #\(indexPath.item + 1)",
      colorIndex: Int(hash % 12), rating: rating)
  }

  // MARK: Data source

  public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  { numberOfItems(in: section) }

  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      withReuseIdentifier: Self.tileIdentifier, for: indexPath)
    (cell as? any StorePresenting)?.present(tile(at: indexPath))
    cell.accessibilityLabel = tile(at: indexPath).title
    return cell
  }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: Self.headerIdentifier, for: indexPath)
    (header as? any TitlePresenting)?.title = sections[indexPath.section].title
    return header
  }

  // MARK: Delegate

  /// A click opens the app (and puts the focus on it).
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
    open(indexPath)
    collectionView.deselectItem(at: indexPath)
  }

  private func open(_ indexPath: ItemPath) {
    lastOpened = tile(at: indexPath).title
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

  /// What was opened last, the focused tile, its rail and how far the rail is scrolled.
  public var status: String {
    guard let focused = collectionView.focusedIndexPath else { return lastEvent }
    var rail = String(sections[focused.section].title.split(separator: "·").first ?? "")
    while rail.last == " " { rail.removeLast() }
    let offset = collectionView.railOffset(ofSection: focused.section)
    let place = focused.section == gridSection ? "" : " at \(Int(offset.rounded()))"
    let opened = lastOpened.map { "opened \($0) · " } ?? ""
    return "\(opened)\(tile(at: focused).title) · \(rail)\(place)"
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

  /// Where a tile is: its rail and its place in it.
  public func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)? {
    let count = numberOfItems(in: indexPath.section)
    return ("\(sections[indexPath.section].title), \(indexPath.item + 1) of \(count)", nil)
  }
}
