import Benchmark
import ReuseKit
import Scenarios

/// The `rails` family: ``RailsScenario``, a frame of 1,000 rails × 1,000 items (the list
/// scrolled 7 points while a finger drags one rail 7 points sideways), against a plain list of
/// 1,000,000 rows scrolled the same way.
func registerRailsBenchmarks() {
  registerSteps(
    "rails/frame/rails", items: 1_000_000, scaling: .kilo,
    make: { RailsScenario(.rails) },
    step: { $0.frame() }, result: { $0.visible })
  registerSteps(
    "rails/frame/rails", items: 1_000_000, scaling: .kilo, baseline: "list-frame",
    make: { RailsScenario(.list) },
    step: { $0.frame() }, result: { $0.visible })
}
