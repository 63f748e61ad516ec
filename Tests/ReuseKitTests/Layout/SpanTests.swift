import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Items that span columns in grids and waterfalls: the layouts against references that place
/// every item by walking from the start, and appends at 1,000,000 items that ask for the new
/// items only.
@Suite struct SpanTests {
  /// A random configuration: sections of items with spans, some full width with a height.
  struct Model {
    var counts: [Int]
    var spans: [[ItemSpan]]
    var heights: [[Double]]
    var columns: Int
    var width: Double
    var columnSpacing: Double
    var rowSpacing: Double
    var inset: EdgeInsets
    var header: Double
    var footer: Double

    static func random(_ random: inout SeededRandom) -> Model {
      let counts = (0..<random.int(1...4)).map { _ in random.int(0...120) }
      let columns = random.int(1...6)
      return Model(
        counts: counts,
        spans: counts.map { count in
          (0..<count).map { _ in
            switch random.int(0...9) {
            case 0: return .fullWidth(height: random.chance(0.5) ? Double(random.int(1...90)) : nil)
            case 1, 2: return ItemSpan(columns: random.int(2...7))
            case 3: return ItemSpan(columns: 1, height: Double(random.int(0...70)))
            default: return .single
            }
          }
        },
        heights: counts.map { count in (0..<count).map { _ in Double(random.int(5...80)) } },
        columns: columns, width: Double(random.int(60...500)),
        columnSpacing: Double(random.int(0...8)), rowSpacing: Double(random.int(0...8)),
        inset: EdgeInsets(
          top: Double(random.int(0...6)), left: Double(random.int(0...6)),
          bottom: Double(random.int(0...6)), right: Double(random.int(0...6))),
        header: random.chance(0.5) ? Double(random.int(1...20)) : 0,
        footer: random.chance(0.3) ? Double(random.int(1...20)) : 0)
    }

    var columnWidth: Double {
      let room = width - inset.left - inset.right
      return max(0, (room - Double(columns - 1) * columnSpacing) / Double(columns))
    }

    func x(_ column: Int) -> Double { inset.left + Double(column) * (columnWidth + columnSpacing) }

    func spanWidth(_ span: Int) -> Double {
      Double(span) * columnWidth + Double(span - 1) * columnSpacing
    }

    /// The grid, by walking: items beside the previous while their span fits.
    func gridFrames(rowHeight: Double) -> [ItemPath: Rect] {
      var frames: [ItemPath: Rect] = [:]
      var top = 0.0
      for (section, count) in counts.enumerated() {
        top += header + inset.top
        var rows: [[(item: Int, column: Int, span: Int, height: Double)]] = []
        var next = 0
        for item in 0..<count {
          let span = min(max(1, spans[section][item].columns), columns)
          if rows.isEmpty || next + span > columns {
            rows.append([])
            next = 0
          }
          rows[rows.count - 1].append((item, next, span, spans[section][item].height ?? rowHeight))
          next += span
        }
        for (index, row) in rows.enumerated() {
          let height = row.map(\.height).max()!
          for entry in row {
            frames[ItemPath(section: section, item: entry.item)] = Rect(
              x: x(entry.column), y: top, width: spanWidth(entry.span), height: height)
          }
          top += height + (index + 1 < rows.count ? rowSpacing : 0)
        }
        top += inset.bottom + footer
      }
      return frames
    }

    /// The waterfall, by walking: one column to the shortest (the leftmost of equals), a span
    /// below the tallest of the window whose tallest is lowest.
    func waterfallFrames() -> [ItemPath: Rect] {
      var frames: [ItemPath: Rect] = [:]
      var top = 0.0
      for (section, count) in counts.enumerated() {
        top += header + inset.top
        var next = [Double](repeating: 0, count: columns)  // where each column's next item goes
        var ends = [Double](repeating: 0, count: columns)
        for item in 0..<count {
          let span = min(max(1, spans[section][item].columns), columns)
          let height = spans[section][item].height ?? heights[section][item]
          var best = 0
          var lowest = Double.infinity
          for start in 0...(columns - span) {
            let tallest = next[start..<(start + span)].max()!
            if tallest < lowest { (best, lowest) = (start, tallest) }
          }
          frames[ItemPath(section: section, item: item)] = Rect(
            x: x(best), y: top + lowest, width: spanWidth(span), height: height)
          for column in best..<(best + span) {
            ends[column] = lowest + height
            next[column] = lowest + height + rowSpacing
          }
        }
        top += (count > 0 ? ends.max()! : 0) + inset.bottom + footer
      }
      return frames
    }
  }

  private func check(
    _ layout: any CollectionViewLayout, against frames: [ItemPath: Rect], contentHeight: Double,
    width: Double, seed: UInt64, random: inout SeededRandom
  ) {
    #expect(abs(layout.contentSize.height - contentHeight) < 1e-6, "seed \(seed): content")
    for (path, frame) in frames {
      let found = layout.layoutAttributesForItem(at: path)?.frame
      #expect(found.map { close($0, frame) } == true, "seed \(seed): \(path) \(found!) ≠ \(frame)")
      if frame.width > 0.01, frame.height > 0.01 {
        #expect(
          layout.indexPathForItem(at: Point(x: frame.midX, y: frame.midY)) == path,
          "seed \(seed): hit \(path)")
      }
    }
    for _ in 0..<30 {
      let rect = Rect(
        x: random.double(-10...width), y: random.double(-10...max(1, contentHeight)),
        width: random.double(0...width), height: random.double(0...400))
      var found = LayoutElements()
      layout.elements(in: LayoutQuery(rect: rect, viewport: rect), into: &found)
      // Frames that meet the rect by a margin either way (float rounding at the edges).
      let sure = frames.filter { $0.value.intersects(rect.outset(by: -0.001)) }.map(\.key)
      let maybe = Set(frames.filter { $0.value.intersects(rect.outset(by: 0.001)) }.map(\.key))
      let paths = found.items.map(\.indexPath)
      #expect(paths == paths.sorted(), "seed \(seed): order")
      #expect(Set(paths).count == paths.count, "seed \(seed): an item twice")
      #expect(
        Set(sure).isSubset(of: Set(paths)), "seed \(seed): missed \(Set(sure).subtracting(paths))")
      #expect(
        Set(paths).isSubset(of: maybe), "seed \(seed): extra \(Set(paths).subtracting(maybe))")
    }
  }

  private func close(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6
      && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
  }

  @Test func gridQueriesMatchAWalkFromTheStart() {
    for index in 0..<40 {
      var (seed, random) = SeededRandom.forCase(index, base: 0x5_9A11)
      let model = Model.random(&random)
      let rowHeight = Double(random.int(1...60))
      let layout = GridLayout(
        columns: .fixed(model.columns), itemHeight: .fixed(rowHeight),
        columnSpacing: model.columnSpacing, rowSpacing: model.rowSpacing,
        sectionInset: model.inset, headerLength: .fixed(model.header),
        footerLength: .fixed(model.footer))
      let spans = model.spans
      layout.spanProvider = { spans[$0.section][$0.item] }
      layout.prepare(
        LayoutContext(
          itemCounts: model.counts, viewportSize: Size(width: model.width, height: 300),
          diagnostics: Diagnostics()))
      let frames = model.gridFrames(rowHeight: rowHeight)
      // Content: the walk's last section end.
      var total = 0.0
      for (section, count) in model.counts.enumerated() {
        let rows = frames.filter { $0.key.section == section }
        let top = total + model.header + model.inset.top
        let body = count == 0 ? 0 : (rows.map(\.value.maxY).max()! - top)
        total = top + body + model.inset.bottom + model.footer
      }
      check(
        layout, against: frames, contentHeight: total, width: model.width, seed: seed,
        random: &random)
      // Accessibility: rows count the wrapped rows.
      if let path = frames.keys.first {
        let position = layout.gridPosition(ofItemAt: path)
        #expect(position != nil && position!.column <= model.columns, "seed \(seed)")
      }
    }
  }

  @Test func waterfallQueriesMatchAWalkFromTheStart() {
    for index in 0..<40 {
      var (seed, random) = SeededRandom.forCase(index, base: 0x5_FA11)
      let model = Model.random(&random)
      let heights = model.heights
      let layout = WaterfallLayout(
        columns: .fixed(model.columns),
        itemHeight: .perItem { path, _ in heights[path.section][path.item] },
        columnSpacing: model.columnSpacing, itemSpacing: model.rowSpacing,
        sectionInset: model.inset, headerLength: .fixed(model.header),
        footerLength: .fixed(model.footer))
      let spans = model.spans
      layout.spanProvider = { spans[$0.section][$0.item] }
      layout.prepare(
        LayoutContext(
          itemCounts: model.counts, viewportSize: Size(width: model.width, height: 300),
          diagnostics: Diagnostics()))
      let frames = model.waterfallFrames()
      var total = 0.0
      for (section, count) in model.counts.enumerated() {
        let items = frames.filter { $0.key.section == section }
        let top = total + model.header + model.inset.top
        let body = count == 0 ? 0 : (items.map(\.value.maxY).max()! - top)
        total = top + body + model.inset.bottom + model.footer
      }
      check(
        layout, against: frames, contentHeight: total, width: model.width, seed: seed,
        random: &random)
    }
  }

  @Test func estimatedWaterfallsPlaceSpansOneColumnWideWithADiagnostic() {
    let diagnostics = Diagnostics()
    var codes: [Diagnostic.Code] = []
    diagnostics.handler = { codes.append($0.code) }
    let layout = WaterfallLayout(columns: .fixed(3), itemHeight: .estimated(40))
    layout.spanProvider = { _ in .fullWidth() }
    layout.prepare(
      LayoutContext(
        itemCounts: [10], viewportSize: Size(width: 300, height: 300), diagnostics: diagnostics))
    #expect(codes.contains(.invalidConfiguration))
    #expect(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 0))!.frame.width == 100)
  }

  // MARK: Appends at 1,000,000 items

  /// A data source of one section whose count the test changes.
  final class Counts: CollectionViewDataSource {
    var count: Int
    init(_ count: Int) { self.count = count }
    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    { count }
    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    )
      -> CollectionViewCell
    {
      collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
  }

  /// Appends `added` items to a view of 1,000,000 and returns how many spans were asked for.
  private func spansAskedByAnAppend(
    of added: Int, layout: any CollectionViewLayout, calls: () -> Int
  ) -> Int {
    let source = Counts(1_000_000)
    let view = CollectionView(layout: layout, viewportSize: Size(width: 300, height: 600))
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.contentOffset = Point(x: 0, y: 1_000)
    view.layoutIfNeeded()
    let before = calls()
    source.count += added
    view.performBatchUpdates(animated: false) {
      view.insertItems(at: (1_000_000..<(1_000_000 + added)).map { ItemPath(section: 0, item: $0) })
    }
    view.layoutIfNeeded()
    return calls() - before
  }

  @Test func anAppendAtAMillionItemsAsksOnlyForTheNewItems() {
    final class Counter { var calls = 0 }
    for kind in ["grid", "waterfall"] {
      let counter = Counter()
      let provider: (ItemPath) -> ItemSpan = { path in
        counter.calls += 1
        return path.item % 17 == 0 ? .fullWidth(height: 30) : ItemSpan(columns: path.item % 3 + 1)
      }
      let layout: any CollectionViewLayout
      if kind == "grid" {
        let grid = GridLayout(columns: .fixed(4), itemHeight: .fixed(20), rowSpacing: 1)
        grid.spanProvider = provider
        layout = grid
      } else {
        let waterfall = WaterfallLayout(
          columns: .fixed(4), itemHeight: .perItem { path, _ in Double(10 + path.item % 7) },
          itemSpacing: 1)
        waterfall.spanProvider = provider
        layout = waterfall
      }
      let asked = spansAskedByAnAppend(of: 25, layout: layout) { counter.calls }
      #expect(asked == 25, "\(kind): an append of 25 asked for \(asked) spans")
      // The appended items sit where a layout placing everything from scratch puts them.
      let fresh: any CollectionViewLayout
      if kind == "grid" {
        let grid = GridLayout(columns: .fixed(4), itemHeight: .fixed(20), rowSpacing: 1)
        grid.spanProvider = provider
        fresh = grid
      } else {
        let waterfall = WaterfallLayout(
          columns: .fixed(4), itemHeight: .perItem { path, _ in Double(10 + path.item % 7) },
          itemSpacing: 1)
        waterfall.spanProvider = provider
        fresh = waterfall
      }
      fresh.prepare(
        LayoutContext(
          itemCounts: [1_000_025], viewportSize: Size(width: 300, height: 600),
          diagnostics: Diagnostics()))
      for item in stride(from: 999_990, to: 1_000_025, by: 1) {
        let path = ItemPath(section: 0, item: item)
        #expect(
          layout.layoutAttributesForItem(at: path)?.frame
            == fresh.layoutAttributesForItem(at: path)?.frame, "\(kind): \(path)")
      }
    }
  }
}
