import ReuseKit
import ReuseTerminal

/// The `list` page: a sectioned vertical list with sticky headers, and a sectioned horizontal
/// strip whose headers pin to its left edge. Tab moves the focus between them.
///
/// With generated data, titles are computed from the item's index, so `--items 1000000` costs
/// no memory per item; with `--data`, the file's sections and items are shown.
final class ListPage: GalleryPage {
  let title = "List"

  private let rows: RowSource
  private let chips: ChipSource
  private let list: CollectionView
  private let strip: CollectionView
  private let listPane: CollectionViewPane
  private let stripPane: CollectionViewPane
  private var focus = Focus.list
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

    let listLayout = ListLayout(
      itemSizing: rows.hasVariableHeights
        ? .perItem { [rows] in Double(rows.height(of: $0)) } : .uniform(1),
      headerLength: .fixed(1))
    listLayout.pinsHeaders = true
    list = CollectionView(layout: listLayout)
    list.register(ListRowCell.self, forCellWithReuseIdentifier: "row")
    list.register(
      ListHeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
    list.allowsMultipleSelection = true
    list.overscan = 2
    list.diagnostics.handler = nil

    let stripLayout = ListLayout(
      scrollDirection: .horizontal,
      itemSizing: .perItem { [chips] in Double(chips.width(of: $0)) },
      headerLength: .perSection { [chips] in Double(chips.headerWidth(of: $0)) })
    stripLayout.pinsHeaders = true
    strip = CollectionView(layout: stripLayout)
    strip.register(ChipCell.self, forCellWithReuseIdentifier: "chip")
    strip.register(
      ChipHeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "chipHeader")
    strip.allowsMultipleSelection = true
    strip.diagnostics.handler = nil

    listPane = CollectionViewPane(collectionView: list)
    stripPane = CollectionViewPane(collectionView: strip)
    listPane.background = Theme.plain
    stripPane.background = Theme.plain
    list.dataSource = rows
    strip.dataSource = chips
    rows.cursor = rows.itemCount > 0 ? ItemPath(section: rows.firstNonEmptySection, item: 0) : nil
    chips.cursor = chips.itemCount > 0 ? ItemPath(section: 0, item: 0) : nil
  }

  // MARK: Layout and drawing

  func layout(in frame: CellRect) {
    self.frame = frame
    let showsStrip = frame.height >= 6
    let listHeight = max(0, frame.height - 1 - (showsStrip ? 2 : 0))
    listPane.frame = CellRect(x: frame.x, y: frame.y + 1, width: frame.width, height: listHeight)
    stripPane.frame =
      showsStrip
      ? CellRect(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1) : .zero
    // After a resize, the focused row is still in view (clear of the pinned header).
    if let cursor = rows.cursor {
      list.layoutIfNeeded()
      list.scrollToItem(at: cursor, at: .nearest, animated: false)
    }
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
    let (view, source): (CollectionView, CursorSource) =
      focus == .list ? (list, rows) : (strip, chips)
    let step = focus == .list ? max(1, listPane.frame.height - 2) : 5
    let forward: Key = focus == .list ? .down : .right
    let backward: Key = focus == .list ? .up : .left
    switch key.key {
    case forward: moveCursor(by: 1, in: view, source: source)
    case backward: moveCursor(by: -1, in: view, source: source)
    case .pageDown: moveCursor(by: step, in: view, source: source)
    case .pageUp: moveCursor(by: -step, in: view, source: source)
    case .home: moveCursor(by: Int.min / 2, in: view, source: source)
    case .end: moveCursor(by: Int.max / 2, in: view, source: source)
    case .enter, .character(" "):
      if let cursor = source.cursor { view.tapItem(at: cursor) }
    default:
      return false
    }
    return true
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

  private func moveCursor(by steps: Int, in view: CollectionView, source: CursorSource) {
    guard let cursor = source.cursor else { return }
    let flat = source.flatIndex(of: cursor)
    let target = min(max(0, flat.addingReportingOverflow(steps).partialValue), source.itemCount - 1)
    guard let path = source.indexPath(forFlat: target) else { return }
    setCursor(path, in: view, source: source)
    view.scrollToItem(at: path, at: .nearest, animated: abs(steps) > 1)
  }

  private func setCursor(_ path: ItemPath, in view: CollectionView, source: CursorSource) {
    if let old = source.cursor { source.refresh(view.cellForItem(at: old), isCursor: false) }
    source.cursor = path
    source.refresh(view.cellForItem(at: path), isCursor: true)
  }

  // MARK: Time and state

  func tick(now: Double) {
    listPane.tick(now: now)
    stripPane.tick(now: now)
  }

  var isAnimating: Bool { list.isAnimating || strip.isAnimating }

  var counters: ReuseCounters { list.reuseCounters }

  var poolSizes: [String: Int] { list.reusePool.countsByIdentifier }

  var status: String {
    let view = focus == .list ? list : strip
    let source: CursorSource = focus == .list ? rows : chips
    let current = source.cursor.map { source.title(at: $0) } ?? "–"
    return "\(current) · selected \(view.indexPathsForSelectedItems.count)"
  }

  var keyHelp: [(String, String)] {
    [
      ("↑ ↓ / ← →", "move in the focused list"), ("PgUp PgDn", "page"), ("Home End", "first, last"),
      ("Enter Space", "select or deselect"), ("Tab", "switch between the list and the strip"),
      ("wheel, drag", "scroll the list under the pointer; click selects"),
    ]
  }
}

/// A data source with a movable cursor (the highlighted item).
private protocol CursorSource: AnyObject {
  var cursor: ItemPath? { get set }
  var itemCount: Int { get }
  func flatIndex(of path: ItemPath) -> Int
  func indexPath(forFlat flat: Int) -> ItemPath?
  func title(at path: ItemPath) -> String
  func refresh(_ cell: CollectionViewCell?, isCursor: Bool)
}

/// The vertical list's sections and rows, from `--data` or generated.
private final class RowSource: CollectionViewDataSource, CursorSource {
  let data: GalleryData?
  let itemCount: Int
  let sectionCount: Int
  let hasVariableHeights: Bool
  var cursor: ItemPath?
  private var sectionStarts: [Int] = []

  init(options: GalleryOptions) {
    data = options.data
    if let data = options.data {
      itemCount = data.sections.reduce(0) { $0 + $1.items.count }
      sectionCount = data.sections.count
      hasVariableHeights = data.sections.contains { $0.items.contains { $0.height != 1 } }
      var start = 0
      for section in data.sections {
        sectionStarts.append(start)
        start += section.items.count
      }
    } else {
      itemCount = max(0, options.itemCount)
      sectionCount = (itemCount + DemoData.sectionSize - 1) / DemoData.sectionSize
      hasVariableHeights = false
    }
  }

  var firstNonEmptySection: Int {
    guard let data else { return 0 }
    return data.sections.firstIndex { !$0.items.isEmpty } ?? 0
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sectionCount }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    if let data { return data.sections[section].items.count }
    return min(DemoData.sectionSize, itemCount - section * DemoData.sectionSize)
  }

  func height(of path: ItemPath) -> Int {
    data?.sections[path.section].items[path.item].height ?? 1
  }

  func title(at path: ItemPath) -> String {
    if let data { return data.sections[path.section].items[path.item].title }
    return DemoData.title(forItem: flatIndex(of: path))
  }

  func flatIndex(of path: ItemPath) -> Int {
    data == nil
      ? path.section * DemoData.sectionSize + path.item : sectionStarts[path.section] + path.item
  }

  func indexPath(forFlat flat: Int) -> ItemPath? {
    guard flat >= 0 && flat < itemCount else { return nil }
    guard data != nil else {
      return ItemPath(section: flat / DemoData.sectionSize, item: flat % DemoData.sectionSize)
    }
    return path(forFlat: flat, sectionStarts: sectionStarts)
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ListRowCell.self, withReuseIdentifier: "row", for: indexPath)
    let flat = flatIndex(of: indexPath)
    cell.title = title(at: indexPath)
    cell.detail =
      data?.sections[indexPath.section].items[indexPath.item].detail ?? "#\((flat + 1).formatted)"
    cell.badge = Theme.palette[flat % Theme.palette.count]
    cell.isStriped = flat % 2 == 1
    cell.isCursor = indexPath == cursor
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      ListHeaderView.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    header.title =
      data?.sections[indexPath.section].title
      ?? DemoData.sectionTitle(indexPath.section, itemCount: itemCount)
    return header
  }

  func refresh(_ cell: CollectionViewCell?, isCursor: Bool) {
    (cell as? ListRowCell)?.isCursor = isCursor
  }
}

/// The path of flat index `flat`, given each section's first flat index: the last section
/// starting at or before it (empty sections before it start there too). O(log S).
private func path(forFlat flat: Int, sectionStarts starts: [Int]) -> ItemPath {
  var low = 0
  var high = starts.count - 1
  while low < high {
    let mid = (low + high + 1) / 2
    if starts[mid] <= flat { low = mid } else { high = mid - 1 }
  }
  return ItemPath(section: low, item: flat - starts[low])
}

/// The horizontal strip's groups of chips.
private final class ChipSource: CollectionViewDataSource, CursorSource {
  let groups: [(title: String, tags: [String])]
  let itemCount: Int
  var cursor: ItemPath?
  private var starts: [Int] = []

  init(tags: [String]?) {
    if let tags, !tags.isEmpty {
      groups = [("Tags", tags)]
    } else {
      groups = DemoData.tagGroups.map { ($0.0, $0.1) }
    }
    var start = 0
    for group in groups {
      starts.append(start)
      start += group.tags.count
    }
    itemCount = start
  }

  func width(of path: ItemPath) -> Int {
    CharacterWidth.of(groups[path.section].tags[path.item]) + 3
  }
  func headerWidth(of section: Int) -> Int { CharacterWidth.of(groups[section].title) + 4 }

  func numberOfSections(in collectionView: CollectionView) -> Int { groups.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    groups[section].tags.count
  }

  func title(at path: ItemPath) -> String { groups[path.section].tags[path.item] }
  func flatIndex(of path: ItemPath) -> Int { starts[path.section] + path.item }

  func indexPath(forFlat flat: Int) -> ItemPath? {
    guard flat >= 0 && flat < itemCount else { return nil }
    return path(forFlat: flat, sectionStarts: starts)
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ChipCell.self, withReuseIdentifier: "chip", for: indexPath)
    cell.text = title(at: indexPath)
    cell.color = Theme.palette[flatIndex(of: indexPath) % Theme.palette.count]
    cell.isCursor = indexPath == cursor
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      ChipHeaderView.self, ofKind: kind, withReuseIdentifier: "chipHeader", for: indexPath)
    header.title = groups[indexPath.section].title
    return header
  }

  func refresh(_ cell: CollectionViewCell?, isCursor: Bool) {
    (cell as? ChipCell)?.isCursor = isCursor
  }
}
