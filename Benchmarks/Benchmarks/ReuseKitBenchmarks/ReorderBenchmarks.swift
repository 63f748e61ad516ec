import Benchmark
import ReuseKit
import Scenarios

/// The `reorder` family: ``ReorderScenario``, a drag frame of an interactive movement over
/// 1,000,000 items (a list with estimated heights, and a three-column grid), against the same
/// view scrolled 7 points a frame.
func registerReorderBenchmarks() {
  for kind in ReorderScenario.Kind.allCases {
    let name = "reorder/frame/\(kind.rawValue)"
    registerSteps(
      name, items: 1_000_000, scaling: .kilo,
      make: { ReorderScenario(kind, moving: true) },
      step: { $0.frame() }, result: { $0.view.reuseCounters.visible })
    registerSteps(
      name, items: 1_000_000, scaling: .kilo, baseline: "scroll-frame",
      make: { ReorderScenario(kind, moving: false) },
      step: { $0.frame() }, result: { $0.view.reuseCounters.visible })
  }
}
