import ReuseKit
import ReuseTerminal

/// A data source whose view can have the page's keyboard focus; its focused item (the
/// collection view's `focusedIndexPath`) is drawn as the cursor only then.
protocol CursorSource: AnyObject {
  var isFocused: Bool { get set }
  func title(at path: ItemPath) -> String
  /// Tells a displayed cell whether its view has the page's focus.
  func showFocus(_ shows: Bool, in cell: CollectionViewCell)
}

/// The vertical list's sections and rows, from `--data` or generated.
final class RowSource: CollectionViewDataSource, CursorSource {
  let data: GalleryData?
  let itemCount: Int
  let sectionCount: Int
  let hasVariableHeights: Bool
  var isFocused = false
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
    cell.showsFocus = isFocused
    return cell
  }

  /// With `--data`: the first letter of each section's title, one title a section (as a
  /// contact list's index). Generated: 20 marks spread over the items ("1", "50k", "100k"…).
  func indexTitles(for collectionView: CollectionView) -> [String]? {
    if let data {
      return data.sections.map { section in
        section.title.first.map { String($0).uppercased() } ?? "·"
      }
    }
    guard sectionCount > 0 else { return nil }
    return (0..<min(20, sectionCount)).map { mark in
      let first = indexSection(forTitle: mark) * DemoData.sectionSize + 1
      return first >= 1_000_000
        ? "\(first / 1_000_000)M" : first >= 1_000 ? "\(first / 1_000)k" : "\(first)"
    }
  }

  func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> ItemPath {
    ItemPath(section: data == nil ? indexSection(forTitle: index) : index, item: 0)
  }

  /// The generated list's section for index mark `mark` of 20.
  private func indexSection(forTitle mark: Int) -> Int {
    mark * sectionCount / min(20, sectionCount)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      ListHeaderView.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    if let section = data?.sections[indexPath.section] {
      header.title = section.title + (section.items.isEmpty ? " · no items" : "")
    } else {
      header.title = DemoData.sectionTitle(indexPath.section, itemCount: itemCount)
    }
    return header
  }

  func showFocus(_ shows: Bool, in cell: CollectionViewCell) {
    (cell as? ListRowCell)?.showsFocus = shows
  }
}

/// The horizontal strip's groups of chips.
final class ChipSource: CollectionViewDataSource, CursorSource {
  let groups: [(title: String, tags: [String])]
  let itemCount: Int
  var isFocused = false
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

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ChipCell.self, withReuseIdentifier: "chip", for: indexPath)
    cell.text = title(at: indexPath)
    cell.color = Theme.palette[flatIndex(of: indexPath) % Theme.palette.count]
    cell.showsFocus = isFocused
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

  func showFocus(_ shows: Bool, in cell: CollectionViewCell) {
    (cell as? ChipCell)?.showsFocus = shows
  }
}
