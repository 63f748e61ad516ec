/// The largest number of sections a collection view accepts; more are clamped, with a
/// diagnostic.
public let maximumSectionCount = 10_000_000
/// The largest number of items, over all sections, a collection view accepts; more are
/// clamped, with a diagnostic.
public let maximumItemCount = 100_000_000

extension CollectionView {
  /// Reads the counts again and replaces every displayed view at the next layout pass.
  ///
  /// Selected items that still exist stay selected. A running update animation ends first.
  /// Called from inside a layout pass (from a display callback), the reload waits until the
  /// pass ends.
  ///
  /// - Complexity: O(S) now, plus a full layout prepare at the next pass.
  public func reloadData() {
    if isInLayoutPass {
      reloadRequestedDuringPass = true
      return
    }
    finishUpdateAnimation(finished: false)
    abandonMovementForUpdate()
    closeSwipeActions(animated: false)
    loadCounts()
    // Chat mode opens a conversation at its end.
    if anchorsToEnd { opensAtEnd = true }
    selectedItems = selectedItems.filter(isValid)
    cancelAllPrefetching()
    needsReconfigureAll = true
    collectionViewLayout.invalidateLayout()
    setNeedsLayout()
    #if REUSEKIT_CHECKS
      _checkSelectionInvariants()
    #endif
  }

  /// The number of sections, as last read from the data source.
  public var numberOfSections: Int { itemCounts.count }

  /// The number of items in `section`, as last read; 0 for a section out of range.
  public func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
  }

  /// `true` when `indexPath` names an item of the current data.
  func isValid(_ indexPath: ItemPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < itemCounts.count && indexPath.item >= 0
      && indexPath.item < itemCounts[indexPath.section]
  }

  /// Reads the section and item counts from the data source, clamping bad ones.
  func loadCounts() {
    itemCounts = readCounts()
  }

  /// The data source's section and item counts now, clamped (with diagnostics).
  func readCounts() -> [Int] {
    guard let dataSource else { return [] }
    var sectionCount = dataSource.numberOfSections(in: self)
    if sectionCount < 0 || sectionCount > maximumSectionCount {
      let clamped = min(max(0, sectionCount), maximumSectionCount)
      diagnostics.report(
        .invalidCount, "numberOfSections is \(sectionCount); using \(clamped)")
      sectionCount = clamped
    }
    var counts = [Int]()
    counts.reserveCapacity(sectionCount)
    var total = 0
    for section in 0..<sectionCount {
      let reported = dataSource.collectionView(self, numberOfItemsInSection: section)
      var count = max(0, reported)
      count = min(count, maximumItemCount - total)
      if count != reported {
        diagnostics.report(
          .invalidCount,
          "numberOfItemsInSection(\(section)) is \(reported); using \(count)"
            + (reported > 0 ? " (at most \(maximumItemCount) items in all)" : ""))
      }
      total += count
      counts.append(count)
    }
    return counts
  }
}

extension CollectionView {
  /// Ends displaying every view without touching the data (its views go back to the pool,
  /// with the usual `didEndDisplaying` calls); the next pass asks for cells again. A picker
  /// row does this when it scrolls away, so its item cells serve the other rows. Unlike
  /// ``reloadData()`` it reads no counts and leaves the layout prepared: no allocation.
  package func endDisplayingAll() {
    guard !isInLayoutPass else { return }
    finishUpdateAnimation(finished: false)
    isInLayoutPass = true
    reusePool.beginPass()
    let context = PassContext(dataSource: dataSource, delegate: collectionDelegate, host: host)
    displayedItems.removeAll { endDisplaying($0, $1, context) }
    displayedSupplementaryViews.removeAll { endDisplaying($0, $1, context) }
    reusePool.endPass()
    isInLayoutPass = false
    setNeedsLayout()
  }
}
