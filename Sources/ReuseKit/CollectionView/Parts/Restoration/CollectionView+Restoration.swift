/// A scroll position to keep across reloads, resizes and relaunches: the item at the
/// viewport's leading edge, by its identity when the host has one and by its path, and how
/// far into it the viewport starts. Codable, to write to disk with the rest of a window's
/// state.
///
/// Saved by ``CollectionView/savedScrollPosition(identifiedBy:)`` (or
/// `CollectionViewDiffableDataSource.savedScrollPosition()`), restored by
/// ``CollectionView/restoreScrollPosition(_:locatedBy:)``: exact with estimated sizes, as the
/// restore measures its way to the item.
public struct SavedScrollPosition<ID: Hashable & Codable & Sendable>: Hashable, Codable, Sendable {
  /// Where the item was.
  public var indexPath: ItemPath
  /// Which item it was, when the host identifies its items; `nil` restores by path.
  public var identifier: ID?
  /// How far the viewport's leading edge was past the item's leading edge, in points
  /// (negative when it was above the item: a section header showed there).
  public var offsetInItem: Double
  /// Whether the content was at its very start (restored as the start, whatever is there).
  public var isAtStart: Bool
  /// Where the rails of a ``RailsLayout`` were scrolled, by section (those not at 0); `nil`
  /// for other layouts.
  public var railOffsets: [Int: Double]?

  /// A position (usually made by `savedScrollPosition`).
  public init(
    indexPath: ItemPath, identifier: ID?, offsetInItem: Double, isAtStart: Bool,
    railOffsets: [Int: Double]? = nil
  ) {
    self.indexPath = indexPath
    self.identifier = identifier
    self.offsetInItem = offsetInItem
    self.isAtStart = isAtStart
    self.railOffsets = railOffsets
  }
}

extension CollectionView {
  /// The current scroll position: the first item reaching into the viewport, identified by
  /// `identifier`, and how far into it the viewport starts; `nil` without items.
  public func savedScrollPosition<ID>(
    identifiedBy identifier: (ItemPath) -> ID?
  ) -> SavedScrollPosition<ID>? {
    layoutIfNeeded()
    let axis = collectionViewLayout.scrollDirection
    let offset = contentOffset[axis]
    guard let first = firstDisplayedItem(reachingPast: offset, along: axis) else { return nil }
    let path = first.indexPath
    return SavedScrollPosition(
      indexPath: path, identifier: identifier(path),
      offsetInItem: offset - first.frame.min(axis),
      isAtStart: offset <= minimumContentOffset[axis], railOffsets: savedRailOffsets())
  }

  /// The current scroll position, by path only.
  public func savedScrollPosition() -> SavedScrollPosition<ItemPath>? {
    savedScrollPosition(identifiedBy: { _ in nil })
  }

  /// Scrolls back to a saved position: the item (found by `locate` from its identifier when it
  /// has one, else by its path, clamped into range) with the viewport starting as far into it
  /// as before (at most its length now), clamped to the content. Lays out and re-aims until
  /// the item stays put, so estimated sizes measured on the way do not move it. Returns
  /// whether the item itself was found (`false`: the nearest path stood in for it).
  @discardableResult
  public func restoreScrollPosition<ID>(
    _ position: SavedScrollPosition<ID>, locatedBy locate: (ID) -> ItemPath? = { _ in nil }
  ) -> Bool {
    layoutIfNeeded()
    restoreRailOffsets(position.railOffsets)
    let axis = collectionViewLayout.scrollDirection
    if position.isAtStart {
      var start = contentOffset
      start[axis] = minimumContentOffset[axis]
      if !isTracking { stopMotion() }
      contentOffset = start
      layoutIfNeeded()
      return true
    }
    var found = false
    var path = position.indexPath
    if let identifier = position.identifier, let located = locate(identifier), isValid(located) {
      path = located
      found = true
    } else if let nearest = Self.nearestItem(
      in: itemCounts, section: min(position.indexPath.section, itemCounts.count - 1),
      item: position.indexPath.item)
    {
      found = position.identifier == nil && nearest == position.indexPath
      path = nearest
    } else {
      return false
    }
    if !isTracking { stopMotion() }
    // Negative when the viewport starts above the item (its section's header shows there).
    let depth = position.offsetInItem.isFinite ? position.offsetInItem : 0
    // First with the item's leading edge at the top, so that it shows and measures itself (an
    // estimate may be shorter than the depth); then as deep as saved, within its length.
    for atItsEdge in [true, false] {
      for _ in 0..<8 {
        guard let frame = collectionViewLayout.frameForItem(at: path) else { break }
        var target = contentOffset
        target[axis] = frame.min(axis) + (atItsEdge ? 0 : min(depth, frame.length(axis)))
        target = clampedContentOffset(target)
        if target == contentOffset { break }
        contentOffset = target
        layoutIfNeeded()
      }
    }
    return found
  }
}

extension CollectionViewDiffableDataSource where ItemID: Codable & Sendable {
  /// The collection view's scroll position, its item identified by its identifier: restored
  /// to the same item wherever it moved.
  public func savedScrollPosition() -> SavedScrollPosition<ItemID>? {
    collectionView.savedScrollPosition(identifiedBy: itemIdentifier(for:))
  }

  /// Scrolls back to a position saved by ``savedScrollPosition()``: to the same item, found by
  /// its identifier (or, when it is gone, to the item now at its old path).
  @discardableResult
  public func restoreScrollPosition(_ position: SavedScrollPosition<ItemID>) -> Bool {
    collectionView.restoreScrollPosition(position, locatedBy: indexPath(for:))
  }
}
