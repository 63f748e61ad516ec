import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Rows with identities, in one section.
private final class Rows: CollectionViewDataSource, CollectionViewDelegate {
  var ids: [Int]
  var tapped: [Int] = []
  init(_ ids: [Int]) { self.ids = ids }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { ids.count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  { collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
    tapped.append(ids[indexPath.item])
  }
}

/// `ids` as rows 20 points long in a 320 × 200 list, laid out.
private func rowsView(_ ids: [Int]) -> (Rows, CollectionView) {
  let rows = Rows(ids)
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(20)), viewportSize: Size(width: 320, height: 200))
  view.diagnostics.handler = nil
  view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
  view.dataSource = rows
  view.delegate = rows
  view.layoutIfNeeded()
  return (rows, view)
}

/// A click while rows glide to their new places hits the row drawn under the pointer.
@Suite struct TapWhileAnimatingTests {
  @Test(arguments: [0.05, 0.3, 0.7])
  func aClickDuringAnUpdateHitsTheRowDrawnThere(_ when: Double) {
    let (rows, view) = rowsView(Array(0..<40))
    var time = 1.0
    view.tick(now: time)
    // Three rows arrive above row 2: rows 2… glide 60 points down.
    rows.ids.insert(contentsOf: [100, 101, 102], at: 2)
    view.performBatchUpdates {
      view.insertItems(at: (2..<5).map { ItemPath(section: 0, item: $0) })
    }
    time += when * view.updateAnimationDuration
    view.tick(now: time)
    #expect(view.isAnimating)
    // What is drawn at y = 50 now: the row whose drawn frame holds it (a row fading in counts
    // once it is more there than not).
    var drawn: Int?
    view.forEachDisplayedView { _, attributes in
      guard attributes.category == .cell, attributes.frame.contains(Point(x: 10, y: 50)),
        attributes.alpha >= 0.5
      else { return }
      drawn = rows.ids[attributes.indexPath.item]
    }
    let placed = view.indexPathForItem(at: Point(x: 10, y: 50)).map { rows.ids[$0.item] }
    view.tap(at: Point(x: 10, y: 50))
    #expect(rows.tapped.count == 1)
    #expect(
      rows.tapped == drawn.map { [$0] },
      "drawn \(String(describing: drawn)), placed \(String(describing: placed)), hit \(rows.tapped)"
    )
    // Once settled, the layout's place again.
    for _ in 0..<60 {
      time += 1.0 / 60
      view.tick(now: time)
    }
    rows.tapped = []
    view.tap(at: Point(x: 10, y: 50))
    #expect(rows.tapped == [100])
  }

  /// A click on a row still fading in, with nothing gliding over it, hits that row (it was
  /// dropped: a new user's finding, clicks just after an outline row opened).
  @Test func aClickOnARowFadingInHitsIt() {
    let (rows, view) = rowsView(Array(0..<5))
    view.tick(now: 1)
    rows.ids += [100, 101, 102]
    view.performBatchUpdates {
      view.insertItems(at: (5..<8).map { ItemPath(section: 0, item: $0) })
    }
    view.tick(now: 1 + 0.05 * view.updateAnimationDuration)
    #expect(view.isAnimating)
    view.tap(at: Point(x: 10, y: 110))
    #expect(rows.tapped == [100])
  }
}
