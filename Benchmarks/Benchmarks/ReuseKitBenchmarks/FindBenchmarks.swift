import Benchmark
import ReuseKit
import Scenarios

/// The `find` and `filter` families (issue 44), over 1,000,000 titled rows: the first match of
/// a find (`find/first-match`, target ≤ 16 ms) and the first filtered screen
/// (`filter/first-screen`, target ≤ 100 ms), each beside the same job done as a loop that held
/// the frame for the whole scan would (`full-scan`), measured in the same run.
func registerFindBenchmarks() {
  registerSteps(
    "find/first-match/quiet", items: 1_000_000, scaling: .one, make: { FindScenario() },
    step: { blackHole($0.firstMatch()) })
  registerSteps(
    "find/first-match/quiet", items: 1_000_000, scaling: .one, baseline: "full-scan",
    make: { FindScenario() }, step: { blackHole($0.fullScan()) })
  for (baseline, work) in [
    (nil, { (scenario: FilterScenario) in scenario.firstScreen() }),
    ("full-scan", { (scenario: FilterScenario) in scenario.fullScan() }),
  ] as [(String?, (FilterScenario) -> Int)] {
    let state = State<FilterScenario>()
    benchmark(
      "filter/first-screen/cedar", items: 1_000_000, scaling: .one, baseline: baseline,
      closure: { benchmark in
        let scenario = state.value!
        for _ in benchmark.scaledIterations {
          benchmark.startMeasurement()
          blackHole(work(scenario))
          benchmark.stopMeasurement()
          scenario.clear()
        }
      },
      setup: { state.value = FilterScenario() },
      teardown: { state.value = nil })
  }
}
