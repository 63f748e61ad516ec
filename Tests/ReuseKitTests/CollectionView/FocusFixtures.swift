import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Sections of integer identities; cells are ``RecordingCell``s registered as "cell".
final class Items: SectionedValues, PlainSupplementaryViews {
  var sections: [[Int]]
  var titles: [String]?
  var titleTarget: ((Int) -> ItemPath)?
  init(_ sections: [[Int]]) { self.sections = sections }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      RecordingCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.configuredPath = indexPath
    return cell
  }

  func indexTitles(for collectionView: CollectionView) -> [String]? { titles }

  func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> ItemPath {
    titleTarget?(index) ?? ItemPath(section: index, item: 0)
  }
}

func makeView(
  _ layout: CollectionViewLayout, _ items: any CollectionViewDataSource,
  size: Size = Size(width: 100, height: 100)
) -> CollectionView {
  let view = CollectionView(layout: layout, viewportSize: size)
  view.diagnostics.handler = nil
  view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
  view.register(
    ReusableView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
  view.dataSource = items
  view.layoutIfNeeded()
  return view
}

/// Every displayed cell's `isFocused` matches the focused path.
func expectFlagsMatch(
  _ view: CollectionView, sourceLocation: SourceLocation = #_sourceLocation
) {
  for path in view.indexPathsForVisibleItems {
    let cell = view.cellForItem(at: path)!
    #expect(
      cell.isFocused == (path == view.focusedIndexPath), "\(path)", sourceLocation: sourceLocation)
  }
}

/// A list of uniform 10-point rows, `height` high, with a diffable data source of strings in
/// one section holding `items`.
func makeStringList(
  _ items: [String], height: Double
) -> (CollectionView, CollectionViewDiffableDataSource<Int, String>) {
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 50, height: height))
  view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
  let source = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
    view, path, _ in
    view.dequeueReusableCell(withReuseIdentifier: "cell", for: path)
  }
  var snapshot = Snapshot<Int, String>()
  snapshot.appendSections([0])
  snapshot.appendItems(items)
  source.apply(snapshot, animatingDifferences: false)
  return (view, source)
}
