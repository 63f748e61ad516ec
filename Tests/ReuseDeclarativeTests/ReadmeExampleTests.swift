import ReuseDeclarative
import ReuseKit
import Testing

/// The README's "A list in ten lines", compiled and run as written (with its data).
struct ReadmeExampleTests {
  struct Photo: Identifiable {
    let id: Int
    var title: String
  }

  @Test func theREADMEListRunsAsWritten() {
    var photos = (0..<1_000).map { Photo(id: $0, title: "Photo \($0)") }
    var hasMore = true
    // The README's lines, from here:
    let collectionView = CollectionView(layout: ListLayout(itemSizing: .uniform(1)))
    let dataSource = DeclarativeDataSource(collectionView: collectionView) {
      Section("Photos") {
        ForEach(photos) { photo in ListContent(photo.title, accessories: [.disclosure]) }
      }
      if hasMore { ListContent("Load more") }
    }
    dataSource.update()
    // To here. Then a viewport, an edit and a tick, as a host's frame does.
    collectionView.viewportSize = Size(width: 40, height: 5)
    collectionView.layoutIfNeeded()
    photos.remove(at: 0)
    hasMore = false
    dataSource.update()
    collectionView.tick(now: 1)
    collectionView.tick(now: 2)
    collectionView.tick(now: 3)
    collectionView.layoutIfNeeded()
    #expect(collectionView.numberOfSections == 1)
    #expect(collectionView.numberOfItems(inSection: 0) == 999)
    let first = collectionView.cellForItem(at: ItemPath(section: 0, item: 0)) as? ListContentCell
    #expect(first?.content == ListContent("Photo 1", accessories: [.disclosure]))
  }
}
