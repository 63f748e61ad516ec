import ReuseDeclarative
import ReuseKit

/// A declared list of 1,000,000 numbers edited a few at a time: each ``edit()`` inserts a
/// number near the top and removes the last, and the body shows it. Over a ``RecordedArray``
/// the two edits are applied as they are; over a plain array (the baseline) the new array is
/// diffed by identifier.
public final class EditScenario {
  public let view: CollectionView
  public let source: DeclarativeDataSource
  var recorded: RecordedArray<Int>
  var plain: [Int]
  let isRecorded: Bool
  var next: Int

  /// The body's way to the scenario, held weakly (the scenario keeps the source).
  final class Reference {
    weak var scenario: EditScenario?
  }

  public init(recorded: Bool, count: Int = 1_000_000) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
    self.view = view
    isRecorded = recorded
    self.recorded = recorded ? RecordedArray(Array(0..<count)) : []
    plain = recorded ? [] : Array(0..<count)
    next = count
    let reference = Reference()
    source = DeclarativeDataSource(collectionView: view) {
      if let scenario = reference.scenario {
        if scenario.isRecorded {
          ForEach(scenario.recorded, id: \.self) { Cell(BenchCell.self, $0) }
        } else {
          ForEach(scenario.plain, id: \.self) { Cell(BenchCell.self, $0) }
        }
      }
    }
    reference.scenario = self
    source.updateNow(animated: false)
    view.layoutIfNeeded()
  }

  /// A number inserted third and the last removed, shown.
  public func edit() {
    next += 1
    if isRecorded {
      recorded.insert(next, at: 3)
      recorded.removeSubrange((recorded.count - 1)..<recorded.count)
    } else {
      plain.insert(next, at: 3)
      plain.removeLast()
    }
    source.updateNow(animated: false)
    view.layoutIfNeeded()
  }
}
