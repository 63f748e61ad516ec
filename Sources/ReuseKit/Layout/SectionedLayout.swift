/// A layout of sections, each with an optional header and footer: the supplementary
/// attributes and the walk over the sections a rect meets, written once for the list, the
/// grid and the waterfall.
protocol SectionedLayout: CollectionViewLayout {
  /// The number of sections laid out.
  var laidOutSectionCount: Int { get }
  /// The natural frame of a section's header or footer, or `nil` when it has none.
  func supplementaryFrame(_ kind: SupplementaryKind, section: Int) -> Rect?
}

extension SectionedLayout {
  /// The natural frame of a header or footer, as attributes; `nil` before the layout is
  /// prepared, for a section out of range, or where there is none.
  func supplementaryAttributes(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? {
    guard !needsPrepare, section >= 0, section < laidOutSectionCount,
      let frame = supplementaryFrame(kind, section: section)
    else { return nil }
    return LayoutAttributes(forSupplementaryViewOfKind: kind, section: section, frame: frame)
  }

  /// For sections stacked from top to bottom with their extents in `extents`: appends, section
  /// by section from the first that meets `rect`, the header, the items (`appendItems`) and
  /// the footer that meet it, so items come in order.
  ///
  /// - Complexity: O(log S) to find the first section, then O(1) per section met, plus what
  ///   `appendItems` costs.
  @inline(__always)
  func walkSections(
    meeting rect: Rect, extents: ExtentIndex, into result: inout LayoutElements,
    appendItems: (_ section: Int, _ items: inout [LayoutAttributes]) -> Void
  ) {
    let count = laidOutSectionCount
    guard count > 0 else { return }
    var section = extents.lastIndex(startingAtOrBefore: rect.minY, in: 0..<count)
    while section > 0, extents.start(section) > rect.minY { section -= 1 }
    while section < count, extents.start(section) < rect.maxY {
      if let frame = supplementaryFrame(.header, section: section), frame.intersects(rect) {
        result.supplementaryViews.append(
          LayoutAttributes(forSupplementaryViewOfKind: .header, section: section, frame: frame))
      }
      appendItems(section, &result.items)
      if let frame = supplementaryFrame(.footer, section: section), frame.intersects(rect) {
        result.supplementaryViews.append(
          LayoutAttributes(forSupplementaryViewOfKind: .footer, section: section, frame: frame))
      }
      section += 1
    }
  }

  /// The first item `appendItems` finds at `point` in the section whose extent holds it, with
  /// `scratch` as the buffer (kept between calls: a hit test runs every frame of a drag).
  func hitTest(
    _ point: Point, extents: ExtentIndex, scratch: inout [LayoutAttributes],
    appendItems: (_ section: Int, _ rect: Rect, _ items: inout [LayoutAttributes]) -> Void
  ) -> ItemPath? {
    let count = laidOutSectionCount
    guard count > 0, point.isFinite else { return nil }
    var found: [LayoutAttributes] = []
    swap(&found, &scratch)
    defer {
      found.removeAll(keepingCapacity: true)
      swap(&found, &scratch)
    }
    appendItems(
      extents.lastIndex(startingAtOrBefore: point.y, in: 0..<count),
      Rect(x: point.x, y: point.y, width: 0.000_001, height: 0.000_001), &found)
    return found.first?.indexPath
  }
}
