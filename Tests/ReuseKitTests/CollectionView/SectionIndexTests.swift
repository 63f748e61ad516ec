import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct SectionIndexTests {
  @Test func titlesComeFromTheDataSourceAndAreReadAgainOnReload() {
    let items = Items([[1], [2], [3]])
    items.titles = ["A", "B", "C"]
    let view = makeView(ListLayout(itemSizing: .uniform(10)), items)
    #expect(view.indexTitles == ["A", "B", "C"])
    items.titles = ["X"]
    #expect(view.indexTitles == ["A", "B", "C"])  // read with the counts, not on every access
    view.reloadData()
    #expect(view.indexTitles == ["X"])
    items.titles = nil
    items.sections = [[1], [2], [3], [4]]
    view.performBatchUpdates { view.insertSections([3]) }
    #expect(view.indexTitles == [])
  }

  @Test func answersOutOfRangeAreClampedWithADiagnostic() {
    let items = Items([[1, 2], [3]])
    items.titles = ["A", "B"]
    items.titleTarget = { _ in ItemPath(section: 7, item: 9) }
    let view = makeView(ListLayout(itemSizing: .uniform(10)), items)
    var reports: [String] = []
    view.diagnostics.handler = { reports.append($0.message) }
    #expect(view.indexPath(forIndexTitle: "A", at: 0) == ItemPath(section: 1, item: 0))
    #expect(reports.count == 1)
    #expect(view.indexPath(forIndexTitle: "Z", at: 5) == nil)
    #expect(view.indexPath(forIndexTitle: "Z", at: -1) == nil)
  }

  /// A jump puts the section's header at the top, exactly, with headers that scroll away or
  /// pin, and with estimated sizes that the jump measures on the way.
  @Test(arguments: [false, true]) func aJumpLandsOnTheSectionExactly(pinned: Bool) {
    var random = SeededRandom(seed: pinned ? 7 : 8)
    let sections = (0..<30).map { s in (0..<random.int(0...40)).map { s * 100 + $0 } }
    let lengths = sections.map { $0.map { _ in Double(random.int(1...5)) } }
    final class Measured: SectionedValues, PlainSupplementaryViews {
      let sections: [[Int]]
      let lengths: [[Double]]
      init(_ sections: [[Int]], _ lengths: [[Double]]) {
        self.sections = sections
        self.lengths = lengths
      }
      func collectionView(
        _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
      )
        -> CollectionViewCell
      {
        let cell = collectionView.dequeueReusableCell(
          RecordingCell.self, withReuseIdentifier: "cell", for: indexPath)
        cell.preferredLength = lengths[indexPath.section][indexPath.item]
        return cell
      }
      func indexTitles(for collectionView: CollectionView) -> [String]? {
        sections.indices.map { "\($0)" }
      }
    }
    let source = Measured(sections, lengths)
    let layout = ListLayout(itemSizing: .estimated(3), headerLength: .fixed(2))
    layout.pinsHeaders = pinned
    let view = makeView(layout, source, size: Size(width: 20, height: 12))
    for _ in 0..<20 {
      let index = random.int(0..<30)
      view.scrollToIndexTitle(at: index)
      view.layoutIfNeeded()
      let header = layout.layoutAttributesForSupplementaryView(ofKind: .header, inSection: index)!
        .frame
      let maximum = view.contentSize.height - 12
      if maximum > header.minY {
        #expect(view.contentOffset.y == header.minY, "section \(index)")
      } else {
        #expect(view.contentOffset.y == max(0, maximum), "section \(index), near the end")
      }
    }
  }
}
