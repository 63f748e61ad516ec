/// Hears about scrolling (UIKit's `UIScrollViewDelegate`). Every method has an empty default.
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed, by any means.
  func scrollViewDidScroll(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
}
