import ReuseKit

extension OptionBar {
  // MARK: Plumbing

  /// A tap: the option bar handles selection itself (single selection, scroll to centre).
  func tapped(column index: Int) {
    if index != selectedIndex { setSelection(index, origin: .tap) }
    scrollToCenter(index, animated: true)
  }

  /// With ``estimatedColumnWidth``, a column's width, asked of the delegate when it shows.
  func measuredWidth(ofColumn index: Int, height: Double) -> Size? {
    guard estimatedColumnWidth != nil, let delegate else { return nil }
    var sanitizer = LengthSanitizer(subject: "option bar column width")
    let path = ItemPath(section: 0, item: index)
    let width = sanitizer.sanitize(delegate.optionBar(self, widthForColumnAt: index), at: path)
    sanitizer.report(to: collectionView.diagnostics)
    return Size(width: width, height: height)
  }

  /// After a slide: selects the column the strip rests on, centred. Not while a finger holds
  /// the strip (a touch that stops a slide ends its deceleration: its release settles first),
  /// and not when code, not a slide, moved the strip.
  func selectCenteredColumnAfterSlide() {
    guard selectsCenteredColumnOnSlide, isSliding, columnCount > 0, !collectionView.isTracking,
      !collectionView.isAnimating,
      let stop = collectionView.nearestSnapStop(
        to: collectionView.contentOffset.x, axis: .horizontal, alignment: .center)
    else { return }
    isSliding = false
    setSelection(stop.index, origin: .slide)
  }

  /// After each pass: a selection centred before the viewport changed size is centred again
  /// after it, as a tab bar keeps its tab in view on rotation (an animation toward it re-aims
  /// by itself).
  func didLayout() {
    let viewport = collectionView.viewportSize
    let idle = !collectionView.isAnimating && !collectionView.isTracking
    if viewport != laidOutViewport {
      laidOutViewport = viewport
      if selectionWasCentred, idle, let selectedIndex {
        scrollToCenter(selectedIndex, animated: false)
      }
    }
    if idle {
      selectionWasCentred =
        selectedIndex.map { index in
          guard let frame = frameForColumn(at: index) else { return false }
          let centring = collectionView.clampedContentOffset(
            Point(x: frame.midX - viewport.width / 2, y: 0))
          return centring.x == collectionView.contentOffset.x
        } ?? false
    }
  }
}

extension OptionBar: PlumbedControl {
  func numberOfPlumbedItems() -> Int { columnCount }

  /// The data source's cell, or a blank one when the data source went away.
  func plumbedCell(at indexPath: ItemPath) -> CollectionViewCell {
    cellOrBlank(
      dataSource?.optionBar(self, cellForColumnAt: indexPath.item), at: indexPath,
      control: "OptionBar", reported: &didReportMissingDataSource)
  }

  func plumbedWillDisplay(_ cell: CollectionViewCell, at index: Int) {
    delegate?.optionBar(self, willDisplay: cell, forColumnAt: index)
  }

  func plumbedDidEndDisplaying(_ cell: CollectionViewCell, at index: Int) {
    delegate?.optionBar(self, didEndDisplaying: cell, forColumnAt: index)
  }

  func plumbedTap(at index: Int) { tapped(column: index) }

  func plumbedPreferredSize(at index: Int, fitting proposedSize: Size) -> Size? {
    measuredWidth(ofColumn: index, height: proposedSize.height)
  }

  func plumbedScrollEvent(_ event: ControlScrollEvent) {
    switch event {
    // The user starts sliding the strip.
    case .willBeginDragging: isSliding = true
    // A slide settled (or a drag ended without deceleration): with
    // `selectsCenteredColumnOnSlide`, its centred column is selected.
    case .didEndDecelerating, .didEndDragging(willDecelerate: false):
      selectCenteredColumnAfterSlide()
    default: break
    }
  }

  func plumbedDidLayout() { didLayout() }
}
