/// Which edge of an item a snapping scroll view aligns.
public enum SnapAlignment: Hashable, Sendable {
  /// The item's leading edge at the viewport's leading edge (after the content inset).
  case leading
  /// The item's centre at the viewport's centre.
  case center
}

/// How a scroll view snaps to items when a drag ends.
///
/// The target is the item nearest the projected offset (where the fling would stop). Two
/// options shape it:
/// - ``sensitivity``: a drag that travels this far or
///   less returns to the item it started on; a longer one moves at least one item in its
///   direction.
/// - ``maximumItemsPerFling``: how many items one release may move at most.
///
/// Every release snaps, including one with zero velocity.
public struct ScrollSnapping: Hashable, Sendable {
  /// Which edge aligns.
  public var alignment: SnapAlignment
  /// The drag distance, in points, a release must exceed to move to another item; 0 means any
  /// drag may. Negative or non-finite values are treated as 0.
  public var sensitivity: Double
  /// The most items one release may move, or `nil` for no limit.
  public var maximumItemsPerFling: Int?

  /// Creates a snapping configuration.
  public init(
    alignment: SnapAlignment = .leading, sensitivity: Double = 0, maximumItemsPerFling: Int? = nil
  ) {
    self.alignment = alignment
    self.sensitivity = sensitivity.sanitizedLength
    self.maximumItemsPerFling = maximumItemsPerFling.map { max(1, $0) }
  }
}

/// One place a snapping scroll view can rest: an item's index and the content offset at which
/// it is aligned.
public struct SnapStop: Hashable, Sendable {
  /// The item's index in the provider's order (a collection view counts across sections).
  public var index: Int
  /// The content offset along the scrolling axis that aligns the item.
  public var offset: Double

  /// Creates a stop.
  public init(index: Int, offset: Double) {
    (self.index, self.offset) = (index, offset)
  }
}

/// Supplies the stops a scroll view snaps to and steps through. A collection view supplies
/// its items through its layout.
public protocol ScrollSnapStopProvider: AnyObject {
  /// The stop nearest to `offset` along `axis`, or `nil` when there are no items.
  ///
  /// - Complexity: should be O(log n).
  func nearestSnapStop(to offset: Double, axis: Axis, alignment: SnapAlignment) -> SnapStop?

  /// The stop `steps` items after `stop` (before it when negative), clamped to the first and
  /// last items.
  func snapStop(
    _ stop: SnapStop, advancedBy steps: Int, axis: Axis, alignment: SnapAlignment
  )
    -> SnapStop?
}

/// A key-driven scroll.
public enum ScrollStep: Hashable, Sendable {
  /// Move by whole items (negative: backward). Without item stops, by ``ScrollView/lineLength``.
  case items(Int)
  /// Move by whole viewports (negative: backward).
  case pages(Int)
  /// The start of the content.
  case home
  /// The end of the content.
  case end
}
