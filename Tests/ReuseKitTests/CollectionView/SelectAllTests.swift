import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A source whose delegate refuses some values: selecting multiples of 7, deselecting
/// multiples of 5; it records what it was told.
private final class RefusingSource: SectionedValues, CollectionViewDelegate {
  var sections: [[Int]]
  var told: [String] = []
  var toldMany = 0

  init(_ sections: [[Int]]) { self.sections = sections }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    valueCell(collectionView, at: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt path: ItemPath) -> Bool {
    !sections[path.section][path.item].isMultiple(of: 7)
  }
  func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt path: ItemPath
  ) -> Bool {
    !sections[path.section][path.item].isMultiple(of: 5)
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt path: ItemPath) {
    told.append("+\(sections[path.section][path.item])")
    if collectionView.isChangingManyItems { toldMany += 1 }
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt path: ItemPath) {
    told.append("-\(sections[path.section][path.item])")
    if collectionView.isChangingManyItems { toldMany += 1 }
  }
}

/// Select all marks whole sections instead of listing every path (ten million paths froze
/// the gallery for six seconds and took 300 MB: a new user's finding). Checked against the
/// values the selection must hold, through section inserts, deletes, moves and reloads,
/// reloads of the data, and a delegate that refuses some items.
@Suite struct SelectAllTests {
  @Test func selectingTenMillionItemsListsNone() throws {
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 50, height: 100))
    final class Counts: CollectionViewDataSource {
      func numberOfSections(in collectionView: CollectionView) -> Int { 200_000 }
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection: Int) -> Int {
        50
      }
      func collectionView(
        _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
      ) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      }
    }
    let counts = Counts()
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = counts
    collectionView.allowsMultipleSelection = true
    collectionView.layoutIfNeeded()
    collectionView.selectAllItems()
    #expect(collectionView.numberOfSelectedItems == 10_000_000)
    #expect(collectionView.selection.items.listed.isEmpty, "no path listed")
    #expect(collectionView.isItemSelected(at: ItemPath(section: 199_999, item: 49)))
    #expect(collectionView.visibleCells.allSatisfy { $0.isSelected })
    collectionView.deselectItem(at: ItemPath(section: 3, item: 7))
    #expect(collectionView.numberOfSelectedItems == 9_999_999)
    #expect(!collectionView.isItemSelected(at: ItemPath(section: 3, item: 7)))
    // A plain tap that replaces the selection leaves that item alone, listed.
    // (A new user's finding: it froze the gallery for 55 s, each item deselected alone.)
    collectionView.tapsReplaceSelection = true
    #expect(collectionView.tap(at: Point(x: 5, y: 45)) == ItemPath(section: 0, item: 4))
    // (Compared only when small: a failure would print ten million paths.)
    try #require(collectionView.numberOfSelectedItems == 1)
    #expect(!collectionView.selection.items.hasWholeSections)
    #expect(collectionView.indexPathsForSelectedItems == [ItemPath(section: 0, item: 4)])
    collectionView.selectAllItems()
    // Escape, as a user: every item told, none listed at once.
    #expect(collectionView.perform(.deselectAll))
    #expect(collectionView.numberOfSelectedItems == 0)
    #expect(!collectionView.hasSelection)
  }

  /// A Shift range leaves selected what was selected before it (Ctrl-A, Shift-↓, Shift-↑
  /// deselected a row select all had selected: a new user's finding), and still takes back
  /// what an earlier range of its own selected.
  @Test func aShiftRangeTakesBackOnlyWhatItSelected() {
    // (The source kept: the collection view holds it weakly.)
    let (collectionView, source) = makeValues([Array(0..<20), Array(20..<30)])
    defer { withExtendedLifetime(source) {} }
    collectionView.allowsMultipleSelection = true
    func press(_ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
      _ = collectionView.handle(KeyPress(key, modifiers: modifiers))
      collectionView.layoutIfNeeded()
    }
    collectionView.focusItem(at: path(0, 3))
    press(.character("a"), .control)
    press(.down, .shift)
    press(.up, .shift)
    #expect(collectionView.numberOfSelectedItems == 30)
    press(.escape)
    #expect(collectionView.numberOfSelectedItems == 0)
    // From nothing selected: three rows down, two back up: the range is rows 3 and 4.
    press(.down, .shift)
    press(.down, .shift)
    press(.down, .shift)
    press(.up, .shift)
    press(.up, .shift)
    #expect(collectionView.indexPathsForSelectedItems == [path(0, 3), path(0, 4)])
    // Rows selected otherwise stay through a range that passes over them and back.
    collectionView.selectItem(at: path(0, 9))
    for _ in 0..<7 { press(.down, .shift) }
    for _ in 0..<7 { press(.up, .shift) }
    #expect(collectionView.isItemSelected(at: path(0, 9)), "selected before the range")
    #expect(!collectionView.isItemSelected(at: path(0, 8)), "selected by the range only")
  }

  /// A Shift-tap on an item already selected (after select all) is told as a tap, as a tap on
  /// a selected item is with single selection: the host's focus follows it (it stayed where
  /// it was: a new user's finding).
  @Test func aShiftTapOnASelectedItemIsToldAsATap() {
    let (collectionView, _) = makeValues([Array(0..<20)])
    let source = RefusingSource([Array(0..<20)])
    collectionView.dataSource = source
    collectionView.delegate = source
    collectionView.allowsMultipleSelection = true
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    collectionView.selectAllItems()
    source.told = []
    source.toldMany = 0
    collectionView.tapItem(at: path(0, 4), modifiers: .shift)
    #expect(source.told.last == "+4", "\(source.told)")
    #expect(source.toldMany == source.told.count - 1, "the tapped item told as a tap")
    // A plain tap that replaces it tells the others as many items (told one by one as taps,
    // a host's focus followed ten million of them: a click froze the gallery), then the tap.
    collectionView.selectAllItems()
    collectionView.tapsReplaceSelection = true
    source.told = []
    source.toldMany = 0
    #expect(collectionView.tap(at: Point(x: 5, y: 45)) == path(0, 4))
    // Multiples of 5 may not be deselected: 0, 5, 10, 15 stay, with 4.
    #expect(collectionView.numberOfSelectedItems == 5)
    #expect(source.toldMany == 15, "\(source.told)")
    #expect(source.told.count == 16 && source.told.last == "+4", "\(source.told)")
  }

  @Test(arguments: 0..<60)
  func theSelectionFollowsItsValuesThroughEveryChange(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0x5E1E_C7A1)
    var (initial, nextValue) = random.sections(1...5, items: 0...12, numberingFrom: 100)
    let (collectionView, _) = makeValues([], viewport: 80)
    let source = RefusingSource(initial)
    collectionView.dataSource = source
    collectionView.delegate = source
    collectionView.allowsMultipleSelection = true
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    var selected: Set<Int> = []
    for step in 0..<30 {
      let context = "seed \(seed), step \(step)"
      let all = Set(source.sections.joined())
      func values(_ paths: [ItemPath]) -> Set<Int> {
        Set(paths.map { source.sections[$0.section][$0.item] })
      }
      switch random.int(0...10) {
      case 0:
        collectionView.selectAllItems()
        selected = all
      case 1:
        // As a user: the delegate refuses multiples of 7 not yet selected.
        source.told = []
        source.toldMany = 0
        _ = collectionView.perform(.selectAll)
        let added = all.subtracting(selected).filter { !$0.isMultiple(of: 7) }
        selected.formUnion(added)
        #expect(Set(source.told) == Set(added.map { "+\($0)" }), "\(context): told")
        #expect(source.toldMany == added.count, "\(context): told as many")
      case 2:
        source.told = []
        _ = collectionView.perform(.deselectAll)
        let removed = selected.filter { !$0.isMultiple(of: 5) }
        #expect(Set(source.told) == Set(removed.map { "-\($0)" }), "\(context): told")
        selected.subtract(removed)
      case 3:
        let paths = source.sections.indices.flatMap { section in
          source.sections[section].indices.map { ItemPath(section: section, item: $0) }
        }
        if let path = paths.randomElement(using: &random) {
          let value = source.sections[path.section][path.item]
          setSelected(
            !selected.contains(value), at: path, of: source, in: collectionView, model: &selected)
        }
      case 10:
        // A box drag that replaces the selection (whole sections, after select all, are put
        // back at once), ended or cancelled. The delegate's refusals hold both ways: cancelled,
        // what the drag added and may not be deselected stays, what it took away and may not
        // be selected stays away.
        let height = collectionView.contentSize.height
        let start = Point(x: 5, y: random.double(0...Swift.max(0, height)))
        guard collectionView.beginSelectionDrag(at: start, style: .box) else { break }
        collectionView.updateSelectionDrag(
          to: Point(x: 40, y: random.double(0...Swift.max(0, height))))
        collectionView.layoutIfNeeded()
        let middle = values(collectionView.indexPathsForSelectedItems)
        if random.chance(0.5) {
          collectionView.endSelectionDrag()
          selected = middle
        } else {
          collectionView.cancelSelectionDrag()
          let added = middle.subtracting(selected).filter { $0.isMultiple(of: 5) }
          let removed = selected.subtracting(middle).filter { $0.isMultiple(of: 7) }
          selected = selected.union(added).subtracting(removed)
        }
      case 4:
        // The data reloaded with other counts: paths still in range keep their selection.
        let before = source.sections
        var new = before
        if random.chance(0.3) && new.count > 1 { new.removeLast() }
        if random.chance(0.3) { new.append([]) }
        for section in new.indices {
          if random.chance(0.5) && !new[section].isEmpty { new[section].removeLast() }
          if random.chance(0.5) {
            nextValue += 1
            new[section].append(nextValue)
          }
        }
        var kept: Set<Int> = []
        for (section, values) in new.enumerated() where section < before.count {
          for (item, value) in values.enumerated()
          where item < before[section].count && selected.contains(before[section][item]) {
            kept.insert(value)
          }
        }
        source.sections = new
        collectionView.reloadData()
        collectionView.layoutIfNeeded()
        selected = kept
      default:
        // A batch of section changes (delete, insert, move, reload) and item changes.
        var sections = source.sections
        var changes = Changeset()
        switch random.int(0...3) {
        case 0 where sections.count > 1:
          let section = random.int(0..<sections.count)
          selected.subtract(sections.remove(at: section))
          changes.deletedSections = [section]
        case 1:
          let section = random.int(0...sections.count)
          let values = (0..<random.int(0...6)).map { _ in
            nextValue += 1
            return nextValue
          }
          sections.insert(values, at: section)
          changes.insertedSections = [section]
        case 2 where sections.count > 1:
          let from = random.int(0..<sections.count)
          let to = random.int(0..<sections.count)
          sections.insert(sections.remove(at: from), at: to)
          changes.movedSections = [Move(from: from, to: to)]
        default:
          let section = random.int(0..<sections.count)
          // A reloaded section's items are new: its selection goes.
          selected.subtract(sections[section])
          sections[section] = sections[section].map { _ in
            nextValue += 1
            return nextValue
          }
          changes.reloadedSections = [section]
        }
        source.sections = sections
        let result = collectionView.performBatchUpdates(with: changes, animated: random.chance(0.5))
        #expect(result.failure == nil, "\(context): \(String(describing: result.failure))")
        collectionView.settleUpdateAnimation()
        // Then items: inserts, deletes and moves across sections, diffed.
        var new = source.sections
        for _ in 0..<random.int(0...4) {
          let section = random.int(0..<new.count)
          switch random.int(0...2) {
          case 0 where !new[section].isEmpty:
            selected.remove(new[section].remove(at: random.int(0..<new[section].count)))
          case 1:
            nextValue += 1
            new[section].insert(nextValue, at: random.int(0...new[section].count))
          default:
            guard !new[section].isEmpty else { break }
            let value = new[section].remove(at: random.int(0..<new[section].count))
            let to = random.int(0..<new.count)
            new[to].insert(value, at: random.int(0...new[to].count))
          }
        }
        func sectioned(_ sections: [[Int]]) -> [ArraySection<Int, Int>] {
          sections.enumerated().map { ArraySection(model: $0.offset, elements: $0.element) }
        }
        let stages = StagedChangeset(source: sectioned(source.sections), target: sectioned(new))
        source.sections = new
        for stage in stages {
          let result = collectionView.performBatchUpdates(with: stage, animated: false)
          #expect(result.failure == nil, "\(context): \(String(describing: result.failure))")
        }
      }
      collectionView.layoutIfNeeded()
      let shown = values(collectionView.indexPathsForSelectedItems)
      #expect(shown == selected, "\(context): selection")
      #expect(collectionView.numberOfSelectedItems == selected.count, "\(context): count")
      for section in source.sections.indices {
        for item in source.sections[section].indices {
          let path = ItemPath(section: section, item: item)
          #expect(
            collectionView.isItemSelected(at: path)
              == selected.contains(source.sections[section][item]), "\(context): \(path)")
        }
      }
      if let problem = collectionView.selection.items.problem(in: collectionView.counts) {
        Issue.record("\(context): \(problem)")
      }
    }
  }
}
