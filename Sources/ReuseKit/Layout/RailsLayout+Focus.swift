extension RailsLayout {
  /// Arrows move by geometry: along a rail to the neighbouring item, down and up to the rail
  /// or row below or above, to the item it last focused when that shows, else to the item
  /// nearest the focused one's centre; pages by a viewport; Home and End to the first and
  /// last item.
  public var focusNavigation: FocusNavigation { .layout }

  /// See ``focusNavigation``.
  ///
  /// - Complexity: O(log S + log rows + the items of one row).
  public func indexPath(
    forFocusMove move: FocusMove, from indexPath: ItemPath, viewport: Rect
  ) -> ItemPath? {
    guard isValid, indexPath.section >= 0, indexPath.section < sections.count,
      indexPath.item >= 0, indexPath.item < sections[indexPath.section].count
    else { return nil }
    let section = sections[indexPath.section]
    remember(indexPath)
    switch move {
    case .left, .right, .lineStart, .lineEnd:
      let forward = move == .right || move == .lineEnd
      if section.isRail {
        let item: Int
        switch move {
        case .lineStart: item = 0
        case .lineEnd: item = section.count - 1
        default: item = indexPath.item + (forward ? 1 : -1)
        }
        guard item >= 0, item < section.count, item != indexPath.item else { return nil }
        return ItemPath(section: indexPath.section, item: item)
      }
      let flow = flows[section.flow]
      let row = flow.items(inRow: flow.row(of: indexPath.item))
      let item: Int
      switch move {
      case .lineStart: item = row.lowerBound
      case .lineEnd: item = row.upperBound - 1
      default: item = indexPath.item + (forward ? 1 : -1)
      }
      guard row.contains(item), item != indexPath.item else { return nil }
      return ItemPath(section: indexPath.section, item: item)
    case .up, .down:
      let centre = frame(of: indexPath.item, in: indexPath.section).midX
      return line(beside: indexPath, below: move == .down, nearestTo: centre)
    case .pageUp, .pageDown:
      let from = frame(of: indexPath.item, in: indexPath.section)
      let page = max(1, viewport.height)
      let y = min(
        max(0, from.midY + (move == .pageDown ? page : -page)), contentSize.height - 0.5)
      return item(nearest: Point(x: from.midX, y: y)) ?? indexPath
    case .first, .last:
      let range =
        move == .first
        ? Array(sections.indices) : Array(sections.indices.reversed())
      for index in range where sections[index].count > 0 {
        return ItemPath(section: index, item: move == .first ? 0 : sections[index].count - 1)
      }
      return nil
    }
  }

  /// Remembers `indexPath` as its rail's focused item.
  func remember(_ indexPath: ItemPath) {
    if sections[indexPath.section].isRail { remembered[indexPath.section] = indexPath.item }
  }

  /// The rail's remembered item, if any.
  public func rememberedFocusItem(inSection section: Int) -> Int? { remembered[section] }

  /// The item of the next line (a rail, or a grid section's row) below or above `indexPath`,
  /// nearest `x` (a rail's remembered item when it shows).
  private func line(beside indexPath: ItemPath, below: Bool, nearestTo x: Double) -> ItemPath? {
    let section = sections[indexPath.section]
    if !section.isRail {
      let flow = flows[section.flow]
      let row = flow.row(of: indexPath.item) + (below ? 1 : -1)
      if row >= 0, row < flow.rowCount {
        return nearest(in: indexPath.section, items: flow.items(inRow: row), x: x)
      }
    }
    var index = indexPath.section + (below ? 1 : -1)
    while index >= 0, index < sections.count {
      let next = sections[index]
      if next.count > 0 {
        if next.isRail {
          if let item = remembered[index], item < next.count {
            let shown = frame(of: item, in: index)
            if shown.maxX > 0, shown.minX < viewportWidth {
              return ItemPath(section: index, item: item)
            }
          }
          return nearest(in: index, items: 0..<next.count, x: x)
        }
        let flow = flows[next.flow]
        return nearest(in: index, items: flow.items(inRow: below ? 0 : flow.rowCount - 1), x: x)
      }
      index += below ? 1 : -1
    }
    return nil
  }

  /// The item of `items` in section `index` whose centre is nearest `x`.
  private func nearest(in index: Int, items: Range<Int>, x: Double) -> ItemPath? {
    guard !items.isEmpty else { return nil }
    let section = sections[index]
    if section.isRail {
      let stride = section.itemWidth + section.spacing
      guard stride > 0 else { return ItemPath(section: index, item: items.lowerBound) }
      let natural = x + offsets[index] - section.insets.left - section.itemWidth / 2
      let item = (natural / stride).rounded()
      let clamped = max(Double(items.lowerBound), min(Double(items.upperBound - 1), item))
      return ItemPath(section: index, item: clamped.isFinite ? Int(clamped) : items.lowerBound)
    }
    var best = items.lowerBound
    var distance = Double.infinity
    for item in items {
      let d = abs(naturalFrame(of: item, in: index).midX - x)
      if d < distance { (best, distance) = (item, d) }
    }
    return ItemPath(section: index, item: best)
  }

  /// The item nearest `point`: in the section at its height, the line nearest it.
  private func item(nearest point: Point) -> ItemPath? {
    var index = sectionExtents.lastIndex(startingAtOrBefore: point.y, in: 0..<sections.count)
    while index < sections.count, sections[index].count == 0 { index += 1 }
    guard index < sections.count else {
      for last in sections.indices.reversed() where sections[last].count > 0 {
        return ItemPath(section: last, item: sections[last].count - 1)
      }
      return nil
    }
    let section = sections[index]
    if section.isRail { return nearest(in: index, items: 0..<section.count, x: point.x) }
    let flow = flows[section.flow]
    let rows = flow.rows(meeting: point.y - itemsTop(index), point.y - itemsTop(index) + 0.001)
    let row = rows.isEmpty ? 0 : rows.lowerBound
    return nearest(in: index, items: flow.items(inRow: row), x: point.x)
  }
}
