import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseDeclarative

/// An outline of rows of content of its own is found by ``OutlineGroup/searchable(_:)``'s text:
/// a search or a host's type-ahead (GTK's) matched no row without it.
@Suite struct OutlineSearchableTests {
  final class FolderCell: CollectionViewCell, ConfigurableCell {
    var name = ""
    func configure(with name: String, at indexPath: ItemPath) { self.name = name }
  }

  private func outline(searchable: Bool) -> (CollectionView, DeclarativeDataSource) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 10))
    let source = DeclarativeDataSource(collectionView: view) {
      let group = OutlineGroup(OutlineGroupTests.tree, children: \.children) { folder, _ in
        Cell(FolderCell.self, folder.name)
      }
      if searchable { group.searchable { $0.name } } else { group }
    }
    view.layoutIfNeeded()
    return (view, source)
  }

  @Test func rowsOfTheirOwnAreFoundByTheirSearchableText() {
    let (view, source) = outline(searchable: true)
    let texts = (0..<view.numberOfItems(inSection: 0)).map {
      source.collectionView(view, searchableTextForItemAt: ItemPath(section: 0, item: $0))
    }
    #expect(texts == ["Documents", "Music", "Photos"])
    // The type-ahead goes to the row that starts with what is typed.
    let typeAhead = TypeAhead(collectionView: view)
    typeAhead.type("p", at: 1)
    while typeAhead.isSearching { typeAhead.advance() }
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 2))
    let (plain, plainSource) = outline(searchable: false)
    #expect(
      plainSource.collectionView(plain, searchableTextForItemAt: ItemPath(section: 0, item: 0))
        == nil)
  }
}
