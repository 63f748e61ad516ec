import ReuseDeclarative
import ReuseKit

/// The `list` page: a sectioned vertical list with pinned headers and a section index, and a
/// sectioned horizontal strip of chips whose headers pin to its left edge. Tab moves the
/// keyboard focus between them; a click selects and puts the focus where it clicked.
///
/// With generated data, titles are computed from the item's index, so a million items cost no
/// memory per item; with `--data`, the file's sections and items (their heights) are shown.
///
/// Both views are declared (`DeclarativeDataSource`): the list as one run of `Sections`,
/// each made only when it shows (ten million rows are 200,000 sections, and cost what the
/// screen shows), the strip as a section a group. Their headers are standard content, drawn
/// by each host's standard header; hosts register their row and chip cells under
/// ``rowIdentifier`` and ``chipIdentifier`` (adopting ``RowPresenting`` and
/// ``ChipPresenting``) before the first layout.
public final class ListModel: ViewsPageModel, ClickFocusing {
  /// `--demo list`.
  public static let name = "list"
  /// The reuse identifier the list's row cells are registered under.
  public static let rowIdentifier = "row"
  /// The reuse identifier the strip's chip cells are registered under.
  public static let chipIdentifier = "chip"

  /// The tab's title.
  public let title = "List"
  /// The vertical list.
  public let list: CollectionView
  /// The horizontal strip of chips.
  public let strip: CollectionView
  /// The list's sections and rows.
  public let rows: RowSource
  /// The strip's groups of chips.
  public let chips: ChipSource
  /// The list's declaration: a run of sections over the rows.
  public let listSource: DeclarativeDataSource
  /// The strip's declaration: a section a group of chips.
  public let stripSource: DeclarativeDataSource
  /// The heading: the data file's title, or the counts.
  public let heading: String
  /// A row's length.
  private let rowLength: Double

  /// The find over the rows' titles (`/`, `n`, `N`, Escape): found a slice a frame
  /// (``advanceFind()``).
  public let findBar: FindBar
  /// The find, once Enter started it.
  public var find: ItemSearch? { findBar.search }
  /// The find over the rows' titles.
  public var finder: FindBar? { findBar }

  /// Which view has the keyboard focus.
  public enum Focus: Sendable {
    case list
    case strip
  }

  /// Which view has the keyboard focus: only its focused item is drawn as the cursor.
  public var focus = Focus.list {
    didSet { applyFocus() }
  }

  /// The list and the strip for `options`, sized by `metrics`.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    rows = RowSource(options: options)
    // A data file's tags, or none when it has none; the demo's chips only without a file.
    chips = ChipSource(tags: options.data.map(\.tags), metrics: metrics)
    // A data file's title says its counts too (they went with it: a new user's finding).
    let counts = "\(plural(rows.itemCount, "item")) in \(plural(rows.sectionCount, "section"))"
    heading = options.data?.title.map { "\($0) · \(counts)" } ?? counts
    let rowLength = metrics.rowLength
    self.rowLength = rowLength
    list = Self.makeView(
      ListLayout(
        itemSizing: rows.hasVariableHeights
          ? .perItem { [rows] in Double(rows.height(of: $0)) * rowLength } : .uniform(rowLength),
        headerLength: .fixed(metrics.headerLength)))
    list.overscan = metrics.overscan
    // A plain click replaces the selection, Control toggles, Shift extends (desktop lists).
    list.tapsReplaceSelection = true
    // A drag along the rows' leading edge (their colour mark) selects the rows it passes.
    let edge = min(2 * rowLength, 24)  // two terminal cells; the colour mark and a margin in GTK
    list.selectionDragStyle = { _, point, _ in point.x < edge ? .slide : nil }
    // Chips measured as they come near the screen where the host estimates (see
    // `preferredSizeForItemAt`), all at once otherwise.
    let chipSizing: ListLayout.ItemSizing =
      metrics.chipWidthEstimate.map { .estimated($0) }
      ?? .perItem { [chips] in chips.width(of: $0) }
    strip = Self.makeView(
      ListLayout(
        scrollDirection: .horizontal, itemSizing: chipSizing,
        headerLength: .perSection { [chips] in chips.headerWidth(of: $0) }))
    listSource = Self.declareRows(rows, in: list)
    stripSource = DeclarativeDataSource(collectionView: strip) { [chips] in
      for group in chips.groups.indices {
        Section(id: group, header: ListContent(chips.groups[group].title)) {
          ForEach(chips.chips(inGroup: group), id: \.self) { _ in ChipContent(chips: chips) }
        }
      }
    }
    // What a screen reader names the list and the strip when the focus enters them.
    list.accessibilityLabel = options.data?.title ?? "List"
    strip.accessibilityLabel = "Tags"
    // The focused row keeps a row between it and the edges (and the pinned header).
    list.focusScrollPadding = rowLength
    for view in [list, strip] {
      view.focusItem(
        at: view.indexPath(forFocusMove: .first, from: ItemPath(section: 0, item: 0)),
        scrollsIntoView: false)
    }
    rows.isFocused = true
    findBar = FindBar(collectionView: list, subject: "the titles", clock: metrics.clock)
    // Titles read from the rows' model: a find through ten million rows makes no section.
    findBar.itemText = { [rows] in rows.title(at: $0) }
    list.delegate = self
    // A screen reader's expand and collapse open a row as Enter does, for the host whose rows
    // say whether they are open (GTK's, over AT-SPI).
    list.accessibilityExpansionHandler = { [weak self] path, open in
      guard let self, rows.expanded.contains(path) != open else { return false }
      toggleExpansion(at: path)
      return true
    }
    strip.delegate = self
    // Weakly: the find holds the list, whose layout sizes rows through `rows` (a cycle).
    rows.isFindMatch = { [weak findBar] in findBar?.isMarked($0) ?? false }
    findBar.marksDidChange = { [weak self] in self?.refreshFindMarks() }
    findBar.itemsDrawMarks = true
    findBar.willStep = { [weak self] in self?.focus = .list }
  }

  /// The list's declaration: the rows' sections, each made when it shows, with their
  /// headers and the section index (every section's count said at once when they all hold
  /// as many). The data never changes: one version.
  private static func declareRows(
    _ rows: RowSource, in list: CollectionView
  ) -> DeclarativeDataSource {
    func section(_ index: Int) -> Section {
      let flat = rows.rows(inSection: index)
      return Section(id: index, header: ListContent(rows.sectionTitle(index))) {
        ForEach(flat, id: \.self) { _ in RowContent(rows: rows) }
          // What type-ahead (GTK's) and any search of the collection view read.
          .searchable { rows.title(at: ItemPath(section: index, item: $0 - flat.lowerBound)) }
      }
    }
    let titles = rows.indexTitles
    return DeclarativeDataSource(collectionView: list) {
      if let count = rows.itemsInEverySection {
        Sections(0..<rows.sectionCount, id: \.self, version: 0, itemsPerSection: count) {
          section($0)
        }
        .indexTitles(titles, target: rows.indexSection(forTitle:))
      } else {
        Sections(
          0..<rows.sectionCount, id: \.self, version: 0,
          itemCount: rows.itemCount(inSection:)
        ) { section($0) }
        .indexTitles(titles, target: rows.indexSection(forTitle:))
      }
    }
  }

  /// A collection view with pinned headers and multiple selection.
  private static func makeView(_ layout: ListLayout) -> CollectionView {
    layout.pinsHeaders = true
    let view = CollectionView(layout: layout)
    view.allowsMultipleSelection = true
    return view
  }

  /// The list, then the strip.
  public var views: [CollectionView] { [list, strip] }

  /// The focused view.
  public var focusedView: CollectionView { focus == .list ? list : strip }

  /// The list's scroll position and focus, with the strip's and which of the two has the keys
  /// (a restored page came back in the list, the strip's place lost: a new user's finding).
  public func savedPosition() -> GalleryPositions.Page? {
    guard var position = list.savedPagePosition() else { return nil }
    if hasStrip, let chips = strip.savedPagePosition() {
      position.view = focus == .strip ? 1 : nil
      position.views = [position, chips]
    }
    return position
  }

  /// The list's place and the strip's, then the focus where it was (the list's, where the
  /// strip does not show).
  public func restorePosition(_ position: GalleryPositions.Page) {
    list.restorePagePosition(position)
    if let views = position.views, views.count > 1, hasStrip {
      strip.restorePagePosition(views[1])
    }
    if position.view == 1, showsStrip { focus = .strip }
  }

  /// The list says so when it has no sections (sections without items say so in their
  /// headers); the strip, shown only with chips, says nothing.
  public func emptyText(of view: CollectionView) -> String? {
    view === list && rows.sectionCount == 0 ? "This list has no items." : nil
  }

  /// The strip says it is the strip: "red, in the tag strip, 1 of 33".
  public func containerName(of view: CollectionView) -> String? {
    view === strip ? "the tag strip" : nil
  }

  /// Only the focused view shows its cursor: one focus on the page at a time.
  private func applyFocus() {
    rows.isFocused = focus == .list
    chips.isFocused = focus == .strip
    for (view, source) in [(list, rows as CursorSource), (strip, chips)] {
      for cell in view.visibleCells { source.showFocus(source.isFocused, in: cell) }
    }
  }

  // MARK: Pointer

  /// A press that began in `view` (or went on there) gives it the keyboard focus.
  public func pointerDidPress(in view: CollectionView) {
    focus = view === list ? .list : .strip
  }

  /// A click that selects or deselects a row or chip puts the cursor (and the focus) on it; a
  /// slide that selects rows leaves the cursor where it is.
  public func clicked(_ path: ItemPath, in view: CollectionView) {
    guard !view.isSelectionDragging else { return }
    focus = view === list ? .list : .strip
    view.focusItem(at: path, scrollsIntoView: false)
  }

  /// A jump on the section index puts the focus on the section's first row.
  public func collectionView(_ collectionView: CollectionView, didJumpToIndexTitleAt index: Int) {
    guard collectionView === list,
      let path = list.indexPath(forIndexTitle: list.indexTitles[index], at: index),
      list.numberOfItems(inSection: path.section) > 0
    else { return }
    focus = .list
    list.focusItem(at: path, scrollsIntoView: false)
  }

  // MARK: Keys and state

  /// Tab moves the focus between the list and the strip; the other keys go to the focused
  /// view's key map.
  public func handle(_ key: KeyPress) -> Bool {
    // `/` and Ctrl-F find in the list from the strip too, the focus going back to the list
    // (they did nothing there: a new user's finding).
    if focus == .strip,
      key.modifiers.subtracting(.shift).isEmpty && key.key == .character("/")
        || key.modifiers == .control && key.key == .character("f")
    {
      focus = .list
    }
    // The find's keys in the list (n and N only while there is a find: GTK's type-ahead gets
    // them otherwise).
    if focus == .list || findBar.isTyping || key.key == .escape, findBar.handle(key) {
      return true
    }
    if key.key == .enter, key.modifiers.isEmpty, focus == .list,
      let focused = list.focusedIndexPath
    {
      toggleExpansion(at: focused)
      return true
    }
    if key.key == .tab {
      guard showsStrip else { return false }
      focus = focus == .list ? .strip : .list
      // Back in a view whose focused item was scrolled away, that item shows, as GtkListView
      // shows its focused row (nothing on screen was marked: a new user's finding in GTK).
      let view = focusedView
      if let focused = view.focusedIndexPath,
        !view.indexPathsForVisibleItems.contains(focused)
      {
        view.focusItem(at: focused)
      }
      return true
    }
    return focusedView.handle(key)
  }

  // MARK: Rows that expand

  /// How much longer an expanded row is: two lines of details.
  private var expansionLength: Double { 2 * rowLength }

  /// Expands the row at `path` to show its details, or collapses it: the row grows or shrinks
  /// on the clock, its top staying where it is and the rows below gliding with it
  /// (`CollectionView.invalidateSize(ofItemAt:)`). The list measures its rows from the first
  /// expansion on (until then every row is as the layout sizes it, at no cost per row).
  public func toggleExpansion(at path: ItemPath) {
    guard let layout = list.collectionViewLayout as? ListLayout else { return }
    if case .estimated = layout.itemSizing {
    } else {
      layout.itemSizing = .estimated(rowLength)
      list.layoutIfNeeded()
    }
    if rows.expanded.contains(path) {
      rows.expanded.remove(path)
    } else {
      rows.expanded.insert(path)
    }
    if let cell = list.cellForItem(at: path) as? any RowPresenting {
      cell.expandedLines = rows.expanded.contains(path) ? rows.expandedLines(at: path) : []
      cell.setNeedsDisplay()
    }
    let expanded = rows.expanded.contains(path)
    // A row whose details would end below the screen grows at once and the list scrolls them
    // into view (they stayed below it: a new user's finding); elsewhere it grows in place.
    let bottom = list.contentOffset.y + list.viewportSize.height
    let endsBelow =
      expanded && (list.frameForItem(at: path).map { $0.maxY + expansionLength > bottom } ?? false)
    list.invalidateSize(ofItemAt: path, animated: !endsBelow)
    if endsBelow { list.scrollToItem(at: path, at: .nearest, animated: true) }
    // Said, with the facts the row now shows: Enter is not silent. Its last line is a hint
    // for the eye (the rows glide), not said.
    let facts = rows.expandedLines(at: path).first ?? ""
    list.postAccessibilityAnnouncement(
      expanded ? "expanded: " + facts.replacing(" · ", with: ", ") : "collapsed")
  }

  /// Rows measure as the data sizes them, and two lines longer when expanded; chips as wide
  /// as their text (asked only where the host estimates their widths).
  public func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: ItemPath,
    fitting proposedSize: Size
  ) -> Size? {
    guard collectionView === list else {
      return Size(width: chips.width(of: indexPath), height: proposedSize.height)
    }
    let base = Double(rows.hasVariableHeights ? rows.height(of: indexPath) : 1) * rowLength
    let length = base + (rows.expanded.contains(indexPath) ? expansionLength : 0)
    return Size(width: proposedSize.width, height: length)
  }

  /// Whether there is a strip of chips (a data file without tags has none).
  public var hasStrip: Bool { chips.itemCount > 0 }

  /// Whether the host shows the strip now: a terminal too short for it hides it. Tab, the
  /// focus note and the keys' help speak of the strip only while it shows (Tab to a strip not
  /// shown moved the keys to nothing on screen: a new user's finding), and a strip that stops
  /// showing gives the focus back to the list.
  public var isStripShown = true {
    didSet { if !showsStrip && focus == .strip { focus = .list } }
  }

  /// Whether the strip is there and shown.
  public var showsStrip: Bool { hasStrip && isStripShown }

  /// Whether the host shows the section index at the list's edge (GTK has none; a narrow
  /// terminal hides it): the keys' help speaks of it only then.
  public var isIndexShown = true

  /// The note about the focus beside the heading.
  public var focusNote: String {
    guard showsStrip else { return "" }
    return focus == .list ? "vertical list focused · Tab: strip" : "strip focused · Tab: list"
  }

  /// Whether a find's matches are marked.
  public var hasActiveFind: Bool { findBar.isActive }

  /// Whether the find prompt takes the keys.
  public var isTyping: Bool { findBar.isTyping }

  // MARK: Find

  /// A frame's slice of the find (8 ms at most): the first match found takes the cursor, and
  /// the displayed rows show their marks. Returns whether it still searches (frames wanted).
  @discardableResult
  public func advanceFind() -> Bool { findBar.advance() }

  /// The displayed rows marked as the find says.
  private func refreshFindMarks() {
    for path in list.indexPathsForVisibleItems {
      guard let row = list.cellForItem(at: path) as? any RowPresenting else { continue }
      let matches = find?.contains(path) ?? false
      if row.isFindMatch != matches {
        row.isFindMatch = matches
        row.setNeedsDisplay()
      }
    }
  }

  /// The focused row's or chip's title, and how many the focused view has selected.
  public var status: String {
    if findBar.isTyping || focus == .list { return findBar.status(baseStatus) }
    return baseStatus
  }

  private var baseStatus: String {
    let view = focusedView
    let source: CursorSource = focus == .list ? rows : chips
    let current = view.focusedIndexPath.map { source.title(at: $0) } ?? "nothing focused"
    let selected = view.numberOfSelectedItems
    return current + (selected > 0 ? " · \(selected.formatted) selected" : "")
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    let marks =
      rows.isGenerated
      ? "the item numbers at the right edge (1, 50k, …): click or drag to jump there"
      : "the sections' initials at the right edge: click or drag to jump to a section"
    return [
      ("↑ ↓ / ← →", "move in the focused list"),
      ("PgUp PgDn Home End", "page; first, last"),
      ("Enter", "expand or collapse the row"), ("Space", "select or deselect"),
      findBar.keyHelp,
      ("Shift-click, ⇧↑↓", "select a range"), ("Ctrl-click, Ctrl-A", "toggle one; select all"),
      ("Esc", "clear the find, then the selection"),
      ("drag the left edge", "select the rows it passes"),
    ] + (showsStrip ? [("Tab", "switch between the list and the strip")] : []) + [
      ("wheel, drag", "scroll the list under the pointer; click selects")
    ] + (isIndexShown ? [("index", marks)] : [])
  }

  /// The row's title, from the data.
  public func itemTitle(at indexPath: ItemPath) -> String? { rows.title(at: indexPath) }

  /// For a row Enter has opened, that it is open (its place among all rows as by default);
  /// `nil` for the others.
  public func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)? {
    rows.expanded.contains(indexPath) ? ("", true) : nil
  }
}
