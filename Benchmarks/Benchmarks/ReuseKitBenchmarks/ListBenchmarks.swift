import Benchmark
import ReuseControls
import ReuseKit
import Scenarios

/// Custom metrics the scroll scenario reports.
enum ReuseMetric {
  static let cellsCreated = BenchmarkMetric.custom("cellsCreated", polarity: .prefersSmaller)
  static let peakVisible = BenchmarkMetric.custom("peakVisible", polarity: .prefersSmaller)
}

/// The `list` family: frame step, end-to-end scroll, prepare and visible query, in each
/// sizing mode, at 10,000 / 100,000 / 1,000,000 items, with the baselines beside them.
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
  registerSteps(
    name, items: count, scaling: .kilo,
    make: {
      let fixture = ListFixture(sizing: sizing, count: count, lengths: sizing.lengths(count: count))
      for _ in 0..<100 { fixture.frame() }  // reach the steady state: the pool is primed
      return fixture
    },
    step: { $0.frame() }, result: { $0.collectionView.reuseCounters.visible })

  // TWUI: prefix offsets, linear scan of every row per frame.
  registerBaselineFrames(
    name, items: count, scaling: .one, baseline: "twui-table",
    make: {
      let lengths = sizing.lengths(count: count)
      let baseline = TWUITable(heights: lengths, boundsLength: Geometry.viewport.height)
      let check = ListFixture(sizing: sizing, count: count, lengths: lengths)
      var stepper = FrameStepper(contentLength: baseline.contentHeight)
      requireSameFrames(
        "\(name) vs twui-table", frames: count >= 1_000_000 ? 40 : 200, baseline: baseline,
        stepper: &stepper, ours: { check.visibleItems }, oursFrame: check.frame)
      return (baseline, stepper)
    })

  // ZXOptionBar: every column's rect per frame, string keys, O(v²) diff. Its
  // `width * index` positions are only right for equal widths, so it runs on uniform rows.
  guard sizing != .variable else { return }
  registerBaselineFrames(
    name, items: count, scaling: .one, baseline: "optionbar-seed000",
    make: {
      let baseline = OptionBarSeed000(
        columnCount: count, boundsLength: Geometry.viewport.height,
        columnWidth: { _ in Geometry.rowLength })
      let check = ListFixture(sizing: sizing, count: count, lengths: sizing.lengths(count: count))
      var stepper = FrameStepper(contentLength: Double(count) * Geometry.rowLength)
      requireSameFrames(
        "\(name) vs optionbar-seed000", frames: count >= 1_000_000 ? 20 : 200,
        baseline: baseline, stepper: &stepper, ours: { check.visibleItems },
        oursFrame: check.frame)
      return (baseline, stepper)
    })
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
  registerSteps(
    name, items: count, scaling: .kilo,
    make: {
      let fixture = QueryFixture(
        sizing: sizing, count: count, lengths: sizing.lengths(count: count))
      _ = fixture.query(fixture.nextRect)  // grow the buffer once
      return fixture
    },
    step: { fixture in
      let rect = fixture.nextRect
      fixture.elements.removeAll()
      fixture.layout.elements(in: LayoutQuery(viewport: rect), into: &fixture.elements)
    },
    result: { $0.elements.items.count })

  /// A baseline's rect query (timed as it returns; `items` turns its answer into item
  /// numbers for the check against ours), stepping like frames do.
  func registerBaselineQuery<Baseline, Found>(
    _ label: String, make: @escaping () -> (Baseline, contentLength: Double),
    query: @escaping (Baseline, Rect) -> Found, items: @escaping (Found) -> [Int]
  ) {
    registerSteps(
      name, items: count, scaling: .one, baseline: label,
      make: {
        let (baseline, contentLength) = make()
        let check = QueryFixture(
          sizing: sizing, count: count, lengths: sizing.lengths(count: count))
        var rect = Rect.zero
        requireSameVisibleSets(
          "\(name) vs \(label)", frames: count >= 1_000_000 ? 20 : 100,
          ours: { check.query(rect) }, baseline: { items(query(baseline, rect)) },
          step: { rect = check.nextRect })
        return (baseline, FrameStepper(contentLength: contentLength))
      },
      step: { state in
        let rect = Rect(origin: Point(x: 0, y: state.1.next()), size: Geometry.viewport)
        blackHole(query(state.0, rect))
      })
  }

  registerBaselineQuery(
    "twui-table",
    make: {
      let table = TWUITable(
        heights: sizing.lengths(count: count), boundsLength: Geometry.viewport.height)
      return (table, table.contentHeight)
    },
    query: { table, rect in table.indexPathsForRows(in: rect) }, items: { $0.map(\.item) })

  guard sizing != .variable else { return }
  registerBaselineQuery(
    "optionbar-seed000",
    make: {
      let bar = OptionBarSeed000(
        columnCount: count, boundsLength: Geometry.viewport.height,
        columnWidth: { _ in Geometry.rowLength })
      return (bar, Double(count) * Geometry.rowLength)
    },
    query: { bar, rect in bar.indexsForColumnInRect(rect) }, items: { $0.map { Int($0)! } })
}
