import ReuseKit
import ReuseTerminal

/// The `list` page: a sectioned vertical list with sticky headers, and a sectioned horizontal
/// strip whose headers pin to its left edge. Tab moves the focus between them.
///
/// With generated data, titles are computed from the item's index, so `--items 1000000` costs
/// no memory per item; with `--data`, the file's sections and items are shown.
final class ListPage: GalleryPage, CollectionViewDelegate {
  let title = "List"

  private let rows: RowSource
  private let chips: ChipSource
  private let list: CollectionView
  private let strip: CollectionView
  private let listPane: CollectionViewPane
  private let stripPane: CollectionViewPane
  private var focus = Focus.list {
    didSet { applyFocus() }
  }
  private var frame = CellRect.zero
  private let heading: String

  private enum Focus {
    case list
    case strip
  }

  init(options: GalleryOptions) {
    rows = RowSource(options: options)
    chips = ChipSource(tags: options.data?.tags)
    heading =
      options.data?.title
      ?? "\(rows.itemCount.formatted) items in \(rows.sectionCount.formatted) sections"

    list = Self.makeView(
      ListLayout(
        itemSizing: rows.hasVariableHeights
          ? .perItem { [rows] in Double(rows.height(of: $0)) } : .uniform(1),
        headerLength: .fixed(1)),
      cell: ListRowCell.self, "row", header: ListHeaderView.self, "header")
    list.overscan = 2
    strip = Self.makeView(
      ListLayout(
        scrollDirection: .horizontal,
        itemSizing: .perItem { [chips] in Double(chips.width(of: $0)) },
        headerLength: .perSection { [chips] in Double(chips.headerWidth(of: $0)) }),
      cell: ChipCell.self, "chip", header: ChipHeaderView.self, "chipHeader")

    listPane = CollectionViewPane(collectionView: list)
    stripPane = CollectionViewPane(collectionView: strip)
    listPane.background = Theme.plain
    listPane.showsScrollIndicator = true
    listPane.scrollIndicatorStyle = Theme.scrollIndicator
    stripPane.background = Theme.plain
    listPane.showsSectionIndex = true
    listPane.sectionIndexWidth = options.data == nil ? 4 : 2
    listPane.sectionIndexStyle = Theme.sectionIndex
    list.dataSource = rows
    strip.dataSource = chips
    // The focused row keeps a row between it and the edges (and the pinned header).
    list.focusScrollPadding = 1
    for view in [list, strip] {
      view.focusItem(
        at: view.indexPath(forFocusMove: .first, from: ItemPath(section: 0, item: 0)),
        scrollsIntoView: false)
    }
    rows.isFocused = true
    list.delegate = self
    strip.delegate = self
  }

  /// A jump on the section index puts the focus on the section's first row.
  func collectionView(_ collectionView: CollectionView, didJumpToIndexTitleAt index: Int) {
    guard collectionView === list,
      let path = list.indexPath(forIndexTitle: list.indexTitles[index], at: index),
      list.numberOfItems(inSection: path.section) > 0
    else { return }
    focus = .list
    list.focusItem(at: path, scrollsIntoView: false)
  }

  /// A collection view with pinned headers and multiple selection, its cell and header
  /// registered.
  private static func makeView(
    _ layout: ListLayout, cell: CollectionViewCell.Type, _ cellIdentifier: String,
    header: ReusableView.Type, _ headerIdentifier: String
  ) -> CollectionView {
    layout.pinsHeaders = true
    let view = CollectionView(layout: layout)
    view.register(cell, forCellWithReuseIdentifier: cellIdentifier)
    view.register(
      header, forSupplementaryViewOfKind: .header, withReuseIdentifier: headerIdentifier)
    view.allowsMultipleSelection = true
    view.diagnostics.handler = nil
    return view
  }

  /// Only the focused view shows its cursor: one focus on the page at a time.
  private func applyFocus() {
    rows.isFocused = focus == .list
    chips.isFocused = focus == .strip
    for (view, source) in [(list, rows as CursorSource), (strip, chips)] {
      for cell in view.visibleCells { source.showFocus(source.isFocused, in: cell) }
    }
  }

  // MARK: Clicks

  /// A click selects or deselects a row or chip and puts the cursor (and the focus) on it.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
    clicked(indexPath, in: collectionView)
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath) {
    clicked(indexPath, in: collectionView)
  }

  private func clicked(_ path: ItemPath, in view: CollectionView) {
    focus = view === list ? .list : .strip
    view.focusItem(at: path, scrollsIntoView: false)
  }

  // MARK: Layout and drawing

  func layout(in frame: CellRect) {
    self.frame = frame
    // A narrow terminal keeps its columns for the rows' titles.
    let showsIndex = frame.width >= 40
    if listPane.showsSectionIndex != showsIndex { listPane.showsSectionIndex = showsIndex }
    let showsStrip = frame.height >= 6
    let listHeight = max(0, frame.height - 1 - (showsStrip ? 2 : 0))
    listPane.frame = CellRect(x: frame.x, y: frame.y + 1, width: frame.width, height: listHeight)
    stripPane.frame =
      showsStrip
      ? CellRect(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1) : .zero
    // After a resize, the focused row is still in view (clear of the pinned header).
    list.layoutIfNeeded()
    list.focusItem(at: list.focusedIndexPath)
  }

  func draw(into canvas: Canvas) {
    canvas.fill(frame, style: Theme.plain)
    guard !frame.isEmpty else { return }
    let context = DrawContext(canvas: canvas, frame: frame, clip: frame)
    context.text(" " + heading, x: 0, y: 0, style: Theme.title)
    let focusNote =
      focus == .list ? "vertical list focused · Tab: strip" : "strip focused · Tab: list"
    let noteWidth = CharacterWidth.of(focusNote)
    if frame.width > CharacterWidth.of(heading) + noteWidth + 4 {
      context.text(focusNote, x: frame.width - noteWidth - 1, y: 0, style: Theme.dim)
    }
    listPane.draw(into: canvas)
    if rows.itemCount == 0, listPane.frame.height > 0 {
      DrawContext(canvas: canvas, frame: listPane.frame, clip: listPane.frame).centeredText(
        "This list has no items.", y: listPane.frame.height / 2, style: Theme.dim)
    }
    if !stripPane.frame.isEmpty {
      context.text(" tags", x: 0, y: frame.height - 2, style: Theme.dim)
      stripPane.draw(into: canvas)
    }
  }

  // MARK: Input

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    switch key.key {
    case .tab, .backTab:
      focus = focus == .list ? .strip : .list
      return true
    default:
      break
    }
    return (focus == .list ? list : strip).handleFocusKey(key)
  }

  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    for (pane, focusTarget) in [(listPane, Focus.list), (stripPane, .strip)] {
      let pressedHere = pane.isPressed
      if pane.handle(mouse, at: time) {
        if mouse.kind == .press || pressedHere { focus = focusTarget }
        return true
      }
    }
    return false
  }

  // MARK: Time and state

  func tick(now: Double) {
    listPane.tick(now: now)
    stripPane.tick(now: now)
  }

  var isAnimating: Bool { list.isAnimating || strip.isAnimating }

  var counters: ReuseCounters { list.reuseCounters }

  var restorableView: CollectionView? { list }

  var poolSizes: [String: Int] { list.poolSizes.merging(strip.poolSizes) { $0 + $1 } }

  var status: String {
    let view = focus == .list ? list : strip
    let source: CursorSource = focus == .list ? rows : chips
    let current = view.focusedIndexPath.map { source.title(at: $0) } ?? "nothing focused"
    let selected = view.indexPathsForSelectedItems.count
    return current + (selected > 0 ? " · \(selected.formatted) selected" : "")
  }

  var keyHelp: [(String, String)] {
    [
      ("↑ ↓ / ← →", "move in the focused list"), ("PgUp PgDn", "page"), ("Home End", "first, last"),
      ("Enter Space", "select or deselect"), ("Tab", "switch between the list and the strip"),
      ("wheel, drag", "scroll the list under the pointer; click selects"),
      ("index", "click or drag the titles at the right edge to jump to a section"),
    ]
  }
}
