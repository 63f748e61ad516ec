/// The prefetching part of a collection view (UIKit's `prefetchDataSource`): it tells the
/// prefetch data source about items that will soon be displayed, ahead of the motion, and
/// cancels those that leave the area unseen. It takes part in passes (the prefetch phase)
/// only while a prefetch data source is set.
final class Prefetcher: LayoutPassParticipant {
  /// Hears which items will soon be displayed. Held weakly.
  weak var dataSource: (any CollectionViewDataSourcePrefetching)?
  /// How many screens ahead of the visible area, in the scrolling direction, items are
  /// prefetched.
  var leadingScreens: Double = 1
  /// How many screens behind the visible area items stay prefetched.
  var trailingScreens: Double = 0.25
  /// Items prefetched and not yet displayed or cancelled, sorted.
  private(set) var prefetched: [ItemPath] = []
  private var scratch: [ItemPath] = []
  private var callBuffer: [ItemPath] = []
  private var elements = LayoutElements()
  /// +1 when the last offset change moved forward along the scroll axis, −1 backward.
  @exclusivity(unchecked) private var scrollSign: Double = 1

  /// The offset moved by `delta` along the scroll axis: the area leads that way.
  @inline(__always)
  func noteScroll(by delta: Double) {
    if delta != 0 { scrollSign = delta > 0 ? 1 : -1 }
  }

  /// Finds the items in the prefetch area that are not displayed, tells the prefetch data
  /// source about those that entered it, and cancels those that left it unseen.
  ///
  /// The area extends the displayed area by ``leadingScreens`` viewports in the direction of
  /// the last scroll and ``trailingScreens`` behind.
  ///
  /// - Complexity: O(log n + p) where p is the number of items in the prefetch area; no
  ///   allocation in the steady state.
  func collectionView(
    _ collectionView: CollectionView, prefetchAround layout: any CollectionViewLayout
  ) {
    guard let prefetcher = dataSource else { return }
    let axis = layout.scrollDirection
    let screen = collectionView.viewportSize[axis]
    let leading = (leadingScreens.isFinite ? max(0, leadingScreens) : 0) * screen
    let trailing = (trailingScreens.isFinite ? max(0, trailingScreens) : 0) * screen
    let displayed = collectionView.bounds.outset(by: collectionView.overscan)
    let before = scrollSign > 0 ? trailing : leading
    let after = scrollSign > 0 ? leading : trailing
    let start = displayed.min(axis) - before
    // Rails scroll across the axis: their next items, a screen of them either side, too.
    let across = layout.sectionScrolling != nil ? max(leading, trailing) / max(1, screen) : 0
    let crossScreen = collectionView.viewportSize[axis.cross] * across
    let area = Rect(
      axis: axis, main: start, mainLength: displayed.max(axis) + after - start,
      cross: displayed.min(axis.cross) - crossScreen,
      crossLength: displayed.length(axis.cross) + 2 * crossScreen)

    elements.removeAll()
    if !collectionView.viewportSize.isEmpty {
      layout.elements(
        in: LayoutQuery(rect: area, viewport: collectionView.bounds), into: &elements)
    }
    // New prefetch set: items in the area that are not displayed (both lists sorted).
    scratch.removeAll(keepingCapacity: true)
    var displayedIndex = 0
    let shown = collectionView.displayedItems.attributes
    for element in elements.items {
      let path = element.indexPath
      while displayedIndex < shown.count, shown[displayedIndex].indexPath < path {
        displayedIndex += 1
      }
      if displayedIndex < shown.count, shown[displayedIndex].indexPath == path {
        continue
      }
      if let last = scratch.last, last >= path { continue }  // unsorted layout output
      scratch.append(path)
    }
    // Entered: in the new set, not in the old one.
    callBuffer.removeAll(keepingCapacity: true)
    var oldIndex = 0
    for path in scratch {
      while oldIndex < prefetched.count, prefetched[oldIndex] < path { oldIndex += 1 }
      if oldIndex < prefetched.count, prefetched[oldIndex] == path { continue }
      callBuffer.append(path)
    }
    if !callBuffer.isEmpty {
      prefetcher.collectionView(collectionView, prefetchItemsAt: callBuffer)
    }
    // Left unseen: in the old set, not in the new one, and not displayed now.
    callBuffer.removeAll(keepingCapacity: true)
    var newIndex = 0
    for path in prefetched {
      while newIndex < scratch.count, scratch[newIndex] < path { newIndex += 1 }
      if newIndex < scratch.count, scratch[newIndex] == path { continue }
      if collectionView.cellForItem(at: path) != nil { continue }
      callBuffer.append(path)
    }
    if !callBuffer.isEmpty {
      prefetcher.collectionView(collectionView, cancelPrefetchingForItemsAt: callBuffer)
    }
    swap(&prefetched, &scratch)
  }

  /// Cancels every outstanding prefetch (after a reload, the paths mean other items).
  func cancelAll(in collectionView: CollectionView) {
    guard !prefetched.isEmpty else { return }
    let cancelled = prefetched
    prefetched.removeAll(keepingCapacity: true)
    dataSource?.collectionView(collectionView, cancelPrefetchingForItemsAt: cancelled)
  }

  /// A new prefetch data source: outstanding prefetches are cancelled with the old one, and the
  /// part takes part in passes while there is one.
  func dataSourceDidChange(
    from old: (any CollectionViewDataSourcePrefetching)?, in collectionView: CollectionView
  ) {
    if !prefetched.isEmpty {
      old?.collectionView(collectionView, cancelPrefetchingForItemsAt: prefetched)
      prefetched.removeAll()
    }
    if dataSource != nil {
      collectionView.join(self)
    } else {
      collectionView.leave(self)
    }
  }
}

extension Prefetcher {
  /// Checks that the prefetched items are sorted and distinct. Compiled in only with
  /// `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      collectionView.invariant(isSorted(prefetched), "prefetched items not sorted")
    #endif
  }
}

extension CollectionView {
  /// Hears which items will soon be displayed. Held weakly; `nil` turns prefetching off.
  public var prefetchDataSource: (any CollectionViewDataSourcePrefetching)? {
    get { prefetcher.dataSource }
    set {
      let old = prefetcher.dataSource
      prefetcher.dataSource = newValue
      prefetcher.dataSourceDidChange(from: old, in: self)
    }
  }

  /// How many screens ahead of the visible area, in the scrolling direction, items are
  /// prefetched.
  public var prefetchLeadingScreens: Double {
    get { prefetcher.leadingScreens }
    set {
      prefetcher.leadingScreens = newValue
      setNeedsLayout()
    }
  }

  /// How many screens behind the visible area items stay prefetched.
  public var prefetchTrailingScreens: Double {
    get { prefetcher.trailingScreens }
    set {
      prefetcher.trailingScreens = newValue
      setNeedsLayout()
    }
  }

  /// The items prefetched and neither displayed nor cancelled yet, in ascending order.
  public var indexPathsForPrefetchedItems: [ItemPath] { prefetcher.prefetched }
}

extension Prefetcher: CollectionViewPart {
  /// Any change: outstanding prefetches are cancelled (their paths may mean other items).
  func dataDidChange(_ change: DataChange, in view: CollectionView) { cancelAll(in: view) }
}
