/// Hears about scrolling, in UIKit's order (`UIScrollViewDelegate`). Every method has an empty
/// default.
///
/// A drag: `scrollViewWillBeginDragging`, `scrollViewDidScroll` (repeatedly),
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
/// `scrollViewDidEndDragging(_:willDecelerate:)`, then, if it decelerates,
/// `scrollViewWillBeginDecelerating`, `scrollViewDidScroll` (repeatedly) and
/// `scrollViewDidEndDecelerating`. An animated `setContentOffset` or `scrollToItem` ends with
/// `scrollViewDidEndScrollingAnimation`.
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed, by any means.
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// A drag is about to move the content.
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  /// The finger lifted. `velocity` is in points per second (UIKit passes points per
  /// millisecond). Change `targetContentOffset` to choose where the content comes to rest.
  func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point)
  /// The drag ended; `decelerate` says whether the content keeps moving.
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
  /// The content starts moving on its own after a drag (or a wheel fling).
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
  /// The content came to rest after decelerating.
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
  /// An animation started from code (`setContentOffset(_:animated:)`, `scrollToItem`, a key
  /// step) finished.
  func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
  /// Does nothing.
  public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
