extension RailsLayout: SectionScrollingLayout {
  /// The layout's rails scroll across it.
  public var sectionScrolling: (any SectionScrollingLayout)? { self }

  /// The section whose rail band (the height of its items, across the whole width) holds
  /// `point`, in content coordinates, or `nil` over a header, a grid section or a gap.
  ///
  /// - Complexity: O(log S).
  public func railSection(at point: Point) -> Int? {
    guard isValid, !sections.isEmpty, point.isFinite else { return nil }
    let index = sectionExtents.lastIndex(startingAtOrBefore: point.y, in: 0..<sections.count)
    guard index >= 0, index < sections.count, sections[index].isRail,
      sections[index].count > 0
    else { return nil }
    let top = itemsTop(index)
    return point.y >= top && point.y < top + sections[index].itemHeight ? index : nil
  }

  /// Whether section `section` is a rail.
  public func isRail(_ section: Int) -> Bool {
    section >= 0 && section < sections.count && sections[section].isRail
  }

  /// How section `section` scrolls, as laid out (`.none` when out of range).
  public func railScrolling(of section: Int) -> RailScrolling {
    section >= 0 && section < sections.count ? sections[section].scrolling : .none
  }

  /// How far rail `section` is scrolled: 0 for grid sections and out of range.
  public func railOffset(of section: Int) -> Double {
    section >= 0 && section < offsets.count ? offsets[section] : 0
  }

  /// The rails' offsets, by section (0 for grid sections).
  public var railOffsets: [Double] { offsets }

  /// Sets rail `section`'s offset without animation, clamped to its content, as a drag leaves
  /// it. Use ``CollectionView/setRailOffset(_:ofSection:animated:)`` from an app: it stops the
  /// rail's motion and lays out.
  public func setRailOffset(_ offset: Double, of section: Int, clamped: Bool) {
    guard section >= 0, section < offsets.count, sections[section].isRail, offset.isFinite
    else { return }
    offsets[section] = clamped ? min(max(0, offset), maximumRailOffset(of: section)) : offset
  }

  /// The width a rail's content has (its items, spacing and insets).
  public func railContentWidth(of section: Int) -> Double {
    section >= 0 && section < sections.count && sections[section].isRail
      ? sections[section].contentWidth : 0
  }

  /// The largest resting offset of rail `section`.
  public func maximumRailOffset(of section: Int) -> Double {
    guard section >= 0, section < sections.count, sections[section].isRail else { return 0 }
    return max(0, sections[section].contentWidth - viewportWidth)
  }

  /// The visible width of every rail.
  public var railViewportWidth: Double { viewportWidth }

  /// The height of rail `section`'s band.
  public func railHeight(of section: Int) -> Double {
    section >= 0 && section < sections.count ? sections[section].itemHeight : 0
  }

  /// Where rail `section` rests with item `item` aligned (`.leading`: its leading edge at the
  /// rail's leading inset; `.center`: centred), clamped to the rail's content.
  public func railOffset(aligning item: Int, in section: Int, alignment: SnapAlignment) -> Double {
    guard isRail(section) else { return 0 }
    let rail = sections[section]
    let x = rail.insets.left + Double(item) * (rail.itemWidth + rail.spacing)
    let target: Double
    switch alignment {
    case .leading: target = x - rail.insets.left
    case .center: target = x + rail.itemWidth / 2 - viewportWidth / 2
    }
    return min(max(0, target), maximumRailOffset(of: section))
  }

  /// The item of rail `section` nearest the offset `offset` for `alignment`.
  public func railItem(nearest offset: Double, in section: Int, alignment: SnapAlignment) -> Int {
    guard isRail(section), offset.isFinite else { return 0 }
    let rail = sections[section]
    let stride = rail.itemWidth + rail.spacing
    guard rail.count > 0, stride > 0 else { return 0 }
    let line = alignment == .leading ? offset : offset + viewportWidth / 2 - rail.itemWidth / 2
    let item = (line / stride).rounded()
    return Int(max(0, min(Double(rail.count - 1), item.isFinite ? item : 0)))
  }

  /// The resting place of rail `section` nearest `offset`: a page, an aligned item, or the
  /// offset itself for free rails, clamped to the content.
  public func restingStop(nearest offset: Double, in section: Int) -> Double {
    guard isRail(section), offset.isFinite else { return 0 }
    let maximum = maximumRailOffset(of: section)
    switch sections[section].scrolling {
    case .none, .continuous: return min(max(0, offset), maximum)
    case .paging:
      let page = max(1, viewportWidth)
      return min(max(0, (offset / page).rounded() * page), maximum)
    case .groupPaging, .continuousGroupLeadingBoundary:
      let item = railItem(nearest: offset, in: section, alignment: .leading)
      return railOffset(aligning: item, in: section, alignment: .leading)
    case .groupPagingCentered:
      let item = railItem(nearest: offset, in: section, alignment: .center)
      return railOffset(aligning: item, in: section, alignment: .center)
    }
  }

  /// The number of items of section `section`, as laid out.
  public func itemCount(of section: Int) -> Int {
    section >= 0 && section < sections.count ? sections[section].count : 0
  }
}
