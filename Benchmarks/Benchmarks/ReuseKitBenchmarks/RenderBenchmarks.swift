import Benchmark
import ReuseKit
import ReuseTerminal
import Scenarios

/// The `render` family: a 200×60 terminal frame of a list (a header row, a status row and a
/// styled, 24-bit-colour list between), drawn into the canvas and rendered to an in-memory
/// terminal. Bytes written are a custom metric.
func registerRenderBenchmarks() {
  /// A row drawing frames of the fixture: `invalidate` redraws everything each time.
  func register(scrollBy rows: Double, invalidate: Bool, baseline: String? = nil) {
    let state = State<RenderScenario>()
    benchmark(
      rows == 0 ? "render/frame/full" : "render/frame/scroll", items: 200 * 60, scaling: .one,
      baseline: baseline, metrics: [RenderMetric.bytes],
      closure: { benchmark in
        let fixture = state.value!
        if invalidate { fixture.renderer.invalidate() }
        benchmark.measurement(RenderMetric.bytes, fixture.frame(scrollBy: rows))
      },
      setup: {
        let fixture = RenderScenario()
        _ = fixture.frame(scrollBy: 0)
        state.value = fixture
      },
      teardown: { state.value = nil })
  }
  // A full frame: draw everything, render everything (as after a resize or a resume).
  register(scrollBy: 0, invalidate: true)
  // A one-row scroll: the diffing renderer (scroll region plus the new row) ...
  register(scrollBy: 1, invalidate: false)
  // ... against redrawing the whole scrolled frame, as a renderer without diffing would.
  register(scrollBy: 1, invalidate: true, baseline: "full-redraw")
}

enum RenderMetric {
  static let bytes = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller)
}
