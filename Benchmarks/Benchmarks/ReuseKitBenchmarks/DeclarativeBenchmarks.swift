import Benchmark
import ReuseKit
import Scenarios

/// Issue 42's figures: a declared list of 1,000,000 rows beside the imperative one.
///
/// - `declarative/frame`: a steady scroll frame; baseline the imperative list's frame.
/// - `declarative/body/unchanged`: the body run again over unchanged data, 100 sections.
/// - `declarative/update/property`: an observed property of a displayed item written, and the
///   next tick and frame; baseline the imperative `reconfigureItems` of that row and a frame.
/// - `declarative/update/data`: 100,000 of 1,000,000 identifiers replaced, diffed and applied;
///   baseline the same change as a snapshot through `CollectionViewDiffableDataSource`.
func registerDeclarativeBenchmarks() {
  registerListFrames { DeclarativeScenario(.numbers) }
  registerListFrames(baseline: "imperative-list") { ScrollScenario(.list) }

  registerSteps(
    "declarative/body/unchanged", items: 1_000_000, scaling: .one, operations: 1,
    make: { DeclarativeScenario(.numbers, sections: 100) },
    step: { $0.evaluateUnchangedBody() }, result: { $0.source.statistics.bodyEvaluations })

  registerSteps(
    "declarative/update/property", items: 1_000_000, scaling: .one, operations: 1,
    make: {
      let scenario = DeclarativeScenario(.observed)
      for _ in 0..<10 { scenario.changeDisplayedProperty() }
      return scenario
    },
    step: { $0.changeDisplayedProperty() }, result: { $0.cellsConfigured })
  registerSteps(
    "declarative/update/property", items: 1_000_000, scaling: .one, operations: 1,
    baseline: "imperative-reconfigure",
    make: { ScrollScenario(.list) },
    step: { scenario in
      let view = scenario.view
      view.reconfigureItems(at: [view.indexPathsForVisibleItems[0]])
      view.layoutIfNeeded()
    }, result: { $0.view.reuseCounters.visible })

  registerSteps(
    "declarative/update/data", items: 1_000_000, scaling: .one, operations: 1,
    make: { DeclarativeScenario(.numbers) },
    step: { $0.applyChangedData() }, result: { $0.cellsConfigured })
  registerSteps(
    "declarative/update/data", items: 1_000_000, scaling: .one, operations: 1,
    baseline: "snapshot-apply",
    make: { ApplyScenario<Int>(everyTenthOf: 1_000_000) },
    step: { $0.apply() }, result: { $0.visible })
}

/// A list scrolled a frame at a time: the declared one and its imperative baseline.
private protocol ScrollingListScenario: AnyObject {
  var view: CollectionView { get }
  func frame()
}

extension DeclarativeScenario: ScrollingListScenario {}
extension ScrollScenario: ScrollingListScenario {}

/// `declarative/frame/list` for the scenario `make` gives: a steady scroll frame, measured
/// after 100 frames so that the pools are warm for both sides alike.
private func registerListFrames<Scenario: ScrollingListScenario>(
  baseline: String? = nil, _ make: @escaping () -> Scenario
) {
  registerSteps(
    "declarative/frame/list", items: 1_000_000, scaling: .kilo, baseline: baseline,
    make: {
      let scenario = make()
      for _ in 0..<100 { scenario.frame() }
      return scenario
    },
    step: { $0.frame() }, result: { $0.view.reuseCounters.visible })
}
