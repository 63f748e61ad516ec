/// The scroller of one rail of a ``RailsLayout`` while something moves it: a scroll view with
/// the rail's width, content, paging or snapping, whose offset is written to the layout.
final class RailScroller: ScrollView, ScrollSnapStopProvider {
  /// The collection view that owns the rails part that owns this scroller.
  unowned(unsafe) let collectionView: CollectionView
  /// The section of the rail it drives.
  @exclusivity(unchecked) var section = -1

  init(collectionView: CollectionView) {
    self.collectionView = collectionView
    super.init()
    snapStopProvider = self
    alwaysBounceVertical = false
    debugLabel = "rail"
  }

  /// Set while the scroller takes its geometry: offsets it moves to then are not the rail's.
  @exclusivity(unchecked) private var isConfiguring = false

  override func contentOffsetDidChange(from oldOffset: Point) {
    guard !isConfiguring, let layout = collectionView.collectionViewLayout.sectionScrolling else {
      return
    }
    layout.setRailOffset(contentOffset.x, of: section, clamped: false)
    collectionView.setNeedsLayout()
  }

  override func didAdvance() { collectionView.layoutIfNeeded() }

  /// Takes the rail's geometry and behaviour from the layout; `false` when the section is no
  /// longer a rail.
  func configure(from layout: any SectionScrollingLayout) -> Bool {
    guard layout.isRail(section), layout.itemCount(of: section) > 0 else { return false }
    let wasMoving = isDecelerating || isScrollAnimating
    isConfiguring = true
    defer { isConfiguring = false }
    let height = max(1, layout.railHeight(of: section))
    viewportSize = Size(width: layout.railViewportWidth, height: height)
    contentSize = Size(width: layout.railContentWidth(of: section), height: height)
    let scrolling = layout.railScrolling(of: section)
    isPagingEnabled = scrolling == .paging
    switch scrolling {
    case .groupPaging: snapping = ScrollSnapping(alignment: .leading, maximumItemsPerFling: 1)
    case .groupPagingCentered:
      snapping = ScrollSnapping(alignment: .center, maximumItemsPerFling: 1)
    case .continuousGroupLeadingBoundary: snapping = ScrollSnapping(alignment: .leading)
    case .none, .continuous, .paging: snapping = nil
    }
    if wasMoving && !isTracking && !isDecelerating && !isScrollAnimating {
      // A new width stopped the motion on the page or item it was heading to, at the new
      // size: the rail rests there.
      layout.setRailOffset(
        layout.restingStop(nearest: contentOffset.x, in: section), of: section, clamped: true)
    }
    if !isTracking && !isDecelerating && !isScrollAnimating {
      // At rest, the rail's offset is the layout's.
      let offset = layout.railOffset(of: section)
      if contentOffset.x != offset { contentOffset = Point(x: offset, y: 0) }
    }
    stopBeforeResize = nil
    return true
  }

  func nearestSnapStop(to offset: Double, axis: Axis, alignment: SnapAlignment) -> SnapStop? {
    guard let layout = collectionView.collectionViewLayout.sectionScrolling,
      layout.isRail(section), layout.itemCount(of: section) > 0
    else { return nil }
    let item = layout.railItem(nearest: offset, in: section, alignment: alignment)
    return SnapStop(
      index: item, offset: layout.railOffset(aligning: item, in: section, alignment: alignment))
  }

  func snapStop(
    _ stop: SnapStop, advancedBy steps: Int, axis: Axis, alignment: SnapAlignment
  ) -> SnapStop? {
    guard let layout = collectionView.collectionViewLayout.sectionScrolling,
      layout.isRail(section)
    else { return nil }
    let count = layout.itemCount(of: section)
    guard count > 0 else { return nil }
    var item = max(0, min(count - 1, stop.index + steps))
    // Past the last stop that moves the rail, stops align the same: skip to where it moves.
    let offset = layout.railOffset(aligning: item, in: section, alignment: alignment)
    if steps > 0 && offset >= layout.maximumRailOffset(of: section) {
      item = layout.railItem(nearest: offset, in: section, alignment: alignment)
    }
    return SnapStop(
      index: item, offset: layout.railOffset(aligning: item, in: section, alignment: alignment))
  }
}

/// The rails part of a collection view whose layout is a ``RailsLayout``: it routes a drag
/// that leaves across the axis over a rail, a sideways wheel over a rail, and focus moves to
/// that rail's ``RailScroller``, ticks the rails that move, and keeps them on their sections
/// through data changes. Scrollers come from a small free list: a steady frame of a dragged
/// or decelerating rail allocates nothing.
final class RailController {
  /// The rails moving now, or held by the touch.
  @exclusivity(unchecked) private(set) var active: [RailScroller] = []
  @exclusivity(unchecked) private var spare: [RailScroller] = []
  /// The rail under the touch down now, and whether the touch drags it.
  @exclusivity(unchecked) private var touched: RailScroller?
  @exclusivity(unchecked) private var claimed = false
  @exclusivity(unchecked) private var touchTime = 0.0
  @exclusivity(unchecked) private var lastDX = 0.0

  /// Whether a rail moves on the clock.
  var isMoving: Bool {
    for scroller in active where scroller.isDecelerating || scroller.isScrollAnimating {
      return true
    }
    return false
  }

  /// Whether the touch drags a rail.
  var isDraggingRail: Bool { claimed && touched != nil }

  /// The scroller of rail `section`, active from now on.
  func scroller(
    for section: Int, in view: CollectionView, layout: any SectionScrollingLayout
  ) -> RailScroller? {
    if let found = active.first(where: { $0.section == section }) {
      return found.configure(from: layout) ? found : nil
    }
    let scroller = spare.popLast() ?? RailScroller(collectionView: view)
    scroller.section = section
    scroller.now = view.now
    guard scroller.configure(from: layout) else {
      spare.append(scroller)
      return nil
    }
    active.append(scroller)
    return scroller
  }

  // MARK: Touch

  /// A touch went down (viewport coordinates): a rail moving under it stops, held until the
  /// drag's direction decides.
  func touchDidBegin(at point: Point, in view: CollectionView) {
    touched = nil
    claimed = false
    lastDX = 0
    touchTime = view.now
    guard let layout = view.collectionViewLayout.sectionScrolling else { return }
    let offset = view.contentOffset
    guard
      let section = layout.railSection(at: Point(x: point.x + offset.x, y: point.y + offset.y)),
      let scroller = scroller(for: section, in: view, layout: layout)
    else { return }
    touched = scroller
    if scroller.isDecelerating || scroller.isScrollAnimating {
      scroller.beginDrag(at: .zero, time: touchTime)
    }
  }

  /// The touch passed the slop: a drag that leaves across the axis over a rail that can
  /// scroll is the rail's; any other lets a held rail go.
  func claimsDrag(dx: Double, dy: Double, in view: CollectionView) -> Bool {
    guard let scroller = touched else { return false }
    if abs(dx) > abs(dy) && scroller.canScroll(along: .horizontal) {
      claimed = true
      if !scroller.isTracking { scroller.beginDrag(at: .zero, time: touchTime) }
      return true
    }
    release(in: view)
    return false
  }

  func dragMoved(dx: Double, in view: CollectionView) {
    guard claimed, let scroller = touched else { return }
    lastDX = dx
    scroller.moveDrag(to: Point(x: dx, y: 0), time: view.now)
  }

  func dragEnded(in view: CollectionView) {
    guard claimed, let scroller = touched else { return }
    scroller.endDrag(at: Point(x: lastDX, y: 0), time: view.now)
    touched = nil
    claimed = false
    retire()
  }

  /// The touch lifted or was cancelled without dragging a rail: a held rail settles.
  func release(in view: CollectionView) {
    if let scroller = touched, scroller.isTracking {
      scroller.endDrag(at: Point(x: lastDX, y: 0), time: view.now)
    }
    touched = nil
    claimed = false
    retire()
  }

  // MARK: Wheel and code

  /// A sideways wheel (or Shift with a vertical one) over a rail scrolls it: by a page or an
  /// item when the rail pages or snaps. Returns whether a rail took it.
  func handle(_ event: WheelEvent, at point: Point, in view: CollectionView) -> Bool {
    guard let layout = view.collectionViewLayout.sectionScrolling else { return false }
    var dx = event.delta.x
    if dx == 0 && event.modifiers.contains(.shift) { dx = event.delta.y }
    guard dx != 0, dx.isFinite else { return false }
    let offset = view.contentOffset
    guard
      let section = layout.railSection(at: Point(x: point.x + offset.x, y: point.y + offset.y)),
      let scroller = scroller(for: section, in: view, layout: layout)
    else { return false }
    scroller.scroll(byWheel: Point(x: dx, y: 0), time: event.time)
    retire()
    return true
  }

  /// Scrolls rail `section` to `offset` (clamped), animated on the clock or at once.
  func setOffset(_ offset: Double, ofRail section: Int, animated: Bool, in view: CollectionView) {
    guard let layout = view.collectionViewLayout.sectionScrolling, layout.isRail(section),
      offset.isFinite
    else { return }
    let target = min(max(0, offset), layout.maximumRailOffset(of: section))
    if !animated, !active.contains(where: { $0.section == section }) {
      layout.setRailOffset(target, of: section, clamped: true)
      view.setNeedsLayout()
      return
    }
    guard let scroller = scroller(for: section, in: view, layout: layout),
      !scroller.isTracking
    else { return }
    scroller.now = max(scroller.now, view.now)
    scroller.setContentOffset(Point(x: target, y: 0), animated: animated)
    retire()
  }

  /// The offset where rail `indexPath.section` would rest showing the item: as its paging or
  /// snapping aligns it, else as little movement as shows it whole; `nil` when it shows.
  func offset(
    showing indexPath: ItemPath, in layout: any SectionScrollingLayout, padding: Double
  ) -> Double? {
    let section = indexPath.section
    guard layout.isRail(section),
      let frame = layout.layoutAttributesForItem(at: indexPath)?.frame
    else { return nil }
    let current =
      active.first(where: { $0.section == section })?.restingContentOffset.x
      ?? layout.railOffset(of: section)
    let width = layout.railViewportWidth
    // Where the item shows when the rail rests.
    let left = frame.minX + layout.railOffset(of: section) - current
    if left >= padding && left + frame.width <= width - padding { return nil }
    let natural = frame.minX + layout.railOffset(of: section)
    switch layout.railScrolling(of: section) {
    case .paging:
      let page = max(1, width)
      return min((natural / page).rounded(.down) * page, layout.maximumRailOffset(of: section))
    case .groupPaging, .continuousGroupLeadingBoundary:
      return layout.railOffset(aligning: indexPath.item, in: section, alignment: .leading)
    case .groupPagingCentered:
      return layout.railOffset(aligning: indexPath.item, in: section, alignment: .center)
    case .none, .continuous:
      return left < padding
        ? natural - padding : natural + frame.width - width + padding
    }
  }

  /// Where rail `section` is heading when it moves on the clock; `nil` when it does not.
  func restingOffset(ofRail section: Int) -> Double? {
    guard !active.isEmpty,
      let scroller = active.first(where: { $0.section == section }),
      scroller.isDecelerating || scroller.isScrollAnimating
    else { return nil }
    return scroller.restingContentOffset.x
  }

  // MARK: Time and data

  /// Advances the moving rails to `time`.
  func advance(to time: Double, in view: CollectionView) {
    guard !active.isEmpty else { return }
    for scroller in active where scroller.isDecelerating || scroller.isScrollAnimating {
      scroller.tick(now: time)
    }
    retire()
  }

  /// The data changed: rails follow their sections (`mapping`), or stop when theirs went or
  /// is no longer a rail.
  func dataDidChange(mapping: ChangesetMapping?, in view: CollectionView) {
    guard !active.isEmpty else { return }
    for scroller in active {
      if let mapping {
        scroller.section = mapping.newSection(forOld: scroller.section) ?? -1
      } else if scroller.section >= view.numberOfSections {
        scroller.section = -1
      }
      if scroller.section < 0 { stop(scroller) }
    }
    retire()
  }

  /// A rail whose section went: it stops, and a touch on it lets go.
  private func stop(_ scroller: RailScroller) {
    scroller.section = -1
    if scroller.isTracking { scroller.abandonTouch() }
    scroller.stopMotion()
    if scroller === touched {
      touched = nil
      claimed = false
    }
  }

  /// The layout was prepared: moving rails take their new widths; one moving on its own
  /// when the width changed stops on the stop nearest where it was heading, at the new size.
  func layoutDidPrepare(in view: CollectionView) {
    guard !active.isEmpty, let layout = view.collectionViewLayout.sectionScrolling else { return }
    for scroller in active where !scroller.configure(from: layout) { stop(scroller) }
    retire()
  }

  /// Rails at rest and not held go back to the free list.
  private func retire() {
    var index = 0
    while index < active.count {
      let scroller = active[index]
      if scroller.section < 0
        || (scroller !== touched && !scroller.isTracking && !scroller.isDecelerating
          && !scroller.isScrollAnimating)
      {
        active.remove(at: index)
        scroller.section = -1
        spare.append(scroller)
      } else {
        index += 1
      }
    }
  }

  /// Every rail stops where it is (a restore, a new layout).
  func stopAll() {
    for scroller in active {
      if scroller.isTracking { scroller.abandonTouch() }
      scroller.stopMotion()
      scroller.section = -1
    }
    touched = nil
    claimed = false
    retire()
  }

  func checkInvariants(in view: CollectionView) {
    var seen = Set<Int>()
    for scroller in active {
      precondition(scroller.section >= 0, "an active rail scroller has no section")
      precondition(seen.insert(scroller.section).inserted, "two scrollers drive one rail")
    }
    if claimed { precondition(touched != nil, "a claimed rail drag without a rail") }
  }
}

extension RailController: CollectionViewPart {
  func dataDidChange(_ change: DataChange, in view: CollectionView) {
    switch change {
    case .reload: dataDidChange(mapping: nil, in: view)
    case .update(let mapping, _, _): dataDidChange(mapping: mapping, in: view)
    }
  }

  func layoutWillChange(in view: CollectionView) { stopAll() }
}
