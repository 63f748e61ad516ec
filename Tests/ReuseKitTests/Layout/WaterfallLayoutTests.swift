import ReuseTestSupport
import Testing

@testable import ReuseKit

/// The obvious waterfall: place every item by the stated rule, one by one, with plain arrays.
private struct WaterfallReference {
  var frames: [[Rect]] = []
  var headers: [Rect?] = []
  var footers: [Rect?] = []
  var contentHeight = 0.0

  init(
    counts: [Int], heights: [[Double]], columns: [Int], width: Double, inset: EdgeInsets,
    columnSpacing: Double, itemSpacing: Double, header: Double, footer: Double,
    order: WaterfallLayout.PlacementOrder
  ) {
    var y = 0.0
    for (section, count) in counts.enumerated() {
      headers.append(header > 0 ? Rect(x: 0, y: y, width: width, height: header) : nil)
      y += header + inset.top
      let columnCount = columns[section]
      let columnWidth = max(
        0,
        (width - inset.left - inset.right - Double(columnCount - 1) * columnSpacing)
          / Double(columnCount))
      var tops = [Double](repeating: 0, count: columnCount)
      var used = [Bool](repeating: false, count: columnCount)
      var sectionFrames: [Rect] = []
      for item in 0..<count {
        let column: Int
        switch order {
        case .shortestFirst:
          column = tops.indices.min { tops[$0] < tops[$1] || (tops[$0] == tops[$1] && $0 < $1) }!
        case .leftToRight: column = item % columnCount
        case .rightToLeft: column = columnCount - 1 - item % columnCount
        }
        let top = tops[column]
        sectionFrames.append(
          Rect(
            x: inset.left + Double(column) * (columnWidth + columnSpacing), y: y + top,
            width: columnWidth, height: heights[section][item]))
        tops[column] = top + heights[section][item] + itemSpacing
        used[column] = true
      }
      let columnsHeight =
        count == 0 ? 0 : tops.indices.map { used[$0] ? tops[$0] - itemSpacing : 0 }.max()!
      y += columnsHeight + inset.bottom
      footers.append(footer > 0 ? Rect(x: 0, y: y, width: width, height: footer) : nil)
      y += footer
      frames.append(sectionFrames)
    }
    contentHeight = y
  }

  /// Every item meeting `rect`, in order.
  func items(in rect: Rect) -> [ItemPath] {
    var result: [ItemPath] = []
    for (section, sectionFrames) in frames.enumerated() {
      for (item, frame) in sectionFrames.enumerated() where frame.intersects(rect) {
        result.append(ItemPath(section: section, item: item))
      }
    }
    return result
  }
}

private struct WaterfallScenario {
  var counts: [Int]
  var heights: [[Double]]
  var columns: [Int]
  var width: Double
  var inset: EdgeInsets
  var columnSpacing: Double
  var itemSpacing: Double
  var header: Double
  var footer: Double
  var order: WaterfallLayout.PlacementOrder

  init(_ random: inout SeededRandom) {
    counts = (0..<random.int(1...3)).map { _ in random.chance(0.15) ? 0 : random.int(1...300) }
    heights = counts.map { count in (0..<count).map { _ in Double(random.int(0...40)) } }
    columns = counts.map { _ in random.int(1...6) }
    width = Double(random.int(10...400))
    inset = EdgeInsets(
      top: Double(random.int(0...4)), left: Double(random.int(0...4)),
      bottom: Double(random.int(0...4)), right: Double(random.int(0...4)))
    columnSpacing = Double(random.int(0...3))
    itemSpacing = Double(random.int(0...3))
    header = random.chance(0.5) ? Double(random.int(1...6)) : 0
    footer = random.chance(0.3) ? Double(random.int(1...6)) : 0
    order = [.shortestFirst, .leftToRight, .rightToLeft][random.int(0...2)]
  }

  func layout(estimated: Bool = false) -> WaterfallLayout {
    let heights = self.heights
    let columns = self.columns
    let layout = WaterfallLayout(
      columns: .perSection { columns[$0] },
      itemHeight: estimated
        ? .estimated(10) : .perItem { path, _ in heights[path.section][path.item] },
      columnSpacing: columnSpacing, itemSpacing: itemSpacing, sectionInset: inset,
      headerLength: .fixed(header), footerLength: .fixed(footer), placement: order)
    layout.prepare(context(counts))
    return layout
  }

  func context(_ counts: [Int]) -> LayoutContext {
    LayoutContext(
      itemCounts: counts, viewportSize: Size(width: width, height: 100),
      diagnostics: Diagnostics(handler: nil))
  }

  func reference(_ counts: [Int]? = nil) -> WaterfallReference {
    WaterfallReference(
      counts: counts ?? self.counts, heights: heights, columns: columns, width: width,
      inset: inset, columnSpacing: columnSpacing, itemSpacing: itemSpacing, header: header,
      footer: footer, order: order)
  }
}

extension WaterfallScenario {
  /// A random scenario from `seed`, and the generator to go on with.
  static func seeded(_ seed: UInt64) -> (WaterfallScenario, SeededRandom) {
    var random = SeededRandom(seed: seed)
    return (WaterfallScenario(&random), random)
  }
}

@Suite struct WaterfallLayoutTests {
  @Test(arguments: 0..<60)
  func placementAndQueriesEqualBruteForce(_ index: Int) {
    let seed = 0x3A7E_2000 &+ UInt64(index)
    var (scenario, random) = WaterfallScenario.seeded(seed)
    let layout = scenario.layout()
    let reference = scenario.reference()
    #expect(layout.contentSize.height == reference.contentHeight, "seed \(seed): content height")
    for (section, frames) in reference.frames.enumerated() {
      for (item, frame) in frames.enumerated() {
        let path = ItemPath(section: section, item: item)
        #expect(layout.layoutAttributesForItem(at: path)?.frame == frame, "seed \(seed): \(path)")
      }
    }
    for _ in 0..<30 {
      let rect = Rect(
        x: random.double(-20...scenario.width),
        y: random.double(-20...reference.contentHeight + 20),
        width: random.double(0...scenario.width + 40), height: random.double(0...200))
      var found = LayoutElements()
      layout.elements(in: LayoutQuery(viewport: rect), into: &found)
      #expect(found.items.map(\.indexPath) == reference.items(in: rect), "seed \(seed): \(rect)")
      for attributes in found.items {
        #expect(
          attributes.frame
            == reference.frames[attributes.indexPath.section][attributes.indexPath.item])
      }
      let headers = found.supplementaryViews.filter { $0.supplementaryKind == .header }
      let expected = reference.headers.enumerated().filter { $0.element?.intersects(rect) == true }
      #expect(headers.map(\.indexPath.section) == expected.map(\.offset), "seed \(seed): headers")
      // Hit testing agrees with the frames.
      let point = Point(x: rect.midX, y: rect.midY)
      let hit = reference.frames.enumerated().flatMap { section, frames in
        frames.enumerated().filter { $0.element.contains(point) }.map {
          ItemPath(section: section, item: $0.offset)
        }
      }.first
      #expect(layout.indexPathForItem(at: point) == hit, "seed \(seed): hit at \(point)")
    }
  }

  @Test(arguments: 0..<20)
  func appendingPlacesOnlyTheNewItemsAndMovesNothing(_ index: Int) {
    let seed = 0xA99E_0000 &+ UInt64(index)
    var (scenario, _) = WaterfallScenario.seeded(seed)
    // Start with fewer items in the last section, then "load more".
    let full = scenario.counts
    var partial = full
    partial[partial.count - 1] = full.last! / 2
    let layout = scenario.layout()
    layout.prepare(scenario.context(partial))
    let before = (0..<partial.last!).map {
      layout.layoutAttributesForItem(at: ItemPath(section: partial.count - 1, item: $0))!.frame
    }
    let columnsBefore = layout.sections.last!.columns.map(\.items.count)
    layout.prepare(scenario.context(full))
    let after = (0..<partial.last!).map {
      layout.layoutAttributesForItem(at: ItemPath(section: partial.count - 1, item: $0))!.frame
    }
    #expect(after == before, "seed \(seed): existing frames moved")
    // The existing columns were extended, not rebuilt: their items are a prefix.
    for (column, count) in columnsBefore.enumerated() {
      #expect(layout.sections.last!.columns[column].items.count >= count)
    }
    // And the result is what a full layout gives.
    scenario.counts = full
    let reference = scenario.reference()
    for item in 0..<full.last! {
      let path = ItemPath(section: full.count - 1, item: item)
      #expect(
        layout.layoutAttributesForItem(at: path)?.frame == reference.frames[path.section][item])
    }
    #expect(layout.contentSize.height == reference.contentHeight)
  }

  @Test func measuredItemsKeepTheirColumnAndOnlyTheirColumnMoves() {
    var random = SeededRandom(seed: 9)
    var scenario = WaterfallScenario(&random)
    scenario.counts = [60]
    scenario.columns = [3]
    scenario.heights = [Array(repeating: 10, count: 60)]
    scenario.order = .shortestFirst
    let layout = scenario.layout(estimated: true)
    let columns = (0..<60).map { layout.column(ofItemAt: ItemPath(section: 0, item: $0))! }
    let frames = (0..<60).map {
      layout.layoutAttributesForItem(at: ItemPath(section: 0, item: $0))!.frame
    }
    let measured = ItemPath(section: 0, item: 4)
    #expect(layout.setMeasuredSize(Size(width: 0, height: 55), forItemAt: measured))
    let column = columns[4]
    for item in 0..<60 {
      let path = ItemPath(section: 0, item: item)
      let frame = layout.layoutAttributesForItem(at: path)!.frame
      #expect(layout.column(ofItemAt: path) == columns[item], "item \(item) changed column")
      if columns[item] != column || frame.minY < frames[4].minY || item == 4 {
        #expect(frame.minY == frames[item].minY, "item \(item) moved")
      } else {
        #expect(frame.minY == frames[item].minY + 45, "item \(item) below the measured one")
      }
    }
  }

  @Test func badHeightsAreClampedWithADiagnostic() {
    let diagnostics = Diagnostics(handler: nil)
    let layout = WaterfallLayout(
      columns: .fixed(0),
      itemHeight: .perItem { path, _ in [Double.nan, -5, 1e300, 10][path.item % 4] })
    layout.prepare(
      LayoutContext(
        itemCounts: [8], viewportSize: Size(width: 100, height: 100), diagnostics: diagnostics))
    #expect(diagnostics.count(of: .invalidSize) == 1)
    #expect(diagnostics.count(of: .invalidConfiguration) == 1, "0 columns: using 1")
    #expect(layout.numberOfColumns(inSection: 0) == 1)
    #expect(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 0))?.frame.height == 0)
    #expect(
      layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 2))?.frame.height
        == maximumElementLength)
    #expect(layout.contentSize.height.isFinite)
  }

  @Test func adaptiveColumnsFollowTheWidth() {
    let layout = WaterfallLayout(columns: .adaptive(minimumWidth: 30), columnSpacing: 2)
    layout.prepare(
      LayoutContext(
        itemCounts: [10], viewportSize: Size(width: 100, height: 50),
        diagnostics: Diagnostics(handler: nil)))
    #expect(layout.numberOfColumns(inSection: 0) == 3)
    layout.prepare(
      LayoutContext(
        itemCounts: [10], viewportSize: Size(width: 62, height: 50),
        diagnostics: Diagnostics(handler: nil)))
    #expect(layout.numberOfColumns(inSection: 0) == 2, "a width change lays out again")
  }
}

/// The waterfall in a collection view: big jumps and reloads.
@Suite struct WaterfallCollectionViewTests {
  @Test(arguments: 0..<12)
  func aBigJumpShowsTheWholeVisibleSetInOnePass(_ index: Int) {
    let seed = 0xB16_0000 &+ UInt64(index)
    var (scenario, random) = WaterfallScenario.seeded(seed)
    scenario.counts = [random.int(1_000...20_000)]
    scenario.heights = [(0..<scenario.counts[0]).map { _ in Double(random.int(5...60)) }]
    scenario.columns = [random.int(1...5)]
    let heights = scenario.heights
    let layout = WaterfallLayout(
      columns: .fixed(scenario.columns[0]),
      itemHeight: .perItem { path, _ in heights[0][path.item] },
      columnSpacing: 2, itemSpacing: 1)
    let (collectionView, recorder) = makeCollectionView(
      counts: scenario.counts, layout: layout, viewport: Size(width: scenario.width, height: 300))
    collectionView.layoutIfNeeded()
    let reference = WaterfallReference(
      counts: scenario.counts, heights: heights, columns: scenario.columns, width: scenario.width,
      inset: .zero, columnSpacing: 2, itemSpacing: 1, header: 0, footer: 0, order: .shortestFirst)
    for jump in 0..<8 {
      let y =
        jump == 0
        ? collectionView.maximumContentOffset.y : random.double(0...reference.contentHeight)
      collectionView.contentOffset = Point(x: 0, y: y)
      collectionView.layoutIfNeeded()  // one pass
      let expected = reference.items(in: collectionView.bounds)
      #expect(collectionView.indexPathsForVisibleItems == expected, "seed \(seed), jump \(jump)")
      #expect(!expected.isEmpty || reference.contentHeight == 0)
      for case let cell as RecordingCell in collectionView.visibleCells {
        #expect(cell.configuredPath != nil)
      }
    }
    #expect(recorder.pairingViolations.isEmpty)
  }

  @Test func reloadLeavesNoStaleCells() {
    let layout = WaterfallLayout(columns: .fixed(3), itemHeight: .fixed(20))
    let (collectionView, recorder) = makeCollectionView(
      counts: [500], layout: layout, viewport: Size(width: 90, height: 200))
    collectionView.contentOffset = Point(x: 0, y: 1_000)
    collectionView.layoutIfNeeded()
    recorder.counts = [10]
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    // Scrolled past the end of the smaller content: it settles back, and only existing items
    // show, each configured for its own path.
    let paths = collectionView.indexPathsForVisibleItems
    #expect(paths.allSatisfy { $0.item < 10 })
    for (cell, path) in zip(collectionView.visibleCells, paths) {
      #expect((cell as! RecordingCell).configuredPath == path)
    }
    #expect(recorder.displayed == Set(paths))
    #expect(recorder.pairingViolations.isEmpty)
  }
}

@Suite struct GridLayoutTests {
  @Test(arguments: 0..<40)
  func queriesEqualBruteForce(_ index: Int) {
    let seed = 0x6A1D_0000 &+ UInt64(index)
    var random = SeededRandom(seed: seed)
    let counts = (0..<random.int(1...4)).map { _ in random.chance(0.2) ? 0 : random.int(1...500) }
    let width = Double(random.int(10...300))
    let columns = random.int(1...7)
    let rowHeight = Double(random.int(1...30))
    let inset = EdgeInsets(
      top: Double(random.int(0...3)), left: Double(random.int(0...3)),
      bottom: Double(random.int(0...3)), right: Double(random.int(0...3)))
    let columnSpacing = Double(random.int(0...3))
    let rowSpacing = Double(random.int(0...3))
    let header = random.chance(0.5) ? Double(random.int(1...5)) : 0
    let layout = GridLayout(
      columns: .fixed(columns), itemHeight: .fixed(rowHeight), columnSpacing: columnSpacing,
      rowSpacing: rowSpacing, sectionInset: inset, headerLength: .fixed(header))
    layout.prepare(
      LayoutContext(
        itemCounts: counts, viewportSize: Size(width: width, height: 100),
        diagnostics: Diagnostics(handler: nil)))
    // The reference: every frame, row by row.
    var frames: [[Rect]] = []
    var y = 0.0
    let columnWidth = max(
      0, (width - inset.left - inset.right - Double(columns - 1) * columnSpacing) / Double(columns))
    for count in counts {
      y += header + inset.top
      frames.append(
        (0..<count).map { item in
          Rect(
            x: inset.left + Double(item % columns) * (columnWidth + columnSpacing),
            y: y + Double(item / columns) * (rowHeight + rowSpacing), width: columnWidth,
            height: rowHeight)
        })
      let rows = (count + columns - 1) / columns
      y += (rows > 0 ? Double(rows) * rowHeight + Double(rows - 1) * rowSpacing : 0) + inset.bottom
    }
    #expect(layout.contentSize.height == y, "seed \(seed)")
    for _ in 0..<30 {
      let rect = Rect(
        x: random.double(-10...width), y: random.double(-10...y + 10),
        width: random.double(0...width), height: random.double(0...120))
      var found = LayoutElements()
      layout.elements(in: LayoutQuery(viewport: rect), into: &found)
      let expected = frames.enumerated().flatMap { section, frames in
        frames.enumerated().filter { $0.element.intersects(rect) }.map {
          ItemPath(section: section, item: $0.offset)
        }
      }
      #expect(found.items.map(\.indexPath) == expected, "seed \(seed): \(rect)")
      for attributes in found.items {
        #expect(attributes.frame == frames[attributes.indexPath.section][attributes.indexPath.item])
      }
    }
  }

  @Test func adaptiveColumnsAndAspectRatio() {
    let layout = GridLayout(columns: .adaptive(minimumWidth: 20), itemHeight: .aspectRatio(0.5))
    layout.prepare(
      LayoutContext(
        itemCounts: [7], viewportSize: Size(width: 70, height: 40),
        diagnostics: Diagnostics(handler: nil)))
    #expect(layout.numberOfColumns(inSection: 0) == 3)
    let frame = layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 4))!.frame
    #expect(frame.width == 70.0 / 3 && frame.height == 70.0 / 6)
    #expect(
      layout.indexPathForItem(at: Point(x: frame.midX, y: frame.midY))
        == ItemPath(section: 0, item: 4))
  }
}
