import ReuseKit

extension FourWayPicker {
  func updateContainerInsets() {
    let viewport = collectionView.viewportSize
    var insets = EdgeInsets.zero
    if !rowCounts.isEmpty {
      insets.top = max(0, (viewport.height - rowHeight(0)) / 2)
      insets.bottom = max(0, (viewport.height - rowHeight(rowCounts.count - 1)) / 2)
    }
    if insets != collectionView.contentInset { collectionView.contentInset = insets }
  }

  /// After each container pass: keeps the insets that let the first and last rows reach the
  /// centre, centres the current row once the viewport has a size, and re-binds the rows when
  /// the width changes. (Across later resizes the container itself keeps the row it rested
  /// on, or was heading to, centred: its insets follow the size before its layout does.)
  func containerDidLayout() {
    let viewport = collectionView.viewportSize
    guard viewport.width > 0, viewport.height > 0 else { return }
    updateContainerInsets()
    guard viewport != boundViewport else { return }
    let firstSize = boundViewport.width == 0 || boundViewport.height == 0
    let widthChanged = viewport.width != boundViewport.width
    boundViewport = viewport
    isRelayingOut = true
    if widthChanged {
      collectionView.forEachDisplayedView { view, _ in
        if let cell = view as? PickerRowCell, cell.row >= 0 { bind(cell, to: cell.row) }
      }
    }
    isRelayingOut = false
    guard !rowCounts.isEmpty, !collectionView.isTracking else { return }
    // The row it rests on, or was heading to, centred at the new size; the geometry of a size
    // too small to centre anything never decides which row that is.
    restingRow = min(max(0, firstSize ? currentRow : restingRow), rowCounts.count - 1)
    collectionView.stopMotion()
    collectionView.scrollToItem(
      at: ItemPath(section: 0, item: restingRow), at: .center, animated: false)
    collectionView.layoutIfNeeded()
    currentRow = restingRow
    if lastReported == nil, let column = column(forRow: currentRow) {
      lastReported = (currentRow, column)  // the initial position is not a change
    }
    reportCentredModelIfChanged()
  }

  /// Something came to rest: the centred row and the current row's column become current,
  /// the other rows realign, and a change of the centred model is reported once.
  func settle() {
    guard !isRelayingOut else { return }
    guard !rowCounts.isEmpty else {
      lastReported = nil
      return
    }
    if !collectionView.isTracking && !collectionView.isAnimating {
      let middle = collectionView.contentOffset.y + collectionView.viewportSize.height / 2
      let probe = Point(x: collectionView.viewportSize.width / 2, y: middle)
      if let path = collectionView.collectionViewLayout.indexPathForItem(at: probe) {
        currentRow = path.item
      } else if let stop = collectionView.nearestSnapStop(
        to: collectionView.contentOffset.y, axis: .vertical, alignment: .center)
      {
        currentRow = min(max(0, stop.index), rowCounts.count - 1)
      }
      restingRow = currentRow
    }
    if let cell = rowCell(currentRow), !cell.rowView.isTracking, !cell.rowView.isAnimating,
      rowCounts[currentRow] > 0
    {
      let rowView = cell.rowView
      let middle = rowView.contentOffset.x + rowView.viewportSize.width / 2
      let itemWidth = size(ofRow: currentRow).width
      let column = min(max(0, Int((middle / itemWidth).rounded(.down))), rowCounts[currentRow] - 1)
      if column != self.column(forRow: currentRow) {
        currentColumn = column
        layoutRows(animated: true)
      }
    }
    reportCentredModelIfChanged()
  }

  /// A drag of the container was released: the row its snap is heading to is the one a resize
  /// keeps.
  func containerReleased() {
    guard !rowCounts.isEmpty,
      let stop = collectionView.nearestSnapStop(
        to: collectionView.restingContentOffset.y, axis: .vertical, alignment: .center)
    else { return }
    restingRow = min(max(0, stop.index), rowCounts.count - 1)
  }

  /// Reports the centred model once per change.
  func reportCentredModelIfChanged() {
    guard let column = column(forRow: currentRow) else { return }
    if let last = lastReported, last.row == currentRow, last.column == column { return }
    lastReported = (currentRow, column)
    let model = rows[currentRow][column]
    delegate?.fourWayPicker(self, didScrollTo: model)
    didScrollHandler?(model)
  }
}
