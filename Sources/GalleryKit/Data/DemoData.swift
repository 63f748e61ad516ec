/// Embedded demo data: names computed from an index, so a million items cost no memory.
public enum DemoData {
  /// The first words of generated titles.
  public static let adjectives = [
    "Amber", "Brisk", "Cobalt", "Dusky", "Eager", "Frosty", "Gilded", "Hollow", "Ivory", "Jolly",
    "Kindly", "Lunar", "Misty", "Nimble", "Opal", "Pale", "Quiet", "Rusty", "Silver", "Tidal",
    "Umber", "Velvet", "Wild", "Young",
  ]
  /// The second words of generated titles.
  public static let nouns = [
    "Falcon", "Harbor", "Meadow", "Lantern", "Cedar", "River", "Comet", "Orchard", "Canyon",
    "Willow", "Ember", "Glacier", "Heron", "Island", "Juniper", "Kestrel", "Lagoon", "Marble",
    "Nectar", "Otter", "Pebble", "Quarry", "Summit", "Thistle",
  ]
  /// The names of generated sections.
  public static let topics = [
    "Arrivals", "Backlog", "Curated", "Drafts", "Exports", "Favourites", "Gallery", "History",
    "Inbox", "Journal",
  ]
  /// The option bar's demo categories, in groups.
  public static let tagGroups = [
    ("Colours", ["red", "amber", "lime", "teal", "sky", "indigo", "violet", "rose"]),
    ("Places", ["harbour", "meadow", "canyon", "summit", "lagoon", "orchard"]),
    ("Moods", ["calm", "brisk", "dreamy", "bold", "gentle", "wild", "quiet"]),
    ("Scripts", ["漢字", "한글", "カタカナ", "émoji 😀", "Ελληνικά", "עברית"]),
    ("Sizes", ["xs", "small", "medium", "large", "xl", "xxl"]),
  ]

  /// Items per generated section.
  public static let sectionSize = 50

  /// The title of generated item `index`: an adjective and a noun.
  public static func title(forItem index: Int) -> String {
    "\(adjectives[index % adjectives.count]) \(nouns[(index / adjectives.count) % nouns.count])"
  }

  /// The title of generated section `section` of `itemCount` items.
  public static func sectionTitle(_ section: Int, itemCount: Int) -> String {
    let first = section * sectionSize + 1
    let last = min(itemCount, (section + 1) * sectionSize)
    return "\(topics[section % topics.count]) · items \(first.formatted)–\(last.formatted)"
  }
}

extension Int {
  /// With thousands separators: `1,000,000`.
  public var formatted: String {
    let digits = String(Swift.abs(self))
    var result = ""
    for (offset, character) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return self < 0 ? "-" + result : result
  }
}

/// `count` and the noun, singular or plural: `1 page`, `2 pages`, `1,000 cards`.
public func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
  "\(count.formatted) \(count == 1 ? noun : plural ?? noun + "s")"
}

/// `seconds` in milliseconds with two decimals: `12.05`.
public func milliseconds(_ seconds: Double) -> String {
  let hundredths = Int((seconds * 100_000).rounded())
  return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
