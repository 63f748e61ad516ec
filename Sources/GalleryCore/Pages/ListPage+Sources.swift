import ReuseKit
import ReuseTerminal

/// A data source with a movable cursor (the highlighted item).
protocol CursorSource: AnyObject {
  /// Whether its view has the focus: only the focused view shows its cursor.
  var isFocused: Bool { get set }
  var cursor: ItemPath? { get set }
  var itemCount: Int { get }
  func flatIndex(of path: ItemPath) -> Int
  func indexPath(forFlat flat: Int) -> ItemPath?
  func title(at path: ItemPath) -> String
  func refresh(_ cell: CollectionViewCell?, isCursor: Bool)
}

/// The vertical list's sections and rows, from `--data` or generated.
final class RowSource: CollectionViewDataSource, CursorSource {
  let data: GalleryData?
  let itemCount: Int
  let sectionCount: Int
  let hasVariableHeights: Bool
  var cursor: ItemPath?
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
    cell.isCursor = isFocused && indexPath == cursor
    return cell
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
final class ChipSource: CollectionViewDataSource, CursorSource {
  let groups: [(title: String, tags: [String])]
  let itemCount: Int
  var cursor: ItemPath?
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

  func indexPath(forFlat flat: Int) -> ItemPath? {
    (0..<itemCount).contains(flat) ? path(forFlat: flat, sectionStarts: starts) : nil
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
    cell.isCursor = isFocused && indexPath == cursor
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
