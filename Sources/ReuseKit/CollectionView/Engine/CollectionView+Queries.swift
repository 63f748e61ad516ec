extension CollectionView {
  /// The items displayed now (inside the viewport widened by ``overscan``), in ascending
  /// order.
  ///
  /// - Complexity: O(k).
  public var indexPathsForVisibleItems: [ItemPath] {
    displayedItems.attributes.map(\.indexPath)
  }

  /// The first displayed item a reader meets from `offset` on along `axis`, the scroll axis
  /// (the first whose frame reaches past it) for which `accept` holds, leaving out items the
  /// layout keeps stuck where the viewport is (``CollectionViewLayout/isStuck(_:)``): what a
  /// saved position names, what keeps its place through an update or a new size, where focus
  /// starts. The one place that says what "the first item on screen" is. An item being moved
  /// is drawn at the pointer, not at its place, and is left out too (a resize during a drag
  /// kept it in place, and the list jumped to its home: a new user's finding).
  ///
  /// - Complexity: O(k), no layout lookups beyond one question per item passed.
  func firstDisplayedItem(
    reachingPast offset: Double, along axis: Axis,
    where accept: ((LayoutAttributes) -> Bool)? = nil
  ) -> (indexPath: ItemPath, frame: Rect)? {
    let moving = interactivelyMovingItem
    return displayedItems.attributes.withUnsafeBufferPointer { displayed in
      for index in displayed.indices where displayed[index].frame.max(axis) > offset {
        // Only an item drawn above the content can be stuck (the layout says), or lifted.
        if displayed[index].zIndex > 0
          && (displayed[index].indexPath == moving
            || collectionViewLayout.isStuck(displayed[index]))
        {
          continue
        }
        if let accept, !accept(displayed[index]) { continue }
        return (displayed[index].indexPath, displayed[index].frame)
      }
      return nil
    }
  }

  /// Whether any view is displayed now: a cell, a header or a footer. `false` for a
  /// collection view with nothing to show (no data, a filter that left nothing), which a
  /// host may say in words.
  ///
  /// - Complexity: O(1).
  public var displaysAnyView: Bool {
    displayedItems.count > 0 || displayedSupplementaryViews.count > 0
  }

  /// Whether any cell is displayed now. `false` for a collection view with no item on screen
  /// though its headers may show (a table's column titles over a filter that left no row),
  /// which a host may say in words.
  ///
  /// - Complexity: O(1).
  public var displaysAnyCell: Bool { displayedItems.count > 0 }

  /// The cells displayed now, in ascending item order.
  public var visibleCells: [CollectionViewCell] {
    displayedItems.views.map { $0 as! CollectionViewCell }
  }

  /// The cell displayed for `indexPath`, or `nil` if the item is not displayed.
  ///
  /// - Complexity: O(log k).
  public func cellForItem(at indexPath: ItemPath) -> CollectionViewCell? {
    let probe = LayoutAttributes(forCellAt: indexPath, frame: .zero)
    guard let index = displayedItems.index(of: probe) else { return nil }
    return displayedItems.view(at: index) as? CollectionViewCell
  }

  /// The item a displayed cell shows, or `nil` if it is not displayed.
  ///
  /// - Complexity: O(k).
  public func indexPath(for cell: CollectionViewCell) -> ItemPath? {
    displayedItems.entries.first { $0.view === cell }?.attributes.indexPath
  }

  /// The displayed supplementary view of `kind` for `indexPath.section`, if any.
  public func supplementaryView(
    forElementKind kind: SupplementaryKind, at indexPath: ItemPath
  )
    -> ReusableView?
  {
    let probe = LayoutAttributes(
      forSupplementaryViewOfKind: kind, section: indexPath.section, frame: .zero)
    guard let index = displayedSupplementaryViews.index(of: probe) else { return nil }
    return displayedSupplementaryViews.view(at: index)
  }

  /// The displayed supplementary views of `kind`, in section order.
  public func visibleSupplementaryViews(ofKind kind: SupplementaryKind) -> [ReusableView] {
    displayedSupplementaryViews.entries.filter { $0.attributes.supplementaryKind == kind }
      .map(\.view)
  }

  /// Calls `body` with every displayed view and the attributes to draw it with: cells in item
  /// order, then supplementary views. While a batch update animates, the attributes are the
  /// in-between ones, and views the update removed come first until the animation ends. Hosts
  /// draw from this; without an update animation it allocates nothing.
  ///
  /// - Complexity: O(k).
  public func forEachDisplayedView(_ body: (ReusableView, LayoutAttributes) -> Void) {
    let leaving = leavingSwipedRow()
    if let swiped = swipe.presentedRow {
      // The swiped row is drawn moved across, uncovering its actions.
      let across = collectionViewLayout.scrollDirection.cross
      forEachPresentedView { view, attributes in
        if let leaving, ObjectIdentifier(view) == leaving.view {
          var moved = attributes
          moved.frame.origin[across] += leaving.offset
          return body(view, moved)
        }
        guard attributes.category == .cell, attributes.indexPath == swiped.indexPath else {
          return body(view, attributes)
        }
        var moved = attributes
        moved.frame.origin[across] += swiped.offset
        body(view, moved)
      }
      return
    }
    if let leaving {
      // A row a swipe action deleted leaves from where it was moved across.
      let across = collectionViewLayout.scrollDirection.cross
      forEachPresentedView { view, attributes in
        guard ObjectIdentifier(view) == leaving.view else { return body(view, attributes) }
        var moved = attributes
        moved.frame.origin[across] += leaving.offset
        body(view, moved)
      }
      return
    }
    forEachPresentedView(body)
  }

  /// The row a swipe action is deleting, while an update's animation removes its cell (the
  /// swipe part keeps the record only for the update that comes with the action).
  private func leavingSwipedRow() -> (view: ObjectIdentifier, offset: Double, time: Double)? {
    guard let leaving = swipe.leavingRow, let animation = updates.animation,
      animation.disappearing.contains(where: { ObjectIdentifier($0.view) == leaving.view })
    else { return nil }
    return leaving
  }

  /// The displayed views with their presentation attributes (see ``forEachDisplayedView(_:)``).
  private func forEachPresentedView(_ body: (ReusableView, LayoutAttributes) -> Void) {
    if let animation = updates.animation {
      let fraction = animation.fraction(at: now)
      // Leaving views first: at equal z-index, hosts draw what stays over what goes.
      for item in animation.disappearing {
        body(item.view, item.from.interpolated(to: item.to, fraction: fraction))
      }
      for set in [displayedItems, displayedSupplementaryViews] {
        for index in 0..<set.count {
          let view = set.view(at: index)
          let model = set.attributes[index]
          // What sits where the viewport is (a pinned header) stays there: it does not glide
          // from where the viewport was before the update.
          if let start = animation.startAttributes[ObjectIdentifier(view)],
            model.zIndex <= 0 || !collectionViewLayout.isStuck(model)
          {
            body(view, start.interpolated(to: model, fraction: fraction))
          } else {
            body(view, model)
          }
        }
      }
      return
    }
    // Counted again at every step: a body that changes what is displayed (against the rules,
    // but possible) may see a view twice or miss one, never read past the end.
    var index = 0
    while index < displayedItems.count {
      body(displayedItems.view(at: index), displayedItems.attributes[index])
      index += 1
    }
    index = 0
    while index < displayedSupplementaryViews.count {
      body(
        displayedSupplementaryViews.view(at: index), displayedSupplementaryViews.attributes[index])
      index += 1
    }
  }

  /// The item drawn under `point` (content coordinates), or `nil`: while a batch update
  /// animates, the cell drawn there now (a click hits the row under the pointer, not the one
  /// whose place it is going to: a settings row shown as "Reset all settings" opened the row
  /// gliding into its place, a new user's finding); otherwise as the layout places it. A
  /// cell on its way out is not hit; of a cell fading in and one gliding over it, the more
  /// opaque one is; where nothing is drawn yet, the item the layout places there.
  ///
  /// Every press that picks an item uses it: a tap, a swipe, a lift by the grip, a drag and
  /// drop, a selection drag (a swipe that began while a shuffle animated deleted the task
  /// gliding into place, not the one under the finger: a new user's finding).
  ///
  /// A supplementary view drawn over the item there (a pinned header) takes the point, as a
  /// view on top takes a touch in UIKit: `nil` (a click on a pinned header selected the row
  /// hidden under it: a new user's finding).
  ///
  /// - Complexity: O(log n + s) for the s displayed supplementary views, or O(displayed)
  ///   while an update animates.
  public func indexPathForDrawnItem(at point: Point) -> ItemPath? {
    layoutIfNeeded()
    guard let path = itemDrawn(at: point) else { return nil }
    // Its z as drawn (a lifted cell's is raised), else as the layout places it.
    let model = collectionViewLayout.layoutAttributesForItem(at: path)
    let z =
      model.flatMap { displayedItems.index(of: $0) }.map { displayedItems.attributes[$0].zIndex }
      ?? model?.zIndex ?? 0
    for attributes in displayedSupplementaryViews.attributes
    where attributes.zIndex > z && attributes.frame.contains(point) {
      return nil
    }
    return path
  }

  /// The item drawn under `point`, whatever is drawn over it.
  private func itemDrawn(at point: Point) -> ItemPath? {
    guard let animation = updates.animation else {
      return collectionViewLayout.indexPathForItem(at: point, viewport: bounds)
    }
    let fraction = animation.fraction(at: now)
    var hit: (path: ItemPath, z: Int, alpha: Double)?
    for index in 0..<displayedItems.count {
      let model = displayedItems.attributes[index]
      guard model.category == .cell else { continue }
      let drawn =
        animation.startAttributes[ObjectIdentifier(displayedItems.view(at: index))].map {
          $0.interpolated(to: model, fraction: fraction)
        } ?? model
      guard drawn.frame.contains(point) else { continue }
      if let best = hit,
        drawn.zIndex < best.z || (drawn.zIndex == best.z && drawn.alpha <= best.alpha)
      {
        continue
      }
      hit = (model.indexPath, drawn.zIndex, drawn.alpha)
    }
    return hit?.path ?? collectionViewLayout.indexPathForItem(at: point, viewport: bounds)
  }

  /// The item under `point` (content coordinates), or `nil`.
  ///
  /// - Complexity: O(log n).
  public func indexPathForItem(at point: Point) -> ItemPath? {
    layoutIfNeeded()
    return collectionViewLayout.indexPathForItem(at: point, viewport: bounds)
  }

  /// The layout attributes of an item, or `nil` if it is out of range.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// The frame of an item in content coordinates, or `nil` if it is out of range.
  public func frameForItem(at indexPath: ItemPath) -> Rect? {
    layoutAttributesForItem(at: indexPath)?.frame
  }
}
