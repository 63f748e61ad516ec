/// A direction of layout or scrolling.
public enum Axis: Hashable, Sendable, CaseIterable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical

  /// The other axis.
  @inlinable
  public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}
