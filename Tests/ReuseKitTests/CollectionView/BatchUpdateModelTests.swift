import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Random valid batches (diffs of random edits, applied stage by stage, animated or not, with
/// scrolling between) against the data: after each, every visible cell shows its item, the
/// visible set is the layout's answer (checked by the invariants), callbacks pair up, and the
/// selection follows its values.
@Suite struct BatchUpdateModelTests {
  @Test(arguments: 0..<80)
  func randomBatchesKeepCellsSelectionAndCallbacksRight(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0xBA7C_4000)
    var (initial, nextValue) = random.sections(1...4, items: 0...30, numberingFrom: 1_000)
    let sizing: ListLayout.ItemSizing = random.chance(0.5) ? .uniform(7) : .estimated(7)
    let (collectionView, source) = makeValues(initial, viewport: 60, sizing: sizing)
    collectionView.allowsMultipleSelection = true
    var selectedValues: Set<Int> = []
    var time = 1.0
    for step in 0..<25 {
      let context = "seed \(seed), step \(step)"
      collectionView._debugLabel = context
      switch random.int(0...5) {
      case 0:
        collectionView.contentOffset = Point(
          x: 0, y: random.double(0...max(0, collectionView.contentSize.height)))
      case 1:
        // Select or deselect a shown item, or (now and then) select every item: then the
        // selection is whole sections less what is deselected, which the updates must carry
        // as they carry a list of paths.
        let paths = collectionView.indexPathsForVisibleItems
        if random.chance(0.15) {
          collectionView.selectAllItems()
          selectedValues = Set(source.sections.joined())
        } else if let path = paths.randomElement(using: &random) {
          setSelected(
            !random.chance(0.3), at: path, of: source, in: collectionView,
            model: &selectedValues)
        }
      case 2:
        time += 0.1
        collectionView.tick(now: time)
      default:
        // A random edit, diffed and applied stage by stage.
        var new = source.sections
        for _ in 0..<random.int(1...6) {
          let section = random.int(0..<new.count)
          switch random.int(0...3) {
          case 0 where !new[section].isEmpty:
            let removed = new[section].remove(at: random.int(0..<new[section].count))
            selectedValues.remove(removed)
          case 1:
            nextValue += 1
            new[section].insert(nextValue, at: random.int(0...new[section].count))
          case 2 where !new[section].isEmpty:
            let value = new[section].remove(at: random.int(0..<new[section].count))
            let to = random.int(0..<new.count)
            new[to].insert(value, at: random.int(0...new[to].count))
          default:
            new[section].shuffle(using: &random)
          }
        }
        func sectioned(_ sections: [[Int]]) -> [ArraySection<Int, Int>] {
          sections.enumerated().map { ArraySection(model: $0.offset, elements: $0.element) }
        }
        let stages = StagedChangeset(source: sectioned(source.sections), target: sectioned(new))
        source.sections = new
        for stage in stages {
          let result = collectionView.performBatchUpdates(
            with: stage, animated: random.chance(0.5))
          #expect(result.failure == nil, "\(context): \(String(describing: result.failure))")
        }
      }
      collectionView.layoutIfNeeded()
      for (cell, path) in zip(collectionView.visibleCells, collectionView.indexPathsForVisibleItems)
      {
        #expect(
          (cell as! ValueCell).value == source.sections[path.section][path.item],
          "\(context): cell at \(path)")
      }
      let selected = Set(
        collectionView.indexPathsForSelectedItems.map { source.sections[$0.section][$0.item] })
      #expect(selected == selectedValues, "\(context): selection")
      #expect(collectionView.numberOfSelectedItems == selectedValues.count, "\(context): count")
      for path in collectionView.indexPathsForVisibleItems {
        #expect(
          collectionView.isItemSelected(at: path)
            == selectedValues.contains(source.sections[path.section][path.item]),
          "\(context): \(path) selected")
      }
      #expect(source.violations.isEmpty, "\(context): \(source.violations)")
    }
    collectionView.settleUpdateAnimation()
    #expect(
      Set(source.displayed.keys) == Set(collectionView.visibleCells.map(ObjectIdentifier.init)))
  }
}
