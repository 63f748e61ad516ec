extension CollectionView {
  /// Where a drop at `point` (content coordinates) inserts: before the item whose span holds
  /// it along the scroll axis, or after it past its middle (in lists; across in grids), the
  /// start of a section whose header is there, the end of one whose footer is there, or the
  /// nearest item's side in a gap; `nil` without sections.
  ///
  /// - Complexity: O(log n + k) per band asked, bands doubling from the point.
  func insertionPlace(
    at point: Point, scratch: inout LayoutElements, middleIsBefore: Bool = false
  ) -> ItemPath? {
    let sections = numberOfSections
    guard sections > 0, point.isFinite else { return nil }
    let layout = collectionViewLayout
    let axis = layout.scrollDirection
    let across = axis.cross
    let sequential = layout.focusNavigation == .sequential
    func after(_ path: ItemPath) -> ItemPath {
      ItemPath(section: path.section, item: path.item + 1)
    }
    var reach = 0.001
    while true {
      var band = Rect(x: 0, y: 0, width: 0, height: 0)
      band.origin[axis] = point[axis] - reach
      band.size[axis] = 2 * reach
      band.origin[across] = -1
      band.size[across] = contentSize[across] + 2
      scratch.removeAll()
      layout.elements(in: LayoutQuery(rect: band, viewport: bounds), into: &scratch)
      var best: (score: Double, attributes: LayoutAttributes)?
      for attributes in scratch.items where isValid(attributes.indexPath) {
        let frame = attributes.frame
        let along = max(0, frame.min(axis) - point[axis], point[axis] - frame.max(axis))
        let side = max(0, frame.min(across) - point[across], point[across] - frame.max(across))
        let score = along * 1e6 + side
        if best == nil || score < best!.score { best = (score, attributes) }
      }
      if let best {
        let frame = best.attributes.frame
        let path = best.attributes.indexPath
        let before =
          sequential || frame.min(axis) > point[axis] || frame.max(axis) < point[axis]
          ? Self.isBefore(point[axis], frame.mid(axis), middleIsBefore)
          : Self.isBefore(point[across], frame.mid(across), middleIsBefore)
        return before ? path : after(path)
      }
      if reach == 0.001 {
        for element in scratch.supplementaryViews where element.frame.contains(point) {
          let section = element.indexPath.section
          guard section < sections else { continue }
          if element.supplementaryKind == .header { return ItemPath(section: section, item: 0) }
          return ItemPath(section: section, item: numberOfItems(inSection: section))
        }
      }
      let length = contentSize[axis]
      if point[axis] - reach <= 0 && point[axis] + reach >= length || !(reach < 1e12) {
        // No item anywhere: the first section that has room (every section does).
        return ItemPath(section: point[axis] <= 0 ? 0 : sections - 1, item: 0)
      }
      if point[axis] >= length {
        let last = sections - 1
        return ItemPath(section: last, item: numberOfItems(inSection: last))
      }
      reach = reach == 0.001 ? 8 : reach * 4
    }
  }

  /// Where a drop at `point` inserts, from `items` (the pass's answer, sorted): the rule of
  /// ``insertionPlace(at:scratch:)`` when an item's span along the scroll axis holds the
  /// point; `nil` otherwise (a header, a gap, beyond the ends), to ask the layout.
  ///
  /// - Complexity: O(k) over the pass's elements, no query.
  func insertionPlace(
    at point: Point, among items: [LayoutAttributes], middleIsBefore: Bool = false
  ) -> ItemPath? {
    let layout = collectionViewLayout
    let axis = layout.scrollDirection
    let across = axis.cross
    var best = -1
    var bestSide = Double.infinity
    items.withUnsafeBufferPointer { items in
      for index in 0..<items.count {
        let frame = items[index].frame
        guard frame.min(axis) <= point[axis], point[axis] <= frame.max(axis) else { continue }
        let side = max(0, frame.min(across) - point[across], point[across] - frame.max(across))
        if side < bestSide {
          best = index
          bestSide = side
        }
      }
    }
    guard best >= 0, isValid(items[best].indexPath) else { return nil }
    let frame = items[best].frame
    let before =
      layout.focusNavigation == .sequential
      ? Self.isBefore(point[axis], frame.mid(axis), middleIsBefore)
      : Self.isBefore(point[across], frame.mid(across), middleIsBefore)
    let path = items[best].indexPath
    return before ? path : ItemPath(section: path.section, item: path.item + 1)
  }

  /// Whether a pointer at `position` inserts before an item whose middle is `middle`: before
  /// it short of the middle, and at the middle itself as `middleIsBefore` says (a terminal's
  /// pointer is a cell's centre: over one-row items every drop went after the item, and no
  /// card could be dropped first in a column, a new user's finding).
  static func isBefore(_ position: Double, _ middle: Double, _ middleIsBefore: Bool) -> Bool {
    position < middle || (middleIsBefore && position == middle)
  }

  /// Whether `destination` is a place `adding` items can land once `removing` have left.
  func isInsertionPlace(_ destination: ItemPath, adding: Int, removing: [ItemPath]) -> Bool {
    guard destination.section >= 0, destination.section < numberOfSections,
      destination.item >= 0, adding > 0
    else { return false }
    let left =
      numberOfItems(inSection: destination.section)
      - removing.count { $0.section == destination.section }
    return destination.item <= left
  }

  /// After a drop: the dropped items take the focus and (with multiple selection) the
  /// selection.
  func showDroppedItems(_ items: [ItemPath]) {
    let landed = items.filter(isValid)
    guard let first = landed.first else { return }
    if allowsSelection && allowsMultipleSelection {
      deselectAllItems()
      for path in landed { selectItem(at: path) }
    }
    focusItem(at: first, scrollsIntoView: true)
  }

  /// A drag begins here: whatever else the pointer or a motion held lets go.
  func cancelPointerForDrag() {
    cancelPointerCapture()
    endSelectionDrag()
    cancelInteractiveMovement()
    abandonTouch()
    closeSwipeActions(animated: false)
  }
}
