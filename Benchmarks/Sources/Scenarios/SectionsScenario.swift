import ReuseDeclarative
import ReuseKit

/// Ten million rows in 200,000 sections of fifty, with headers (the gallery's list page at its
/// largest): declared with a ``Sections`` run, or an imperative data source that says every
/// section's count at once (`BenchDataSource`). Both use one cell class, showing the item's
/// index in its section, and standard header content.
///
/// - ``frame()``: a steady scroll frame, a third of the viewport;
/// - made and laid out for its first frame (`init`).
public final class SectionsScenario {
  public enum Kind: String, Sendable {
    case declared
    case imperative
  }

  public let view: CollectionView
  let declared: DeclarativeDataSource?
  let imperative: BenchDataSource<BenchCell>?
  var stepper: FrameStepper

  public init(_ kind: Kind, sections: Int = 200_000, perSection: Int = 50) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(44), headerLength: .fixed(28)),
      viewportSize: Size(width: 320, height: 800))
    self.view = view
    switch kind {
    case .declared:
      imperative = nil
      declared = DeclarativeDataSource(collectionView: view) {
        Sections(0..<sections, id: \.self, itemsPerSection: perSection) { section in
          Section(id: section, header: ListContent("Section")) {
            ForEach(0..<perSection, id: \.self) { Cell(BenchCell.self, $0) }
          }
        }
      }
    case .imperative:
      declared = nil
      let source = BenchDataSource<BenchCell>(count: perSection)
      source.sections = sections
      source.saysEveryCount = true
      source.headerText = "Section"
      view.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
      view.dataSource = source
      imperative = source
    }
    stepper = FrameStepper(layingOut: view)
  }

  /// One frame: the offset steps, and a pass lays out.
  public func frame() {
    view.contentOffset = Point(x: 0, y: stepper.next())
    view.layoutIfNeeded()
  }
}

extension FrameStepper {
  /// A stepper a third of an 800-point viewport a frame over `view`'s content, laid out first
  /// (its first frame).
  @inline(__always)
  init(layingOut view: CollectionView) {
    view.layoutIfNeeded()
    self.init(viewportLength: 800, step: 800.0 / 3, contentLength: view.contentSize.height)
  }
}
