import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A table written simply: every row's height and every column's place computed from scratch,
/// every cell tested against the rect. What `TableLayout` must answer.
private struct TableReference {
  var counts: [Int]
  var rowHeights: [Double]
  var widths: [Double]
  var order: [Int]
  var hidden: Set<Int>
  var frozen: Int
  var headerRows: Int
  var headerHeight: Double
  var spacing: Double

  var shown: [Int] { order.filter { !hidden.contains($0) } }
  var frozenCount: Int { min(frozen, shown.count) }
  func x(ofShown position: Int) -> Double {
    shown[..<position].reduce(0) { $0 + widths[$1] + spacing }
  }
  var frozenWidth: Double { x(ofShown: frozenCount) }
  func y(ofRow row: Int) -> Double {
    Double(headerRows) * headerHeight + rowHeights[..<row].reduce(0, +)
  }
  var contentSize: Size {
    Size(width: x(ofShown: shown.count), height: y(ofRow: counts.count))
  }

  /// Every element meeting `rect`, pinned to `viewport`: (kind or nil for a cell, path, frame,
  /// zIndex).
  func elements(in rect: Rect, viewport: Rect) -> [String: (Rect, Int)] {
    var result: [String: (Rect, Int)] = [:]
    let pinX = max(0, viewport.minX)
    let pinY = max(0, viewport.minY)
    func meets(_ frame: Rect) -> Bool {
      frame.minX < rect.maxX && frame.maxX > rect.minX && frame.minY < rect.maxY
        && frame.maxY > rect.minY
    }
    for (position, item) in shown.enumerated() {
      let x = x(ofShown: position) + (position < frozenCount ? pinX : 0)
      for row in counts.indices where item < counts[row] {
        let frame = Rect(x: x, y: y(ofRow: row), width: widths[item], height: rowHeights[row])
        if meets(frame) {
          result["c\(row),\(item)"] = (frame, position < frozenCount ? 5 : 0)
        }
      }
      for header in 0..<headerRows {
        let frame = Rect(
          x: x, y: pinY + Double(header) * headerHeight, width: widths[item], height: headerHeight)
        if meets(frame) {
          result["h\(header),\(item)"] = (frame, position < frozenCount ? 15 : 10)
        }
      }
    }
    return result
  }
}

@Suite struct TableLayoutTests {
  private func prepare(_ layout: TableLayout, counts: [Int], viewport: Size) {
    layout.prepare(
      LayoutContext(itemCounts: counts, viewportSize: viewport, diagnostics: Diagnostics()))
  }

  /// Random tables (frozen header rows and columns, resized, reordered and hidden columns,
  /// uniform and estimated rows measured at random), each queried at random rects against the
  /// reference: the same elements, frames and stacking, items in ascending path order; single
  /// cells, hit tests and the content size agree too.
  @Test(arguments: 0..<40) func queriesMatchABruteForceReference(index: Int) {
    let (seed, start) = SeededRandom.forCase(index, base: 0x7AB1E)
    var random = start
    let columnCount = random.int(1...12)
    let rowCount = random.int(0...120)
    let counts = (0..<rowCount).map { _ in
      random.chance(0.1) ? random.int(0...columnCount) : columnCount
    }
    let estimated = random.chance(0.5)
    let rowHeight = Double(random.int(1...4))
    let columns = (0..<columnCount).map { _ in
      TableLayout.Column(
        width: random.chance(0.7)
          ? .fixed(Double(random.int(1...20))) : .fitting(estimate: Double(random.int(2...10))),
        minimumWidth: Double(random.int(1...3)))
    }
    let layout = TableLayout(
      columns: columns, rowHeight: estimated ? .estimated(rowHeight) : .uniform(rowHeight),
      headerRowCount: random.int(0...2), headerRowHeight: Double(random.int(1...3)),
      columnSpacing: Double(random.int(0...1)))
    layout.frozenColumnCount = random.int(0...3)
    layout.columnOrder = (0..<columnCount).shuffled(using: &random)
    for item in 0..<columnCount where random.chance(0.15) { layout.columns[item].isHidden = true }
    let viewport = Size(width: Double(random.int(5...60)), height: Double(random.int(3...40)))
    prepare(layout, counts: counts, viewport: viewport)

    // Measure random cells, resize and move columns, as a session would.
    var rowHeights = [Double](repeating: rowHeight, count: rowCount)
    var measured = Set<Int>()
    var widths = (0..<columnCount).map { layout.width(ofColumn: $0) }
    for _ in 0..<random.int(0...40) where rowCount > 0 {
      let row = random.int(0..<rowCount)
      let item = random.int(0..<columnCount)
      let size = Size(width: Double(random.int(1...30)), height: Double(random.int(1...6)))
      _ = layout.setMeasuredSize(size, forItemAt: ItemPath(section: row, item: item))
      if estimated {
        rowHeights[row] = measured.contains(row) ? max(rowHeights[row], size.height) : size.height
        measured.insert(row)
      }
      if case .fitting(_, let maximum) = columns[item].width, size.width > widths[item] {
        widths[item] = min(max(size.width, columns[item].minimumWidth), maximum)
      }
    }
    if random.chance(0.5) {
      let item = random.int(0..<columnCount)
      let width = Double(random.int(-3...25))
      layout.resizeColumn(item, to: width)
      widths[item] = max(columns[item].minimumWidth, width)
    }
    if layout.shownColumnCount > 1 && random.chance(0.5) {
      layout.moveColumn(
        from: random.int(0..<layout.shownColumnCount), to: random.int(0..<layout.shownColumnCount))
    }
    prepare(layout, counts: counts, viewport: viewport)
    let reference = TableReference(
      counts: counts, rowHeights: rowHeights, widths: widths, order: layout.columnOrder,
      hidden: Set((0..<columnCount).filter { layout.columns[$0].isHidden }),
      frozen: layout.frozenColumnCount, headerRows: layout.headerRowCount,
      headerHeight: layout.headerRowHeight, spacing: layout.columnSpacing)
    #expect(layout.contentSize == reference.contentSize, "seed \(seed)")

    // One buffer for every query, as the collection view keeps one: the cells are then written
    // into its spare capacity, the path a frame takes (a fresh buffer appends one by one).
    var elements = LayoutElements()
    for query in 0..<20 {
      let size = reference.contentSize
      let origin = Point(
        x: Double(random.int(-2...Int(size.width) + 2)),
        y: Double(random.int(-2...Int(size.height) + 2)))
      let visible = Rect(origin: origin, size: viewport)
      let rect = visible.outset(by: Double(random.int(0...3)))
      elements.removeAll()
      layout.elements(in: LayoutQuery(rect: rect, viewport: visible), into: &elements)
      var actual: [String: (Rect, Int)] = [:]
      for attributes in elements.items {
        actual["c\(attributes.indexPath.section),\(attributes.indexPath.item)"] = (
          attributes.frame, attributes.zIndex
        )
      }
      for attributes in elements.supplementaryViews {
        #expect(attributes.supplementaryKind == .columnHeader)
        actual["h\(attributes.indexPath.section),\(attributes.indexPath.item)"] = (
          attributes.frame, attributes.zIndex
        )
      }
      let expected = reference.elements(in: rect, viewport: visible)
      // Rows under the pinned header rows may show too (the layout does not skip them); every
      // expected element must be there, with its frame, and nothing outside the rect.
      for (key, value) in expected {
        #expect(actual[key]?.0 == value.0, "seed \(seed), query \(query): \(key)")
        #expect(actual[key]?.1 == value.1, "seed \(seed), query \(query): \(key) z")
      }
      #expect(
        Set(actual.keys) == Set(expected.keys),
        "seed \(seed), query \(query): extra \(Set(actual.keys).subtracting(expected.keys))")
      let paths = elements.items.map(\.indexPath)
      #expect(paths == paths.sorted(), "seed \(seed): items in path order")
      // Hit tests, as shown with this viewport.
      let point = Point(
        x: visible.minX + Double(random.int(0..<Int(viewport.width))) + 0.5,
        y: visible.minY + Double(random.int(0..<Int(viewport.height))) + 0.5)
      let hit = layout.indexPathForItem(at: point, viewport: visible)
      // The frozen columns' band (gaps too) covers what scrolls under it.
      let pinX = max(0, visible.minX)
      let inFrozenBand = point.x >= pinX && point.x < pinX + reference.frozenWidth
      let expectedHit = expected.filter { key, value in
        key.hasPrefix("c") && value.0.contains(point) && (!inFrozenBand || value.1 > 0)
      }.max { $0.value.1 < $1.value.1 }
      let coveredByHeader =
        point.y < max(0, visible.minY)
        + Double(reference.headerRows) * reference.headerHeight
      #expect(
        hit.map { "c\($0.section),\($0.item)" } == (coveredByHeader ? nil : expectedHit?.key),
        "seed \(seed), query \(query): hit at \(point)")
    }
    // Single cells, at their natural place.
    for row in counts.indices {
      for item in 0..<columnCount {
        let attributes = layout.layoutAttributesForItem(at: ItemPath(section: row, item: item))
        guard let position = reference.shown.firstIndex(of: item), item < counts[row] else {
          #expect(attributes == nil, "seed \(seed): \(row), \(item)")
          continue
        }
        #expect(
          attributes?.frame
            == Rect(
              x: reference.x(ofShown: position), y: reference.y(ofRow: row), width: widths[item],
              height: rowHeights[row]), "seed \(seed): \(row), \(item)")
      }
    }
  }

  /// Focus moves by rows and shown columns, skipping hidden columns and clamping in short rows.
  @Test func focusMovesByRowsAndShownColumns() {
    let layout = TableLayout(
      columns: (0..<5).map { _ in TableLayout.Column(width: .fixed(4)) }, rowHeight: .uniform(1))
    layout.columnOrder = [4, 3, 2, 1, 0]
    layout.columns[2].isHidden = true
    prepare(layout, counts: [5, 5, 2, 5, 5, 5, 5, 5, 5, 5], viewport: Size(width: 8, height: 5))
    let viewport = Rect(x: 0, y: 0, width: 8, height: 5)
    func move(_ move: FocusMove, _ row: Int, _ item: Int) -> ItemPath? {
      layout.indexPath(
        forFocusMove: move, from: ItemPath(section: row, item: item), viewport: viewport)
    }
    #expect(move(.right, 0, 4) == ItemPath(section: 0, item: 3))
    #expect(move(.right, 0, 3) == ItemPath(section: 0, item: 1), "the hidden column is skipped")
    #expect(move(.left, 0, 4) == nil, "the first shown column")
    #expect(move(.right, 0, 0) == nil, "the last shown column")
    #expect(move(.down, 1, 3) == ItemPath(section: 2, item: 1), "a short row: its last shown cell")
    #expect(move(.up, 0, 3) == nil)
    #expect(move(.lineStart, 3, 1) == ItemPath(section: 3, item: 4))
    #expect(move(.lineEnd, 3, 4) == ItemPath(section: 3, item: 0))
    #expect(move(.first, 7, 1) == ItemPath(section: 0, item: 4))
    #expect(move(.last, 0, 4) == ItemPath(section: 9, item: 0))
    // A page is as many rows as fit below the header row (5 − 1).
    #expect(move(.pageDown, 0, 1) == ItemPath(section: 4, item: 1))
    #expect(move(.pageDown, 8, 1) == ItemPath(section: 9, item: 1))
    #expect(move(.pageUp, 6, 1) == ItemPath(section: 2, item: 1))
    #expect(move(.pageUp, 1, 4) == ItemPath(section: 0, item: 4))
  }

  /// Bad input: NaN and negative sizes, an order that is not a permutation, measurements out
  /// of range. Each is reported and ignored or clamped; nothing traps.
  @Test func badInputIsReportedAndClamped() {
    let diagnostics = Diagnostics()
    let layout = TableLayout(
      columns: [.init(width: .fixed(.nan)), .init(width: .fixed(-3)), .init(width: .fixed(1e300))],
      rowHeight: .uniform(.infinity), headerRowCount: -2, headerRowHeight: .nan)
    layout.prepare(
      LayoutContext(
        itemCounts: [3, 3], viewportSize: Size(width: 10, height: 10), diagnostics: diagnostics))
    #expect(diagnostics.count(of: .invalidMetric) + diagnostics.count(of: .invalidSize) > 0)
    #expect(layout.contentSize.isFinite)
    layout.columnOrder = [0, 0, 1]
    #expect(layout.columnOrder == [0, 1, 2], "not a permutation: ignored")
    #expect(diagnostics.count(of: .invalidConfiguration) == 1)
    #expect(
      !layout.setMeasuredSize(Size(width: 5, height: 5), forItemAt: ItemPath(section: 9, item: 0)))
    layout.resizeColumn(7, to: 3)
    layout.resizeColumn(0, to: .nan)
    var elements = LayoutElements()
    layout.elements(
      in: LayoutQuery(viewport: Rect(x: 0, y: 0, width: 10, height: 10)), into: &elements)
    #expect(elements.items.allSatisfy { $0.frame.isFinite })
  }
}
