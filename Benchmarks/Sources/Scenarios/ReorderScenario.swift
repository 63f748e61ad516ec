import ReuseKit

/// One frame of an interactive movement over 1,000,000 items (a list with estimated heights,
/// or a three-column grid). An item in view is lifted once in setup; each frame moves the
/// pointer 7 points (back and forth across the middle of the viewport, so the target changes
/// every few frames and the others glide aside) and ticks the clock by 1/60 s. Without a
/// movement (the baseline), the same view scrolls 7 points and ticks.
public final class ReorderScenario {
  public enum Kind: String, CaseIterable, Sendable {
    case list, grid
  }

  public let view: CollectionView
  let source = MovableDataSource<MeasuredCell>(count: 1_000_000, identifier: "cell")
  let moving: Bool
  var pointer = 300.0
  var step = 7.0
  var time = 0.0

  /// The scenario, warmed up by `warmUpFrames` frames (buffers and the pool grown).
  public init(_ kind: Kind, moving: Bool, warmUpFrames: Int = 1_000) {
    self.moving = moving
    let layout: any CollectionViewLayout =
      kind == .list
      ? ListLayout(itemSizing: .estimated(44), itemSpacing: 1)
      : GridLayout(columns: .fixed(3), itemHeight: .fixed(100))
    view = CollectionView(layout: layout, viewportSize: Size(width: 320, height: 800))
    view.register(MeasuredCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.layoutIfNeeded()
    view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
    view.layoutIfNeeded()
    if moving {
      let lifted = view.indexPathForItem(at: Point(x: 160, y: view.contentOffset.y + 300))!
      // Not inside `precondition`: an unchecked build would not evaluate it.
      let began = view.beginInteractiveMovementForItem(at: lifted)
      precondition(began)
    }
    for _ in 0..<warmUpFrames { frame() }
  }

  /// One frame: the pointer (or the offset) moves 7 points, then the clock ticks.
  public func frame() {
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
}
