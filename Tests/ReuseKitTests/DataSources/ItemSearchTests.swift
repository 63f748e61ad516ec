import ReuseKit
import ReuseTestSupport
import Testing

/// Rows of words in sections, searchable by their text.
final class Words: CollectionViewDataSource, SearchableDataSource {
  var sections: [[String]]
  init(_ sections: [[String]]) { self.sections = sections }
  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, searchableTextForItemAt indexPath: ItemPath
  ) -> String? {
    sections[indexPath.section][indexPath.item]
  }
}

/// ``ItemSearch`` against a scan of the same words: random words, queries, slices, steps,
/// focus moves and batch updates in the middle of a search.
struct ItemSearchTests {
  static let syllables = ["am", "ber", "Ce", "dar", "el", "M", "fo", "x"]

  /// A list of uniform rows in a 100 × 50 viewport, showing `words`, laid out.
  static func listView(showing words: Words) -> CollectionView {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 100, height: 50))
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = words
    view.layoutIfNeeded()
    return view
  }

  func word(_ rng: inout SeededRandom) -> String {
    (0..<rng.int(1...3)).map { _ in Self.syllables[rng.int(0..<Self.syllables.count)] }.joined()
  }

  @Test(arguments: 0..<8)
  func matchesAreAScanFromTheFocusRoundTheEnd(_ index: Int) {
    let (seed, random) = SeededRandom.forCase(index, base: 0xF1D5)
    var rng = random
    let words = Words(
      (0..<rng.int(1...6)).map { _ in (0..<rng.int(0...40)).map { _ in word(&rng) } })
    let view = CollectionView(
      layout: ListLayout(itemSizing: .estimated(10)), viewportSize: Size(width: 100, height: 50))
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.diagnostics.handler = { _ in }
    view.dataSource = words
    view.layoutIfNeeded()
    var announcements: [String] = []
    view.accessibilityAnnouncementHandler = { announcements.append($0) }
    for step in 0..<30 {
      let place = "seed \(seed), step \(step)"
      let flat = words.sections.enumerated().flatMap { section, items in
        items.indices.map { ItemPath(section: section, item: $0) }
      }
      if !flat.isEmpty && rng.chance(0.5) {
        view.focusItem(at: flat[rng.int(0..<flat.count)], scrollsIntoView: false)
      }
      let query = Self.syllables[rng.int(0..<Self.syllables.count)]
      let options: ItemSearch.Options =
        rng.chance(0.3) ? [.prefix] : rng.chance(0.3) ? [.caseSensitive] : []
      let search = ItemSearch(collectionView: view, query: query, options: options)
      // What a scan from the focused item, round the end, finds.
      let start = view.focusedIndexPath.flatMap(flat.firstIndex(of:)) ?? 0
      let order = Array(flat[start...] + flat[..<start])
      func matches(_ text: String) -> Bool {
        let (haystack, needle) =
          options.contains(.caseSensitive) ? (text, query) : (text.lowercased(), query.lowercased())
        return options.contains(.prefix) ? haystack.hasPrefix(needle) : haystack.contains(needle)
      }
      let expected = order.filter { matches(words.sections[$0.section][$0.item]) }
      while !search.isDone { search.advance(maxItems: rng.int(1...17)) }
      #expect(search.matches == expected, "\(place): “\(query)” \(options)")
      for path in flat { #expect(search.contains(path) == expected.contains(path), "\(place)") }
      if expected.isEmpty {
        #expect(search.next() == nil)
        #expect(search.status == "no match for “\(query)”", "\(place)")
        continue
      }
      // n and N step round the matches, moving the focus and saying where they are.
      for _ in 0..<rng.int(1...6) {
        let before = search.current
        let focusBefore = view.focusedIndexPath
        let forward = rng.chance(0.7)
        let path = forward ? search.next() : search.previous()
        let count = expected.count
        let want =
          before.map { forward ? ($0 + 1) % count : ($0 - 1 + count) % count }
          ?? (forward ? 0 : count - 1)
        #expect(search.current == want, "\(place)")
        #expect(path == expected[want], "\(place)")
        #expect(view.focusedIndexPath == path, "\(place): the focus follows")
        // Numbered in the items' order, wherever the search began.
        let number = flat.filter { expected.contains($0) }.firstIndex(of: expected[want])! + 1
        // A step that leaves the focus where it was names the item (nothing else says it).
        let label = view.accessibilityElement(forItemAt: expected[want])?.label ?? ""
        let naming = focusBefore == expected[want] && !label.isEmpty ? ": \(label)" : ""
        #expect(announcements.last == "match \(number) of \(count)\(naming)", "\(place)")
      }
      // A batch update in the middle: the search starts again over the new data.
      let section = rng.int(0..<words.sections.count)
      words.sections[section].insert(query, at: 0)
      view.performBatchUpdates(animated: false) {
        view.insertItems(at: [ItemPath(section: section, item: 0)])
      }
      search.advance(maxItems: 1)
      while !search.isDone { search.advance() }
      let now = words.sections.enumerated().flatMap { section, items in
        items.indices.map { ItemPath(section: section, item: $0) }
      }
      #expect(
        Set(search.matches) == Set(now.filter { matches(words.sections[$0.section][$0.item]) }),
        "\(place): after an insert, the matches are the new data's")
    }
  }

  @Test func statusCountsAndAStaleSearchStartsAgain() {
    let words = Words([["amber", "cedar", "Amber fox"], [], ["ember", "AMBER"]])
    let view = Self.listView(showing: words)
    let search = ItemSearch(collectionView: view, query: "amber")
    #expect(search.status == "searching for “amber”…")
    search.advance(maxItems: 2)
    #expect(search.status == "1 match so far")
    search.advance()
    #expect(search.status == "3 matches")
    #expect(search.next() == ItemPath(section: 0, item: 0))
    #expect(search.status == "match 1 of 3")
    #expect(search.previous() == ItemPath(section: 2, item: 1))
    words.sections[0].removeAll()
    view.reloadData()
    #expect(search.next() == ItemPath(section: 2, item: 1), "the reload starts it again")
    #expect(search.matches == [ItemPath(section: 2, item: 1)])
  }

  @Test func aContentChangeInPlaceStartsItAgainAndTheFocusedMatchStaysCurrent() {
    let words = Words([["amber", "cedar", "fox", "Amber fox", "elm"]])
    let view = Self.listView(showing: words)
    let search = ItemSearch(collectionView: view, query: "amber")
    search.advance()
    #expect(search.isDone && search.matches.count == 2)
    #expect(search.next() == ItemPath(section: 0, item: 0))

    // A rename in place: the paths stay, the text changes (rows arriving, an edit).
    let revision = view.contentRevision
    words.sections[0][2] = "amber ash"
    view.performBatchUpdates { view.reconfigureItems(at: [ItemPath(section: 0, item: 2)]) }
    #expect(view.contentRevision != revision, "a reconfigure changes the content revision")
    #expect(search.isStale && !search.isDone, "the search is out of date, so not done")
    search.advance()
    #expect(
      Set(search.matches) == [
        ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 3),
      ])
    #expect(search.status == "match 1 of 3", "the focused match is still the current one")

    // A move: the focus follows its item, and stays the current match where it lands.
    words.sections[0].append(words.sections[0].removeFirst())
    view.performBatchUpdates {
      view.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 4))
    }
    search.advance()
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 4))
    #expect(search.current.map { search.matches[$0] } == ItemPath(section: 0, item: 4))

    // The focus moved off the matches, then a change: no match is current, none is taken.
    view.focusItem(at: ItemPath(section: 0, item: 3))  // "elm"
    words.sections[0].append("cedar")
    view.performBatchUpdates { view.insertItems(at: [ItemPath(section: 0, item: 5)]) }
    search.advance()
    #expect(search.current == nil && search.matches.count == 3)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 3))
  }

  /// While the search looks, the focused match is not numbered (matches before it are still
  /// being found, and its number would grow); once done, it is.
  @Test func aMatchIsNumberedOnceTheSearchIsDone() {
    // "amber" at items 0, 5, 10 and 15 of 20; the search starts from item 7.
    let words = Words([(0..<20).map { $0 % 5 == 0 ? "amber \($0)" : "cedar \($0)" }])
    let view = Self.listView(showing: words)
    view.focusItem(at: ItemPath(section: 0, item: 7))
    let search = ItemSearch(collectionView: view, query: "amber")
    search.advance(maxItems: 5)  // items 7 to 11
    #expect(search.next() == ItemPath(section: 0, item: 10))
    #expect(search.status == "1 match so far", "not 'match 1': two matches before it wait")
    search.advance()
    #expect(search.isDone)
    #expect(search.status == "match 3 of 4")
  }

  @Test func stepsGoFromWhereTheFocusIsAndWaitForTheScanRoundTheEnd() {
    // "amber" at items 0, 5, 10 and 15 of 20.
    let words = Words([(0..<20).map { $0 % 5 == 0 ? "amber \($0)" : "cedar \($0)" }])
    let view = Self.listView(showing: words)
    func at(_ item: Int) -> ItemPath { ItemPath(section: 0, item: item) }
    let search = ItemSearch(collectionView: view, query: "amber")
    search.advance()
    #expect(search.next() == at(0), "the first step takes the focused item, a match")
    #expect(search.status == "match 1 of 4")
    // The focus moves on by keys: the status counts, and steps go from where it is.
    view.focusItem(at: at(7))
    #expect(search.status == "4 matches")
    #expect(search.next() == at(10))
    #expect(search.status == "match 3 of 4")
    view.focusItem(at: at(12))
    #expect(search.previous() == at(10))
    view.focusItem(at: at(17))
    #expect(search.next() == at(0), "round the end")
    view.focusItem(at: at(2))
    #expect(search.previous() == at(0))
    #expect(search.previous() == at(15), "round the start")

    // A search still scanning: a step round the end waits for the scan.
    view.focusItem(at: at(3))
    let partial = ItemSearch(collectionView: view, query: "amber")
    partial.advance(maxItems: 5)  // items 3 to 7
    #expect(partial.matches == [at(5)] && !partial.isDone)
    #expect(partial.next() == at(5))
    #expect(partial.next() == nil, "items 8 on are not scanned yet")
    #expect(partial.previous() == nil, "nor are 0 to 2")
    #expect(view.focusedIndexPath == at(5))
    while !partial.isDone { partial.advance(maxItems: 3) }
    #expect(partial.next() == at(10))
    view.focusItem(at: at(4))
    #expect(partial.previous() == at(0), "the items before the scan's start, scanned last")
  }
}
