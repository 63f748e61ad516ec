import Benchmark
import ReuseControls
import ReuseKit

/// Custom metrics the scroll scenario reports.
enum ReuseMetric {
  static let cellsCreated = BenchmarkMetric.custom("cellsCreated", polarity: .prefersSmaller)
  static let peakVisible = BenchmarkMetric.custom("peakVisible", polarity: .prefersSmaller)
}

/// The `list` family: frame step, end-to-end scroll, prepare and visible query, in each
/// sizing mode, at 10,000 / 100,000 / 1,000,000 items, with the seed baselines beside them.
func registerListBenchmarks() {
  for sizing in Sizing.allCases {
    for count in Geometry.itemCounts {
      registerFrameStep(sizing, count)
      registerScroll(sizing, count)
      registerPrepare(sizing, count)
      registerQuery(sizing, count)
    }
  }
}

// MARK: Frame step

private func registerFrameStep(_ sizing: Sizing, _ count: Int) {
  let name = "list/frame/\(sizing.rawValue)"
  let ours = State<ListFixture>()
  benchmark(
    name, items: count, scaling: .kilo,
    closure: { benchmark in
      let fixture = ours.value!
      for _ in benchmark.scaledIterations { fixture.frame() }
      blackHole(fixture.collectionView.reuseCounters.visible)
    },
    setup: {
      let fixture = ListFixture(sizing: sizing, count: count, lengths: sizing.lengths(count: count))
      for _ in 0..<100 { fixture.frame() }  // reach the steady state: the pool is primed
      ours.value = fixture
    },
    teardown: { ours.value = nil })

  // TWUI: prefix offsets, linear scan of every row per frame.
  let table = State<(TWUITable, FrameStepper)>()
  benchmark(
    name, items: count, scaling: .one, baseline: "twui-table",
    closure: { benchmark in
      var (baseline, stepper) = table.value!
      for _ in benchmark.scaledIterations {
        baseline.contentOffset = stepper.next()
        baseline.layoutCells()
      }
      table.value = (baseline, stepper)
      blackHole(baseline.cellsCreated)
    },
    setup: {
      let lengths = sizing.lengths(count: count)
      let baseline = TWUITable(heights: lengths, boundsLength: Geometry.viewport.height)
      let check = ListFixture(sizing: sizing, count: count, lengths: lengths)
      var stepper = FrameStepper(contentLength: baseline.contentHeight)
      requireSameVisibleSets(
        "\(name) vs twui-table", frames: count >= 1_000_000 ? 40 : 200,
        ours: { check.visibleItems }, baseline: { baseline.visibleRows },
        step: {
          check.frame()
          baseline.contentOffset = stepper.next()
          baseline.layoutCells()
        })
      table.value = (baseline, stepper)
    },
    teardown: { table.value = nil })

  // ZXOptionBar (seed 000): every column's rect per frame, string keys, O(v²) diff. Its
  // `width * index` positions are only right for equal widths, so it runs on uniform rows.
  guard sizing != .variable else { return }
  let bar = State<(OptionBarSeed000, FrameStepper)>()
  benchmark(
    name, items: count, scaling: .one, baseline: "optionbar-seed000",
    closure: { benchmark in
      var (baseline, stepper) = bar.value!
      for _ in benchmark.scaledIterations {
        baseline.contentOffset = stepper.next()
        baseline.layoutCells()
      }
      bar.value = (baseline, stepper)
      blackHole(baseline.cellsCreated)
    },
    setup: {
      let baseline = OptionBarSeed000(
        columnCount: count, boundsLength: Geometry.viewport.height,
        columnWidth: { _ in Geometry.rowLength })
      let check = ListFixture(sizing: sizing, count: count, lengths: sizing.lengths(count: count))
      var stepper = FrameStepper(contentLength: Double(count) * Geometry.rowLength)
      requireSameVisibleSets(
        "\(name) vs optionbar-seed000",
        frames: count >= 1_000_000 ? 20 : 200,
        ours: { check.visibleItems }, baseline: { baseline.visibleColumns },
        step: {
          check.frame()
          baseline.contentOffset = stepper.next()
          baseline.layoutCells()
        })
      bar.value = (baseline, stepper)
    },
    teardown: { bar.value = nil })
}

// MARK: End-to-end scroll

private func registerScroll(_ sizing: Sizing, _ count: Int) {
  let lengths = State<[Double]>()
  benchmark(
    "list/scroll/\(sizing.rawValue)", items: count, scaling: .one,
    metrics: [ReuseMetric.cellsCreated, ReuseMetric.peakVisible],
    closure: { benchmark in
      let fixture = ListFixture(sizing: sizing, count: count, lengths: lengths.value!)
      let collectionView = fixture.collectionView
      let end = collectionView.contentSize.height
      var offset = 0.0
      while offset < end {
        offset += Geometry.viewport.height
        collectionView.contentOffset = Point(x: 0, y: offset)
        collectionView.layoutIfNeeded()
      }
      let counters = collectionView.reuseCounters(forReuseIdentifier: "cell")
      precondition(counters.created <= counters.peakVisible + 2, "\(counters)")
      benchmark.measurement(ReuseMetric.cellsCreated, counters.created)
      benchmark.measurement(ReuseMetric.peakVisible, counters.peakVisible)
    },
    setup: { lengths.value = sizing.lengths(count: count) },
    teardown: { lengths.value = nil })
}

// MARK: Prepare

private func registerPrepare(_ sizing: Sizing, _ count: Int) {
  let lengths = State<[Double]>()
  benchmark(
    "list/prepare/\(sizing.rawValue)", items: count, scaling: .one,
    closure: { benchmark in
      let layout = sizing.makeLayout(lengths: lengths.value!)
      layout.prepare(
        LayoutContext(
          itemCounts: [count], viewportSize: Geometry.viewport,
          diagnostics: Diagnostics(handler: nil)))
      blackHole(layout.contentSize)
    },
    setup: { lengths.value = sizing.lengths(count: count) },
    teardown: { lengths.value = nil })
}

// MARK: Visible query

/// A prepared layout and the rects to query, stepping like frames do.
private final class QueryFixture {
  let layout: ListLayout
  var stepper: FrameStepper
  var elements = LayoutElements()

  init(sizing: Sizing, count: Int, lengths: [Double]) {
    layout = sizing.makeLayout(lengths: lengths)
    layout.prepare(
      LayoutContext(
        itemCounts: [count], viewportSize: Geometry.viewport,
        diagnostics: Diagnostics(handler: nil)))
    stepper = FrameStepper(contentLength: layout.contentSize.height)
  }

  var nextRect: Rect {
    Rect(origin: Point(x: 0, y: stepper.next()), size: Geometry.viewport)
  }

  func query(_ rect: Rect) -> [Int] {
    elements.removeAll()
    layout.elements(in: LayoutQuery(viewport: rect), into: &elements)
    return elements.items.map(\.indexPath.item)
  }
}

private func registerQuery(_ sizing: Sizing, _ count: Int) {
  let name = "list/query/\(sizing.rawValue)"
  let ours = State<QueryFixture>()
  benchmark(
    name, items: count, scaling: .kilo,
    closure: { benchmark in
      let fixture = ours.value!
      for _ in benchmark.scaledIterations {
        let rect = fixture.nextRect
        fixture.elements.removeAll()
        fixture.layout.elements(in: LayoutQuery(viewport: rect), into: &fixture.elements)
      }
      blackHole(fixture.elements.items.count)
    },
    setup: {
      let fixture = QueryFixture(
        sizing: sizing, count: count, lengths: sizing.lengths(count: count))
      _ = fixture.query(fixture.nextRect)  // grow the buffer once
      ours.value = fixture
    },
    teardown: { ours.value = nil })

  let table = State<(TWUITable, FrameStepper)>()
  benchmark(
    name, items: count, scaling: .one, baseline: "twui-table",
    closure: { benchmark in
      var (baseline, stepper) = table.value!
      for _ in benchmark.scaledIterations {
        let rect = Rect(origin: Point(x: 0, y: stepper.next()), size: Geometry.viewport)
        blackHole(baseline.indexPathsForRows(in: rect))
      }
      table.value = (baseline, stepper)
    },
    setup: {
      let lengths = sizing.lengths(count: count)
      let baseline = TWUITable(heights: lengths, boundsLength: Geometry.viewport.height)
      let check = QueryFixture(sizing: sizing, count: count, lengths: lengths)
      var rect = Rect.zero
      requireSameVisibleSets(
        "\(name) vs twui-table", frames: count >= 1_000_000 ? 20 : 100,
        ours: { check.query(rect) }, baseline: { baseline.indexPathsForRows(in: rect).map(\.item) },
        step: { rect = check.nextRect })
      table.value = (baseline, FrameStepper(contentLength: baseline.contentHeight))
    },
    teardown: { table.value = nil })

  guard sizing != .variable else { return }
  let bar = State<(OptionBarSeed000, FrameStepper)>()
  benchmark(
    name, items: count, scaling: .one, baseline: "optionbar-seed000",
    closure: { benchmark in
      var (baseline, stepper) = bar.value!
      for _ in benchmark.scaledIterations {
        let rect = Rect(origin: Point(x: 0, y: stepper.next()), size: Geometry.viewport)
        blackHole(baseline.indexsForColumnInRect(rect))
      }
      bar.value = (baseline, stepper)
    },
    setup: {
      let baseline = OptionBarSeed000(
        columnCount: count, boundsLength: Geometry.viewport.height,
        columnWidth: { _ in Geometry.rowLength })
      let check = QueryFixture(sizing: sizing, count: count, lengths: sizing.lengths(count: count))
      var rect = Rect.zero
      requireSameVisibleSets(
        "\(name) vs optionbar-seed000",
        frames: count >= 1_000_000 ? 20 : 100, ours: { check.query(rect) },
        baseline: { baseline.indexsForColumnInRect(rect).map { Int($0)! } },
        step: { rect = check.nextRect })
      bar.value = (baseline, FrameStepper(contentLength: Double(count) * Geometry.rowLength))
    },
    teardown: { bar.value = nil })
}
