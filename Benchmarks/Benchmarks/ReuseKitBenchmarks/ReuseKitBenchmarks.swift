import Benchmark

/// The whole suite. Each family registers its benchmarks here; later issues add theirs
/// (`fling`, `diff`, `render`, `optionbar`, `carousel`, `waterfall`, `picker`) with one line
/// each, in a file of their own beside `ListBenchmarks.swift`.
let benchmarks: @Sendable () -> Void = {
  registerHarnessBaseline()
  registerListBenchmarks()
  registerFlingBenchmarks()
  registerRenderBenchmarks()
  registerDiffBenchmarks()
  registerWaterfallBenchmarks()
  registerControlBenchmarks()
  registerPickerBenchmarks()
  registerOutlineBenchmarks()
  registerChatBenchmarks()
  registerReorderBenchmarks()
  registerTableBenchmarks()
  registerDragBenchmarks()
  registerRailsBenchmarks()
  registerDeclarativeBenchmarks()
  registerFindBenchmarks()
}

/// An empty benchmark: the harness's own per-sample cost (time and mallocs), which
/// `ratios.py` subtracts from every row.
func registerHarnessBaseline() {
  benchmark(
    "harness/empty/loop", items: 0, scaling: .kilo,
    closure: { benchmark in
      for index in benchmark.scaledIterations { blackHole(index) }
    })
}
