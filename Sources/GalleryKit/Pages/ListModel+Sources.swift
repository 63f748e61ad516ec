import ReuseDeclarative
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
}

/// The vertical list's sections and rows, from `--data` or generated: what the list's
/// declaration (``ListModel``) reads.
public final class RowSource: CursorSource {
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
  /// With `--data`: each distinct initial of the sections' titles, in order, and the first
  /// section it stands for.
  private var initials: (titles: [String], sections: [Int]) = ([], [])
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
      var seen: Set<String> = []
      for (index, section) in data.sections.enumerated() {
        sectionStarts.append(start)
        start += section.items.count
        let initial = section.title.first.map { String($0).uppercased() } ?? "·"
        if seen.insert(initial).inserted {
          initials.titles.append(initial)
          initials.sections.append(index)
        }
      }
    } else {
      itemCount = max(0, options.itemCount)
      sectionCount = (itemCount + DemoData.sectionSize - 1) / DemoData.sectionSize
      hasVariableHeights = false
    }
  }

  /// The section's rows: the data file's items, or up to `DemoData.sectionSize` generated ones.
  public func itemCount(inSection section: Int) -> Int {
    if let data { return data.sections[section].items.count }
    return min(DemoData.sectionSize, itemCount - section * DemoData.sectionSize)
  }

  /// How many rows every section holds, when they all hold as many (generated rows whose
  /// count divides evenly): said once, so ten million rows' 200,000 sections are not asked
  /// one by one.
  var itemsInEverySection: Int? {
    data == nil && itemCount % DemoData.sectionSize == 0 ? DemoData.sectionSize : nil
  }

  /// The flat indices of the section's rows: their identities.
  func rows(inSection section: Int) -> Range<Int> {
    let start = data == nil ? section * DemoData.sectionSize : sectionStarts[section]
    return start..<(start + itemCount(inSection: section))
  }

  /// The section's header: its title (" · no items" added to an empty one).
  func sectionTitle(_ section: Int) -> String {
    guard let data else { return DemoData.sectionTitle(section, itemCount: itemCount) }
    let shown = data.sections[section]
    return shown.title + (shown.items.isEmpty ? " · no items" : "")
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

  /// Shows the row at `indexPath` in `cell` (a host's ``RowPresenting`` cell): its title,
  /// detail and colour, its details when expanded, its find mark, and whether the list has
  /// the focus.
  func present(_ cell: CollectionViewCell, at indexPath: ItemPath) {
    if let row = cell as? any RowPresenting {
      let flat = flatIndex(of: indexPath)
      row.present(
        title: title(at: indexPath),
        detail: data?.sections[indexPath.section].items[indexPath.item].detail
          ?? "#\((flat + 1).formatted)",
        colorIndex: flat, isStriped: flat % 2 == 1)
      row.expandedLines = expanded.contains(indexPath) ? expandedLines(at: indexPath) : []
      row.isFindMatch = isFindMatch(indexPath)
    }
    showFocus(isFocused, in: cell)
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

  /// With `--data`: the first letters of the sections' titles, each once, in the order they
  /// first come (a contact list's index: sections sharing an initial repeated it, a new
  /// user's finding). Generated: 20 marks spread over the items ("1", "50k", "100k"…).
  var indexTitles: [String] {
    if data != nil { return initials.titles }
    guard sectionCount > 0 else { return [] }
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

  /// The section index title `index` jumps to: with `--data`, the first section its initial
  /// begins; a generated list's mark of 20.
  func indexSection(forTitle index: Int) -> Int {
    guard data != nil else { return index * sectionCount / max(1, min(20, sectionCount)) }
    return initials.sections.indices.contains(index) ? initials.sections[index] : index
  }
}

/// Declared content shown in a host's cell registered under ``reuseIdentifier`` before the
/// first layout (a plain cell stands until then), configured by the page's model.
protocol HostRegisteredContent: CellContent where CellType == CollectionViewCell {}

extension HostRegisteredContent {
  static func register(in collectionView: CollectionView) {
    if collectionView.cellRegistration(forReuseIdentifier: reuseIdentifier) == nil {
      collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: reuseIdentifier)
    }
  }
}

/// A row as a declared item: the host's row cell, registered under
/// ``ListModel/rowIdentifier``, shown by the rows' model.
struct RowContent: HostRegisteredContent {
  let rows: RowSource
  static var reuseIdentifier: String { ListModel.rowIdentifier }
  func configure(_ cell: CollectionViewCell, at indexPath: ItemPath) {
    rows.present(cell, at: indexPath)
  }
}

/// The horizontal strip's groups of chips: what the strip's declaration reads.
public final class ChipSource: CursorSource {
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
    (metrics.headerTextWidth ?? metrics.textWidth)(groups[section].title)
      + metrics.chipHeaderPadding
  }

  /// The chip's tag.
  public func title(at path: ItemPath) -> String { groups[path.section].tags[path.item] }
  func flatIndex(of path: ItemPath) -> Int { starts[path.section] + path.item }

  /// The flat indices of the group's chips: their identities.
  func chips(inGroup group: Int) -> Range<Int> {
    starts[group]..<(starts[group] + groups[group].tags.count)
  }

  /// Shows the chip at `indexPath` in `cell` (a host's ``ChipPresenting`` cell), and whether
  /// the strip has the focus.
  func present(_ cell: CollectionViewCell, at indexPath: ItemPath) {
    (cell as? any ChipPresenting)?.present(
      text: title(at: indexPath), colorIndex: flatIndex(of: indexPath))
    showFocus(isFocused, in: cell)
  }
}

/// A chip as a declared item: the host's chip cell, registered under
/// ``ListModel/chipIdentifier``.
struct ChipContent: HostRegisteredContent {
  let chips: ChipSource
  static var reuseIdentifier: String { ListModel.chipIdentifier }
  func configure(_ cell: CollectionViewCell, at indexPath: ItemPath) {
    chips.present(cell, at: indexPath)
  }
}
