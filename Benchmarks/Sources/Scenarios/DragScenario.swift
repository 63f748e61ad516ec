import ReuseKit

/// Drag frames over 1,000,000 items: a drag and drop between two lists of 1,000,000 items each
/// (the pointer moving over the target, its gap following), a drag box growing and shrinking
/// over a three-column grid of 1,000,000 items, and, as their baseline, the source list
/// scrolled 7 points a frame.
public final class DragScenario: CollectionViewDragDelegate, CollectionViewDropDelegate {
  public enum Kind: String, CaseIterable, Sendable {
    /// A card dragged over another list (`dnd/frame/lists`).
    case dnd
    /// A drag box over a grid (`selection/frame/box`).
    case box
    /// The list scrolled 7 points a frame.
    case scroll
  }

  public let kind: Kind
  /// The source (the grid for the box), and the drop target.
  public let view: CollectionView
  public let target: CollectionView
  let coordinator = DragCoordinator()
  let source = MovableDataSource<MeasuredCell>(count: 1_000_000, identifier: "cell")
  let other = MovableDataSource<MeasuredCell>(count: 1_000_000, identifier: "cell")
  var pointer = 300.0
  var step = 7.0
  var time = 0.0

  /// The scenario, warmed up by `warmUpFrames` frames (buffers and the pool grown).
  public init(_ kind: Kind, warmUpFrames: Int = 1_000) {
    self.kind = kind
    let size = Size(width: 320, height: 800)
    view = CollectionView(
      layout: kind == .box
        ? GridLayout(columns: .fixed(3), itemHeight: .fixed(100))
        : ListLayout(itemSizing: .estimated(44), itemSpacing: 1),
      viewportSize: size)
    target = CollectionView(
      layout: ListLayout(itemSizing: .estimated(44), itemSpacing: 1), viewportSize: size)
    for (collectionView, dataSource) in [(view, source), (target, other)] {
      collectionView.register(MeasuredCell.self, forCellWithReuseIdentifier: "cell")
      collectionView.dataSource = dataSource
      collectionView.allowsMultipleSelection = true
      collectionView.dragDelegate = self
      collectionView.dropDelegate = self
      collectionView.layoutIfNeeded()
      collectionView.contentOffset = Point(x: 0, y: collectionView.contentSize.height / 2)
      collectionView.layoutIfNeeded()
    }
    coordinator.add(view, frame: Rect(x: 0, y: 0, width: 320, height: 800))
    coordinator.add(target, frame: Rect(x: 330, y: 0, width: 320, height: 800))
    let offset = view.contentOffset
    switch kind {
    case .dnd:
      let item = view.indexPathForItem(at: Point(x: 160, y: offset.y + 300))!
      let began = coordinator.beginDrag(from: view, at: item, location: Point(x: 160, y: 300))
      precondition(began)
    case .box:
      let began = view.beginSelectionDrag(at: Point(x: 20, y: offset.y + 200), style: .box)
      precondition(began)
    case .scroll:
      break
    }
    for _ in 0..<warmUpFrames { frame() }
  }

  /// One frame: the pointer (or the offset) moves 7 points, then the clock ticks.
  public func frame() {
    pointer += step
    if pointer > 560 || pointer < 240 { step = -step }
    switch kind {
    case .dnd:
      coordinator.moveDrag(to: Point(x: 330 + 160, y: pointer))
    case .box:
      view.updateSelectionDrag(to: Point(x: 250, y: view.contentOffset.y + pointer))
      view.layoutIfNeeded()
    case .scroll:
      view.contentOffset.y += step
      view.layoutIfNeeded()
    }
    time += 1.0 / 60
    view.tick(now: time)
    if kind == .dnd { target.tick(now: time) }
  }

  /// How many cells the frame shows in the view the pointer is over.
  public var visible: Int {
    (kind == .dnd ? target : view).reuseCounters.visible
  }

  /// How many items the box has selected.
  public var selected: Int { view.indexPathsForSelectedItems.count }

  public func collectionView(
    _ collectionView: CollectionView, performDrop session: DragSession, at destination: ItemPath,
    operation: DropOperation
  ) {}
}
