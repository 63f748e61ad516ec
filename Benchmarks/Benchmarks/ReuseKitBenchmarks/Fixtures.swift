import Benchmark
import Foundation
import ReuseKit
import Scenarios

// MARK: - Fixed geometry

/// The geometry every list figure uses, fixed so that figures compare over time:
/// an 800-point viewport, 44-point rows (20–120 points, seeded, in per-item mode), and one
/// frame = the offset moves by a third of the viewport.
enum Geometry {
  static let viewport = Size(width: 320, height: 800)
  static let rowLength = 44.0
  static let frameStep = 800.0 / 3
  static let itemCounts = [10_000, 100_000, 1_000_000]
  static let seed: UInt64 = 0x5EED_0044

  /// Seeded per-item lengths, 20–120 points (integers, so every implementation agrees exactly).
  static func variableLengths(count: Int) -> [Double] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in Double(20 + random.next() % 101) }
  }
}

// MARK: - Sizing modes

/// The three ListLayout sizing modes the list family measures.
enum Sizing: String, CaseIterable {
  case uniform
  case variable
  case estimated

  /// The lengths each item really has, for the baselines (estimated items never measure
  /// themselves here, so they keep the 44-point estimate).
  func lengths(count: Int) -> [Double] {
    self == .variable
      ? Geometry.variableLengths(count: count)
      : [Double](repeating: Geometry.rowLength, count: count)
  }

  func makeLayout(lengths: [Double]) -> ListLayout {
    switch self {
    case .uniform: return ListLayout(itemSizing: .uniform(Geometry.rowLength))
    case .variable: return ListLayout(itemSizing: .perItem { lengths[$0.item] })
    case .estimated: return ListLayout(itemSizing: .estimated(Geometry.rowLength))
    }
  }
}

// MARK: - Ours

extension FrameStepper {
  /// A stepper over the standard viewport, a third of it a frame.
  init(contentLength: Double) {
    self.init(
      viewportLength: Geometry.viewport.height, step: Geometry.frameStep,
      contentLength: contentLength)
  }

  /// A stepper for another viewport length and step (the horizontal controls).
  init(contentLength: Double, viewportLength: Double, step: Double) {
    self.init(viewportLength: viewportLength, step: step, contentLength: contentLength)
  }
}

/// A collection view over `count` trivial cells with a ListLayout in `sizing` mode.
final class ListFixture {
  let dataSource: BenchDataSource<BenchCell>
  let collectionView: CollectionView
  var stepper: FrameStepper

  init(sizing: Sizing, count: Int, lengths: [Double]) {
    dataSource = BenchDataSource(count: count)
    collectionView = CollectionView(
      layout: sizing.makeLayout(lengths: lengths), viewportSize: Geometry.viewport)
    collectionView.diagnostics.handler = nil
    collectionView.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = dataSource
    collectionView.layoutIfNeeded()
    stepper = FrameStepper(contentLength: collectionView.contentSize.height)
  }

  /// One frame: move by a third of the viewport, then lay out.
  @inline(__always)
  func frame() {
    collectionView.contentOffset = Point(x: 0, y: stepper.next())
    collectionView.layoutIfNeeded()
  }

  /// The items on screen, for comparing against a baseline.
  var visibleItems: [Int] { collectionView.indexPathsForVisibleItems.map(\.item) }
}

// MARK: - Checks

/// Stops the run when a baseline does not do the same work as ours: the comparison is only
/// meaningful when both show the same items for the same offsets.
func requireSameVisibleSets(
  _ name: String, frames: Int = 400, ours: () -> [Int], baseline: () -> [Int],
  step: () -> Void
) {
  for frame in 0..<frames {
    step()
    let expected = ours().sorted()
    let actual = baseline().sorted()
    guard expected == actual, !expected.isEmpty else {
      fatalError(
        "\(name): baseline shows \(actual.prefix(5))… but ours shows \(expected.prefix(5))… "
          + "at frame \(frame); the comparison would not be of equal work")
    }
  }
}

// MARK: - Configuration

/// Shorter runs when `REUSEKIT_BENCH_QUICK` is set (the ratio table), full runs otherwise.
let isQuick = Benchmark.environment("REUSEKIT_BENCH_QUICK") != nil

func configuration(
  scaling: BenchmarkScalingFactor, metrics: [BenchmarkMetric] = []
) -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .mallocCountTotal] + metrics,
    timeUnits: .nanoseconds,
    warmupIterations: 3,
    scalingFactor: scaling,
    maxDuration: isQuick ? .milliseconds(400) : .seconds(2),
    maxIterations: isQuick ? 300 : 10_000)
}

extension Benchmark {
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}

/// The benchmark name for a row: `family:scenario:variant:items:xN`, plus `:baseline` for a
/// baseline, where N is the number of operations per sample (the inner loop's scaling).
/// `Benchmarks/ratios.py` turns it back into the JSON row's fields and per-operation figures.
func rowName(
  _ name: String, items: Int, operations: Int, baseline: String? = nil
) -> String {
  let base = name.replacingOccurrences(of: "/", with: ":") + ":\(items):x\(operations)"
  return baseline.map { base + ":" + $0 } ?? base
}

/// A benchmark whose name and configuration agree on the scaling.
@discardableResult
func benchmark(
  _ name: String, items: Int, scaling: BenchmarkScalingFactor, operations: Int? = nil,
  baseline: String? = nil, metrics: [BenchmarkMetric] = [],
  closure: @escaping Benchmark.BenchmarkClosure,
  setup: Benchmark.BenchmarkSetupHook? = nil, teardown: Benchmark.BenchmarkTeardownHook? = nil
) -> Benchmark? {
  Benchmark(
    rowName(name, items: items, operations: operations ?? scaling.rawValue, baseline: baseline),
    configuration: configuration(scaling: scaling, metrics: metrics), closure: closure,
    setup: setup, teardown: teardown)
}

/// A holder for state built in `setup` and dropped in `teardown`, so that only the running
/// benchmark's data is in memory.
final class State<Value> {
  var value: Value?
}

/// One row that repeats a step on state built in `setup`: `make` builds (and warms up) the
/// state, `step` is one operation, `result` keeps the work from being optimised away.
func registerSteps<Value>(
  _ name: String, items: Int, scaling: BenchmarkScalingFactor, operations: Int? = nil,
  baseline: String? = nil, make: @escaping () -> Value, step: @escaping (inout Value) -> Void,
  result: @escaping (Value) -> Int = { _ in 0 }
) {
  let state = State<Value>()
  benchmark(
    name, items: items, scaling: scaling, operations: operations, baseline: baseline,
    closure: { benchmark in
      var value = state.value!
      for _ in benchmark.scaledIterations { step(&value) }
      state.value = value
      blackHole(result(value))
    },
    setup: { state.value = make() },
    teardown: { state.value = nil })
}

/// A baseline that moves its offset and lays itself out once per frame, as a scroll event.
protocol SteppedBaseline: AnyObject {
  var contentOffset: Double { get set }
  /// What the original does on a scroll event (lays its cells out).
  func scrollEvent()
  /// The items on screen, for the equal-work check.
  var shownItems: [Int] { get }
  var cellsCreated: Int { get }
}

extension TWUITable: SteppedBaseline {
  func scrollEvent() { layoutCells() }
  var shownItems: [Int] { visibleRows }
}

extension OptionBarSeed000: SteppedBaseline {
  func scrollEvent() { layoutCells() }
  var shownItems: [Int] { visibleColumns }
}

extension BayCarousel: SteppedBaseline {
  func scrollEvent() { scrollViewDidScroll() }
  var shownItems: [Int] { visibleRows }
  var cellsCreated: Int { viewsCreated }
}

/// The frame rows of a baseline: `make` returns the baseline and the stepper its frames follow,
/// after `requireSameFrames` has checked it against ours.
func registerBaselineFrames<Baseline: SteppedBaseline>(
  _ name: String, items: Int, scaling: BenchmarkScalingFactor, baseline: String,
  make: @escaping () -> (Baseline, FrameStepper)
) {
  registerSteps(
    name, items: items, scaling: scaling, baseline: baseline, make: make,
    step: { state in
      state.0.contentOffset = state.1.next()
      state.0.scrollEvent()
    },
    result: { $0.0.cellsCreated })
}

/// Checks that `baseline`, stepped by `stepper`, shows what ours shows frame by frame.
func requireSameFrames<Baseline: SteppedBaseline>(
  _ name: String, frames: Int = 400, baseline: Baseline, stepper: inout FrameStepper,
  ours: () -> [Int], oursFrame: () -> Void
) {
  requireSameVisibleSets(
    name, frames: frames, ours: ours, baseline: { baseline.shownItems },
    step: {
      oursFrame()
      baseline.contentOffset = stepper.next()
      baseline.scrollEvent()
    })
}
