import ReuseDeclarative
import ReuseKit

/// Ten million rows in 200,000 sections of fifty, with headers (the gallery's list page at its
/// largest): declared with a ``Sections`` run, or an imperative data source that says every
/// section's count at once. Both use one cell class and standard header content.
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
  let imperative: SectionedSource?
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
            ForEach(0..<perSection, id: \.self) {
              Cell(BenchCell.self, section &* perSection &+ $0)
            }
          }
        }
      }
    case .imperative:
      declared = nil
      let source = SectionedSource(sections: sections, perSection: perSection)
      view.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
      view.dataSource = source
      imperative = source
    }
    view.layoutIfNeeded()
    stepper = FrameStepper(
      viewportLength: 800, step: 800.0 / 3, contentLength: view.contentSize.height)
  }

  /// One frame: the offset steps, and a pass lays out.
  public func frame() {
    view.contentOffset = Point(x: 0, y: stepper.next())
    view.layoutIfNeeded()
  }
}

/// `sections` sections of `perSection` bench cells, every count said at once, with standard
/// headers.
final class SectionedSource: CollectionViewDataSource {
  let sections: Int
  let perSection: Int
  init(sections: Int, perSection: Int) {
    self.sections = sections
    self.perSection = perSection
  }
  func numberOfSections(in collectionView: CollectionView) -> Int { sections }
  func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int? { perSection }
  func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  { perSection }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      BenchCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.item = indexPath.section &* perSection &+ indexPath.item
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.dequeueListContentSupplementaryView(
      ofKind: kind, for: indexPath, content: ListContent("Section"))
  }
}
