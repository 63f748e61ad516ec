extension CollectionView {
  /// The paths after moving `source` to `target`, as flat indices: the new flat index of the
  /// target, given the counts before the move.
  func newFlatIndex(of target: ItemPath, movingFrom source: ItemPath) -> Int {
    counts.prefix[target.section] - (target.section > source.section ? 1 : 0) + target.item
  }

  /// Where the moving item lands if the user lets go with its centre over `slot` (an item's
  /// place in the layout): the slot's item order, in the counts after the move.
  func movementTarget(forSlot slot: ItemPath, source: ItemPath) -> ItemPath {
    if slot == source { return source }
    let flat = flatIndex(of: slot)
    let sectionStart = counts.prefix[slot.section] - (slot.section > source.section ? 1 : 0)
    return ItemPath(section: slot.section, item: flat - sectionStart)
  }

  /// The number of places the moving item can take in `section`: one more than its items,
  /// except in its own section.
  func movementPlaces(inSection section: Int, source: ItemPath) -> Int {
    numberOfItems(inSection: section) + (section == source.section ? 0 : 1)
  }

  /// Whether `path` is a place the moving item can land on.
  func isMovementTarget(_ path: ItemPath, source: ItemPath) -> Bool {
    path.section >= 0 && path.section < counts.sectionCount && path.item >= 0
      && path.item < movementPlaces(inSection: path.section, source: source)
  }
}

/// Where a movement wants each element of the layout's answer drawn, as offsets from its
/// place; one presenter per style.
protocol MovementPresenter {
  /// Fills `targets` (one per kept item, in order, and one per supplementary view), dropping
  /// from `elements.items` what the style does not show (the lifted item, the gap) and
  /// renaming items that flow to another slot.
  func present(
    _ elements: inout LayoutElements, _ targets: inout MovementTargets,
    _ movement: InteractiveMovement, _ layout: any CollectionViewLayout,
    _ collectionView: CollectionView)
}

/// Where a movement wants each element of a pass's answer drawn, as offsets from its place:
/// one per item and one per supplementary view, in the answer's order (reused buffers).
struct MovementTargets {
  var items: [Point] = []
  var supplementaryViews: [Point] = []

  mutating func removeAll() {
    items.removeAll(keepingCapacity: true)
    supplementaryViews.removeAll(keepingCapacity: true)
  }
}

/// Lists and carousels: the items, headers and footers between the source and the gap slide
/// by the lifted item's length, which is exactly where the drop puts them.
struct ShiftPresenter: MovementPresenter {
  func present(
    _ elements: inout LayoutElements, _ targets: inout MovementTargets,
    _ movement: InteractiveMovement, _ layout: any CollectionViewLayout,
    _ collectionView: CollectionView
  ) {
    var slide = Point.zero
    slide[movement.axis] = movement.slide
    let moves = movement.target != movement.source
    var kept = 0
    elements.items.withUnsafeMutableBufferPointer { items in
      for index in 0..<items.count where items[index].indexPath != movement.source {
        if kept != index { items[kept] = items[index] }
        targets.items.append(moves && movement.shifts(items[index].indexPath) ? slide : .zero)
        kept += 1
      }
    }
    elements.items.removeLast(elements.items.count - kept)
    let crossesSections = movement.target.section != movement.source.section
    for element in elements.supplementaryViews {
      let slides =
        crossesSections && slidesSupplementary(element, movement, layout, collectionView)
      targets.supplementaryViews.append(slides ? slide : .zero)
    }
    if crossesSections {
      repinHeaders(
        &targets.supplementaryViews, elements.supplementaryViews, movement, layout,
        collectionView.bounds)
    }
  }

  /// Whether a header or footer between the source and the gap slides with the items. Pinned
  /// views stay pinned, and so does one at the pinning edge (it would leave the edge bare);
  /// pinned headers are placed again by ``repinHeaders(_:_:_:_:_:)``.
  private func slidesSupplementary(
    _ element: LayoutAttributes, _ movement: InteractiveMovement,
    _ layout: any CollectionViewLayout, _ collectionView: CollectionView
  ) -> Bool {
    guard let kind = element.supplementaryKind, kind == .header || kind == .footer else {
      return false
    }
    let section = element.indexPath.section
    guard movement.shiftsSupplementary(inSection: section, isHeader: kind == .header) else {
      return false
    }
    let pinned = layout.pinnedLengths(inSection: section)
    let atEdge =
      kind == .header
      ? pinned.leading > 0
      : pinned.trailing > 0
        && element.frame.max(movement.axis)
          >= collectionView.bounds.max(movement.axis)
    return !atEdge
      && layout.layoutAttributesForSupplementaryView(ofKind: kind, inSection: section)?.frame
        == element.frame
  }

  /// Pinned headers, as the movement presents the content: the header of the section whose
  /// slid header is last at or above the viewport's top is pinned there (pushed up by the
  /// next one's), and the others sit at their slid places. The layout pins by the unmoved
  /// content, which would keep the section before over rows slid up from the next one.
  ///
  /// - Complexity: O(k) over the supplementary views in view, with O(log n) lookups; no
  ///   allocation.
  private func repinHeaders(
    _ targets: inout [Point], _ supplementary: [LayoutAttributes],
    _ movement: InteractiveMovement, _ layout: any CollectionViewLayout, _ bounds: Rect
  ) {
    let axis = movement.axis
    let top = bounds.min(axis)
    /// A pinning header's place after the slide and its length, or `nil`.
    func place(_ element: LayoutAttributes) -> (slid: Double, length: Double)? {
      let section = element.indexPath.section
      guard element.supplementaryKind == .header,
        layout.pinnedLengths(inSection: section).leading > 0,
        let natural = layout.layoutAttributesForSupplementaryView(
          ofKind: .header, inSection: section)?.frame
      else { return nil }
      let slides = movement.shiftsSupplementary(inSection: section, isHeader: true)
      return (natural.min(axis) + (slides ? movement.slide : 0), natural.length(axis))
    }
    var owner = -1
    var ownerSection = -1
    var nextMin = Double.infinity
    for (index, element) in supplementary.enumerated() {
      guard let header = place(element), header.slid <= top,
        element.indexPath.section > ownerSection
      else { continue }
      owner = index
      ownerSection = element.indexPath.section
    }
    for element in supplementary where element.indexPath.section > ownerSection {
      if let header = place(element) { nextMin = min(nextMin, header.slid) }
    }
    for (index, element) in supplementary.enumerated() {
      guard let header = place(element) else { continue }
      var wanted = header.slid
      if index == owner { wanted = min(max(top, header.slid), nextMin - header.length) }
      var offset = Point.zero
      offset[axis] = wanted - element.frame.min(axis)
      targets[index] = offset
    }
  }
}

/// Grids and waterfalls: items flow through the layout's slots in item order, one slot toward
/// the source, leaving the target's slot empty; each is drawn at another item's place, with
/// that place's size, gliding there from its own.
struct SlotPresenter: MovementPresenter {
  func present(
    _ elements: inout LayoutElements, _ targets: inout MovementTargets,
    _ movement: InteractiveMovement, _ layout: any CollectionViewLayout,
    _ collectionView: CollectionView
  ) {
    let targetFlat = collectionView.newFlatIndex(of: movement.target, movingFrom: movement.source)
    let sourceFlat = collectionView.flatIndex(of: movement.source)
    var kept = 0
    for index in elements.items.indices {
      var element = elements.items[index]
      let slot = collectionView.flatIndex(of: element.indexPath)
      if slot == targetFlat { continue }  // the gap
      var item = slot
      if sourceFlat < targetFlat, slot >= sourceFlat, slot < targetFlat { item += 1 }
      if targetFlat < sourceFlat, slot > targetFlat, slot <= sourceFlat { item -= 1 }
      guard let path = collectionView.indexPath(forFlatIndex: item) else { continue }
      var offset = Point.zero
      if item != slot, let own = layout.layoutAttributesForItem(at: path)?.frame.origin {
        offset = Point(x: element.frame.minX - own.x, y: element.frame.minY - own.y)
        element.frame.origin = own
      }
      element.indexPath = path
      elements.items[kept] = element
      targets.items.append(offset)
      kept += 1
    }
    elements.items.removeLast(elements.items.count - kept)
    for _ in elements.supplementaryViews { targets.supplementaryViews.append(.zero) }
  }
}

extension MovementController {
  /// Rewrites the layout's answer (`elements`, sorted) into what the movement presents: the
  /// style's presenter makes room, the lifted item goes at the pointer (or glides home), and
  /// each element glides from where it is drawn toward its place.
  ///
  /// Each view keeps how far it is drawn from its element's place in the layout
  /// (``ReusableView/movementOffset``), and only that offset glides: when the layout itself
  /// changes (cells measured, the anchor kept), views follow at once, so nothing jumps.
  ///
  /// - Complexity: O(k) plus O(log n) lookups; no allocation once the buffers have grown.
  func present(
    _ movement: inout InteractiveMovement, _ elements: inout LayoutElements,
    in collectionView: CollectionView, layout: any CollectionViewLayout
  ) {
    targets.removeAll()
    // Each style's presenter, specialised (no existential call).
    if movement.style == .shift {
      ShiftPresenter().present(&elements, &targets, movement, layout, collectionView)
    } else {
      SlotPresenter().present(&elements, &targets, movement, layout, collectionView)
    }
    insertLiftedItem(movement, into: &elements.items, in: collectionView, layout: layout)
    var settled = true
    let lifted = movement.isReturning ? nil : movement.source
    Glide(decay: movement.pendingDecay, lifted: lifted).run(
      &elements.items, targets: targets.items, shown: &shownItems,
      from: collectionView.displayedItems, settled: &settled)
    Glide(decay: movement.pendingDecay, lifted: lifted).run(
      &elements.supplementaryViews, targets: targets.supplementaryViews,
      shown: &shownSupplementary,
      from: collectionView.displayedSupplementaryViews, settled: &settled)
    movement.pendingDecay = 1
    movement.isSettled = settled
  }

  /// The lifted item: at the pointer, above everything; home when returning.
  private func insertLiftedItem(
    _ movement: InteractiveMovement, into items: inout [LayoutAttributes],
    in collectionView: CollectionView, layout: any CollectionViewLayout
  ) {
    var lifted =
      layout.layoutAttributesForItem(at: movement.source)
      ?? LayoutAttributes(forCellAt: movement.source, frame: movement.home)
    var liftedOffset = Point.zero
    if !movement.isReturning {
      let offset = collectionView.contentOffset
      var center = Point(x: movement.center.x + offset.x, y: movement.center.y + offset.y)
      if movement.style == .shift {
        center[movement.axis.cross] = lifted.frame.mid(movement.axis.cross)
      }
      liftedOffset = Point(x: center.x - lifted.frame.midX, y: center.y - lifted.frame.midY)
    }
    lifted.zIndex = Int(Int32.max)
    var position = items.count
    while position > 0 && movement.source < items[position - 1].indexPath { position -= 1 }
    items.insert(lifted, at: position)
    targets.items.insert(liftedOffset, at: position)
  }
}

/// One glide step: each element is drawn its target offset from its place, reached from the
/// offset its view shows now by the pending decay (an entering view starts at its target).
struct Glide {
  /// How much of the remaining distance this step keeps (1: none of it covered).
  let decay: Double
  /// The item drawn at the pointer, which never glides (`nil`: none).
  let lifted: ItemPath?

  /// Moves `new` (the presented answer, in display order) by the glided offsets and notes in
  /// `shown` what each element ends with; `settled` becomes `false` while any is under way.
  ///
  /// - Complexity: O(k + k′): one merge walk over the new and the displayed elements.
  func run(
    _ new: inout [LayoutAttributes], targets: [Point], shown: inout [Point], from old: VisibleSet,
    settled: inout Bool
  ) {
    let count = new.count
    if shown.count > count { shown.removeLast(shown.count - count) }
    while shown.count < count { shown.append(.zero) }
    var arrived = true
    new.withUnsafeMutableBufferPointer { new in
      targets.withUnsafeBufferPointer { targets in
        shown.withUnsafeMutableBufferPointer { shown in
          old.attributes.withUnsafeBufferPointer { current in
            arrived = run(new, targets: targets, shown: shown, current: current, old: old)
          }
        }
      }
    }
    if !arrived { settled = false }
  }

  /// The merge walk of ``run(_:targets:shown:from:settled:)`` over raw buffers (the per-frame
  /// path of a drag: no bounds or exclusivity checks). Returns whether every element arrived.
  private func run(
    _ new: UnsafeMutableBufferPointer<LayoutAttributes>, targets: UnsafeBufferPointer<Point>,
    shown: UnsafeMutableBufferPointer<Point>, current: UnsafeBufferPointer<LayoutAttributes>,
    old: VisibleSet
  ) -> Bool {
    let cells = old.holdsCellsOnly
    var arrived = true
    var oldIndex = 0
    for index in 0..<new.count {
      // The displayed element at or after this one (both are in display order).
      while oldIndex < current.count,
        cells
          ? current[oldIndex].indexPath < new[index].indexPath
          : LayoutAttributes.displayOrder(current[oldIndex], new[index])
      {
        oldIndex += 1
      }
      var offset = targets[index]
      let isLifted = cells && new[index].indexPath == lifted
      if !isLifted, oldIndex < current.count, current[oldIndex].isSameElement(as: new[index]) {
        offset = step(
          from: old.movementOffset(at: oldIndex), to: offset, size: new[index].frame.size,
          arrived: &arrived)
      }
      if offset != .zero {
        new[index].frame.origin.x += offset.x
        new[index].frame.origin.y += offset.y
      }
      shown[index] = offset
    }
    return arrived
  }

  /// The offset one step from `now` toward `target`; within 0.5 % of the element's size it
  /// arrives.
  private func step(from now: Point, to target: Point, size: Size, arrived: inout Bool) -> Point {
    guard now != target else { return target }
    let offset = Point(
      x: target.x + (now.x - target.x) * decay, y: target.y + (now.y - target.y) * decay)
    if abs(offset.x - target.x) < max(0.01, size.width * 0.005)
      && abs(offset.y - target.y) < max(0.01, size.height * 0.005)
    {
      return target
    }
    arrived = false
    return offset
  }
}
