import ReuseKit

/// Hears when a ``WaterfallView`` wants more items.
public protocol WaterfallViewDelegate: AnyObject {
  /// The end is near: append items to your data, then call `insertItems(at:)` on the feed's
  /// collection view with their paths (only they are placed; `reloadData()` would lay out
  /// every item again). Asked once per item count.
  func waterfallViewWantsMoreItems(_ feed: WaterfallView)
}

/// A feed in columns: a collection view with a `WaterfallLayout`, and "load more" when the
/// end comes near.
///
/// ```swift
/// let feed = WaterfallView(layout: WaterfallLayout(columns: .adaptive(minimumWidth: 160),
///                                                  itemHeight: .perItem { path, width in … }))
/// feed.collectionView.dataSource = photos
/// feed.delegate = photos      // waterfallViewWantsMoreItems(_:): append, then insertItems(at:)
/// ```
///
/// The delegate is asked when the content's end comes within ``loadMoreThreshold`` screens
/// of the viewport's bottom, once per item count: it is asked again only after the count
/// changes (the page arrived), or after ``resetLoadMore()`` (a failed load to retry). An
/// empty feed asks at once. The collection view's `delegate` stays free for the app.
public final class WaterfallView {
  /// The collection view showing the feed.
  public let collectionView: CollectionView
  /// The layout.
  public let layout: WaterfallLayout
  /// How close to the end, in screens, asks for more. Default 2.
  public var loadMoreThreshold: Double = 2 {
    didSet {
      if !(loadMoreThreshold >= 0 && loadMoreThreshold.isFinite) {
        collectionView.diagnostics.report(
          .invalidMetric, "loadMoreThreshold \(loadMoreThreshold) is invalid; using 2")
        loadMoreThreshold = 2
      }
    }
  }
  /// Asked for more items as the end comes near. Held weakly. Setting it checks at once.
  public weak var delegate: (any WaterfallViewDelegate)? {
    didSet { checkLoadMore() }
  }
  /// Asked for more items, as the delegate is.
  @available(
    *, deprecated, message: "Set `delegate` (a WaterfallViewDelegate), as every control does"
  )
  public var loadMoreHandler: ((WaterfallView) -> Void)? {
    get { loadMoreClosure }
    set {
      loadMoreClosure = newValue
      checkLoadMore()
    }
  }
  private var loadMoreClosure: ((WaterfallView) -> Void)?
  /// The total item count when more was last asked for; `nil` when not waiting.
  public private(set) var loadMoreRequestedAtCount: Int?
  private var isCheckingLoadMore = false

  /// A feed with `layout`.
  public init(layout: WaterfallLayout = WaterfallLayout(), viewportSize: Size = .zero) {
    self.layout = layout
    collectionView = CollectionView(layout: layout, viewportSize: viewportSize)
    collectionView.addLayoutObserver(observer)
  }

  /// Watches the collection view's passes for the end coming near. The collection view holds
  /// it weakly, the feed strongly: a collection view kept after its feed is gone asks no one.
  private lazy var observer = LoadMoreObserver(self)

  private final class LoadMoreObserver: CollectionViewLayoutObserver {
    weak var feed: WaterfallView?
    init(_ feed: WaterfallView) { self.feed = feed }
    func collectionViewDidLayout(_ collectionView: CollectionView) { feed?.checkLoadMore() }
  }

  /// Forgets the last request, so the next layout near the end asks again (after a failed
  /// load, say).
  public func resetLoadMore() {
    loadMoreRequestedAtCount = nil
    checkLoadMore()
  }

  /// The distance from the viewport's bottom to the content's end, in points.
  public var distanceToEnd: Double {
    collectionView.contentSize.height - collectionView.contentOffset.y
      - collectionView.viewportSize.height
  }

  /// Asks for more when the end is near and the count changed since the last request; again
  /// at once if the page that arrived still leaves the end near.
  func checkLoadMore() {
    guard delegate != nil || loadMoreClosure != nil, !isCheckingLoadMore else { return }
    isCheckingLoadMore = true
    defer { isCheckingLoadMore = false }
    // Bounded: each round needs the count to have changed.
    for _ in 0..<1_000 {
      guard delegate != nil || loadMoreClosure != nil, !collectionView.viewportSize.isEmpty
      else { return }
      collectionView.layoutIfNeeded()
      let count = totalCount
      if let requested = loadMoreRequestedAtCount, requested != count {
        loadMoreRequestedAtCount = nil  // the page arrived
      }
      guard loadMoreRequestedAtCount == nil,
        distanceToEnd <= loadMoreThreshold * collectionView.viewportSize.height
      else { return }
      loadMoreRequestedAtCount = count
      if let delegate {
        delegate.waterfallViewWantsMoreItems(self)
      } else {
        loadMoreClosure?(self)
      }
      if totalCount == count { return }  // the page comes later
    }
  }

  private var totalCount: Int {
    (0..<collectionView.numberOfSections).reduce(0) {
      $0 + collectionView.numberOfItems(inSection: $1)
    }
  }
}
