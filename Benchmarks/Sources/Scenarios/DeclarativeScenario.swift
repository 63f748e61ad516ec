import Observation
import ReuseDeclarative
import ReuseKit

/// The imperative list's cell, configured by a declaration: both sides of the comparison use
/// one cell class, so that neither pays for its cell what the other does not.
extension BenchCell: ConfigurableCell {
  public func configure(with item: Int, at indexPath: ItemPath) { self.item = item }
}

/// An item whose title can change, watched through Observation.
@Observable public final class ObservedItem: Identifiable {
  public let id: Int
  public var title: String
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// A cell showing an observed item's title.
public final class ObservedCell: CollectionViewCell, ConfigurableCell, ItemCell {
  public var item = -1
  public var title = ""
  public func configure(with item: ObservedItem, at indexPath: ItemPath) {
    self.item = item.id
    title = item.title
  }
}

/// The declared list of issue 42's figures, the same list as ``ScrollScenario``'s `.list`
/// (1,000,000 rows of 44 points in an 800-point viewport), written with `ForEach`:
///
/// - ``frame()``: a steady scroll frame (the baseline: `ScrollScenario(.list).frame()`);
/// - ``evaluateUnchangedBody()``: the body run again over data that did not change;
/// - ``changeDisplayedProperty()``: an observed property of a displayed item written, and the
///   next frame;
/// - ``applyChangedData()``: a new array with 100,000 of its identifiers replaced, diffed and
///   applied.
public final class DeclarativeScenario {
  public enum Kind: String, CaseIterable, Sendable {
    /// Items are numbers (frames, bodies, data).
    case numbers
    /// Items are a range of numbers: no array (a first frame beside the imperative list, whose
    /// data source has none either).
    case range
    /// Items are `Observable` objects (property changes).
    case observed
  }

  public let view: CollectionView
  public let source: DeclarativeDataSource
  var stepper: FrameStepper
  var numbers: [Int]
  let observed: [ObservedItem]
  let sections: Int
  var version = 0
  var clock = 1.0
  /// The other version of `numbers` (``applyChangedData()``).
  var alternate: [Int] = []
  /// What the body reaches the scenario through (the kinds with data).
  let reference: Reference?

  /// The scenario, held weakly for the body.
  final class Reference {
    weak var scenario: DeclarativeScenario?
  }

  /// `sections` sections share the million items (the body's cost is per section).
  public init(_ kind: Kind, count: Int = 1_000_000, sections: Int = 1) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
    self.view = view
    self.sections = sections
    numbers = kind == .numbers ? Array(0..<count) : []
    observed =
      kind == .observed ? (0..<count).map { ObservedItem(id: $0, title: "item \($0)") } : []
    let perSection = count / sections
    if kind == .range {
      // The first frame's list, written as a user writes it: its body captures the count
      // alone (the other kinds' shared body below adds a weak capture and two branches).
      // Nothing here refers to the scenario weakly: the list's scenario does not either, and
      // a weak reference costs its object a side table (an allocation, and every later retain
      // and release taken the slow way) that is the harness's, not the declaration's.
      reference = nil
      source = DeclarativeDataSource(collectionView: view) {
        ForEach(0..<count, id: \.self) { Cell(BenchCell.self, $0) }
      }
    } else {
      // Weak: the body is kept by the source the scenario keeps, so a strong capture would
      // keep every scenario ever made.
      let reference = Reference()
      self.reference = reference
      source = DeclarativeDataSource(collectionView: view) {
        if let scenario = reference.scenario, kind == .numbers {
          for section in 0..<sections {
            Section(id: section) {
              ForEach(
                scenario.numbers[(section * perSection)..<((section + 1) * perSection)],
                id: \.self
              ) { Cell(BenchCell.self, $0) }
            }
          }
        } else if let scenario = reference.scenario {
          ForEach(scenario.observed) { Cell(ObservedCell.self, $0) }
        }
      }
    }
    stepper = FrameStepper(viewportLength: 800, step: 800.0 / 3, contentLength: 0)
    reference?.scenario = self
    // The first body ran before `scenario` was set: run it again, with the data (a range
    // needs none, so the first frame is measured as a user's would be).
    if kind != .range { source.updateNow(animated: false) }
    stepper = FrameStepper(layingOut: view)
  }

  /// One frame: the offset steps, and a pass lays out.
  public func frame() {
    view.contentOffset = Point(x: 0, y: stepper.next())
    view.layoutIfNeeded()
  }

  /// The body again, over the same data.
  public func evaluateUnchangedBody() {
    source.updateNow(animated: false)
  }

  /// A displayed item's observed title changes; the next tick and frame show it.
  public func changeDisplayedProperty() {
    version += 1
    let item = observed[view.indexPathsForVisibleItems.first?.item ?? 0]
    item.title = "item \(item.id) v\(version)"
    clock += 1.0 / 60
    view.tick(now: clock)
    view.layoutIfNeeded()
  }

  /// The other version of the data: every tenth identifier replaced (100,000 of 1,000,000)
  /// or back, diffed and applied unanimated, as ``ApplyScenario/init(everyTenthOf:)``.
  public func applyChangedData() {
    if alternate.isEmpty {
      alternate = numbers
      for index in stride(from: 0, to: alternate.count, by: 10) {
        alternate[index] = alternate.count + index
      }
    }
    swap(&numbers, &alternate)
    source.updateNow(animated: false)
    view.layoutIfNeeded()
  }

  /// Cells configured so far.
  public var cellsConfigured: Int { source.statistics.cellsConfigured }
}
