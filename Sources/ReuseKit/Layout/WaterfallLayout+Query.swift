extension WaterfallLayout: SectionedLayout {
  // MARK: Queries

  var laidOutSectionCount: Int { sections.count }

  /// Appends the headers, items and footers that meet `query.rect`, items in order.
  ///
  /// - Complexity: O(log S + c log n + k) for c columns and k elements found (times log n in
  ///   estimated mode); no allocation once the buffers have grown.
  public func elements(in query: LayoutQuery, into result: inout LayoutElements) {
    guard invalidation == .none else { return }
    let rect = query.rect
    walkSections(meeting: rect, extents: sectionExtents, into: &result) { section, items in
      appendItems(of: section, meeting: rect, into: &items)
    }
  }

  /// Appends the items of `section` that meet `rect`: per column, the run of rows found by
  /// binary search; then a merge of the runs by item index.
  func appendItems(of index: Int, meeting rect: Rect, into result: inout [LayoutAttributes]) {
    let laidOut = sections[index]
    guard laidOut.itemCount > 0 else { return }
    let top = columnsTop(index)
    let low = rect.minY - top
    let high = rect.maxY - top
    let geometry = laidOut.geometry
    let columnRange = geometry.columns(meeting: rect.minX, rect.maxX)
    guard !columnRange.isEmpty, high > 0 else { return }
    cursors.removeAll(keepingCapacity: true)
    for column in 0..<geometry.count {
      let extents = laidOut.columns[column].extents
      guard columnRange.contains(column), extents.count > 0 else {
        cursors.append((0, 0))
        continue
      }
      var row = extents.lastIndex(startingAtOrBefore: low, in: 0..<extents.count)
      while row > 0, extents.start(row) > low { row -= 1 }  // rounding guard
      if extents.start(row) + extents.length(row) <= low { row += 1 }
      var end = row
      while end < extents.count, extents.start(end) < high { end += 1 }
      // Items of zero height exactly at the edge don't meet the rect.
      cursors.append((row, end))
    }
    // Merge: each column's rows are in ascending item order. An item that spans is in each of
    // its columns: it comes once, with its frame.
    let spans = !laidOut.spanCount.isEmpty
    var last: Int32 = -1
    while true {
      var bestColumn = -1
      var bestItem = Int32.max
      for column in 0..<cursors.count where cursors[column].row < cursors[column].end {
        let item = laidOut.columns[column].items[cursors[column].row]
        if item < bestItem {
          bestItem = item
          bestColumn = column
        }
      }
      guard bestColumn >= 0 else { break }
      let row = cursors[bestColumn].row
      cursors[bestColumn].row += 1
      if spans {
        guard bestItem != last else { continue }
        if laidOut.spanCount[Int(bestItem)] > 1 {
          last = bestItem
          let frame = itemFrame(section: index, item: Int(bestItem), top: top)
          guard frame.minY < rect.maxY && frame.maxY > rect.minY else { continue }
          result.append(
            LayoutAttributes(forCellAt: ItemPath(section: index, item: Int(bestItem)), frame: frame)
          )
          continue
        }
      }
      let extents = laidOut.columns[bestColumn].extents
      let start = extents.start(row)
      let length = extents.length(row)
      guard start < high && start + length > low else { continue }
      result.append(
        LayoutAttributes(
          forCellAt: ItemPath(section: index, item: Int(bestItem)),
          frame: Rect(
            x: geometry.x(of: bestColumn), y: top + start, width: geometry.width, height: length)))
    }
  }

  /// The frame of one item.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    guard invalidation == .none, contains(indexPath) else { return nil }
    return LayoutAttributes(
      forCellAt: indexPath,
      frame: itemFrame(
        section: indexPath.section, item: indexPath.item, top: columnsTop(indexPath.section)))
  }

  /// A header or footer's frame.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? {
    supplementaryAttributes(ofKind: kind, inSection: section)
  }

  /// The item under `point`.
  ///
  /// - Complexity: O(log S + log n).
  public func indexPathForItem(at point: Point) -> ItemPath? {
    guard invalidation == .none, !sections.isEmpty, point.isFinite else { return nil }
    let section = sectionExtents.lastIndex(startingAtOrBefore: point.y, in: 0..<sections.count)
    let laidOut = sections[section]
    let geometry = laidOut.geometry
    var candidates = geometry.columns(meeting: point.x, point.x.nextUp)
    if candidates.isEmpty && !laidOut.spanCount.isEmpty {
      // Between two columns: an item spanning both covers the gap.
      let stride = geometry.width + geometry.spacing
      let left = stride > 0 ? Int(((point.x - geometry.left) / stride).rounded(.down)) : -1
      candidates = Swift.max(0, left)..<Swift.min(geometry.count, Swift.max(0, left + 1))
    }
    guard let column = candidates.first, column < laidOut.columns.count else { return nil }
    let extents = laidOut.columns[column].extents
    guard extents.count > 0 else { return nil }
    let top = columnsTop(section)
    let y = point.y - top
    let row = extents.lastIndex(startingAtOrBefore: y, in: 0..<extents.count)
    guard y >= extents.start(row), y < extents.start(row) + extents.length(row) else { return nil }
    let item = Int(laidOut.columns[column].items[row])
    if !laidOut.spanCount.isEmpty {
      // An entry of an item that spans holds the gap above the item too; the gap between
      // columns is the item's only when it spans them.
      let frame = itemFrame(section: section, item: item, top: top)
      guard point.y >= frame.minY, point.y < frame.maxY, point.x >= frame.minX,
        point.x < frame.maxX
      else { return nil }
    }
    return ItemPath(section: section, item: item)
  }

}
