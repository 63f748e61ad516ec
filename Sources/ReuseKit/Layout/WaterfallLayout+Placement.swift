extension WaterfallLayout {
  // MARK: Placement

  /// Lays out one section from scratch.
  func layOutSection(
    _ index: Int, flatStart: Int, sanitizer: inout LengthSanitizer
  )
    -> Section
  {
    let geometry = ColumnGeometry(
      columns, section: index, width: viewportWidth - inset.left - inset.right, left: inset.left,
      spacing: spacing.column, diagnostics: diagnostics, subject: "WaterfallLayout")
    var section = Section(
      geometry: geometry,
      columns: Array(repeating: Column(), count: geometry.count))
    section.header = sanitizedSectionMetric(headerLength, index, "header height")
    section.footer = sanitizedSectionMetric(footerLength, index, "footer height")
    var heights = [[Double]](repeating: [], count: geometry.count)
    place(
      itemCount: itemCounts[index], from: 0, section: index, flatStart: flatStart,
      into: &section, heights: &heights, sanitizer: &sanitizer)
    let mode: ExtentIndex.Mode = wantsSelfSizing ? .fenwick : .prefix
    for column in 0..<geometry.count {
      section.columns[column].extents = ExtentIndex(
        lengths: heights[column], spacing: spacing.item, mode: mode)
    }
    return section
  }

  /// Places only the items appended to `index`, after `from`, in place: the section's arrays
  /// grow (amortised O(1) per item), never copied.
  ///
  /// - Complexity: O(k · c) for k items and c columns, plus O(S) for the section offsets.
  func appendItems(section index: Int, from: Int, sanitizer: inout LengthSanitizer) {
    var heights = [[Double]](repeating: [], count: sections[index].geometry.count)
    let flatStart = itemCounts[..<index].reduce(0, +)
    place(
      itemCount: itemCounts[index], from: from, section: index, flatStart: flatStart,
      into: &sections[index], heights: &heights, sanitizer: &sanitizer)
    for column in 0..<heights.count where !heights[column].isEmpty {
      sections[index].columns[column].extents.append(contentsOf: heights[column])
    }
  }

  /// Assigns items `from ..< itemCount` of a section to columns, collecting their heights
  /// per column.
  func place(
    itemCount: Int, from: Int, section index: Int, flatStart: Int, into section: inout Section,
    heights: inout [[Double]], sanitizer: inout LengthSanitizer
  ) {
    let count = section.geometry.count
    let width = section.geometry.width
    // The next top of each column, relative to the section's columns.
    var tops = section.columns.map { column in
      column.extents.count == 0 ? 0 : column.extents.totalExtent + spacing.item
    }
    if from == 0 {
      // A whole section: room for all of it at once. (Appends grow geometrically instead: an
      // exact reservation would copy the arrays on every page.)
      section.itemColumn.reserveCapacity(itemCount)
      section.itemRow.reserveCapacity(itemCount)
    }
    let spans = spansInUse
    if spans != nil && from == 0 && section.spanCount.isEmpty {
      section.spanFirst.reserveCapacity(itemCount)
      section.spanCount.reserveCapacity(itemCount)
    }
    for item in from..<itemCount {
      let path = ItemPath(section: index, item: item)
      if let spans {
        let span = spans(path)
        let covered = Swift.min(Swift.max(1, span.columns), count)
        if covered > 1 {
          placeSpanning(
            item, path: path, covering: covered, height: span.height, into: &section,
            tops: &tops, heights: &heights, sanitizer: &sanitizer)
          continue
        }
        section.spanCount.append(1)
        if let own = span.height {
          placeSingle(
            item, height: sanitizer.sanitize(own, at: path), count: count, recordsSpan: true,
            into: &section, tops: &tops, heights: &heights)
          continue
        }
      }
      var height: Double
      switch itemHeight {
      case .fixed(let value): height = value
      case .perItem(let heightOf): height = heightOf(path, width)
      case .estimated(let estimate):
        height = estimate
        if let carried = carriedHeights, flatStart + item < carried.count,
          !carried[flatStart + item].isNaN
        {
          height = carried[flatStart + item]
        }
      }
      height = sanitizer.sanitize(height, at: path)
      placeSingle(
        item, height: height, count: count, recordsSpan: spans != nil, into: &section,
        tops: &tops, heights: &heights)
    }
  }

  /// The span provider when spans apply (heights known at placement), else `nil`.
  var spansInUse: ((ItemPath) -> ItemSpan)? {
    guard let spanProvider else { return nil }
    if case .estimated = itemHeight { return nil }
    return spanProvider
  }

  /// Places one item one column wide, in the column the placement order picks.
  @inline(__always)
  private func placeSingle(
    _ item: Int, height: Double, count: Int, recordsSpan: Bool, into section: inout Section,
    tops: inout [Double], heights: inout [[Double]]
  ) {
    let column: Int
    switch placement {
    case .shortestFirst:
      var best = 0
      for candidate in 1..<Swift.max(1, count) where tops[candidate] < tops[best] {
        best = candidate
      }
      column = best
    case .leftToRight: column = item % count
    case .rightToLeft: column = count - 1 - item % count
    }
    if recordsSpan { section.spanFirst.append(Int32(truncatingIfNeeded: column)) }
    section.itemColumn.append(Int32(truncatingIfNeeded: column))
    section.itemRow.append(
      Int32(truncatingIfNeeded: section.columns[column].items.count))
    section.columns[column].items.append(Int32(truncatingIfNeeded: item))
    heights[column].append(height)
    tops[column] += height + spacing.item
  }

  /// Places an item `covered` columns wide where the tallest of those columns is lowest (the
  /// leftmost of equals): each column it covers gets an entry from its own end down to the
  /// item's bottom, the gap above the item included, so a query down any of them finds it.
  private func placeSpanning(
    _ item: Int, path: ItemPath, covering covered: Int, height own: Double?,
    into section: inout Section, tops: inout [Double], heights: inout [[Double]],
    sanitizer: inout LengthSanitizer
  ) {
    let width =
      Double(covered) * section.geometry.width + Double(covered - 1) * spacing.column
    var height: Double
    if let own {
      height = own
    } else {
      switch itemHeight {
      case .fixed(let value): height = value
      case .perItem(let heightOf): height = heightOf(path, width)
      case .estimated(let estimate): height = estimate
      }
    }
    height = sanitizer.sanitize(height, at: path)
    var first = 0
    var lowest = Double.infinity
    for start in 0...(tops.count - covered) {
      var tallest = -Double.infinity
      for column in start..<(start + covered) { tallest = Swift.max(tallest, tops[column]) }
      if tallest < lowest {
        lowest = tallest
        first = start
      }
    }
    var anchor = first
    for column in first..<(first + covered) where tops[column] == lowest {
      anchor = column
      break
    }
    section.itemColumn.append(Int32(truncatingIfNeeded: anchor))
    section.itemRow.append(Int32(truncatingIfNeeded: section.columns[anchor].items.count))
    section.spanFirst.append(Int32(truncatingIfNeeded: first))
    section.spanCount.append(Int32(truncatingIfNeeded: covered))
    for column in first..<(first + covered) {
      section.columns[column].items.append(Int32(truncatingIfNeeded: item))
      heights[column].append(lowest - tops[column] + height)
      tops[column] = lowest + height + spacing.item
    }
  }

  func sanitizedSectionMetric(
    _ metric: ListLayout.SectionMetric, _ section: Int, _ subject: String
  ) -> Double {
    var sanitizer = LengthSanitizer(subject: subject)
    let value = sanitizer.sanitize(
      metric.length(for: section), at: ItemPath(section: section, item: 0))
    sanitizer.report(to: diagnostics)
    return value
  }

  /// The length of a laid-out section.
  func length(of section: Section) -> Double {
    let columns = section.itemCount == 0 ? 0 : section.columnsHeight
    return section.header + inset.top + columns + inset.bottom + section.footer
  }

  func updateSectionExtents(from first: Int) {
    let lengths = sections[Swift.min(first, sections.count)...].map(length(of:))
    let mode: ExtentIndex.Mode = wantsSelfSizing ? .fenwick : .prefix
    if first == 0 || sectionExtents.mode != mode || sectionExtents.count < first {
      let all =
        (0..<Swift.min(first, sectionExtents.count)).map { sectionExtents.length($0) } + lengths
      sectionExtents = ExtentIndex(lengths: all, spacing: 0, mode: mode)
    } else {
      sectionExtents.replaceLengths(from: first, with: lengths)
    }
  }
}
