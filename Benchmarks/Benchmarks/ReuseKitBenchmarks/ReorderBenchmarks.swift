import Benchmark
import ReuseKit

/// The `reorder` family: one frame of an interactive movement over 1,000,000 items (a list
/// with estimated heights, and a three-column grid). An item in view is lifted once in
/// setup; each operation moves the pointer 7 points (back and forth across the middle of the
/// viewport, so the target changes every few frames and the others glide aside) and ticks the
/// clock by 1/60 s: two layout passes. The baseline is the same view scrolled 7 points and
/// ticked, without a movement.
func registerReorderBenchmarks() {
  for kind in ReorderFixture.Kind.allCases {
    let name = "reorder/frame/\(kind.rawValue)"
    registerSteps(
      name, items: 1_000_000, scaling: .kilo,
      make: { ReorderFixture(kind, moving: true) },
      step: { $0.frame() }, result: { $0.view.reuseCounters.visible })
    registerSteps(
      name, items: 1_000_000, scaling: .kilo, baseline: "scroll-frame",
      make: { ReorderFixture(kind, moving: false) },
      step: { $0.frame() }, result: { $0.view.reuseCounters.visible })
  }
}

private final class ReorderCell: CollectionViewCell {
  var item = 0
  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(width: proposedSize.width, height: Double(30 + item % 5 * 12))
  }
}

private final class ReorderFixture: CollectionViewDataSource {
  enum Kind: String, CaseIterable {
    case list, grid
  }

  let view: CollectionView
  let moving: Bool
  var pointer = 300.0
  var step = 7.0
  var time = 0.0

  init(_ kind: Kind, moving: Bool) {
    self.moving = moving
    let layout: any CollectionViewLayout =
      kind == .list
      ? ListLayout(itemSizing: .estimated(44), itemSpacing: 1)
      : GridLayout(columns: .fixed(3), itemHeight: .fixed(100))
    view = CollectionView(layout: layout, viewportSize: Size(width: 320, height: 800))
    view.diagnostics.handler = nil
    view.register(ReorderCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = self
    view.layoutIfNeeded()
    view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
    view.layoutIfNeeded()
    if moving {
      let lifted = view.indexPathForItem(at: Point(x: 160, y: view.contentOffset.y + 300))!
      // Not inside `precondition`: an unchecked build would not evaluate it.
      let began = view.beginInteractiveMovementForItem(at: lifted)
      precondition(began)
    }
    for _ in 0..<1_000 { frame() }  // the steady state: buffers and the pool have grown
  }

  /// One frame: the pointer (or the offset) moves 7 points, then the clock ticks.
  func frame() {
    pointer += step
    if pointer > 560 || pointer < 240 { step = -step }
    if moving {
      view.updateInteractiveMovementTargetPosition(
        Point(x: 160, y: view.contentOffset.y + pointer))
    } else {
      view.contentOffset.y += step
      view.layoutIfNeeded()
    }
    time += 1.0 / 60
    view.tick(now: time)
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { 1_000_000 }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ReorderCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.item = indexPath.item
    return cell
  }

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool {
    true
  }
}
