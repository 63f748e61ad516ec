import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Found by the whole-system model test: an offset left past the end of the content.
@Suite struct OffsetsComeToRestInBoundsTests {
  @Test func afterTheContentShrinks() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.contentOffset = Point(x: 0, y: 500)  // the last 10 rows of 10 points
    collectionView.layoutIfNeeded()
    recorder.counts = [20]
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    #expect(collectionView.contentOffset.y == collectionView.maximumContentOffset.y)
    #expect(collectionView.contentOffset.y == 100, "20 rows in a 100-point viewport")
    #expect(!collectionView.visibleCells.isEmpty, "no blank screen")
  }

  @Test func afterAnAnimationAimedPastANewEnd() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.setContentOffset(Point(x: 0, y: 900), animated: true)
    var time = 0.0
    collectionView.tick(now: time)
    time += 0.05
    collectionView.tick(now: time)
    // Mid-animation the viewport grows: the animation's target is now past the end.
    collectionView.viewportSize = Size(width: 100, height: 600)
    while collectionView.isAnimating {
      time += 1.0 / 60
      collectionView.tick(now: time)
    }
    collectionView.layoutIfNeeded()
    #expect(collectionView.contentOffset.y == collectionView.maximumContentOffset.y)
    #expect(collectionView.indexPathsForVisibleItems.count == 60)
    withExtendedLifetime(recorder) {}
  }

  @Test func anOffsetSetOutOfBoundsFromCodeStaysUntilTheContentChanges() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.layoutIfNeeded()
    collectionView.contentOffset = Point(x: 0, y: -30)  // room above, as for a refresh control
    collectionView.layoutIfNeeded()
    collectionView.layoutIfNeeded()
    #expect(collectionView.contentOffset.y == -30, "UIKit honours it; so do we")
    recorder.counts = [90]
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    #expect(collectionView.contentOffset.y == 0, "a content change brings it back")
  }

  @Test func butNotWhileADragPullsPastTheEdge() {
    let (collectionView, recorder) = makeCollectionView(counts: [100])
    collectionView.layoutIfNeeded()
    collectionView.beginDrag(at: Point(x: 5, y: 50), time: 0)
    for step in 1...4 {
      collectionView.moveDrag(to: Point(x: 5, y: 50 + Double(step) * 15), time: Double(step) * 0.02)
      collectionView.layoutIfNeeded()
    }
    #expect(collectionView.contentOffset.y < 0, "rubber-banding above the top is kept")
    withExtendedLifetime(recorder) {}
  }
}
