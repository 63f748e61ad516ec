import ReuseKit

extension Carousel {
  // MARK: Plumbing

  /// A tap: on the centred card, a selection; on a peeking card, a scroll to it.
  func tapped(slot: Int) {
    if slot == currentSlot {
      delegate?.carousel(self, didSelectItemAt: item(forSlot: slot))
    } else {
      collectionView.setContentOffset(Point(x: layout.offsetCentering(slot), y: 0), animated: true)
    }
  }
}

extension Carousel: PlumbedControl {
  func numberOfPlumbedItems() -> Int { slotCount }

  /// The data source's cell for a slot's item, or a blank cell when the data source went away.
  func plumbedCell(at indexPath: ItemPath) -> CollectionViewCell {
    let slot = indexPath.item
    return cellOrBlank(
      dataSource?.carousel(self, cellForItemAt: item(forSlot: slot), slot: slot), at: indexPath,
      control: "Carousel", reported: &didReportMissingDataSource)
  }

  func plumbedWillDisplay(_ cell: CollectionViewCell, at slot: Int) {
    delegate?.carousel(self, willDisplay: cell, forItemAt: item(forSlot: slot))
  }

  func plumbedDidEndDisplaying(_ cell: CollectionViewCell, at slot: Int) {
    delegate?.carousel(self, didEndDisplaying: cell, forItemAt: item(forSlot: slot))
  }

  func plumbedTap(at slot: Int) { tapped(slot: slot) }

  func plumbedScrollEvent(_ event: ControlScrollEvent) {
    switch event {
    // The offset moved (a drag, a fling, an animation, a call): the current index follows.
    case .didScroll: updateCurrentIndex()
    // The user starts dragging: the autoscroll pauses.
    case .willBeginDragging: nextAutoscroll = nil
    default: break
    }
  }

  func plumbedDidLayout() { keepAnchorAcrossResize() }
}
