extension ListLayout {
  /// Carries measured lengths (estimated mode) to the items' new places, and invalidates
  /// everything. Other modes recompute lengths from their closure or constant.
  ///
  /// An update that only appends (`ChangesetMapping/isAppendOnly`) invalidates from the
  /// first new item: the next prepare asks only for the new items' lengths, and every item
  /// already laid out keeps its place and its measured length.
  ///
  /// An update that only inserts items at the start of the only section
  /// (`ChangesetMapping/prependedCount`, a chat's older history) puts them in front at the
  /// estimate without laying anything out again.
  ///
  /// - Complexity: O(S) for an append; O(k log n) for k items prepended in estimated mode;
  ///   O(n + c log c) otherwise in estimated mode.
  public func prepare(forCollectionViewUpdates mapping: ChangesetMapping) {
    if invalidation == .none, mapping.oldItemCounts == itemCounts, mapping.isAppendOnly {
      let last = itemCounts.count - 1
      invalidateLayout(
        from: last >= 0
          ? ItemPath(section: last, item: itemCounts[last]) : ItemPath(section: 0, item: 0))
      return
    }
    if case .estimated = itemSizing, invalidation == .none,
      mapping.oldItemCounts == itemCounts
    {
      // Older items at the start of the only section (a chat's history): the new ones take
      // the estimate in front of the others, and nothing is laid out again.
      if let added = mapping.prependedCount {
        prependEstimated(added)
        return
      }
      carriedLengths = mapping.oldFlatIndices().map { $0 >= 0 ? items.length($0) : .nan }
    }
    invalidateLayout()
  }

  /// `added` items at the estimate before the first item of the only section.
  ///
  /// - Complexity: O(k log n).
  private func prependEstimated(_ added: Int) {
    items.prepend(count: added, length: estimatedLength)
    var counts = itemCounts.array
    counts[0] += added
    itemCounts = ItemCountList(counts)
    sectionFirstItem = SectionStarts(counts: itemCounts)
    sections.setLength(
      sectionLength(0, header: headerLengths[0], footer: footerLengths[0]), at: 0)
    updateContentSize()
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }
}
