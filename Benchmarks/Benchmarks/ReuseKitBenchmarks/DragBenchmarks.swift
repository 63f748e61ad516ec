import Benchmark
import ReuseKit
import Scenarios

/// The `dnd` and `selection` families: ``DragScenario``, a drag and drop frame between two
/// lists of 1,000,000 items (the gap following the pointer over the target) and a drag-box
/// frame over a grid of 1,000,000 items, each against the source list scrolled 7 points a
/// frame.
func registerDragBenchmarks() {
  for (name, kind) in [("dnd/frame/lists", DragScenario.Kind.dnd), ("selection/frame/box", .box)] {
    registerSteps(
      name, items: 1_000_000, scaling: .kilo,
      make: { DragScenario(kind) },
      step: { $0.frame() }, result: { $0.visible })
    registerSteps(
      name, items: 1_000_000, scaling: .kilo, baseline: "scroll-frame",
      make: { DragScenario(.scroll) },
      step: { $0.frame() }, result: { $0.visible })
  }
}
