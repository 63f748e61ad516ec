import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A random list configuration, with the reference model to check the layout against.
private struct ListScenario {
  var axis: Axis
  var counts: [Int]
  var viewport: Size
  var lengths: [ItemPath: Double]
  var spacing: Double
  var inset: EdgeInsets
  var headers: [Double]
  var footers: [Double]
  var mode: Int  // 0 uniform, 1 per item, 2 estimated

  init(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    axis = random.chance(0.5) ? .vertical : .horizontal
    counts = (0..<random.int(0...5)).map { _ in random.chance(0.2) ? 0 : random.int(1...200) }
    viewport = Size(width: Double(random.int(1...120)), height: Double(random.int(1...120)))
    mode = random.int(0...2)
    let uniform = Double(random.int(0...15))
    lengths = [:]
    for (section, count) in counts.enumerated() {
      for item in 0..<count {
        lengths[ItemPath(section: section, item: item)] =
          mode == 0 ? uniform : Double(random.int(0...25))
      }
    }
    if mode == 2 {
      // Estimated: start at the uniform estimate; measurements arrive later.
      for key in lengths.keys { lengths[key] = uniform }
    }
    spacing = Double(random.int(0...4))
    inset = EdgeInsets(
      top: Double(random.int(0...5)), left: Double(random.int(0...5)),
      bottom: Double(random.int(0...5)), right: Double(random.int(0...5)))
    headers = counts.map { _ in random.chance(0.5) ? Double(random.int(1...8)) : 0 }
    footers = counts.map { _ in random.chance(0.3) ? Double(random.int(1...8)) : 0 }
  }

  func makeLayout() -> ListLayout {
    let lengths = self.lengths
    let sizing: ListLayout.ItemSizing
    switch mode {
    case 0: sizing = .uniform(lengths.values.first ?? 0)
    case 1: sizing = .perItem { lengths[$0]! }
    default: sizing = .estimated(lengths.values.first ?? 0)
    }
    let headers = self.headers
    let footers = self.footers
    let layout = ListLayout(
      scrollDirection: axis, itemSizing: sizing, itemSpacing: spacing, sectionInset: inset,
      headerLength: .perSection { headers[$0] }, footerLength: .perSection { footers[$0] })
    layout.prepare(
      LayoutContext(
        itemCounts: counts, viewportSize: viewport, diagnostics: Diagnostics(handler: nil)))
    return layout
  }

  var reference: ListReference {
    ListReference(
      axis: axis, counts: counts, viewport: viewport, length: { lengths[$0]! }, spacing: spacing,
      inset: inset, header: { headers[$0] }, footer: { footers[$0] })
  }
}

@Suite struct ListLayoutTests {
  @Test func framesQueriesAndHitTestsMatchTheReference() {
    for seed in UInt64(1)...150 {
      var scenario = ListScenario(seed: seed)
      let layout = scenario.makeLayout()
      var random = SeededRandom(seed: seed &* 31)
      if scenario.mode == 2 {
        // Cells measure themselves: the layout must stay consistent after each update.
        for (path, _) in scenario.lengths.sorted(by: { $0.key < $1.key }) where random.chance(0.3) {
          let measured = Double(random.int(0...30))
          scenario.lengths[path] = measured
          _ = layout.setMeasuredSize(Size(width: measured, height: measured), forItemAt: path)
        }
      }
      let reference = scenario.reference
      #expect(layout.contentSize[scenario.axis] == reference.contentLength, "seed \(seed)")
      for expected in reference.items {
        #expect(layout.layoutAttributesForItem(at: expected.indexPath) == expected, "seed \(seed)")
      }
      for expected in reference.supplementaryViews {
        let actual = layout.layoutAttributesForSupplementaryView(
          ofKind: expected.supplementaryKind!, inSection: expected.indexPath.section)
        #expect(actual == expected, "seed \(seed)")
      }
      let total = max(1, reference.contentLength)
      // One buffer for every query, as the collection view keeps one: the cells are then
      // written into its spare capacity, the path a frame takes (a fresh buffer appends one by
      // one). Every fifth query starts from a fresh one.
      var result = LayoutElements()
      for query in 0..<40 {
        let main = Double(random.int(-20...Int(total) + 20))
        let length = Double(random.int(0...80))
        let rect = Rect(
          axis: scenario.axis, main: main, mainLength: length,
          cross: Double(random.int(-5...20)), crossLength: Double(random.int(1...150)))
        if query % 5 == 0 { result = LayoutElements() } else { result.removeAll() }
        layout.elements(in: LayoutQuery(viewport: rect), into: &result)
        #expect(result.items == reference.items(in: rect), "seed \(seed) rect \(rect)")
        let expectedSupplementary = reference.supplementaryViews.filter {
          $0.frame.intersects(rect)
        }
        #expect(
          Set(result.supplementaryViews) == Set(expectedSupplementary), "seed \(seed) rect \(rect)")

        let point = Point(
          x: Double(random.int(-5...150)), y: Double(random.int(-5...Int(total) + 5)))
        var probe = point
        probe[scenario.axis] = Double(random.int(-5...Int(total) + 5)) + 0.5
        let hit = reference.items.first { $0.frame.contains(probe) }?.indexPath
        #expect(layout.indexPathForItem(at: probe) == hit, "seed \(seed) point \(probe)")
      }
    }
  }

  @Test func pinnedHeaderStaysAtTheTopUntilTheNextHeaderPushesIt() {
    let layout = ListLayout(itemSizing: .uniform(10), headerLength: .fixed(5))
    layout.pinsHeaders = true
    layout.prepare(
      LayoutContext(
        itemCounts: [3, 3], viewportSize: Size(width: 50, height: 20),
        diagnostics: Diagnostics(handler: nil)))
    // Section 0 spans 0..<35 (header 5 + 3×10), section 1 spans 35..<70.
    func header(at offset: Double) -> [LayoutAttributes] {
      let viewport = Rect(x: 0, y: offset, width: 50, height: 20)
      var result = LayoutElements()
      layout.elements(in: LayoutQuery(viewport: viewport), into: &result)
      return result.supplementaryViews.filter { $0.supplementaryKind == .header }
        .sorted { $0.frame.minY < $1.frame.minY }
    }
    #expect(header(at: 0).map(\.frame.minY) == [0])
    let pinned = header(at: 12)
    #expect(pinned.map(\.frame.minY) == [12] && pinned[0].zIndex == 20)
    // At 32 the section ends at 35: the pinned header (5 long) is pushed up to 30, and the
    // next header sits at its natural place, 35.
    let pushed = header(at: 32)
    #expect(pushed.map(\.frame.minY) == [30, 35])
    #expect(pushed.map(\.indexPath.section) == [0, 1])
    #expect(header(at: 40).map(\.frame.minY) == [40])
  }

  /// Sections all alike (uniform items, equal counts, one header and footer length) are laid
  /// out from one section's length: the same geometry as asking each section, which a length
  /// per section forces; and a section that stops being alike goes back to asking.
  @Test func alikeSectionsMatchTheSectionBySectionLayout() {
    func make(
      _ header: ListLayout.SectionMetric, _ footer: ListLayout.SectionMetric
    )
      -> ListLayout
    {
      let layout = ListLayout(
        itemSizing: .uniform(7), itemSpacing: 1,
        sectionInset: EdgeInsets(top: 2, left: 0, bottom: 3, right: 0), headerLength: header,
        footerLength: footer)
      layout.pinsHeaders = true
      return layout
    }
    let fast = make(.fixed(5), .fixed(4))
    let slow = make(.perSection { _ in 5 }, .perSection { _ in 4 })
    func prepareBoth(_ counts: [Int]) {
      for layout in [fast, slow] {
        layout.prepare(
          LayoutContext(
            itemCounts: counts, viewportSize: Size(width: 40, height: 90),
            diagnostics: Diagnostics(handler: nil)))
      }
      #expect(fast.contentSize == slow.contentSize)
    }
    for counts in [[Int](repeating: 50, count: 2_000), [Int](repeating: 0, count: 30), [3]] {
      prepareBoth(counts)
      var random = SeededRandom(seed: UInt64(counts.count))
      for _ in 0..<200 {
        let y = Double(random.int(0...max(0, Int(fast.contentSize.height))))
        let viewport = Rect(x: 0, y: y, width: 40, height: 90)
        var a = LayoutElements()
        var b = LayoutElements()
        fast.elements(in: LayoutQuery(viewport: viewport), into: &a)
        slow.elements(in: LayoutQuery(viewport: viewport), into: &b)
        #expect(a.items == b.items && a.supplementaryViews == b.supplementaryViews, "at \(y)")
      }
    }
    // One section grows: no longer alike.
    var counts = [Int](repeating: 50, count: 2_000)
    counts[7] = 51
    prepareBoth(counts)
    #expect(
      fast.layoutAttributesForItem(at: ItemPath(section: 1_999, item: 49))
        == slow.layoutAttributesForItem(at: ItemPath(section: 1_999, item: 49)))
  }

  @Test func invalidLengthsAreClampedWithOneDiagnosticEach() {
    let bad: [Double] = [.nan, -4, .infinity, 1e12, 7]
    let layout = ListLayout(itemSizing: .perItem { bad[$0.item] }, itemSpacing: .nan)
    let diagnostics = Diagnostics(handler: nil)
    layout.prepare(
      LayoutContext(
        itemCounts: [5], viewportSize: Size(width: 10, height: 10), diagnostics: diagnostics))
    let lengths = (0..<5).map { layout.frameForItem(at: ItemPath(section: 0, item: $0))!.height }
    #expect(lengths == [0, 0, 0, maximumElementLength, 7])
    #expect(diagnostics.count(of: .invalidSize) == 1)
    #expect(diagnostics.count(of: .invalidMetric) == 1)
    #expect(diagnostics.recent.contains { $0.message.contains("and 3 more") })
    #expect(layout.contentSize.height == maximumElementLength + 7)
  }

  @Test func partialInvalidationMatchesAFullRebuild() {
    var random = SeededRandom(seed: 99)
    var lengths = (0..<3).map { _ in (0..<500).map { _ in Double(random.int(1...40)) } }
    let layout = ListLayout(itemSizing: .perItem { lengths[$0.section][$0.item] }, itemSpacing: 1)
    let context = LayoutContext(
      itemCounts: [500, 500, 500], viewportSize: Size(width: 10, height: 100),
      diagnostics: Diagnostics(handler: nil))
    layout.prepare(context)
    var calls = 0
    layout.itemSizing = .perItem {
      calls += 1; return lengths[$0.section][$0.item]
    }
    layout.prepare(context)  // full, because the sizing changed
    calls = 0
    for item in 260..<500 { lengths[1][item] = Double(random.int(1...40)) }
    layout.invalidateLayout(from: ItemPath(section: 1, item: 260))
    layout.prepare(context)
    #expect(calls == 240 + 500, "only items from the invalidated path on are asked again")
    let fresh = ListLayout(itemSizing: .perItem { lengths[$0.section][$0.item] }, itemSpacing: 1)
    fresh.prepare(context)
    for section in 0..<3 {
      for item in stride(from: 0, to: 500, by: 7) {
        let path = ItemPath(section: section, item: item)
        #expect(layout.frameForItem(at: path) == fresh.frameForItem(at: path))
      }
    }
    #expect(layout.contentSize == fresh.contentSize)
  }

  @Test func appendingItemsKeepsEarlierGeometry() {
    var counts = [1000]
    let layout = ListLayout(itemSizing: .perItem { Double($0.item % 13 + 1) })
    func prepare() {
      layout.prepare(
        LayoutContext(
          itemCounts: counts, viewportSize: Size(width: 10, height: 100),
          diagnostics: Diagnostics(handler: nil)))
    }
    prepare()
    let before = (0..<1000).map { layout.frameForItem(at: ItemPath(section: 0, item: $0)) }
    counts = [1500]
    layout.invalidateLayout(from: ItemPath(section: 0, item: 1000))
    prepare()
    let after = (0..<1000).map { layout.frameForItem(at: ItemPath(section: 0, item: $0)) }
    #expect(before == after)
    #expect(layout.frameForItem(at: ItemPath(section: 0, item: 1499)) != nil)
  }

  @Test func estimatedSizesUpdateContentSizeInLogTime() {
    let layout = ListLayout(itemSizing: .estimated(50))
    layout.prepare(
      LayoutContext(
        itemCounts: [1_000_000], viewportSize: Size(width: 10, height: 100),
        diagnostics: Diagnostics(handler: nil)))
    #expect(layout.contentSize.height == 50_000_000)
    #expect(
      layout.setMeasuredSize(Size(width: 10, height: 20), forItemAt: ItemPath(section: 0, item: 10))
    )
    #expect(
      !layout.setMeasuredSize(
        Size(width: 10, height: 20), forItemAt: ItemPath(section: 0, item: 10)))
    #expect(layout.contentSize.height == 50_000_000 - 30)
    let expectedMinY: Double = 11 * 50 - 30
    #expect(layout.frameForItem(at: ItemPath(section: 0, item: 11))?.minY == expectedMinY)
    #expect(
      layout.indexPathForItem(at: Point(x: 1, y: 49_999_960)) == ItemPath(section: 0, item: 999_999)
    )
  }

  @Test func uniformModeAnswersForTenMillionItemsWithoutPerItemMemory() {
    let layout = ListLayout(scrollDirection: .horizontal, itemSizing: .uniform(3), itemSpacing: 1)
    layout.prepare(
      LayoutContext(
        itemCounts: [10_000_000], viewportSize: Size(width: 80, height: 1),
        diagnostics: Diagnostics(handler: nil)))
    #expect(layout.items.mode == .uniform)
    var result = LayoutElements()
    let viewport = Rect(x: 39_999_960, y: 0, width: 80, height: 1)
    layout.elements(in: LayoutQuery(viewport: viewport), into: &result)
    #expect(result.items.first?.indexPath.item == 9_999_990)
    #expect(result.items.last?.indexPath.item == 9_999_999)
  }

  @Test func emptyDataAndZeroViewportAnswerNothing() {
    let layout = ListLayout(headerLength: .fixed(10))
    layout.prepare(
      LayoutContext(itemCounts: [], viewportSize: .zero, diagnostics: Diagnostics(handler: nil)))
    var result = LayoutElements()
    layout.elements(
      in: LayoutQuery(viewport: Rect(x: 0, y: 0, width: 10, height: 10)), into: &result)
    #expect(result.items.isEmpty && result.supplementaryViews.isEmpty)
    #expect(layout.contentSize == .zero)
    #expect(layout.indexPathForItem(at: .zero) == nil)
    #expect(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 0)) == nil)
  }
}
