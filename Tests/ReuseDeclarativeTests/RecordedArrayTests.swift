import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// Counts the identifiers read: a diff reads every one, applied edits only a few.
private final class ReadCounter {
  var reads = 0
}

/// A row of a recorded list: its identity read through `key`, counted.
private struct Row {
  let id: Int
  var title: String
  let counter: ReadCounter
  var key: Int {
    counter.reads += 1
    return id
  }
}

/// `RecordedArray`: a ForEach over it applies its edits as a batch, with no diff.
struct RecordedArrayTests {
  private func makeView(rows: Double = 20) -> (CollectionView, DisplayLedger) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: rows))
    let ledger = DisplayLedger()
    view.delegate = ledger
    return (view, ledger)
  }

  /// Each edit shows as the one change it is: an insertion, a removal, a move; a replacement
  /// with the same identity keeps its row (configured again), with another one is a removal
  /// and an insertion. Two thousand rows, and a few identities read.
  @Test func editsApplyAsTheChangesTheyAre() {
    let counter = ReadCounter()
    var rows = RecordedArray((0..<2_000).map { Row(id: $0, title: "r\($0)", counter: counter) })
    let (view, _) = makeView()
    view.diagnostics.handler = { _ in }
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(rows, id: \.key) { ListContent($0.title) }
    }
    view.layoutIfNeeded()
    func update() {
      counter.reads = 0
      source.updateNow(animated: false)
      view.layoutIfNeeded()
    }
    rows.insert(Row(id: 5_000, title: "new", counter: counter), at: 0)
    update()
    #expect(source.lastAppliedChanges.insertedItems == [ItemPath(section: 0, item: 0)])
    #expect(source.lastAppliedChanges.deletedItems.isEmpty)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "new")
    #expect(counter.reads < 100, "identities read: \(counter.reads) of 2,001")
    rows.move(from: 5, to: 1)
    update()
    #expect(
      source.lastAppliedChanges.movedItems.map { [$0.source.item, $0.destination.item] }
        == [[5, 1]])
    #expect(shownTexts(view)[ItemPath(section: 0, item: 1)] == "r4")
    rows.remove(at: 2)
    update()
    #expect(source.lastAppliedChanges.deletedItems == [ItemPath(section: 0, item: 2)])
    rows[3].title = "renamed"
    update()
    #expect(source.lastAppliedChanges.isEmpty, "the same item: no change to the rows")
    #expect(shownTexts(view)[ItemPath(section: 0, item: 3)] == "renamed")
    rows[4] = Row(id: 7_000, title: "other", counter: counter)
    update()
    #expect(source.lastAppliedChanges.deletedItems == [ItemPath(section: 0, item: 4)])
    #expect(source.lastAppliedChanges.insertedItems == [ItemPath(section: 0, item: 4)])
    #expect(shownTexts(view)[ItemPath(section: 0, item: 4)] == "other")
    #expect(counter.reads < 100, "identities read: \(counter.reads)")
    #expect(source.statistics.groupsDiffed == 0, "edits applied, none diffed")
    // More edits than are applied one by one: the new value is diffed, with the same result.
    for index in 0...RecordedArray<Row>.appliedEditLimit {
      rows.insert(Row(id: 10_000 + index, title: "n\(index)", counter: counter), at: 0)
    }
    update()
    #expect(counter.reads >= rows.count, "diffed: \(counter.reads) identities read")
    #expect(source.statistics.groupsDiffed == 1)
    #expect(view.numberOfItems(inSection: 0) == rows.count)
    #expect(
      shownTexts(view)[ItemPath(section: 0, item: 0)]
        == "n\(RecordedArray<Row>.appliedEditLimit)")
    // A plain array of the same rows, changed once: every identity read (a diff).
    var plain = rows.elements
    let (other, _) = makeView()
    let diffed = DeclarativeDataSource(collectionView: other) {
      ForEach(plain, id: \.key) { ListContent($0.title) }
    }
    other.layoutIfNeeded()
    plain.insert(Row(id: 9_000, title: "x", counter: counter), at: 0)
    counter.reads = 0
    diffed.updateNow(animated: false)
    #expect(counter.reads >= 2 * plain.count - 1, "a diff reads both lists' identities")
  }

  /// Random edits (insertions, removals, moves, replacements, runs appended and removed),
  /// some bodies after several, some animated, scrolled between, against a plain array edited
  /// alike: after every step whose update has settled, each displayed cell shows its own
  /// element, and display callbacks pair. Copies edited apart and journals overrun take the diff, with the same result.
  @Test(arguments: 0..<8)
  func randomEditsShowWhatAPlainArrayShows(_ index: Int) {
    var (seed, rng) = SeededRandom.forCase(index, base: 0x2EC0_4D)
    let counter = ReadCounter()
    var next = 0
    func row() -> Row {
      next += 1
      return Row(id: next, title: "t\(next)", counter: counter)
    }
    var recorded = RecordedArray((0..<rng.int(0...60)).map { _ in row() })
    var plain = recorded.elements
    var diagnostics: [Diagnostic] = []
    let (view, ledger) = makeView(rows: 12)
    view.diagnostics.handler = { diagnostics.append($0) }
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(recorded, id: \.key) { ListContent($0.title) }
    }
    view.layoutIfNeeded()
    var time = 1.0
    var shownIDs = plain.map(\.id)
    for step in 0..<80 {
      for _ in 0..<rng.int(1...4) {
        switch rng.int(0..<9) {
        case 0, 1:
          let place = rng.int(0...plain.count)
          let new = row()
          recorded.insert(new, at: place)
          plain.insert(new, at: place)
        case 2 where !plain.isEmpty:
          let place = rng.int(0..<plain.count)
          recorded.remove(at: place)
          plain.remove(at: place)
        case 3 where !plain.isEmpty:
          let (from, to) = (rng.int(0..<plain.count), rng.int(0..<plain.count))
          recorded.move(from: from, to: to)
          plain.insert(plain.remove(at: from), at: to)
        case 4 where !plain.isEmpty:
          let place = rng.int(0..<plain.count)
          recorded[place].title += "'"
          plain[place].title += "'"
        case 5 where !plain.isEmpty:
          let place = rng.int(0..<plain.count)
          let new = row()
          recorded[place] = new
          plain[place] = new
        case 6:
          let added = (0..<rng.int(1...8)).map { _ in row() }
          recorded.append(contentsOf: added)
          plain.append(contentsOf: added)
        case 7 where !plain.isEmpty:
          let start = rng.int(0..<plain.count)
          let range = start..<min(plain.count, start + rng.int(1...6))
          recorded.removeSubrange(range)
          plain.removeSubrange(range)
        case 8 where rng.chance(0.2):
          // A copy edited apart: the next body is diffed.
          var copy = recorded
          copy.append(row())
          _ = copy
          recorded.insert(row(), at: 0)
          plain.insert(recorded[0], at: 0)
        default:
          break
        }
      }
      if rng.chance(0.15) { view.contentOffset.y = Double(rng.int(0...max(0, plain.count - 6))) }
      time += 0.05
      source.updateNow(animated: rng.chance(0.5))
      // The batch applied turns the identities shown into the new ones: its moves too (the
      // cells' contents alone would not show a move left out).
      let rebuilt = applying(source.lastAppliedChanges, to: shownIDs)
      let wanted = plain.map(\.id)
      let matches =
        rebuilt.count == wanted.count
        && zip(rebuilt, wanted).allSatisfy { $0 == nil || $0 == $1 }
      #expect(matches, "seed \(seed), step \(step): \(source.lastAppliedChanges)")
      guard matches else { return }
      shownIDs = wanted
      // Perhaps the next edits come while this update still glides.
      time += 0.1
      view.tick(now: time)
      if rng.chance(0.6) { view.settleUpdateAnimation() }
      if view.isAnimatingUpdates { continue }
      let shown = expectShows(
        [plain.map(\.title)], in: view, ledger: ledger, diagnostics: diagnostics,
        at: "seed \(seed), step \(step)")
      guard shown else { return }
    }
  }
}

/// `old` after `changes` (one section's batch: deletions and moves' sources by old index,
/// insertions and moves' destinations by new index); `nil` where an item was inserted.
private func applying(_ changes: Changeset, to old: [Int]) -> [Int?] {
  let count =
    old.count - changes.deletedItems.count + changes.insertedItems.count
  guard count >= 0 else { return [] }
  var new = [Int?](repeating: nil, count: count)
  var placed = [Bool](repeating: false, count: count)
  for path in changes.insertedItems where path.item < count { placed[path.item] = true }
  var taken = Set(changes.deletedItems.map(\.item))
  for move in changes.movedItems where move.destination.item < count {
    new[move.destination.item] = old[move.source.item]
    placed[move.destination.item] = true
    taken.insert(move.source.item)
  }
  var rest = old.indices.filter { !taken.contains($0) }.makeIterator()
  for index in 0..<count where !placed[index] { new[index] = rest.next().map { old[$0] } }
  return new
}
