import ReuseKit

/// A data source whose view can have the page's keyboard focus; its focused item (the
/// collection view's `focusedIndexPath`) is drawn as the cursor only then.
public protocol CursorSource: AnyObject {
  var isFocused: Bool { get set }
  func title(at path: ItemPath) -> String
}

extension CursorSource {
  /// Tells a displayed cell whether its view has the page's focus.
  public func showFocus(_ shows: Bool, in cell: CollectionViewCell) {
    (cell as? any FocusShowing)?.showsFocus = shows
  }

  /// A cell dequeued under `identifier`, shown by `present` when it is a `Presenter`, and
  /// told whether its view has the page's focus.
  func cell<Presenter>(
    _ identifier: String, for indexPath: ItemPath, in collectionView: CollectionView,
    presentedAs: Presenter.Type, _ present: (Presenter) -> Void
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    if let presenter = cell as? Presenter { present(presenter) }
    showFocus(isFocused, in: cell)
    return cell
  }
}

/// The vertical list's sections and rows, from `--data` or generated.
public final class RowSource: CollectionViewDataSource, CursorSource, SearchableDataSource {
  let data: GalleryData?
  /// How many rows there are, in all sections.
  public let itemCount: Int
  /// How many sections there are.
  public let sectionCount: Int
  /// Whether the rows' heights vary: some data file item's `height` is not 1.
  public let hasVariableHeights: Bool
  /// Whether the list has the page's keyboard focus.
  public var isFocused = false
  /// The rows Enter expanded.
  public internal(set) var expanded: Set<ItemPath> = []
  private var sectionStarts: [Int] = []
  /// Whether the rows are generated (no data file).
  public var isGenerated: Bool { data == nil }
  /// Whether a row matches the page's find, for marking it.
  var isFindMatch: (ItemPath) -> Bool = { _ in false }

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

  /// The number of sections: ``sectionCount``.
  public func numberOfSections(in collectionView: CollectionView) -> Int { sectionCount }

  /// The section's rows: the data file's items, or up to `DemoData.sectionSize` generated ones.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    if let data { return data.sections[section].items.count }
    return min(DemoData.sectionSize, itemCount - section * DemoData.sectionSize)
  }

  /// Generated sections all hold `DemoData.sectionSize` rows when the count divides evenly:
  /// said once, so ten million rows' 200,000 sections are not asked one by one.
  public func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int? {
    data == nil && itemCount % DemoData.sectionSize == 0 ? DemoData.sectionSize : nil
  }

  /// A row's height in rows (a data file's `height`).
  public func height(of path: ItemPath) -> Int {
    data?.sections[path.section].items[path.item].height ?? 1
  }

  /// The row's title: the data file's, or generated from its index.
  public func title(at path: ItemPath) -> String {
    if let data { return data.sections[path.section].items[path.item].title }
    return DemoData.title(forItem: flatIndex(of: path))
  }

  func flatIndex(of path: ItemPath) -> Int {
    data == nil
      ? path.section * DemoData.sectionSize + path.item : sectionStarts[path.section] + path.item
  }

  /// A row cell showing the row's title, detail and colour, and whether the list has the focus.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    cell(
      ListModel.rowIdentifier, for: indexPath, in: collectionView,
      presentedAs: (any RowPresenting).self
    ) { row in
      let flat = flatIndex(of: indexPath)
      row.present(
        title: title(at: indexPath),
        detail: data?.sections[indexPath.section].items[indexPath.item].detail
          ?? "#\((flat + 1).formatted)",
        colorIndex: flat, isStriped: flat % 2 == 1)
      row.expandedLines = expanded.contains(indexPath) ? expandedLines(at: indexPath) : []
      row.isFindMatch = isFindMatch(indexPath)
    }
  }

  /// A row is found by its title.
  public func collectionView(
    _ collectionView: CollectionView, searchableTextForItemAt indexPath: ItemPath
  ) -> String? {
    title(at: indexPath)
  }

  /// What an expanded row shows below its title.
  public func expandedLines(at path: ItemPath) -> [String] {
    let flat = flatIndex(of: path)
    let section =
      data?.sections[path.section].title
      ?? DemoData.sectionTitle(path.section, itemCount: itemCount)
    return [
      "row \((path.item + 1).formatted) of \(section) · item \((flat + 1).formatted) of \(itemCount.formatted)",
      "Enter collapses it; the rows below glide down and back",
    ]
  }

  /// With `--data`: the first letter of each section's title, one title a section (as a
  /// contact list's index). Generated: 20 marks spread over the items ("1", "50k", "100k"…).
  public func indexTitles(for collectionView: CollectionView) -> [String]? {
    if let data {
      return data.sections.map { section in
        section.title.first.map { String($0).uppercased() } ?? "·"
      }
    }
    guard sectionCount > 0 else { return nil }
    return (0..<min(20, sectionCount)).map { mark in
      Self.shortCount(indexSection(forTitle: mark) * DemoData.sectionSize + 1)
    }
  }

  /// A count in a few characters: "1", "950", "1.5k", "50k", "1M", "1.1M" (a tenth shown
  /// below ten of a unit, where the marks of a list of two million read "1M" nine times).
  static func shortCount(_ count: Int) -> String {
    func scaled(_ unit: Int, _ suffix: String) -> String {
      let tenths = count / (unit / 10)
      guard count < 10 * unit, tenths % 10 != 0 else { return "\(count / unit)\(suffix)" }
      return "\(tenths / 10).\(tenths % 10)\(suffix)"
    }
    if count >= 1_000_000 { return scaled(1_000_000, "M") }
    if count >= 1_000 { return scaled(1_000, "k") }
    return "\(count)"
  }

  /// The first row of the section that index title `index` jumps to.
  public func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> ItemPath {
    ItemPath(section: data == nil ? indexSection(forTitle: index) : index, item: 0)
  }

  /// The generated list's section for index mark `mark` of 20.
  private func indexSection(forTitle mark: Int) -> Int {
    mark * sectionCount / min(20, sectionCount)
  }

  /// A section header showing the section's title (" · no items" added to an empty one).
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: ListModel.headerIdentifier, for: indexPath)
    let title: String
    if let section = data?.sections[indexPath.section] {
      title = section.title + (section.items.isEmpty ? " · no items" : "")
    } else {
      title = DemoData.sectionTitle(indexPath.section, itemCount: itemCount)
    }
    (header as? any TitlePresenting)?.title = title
    return header
  }
}

/// The horizontal strip's groups of chips.
public final class ChipSource: CollectionViewDataSource, CursorSource {
  let groups: [(title: String, tags: [String])]
  /// How many chips there are, in all groups.
  public let itemCount: Int
  /// Whether the strip has the page's keyboard focus.
  public var isFocused = false
  private var starts: [Int] = []
  private let metrics: GalleryMetrics

  init(tags: [String]?, metrics: GalleryMetrics) {
    self.metrics = metrics
    if let tags {
      groups = tags.isEmpty ? [] : [("Tags", tags)]
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

  func width(of path: ItemPath) -> Double {
    metrics.textWidth(groups[path.section].tags[path.item]) + metrics.chipPadding
  }
  func headerWidth(of section: Int) -> Double {
    metrics.textWidth(groups[section].title) + metrics.chipHeaderPadding
  }

  /// The number of groups: a section each.
  public func numberOfSections(in collectionView: CollectionView) -> Int { groups.count }

  /// The number of chips in the group.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    groups[section].tags.count
  }

  /// The chip's tag.
  public func title(at path: ItemPath) -> String { groups[path.section].tags[path.item] }
  func flatIndex(of path: ItemPath) -> Int { starts[path.section] + path.item }

  /// A chip cell showing the chip's tag and colour, and whether the strip has the focus.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    cell(
      ListModel.chipIdentifier, for: indexPath, in: collectionView,
      presentedAs: (any ChipPresenting).self
    ) { chip in
      chip.present(text: title(at: indexPath), colorIndex: flatIndex(of: indexPath))
    }
  }

  /// A group header showing the group's title.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.titledView(
      kind, ListModel.chipHeaderIdentifier, at: indexPath, title: groups[indexPath.section].title)
  }
}

extension CollectionView {
  /// A supplementary view dequeued under `identifier`, showing `title` when it is a
  /// ``TitlePresenting``.
  func titledView(
    _ kind: SupplementaryKind, _ identifier: String, at indexPath: ItemPath, title: String
  ) -> ReusableView {
    let view = dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
    (view as? any TitlePresenting)?.title = title
    return view
  }
}
