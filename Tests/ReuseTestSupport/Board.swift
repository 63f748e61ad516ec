import ReuseKit

/// A cell that shows one value of the board.
package final class BoardCell: CollectionViewCell {
  package var value: Int?
  package var preferredLength: Double?
  package override func prepareForReuse() { value = nil }
  package override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    preferredLength.map { Size(width: proposedSize.width, height: $0) }
  }
}

/// Sections of values that may be reordered; counts every move it hears.
package final class Board: SectionedValues, PlainSupplementaryViews, CollectionViewDelegate {
  package var sections: [[Int]]
  package var moves: [(ItemPath, ItemPath)] = []
  package var locked: Set<Int> = []
  /// The items a tap selected, and the index titles a press jumped to, in order.
  package var selected: [ItemPath] = []
  package var jumps: [Int] = []
  /// Section-index titles, one a section ("S0", "S1"…) when set.
  package var hasIndexTitles = false
  /// Each value's measured length, for estimated layouts.
  package var lengths: [Int: Double] = [:]
  /// Steers targets (the delegate's say).
  package var steer: ((ItemPath) -> ItemPath)?

  package init(_ sections: [[Int]]) { self.sections = sections }

  package func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      BoardCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.value = sections[indexPath.section][indexPath.item]
    cell.preferredLength = lengths[cell.value!]
    return cell
  }
  package func collectionView(
    _ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath
  ) -> Bool {
    !locked.contains(sections[indexPath.section][indexPath.item])
  }
  package func collectionView(
    _ collectionView: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath
  ) {
    moves.append((source, destination))
    let value = sections[source.section].remove(at: source.item)
    sections[destination.section].insert(value, at: destination.item)
  }
  package func collectionView(
    _ collectionView: CollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: ItemPath,
    atCurrentIndexPath currentIndexPath: ItemPath, toProposedIndexPath proposedIndexPath: ItemPath
  ) -> ItemPath { steer?(proposedIndexPath) ?? proposedIndexPath }

  package func collectionView(
    _ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath
  ) {
    selected.append(indexPath)
  }
  package func collectionView(_ collectionView: CollectionView, didJumpToIndexTitleAt index: Int) {
    jumps.append(index)
  }
  package func indexTitles(for collectionView: CollectionView) -> [String]? {
    hasIndexTitles ? sections.indices.map { "S\($0)" } : nil
  }
  package func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> ItemPath { ItemPath(section: index, item: 0) }

  /// The value each displayed cell shows, by its path: must be the board's.
  package func mismatches(in view: CollectionView) -> [String] {
    var problems: [String] = []
    for path in view.indexPathsForVisibleItems {
      let shown = (view.cellForItem(at: path) as? BoardCell)?.value
      if shown != sections[path.section][path.item] {
        problems.append("\(path) shows \(shown.map(String.init) ?? "nothing")")
      }
    }
    return problems
  }
}

/// A board over `sections` in a collection view laid out once.
package func makeBoard(
  _ sections: [[Int]], layout: any CollectionViewLayout = ListLayout(itemSizing: .uniform(10)),
  viewport: Size = Size(width: 100, height: 100)
) -> (CollectionView, Board) {
  let view = makeTestView(
    layout: layout, viewport: viewport, cell: BoardCell.self, header: ReusableView.self)
  let board = Board(sections)
  view.dataSource = board
  view.delegate = board
  view.layoutIfNeeded()
  return (view, board)
}
