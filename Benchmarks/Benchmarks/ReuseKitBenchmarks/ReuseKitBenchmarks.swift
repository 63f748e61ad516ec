import Benchmark

/// The whole suite. Each family registers its benchmarks here; later issues add theirs
/// (`fling`, `diff`, `render`, `optionbar`, `carousel`, `waterfall`, `picker`) with one line
/// each, in a file of their own beside `ListBenchmarks.swift`.
let benchmarks: @Sendable () -> Void = {
  registerHarnessBaseline()
  registerListBenchmarks()
}

/// An empty benchmark: the harness's own per-sample cost (time and mallocs), which
/// `ratios.py` subtracts from every row.
func registerHarnessBaseline() {
  Benchmark("harness:empty:loop:0", configuration: configuration(scaling: .kilo)) { benchmark in
    for index in benchmark.scaledIterations { blackHole(index) }
  }
}
