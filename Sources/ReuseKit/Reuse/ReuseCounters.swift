/// What the reuse engine has done: views created and reused, and how many were visible.
///
/// A collection view keeps one set in all (``CollectionView/reuseCounters``) and one per
/// reuse identifier. In the steady state, `created` stops growing: scrolling end to end through
/// any number of items creates at most the peak number of visible views plus a small constant.
public struct ReuseCounters: Hashable, Sendable, CustomStringConvertible {
  /// Views created by a registered factory.
  public var created = 0
  /// Views taken from the pool instead of created.
  public var reused = 0
  /// Views displayed now.
  public var visible = 0
  /// The most views displayed at once.
  public var peakVisible = 0
  /// Views created by this collection view that a pool later dropped (cap or trim).
  public var discarded = 0

  /// Creates zeroed counters.
  public init() {}

  /// One line: `created 12, reused 340, visible 10 (peak 11), discarded 0`.
  public var description: String {
    "created \(created), reused \(reused), visible \(visible) (peak \(peakVisible)), "
      + "discarded \(discarded)"
  }

  mutating func noteDisplayed() {
    visible += 1
    if visible > peakVisible { peakVisible = visible }
  }
}
