extension CollectionView {
  /// Finds the items in the prefetch area that are not displayed, tells the prefetch data
  /// source about those that entered it, and cancels those that left it unseen.
  ///
  /// The area extends the displayed area by ``prefetchLeadingScreens`` viewports in the
  /// direction of the last scroll and ``prefetchTrailingScreens`` behind.
  ///
  /// - Complexity: O(log n + p) where p is the number of items in the prefetch area; no
  ///   allocation in the steady state. Skipped entirely without a prefetch data source.
  func updatePrefetch(_ layout: any CollectionViewLayout) {
    guard let prefetcher = prefetchDataSource else { return }
    let axis = layout.scrollDirection
    let screen = viewportSize[axis]
    let leading = (prefetchLeadingScreens.isFinite ? max(0, prefetchLeadingScreens) : 0) * screen
    let trailing = (prefetchTrailingScreens.isFinite ? max(0, prefetchTrailingScreens) : 0) * screen
    let displayed = bounds.outset(by: overscan)
    let before = scrollSign > 0 ? trailing : leading
    let after = scrollSign > 0 ? leading : trailing
    let start = displayed.min(axis) - before
    let area = Rect(
      axis: axis, main: start, mainLength: displayed.max(axis) + after - start,
      cross: displayed.min(axis.cross), crossLength: displayed.length(axis.cross))

    prefetchElements.removeAll()
    if !viewportSize.isEmpty {
      layout.elements(in: LayoutQuery(rect: area, viewport: bounds), into: &prefetchElements)
    }
    // New prefetch set: items in the area that are not displayed (both lists sorted).
    prefetchScratch.removeAll(keepingCapacity: true)
    var displayedIndex = 0
    let shown = displayedItems.attributes
    for element in prefetchElements.items {
      let path = element.indexPath
      while displayedIndex < shown.count, shown[displayedIndex].indexPath < path {
        displayedIndex += 1
      }
      if displayedIndex < shown.count, shown[displayedIndex].indexPath == path {
        continue
      }
      if let last = prefetchScratch.last, last >= path { continue }  // unsorted layout output
      prefetchScratch.append(path)
    }
    // Entered: in the new set, not in the old one.
    prefetchCallBuffer.removeAll(keepingCapacity: true)
    var oldIndex = 0
    for path in prefetchScratch {
      while oldIndex < prefetchedItems.count, prefetchedItems[oldIndex] < path { oldIndex += 1 }
      if oldIndex < prefetchedItems.count, prefetchedItems[oldIndex] == path { continue }
      prefetchCallBuffer.append(path)
    }
    if !prefetchCallBuffer.isEmpty {
      prefetcher.collectionView(self, prefetchItemsAt: prefetchCallBuffer)
    }
    // Left unseen: in the old set, not in the new one, and not displayed now.
    prefetchCallBuffer.removeAll(keepingCapacity: true)
    var newIndex = 0
    for path in prefetchedItems {
      while newIndex < prefetchScratch.count, prefetchScratch[newIndex] < path { newIndex += 1 }
      if newIndex < prefetchScratch.count, prefetchScratch[newIndex] == path { continue }
      if cellForItem(at: path) != nil { continue }
      prefetchCallBuffer.append(path)
    }
    if !prefetchCallBuffer.isEmpty {
      prefetcher.collectionView(self, cancelPrefetchingForItemsAt: prefetchCallBuffer)
    }
    swap(&prefetchedItems, &prefetchScratch)
  }

  /// Cancels every outstanding prefetch (after a reload, the paths mean other items).
  func cancelAllPrefetching() {
    guard !prefetchedItems.isEmpty else { return }
    let cancelled = prefetchedItems
    prefetchedItems.removeAll(keepingCapacity: true)
    prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: cancelled)
  }

  /// Forgets outstanding prefetches when the prefetch data source changes, cancelling them
  /// with the old one.
  func resetPrefetch(cancelling old: (any CollectionViewDataSourcePrefetching)?) {
    if !prefetchedItems.isEmpty {
      old?.collectionView(self, cancelPrefetchingForItemsAt: prefetchedItems)
      prefetchedItems.removeAll()
    }
    setNeedsLayout()
  }

  /// The items prefetched and neither displayed nor cancelled yet, in ascending order.
  public var indexPathsForPrefetchedItems: [ItemPath] { prefetchedItems }
}
