/// Watches a collection view's layout passes: what a control built on a collection view (a
/// waterfall's "load more", a carousel keeping its card across a resize) needs, open to any
/// client, and leaving the delegate to the app. A collection view holds its observers weakly
/// and tells them in the order they were added.
public protocol CollectionViewLayoutObserver: AnyObject {
  /// The viewport changed size, and the layout is about to be prepared for `viewportSize`:
  /// the place to adjust what depends on the size (content insets, say), before the layout
  /// and the offset use it. Called inside the layout pass: do not call `layoutIfNeeded()` or
  /// change the data here.
  func collectionView(
    _ collectionView: CollectionView, willPrepareLayoutForViewportSize viewportSize: Size)
  /// A ``CollectionView/layoutIfNeeded()`` ran one or more passes and has finished: the
  /// displayed views and the geometry are current. Called outside the pass: changing the offset
  /// or the data here is fine (a change runs another pass).
  func collectionViewDidLayout(_ collectionView: CollectionView)
}

extension CollectionViewLayoutObserver {
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, willPrepareLayoutForViewportSize viewportSize: Size
  ) {}
  /// Does nothing.
  public func collectionViewDidLayout(_ collectionView: CollectionView) {}
}

extension CollectionView {
  /// A weakly held observer.
  struct WeakLayoutObserver {
    weak var observer: (any CollectionViewLayoutObserver)?
  }

  /// Starts telling `observer` about layout passes (held weakly; adding it twice adds it once).
  public func addLayoutObserver(_ observer: any CollectionViewLayoutObserver) {
    layoutObservers.removeAll { $0.observer == nil }
    guard !layoutObservers.contains(where: { $0.observer === observer }) else { return }
    layoutObservers.append(WeakLayoutObserver(observer: observer))
  }

  /// Stops telling `observer` about layout passes.
  public func removeLayoutObserver(_ observer: any CollectionViewLayoutObserver) {
    layoutObservers.removeAll { $0.observer == nil || $0.observer === observer }
  }

  /// Tells the observers the layout is about to be prepared for a new viewport size.
  func notifyObserversWillPrepareLayout() {
    var index = 0
    while index < layoutObservers.count {
      layoutObservers[index].observer?.collectionView(
        self, willPrepareLayoutForViewportSize: viewportSize)
      index += 1
    }
  }

  /// Tells the observers a `layoutIfNeeded()` that ran passes has finished.
  func notifyObserversDidLayout() {
    // Counted again at every step: an observer may add or remove observers.
    var index = 0
    while index < layoutObservers.count {
      layoutObservers[index].observer?.collectionViewDidLayout(self)
      index += 1
    }
  }
}
