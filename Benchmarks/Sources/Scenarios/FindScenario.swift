import ReuseControls
import ReuseKit

/// Names for a million rows, from the row number: an adjective and a noun (37 × 41), so a word
/// such as "quiet" is in one title of 37, spread through the list.
public enum FindNames {
  static let adjectives = [
    "amber", "brisk", "cobalt", "dusky", "eager", "frosty", "gilded", "hollow", "icy", "jolly",
    "kindly", "lunar", "misty", "nimble", "opal", "pale", "quiet", "rustic", "silver", "tidal",
    "umber", "vivid", "wild", "young", "zesty", "bold", "calm", "dry", "early", "fair", "grand",
    "hazy", "idle", "keen", "lofty", "mellow", "noble",
  ]
  static let nouns = [
    "falcon", "harbor", "meadow", "cedar", "lantern", "canyon", "island", "river", "summit",
    "glacier", "orchard", "willow", "thistle", "lagoon", "pebble", "nectar", "ember", "forest",
    "valley", "breeze", "comet", "delta", "fjord", "grove", "heath", "inlet", "jetty", "knoll",
    "marsh", "oasis", "prairie", "quarry", "ridge", "shoal", "tundra", "upland", "vista",
    "wharf", "yard", "zenith", "bay",
  ]

  /// Row `row`'s title.
  public static func title(_ row: Int) -> String {
    adjectives[row % adjectives.count] + " " + nouns[(row / adjectives.count) % nouns.count]
  }
}

/// What a find scenario searches: `rows` rows titled by ``FindNames``, for `query`.
public struct FindInput: Sendable {
  /// How many rows there are.
  public let rows: Int
  /// What is looked for in their titles.
  public let query: String
}

/// A list of 1,000,000 titled rows (44 points, an 800-point viewport) and a search for
/// "quiet" in it from the first row, as `/` runs it in the gallery: the first match found, the
/// focus moved to it (scrolled there) and a frame laid out (`firstMatch()`); or, as a loop
/// that held the frame would, every row scanned first (`fullScan()`). Each run starts from the
/// top again.
public final class FindScenario: CollectionViewDataSource, SearchableDataSource {
  public let view: CollectionView
  public let input: FindInput

  public init(rows: Int = 1_000_000, query: String = "quiet") {
    input = FindInput(rows: rows, query: query)
    view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
    view.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = self
    reset()
  }

  /// The first match, the focus on it, a frame: what the first frame after Enter shows.
  public func firstMatch() -> ItemPath? {
    let search = ItemSearch(collectionView: view, query: input.query)
    while search.matches.isEmpty && !search.isDone { search.advance(maxItems: 256) }
    let found = search.next()
    view.layoutIfNeeded()
    reset()
    return found
  }

  /// The baseline: every row scanned before the focus moves (the loop held for the scan).
  public func fullScan() -> Int {
    let search = ItemSearch(collectionView: view, query: input.query)
    while !search.isDone { search.advance(maxItems: 1 << 20) }
    search.next()
    view.layoutIfNeeded()
    reset()
    return search.matches.count
  }

  private func reset() {
    view.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    view.contentOffset = .zero
    view.layoutIfNeeded()
  }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { input.rows }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      BenchCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.item = indexPath.item
    return cell
  }

  public func collectionView(
    _ collectionView: CollectionView, searchableTextForItemAt indexPath: ItemPath
  ) -> String? {
    FindNames.title(indexPath.item)
  }
}

/// A table of 1,000,000 titled rows (44 points, an 800-point viewport) filtered to the rows
/// whose title has "cedar", as `|` does: the first screen's worth of matching rows found
/// (scanning from the top), the table filtered to them and a frame laid out
/// (`firstScreen()`); or, as a loop that held the frame would, every row scanned and the
/// table filtered to all the matches (`fullScan()`). The filter is cleared after each run,
/// outside the measurement (`clear()`).
public final class FilterScenario: TableViewDataSource {
  public let table: TableView
  public let input: FindInput

  public init(rows: Int = 1_000_000, query: String = "cedar") {
    input = FindInput(rows: rows, query: query)
    table = TableView(
      columns: [TableColumn(title: "#", width: .fixed(60)), TableColumn(title: "Name", width: .fixed(200))],
      rowHeight: .uniform(44), headerHeight: 44, viewportSize: Size(width: 320, height: 800))
    table.register(BenchCell.self, forCellWithReuseIdentifier: "c")
    table.dataSource = self
    table.collectionView.layoutIfNeeded()
  }

  /// Rows 0 on, until `limit` match; the matching rows.
  private func scan(limit: Int) -> RowSet {
    var found = RowSet()
    var count = 0
    var row = 0
    while row < input.rows && count < limit {
      if FindNames.title(row).contains(input.query) {
        found.insert(row)
        count += 1
      }
      row += 1
    }
    return found
  }

  /// The first screen: as many matching rows as the viewport shows, filtered to and laid out.
  public func firstScreen() -> Int {
    table.filterRows(scan(limit: 20))
    table.collectionView.layoutIfNeeded()
    return table.numberOfDisplayedRows
  }

  /// The baseline: every row scanned, then the table filtered to all the matches.
  public func fullScan() -> Int {
    table.filterRows(scan(limit: .max))
    table.collectionView.layoutIfNeeded()
    return table.numberOfDisplayedRows
  }

  /// Every row shown again, at the top.
  public func clear() {
    table.filterRows(nil)
    table.collectionView.contentOffset = .zero
    table.collectionView.layoutIfNeeded()
  }

  public func numberOfRows(in tableView: TableView) -> Int { input.rows }

  public func tableView(_ tableView: TableView, cellForRow row: Int, column: Int)
    -> CollectionViewCell
  {
    let cell = tableView.dequeueReusableCell(BenchCell.self, withReuseIdentifier: "c")
    cell.item = row
    return cell
  }
}
