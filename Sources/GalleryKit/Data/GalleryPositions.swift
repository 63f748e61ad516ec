import ReuseKit

/// Which page showed and where each page was scrolled to: what `--restore FILE` keeps across
/// runs, as JSON:
///
/// ```json
/// {"page": "list", "positions": {"list": {"section": 3, "item": 12, "offset": 0,
///   "start": false, "focus": [3, 14]}}}
/// ```
public struct GalleryPositions: Equatable, Sendable {
  /// One page's scroll position and focused item.
  public struct Page: Equatable, Sendable {
    /// Where its main collection view was scrolled to.
    public var scroll: SavedScrollPosition<ItemPath>
    /// Its focused item, if any.
    public var focus: ItemPath?
    /// Its one selected item (the option bar's category), if it keeps one.
    public var selection: Int?
    /// Which of its collection views the position is of (the board's active column), for a
    /// page of several.
    public var view: Int?
    /// The rows it keeps open (the outline's expanded places, each as its path of indices
    /// from the root, parents first), for a page whose positions depend on them.
    public var expanded: [[Int]]?
    /// The position of each of its collection views, by index, for a page of several (the
    /// board's columns: each is scrolled on its own).
    public var views: [Page]?
    /// For a page whose rows are places named by paths of indices (the outline): the focused
    /// row's place and the place of the row at the top, which restore where the rows are now
    /// (a row's index moves when another run opens other rows or has other counts: the focus
    /// came back on another row, a new user's finding). The paths above are the fallback.
    public var focusPlace: [Int]?
    /// The place of the row at the top, for a page whose rows are places (see
    /// ``focusPlace``).
    public var scrollPlace: [Int]?
    /// Its switches, by name, for a page whose rows depend on them (the settings page's
    /// "Show advanced" adds a section: restored without it, the focus saved in that section
    /// landed on the list's last item, a new user's finding).
    public var switches: [String: Bool]?
    /// Its items by column, for a page whose items move between collection views (the
    /// board's cards, by id): restored before the positions, which are places among them.
    public var columns: [[Int]]?

    /// A page's position.
    public init(
      scroll: SavedScrollPosition<ItemPath>, focus: ItemPath? = nil, selection: Int? = nil,
      view: Int? = nil, expanded: [[Int]]? = nil, views: [Page]? = nil,
      focusPlace: [Int]? = nil, scrollPlace: [Int]? = nil, switches: [String: Bool]? = nil,
      columns: [[Int]]? = nil
    ) {
      self.scroll = scroll
      self.focus = focus
      self.selection = selection
      self.view = view
      self.expanded = expanded
      self.views = views
      self.focusPlace = focusPlace
      self.scrollPlace = scrollPlace
      self.switches = switches
      self.columns = columns
    }

    /// The position as the file's object.
    var json: String {
      let offset = scroll.offsetInItem.isFinite ? scroll.offsetInItem : 0
      let focus = self.focus.map { ", \"focus\": [\($0.section), \($0.item)]" } ?? ""
      let selection = self.selection.map { ", \"selection\": \($0)" } ?? ""
      let view = self.view.map { ", \"view\": \($0)" } ?? ""
      let expanded =
        self.expanded.map { paths in
          ", \"expanded\": [" + paths.map { "\($0)" }.joined(separator: ", ") + "]"
        } ?? ""
      // The rails of a page of rails: [section, offset] pairs, in section order.
      let rails =
        scroll.railOffsets.map { offsets in
          ", \"rails\": ["
            + offsets.keys.sorted().map { "[\($0), \(offsets[$0]!)]" }.joined(separator: ", ")
            + "]"
        } ?? ""
      let views =
        self.views.map { views in
          ", \"views\": [" + views.map(\.json).joined(separator: ", ") + "]"
        } ?? ""
      let places =
        (focusPlace.map { ", \"focusPlace\": \($0)" } ?? "")
        + (scrollPlace.map { ", \"scrollPlace\": \($0)" } ?? "")
      // Names are the page's own (letters and digits); others are left out, never written raw.
      let switches =
        self.switches.map { states in
          ", \"switches\": {"
            + states.keys.sorted().filter {
              $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
            .map { "\"\($0)\": \(states[$0]!)" }.joined(separator: ", ") + "}"
        } ?? ""
      let columns =
        self.columns.map { columns in
          ", \"columns\": [" + columns.map { "\($0)" }.joined(separator: ", ") + "]"
        } ?? ""
      return "{\"section\": \(scroll.indexPath.section), "
        + "\"item\": \(scroll.indexPath.item), \"offset\": \(offset), "
        + "\"start\": \(scroll.isAtStart)\(focus)\(selection)\(view)\(rails)\(expanded)\(views)"
        + "\(places)\(switches)\(columns)}"
    }
  }

  /// The page that showed last.
  public var page: String?
  /// Each page's position, by page name.
  public var positions: [String: Page]

  /// Positions (none by default).
  public init(page: String? = nil, positions: [String: Page] = [:]) {
    self.page = page
    self.positions = positions
  }

  /// The file's text.
  public var json: String {
    let entries = positions.keys.sorted().map { name in "\"\(name)\": \(positions[name]!.json)" }
    let page = self.page.map { "\"page\": \"\($0)\", " } ?? ""
    return "{\(page)\"positions\": {\(entries.joined(separator: ", "))}}\n"
  }

  /// Reads a file written by ``json``; anything else is an error with its line and column.
  public static func parse(_ bytes: [UInt8]) throws(DataFileError) -> GalleryPositions {
    try JSONParser.parse(bytes, reading: read)
  }

  private static func read(_ value: JSONValue) throws(DataFileError) -> GalleryPositions {
    guard case .object(let members, _) = value else {
      throw DataFileError("the file must hold an object", offset: value.offset)
    }
    var result = GalleryPositions()
    for (key, member) in members {
      switch (key, member) {
      case ("page", .string(let name, _)): result.page = name
      case ("positions", .object(let pages, _)):
        for (name, entry) in pages { result.positions[name] = try position(entry, page: name) }
      default:
        throw DataFileError(
          "unexpected \(DataFileError.quoted(key)) (\(member.typeName))", offset: member.offset)
      }
    }
    return result
  }

  private static func position(
    _ value: JSONValue, page name: String, depth: Int = 0
  ) throws(DataFileError) -> Page {
    // Names and keys from the file appear in messages escaped, on one line (a view's name,
    // "board.views[1]", is made here from one that is).
    let page =
      depth > 0 || name.allSatisfy { $0.isLetter || $0.isNumber }
      ? name : DataFileError.quoted(name)
    guard case .object(let members, _) = value else {
      throw DataFileError("positions.\(page) must be an object", offset: value.offset)
    }
    var section = 0
    var item = 0
    var offset = 0.0
    var start = false
    var focus: ItemPath?
    var selection: Int?
    var view: Int?
    var rails: [Int: Double]?
    var expanded: [[Int]]?
    var views: [Page]?
    var places: [String: [Int]] = [:]
    var switches: [String: Bool]?
    var columns: [[Int]]?
    for (key, member) in members {
      switch (key, member) {
      case ("section", .number(let number, _)), ("item", .number(let number, _)),
        ("selection", .number(let number, _)), ("view", .number(let number, _)):
        guard number >= 0, number <= 100_000_000, number == number.rounded() else {
          throw DataFileError(
            "positions.\(page).\(key) must be a whole number from 0", offset: member.offset)
        }
        switch key {
        case "section": section = Int(number)
        case "item": item = Int(number)
        case "view": view = Int(number)
        default: selection = Int(number)
        }
      case ("offset", .number(let number, _)) where number.isFinite:
        offset = number
      case ("start", .bool(let flag, _)):
        start = flag
      case ("focus", .array(let values, _)):
        let numbers = values.compactMap { value -> Int? in
          guard case .number(let number, _) = value, number >= 0, number <= 100_000_000,
            number == number.rounded()
          else { return nil }
          return Int(number)
        }
        guard numbers.count == 2, values.count == 2 else {
          throw DataFileError(
            "positions.\(page).focus must be [section, item]", offset: member.offset)
        }
        focus = ItemPath(section: numbers[0], item: numbers[1])
      case ("rails", .array(let pairs, _)):
        var offsets: [Int: Double] = [:]
        for pair in pairs {
          guard case .array(let values, _) = pair, values.count == 2,
            case .number(let section, _) = values[0], section >= 0, section <= 100_000_000,
            section == section.rounded(), case .number(let offset, _) = values[1],
            offset.isFinite
          else {
            throw DataFileError(
              "positions.\(page).rails must hold [section, offset] pairs", offset: pair.offset)
          }
          offsets[Int(section)] = offset
        }
        rails = offsets
      case ("expanded", .array(let lists, _)):
        // At most a million rows kept open; each a path of at most 16 indices.
        guard lists.count <= 1_000_000 else {
          throw DataFileError(
            "positions.\(page).expanded holds more than 1,000,000 paths", offset: member.offset)
        }
        expanded = try lists.map { list throws(DataFileError) -> [Int] in
          try placePath(list, field: "positions.\(page).expanded", what: "hold paths")
        }
      case ("focusPlace", .array), ("scrollPlace", .array):
        places[key] = try placePath(member, field: "positions.\(page).\(key)", what: "be a path")
      case ("switches", .object(let states, _)):
        guard states.count <= 64 else {
          throw DataFileError(
            "positions.\(page).switches holds more than 64 switches", offset: member.offset)
        }
        var read: [String: Bool] = [:]
        for (name, state) in states {
          guard case .bool(let isOn, _) = state else {
            throw DataFileError(
              "positions.\(page).switches.\(DataFileError.quoted(name)) must be true or false",
              offset: state.offset)
          }
          read[name] = isOn
        }
        switches = read
      case ("columns", .array(let lists, _)) where depth == 0:
        // A board's columns: a few lists of ids, a million ids at most in all.
        guard lists.count <= 64 else {
          throw DataFileError(
            "positions.\(page).columns holds more than 64 columns", offset: member.offset)
        }
        var total = 0
        columns = try lists.map { list throws(DataFileError) -> [Int] in
          guard case .array(let values, _) = list else {
            throw DataFileError(
              "positions.\(page).columns must hold lists of ids", offset: list.offset)
          }
          total += values.count
          guard total <= 1_000_000 else {
            throw DataFileError(
              "positions.\(page).columns holds more than 1,000,000 ids", offset: list.offset)
          }
          return try wholeNumbers(values, "positions.\(page).columns: an id")
        }
      case ("views", .array(let values, _)) where depth == 0:
        // A board's columns: a few positions, none with views of its own.
        guard values.count <= 64 else {
          throw DataFileError(
            "positions.\(page).views holds more than 64 positions", offset: member.offset)
        }
        views = try values.enumerated().map { (index, value) throws(DataFileError) in
          try position(value, page: "\(page).views[\(index)]", depth: depth + 1)
        }
      default:
        throw DataFileError(
          "unexpected positions.\(page).\(DataFileError.quoted(key))", offset: member.offset)
      }
    }
    return Page(
      scroll: SavedScrollPosition(
        indexPath: ItemPath(section: section, item: item), identifier: nil, offsetInItem: offset,
        isAtStart: start, railOffsets: rails),
      focus: focus, selection: selection, view: view, expanded: expanded, views: views,
      focusPlace: places["focusPlace"], scrollPlace: places["scrollPlace"], switches: switches,
      columns: columns)
  }

  /// A place's path: a list of 1 to 16 whole numbers from 0.
  private static func placePath(
    _ list: JSONValue, field: String, what: String
  ) throws(DataFileError) -> [Int] {
    guard case .array(let values, _) = list, !values.isEmpty, values.count <= 16 else {
      throw DataFileError(
        "\(field) must \(what): lists of 1 to 16 indices", offset: list.offset)
    }
    return try wholeNumbers(values, "\(field): an index")
  }

  /// `values` as whole numbers from 0 (to 100,000,000); else an error that says `what` must
  /// be one, at the first that is not.
  private static func wholeNumbers(
    _ values: [JSONValue], _ what: String
  ) throws(DataFileError) -> [Int] {
    try values.map { value throws(DataFileError) -> Int in
      guard case .number(let number, _) = value, number >= 0, number <= 100_000_000,
        number == number.rounded()
      else {
        throw DataFileError("\(what) must be a whole number from 0", offset: value.offset)
      }
      return Int(number)
    }
  }
}
