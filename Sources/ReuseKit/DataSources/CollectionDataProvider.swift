/// Where a data source's items come from: sections of
/// items, with optional section titles, and a way to change one item.
public protocol CollectionDataProvider {
  /// The type of the items.
  associatedtype Item

  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of items in `section` (0 for a section out of range).
  func numberOfItems(inSection section: Int) -> Int

  /// The item at `indexPath`, or `nil` when out of range.
  func item(at indexPath: ItemPath) -> Item?

  /// Replaces the item at `indexPath`; returns whether the path was in range.
  mutating func updateItem(at indexPath: ItemPath, value: Item) -> Bool

  /// The title of `section`'s header, if any.
  func headerTitle(forSection section: Int) -> String?

  /// The title of `section`'s footer, if any.
  func footerTitle(forSection section: Int) -> String?

  /// Moves the item at `source` to `destination` (its path after the move), for a drop that
  /// reorders; returns whether it moved. The default moves nothing.
  mutating func moveItem(at source: ItemPath, to destination: ItemPath) -> Bool
}

extension CollectionDataProvider {
  /// No header titles.
  public func headerTitle(forSection section: Int) -> String? { nil }
  /// No footer titles.
  public func footerTitle(forSection section: Int) -> String? { nil }
  /// Items do not move.
  public mutating func moveItem(at source: ItemPath, to destination: ItemPath) -> Bool { false }
}

/// Items in arrays: one list (one section) or a list of lists, with optional section titles.
public struct ArrayDataProvider<Item>: CollectionDataProvider {
  /// The items, section by section.
  public var sections: [[Item]]
  /// Header titles by section (missing entries: no title).
  public var headerTitles: [String]
  /// Footer titles by section (missing entries: no title).
  public var footerTitles: [String]

  /// One section of `items`, without titles.
  public init(items: [Item]) {
    self.init(sections: [items])
  }

  /// Sections of items, with optional titles.
  public init(sections: [[Item]], headerTitles: [String] = [], footerTitles: [String] = []) {
    self.sections = sections
    self.headerTitles = headerTitles
    self.footerTitles = footerTitles
  }

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of items in `section`.
  public func numberOfItems(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].count : 0
  }

  /// The item at `indexPath`, or `nil`.
  public func item(at indexPath: ItemPath) -> Item? {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return sections[indexPath.section][indexPath.item]
  }

  /// Replaces the item at `indexPath`.
  public mutating func updateItem(at indexPath: ItemPath, value: Item) -> Bool {
    guard item(at: indexPath) != nil else { return false }
    sections[indexPath.section][indexPath.item] = value
    return true
  }

  /// The header title of `section`, if any.
  public func headerTitle(forSection section: Int) -> String? {
    headerTitles.indices.contains(section) ? headerTitles[section] : nil
  }

  /// The footer title of `section`, if any.
  public func footerTitle(forSection section: Int) -> String? {
    footerTitles.indices.contains(section) ? footerTitles[section] : nil
  }

  /// Moves the item at `source` to `destination` (its path after the move).
  public mutating func moveItem(at source: ItemPath, to destination: ItemPath) -> Bool {
    sections.moveElement(at: source, to: destination)
  }
}
