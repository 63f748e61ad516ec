/// An item being moved by the user (UIKit's interactive movement): where it came from, where
/// it would land, and where the pointer holds it.
///
/// It is a presentation over an unchanged layout. The layout keeps the data source's order
/// until the drop; every pass, the collection view asks it for the elements in view as usual
/// and then moves them to make room:
/// - in lists and carousels (``FocusNavigation/sequential`` layouts) the items between the
///   source and the target, and the headers and footers between them, slide by the lifted
///   item's length, which is exactly where the drop puts them, whatever their sizes;
/// - in grids and waterfalls (``FocusNavigation/spatial``) items flow through the layout's
///   slots in item order, one slot toward the source, leaving the target's slot empty.
///
/// So a drag frame costs a few O(log n) lookups plus O(k) for the k elements in view, and
/// allocates nothing; the drop is one move through the data source, animated from the
/// presented places.
struct InteractiveMovement {
  enum Style { case shift, slots }

  /// The item lifted, at its path before the drop.
  let source: ItemPath
  let style: Style
  let axis: Axis
  /// Where the item lands if dropped now: its path after the move.
  var target: ItemPath
  /// The lifted item's centre, in viewport coordinates (so autoscroll carries the content
  /// under it).
  var center: Point
  /// Its size and the distance from its leading edge to the next item's (shift style), from
  /// the layout at every pass.
  var size = Size.zero
  var shift = 0.0
  var spacing = 0.0
  /// Its frame in the layout (where a cancel returns it).
  var home = Rect.zero
  /// Cancelled or dropped on its own place: everything glides back, then the movement ends.
  var isReturning = false
  /// Whether the pointer has moved since the lift (autoscroll waits for it, so lifting an item
  /// at the edge does not scroll).
  var hasMoved = false
  /// Whether every presented element has reached its place.
  var isSettled = true
  /// The time of the last tick that advanced the glide, and how much of the remaining
  /// distance the next pass keeps (1: none of it covered).
  var lastTick: Double?
  var pendingDecay = 1.0

  init(source: ItemPath, style: Style, axis: Axis, center: Point) {
    self.source = source
    self.target = source
    self.style = style
    self.axis = axis
    self.center = center
  }

  /// Whether the target comes after the source in item order.
  var movesForward: Bool {
    target.section > source.section
      || (target.section == source.section && target.item > source.item)
  }

  /// Shift style: whether the item at `path` (not the source) slides to make room.
  func shifts(_ path: ItemPath) -> Bool {
    let (a, b) = (source.section, target.section)
    if movesForward {
      if a == b { return path.section == a && path.item > source.item && path.item <= target.item }
      return (path.section == a && path.item > source.item)
        || (path.section > a && path.section < b)
        || (path.section == b && path.item < target.item)
    }
    if a == b { return path.section == a && path.item >= target.item && path.item < source.item }
    return (path.section == b && path.item >= target.item) || (path.section > b && path.section < a)
      || (path.section == a && path.item < source.item)
  }

  /// Shift style: whether the section's header (or footer) lies between the source and the
  /// gap, and so slides with the items.
  func shiftsSupplementary(inSection section: Int, isHeader: Bool) -> Bool {
    let (a, b) = (source.section, target.section)
    if a == b { return false }
    let (low, high) = (min(a, b), max(a, b))
    return isHeader ? section > low && section <= high : section >= low && section < high
  }

  /// How far a sliding element moves along the axis.
  var slide: Double { movesForward ? -shift : shift }
}

extension CollectionView {
  /// The paths after moving `source` to `target`, as flat indices: the new flat index of the
  /// target, given the counts before the move.
  func newFlatIndex(of target: ItemPath, movingFrom source: ItemPath) -> Int {
    itemCountPrefix[target.section] - (target.section > source.section ? 1 : 0) + target.item
  }

  /// Where the moving item lands if the user lets go with its centre over `slot` (an item's
  /// place in the layout): the slot's item order, in the counts after the move.
  func movementTarget(forSlot slot: ItemPath, source: ItemPath) -> ItemPath {
    if slot == source { return source }
    let flat = flatIndex(of: slot)
    let sectionStart = itemCountPrefix[slot.section] - (slot.section > source.section ? 1 : 0)
    return ItemPath(section: slot.section, item: flat - sectionStart)
  }

  /// The number of places the moving item can take in `section`: one more than its items,
  /// except in its own section.
  func movementPlaces(inSection section: Int, source: ItemPath) -> Int {
    numberOfItems(inSection: section) + (section == source.section ? 0 : 1)
  }

  /// Whether `path` is a place the moving item can land on.
  func isMovementTarget(_ path: ItemPath, source: ItemPath) -> Bool {
    path.section >= 0 && path.section < itemCounts.count && path.item >= 0
      && path.item < movementPlaces(inSection: path.section, source: source)
  }

  /// Rewrites the layout's answer (`elements`, sorted) into what the movement presents: the
  /// lifted item at the pointer (or gliding home), the others making room, each element
  /// gliding from where it is drawn toward its place.
  ///
  /// Each view keeps how far it is drawn from its element's place in the layout
  /// (``ReusableView/movementOffset``), and only that offset glides: when the layout itself
  /// changes (cells measured, the anchor kept), views follow at once, so nothing jumps.
  ///
  /// - Complexity: O(k) plus O(log n) lookups; no allocation once the buffers have grown.
  func presentMovement(_ movement: inout InteractiveMovement, in layout: any CollectionViewLayout) {
    // Local buffers (swapped out of the stored ones, so no access re-checks uniqueness).
    var items: [LayoutAttributes] = []
    var targets: [Point] = []
    var supplementaryTargets: [Point] = []
    swap(&items, &elements.items)
    swap(&targets, &movementTargets.items)
    swap(&supplementaryTargets, &movementTargets.supplementary)
    defer {
      swap(&items, &elements.items)
      swap(&targets, &movementTargets.items)
      swap(&supplementaryTargets, &movementTargets.supplementary)
    }
    targets.removeAll(keepingCapacity: true)
    supplementaryTargets.removeAll(keepingCapacity: true)
    let axis = movement.axis
    var lifted =
      layout.layoutAttributesForItem(at: movement.source)
      ?? LayoutAttributes(forCellAt: movement.source, frame: movement.home)
    var kept = 0
    if movement.style == .slots {
      // Items flow through the slots: each is drawn at another item's place, with that
      // place's size, gliding there from its own.
      let targetFlat = newFlatIndex(of: movement.target, movingFrom: movement.source)
      let sourceFlat = flatIndex(of: movement.source)
      for index in items.indices {
        var element = items[index]
        let slot = flatIndex(of: element.indexPath)
        if slot == targetFlat { continue }  // the gap
        var item = slot
        if sourceFlat < targetFlat, slot >= sourceFlat, slot < targetFlat { item += 1 }
        if targetFlat < sourceFlat, slot > targetFlat, slot <= sourceFlat { item -= 1 }
        guard let path = indexPath(forFlatIndex: item) else { continue }
        var offset = Point.zero
        if item != slot, let own = layout.layoutAttributesForItem(at: path)?.frame.origin {
          offset = Point(x: element.frame.minX - own.x, y: element.frame.minY - own.y)
          element.frame.origin = own
        }
        element.indexPath = path
        items[kept] = element
        targets.append(offset)
        kept += 1
      }
      for _ in elements.supplementaryViews { supplementaryTargets.append(.zero) }
    } else {
      var offset = Point.zero
      offset[axis] = movement.slide
      let moves = movement.target != movement.source
      items.withUnsafeMutableBufferPointer { items in
        for index in 0..<items.count {
          let path = items[index].indexPath
          if path == movement.source { continue }
          if kept != index { items[kept] = items[index] }
          targets.append(moves && movement.shifts(path) ? offset : .zero)
          kept += 1
        }
      }
      for element in elements.supplementaryViews {
        var slides = false
        if movement.target.section != movement.source.section, let kind = element.supplementaryKind,
          kind == .header || kind == .footer,
          movement.shiftsSupplementary(
            inSection: element.indexPath.section, isHeader: kind == .header)
        {
          // Pinned views stay pinned, and so does one at the pinning edge (it would leave
          // the edge bare); pinned headers are placed again below.
          let pinned = layout.pinnedLengths(inSection: element.indexPath.section)
          let atEdge =
            kind == .header
            ? pinned.leading > 0
            : pinned.trailing > 0 && element.frame.max(axis) >= bounds.max(axis)
          slides =
            !atEdge
            && layout.layoutAttributesForSupplementaryView(
              ofKind: kind, inSection: element.indexPath.section)?.frame == element.frame
        }
        supplementaryTargets.append(slides ? offset : .zero)
      }
      if movement.target.section != movement.source.section {
        repinHeaders(&supplementaryTargets, movement, layout)
      }
    }
    items.removeLast(items.count - kept)
    // The lifted item: at the pointer, above everything; home when returning.
    var liftedOffset = Point.zero
    if !movement.isReturning {
      var center = Point(
        x: movement.center.x + contentOffset.x, y: movement.center.y + contentOffset.y)
      if movement.style == .shift { center[axis.cross] = lifted.frame.mid(axis.cross) }
      liftedOffset = Point(x: center.x - lifted.frame.midX, y: center.y - lifted.frame.midY)
    }
    lifted.zIndex = Int(Int32.max)
    var position = items.count
    while position > 0 && movement.source < items[position - 1].indexPath { position -= 1 }
    items.insert(lifted, at: position)
    targets.insert(liftedOffset, at: position)
    var settled = true
    glide(
      &items, targets: targets, shown: &movementShown.items, from: displayedItems,
      movement: movement, settled: &settled)
    glide(
      &elements.supplementaryViews, targets: supplementaryTargets,
      shown: &movementShown.supplementary, from: displayedSupplementaryViews, movement: movement,
      settled: &settled)
    movement.pendingDecay = 1
    movement.isSettled = settled
  }

  /// Pinned headers, as the movement presents the content: the header of the section whose
  /// slid header is last at or above the viewport's top is pinned there (pushed up by the
  /// next one's), and the others sit at their slid places. The layout pins by the unmoved
  /// content, which would keep the section before over rows slid up from the next one.
  ///
  /// - Complexity: O(k) over the supplementary views in view, with O(log n) lookups; no
  ///   allocation.
  private func repinHeaders(
    _ targets: inout [Point], _ movement: InteractiveMovement, _ layout: any CollectionViewLayout
  ) {
    let axis = movement.axis
    let top = bounds.min(axis)
    /// A pinning header's place before and after the slide, or `nil`.
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
    for (index, element) in elements.supplementaryViews.enumerated() {
      guard let header = place(element), header.slid <= top,
        element.indexPath.section > ownerSection
      else { continue }
      owner = index
      ownerSection = element.indexPath.section
    }
    for element in elements.supplementaryViews where element.indexPath.section > ownerSection {
      if let header = place(element) { nextMin = min(nextMin, header.slid) }
    }
    for (index, element) in elements.supplementaryViews.enumerated() {
      guard let header = place(element) else { continue }
      var wanted = header.slid
      if index == owner { wanted = min(max(top, header.slid), nextMin - header.length) }
      var offset = Point.zero
      offset[axis] = wanted - element.frame.min(axis)
      targets[index] = offset
    }
  }

  /// Draws each element its offset from its place, gliding by the pending decay from the
  /// offset its view shows now (an entering view starts at its target), and notes in `shown`
  /// what each ends with.
  private func glide(
    _ new: inout [LayoutAttributes], targets: [Point], shown: inout [Point], from old: VisibleSet,
    movement: InteractiveMovement, settled: inout Bool
  ) {
    let decay = movement.pendingDecay
    let count = new.count
    if shown.count > count { shown.removeLast(shown.count - count) }
    while shown.count < count { shown.append(.zero) }
    let cells = old === displayedItems
    var arrived = true
    old.attributes.withUnsafeBufferPointer { current in
      targets.withUnsafeBufferPointer { targets in
        shown.withUnsafeMutableBufferPointer { shown in
          new.withUnsafeMutableBufferPointer { new in
            var oldIndex = 0
            for index in 0..<count {
              let target = targets[index]
              var offset = target
              while oldIndex < current.count,
                cells
                  ? current[oldIndex].indexPath < new[index].indexPath
                  : LayoutAttributes.displayOrder(current[oldIndex], new[index])
              {
                oldIndex += 1
              }
              let isLifted =
                cells && new[index].indexPath == movement.source && !movement.isReturning
              if !isLifted, oldIndex < current.count,
                current[oldIndex].isSameElement(as: new[index])
              {
                let now = old.view(at: oldIndex).movementOffset
                if now != target {
                  offset = Point(
                    x: target.x + (now.x - target.x) * decay,
                    y: target.y + (now.y - target.y) * decay)
                  // Close enough (0.5 % of its size): it arrives.
                  let size = new[index].frame.size
                  if abs(offset.x - target.x) < max(0.01, size.width * 0.005)
                    && abs(offset.y - target.y) < max(0.01, size.height * 0.005)
                  {
                    offset = target
                  } else {
                    arrived = false
                  }
                }
              }
              if offset != .zero {
                new[index].frame.origin.x += offset.x
                new[index].frame.origin.y += offset.y
              }
              shown[index] = offset
            }
          }
        }
      }
    }
    if !arrived { settled = false }
  }

  /// After the reconcile, each displayed view keeps the offset it is drawn with.
  func noteMovementOffsets() {
    if displayedItems.count == movementShown.items.count {
      for index in 0..<displayedItems.count {
        displayedItems.view(at: index).movementOffset = movementShown.items[index]
      }
    }
    if displayedSupplementaryViews.count == movementShown.supplementary.count {
      for index in 0..<displayedSupplementaryViews.count {
        displayedSupplementaryViews.view(at: index).movementOffset =
          movementShown.supplementary[index]
      }
    }
  }

  /// At a lift, every view shows its place.
  func resetMovementOffsets() {
    for set in [displayedItems, displayedSupplementaryViews] {
      for index in 0..<set.count { set.view(at: index).movementOffset = .zero }
    }
  }
}
