import ReuseKit

extension OptionBar {
  // MARK: Plumbing


  /// The data source's cell, or a blank one when the data source went away.
  func cell(forColumn index: Int) -> CollectionViewCell {
    guard let dataSource else {
      if !didReportMissingDataSource {
        didReportMissingDataSource = true
        collectionView.diagnostics.report(
          .dataSourceChangedWithoutReload,
          "OptionBar: the data source went away (it is held weakly); showing blank cells")
      }
      return collectionView.dequeueBlankCell(for: ItemPath(section: 0, item: index))
    }
    didReportMissingDataSource = false
    return dataSource.optionBar(self, cellForColumnAt: index)
  }

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


  final class Plumbing: CollectionViewDataSource, CollectionViewDelegate,
    CollectionViewLayoutObserver
  {
    unowned let bar: OptionBar

    init(_ bar: OptionBar) { self.bar = bar }

    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      bar.columnCount
    }

    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    ) -> CollectionViewCell {
      bar.cell(forColumn: indexPath.item)
    }

    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      bar.delegate?.optionBar(bar, willDisplay: cell, forColumnAt: indexPath.item)
    }

    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      bar.delegate?.optionBar(bar, didEndDisplaying: cell, forColumnAt: indexPath.item)
    }

    func collectionView(
      _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
    ) -> Bool {
      bar.tapped(column: indexPath.item)
      return false
    }

    func collectionView(
      _ collectionView: CollectionView, preferredSizeForItemAt indexPath: ItemPath,
      fitting proposedSize: Size
    ) -> Size? {
      bar.measuredWidth(ofColumn: indexPath.item, height: proposedSize.height)
    }

    /// A slide settled: with `selectsCenteredColumnOnSlide`, its centred column is selected.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
      bar.selectCenteredColumnAfterSlide()
    }

    /// A drag ended without deceleration.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
      if !decelerate { bar.selectCenteredColumnAfterSlide() }
    }

    /// The user starts sliding the strip.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { bar.isSliding = true }

    func collectionViewDidLayout(_ collectionView: CollectionView) { bar.didLayout() }
  }
}
