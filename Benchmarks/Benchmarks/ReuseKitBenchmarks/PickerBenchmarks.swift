import Benchmark
import ReuseKit
import Scenarios

/// The `picker` family: the per-frame cost of flings across 1,000 × 1,000 items,
/// and the cells created over a run of flings.
func registerPickerBenchmarks() {
  registerSteps(
    "picker/fling/frame", items: PickerGeometry.rows * PickerGeometry.columns, scaling: .kilo,
    make: {
      let fixture = PickerFixture()
      for _ in 0..<2_000 { fixture.frame() }  // a few flings of each kind: pools primed
      return fixture
    },
    step: { $0.frame() }, result: { $0.picker.currentRow })

  benchmark(
    "picker/fling/cells", items: PickerGeometry.rows * PickerGeometry.columns, scaling: .one,
    metrics: [ReuseMetric.cellsCreated, ReuseMetric.peakVisible],
    closure: { benchmark in
      let fixture = PickerFixture()
      for _ in 0..<4_000 {
        fixture.frame()
        fixture.notePeaks()
      }
      let created = fixture.picker.itemCellsCreated
      precondition(fixture.flings >= 8, "only \(fixture.flings) flings")
      precondition(
        created <= fixture.peakVisibleItems + 2,
        "\(created) item cells for a peak of \(fixture.peakVisibleItems) visible")
      precondition(
        fixture.picker.collectionView.reuseCounters.created <= fixture.peakVisibleRows + 2,
        "row cells: \(fixture.picker.collectionView.reuseCounters)")
      benchmark.measurement(ReuseMetric.cellsCreated, created)
      benchmark.measurement(ReuseMetric.peakVisible, fixture.peakVisibleItems)
    })
}
