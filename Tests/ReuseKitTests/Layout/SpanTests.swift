import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Items that span columns in grids and waterfalls: the layouts against references that place
/// every item by walking from the start, and appends at 1,000,000 items that ask for the new
/// items only.
@Suite struct SpanTests {
  /// A random configuration: sections of items with spans, some full width with a height.
  struct Model {
    var counts: [Int], spans: [[ItemSpan]], heights: [[Double]]
    var columns: Int, width: Double, columnSpacing: Double, rowSpacing: Double
    var inset: EdgeInsets, header: Double, footer: Double

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

  /// Prepares `layout` for `model` and checks it against `frames`: the content's height (the
  /// last section's end by the frames), every frame and hit, and random queries.
  private func check(
    _ layout: any CollectionViewLayout, against frames: [ItemPath: Rect], model: Model,
    seed: UInt64, random: inout SeededRandom
  ) {
    let width = model.width
    layout.prepare(
      LayoutContext(
        itemCounts: model.counts, viewportSize: Size(width: width, height: 300),
        diagnostics: Diagnostics()))
    var contentHeight = 0.0
    for (section, count) in model.counts.enumerated() {
      let top = contentHeight + model.header + model.inset.top
      let bottom = frames.filter { $0.key.section == section }.map(\.value.maxY).max() ?? top
      contentHeight = (count == 0 ? top : bottom) + model.inset.bottom + model.footer
    }
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
      let rect = random.rect(maxX: width, maxY: contentHeight, maxWidth: width, maxHeight: 400)
      let found = layout.elements(in: rect)
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
      let frames = model.gridFrames(rowHeight: rowHeight)
      check(layout, against: frames, model: model, seed: seed, random: &random)
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
      check(layout, against: model.waterfallFrames(), model: model, seed: seed, random: &random)
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

  /// A grid or a waterfall of four columns whose items span by `provider`.
  private func spanningLayout(
    _ kind: String, _ provider: @escaping (ItemPath) -> ItemSpan
  ) -> any CollectionViewLayout {
    if kind == "grid" {
      let grid = GridLayout(columns: .fixed(4), itemHeight: .fixed(20), rowSpacing: 1)
      grid.spanProvider = provider
      return grid
    }
    let waterfall = WaterfallLayout(
      columns: .fixed(4), itemHeight: .perItem { path, _ in Double(10 + path.item % 7) },
      itemSpacing: 1)
    waterfall.spanProvider = provider
    return waterfall
  }

  @Test func anAppendAtAMillionItemsAsksOnlyForTheNewItems() {
    final class Counter { var calls = 0 }
    for kind in ["grid", "waterfall"] {
      let counter = Counter()
      let provider: (ItemPath) -> ItemSpan = { path in
        counter.calls += 1
        return path.item % 17 == 0 ? .fullWidth(height: 30) : ItemSpan(columns: path.item % 3 + 1)
      }
      let layout = spanningLayout(kind, provider)
      let (view, recorder) = makeCollectionView(
        counts: [1_000_000], layout: layout, viewport: Size(width: 300, height: 600))
      recorder.recordsEvents = false
      view.contentOffset = Point(x: 0, y: 1_000)
      view.layoutIfNeeded()
      let before = counter.calls
      recorder.counts = [1_000_025]
      view.performBatchUpdates(animated: false) {
        view.insertItems(at: (1_000_000..<1_000_025).map { ItemPath(section: 0, item: $0) })
      }
      view.layoutIfNeeded()
      #expect(
        counter.calls - before == 25, "\(kind): an append of 25 asked \(counter.calls - before)")
      // The appended items sit where a layout placing everything from scratch puts them.
      let fresh = spanningLayout(kind, provider)
      fresh.prepare(
        LayoutContext(
          itemCounts: [1_000_025], viewportSize: Size(width: 300, height: 600),
          diagnostics: Diagnostics()))
      for item in 999_990..<1_000_025 {
        let path = ItemPath(section: 0, item: item)
        #expect(
          layout.layoutAttributesForItem(at: path)?.frame
            == fresh.layoutAttributesForItem(at: path)?.frame, "\(kind): \(path)")
      }
    }
  }
}
