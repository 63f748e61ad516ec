import Benchmark
import ReuseControls
import ReuseKit
import Scenarios

/// The `table` family: ``TableScenario``, frames of a 1,000,000 × 1,000 data grid scrolled
/// on both axes (jumps of a third of the viewport, and a steady row a frame); and a sort of its 1,000,000 rows by a number column, applied as a diff of the
/// row order (one batch), then back to the data's order.
func registerTableBenchmarks() {
  for step in TableScenario.Step.allCases {
    registerSteps(
      "table/frame/\(step.rawValue)", items: 1_000_000, scaling: .kilo,
      make: { TableScenario(step) }, step: { $0.frame() },
      result: { $0.table.collectionView.reuseCounters.visible })
  }
  registerSteps(
    "table/sort/number", items: 1_000_000, scaling: .one, operations: 4,
    make: { TableScenario() },
    step: { scenario in
      let sorted = scenario.table.sortDescriptor != nil
      scenario.table.sort(by: sorted ? nil : TableSortDescriptor(column: 1))
    },
    result: { $0.table.sourceRow(forDisplayRow: 0) })
}
