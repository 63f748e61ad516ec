import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A collapse that hides the focused row moves the focus to the row collapsed, as tree views
/// do, and keeps that row on screen (the GTK gallery's screen-reader session: a row collapsed
/// through AT-SPI went off screen, the focus sent to the row after the hidden ones).
struct CollapseFocusTests {
  /// A tree of 4 roots with 30 leaves each, all expanded, in a 10-row viewport.
  private func expandedTree() -> (CollectionView, DeclarativeDataSource) {
    let view = makeView(rows: 10)
    let roots = (0..<4).map { root in
      Folder(
        id: root, name: "root \(root)",
        children: (0..<30).map { Folder(id: 100 * (root + 1) + $0, name: "leaf \($0)") })
    }
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(roots, children: \.children) { folder in ListContent(folder.name) }
    }
    for root in 0..<4 { source.setExpanded(true, itemIdentifiedBy: root) }
    view.tick(now: 1)
    view.layoutIfNeeded()
    return (view, source)
  }

  private func collapse(
    _ root: ItemPath, in view: CollectionView, _ source: DeclarativeDataSource, how: Int
  ) {
    switch how {
    case 0: #expect(source.collectionView(view, setExpanded: false, forItemAt: root))
    default: #expect(source.toggleExpansion(at: root))
    }
    var time = 1.0
    for _ in 0..<60 {
      time += 1.0 / 60
      view.tick(now: time)
    }
    view.layoutIfNeeded()
  }

  /// Assistive technology's collapse and a click on the triangle alike.
  @Test(arguments: [0, 1])
  func theFocusGoesToTheRowCollapsedAndItStaysOnScreen(how: Int) throws {
    let (view, source) = expandedTree()
    // Root 1 (item 31) near the top, the focus on its 6th leaf.
    view.contentOffset = Point(x: 0, y: 29)
    view.layoutIfNeeded()
    let root = ItemPath(section: 0, item: 31)
    view.focusItem(at: ItemPath(section: 0, item: 37))
    #expect(view.indexPathsForVisibleItems.contains(root))
    collapse(root, in: view, source, how: how)
    #expect(view.focusedIndexPath == root)
    let frame = try #require(view.frameForItem(at: root))
    #expect(frame.minY >= view.contentOffset.y && frame.maxY <= view.contentOffset.y + 10)
  }

  /// A focus outside the collapsed rows stays where it is.
  @Test func aFocusElsewhereStays() {
    let (view, source) = expandedTree()
    view.focusItem(at: ItemPath(section: 0, item: 3))
    collapse(ItemPath(section: 0, item: 31), in: view, source, how: 0)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 3))
  }
}
