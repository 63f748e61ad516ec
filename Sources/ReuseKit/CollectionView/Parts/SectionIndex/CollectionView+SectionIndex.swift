extension CollectionView {
  // MARK: Section index

  /// The section-index titles from the data source
  /// (``CollectionViewDataSource/indexTitles(for:)``), as last read: on `reloadData()` and
  /// after each batch update. Empty without an index.
  public var indexTitles: [String] { counts.indexTitles }

  /// The item the section-index title at `index` jumps to, as the data source says
  /// (``CollectionViewDataSource/collectionView(_:indexPathForIndexTitle:at:)``), clamped into
  /// range (with a diagnostic when the data source's answer was out of range); `nil` for an
  /// index out of range or without sections. For an empty section the path names item 0 of
  /// it, which holds no item: ``scrollToIndexTitle(at:animated:)`` shows the section's header.
  public func indexPath(forIndexTitle title: String, at index: Int) -> ItemPath? {
    guard let dataSource, index >= 0, index < counts.indexTitles.count, !itemCounts.isEmpty
    else { return nil }
    let answer = dataSource.collectionView(self, indexPathForIndexTitle: title, at: index)
    let section = min(max(0, answer.section), itemCounts.count - 1)
    let item = min(max(0, answer.item), max(0, itemCounts[section] - 1))
    let path = ItemPath(section: section, item: item)
    if path != answer {
      diagnostics.report(
        .indexPathOutOfRange,
        "indexPathForIndexTitle(\(title), at: \(index)) is \(answer), out of range; using \(path)")
    }
    return path
  }

  /// Jumps to the section-index title at `index`: its item at the top of the viewport, with
  /// its section's header above it when the item is the section's first (just below a pinned
  /// header, or at the very top when headers scroll away). Exact with estimated sizes, as
  /// ``scrollToItem(at:at:animated:)`` is. Out of range: ignored.
  public func scrollToIndexTitle(at index: Int, animated: Bool = false) {
    guard index >= 0, index < counts.indexTitles.count,
      let path = indexPath(forIndexTitle: counts.indexTitles[index], at: index)
    else { return }
    layoutIfNeeded()
    let layout = collectionViewLayout
    let axis = layout.scrollDirection
    let header = layout.layoutAttributesForSupplementaryView(
      ofKind: .header, inSection: path.section)?.frame
    if itemCounts[path.section] > 0 {
      // An unpinned header scrolls with its first item: keep it in view above the item.
      var padding = 0.0
      if path.item == 0, let header, layout.pinnedLengths(inSection: path.section).leading == 0,
        let item = layout.frameForItem(at: path)
      {
        padding = max(0, item.min(axis) - header.min(axis))
      }
      scrollToItem(at: path, at: .start, animated: animated, padding: padding)
    } else if header != nil {
      // An empty section: its header at the top, re-aimed while estimates above settle.
      for _ in 0..<8 {
        guard
          let frame = layout.layoutAttributesForSupplementaryView(
            ofKind: .header, inSection: path.section)?.frame
        else { return }
        var target = contentOffset
        target[axis] = frame.min(axis) - contentInset.leading(axis)
        target = clampedContentOffset(target)
        if target == contentOffset { return }
        contentOffset = target
        layoutIfNeeded()
      }
    }
  }

  /// The title a host's section index shows (and jumps to) at `position` along an index
  /// `trackLength` long: the titles spread evenly over the track, as the scroll indicator
  /// beside them spans it (with more titles than room, each place shows the title it jumps
  /// to). `nil` without titles or room.
  public func indexTitle(atPosition position: Double, trackLength: Double) -> Int? {
    let count = counts.indexTitles.count
    guard count > 0, trackLength >= 1, position.isFinite, trackLength.isFinite else { return nil }
    if trackLength == trackLength.rounded() && position == position.rounded() {
      // Whole points (a terminal's rows): exact integer shares.
      let length = Int(trackLength)
      let row = min(max(0, Int(position)), length - 1)
      return min(count - 1, row * count / length)
    }
    let fraction = min(max(0, position / trackLength), 1)
    return min(count - 1, Int(fraction * Double(count)))
  }
}
