/// How a collection view takes cells in and out of the host's view tree.
public enum AttachStrategy: Hashable, Sendable {
  /// Attach a view when it is displayed and detach it when it leaves. UIKit's usual way.
  case detach
  /// Attach a view once, then only toggle `isHidden`. For hosts where attaching a view costs
  /// more than hiding it (adding and removing subviews, in UIKit).
  case hide
}

/// The object that owns the real views: it attaches, hides and detaches them as the collection
/// view says. The terminal host is one; a UIKit host would add and remove subviews.
///
/// Every method is called on the collection view's thread, during `layoutIfNeeded()` or a pool
/// trim. All have empty default implementations.
public protocol CollectionViewHost: AnyObject {
  /// Put `view` into the view tree. Under ``AttachStrategy/hide`` it may still be hidden.
  func collectionView(_ collectionView: CollectionView, attach view: ReusableView)
  /// Take `view` out of the view tree.
  func collectionView(_ collectionView: CollectionView, detach view: ReusableView)
  /// `view.isHidden` changed (under ``AttachStrategy/hide``).
  func collectionView(_ collectionView: CollectionView, didChangeHiddenStateOf view: ReusableView)
}

extension CollectionViewHost {
  /// Does nothing.
  public func collectionView(_ collectionView: CollectionView, attach view: ReusableView) {}
  /// Does nothing.
  public func collectionView(_ collectionView: CollectionView, detach view: ReusableView) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didChangeHiddenStateOf view: ReusableView
  ) {}
}

/// A view that shows a collection view of its own inside it (a picker row, an App Store-style
/// shelf). Hosts draw the nested collection view's views inside the view's frame, offset by
/// the nested view's content offset.
public protocol NestedCollectionViewHosting: AnyObject {
  /// The collection view inside.
  var nestedCollectionView: CollectionView { get }
}
