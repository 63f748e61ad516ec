import ReuseKit
import ReuseTestSupport
import Testing

/// ``TypeAhead``: first letters, repeats, longer prefixes, pauses, slices over a long list, and
/// a seeded run against a plain scan of the same words.
struct TypeAheadTests {
  func makeView(_ words: Words) -> CollectionView { ItemSearchTests.listView(showing: words) }

  func path(_ item: Int) -> ItemPath { ItemPath(section: 0, item: item) }

  /// Types `character` at `time`, then expects the focus of the type-ahead's view on `item`.
  func type(
    _ character: Character, at time: Double, into typeAhead: TypeAhead, focusing item: Int,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    typeAhead.type(character, at: time)
    #expect(
      typeAhead.collectionView?.focusedIndexPath == path(item), comment,
      sourceLocation: sourceLocation)
  }

  @Test func lettersFindPrefixesAndARepeatedLetterCycles() {
    let words = Words([["apple", "Banana", "berry", "blueberry", "cherry", "bean"]])
    let view = makeView(words)
    let typeAhead = TypeAhead(collectionView: view)
    type("b", at: 0, into: typeAhead, focusing: 1, "no focus: the first item starting with b")
    type("b", at: 0.5, into: typeAhead, focusing: 2, "b again: the next one")
    #expect(typeAhead.typed == "b")
    type("b", at: 0.9, into: typeAhead, focusing: 3)
    type("e", at: 5, into: typeAhead, focusing: 3, "after a pause, e starts anew: nothing; kept")
    #expect(typeAhead.failed && typeAhead.status == "type-ahead: “e” · no match")
    type("b", at: 10, into: typeAhead, focusing: 5, "a first letter looks after the focus: bean")
    type("e", at: 10.2, into: typeAhead, focusing: 5, "be: bean still matches and stays")
    type("r", at: 10.4, into: typeAhead, focusing: 2, "ber: round the end to berry")
    #expect(typeAhead.status == "type-ahead: “ber”")
    type("x", at: 10.6, into: typeAhead, focusing: 2, "berx: nothing; the focus stays")
    #expect(typeAhead.failed)
    #expect(typeAhead.isActive(at: 11.5) && !typeAhead.isActive(at: 11.7))
    typeAhead.cancel()
    #expect(typeAhead.typed.isEmpty && typeAhead.status.isEmpty)
    #expect(!typeAhead.type("\u{1B}", at: 20), "a control character is not taken")
  }

  @Test func aPrefixStaysOnAFocusedItemThatStillMatches() {
    let words = Words([["cab", "cedar", "cello", "celt"]])
    let view = makeView(words)
    let typeAhead = TypeAhead(collectionView: view)
    type("c", at: 0, into: typeAhead, focusing: 0)
    type("e", at: 0.1, into: typeAhead, focusing: 1)
    type("l", at: 0.2, into: typeAhead, focusing: 2, "cel: cello")
    type("l", at: 0.3, into: typeAhead, focusing: 2, "cell: cello still matches, and stays")
  }

  @Test func aLongListIsScannedASliceAtATime() {
    var items = Array(repeating: "filler", count: 100_000)
    items[77_777] = "needle"
    let words = Words([items])  // the view holds its data source weakly
    let view = makeView(words)
    let typeAhead = TypeAhead(collectionView: view)
    typeAhead.itemsPerSlice = 10_000
    typeAhead.type("n", at: 0)
    #expect(typeAhead.isSearching && view.focusedIndexPath == nil, "one slice: not yet")
    #expect(typeAhead.status == "type-ahead: “n”…")
    var frames = 0
    while typeAhead.isSearching && frames < 100 {
      typeAhead.advance()
      frames += 1
    }
    #expect(frames == 7, "77,777 items at 10,000 a frame")
    #expect(view.focusedIndexPath == path(77_777))
    #expect(view.indexPathsForVisibleItems.contains(path(77_777)), "scrolled to it")
    withExtendedLifetime(words) {}
  }

  @Test func theDataChangingDuringAScanStartsItAgainOnTheNewData() {
    let words = Words([Array(repeating: "x", count: 50_000) + ["zebra"]])
    let view = makeView(words)
    let typeAhead = TypeAhead(collectionView: view)
    typeAhead.itemsPerSlice = 4_096
    typeAhead.type("z", at: 0)
    #expect(typeAhead.isSearching)
    words.sections[0] = ["ant", "zoo", "zebra"]
    view.reloadData()
    typeAhead.advance()
    #expect(view.focusedIndexPath == path(1), "the new data's first z")
    #expect(!typeAhead.isSearching)
  }

  /// Random words and keys (letters, repeats, pauses, focus moves) against a scan: after each
  /// key, the focus is the first item from the scan's start whose text starts with the prefix.
  @Test(arguments: 0..<6)
  func randomKeysLandWhereAScanSays(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    let letters: [Character] = ["a", "b", "c", "A"]
    let items = (0..<rng.int(1...60)).map { _ in
      String((0..<rng.int(1...4)).map { _ in letters[rng.int(0..<letters.count)] })
    }
    let words = Words([items])
    let view = makeView(words)
    let typeAhead = TypeAhead(collectionView: view)
    var typed = ""
    var time = 0.0
    for step in 0..<80 {
      let place = "seed \(seed), step \(step)"
      if rng.int(0..<6) == 0 {
        let item = rng.int(0..<items.count)
        view.focusItem(at: path(item))
      }
      time += rng.int(0..<5) == 0 ? 2 : 0.2
      if time - typeAhead.lastTypedTime > 1 { typed = "" }
      let letter = letters[rng.int(0..<3)]
      let before = view.focusedIndexPath?.item
      let repeats = !typed.isEmpty && typed.allSatisfy { $0 == letter }
      if !repeats { typed.append(letter) }
      let prefix = repeats ? String(letter) : typed
      let skips = repeats || typed.count == 1
      typeAhead.type(letter, at: time)
      // The scan: from the focus (after it when skipping), round the end.
      let start = before ?? 0
      let order = (0..<items.count).map { (start + $0) % items.count }
      let hits = order.filter { items[$0].lowercased().hasPrefix(prefix) }
      let expected = hits.first { !(skips && $0 == before) } ?? before
      #expect(view.focusedIndexPath?.item == expected, "\(place): “\(prefix)”")
      #expect(typeAhead.failed == hits.isEmpty, "\(place)")
    }
    withExtendedLifetime(words) {}
  }
}
