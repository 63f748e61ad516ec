/// A headless scroll view: a viewport of ``bounds`` size looking at content of
/// ``contentSize``, at ``contentOffset``.
///
/// `ScrollView` owns no views and draws nothing. A host tells it the viewport size and feeds
/// it input; it tells the host where the content is. ``CollectionView`` is a scroll view, as
/// `UICollectionView` is a `UIScrollView`.
public class ScrollView {
  // MARK: Lifecycle

  /// Creates a scroll view with an empty viewport.
  public init() {}

  // MARK: Public

  /// Where reports about invalid input (NaN offsets, bad counts, bad sizes) go.
  public var diagnostics = Diagnostics()

  /// The point of the content shown at the viewport's top-left corner.
  ///
  /// Setting a NaN or infinite offset is ignored, with a diagnostic.
  public var contentOffset: Point {
    get { _contentOffset }
    set {
      guard newValue.isFinite else {
        diagnostics.report(.invalidMetric, "contentOffset \(newValue) is not finite; ignored")
        return
      }
      guard newValue != _contentOffset else { return }
      let old = _contentOffset
      _contentOffset = newValue
      contentOffsetDidChange(from: old)
    }
  }

  /// The size of the visible area. Negative or non-finite extents are treated as 0, with a
  /// diagnostic.
  public var viewportSize: Size {
    get { _viewportSize }
    set {
      let clean = Size(
        width: newValue.width.sanitizedLength, height: newValue.height.sanitizedLength)
      if clean != newValue {
        diagnostics.report(.invalidSize, "viewport size \(newValue) is invalid; using \(clean)")
      }
      guard clean != _viewportSize else { return }
      let old = _viewportSize
      _viewportSize = clean
      viewportSizeDidChange(from: old)
    }
  }

  /// The visible area in content coordinates: ``contentOffset`` and ``viewportSize``.
  public var bounds: Rect {
    get { Rect(origin: contentOffset, size: viewportSize) }
    set {
      viewportSize = newValue.size
      contentOffset = newValue.origin
    }
  }

  /// The size of the content. A collection view sets it from its layout.
  @exclusivity(unchecked) public var contentSize: Size = .zero

  /// Extra scrollable space around the content (UIKit's `contentInset`).
  @exclusivity(unchecked) public var contentInset: EdgeInsets = .zero

  // MARK: Internal

  /// See `_debugLabel`.
  var debugLabel = ""

  @exclusivity(unchecked) private var _contentOffset = Point.zero
  @exclusivity(unchecked) private var _viewportSize = Size.zero

  /// Called after ``contentOffset`` changes. Subclasses override to schedule layout.
  func contentOffsetDidChange(from oldOffset: Point) {}

  /// Called after ``viewportSize`` changes. Subclasses override to schedule layout.
  func viewportSizeDidChange(from oldSize: Size) {}
}
