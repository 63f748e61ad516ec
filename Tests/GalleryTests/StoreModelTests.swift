import GalleryKit
import ReuseDeclarative
import ReuseKit
import Testing

/// The store page runs from its declaration: a section per rail with its geometry, the grid's
/// banners and wide apps as spans, rail titles as standard headers, tiles named for a screen
/// reader, and blank cells (not a crash) in a host that registers no tile cell.
@Suite struct StoreModelTests {
  /// A store of `apps` apps a rail, shown in a viewport of `size` with no tile cell registered.
  private func store(apps: Int = 40, size: Size = Size(width: 120, height: 60)) -> StoreModel {
    let model = StoreModel(options: GalleryOptions(itemCount: apps), metrics: .terminal)
    model.collectionView.viewportSize = size
    model.collectionView.layoutIfNeeded()
    return model
  }

  @Test func theCollectionViewShowsTheDeclaredSectionsAndCounts() {
    let model = store(apps: 40)
    let view = model.collectionView
    #expect(view.dataSource === model.source)
    #expect(view.numberOfSections == model.sections.count)
    let counts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
    #expect(counts[0] == 8, "the featured carousel has at most 8 cards")
    #expect(counts[model.catalog.gridSection] == 40, "the grid has every app up to 72")
    #expect(counts.enumerated().allSatisfy { $0.offset == 0 || $0.offset == 4 || $0.element == 40 })
    // More apps than the grid holds: the grid stops at 72, the rails go on.
    let big = store(apps: 300).collectionView
    #expect(big.numberOfItems(inSection: 4) == 72)
    #expect(big.numberOfItems(inSection: 1) == 300)
  }

  @Test func railsAndSpansComeFromTheDeclaration() {
    let model = store()
    let source = model.source
    #expect(source.railSection(at: 0)?.scrolling == .groupPagingCentered)
    #expect(source.railSection(at: 0)?.headerHeight == 0, "the carousel has no title")
    #expect(source.railSection(at: 4)?.scrolling == RailScrolling.none, "the grid")
    #expect(source.railSection(at: 3)?.scrolling == .paging)
    #expect(source.railSection(at: 5)?.scrolling == .continuousGroupLeadingBoundary)
    let grid = model.catalog.gridSection
    #expect(source.span(at: ItemPath(section: grid, item: 0)).columns > 2, "a banner")
    #expect(source.span(at: ItemPath(section: grid, item: 3)).columns == 2, "a wide app")
    #expect(source.span(at: ItemPath(section: grid, item: 1)) == .single)
    // The layout asks the declaration: the banner spans the grid's width.
    let banner = model.collectionView.layoutAttributesForItem(at: ItemPath(section: grid, item: 0))
    let app = model.collectionView.layoutAttributesForItem(at: ItemPath(section: grid, item: 1))
    #expect((banner?.frame.width ?? 0) > 3 * (app?.frame.width ?? .infinity))
  }

  @Test func tilesAreNamedAndRailTitlesAreStandardHeaders() throws {
    let model = store()
    let path = ItemPath(section: 1, item: 2)
    let cell = try #require(model.collectionView.cellForItem(at: path))
    let tile = model.tile(at: path)
    #expect(cell.accessibilityLabel == tile.title)
    #expect(
      cell.accessibilityValue == "\(tile.rating / 10).\(tile.rating % 10) stars, Top free")
    var headers: [Int: String] = [:]
    model.collectionView.forEachDisplayedView { view, attributes in
      if let header = view as? ListContentSupplementaryView {
        headers[attributes.indexPath.section] = header.content.text
      }
    }
    #expect(headers[1] == "Top free · one app a swipe")
    #expect(headers[0] == nil, "the carousel has no header")
  }
}
