/// Data for the gallery's demos, loaded from `reuse-gallery --data FILE.json`.
///
/// ### Schema
/// ```json
/// {
///   "title": "Groceries",
///   "sections": [
///     { "title": "Fruit", "items": ["Apple", { "title": "Banana", "detail": "ripe", "height": 2 }] },
///     { "title": "Bakery", "items": [] }
///   ],
///   "tags": ["fresh", "organic", "local"]
/// }
/// ```
/// - `title` (string, optional): shown above the list.
/// - `sections` (array, required, at most 10,000): each has a `title` (string, required) and
///   `items` (array, required). An item is a string (its title) or an object with `title`
///   (string, required), `detail` (string, optional) and `height` (number of rows, 1 to 10,
///   optional, default 1).
/// - `tags` (array of strings, optional): the chips of the horizontal strip.
///
/// At most 1,000,000 items in all. Unknown keys are errors, so that a typo is not ignored.
/// Blank texts (empty, or spaces alone) are given stand-ins: a section's title "Section N", an
/// item's "(untitled)"; a blank detail is none, and a blank tag is left out. Control
/// characters (a tab, ESC, a line break) are read as their pictures (␉, ␛, ␊), so that every
/// page shows them alike and none reaches the terminal (pages had shown, stripped or
/// dropped them: a new user's finding).
public struct GalleryData: Sendable, Equatable {
  /// One item of the list.
  public struct Item: Sendable, Equatable {
    /// The title.
    public var title: String
    /// A secondary text, right-aligned.
    public var detail: String?
    /// The height in rows.
    public var height: Int

    /// Creates an item.
    public init(title: String, detail: String? = nil, height: Int = 1) {
      self.title = title
      self.detail = detail
      self.height = height
    }
  }

  /// A section's items, kept compact: only their titles while every item is a plain title
  /// (16 bytes an item, the text inline when short), whole items otherwise. Read like the
  /// array of ``Item`` it stands for.
  public struct ItemList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private enum Storage: Sendable, Equatable {
      case titles([String])
      case items([Item])
    }
    private let storage: Storage

    /// The items of `items`, kept as titles when they are plain.
    public init(_ items: [Item]) {
      storage =
        items.allSatisfy { $0.detail == nil && $0.height == 1 }
        ? .titles(items.map(\.title)) : .items(items)
    }

    /// Plain items with these titles.
    public init(titles: [String]) { storage = .titles(titles) }

    /// The items of an array literal.
    public init(arrayLiteral elements: Item...) { self.init(elements) }

    /// 0.
    public var startIndex: Int { 0 }

    /// The number of items.
    public var endIndex: Int {
      switch storage {
      case .titles(let titles): return titles.count
      case .items(let items): return items.count
      }
    }

    /// The item at `index`.
    public subscript(index: Int) -> Item {
      switch storage {
      case .titles(let titles): return Item(title: titles[index])
      case .items(let items): return items[index]
      }
    }

    /// Equal when the items are.
    public static func == (lhs: ItemList, rhs: ItemList) -> Bool { lhs.elementsEqual(rhs) }
  }

  /// One section.
  public struct Section: Sendable, Equatable {
    /// The header's text.
    public var title: String
    /// The items.
    public var items: ItemList

    /// Creates a section.
    public init(title: String, items: [Item]) {
      self.init(title: title, items: ItemList(items))
    }

    /// Creates a section of `items`, however they are kept.
    public init(title: String, items: ItemList) {
      self.title = title
      self.items = items
    }
  }

  /// The list's title.
  public var title: String?
  /// The sections.
  public var sections: [Section]
  /// The horizontal strip's chips.
  public var tags: [String]

  /// The most sections a file may hold.
  public static let maximumSections = 10_000
  /// The most items a file may hold.
  public static let maximumItems = 1_000_000
  /// The largest file accepted, in bytes.
  public static let maximumFileSize = 256 * 1_048_576

  /// Parses and checks a data file's bytes.
  public static func parse(_ bytes: [UInt8]) throws(DataFileError) -> GalleryData {
    try JSONParser.parse(bytes, reading: check)
  }

  static func check(_ root: JSONValue) throws(DataFileError) -> GalleryData {
    guard case .object(let members, _) = root else {
      throw DataFileError(
        "the top level must be an object, not \(root.typeName)", offset: root.offset)
    }
    try rejectUnknownKeys(members, allowed: ["title", "sections", "tags"], path: "the top level")
    var data = GalleryData(title: nil, sections: [], tags: [])
    if let title = member("title", in: members) {
      data.title = try string(title, path: "title").showingControls
    }
    guard let sections = member("sections", in: members) else {
      throw DataFileError("the top level needs a \"sections\" array", offset: root.offset)
    }
    guard case .array(let sectionValues, _) = sections else {
      throw DataFileError(
        "\"sections\" must be an array, not \(sections.typeName)", offset: sections.offset)
    }
    guard sectionValues.count <= maximumSections else {
      throw DataFileError(
        "\(sectionValues.count) sections; at most \(maximumSections) are accepted",
        offset: sections.offset)
    }
    var itemCount = 0
    for (sectionIndex, sectionValue) in sectionValues.enumerated() {
      let path = "sections[\(sectionIndex)]"
      guard case .object(let sectionMembers, _) = sectionValue else {
        throw DataFileError(
          "\(path) must be an object, not \(sectionValue.typeName)", offset: sectionValue.offset)
      }
      try rejectUnknownKeys(sectionMembers, allowed: ["title", "items"], path: path)
      guard let titleValue = member("title", in: sectionMembers) else {
        throw DataFileError("\(path) needs a \"title\"", offset: sectionValue.offset)
      }
      guard let itemsValue = member("items", in: sectionMembers) else {
        throw DataFileError("\(path) needs an \"items\" array", offset: sectionValue.offset)
      }
      guard case .array(let itemValues, _) = itemsValue else {
        throw DataFileError(
          "\(path).items must be an array, not \(itemsValue.typeName)", offset: itemsValue.offset)
      }
      itemCount += itemValues.count
      guard itemCount <= maximumItems else {
        throw DataFileError("more than \(maximumItems) items in all", offset: itemsValue.offset)
      }
      // Plain titles (the common case of a long list) are kept as titles alone: a million
      // items take 16 MB, not 48 (the peers' benchmark).
      var titles: [String] = []
      var items: [Item]?
      titles.reserveCapacity(itemValues.count)
      for (itemIndex, itemValue) in itemValues.enumerated() {
        var read = try item(itemValue, path: "\(path).items[\(itemIndex)]")
        read.title = isBlank(read.title) ? untitled : read.title.showingControls
        read.detail = read.detail?.showingControls
        if items == nil, read.detail == nil, read.height == 1 {
          titles.append(read.title)
          continue
        }
        if items == nil {
          items = titles.map { Item(title: $0) }
          titles = []
        }
        items!.append(read)
      }
      let title = try string(titleValue, path: "\(path).title")
      data.sections.append(
        Section(
          title: isBlank(title) ? "Section \(sectionIndex + 1)" : title.showingControls,
          items: items.map(ItemList.init) ?? ItemList(titles: titles)))
    }
    if let tags = member("tags", in: members) {
      guard case .array(let tagValues, _) = tags else {
        throw DataFileError("\"tags\" must be an array, not \(tags.typeName)", offset: tags.offset)
      }
      data.tags = try tagValues.enumerated().map { (index, value) throws(DataFileError) in
        try string(value, path: "tags[\(index)]")
      }
      .filter { !isBlank($0) }.map(\.showingControls)
    }
    return data
  }

  /// What an item with a blank title shows.
  public static let untitled = "(untitled)"

  /// Whether `text` shows nothing (empty, or spaces alone). Blank texts are given a stand-in
  /// as they are read: a section titled "Section 2", an item "(untitled)"; a blank detail is
  /// none and a blank tag is left out. Shown as they were, they were gaps a reader could
  /// not tell from a row of nothing, and a tag strip's chip no one could see (a new user's
  /// finding).
  static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
  }

  // Paths are only spelled out for an error: `@autoclosure`, so that a million valid items
  // build no strings.
  private static func item(
    _ value: JSONValue, path: @autoclosure () -> String
  ) throws(DataFileError) -> Item {
    if case .string(let title, _) = value { return Item(title: title, detail: nil, height: 1) }
    guard case .object(let members, _) = value else {
      throw DataFileError(
        "\(path()) must be a string or an object, not \(value.typeName)", offset: value.offset)
    }
    try rejectUnknownKeys(members, allowed: ["title", "detail", "height"], path: path())
    guard let titleValue = member("title", in: members) else {
      throw DataFileError("\(path()) needs a \"title\"", offset: value.offset)
    }
    var item = Item(title: try string(titleValue, path: "\(path()).title"), detail: nil, height: 1)
    if let detail = member("detail", in: members) {
      let text = try string(detail, path: "\(path()).detail")
      item.detail = isBlank(text) ? nil : text
    }
    if let height = member("height", in: members) {
      guard case .number(let rows, _) = height else {
        throw DataFileError(
          "\(path()).height must be a number, not \(height.typeName)", offset: height.offset)
      }
      guard rows.isFinite, rows == rows.rounded(), rows >= 1, rows <= 10 else {
        throw DataFileError(
          "\(path()).height is \(Self.numberText(rows)); it must be a whole number from 1 to 10",
          offset: height.offset)
      }
      item.height = Int(rows)
    }
    return item
  }

  /// A number as the file writes it: `100`, not `100.0`.
  static func numberText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  private static func string(
    _ value: JSONValue, path: @autoclosure () -> String
  ) throws(DataFileError) -> String {
    guard case .string(let text, _) = value else {
      throw DataFileError("\(path()) must be a string, not \(value.typeName)", offset: value.offset)
    }
    return text
  }

  private static func member(
    _ key: String, in members: [(key: String, value: JSONValue)]
  ) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  private static func rejectUnknownKeys(
    _ members: [(key: String, value: JSONValue)], allowed: Set<String>,
    path: @autoclosure () -> String
  ) throws(DataFileError) {
    for member in members where !allowed.contains(member.key) {
      let expected = allowed.sorted().joined(separator: ", ")
      throw DataFileError(
        "unknown key \(DataFileError.quoted(member.key)) in \(path()) (expected \(expected))",
        offset: member.value.offset)
    }
  }
}
