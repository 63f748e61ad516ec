import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A declared outline's stacked headers (`OutlineGroup.stackedHeaders`): the parents stuck at
/// the top, frame by frame, are those the imperative `OutlineDataSource` sticks for the same
/// tree, and the declaration gives them to the layout and takes them back.
struct OutlineStackedHeaderTests {
  /// Every displayed item and where it is drawn, in content coordinates.
  func drawn(_ view: CollectionView) -> [String] {
    view.layoutIfNeeded()
    return view.indexPathsForVisibleItems.sorted().map { path in
      let frame = view.cellForItem(at: path)?.frame ?? .zero
      return "\(path.item)@\(frame.origin.y)"
    }
  }

  @Test(arguments: 0..<4)
  func stuckParentsMatchTheImperativeOutlines(_ index: Int) {
    let (seed, random) = SeededRandom.forCase(index, base: 0x57AC)
    var rng = random
    var nextID = 1
    let model = randomFolders(&rng, count: 2...5, maximumDepth: 4, nextID: &nextID)
    let viewport = Size(width: 40, height: 12)
    let maximumRows = rng.int(1...4)

    let declared = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: viewport)
    let source = DeclarativeDataSource(collectionView: declared) {
      OutlineGroup(model, children: \.children) { folder in ListContent(folder.name) }
        .stackedHeaders(maximumRows: maximumRows)
    }
    let reference = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: viewport)
    reference.register(ListContentCell.self, forCellWithReuseIdentifier: "row")
    let outline = OutlineDataSource<Int>(collectionView: reference) { view, path, _, _ in
      view.dequeueReusableCell(withReuseIdentifier: "row", for: path)
    }
    func add(_ folders: [Folder], to parent: Int?) {
      outline.tree.append(folders.map(\.id), to: parent)
      for folder in folders {
        if let children = folder.children, !children.isEmpty {
          add(children, to: folder.id)
          source.setExpanded(true, itemIdentifiedBy: folder.id)
        }
      }
    }
    add(model, to: nil)
    for id in 1..<nextID where outline.tree.hasChildren(id) { _ = outline.tree.expand(id) }
    outline.reloadData()
    (reference.collectionViewLayout as? ListLayout)?.stackedHeaders = outline.stackedHeaders(
      maximumRows: maximumRows)
    declared.tick(now: 1)
    declared.layoutIfNeeded()
    #expect(declared.numberOfItems(inSection: 0) == reference.numberOfItems(inSection: 0))
    #expect((declared.collectionViewLayout as? ListLayout)?.stackedHeaders != nil)

    let rows = declared.numberOfItems(inSection: 0)
    var offset = 0.0
    while offset <= Double(max(0, rows - 12)) {
      declared.contentOffset = Point(x: 0, y: offset)
      reference.contentOffset = Point(x: 0, y: offset)
      #expect(drawn(declared) == drawn(reference), "seed \(seed), offset \(offset)")
      offset += 0.5
    }
  }

  /// An outline of values whose rows read a model beside them: `observesModels()` configures
  /// the row that read a changed property again, with no body; without it, nothing changes.
  @Test(arguments: [true, false]) func outlinesOfValuesWatchTheirModels(observed: Bool) {
    let view = makeView(rows: 10)
    let names = Library(songs: [Song(id: 1, title: "Documents")])
    let tree = OutlineGroupTests.tree
    let source = DeclarativeDataSource(collectionView: view) {
      let outline = OutlineGroup(tree, children: \.children) { folder in
        ListContent(folder.id == 1 ? names.songs[0].title : folder.name)
      }
      if observed { outline.observesModels() } else { outline }
    }
    view.layoutIfNeeded()
    names.songs[0].title = "Papers"
    view.tick(now: 1)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == (observed ? "Papers" : "Documents"))
    #expect(source.statistics.bodyEvaluations == 1, "no body, no diff")
  }

  @Test func theDeclarationGivesTheHeadersAndTakesThemBack() {
    let view = makeView(rows: 4)
    var stacks = true
    let tree = OutlineGroupTests.tree
    let source = DeclarativeDataSource(collectionView: view) {
      if stacks {
        OutlineGroup(tree, children: \.children) { ListContent($0.name) }.stackedHeaders()
      } else {
        OutlineGroup(tree, children: \.children) { ListContent($0.name) }
      }
    }
    let layout = view.collectionViewLayout as? ListLayout
    #expect(layout?.stackedHeaders != nil)
    // Documents (1) ▸ Letters (11) ▸ 2026 (111), Taxes (12): row 2's parent is row 1, whose
    // subtree ends at row 2; row 0's ends at Taxes, row 3.
    source.setExpanded(true, itemIdentifiedBy: 1)
    source.setExpanded(true, itemIdentifiedBy: 11)
    view.tick(now: 1)
    let headers = source.stackedHeaders()
    #expect(headers.parent(ItemPath(section: 0, item: 2)) == ItemPath(section: 0, item: 1))
    #expect(headers.parent(ItemPath(section: 0, item: 0)) == nil)
    #expect(headers.lastDescendant(ItemPath(section: 0, item: 1)) == ItemPath(section: 0, item: 2))
    #expect(headers.lastDescendant(ItemPath(section: 0, item: 0)) == ItemPath(section: 0, item: 3))
    stacks = false
    source.update()
    view.tick(now: 2)
    #expect(layout?.stackedHeaders == nil, "no longer declared: taken back")
    // Limits out of range are taken as the layout takes them, once: NaN is 0.4.
    stacks = true
    let nan = DeclarativeDataSource(collectionView: makeView(rows: 4)) {
      OutlineGroup(tree, children: \.children) { ListContent($0.name) }
        .stackedHeaders(maximumRows: -3, maximumFraction: .nan)
    }
    let nanLayout = nan.collectionView.collectionViewLayout as? ListLayout
    #expect(nanLayout?.stackedHeaders?.maximumRows == 0)
    #expect(nanLayout?.stackedHeaders?.maximumFraction == 0.4)
    stacks = false
    // Headers the app set itself are its own.
    layout?.stackedHeaders = source.stackedHeaders(maximumRows: 2)
    source.update()
    view.tick(now: 3)
    #expect(layout?.stackedHeaders?.maximumRows == 2)
  }

  /// A row closed while stuck at the top, deep in its children, stays in view below its own
  /// stuck parents (the list went to its end, the row off screen above, or under the parent
  /// stuck over it: a new user's finding). Closed by a key and by a click on its triangle.
  @Test(arguments: [true, false])
  func aRowClosedWhileStuckStaysInView(byKey: Bool) throws {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 8))
    // Three levels: 8 regions, 5 countries each, the first country's first city with 500
    // districts; the regions and the rest after it make more than a screen once it closes.
    let tree = (0..<8).map { region in
      Folder(
        id: region, name: "r\(region)",
        children: (0..<5).map { country in
          Folder(
            id: 100 + region * 10 + country, name: "c\(country)",
            children: region == 0 && country == 0
              ? [
                Folder(
                  id: 1_000, name: "city",
                  children: (0..<500).map {
                    Folder(id: 10_000 + $0, name: "d\($0)", children: nil)
                  })
              ] : nil)
        })
    }
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(tree, children: \.children) { ListContent($0.name) }
        .stackedHeaders(maximumRows: 2)
    }
    source.expandedItemIdentifiers = [AnyHashable(0), AnyHashable(100), AnyHashable(1_000)]
    view.tick(now: 1)
    view.layoutIfNeeded()
    let city = try #require(source.indexPath(for: AnyHashable(1_000)))
    view.focusItem(at: city, scrollsIntoView: false)
    // Deep into the districts: the city is stuck at the top (the region above it, the country
    // left out by the two-row cap).
    view.contentOffset = Point(x: 0, y: 300)
    view.layoutIfNeeded()
    #expect(view.visibleCells.contains { ($0 as? ListContentCell)?.content.text == "city" })
    if byKey {
      #expect(source.handleOutlineKey(KeyPress(.left)))
    } else {
      #expect(source.toggleExpansion(at: city))
    }
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    // The city shows, and no stuck row covers it.
    let frame = try #require(view.layoutAttributesForItem(at: city)?.frame)
    let stuck = view.collectionViewLayout.stuckItems(forViewport: view.bounds)
    #expect(frame.minY >= view.contentOffset.y && frame.maxY <= view.bounds.maxY, "\(frame)")
    #expect(
      !stuck.contains { $0.frame.intersects(frame) }, "\(stuck) \(frame) \(view.contentOffset)")
    #expect(view.focusedIndexPath == city)
  }
}
