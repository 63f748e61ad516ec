import ReuseKit

extension Carousel {
  // MARK: Plumbing

  /// The data source's cell for a slot's item, or a blank cell when the data source went away.
  func cell(forSlot slot: Int) -> CollectionViewCell {
    let path = ItemPath(section: 0, item: slot)
    guard let dataSource else {
      if !didReportMissingDataSource {
        didReportMissingDataSource = true
        collectionView.diagnostics.report(
          .dataSourceChangedWithoutReload,
          "Carousel: the data source went away (it is held weakly); showing blank cells")
      }
      return collectionView.dequeueBlankCell(for: path)
    }
    didReportMissingDataSource = false
    return dataSource.carousel(self, cellForItemAt: item(forSlot: slot), slot: slot)
  }

  /// A tap: on the centred card, a selection; on a peeking card, a scroll to it.
  func tapped(slot: Int) {
    if slot == currentSlot {
      delegate?.carousel(self, didSelectItemAt: item(forSlot: slot))
    } else {
      collectionView.setContentOffset(Point(x: layout.offsetCentering(slot), y: 0), animated: true)
    }
  }

  /// The collection view's data source, delegate and layout observer, kept out of the
  /// carousel's public face.
  final class Plumbing: CollectionViewDataSource, CollectionViewDelegate,
    CollectionViewLayoutObserver
  {
    unowned let carousel: Carousel

    init(_ carousel: Carousel) { self.carousel = carousel }

    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      carousel.slotCount
    }

    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    ) -> CollectionViewCell {
      carousel.cell(forSlot: indexPath.item)
    }

    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      carousel.delegate?.carousel(
        carousel, willDisplay: cell, forItemAt: carousel.item(forSlot: indexPath.item))
    }

    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      carousel.delegate?.carousel(
        carousel, didEndDisplaying: cell, forItemAt: carousel.item(forSlot: indexPath.item))
    }

    func collectionView(
      _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
    ) -> Bool {
      carousel.tapped(slot: indexPath.item)
      return false
    }

    /// The offset moved (a drag, a fling, an animation, a call): the current index follows.
    func scrollViewDidScroll(_ scrollView: ScrollView) { carousel.updateCurrentIndex() }

    /// The user starts dragging: the autoscroll pauses.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { carousel.nextAutoscroll = nil }

    func collectionViewDidLayout(_ collectionView: CollectionView) {
      carousel.keepAnchorAcrossResize()
    }
  }
}
