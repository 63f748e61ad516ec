import ReuseTestSupport
import Testing

@testable import ReuseKit

/// What the photo list shows.
struct Photo: Identifiable, Hashable, Differentiable {
  var id: Int
  var title: String
}

/// A cell configured from a photo.
final class PhotoCell: CollectionViewCell, ConfigurableCell {
  var title: String?
  var configuredPath: ItemPath?
  var configureCount = 0
  func configure(with photo: Photo, at indexPath: ItemPath) {
    title = photo.title
    configuredPath = indexPath
    configureCount += 1
  }
}

/// A header that shows a title.
final class TitleHeader: ReusableView {
  var title: String?
}

private func photos(_ count: Int, from start: Int = 0) -> [Photo] {
  (start..<start + count).map { Photo(id: $0, title: "Photo \($0)") }
}

private func titles(_ collectionView: CollectionView) -> [String?] {
  collectionView.visibleCells.map { ($0 as! PhotoCell).title }
}

@Suite struct CollectionDataSourceTests {
  @Test func twoLinesSetUpAList() {
    let collectionView = CollectionView(layout: ListLayout(itemSizing: .uniform(1)))
    let dataSource = CollectionArrayDataSource(
      collectionView: collectionView, items: photos(1_000), cell: PhotoCell.self)

    collectionView.viewportSize = Size(width: 40, height: 5)
    collectionView.layoutIfNeeded()
    #expect(titles(collectionView) == (0..<5).map { "Photo \($0)" })
    #expect(collectionView.dataSource === dataSource)
    #expect(PhotoCell.reuseIdentifier == "PhotoCell")
  }

  /// Two titled sections, "Recent" (two photos) and "Older", with headers from a provider.
  private func titledSections(
    olderCount: Int
  ) -> (CollectionView, CollectionArrayDataSource<Photo, PhotoCell>) {
    let layout = ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1))
    let collectionView = CollectionView(layout: layout, viewportSize: Size(width: 40, height: 10))
    collectionView.register(
      TitleHeader.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "title")
    let dataSource = CollectionArrayDataSource(
      collectionView: collectionView, sections: [photos(2), photos(olderCount, from: 10)],
      headerTitles: ["Recent", "Older"], cell: PhotoCell.self)
    dataSource.supplementaryViewProvider = { [unowned dataSource] collectionView, kind, path in
      let header = collectionView.dequeueReusableSupplementaryView(
        TitleHeader.self, ofKind: kind, withReuseIdentifier: "title", for: path)
      header.title = dataSource.provider.headerTitle(forSection: path.section)
      return header
    }
    collectionView.layoutIfNeeded()
    return (collectionView, dataSource)
  }

  @Test func sectionsTitlesAndSupplementaryViewsFromClosures() {
    let (collectionView, dataSource) = titledSections(olderCount: 3)
    let headers = collectionView.visibleSupplementaryViews(ofKind: .header)
    #expect(headers.map { ($0 as! TitleHeader).title } == ["Recent", "Older"])
    #expect(titles(collectionView) == ["Photo 0", "Photo 1", "Photo 10", "Photo 11", "Photo 12"])
    #expect(dataSource.provider.footerTitle(forSection: 0) == nil)
  }

  @Test func theSelectionHandlerGetsTheItemAndItsPath() {
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 5))
    let dataSource = CollectionArrayDataSource(
      collectionView: collectionView, items: photos(10), cell: PhotoCell.self)
    var selected: [(Photo, ItemPath)] = []
    dataSource.selectionHandler = { selected.append(($0, $1)) }
    collectionView.tap(at: Point(x: 3, y: 2.5))
    #expect(selected.count == 1)
    #expect(selected.first?.0.title == "Photo 2")
    #expect(selected.first?.1 == ItemPath(section: 0, item: 2))
  }

  @Test func updatingAnItemReconfiguresItsVisibleCell() {
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 5))
    let dataSource = CollectionArrayDataSource(
      collectionView: collectionView, items: photos(10), cell: PhotoCell.self)
    collectionView.layoutIfNeeded()
    let path = ItemPath(section: 0, item: 3)
    let cell = collectionView.cellForItem(at: path) as! PhotoCell
    #expect(dataSource.updateItem(at: path, value: Photo(id: 3, title: "Edited")))
    #expect(collectionView.cellForItem(at: path) === cell, "the same cell")
    #expect(cell.title == "Edited")
    #expect(dataSource.item(at: path)?.title == "Edited")
    #expect(!dataSource.updateItem(at: ItemPath(section: 0, item: 99), value: photos(1)[0]))
    #expect(collectionView.diagnostics.count(of: .indexPathOutOfRange) == 1)
  }

  @Test func settingItemsDiffsAndKeepsTheSelection() {
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 6))
    collectionView.diagnostics.handler = nil
    let dataSource = CollectionArrayDataSource(
      collectionView: collectionView, items: photos(6), cell: PhotoCell.self)
    collectionView.layoutIfNeeded()
    collectionView.selectItem(at: ItemPath(section: 0, item: 4))  // Photo 4
    let cellOf4 = collectionView.cellForItem(at: ItemPath(section: 0, item: 4))
    var next = photos(6)
    next.remove(at: 1)
    next.insert(Photo(id: 99, title: "New"), at: 0)
    next[3].title = "Renamed 3"  // content change of a kept item
    dataSource.setItems(next, animated: false)
    #expect(titles(collectionView) == next.map(\.title))
    #expect(collectionView.indexPathsForSelectedItems == [ItemPath(section: 0, item: 4)])
    #expect(dataSource.item(at: ItemPath(section: 0, item: 4))?.id == 4)
    #expect(collectionView.cellForItem(at: ItemPath(section: 0, item: 4)) === cellOf4)
  }

  @Test func retitledSectionsReconfigureTheirHeaders() {
    let (collectionView, dataSource) = titledSections(olderCount: 2)
    dataSource.setSections(
      [photos(3), photos(2, from: 10)], headerTitles: ["Today", "Older"], animated: false)
    let headers = collectionView.visibleSupplementaryViews(ofKind: .header)
    #expect(headers.map { ($0 as! TitleHeader).title } == ["Today", "Older"])
  }

  @Test func aCellTypeThatDoesNotMatchItsIdentifierStopsAtOnceNamingBoth() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Impostor: CollectionViewCell {}
      let collectionView = CollectionView(layout: ListLayout())
      collectionView.register(Impostor.self, forCellWithReuseIdentifier: "PhotoCell")
      _ = CollectionArrayDataSource(
        collectionView: collectionView, items: [Photo(id: 1, title: "")], cell: PhotoCell.self)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("\"PhotoCell\" is registered for Impostor"), "\(message)")
      #expect(message.contains("cell type is PhotoCell"), "\(message)")
      #expect(message.contains("CollectionDataSource<"), "the data source is named: \(message)")
    }
  }
}

@Suite struct DiffableDataSourceTests {
  typealias Source = CollectionViewDiffableDataSource<String, Int>

  private func make(viewport: Double = 10) -> (CollectionView, Source) {
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: viewport))
    collectionView.diagnostics.handler = nil
    collectionView.register(PhotoCell.self)
    let source = Source(collectionView: collectionView) { collectionView, indexPath, id in
      let cell = collectionView.dequeueReusableCell(PhotoCell.self, for: indexPath)
      cell.configure(with: Photo(id: id, title: "#\(id)"), at: indexPath)
      return cell
    }
    return (collectionView, source)
  }

  @Test func snapshotsDescribeSectionsAndItems() {
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5])  // the last section
    snapshot.insertItems([0], beforeItem: 1)
    snapshot.moveItem(3, afterItem: 5)
    snapshot.insertSections(["z"], beforeSection: "a")
    snapshot.appendItems([9], toSection: "z")
    snapshot.deleteItems([2])
    #expect(snapshot.sectionIdentifiers == ["z", "a", "b"])
    #expect(snapshot.itemIdentifiers == [9, 0, 1, 4, 5, 3])
    #expect(snapshot.indexPath(ofItem: 3) == ItemPath(section: 2, item: 2))
    #expect(snapshot.sectionIdentifier(containingItem: 4) == "b")
    snapshot.moveSection("z", afterSection: "b")
    #expect(snapshot.sectionIdentifiers == ["a", "b", "z"])
    snapshot.deleteSections(["a"])
    #expect(snapshot.numberOfItems == 4 && !snapshot.contains(0))
    #expect(snapshot.problems.isEmpty)
  }

  @Test func duplicatesAndUnknownIdentifiersAreRefusedWithDiagnostics() {
    let (collectionView, source) = make()
    var snapshot = Snapshot<String, Int>()
    snapshot.appendItems([1])  // no section yet
    snapshot.appendSections(["a", "a"])
    snapshot.appendItems([1, 2, 2, 3])
    snapshot.deleteItems([42])
    snapshot.moveItem(1, beforeItem: 77)
    #expect(snapshot.itemIdentifiers == [1, 2, 3], "each kept once, in its first place")
    #expect(snapshot.sectionIdentifiers == ["a"])
    source.apply(snapshot)
    let diagnostics = collectionView.diagnostics
    #expect(diagnostics.count(of: .duplicateIdentifier) == 2)
    #expect(diagnostics.count(of: .unknownIdentifier) == 2)
    #expect(diagnostics.count(of: .invalidConfiguration) == 1)
    #expect(titles(collectionView) == ["#1", "#2", "#3"])
  }

  @Test func deletingASectionForgetsItsMarks() {
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2], toSection: "a")
    snapshot.reloadItems([1])
    snapshot.reconfigureSections(["a"])
    snapshot.deleteSections(["a"])
    snapshot.appendSections(["a"])
    snapshot.appendItems([1], toSection: "a")
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.reconfiguredSectionIdentifiers.isEmpty)
  }

  @Test func applyingDiffsAnimatesAndKeepsTheSelection() {
    let (collectionView, source) = make()
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["todo", "done"])
    snapshot.appendItems(Array(1...5), toSection: "todo")
    snapshot.appendItems([6, 7], toSection: "done")
    source.apply(snapshot)
    #expect(titles(collectionView) == (1...7).map { "#\($0)" })
    collectionView.selectItem(at: source.indexPath(for: 3))
    let cellOf3 = collectionView.cellForItem(at: source.indexPath(for: 3)!)

    // Finish task 3 (move it to "done"), delete 1, add 8.
    var next = source.snapshot()
    next.moveItem(3, beforeItem: 6)
    next.deleteItems([1])
    next.appendItems([8], toSection: "todo")
    var completed = false
    source.apply(next) { completed = true }
    #expect(collectionView.isAnimatingUpdates)
    #expect(titles(collectionView) == ["#2", "#4", "#5", "#8", "#3", "#6", "#7"])
    #expect(collectionView.indexPathsForSelectedItems == [ItemPath(section: 1, item: 0)])
    #expect(collectionView.cellForItem(at: ItemPath(section: 1, item: 0)) === cellOf3)
    collectionView.tick(now: 1)
    collectionView.tick(now: 2)
    #expect(completed)
  }

  @Test func reconfigureAndReloadMarksApplyOnce() {
    let (collectionView, source) = make()
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["a"])
    snapshot.appendItems([1, 2, 3])
    source.apply(snapshot)
    let cell = collectionView.cellForItem(at: ItemPath(section: 0, item: 1)) as! PhotoCell
    let count = cell.configureCount
    let reused = collectionView.reuseCounters.reused
    var next = source.snapshot()
    next.reconfigureItems([2])
    source.apply(next, animatingDifferences: false)
    #expect(collectionView.cellForItem(at: ItemPath(section: 0, item: 1)) === cell)
    #expect(cell.configureCount == count + 1)
    #expect(collectionView.reuseCounters.reused == reused, "a reconfigure dequeues nothing")
    #expect(source.snapshot().reconfiguredItemIdentifiers.isEmpty)
    // A reload sends the cell back to the pool and dequeues one (here the same, reused).
    var reload = source.snapshot()
    reload.reloadItems([2])
    source.apply(reload, animatingDifferences: false)
    #expect(collectionView.reuseCounters.reused == reused + 1)
    #expect(cell.configureCount == count + 2)
  }

  @Test func theFirstVisibleItemStaysPutWhenItemsAreInsertedAbove() {
    let (collectionView, source) = make(viewport: 10)
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["all"])
    snapshot.appendItems(Array(0..<100))
    source.apply(snapshot)
    collectionView.contentOffset = Point(x: 0, y: 50)
    collectionView.layoutIfNeeded()
    #expect(titles(collectionView).first == "#50")
    var next = source.snapshot()
    next.insertItems([1_000, 1_001, 1_002], beforeItem: 10)
    next.deleteItems([20, 21])
    source.apply(next, animatingDifferences: false)
    #expect(titles(collectionView).first == "#50")
    #expect(collectionView.contentOffset.y == 51)
  }
}
