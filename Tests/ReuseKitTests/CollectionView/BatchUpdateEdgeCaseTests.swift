import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct BatchUpdateEdgeCaseTests {
  @Test func movingASectionDoesNotDragTheOffset() {
    let (collectionView, source) = makeValues([Array(0..<100), Array(100..<200)])
    collectionView.contentOffset = Point(x: 0, y: 450)
    collectionView.layoutIfNeeded()
    source.sections.swapAt(0, 1)
    collectionView.performBatchUpdates(animated: false) {
      collectionView.moveSection(0, toSection: 1)
    }
    #expect(collectionView.contentOffset.y == 450)
    #expect(source.shown(collectionView).first == 145)
  }

  @Test func anItemComingBackDuringItsSlideAwayHasOneView() {
    let (collectionView, source) = makeValues([Array(0..<50)])
    // Move item 1 far down (out of sight): its cell slides away.
    var values = source.sections[0]
    values.insert(values.remove(at: 1), at: 40)
    source.sections[0] = values
    collectionView.performBatchUpdates(
      with: Changeset(movedItems: [ItemMove(from: path(0, 1), to: path(0, 40))]))
    // Scroll to it while it is still sliding.
    collectionView.tick(now: 1)
    collectionView.contentOffset = Point(x: 0, y: 350)
    collectionView.layoutIfNeeded()
    var shown: [Int] = []
    collectionView.forEachDisplayedView { view, _ in
      if let value = (view as! ValueCell).value { shown.append(value) }
    }
    #expect(shown.filter { $0 == 1 }.count == 1, "one view for item 1: \(shown)")
    #expect(source.violations.isEmpty)
    collectionView.settleUpdateAnimation()
    #expect(
      Set(source.displayed.keys) == Set(collectionView.visibleCells.map(ObjectIdentifier.init)))
  }

  @Test func negativeCountsAreAnErrorNotATrap() {
    let result = Changeset().validate(oldItemCounts: [-1], newItemCounts: [2])
    #expect(result.failure == .negativeItemCount(section: 0, count: -1, isAfter: false))
  }

  @Test func anUpdateDuringLayoutIsDeferredAsAReload() {
    final class Meddler: ValueSource {
      weak var collectionView: CollectionView?
      var result: Result<Void, BatchUpdateError>?
      override func collectionView(
        _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
        forItemAt indexPath: ItemPath
      ) {
        super.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
        if result == nil {
          result = collectionView.performBatchUpdates {
            collectionView.reloadItems(at: [indexPath])
          }
        }
      }
    }
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 10, height: 50))
    collectionView.diagnostics.handler = nil
    collectionView.register(ValueCell.self, forCellWithReuseIdentifier: "value")
    let source = Meddler([Array(0..<10)])
    collectionView.dataSource = source
    collectionView.delegate = source
    collectionView.layoutIfNeeded()
    #expect(source.result?.failure == .updateDuringLayoutPass)
    #expect(source.shown(collectionView) == [0, 1, 2, 3, 4])
    #expect(source.violations.isEmpty)
  }
}
