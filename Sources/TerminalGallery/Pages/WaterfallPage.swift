import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `waterfall` page: a photo feed in columns (``WaterfallView``). Cards have their own
/// heights and go to the shortest column; scrolling near the end loads the next page, which
/// is appended without moving the cards already placed. Keys change the placement order and
/// the column width (a relayout).
///
/// `--items N` is the feed's total size (pages of 60 load until it is reached); `--data` uses
/// the file's items, with their `height` (× 3 rows) as the photo's height.
final class WaterfallPage: PanePage, CollectionViewDataSource, WaterfallViewDelegate {
  let title = "Waterfall"

  private let feed: WaterfallView
  let pane: CollectionViewPane
  var frame = CellRect.zero
  private let total: Int
  private let data: [GalleryData.Item]?
  private(set) var loaded = 0
  private var pages = 0
  private var firstNew = Int.max
  private let pageSize = 60
  private var widthChoice = 1
  private let widths = [16.0, 22.0, 30.0]

  init(options: GalleryOptions) {
    data = options.data.map { $0.sections.flatMap(\.items) }
    total = data?.count ?? max(0, options.itemCount)
    let layout = WaterfallLayout(
      columns: .adaptive(minimumWidth: widths[widthChoice]), itemHeight: .fixed(1), itemSpacing: 1)
    feed = WaterfallView(layout: layout)
    pane = CollectionViewPane(collectionView: feed.collectionView)
    pane.background = Theme.plain
    pane.showsScrollIndicator = true
    pane.scrollIndicatorStyle = Theme.scrollIndicator
    layout.itemHeight = .perItem { [unowned self] path, _ in Double(cardHeight(path.item)) }
    let collectionView = feed.collectionView
    collectionView.register(FeedCardCell.self, forCellWithReuseIdentifier: "card")
    collectionView.allowsMultipleSelection = true
    collectionView.overscan = 4
    collectionView.diagnostics.handler = nil
    collectionView.dataSource = self
    feed.loadMoreThreshold = 1.5
    feed.delegate = self
  }

  /// A deterministic height per card: the photo (3 to 10 rows) plus two rows of text.
  private func cardHeight(_ item: Int) -> Int {
    if let data { return 2 + 3 * min(max(1, data[item].height), 3) }
    var hash = UInt64(item) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 29
    return 2 + 3 + Int(hash % 8)
  }

  func waterfallViewWantsMoreItems(_ feed: WaterfallView) { loadPage() }

  private func loadPage() {
    guard loaded < total else { return }
    let old = loaded
    loaded = min(total, loaded + pageSize)
    pages += 1
    firstNew = pages > 1 ? old : Int.max
    feed.collectionView.insertItems(at: (old..<loaded).map { ItemPath(section: 0, item: $0) })
    if feed.collectionView.focusedIndexPath == nil, loaded > 0 {
      feed.collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    }
  }

  // MARK: Data source

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    loaded
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      FeedCardCell.self, withReuseIdentifier: "card", for: indexPath)
    let item = indexPath.item
    cell.title = data?[item].title ?? DemoData.title(forItem: item * 5 + 3)
    cell.likes = (item * 37 + 11) % 997
    cell.color = Theme.palette[item % Theme.palette.count]
    cell.isNew = item >= firstNew
    return cell
  }

  // MARK: Page

  func layout(in frame: CellRect) { place(in: frame) }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    let order: String
    switch feed.layout.placement {
    case .shortestFirst: order = "shortest column first"
    case .leftToRight: order = "left to right"
    case .rightToLeft: order = "right to left"
    }
    feed.collectionView.layoutIfNeeded()  // the heading describes the columns drawn
    let columns = feed.layout.numberOfColumns(inSection: 0)
    let more = loaded < total ? "scroll for more" : "all loaded"
    let loadedCards = "\(loaded.formatted) of \(plural(total, "card"))"
    context.text(
      " \(loadedCards) · \(plural(pages, "page")) · \(plural(columns, "column")), \(order) · \(more)",
      x: 0, y: 0, style: Theme.title)
    pane.draw(into: canvas)
  }

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    let collectionView = feed.collectionView
    switch key.key {
    case .character("o"):
      switch feed.layout.placement {
      case .shortestFirst: feed.layout.placement = .leftToRight
      case .leftToRight: feed.layout.placement = .rightToLeft
      case .rightToLeft: feed.layout.placement = .shortestFirst
      }
      collectionView.setNeedsLayout()
    case .character("c"):
      widthChoice = (widthChoice + 1) % widths.count
      feed.layout.columns = .adaptive(minimumWidth: widths[widthChoice])
      collectionView.setNeedsLayout()
    default:
      // The arrows move a keyboard cursor (the collection view's focus) to the nearest card
      // in their direction; the feed scrolls to keep it in view, and loads more near the end.
      return collectionView.handleFocusKey(key)
    }
    return true
  }

  var status: String {
    let collectionView = feed.collectionView
    let selected = collectionView.indexPathsForSelectedItems.count
    let position =
      collectionView.focusedIndexPath.map {
        "card \(($0.item + 1).formatted) of \(loaded.formatted)"
      }
      ?? "no cards"
    return position + (selected > 0 ? " · \(selected.formatted) selected" : "")
  }

  var keyHelp: [(String, String)] {
    [
      ("↑ ↓ ← →", "move the cursor to the nearest card that way"),
      ("PgUp PgDn", "a page up or down"), ("Home End", "first, last card (loads a page)"),
      ("Enter Space", "select or deselect the card"),
      ("o", "placement: shortest first, left to right, right to left"),
      ("c", "column width: narrow, medium, wide (a relayout)"),
      ("wheel, drag", "scroll and fling; a click selects a card"),
    ]
  }
}
