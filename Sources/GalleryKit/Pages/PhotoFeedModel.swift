import ReuseControls
import ReuseKit

/// A card of the waterfall page: a photo of its colour, a title, a like count; new cards (the
/// last page loaded) marked.
public protocol PhotoPresenting: CollectionViewCell {
  /// Shows a card.
  func present(title: String, likes: Int, colorIndex: Int, isNew: Bool)
}

/// The `waterfall` page: a photo feed in columns (`WaterfallView`). Cards have their own
/// heights and go to the shortest column; scrolling near the end loads the next page, which is
/// appended without moving the cards already placed. Keys change the placement order and the
/// column width (a relayout).
///
/// `--items N` is the feed's total size (pages of 60 load until it is reached); `--data` uses
/// the file's items, with their `height` (× 3 units) as the photo's height. Hosts register a
/// ``PhotoPresenting`` cell under ``cardIdentifier``.
public final class PhotoFeedModel: PageModel, CollectionViewDataSource, WaterfallViewDelegate,
  ClickFocusing
{
  /// `--demo waterfall`.
  public static let name = "waterfall"
  /// The reuse identifier the card cells are registered under.
  public static let cardIdentifier = "card"
  /// The tab's title.
  public let title = "Waterfall"
  /// The feed.
  public let feed: WaterfallView
  /// How many cards the feed has in all, and how many are loaded.
  public let total: Int
  /// How many cards are loaded: the feed's items.
  public private(set) var loaded = 0
  /// How many pages loaded.
  public private(set) var pages = 0
  private let data: [GalleryData.Item]?
  private var firstNew = Int.max
  private let pageSize = 60
  private var widthChoice = 1
  private let widths: [Double]
  private let unit: Double

  /// The feed for `options`, sized by `metrics`.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    data = options.data.map { $0.sections.flatMap(\.items) }
    total = data?.count ?? max(0, options.itemCount)
    widths = metrics.waterfallColumnWidths.isEmpty ? [20] : metrics.waterfallColumnWidths
    widthChoice = min(1, widths.count - 1)
    unit = metrics.waterfallUnit
    let layout = WaterfallLayout(
      columns: .adaptive(minimumWidth: widths[widthChoice]), itemHeight: .fixed(1),
      columnSpacing: metrics.waterfallSpacing.column, itemSpacing: metrics.waterfallSpacing.item)
    feed = WaterfallView(layout: layout)
    layout.itemHeight = .perItem { [unowned self] path, _ in cardLength(path.item) }
    let collectionView = feed.collectionView
    collectionView.accessibilityLabel = "Photos"
    collectionView.allowsMultipleSelection = true
    // A plain click replaces the selection, Control toggles, Shift extends (desktop lists).
    collectionView.tapsReplaceSelection = true
    // A box selects from the gaps between the cards, or from anywhere with Shift or Control.
    collectionView.selectionDragStyle = { item, _, modifiers in
      item == nil || !modifiers.isDisjoint(with: [.shift, .control]) ? .box : nil
    }
    collectionView.overscan = 2 * metrics.overscan
    collectionView.dataSource = self
    feed.loadMoreThreshold = 1.5
    feed.delegate = self
    collectionView.delegate = self
  }

  /// A click that selects or deselects a card puts the cursor on it (it stayed behind, and the
  /// next arrow went on from the card before: a new user's finding); a box that selects
  /// leaves the cursor where it is.
  public func clicked(_ path: ItemPath, in view: CollectionView) {
    guard !view.isSelectionDragging else { return }
    view.focusItem(at: path, scrollsIntoView: false)
  }

  /// A deterministic length per card: the photo (3 to 10 units) plus two units of text.
  private func cardLength(_ item: Int) -> Double {
    if let data { return Double(2 + 3 * min(max(1, data[item].height), 3)) * unit }
    var hash = UInt64(item) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 29
    return Double(2 + 3 + Int(hash % 8)) * unit
  }

  /// Loads the next page of cards.
  public func waterfallViewWantsMoreItems(_ feed: WaterfallView) { loadPage() }

  /// Loads pages until card `item` is loaded, or the feed is whole: a position saved past the
  /// first page (`--restore`) comes back to its card.
  public func loadThrough(item: Int) {
    while loaded <= item && loaded < total { loadPage() }
  }

  private func loadPage() {
    guard loaded < total else { return }
    let old = loaded
    loaded = min(total, loaded + pageSize)
    pages += 1
    firstNew = pages > 1 ? old : Int.max
    let paths = (old..<loaded).map { ItemPath(section: 0, item: $0) }
    // The first page is what the page shows, not news: "60 items added" was said before the
    // first card (a new user's finding, in the screen-reader mode). Later pages are said.
    if old == 0 {
      feed.collectionView.announcing("") { feed.collectionView.insertItems(at: paths) }
    } else {
      feed.collectionView.insertItems(at: paths)
    }
    if feed.collectionView.focusedIndexPath == nil, loaded > 0 {
      feed.collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    }
  }

  // MARK: Data source

  /// The number of cards loaded.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    loaded
  }

  /// A card cell showing the card's title, likes and colour, and whether it is new.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      withReuseIdentifier: Self.cardIdentifier, for: indexPath)
    let item = indexPath.item
    (cell as? any PhotoPresenting)?.present(
      title: data?[item].title ?? DemoData.title(forItem: item * 5 + 3),
      likes: (item * 37 + 11) % 997, colorIndex: item, isNew: item >= firstNew)
    return cell
  }

  // MARK: Page

  /// The heading: what is loaded, the columns and the placement.
  public var headline: String {
    let more = loaded < total ? "scroll for more" : "all loaded"
    let loadedCards = "\(loaded.formatted) of \(plural(total, "card"))"
    return "\(loadedCards) · \(plural(pages, "page")) · \(arrangement) · " + more
  }

  /// The columns drawn and the placement: "3 columns, left to right" (in the heading, and in
  /// GTK's status line, which has no heading: there `o` and `c` changed the cards and said
  /// nothing a sighted user could read, a new user's finding).
  public var arrangement: String {
    let order: String
    switch feed.layout.placement {
    case .shortestFirst: order = "shortest column first"
    case .leftToRight: order = "left to right"
    case .rightToLeft: order = "right to left"
    }
    feed.collectionView.layoutIfNeeded()  // the columns drawn
    return "\(plural(feed.layout.numberOfColumns(inSection: 0), "column")), \(order)"
  }

  /// o cycles the placement, c the column width; the other keys go to the feed's key map
  /// (the arrows move a cursor to the nearest card that way).
  public func handle(_ key: KeyPress) -> Bool {
    let collectionView = feed.collectionView
    if key.isCommandChord { return collectionView.handle(key) }
    switch key.key {
    case .character("o"):
      relayoutKeepingTheFocusedCard {
        switch feed.layout.placement {
        case .shortestFirst: feed.layout.placement = .leftToRight
        case .leftToRight: feed.layout.placement = .rightToLeft
        case .rightToLeft: feed.layout.placement = .shortestFirst
        }
      }
    case .character("c"):
      relayoutKeepingTheFocusedCard {
        widthChoice = (widthChoice + 1) % widths.count
        feed.layout.columns = .adaptive(minimumWidth: widths[widthChoice])
      }
    default:
      return collectionView.handle(key)
    }
    // A screen reader hears the new arrangement: the focus stays on its card, so nothing else
    // is said (a new user's finding: o and c were silent).
    collectionView.announce(arrangement)
    return true
  }

  /// Lays the cards out again after `change`, keeping the focused card where it was on
  /// screen (as near as the content allows), and fully in view: a relayout moves every card,
  /// and the one the user looks at should not leave.
  private func relayoutKeepingTheFocusedCard(_ change: () -> Void) {
    let collectionView = feed.collectionView
    collectionView.layoutIfNeeded()
    // The focused card where it shows; with the focus scrolled away, the first card on screen
    // (the view went back to the focused card: a new user's finding).
    let shown = collectionView.indexPathsForVisibleItems
    let focused = collectionView.focusedIndexPath.flatMap { shown.contains($0) ? $0 : nil }
    let anchor =
      focused
      ?? shown.min {
        (collectionView.frameForItem(at: $0)?.minY ?? 0, $0)
          < (collectionView.frameForItem(at: $1)?.minY ?? 0, $1)
      }
    let top = anchor.flatMap { collectionView.frameForItem(at: $0) }.map {
      $0.minY - collectionView.contentOffset.y
    }
    change()
    collectionView.setNeedsLayout()
    collectionView.layoutIfNeeded()
    guard let anchor, let top, let frame = collectionView.frameForItem(at: anchor) else { return }
    let maximum = max(0, collectionView.contentSize.height - collectionView.viewportSize.height)
    collectionView.contentOffset.y = min(maximum, max(0, frame.minY - top))
    if let focused { collectionView.focusItem(at: focused) }
  }

  /// The focused card's place among the loaded ones, and how many are selected.
  public var status: String {
    let collectionView = feed.collectionView
    let selected = collectionView.numberOfSelectedItems
    let position =
      collectionView.focusedIndexPath.map {
        "card \(($0.item + 1).formatted) of \(loaded.formatted)"
      }
      ?? "no cards"
    return position + (selected > 0 ? " · \(selected.formatted) selected" : "")
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("↑ ↓ ← →", "move the cursor to the nearest card that way"),
      ("PgUp PgDn", "a page up or down"),
      ("Home End", "the first card; the last one loaded (it loads the next page below)"),
      ("Enter Space", "select or deselect the card"),
      ("o", "placement: shortest first, left to right, right to left"),
      ("c", "column width: narrow, medium, wide (a relayout)"),
      ("wheel, drag", "scroll and fling; a click selects a card"),
      ("drag from a gap, Shift-drag", "select the cards a box meets (Ctrl-drag toggles)"),
      ("Esc", "put the selection back during a box; else deselect every card"),
    ]
  }
}
