import ReuseKit

/// Rails frames over 1,000 rails of 1,000 items each (1,000,000 items): the list scrolled 7
/// points a frame while a finger drags one rail on screen 7 points a frame sideways, every
/// visible rail laid out again at its own offset; and, as its baseline, a plain list of
/// 1,000,000 uniform rows scrolled 7 points a frame.
public final class RailsScenario {
  public enum Kind: String, CaseIterable, Sendable {
    /// The rails (`rails/frame`).
    case rails
    /// A plain list of the same number of items, scrolled the same way.
    case list
  }

  public let kind: Kind
  public let view: CollectionView
  let dataSource: BenchDataSource<BenchCell>
  var step = 7.0
  var dragX = 200.0
  var dragStep = -7.0
  var time = 0.0
  var top = 0.0

  /// The scenario, warmed up by `warmUpFrames` frames (buffers and the pool grown).
  public init(_ kind: Kind, warmUpFrames: Int = 1_000) {
    self.kind = kind
    let size = Size(width: 320, height: 800)
    switch kind {
    case .rails:
      dataSource = BenchDataSource(count: 1_000)
      dataSource.sections = 1_000
      let layout = RailsLayout { section in
        RailSection(
          scrolling: section % 3 == 0 ? .groupPaging : .continuous, itemWidth: .absolute(100),
          itemHeight: 100, spacing: 8, insets: EdgeInsets(top: 4, left: 12, bottom: 4, right: 12),
          headerHeight: 0)
      }
      view = CollectionView(layout: layout, viewportSize: size)
    case .list:
      dataSource = BenchDataSource(count: 1_000_000)
      view = CollectionView(layout: ListLayout(itemSizing: .uniform(44)), viewportSize: size)
    }
    view.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = dataSource
    view.layoutIfNeeded()
    top = (view.contentSize.height / 2).rounded()
    view.contentOffset = Point(x: 0, y: top)
    view.layoutIfNeeded()
    if kind == .rails {
      // A finger down on the rail at y = 350 of the viewport, dragged sideways past the slop.
      view.handle(PointerEvent(.began, at: Point(x: dragX, y: 350), time: time))
      dragX -= 20
      view.handle(PointerEvent(.moved, at: Point(x: dragX, y: 350), time: time))
      precondition(view.isRailMoving, "the rail did not take the drag")
    }
    for _ in 0..<warmUpFrames { frame() }
  }

  /// One frame: the list moves 7 points (code, as a fling would), the rail under the finger 7
  /// points sideways, and the clock ticks.
  public func frame() {
    time += 1.0 / 60
    let y = view.contentOffset.y + step
    if y > top + 600 || y < top - 600 { step = -step }
    view.contentOffset = Point(x: 0, y: y)
    if kind == .rails {
      dragX += dragStep
      if dragX < -300 || dragX > 200 { dragStep = -dragStep }
      view.handle(PointerEvent(.moved, at: Point(x: dragX, y: 350), time: time))
    }
    view.tick(now: time)
    view.layoutIfNeeded()
  }

  /// How many cells the frame shows.
  public var visible: Int { view.reuseCounters.visible }
}

/// Appends to a grid whose items span columns (a banner every 17 items, others one to three
/// columns): each operation appends 25 items in one batch update, placed after the items
/// already there without placing those again.
public final class SpanAppendScenario {
  public let view: CollectionView
  let dataSource: BenchDataSource<BenchCell>

  /// A grid of `items` items, laid out once.
  public init(items: Int) {
    dataSource = BenchDataSource(count: items)
    let layout = GridLayout(columns: .fixed(4), itemHeight: .fixed(60), rowSpacing: 2)
    layout.spanProvider = { path in
      path.item % 17 == 0 ? .fullWidth(height: 90) : ItemSpan(columns: path.item % 3 + 1)
    }
    view = CollectionView(layout: layout, viewportSize: Size(width: 320, height: 800))
    view.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = dataSource
    view.layoutIfNeeded()
    view.contentOffset = Point(x: 0, y: 1_000)
    view.layoutIfNeeded()
  }

  /// Appends 25 items.
  public func append() {
    let start = dataSource.count
    dataSource.count += 25
    view.performBatchUpdates(animated: false) {
      view.insertItems(at: (start..<(start + 25)).map { ItemPath(section: 0, item: $0) })
    }
    view.layoutIfNeeded()
  }
}
