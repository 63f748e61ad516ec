import Benchmark
import ReuseKit
import Scenarios

/// The `waterfall` family: two columns on the fixed 320 × 800 viewport, photo-like heights of
/// 100–300 points (seeded), 5-point column and 3-point item spacing (WaterFlowView's metrics),
/// shortest-column placement.
///
/// - `prepare`: placing every item (a fresh layout each time);
/// - `frame`: the list family's frame step (a third of the viewport);
/// - `jump`: big jumps, to seeded random offsets anywhere in the content, against WaterFlowView's
///   per-column walk and CHT's union-rectangle scan, after checking that each shows the same
///   items as ours.
func registerWaterfallBenchmarks() {
  registerWaterfallPrepare(count: 1_000_000)
  for count in [100_000, 1_000_000] { registerWaterfallFrame(count: count) }
  for count in [100_000, 1_000_000] {
    registerWaterfallJumps(count: count, baselines: count <= 100_000)
  }
  for count in [100_000, 1_000_000] { registerWaterfallQueries(count: count) }
  registerWaterfallAppend(count: 1_000_000, page: 60)
}

/// "Load more": `page` items appended to a feed of `count` with `insertItems`, laid out and
/// shown. Only the new items are placed (and their heights asked for); the setup checks that
/// no placed item moves and that the provider is asked for exactly the new items.
private func registerWaterfallAppend(count: Int, page: Int) {
  final class Feed {
    let source: BenchDataSource<BenchCell>
    var count: Int {
      get { source.count }
      set { source.count = newValue }
    }
    var asked = 0
    let layout: WaterfallLayout
    let collectionView: CollectionView

    init(count: Int) {
      source = BenchDataSource(count: count)
      layout = WaterfallLayout(
        columns: .fixed(2), itemHeight: .fixed(1), columnSpacing: WaterfallGeometry.columnSpacing,
        itemSpacing: WaterfallGeometry.itemSpacing)
      collectionView = CollectionView(layout: layout, viewportSize: Geometry.viewport)
      layout.itemHeight = .perItem { [unowned self] path, _ in
        asked += 1
        var hash = UInt64(path.item) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
        return Double(100 + hash % 201)
      }
      collectionView.diagnostics.handler = nil
      collectionView.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
      collectionView.dataSource = source
      collectionView.layoutIfNeeded()
      // Scrolled to the end, as a feed is when it loads more.
      collectionView.contentOffset = Point(x: 0, y: collectionView.maximumContentOffset.y)
      collectionView.layoutIfNeeded()
    }

    func append(_ page: Int) {
      let paths = (count..<count + page).map { ItemPath(section: 0, item: $0) }
      count += page
      collectionView.insertItems(at: paths)
      collectionView.layoutIfNeeded()
    }
  }
  let feed = State<Feed>()
  benchmark(
    "waterfall/append/shortest", items: count, scaling: .one,
    closure: { benchmark in
      let feed = feed.value!
      for _ in benchmark.scaledIterations { feed.append(page) }
      blackHole(feed.collectionView.contentSize.height)
    },
    setup: {
      let fixture = Feed(count: count)
      // Appending asks only for the new items and moves nothing placed.
      let probe = (0..<1_000).map { ItemPath(section: 0, item: $0 * (count / 1_000)) }
      let before = probe.map { fixture.layout.frameForItem(at: $0) }
      fixture.asked = 0
      fixture.append(page)
      precondition(fixture.asked == page, "an append asked for \(fixture.asked) heights")
      precondition(probe.map { fixture.layout.frameForItem(at: $0) } == before, "an item moved")
      feed.value = fixture
    },
    teardown: { feed.value = nil })
}

/// The visible-set computation alone, after a big jump: our layout's rect query against the
/// baselines' ways of finding the visible rectangles (WaterFlowView: its scan from row 0 per
/// column, which is what completes its frame after a jump; CHT: the union-rectangle scan and
/// item tests), with no cells involved.
private func registerWaterfallQueries(count: Int) {
  let queries = 100
  final class Inputs {
    let ours: WaterfallFixture
    let columns: [[Rect]]
    let cht: CHTWaterfall
    var offsets: [Double] = []
    var buffer = LayoutElements()

    init(count: Int) {
      ours = WaterfallFixture(count: count)
      let (items, columns) = ours.frames()
      self.columns = columns
      cht = CHTWaterfall(frames: items, boundsHeight: Geometry.viewport.height)
      offsets = (0..<1_000).map { _ in ours.nextJump() }
    }

    func rect(_ index: Int) -> Rect {
      Rect(
        x: 0, y: offsets[index % offsets.count], width: Geometry.viewport.width,
        height: Geometry.viewport.height)
    }

    /// WaterFlowView's search for the visible rows of each column, from row 0 (its frame after a
    /// jump), written as the original's loops.
    func seedVisibleRows(in rect: Rect) -> Int {
      var found = 0
      for column in columns {
        var row = 0
        while row < column.count && (column[row].maxY < rect.minY || column[row].minY > rect.maxY) {
          row += 1
        }
        while row < column.count && !(column[row].maxY < rect.minY || column[row].minY > rect.maxY)
        {
          found += 1
          row += 1
        }
      }
      return found
    }
  }
  let inputs = State<Inputs>()
  let setup: Benchmark.BenchmarkSetupHook = {
    let made = Inputs(count: count)
    for index in 0..<100 {
      made.buffer.removeAll()
      made.ours.layout.elements(in: LayoutQuery(viewport: made.rect(index)), into: &made.buffer)
      let ours = made.buffer.items.map(\.indexPath.item).sorted()
      guard ours == made.cht.layoutAttributesForElements(in: made.rect(index)).sorted(),
        ours.count == made.seedVisibleRows(in: made.rect(index))
      else { fatalError("waterfall/query: a baseline finds other items than ours") }
    }
    inputs.value = made
  }
  var cursor = 0
  /// One row: `queries` rect queries, each returning how many items it found.
  func register(baseline: String?, query: @escaping (Inputs, Rect) -> Int) {
    benchmark(
      "waterfall/query/shortest", items: count, scaling: .one, operations: queries,
      baseline: baseline,
      closure: { _ in
        let made = inputs.value!
        var found = 0
        for _ in 0..<queries {
          found &+= query(made, made.rect(cursor))
          cursor += 1
        }
        blackHole(found)
      }, setup: setup, teardown: { inputs.value = nil })
  }
  register(baseline: nil) { made, rect in
    made.buffer.removeAll()
    made.ours.layout.elements(in: LayoutQuery(viewport: rect), into: &made.buffer)
    return made.buffer.items.count
  }
  register(baseline: "waterflow-seed003") { made, rect in made.seedVisibleRows(in: rect) }
  register(baseline: "cht-union20") { made, rect in
    made.cht.layoutAttributesForElements(in: rect).count
  }
}

enum WaterfallGeometry {
  static let columnSpacing = 5.0
  static let itemSpacing = 3.0

  static func heights(count: Int) -> [Double] {
    var random = SplitMix64(seed: Geometry.seed ^ 0x3A7E)
    return (0..<count).map { _ in Double(100 + random.next() % 201) }
  }

  static func makeLayout(heights: [Double]) -> WaterfallLayout {
    WaterfallLayout(
      columns: .fixed(2), itemHeight: .perItem { path, _ in heights[path.item] },
      columnSpacing: columnSpacing, itemSpacing: itemSpacing)
  }

  static var context: (Int) -> LayoutContext {
    { count in
      LayoutContext(
        itemCounts: [count], viewportSize: Geometry.viewport, diagnostics: Diagnostics(handler: nil)
      )
    }
  }
}

/// A collection view over a waterfall of `count` trivial cells.
final class WaterfallFixture {
  let heights: [Double]
  let dataSource: BenchDataSource<BenchCell>
  let collectionView: CollectionView
  let layout: WaterfallLayout
  var stepper: FrameStepper
  var random = SplitMix64(seed: 0x0B16_5EED)

  init(count: Int) {
    heights = WaterfallGeometry.heights(count: count)
    layout = WaterfallGeometry.makeLayout(heights: heights)
    dataSource = BenchDataSource(count: count)
    collectionView = CollectionView(layout: layout, viewportSize: Geometry.viewport)
    collectionView.diagnostics.handler = nil
    collectionView.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = dataSource
    collectionView.layoutIfNeeded()
    stepper = FrameStepper(contentLength: collectionView.contentSize.height)
  }

  /// The next jump target: anywhere in the content, half-way between whole points so that
  /// no item only touches the viewport (the baselines count touching items as visible; ours
  /// does not).
  func nextJump() -> Double {
    let maximum = collectionView.maximumContentOffset.y
    return min(maximum, Double(random.next() % UInt64(max(1, maximum))) + 0.5)
  }

  /// Every item's frame, in item order, and the columns' frames, row by row (the baselines'
  /// inputs: the same placement as ours).
  func frames() -> (items: [Rect], columns: [[Rect]]) {
    var items: [Rect] = []
    var columns: [[Rect]] = [[], []]
    for item in 0..<heights.count {
      let frame = layout.layoutAttributesForItem(at: ItemPath(section: 0, item: item))!.frame
      items.append(frame)
      columns[layout.column(ofItemAt: ItemPath(section: 0, item: item))!].append(frame)
    }
    return (items, columns)
  }
}

private func registerWaterfallPrepare(count: Int) {
  let heights = State<[Double]>()
  benchmark(
    "waterfall/prepare/shortest", items: count, scaling: .one,
    closure: { benchmark in
      let layout = WaterfallGeometry.makeLayout(heights: heights.value!)
      benchmark.startMeasurement()
      layout.prepare(WaterfallGeometry.context(count))
      benchmark.stopMeasurement()
      blackHole(layout.contentSize)
    },
    setup: { heights.value = WaterfallGeometry.heights(count: count) },
    teardown: { heights.value = nil })
}

private func registerWaterfallFrame(count: Int) {
  registerSteps(
    "waterfall/frame/shortest", items: count, scaling: .kilo,
    make: { WaterfallFixture(count: count) },
    step: { waterfall in
      waterfall.collectionView.contentOffset = Point(x: 0, y: waterfall.stepper.next())
      waterfall.collectionView.layoutIfNeeded()
    })
}

private func registerWaterfallJumps(count: Int, baselines: Bool) {
  let jumps = 100
  registerSteps(
    "waterfall/jump/shortest", items: count, scaling: .one, operations: jumps,
    make: { WaterfallFixture(count: count) },
    step: { waterfall in
      for _ in 0..<jumps {
        waterfall.collectionView.contentOffset = Point(x: 0, y: waterfall.nextJump())
        waterfall.collectionView.layoutIfNeeded()
      }
    })
  guard baselines else { return }

  final class Baselines {
    let ours: WaterfallFixture
    let seed: WaterFlowSeed003
    let cht: CHTWaterfall
    var passes = 0

    init(count: Int) {
      ours = WaterfallFixture(count: count)
      let (items, columns) = ours.frames()
      seed = WaterFlowSeed003(columns: columns, boundsHeight: Geometry.viewport.height)
      cht = CHTWaterfall(frames: items, boundsHeight: Geometry.viewport.height)
    }

    /// WaterFlowView's visible items (as item numbers), to compare with ours.
    var seedItems: [Int] {
      let layout = ours.layout
      var columns: [[Int]] = [[], []]
      for item in 0..<ours.heights.count {
        columns[layout.column(ofItemAt: ItemPath(section: 0, item: item))!].append(item)
      }
      return seed.visible.map { columns[$0.column][$0.row] }
    }

    /// WaterFlowView after a jump: scroll events until the frame is complete (the first one
    /// usually leaves it blank), as many as the original needed.
    func seedJump(to offset: Double, expected: Int) {
      seed.contentOffset = offset
      seed.onScroll()
      passes = 1
      while seed.visible.count < expected && passes < 3 {
        seed.onScroll()
        passes += 1
      }
    }
  }
  let shared = State<Baselines>()
  let setup: Benchmark.BenchmarkSetupHook = {
    let baselines = Baselines(count: count)
    var blankFirstFrames = 0
    requireSameVisibleSets(
      "waterfall/jump", frames: 200,
      ours: { baselines.ours.collectionView.indexPathsForVisibleItems.map(\.item) },
      baseline: { baselines.seedItems },
      step: {
        let offset = baselines.ours.nextJump()
        baselines.ours.collectionView.contentOffset = Point(x: 0, y: offset)
        baselines.ours.collectionView.layoutIfNeeded()
        baselines.seedJump(
          to: offset, expected: baselines.ours.collectionView.indexPathsForVisibleItems.count)
        if baselines.passes > 1 { blankFirstFrames += 1 }
      })
    requireSameVisibleSets(
      "waterfall/jump cht", frames: 200,
      ours: { baselines.ours.collectionView.indexPathsForVisibleItems.map(\.item) },
      baseline: { baselines.cht.visible },
      step: {
        let offset = baselines.ours.nextJump()
        baselines.ours.collectionView.contentOffset = Point(x: 0, y: offset)
        baselines.ours.collectionView.layoutIfNeeded()
        baselines.cht.contentOffset = offset
        baselines.cht.layout()
      })
    guard blankFirstFrames > 100 else {
      fatalError(
        "waterfall/jump: WaterFlowView left only \(blankFirstFrames) of 200 first frames blank")
    }
    shared.value = baselines
  }
  /// One baseline row: `jumps` jumps, each done by `jump`.
  func register(_ baseline: String, jump: @escaping (Baselines) -> Void) {
    benchmark(
      "waterfall/jump/shortest", items: count, scaling: .one, operations: jumps,
      baseline: baseline,
      closure: { _ in
        let baselines = shared.value!
        for _ in 0..<jumps { jump(baselines) }
      }, setup: setup, teardown: { shared.value = nil })
  }
  register("waterflow-seed003") { $0.seedJump(to: $0.ours.nextJump(), expected: 2) }
  register("cht-union20") { baselines in
    baselines.cht.contentOffset = baselines.ours.nextJump()
    baselines.cht.layout()
  }
}
