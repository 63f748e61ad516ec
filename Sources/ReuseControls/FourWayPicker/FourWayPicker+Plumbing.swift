import ReuseKit

extension FourWayPicker {
  // MARK: Plumbing

  /// The container's data source, delegate and layout observer.
  final class Plumbing: CollectionViewDataSource, CollectionViewDelegate,
    CollectionViewLayoutObserver
  {
    unowned let picker: FourWayPicker

    init(_ picker: FourWayPicker) { self.picker = picker }

    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    {
      picker.rowCounts.count
    }

    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    )
      -> CollectionViewCell
    {
      collectionView.dequeueReusableCell(
        PickerRowCell.self, withReuseIdentifier: FourWayPicker.rowIdentifier, for: indexPath)
    }

    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      picker.bind(cell as! PickerRowCell, to: indexPath.item)
    }

    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      picker.unbind(cell as! PickerRowCell)
    }

    func collectionView(
      _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
    )
      -> Bool
    {
      false  // taps go through FourWayPicker.tap(at:)
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { picker.settle() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { picker.settle() }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
      picker.containerReleased()
      if !decelerate { picker.settle() }
    }

    /// The insets follow the new size before the layout and the offset use it.
    func collectionView(
      _ collectionView: CollectionView, willPrepareLayoutForViewportSize viewportSize: Size
    ) {
      picker.updateContainerInsets()
    }

    func collectionViewDidLayout(_ collectionView: CollectionView) { picker.containerDidLayout() }
  }

  /// A row view's data source and delegate: the row's models, configured into the user's cell.
  final class RowPlumbing: CollectionViewDataSource, CollectionViewDelegate {
    unowned let picker: FourWayPicker
    unowned(unsafe) let cell: PickerRowCell  // the cell owns this object

    init(_ picker: FourWayPicker, _ cell: PickerRowCell) {
      self.picker = picker
      self.cell = cell
    }

    private var row: Int? {
      let row = cell.row
      return row >= 0 && row < picker.rowCounts.count ? row : nil
    }

    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    {
      row.map { picker.rowCounts[$0] } ?? 0
    }

    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    )
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(
        withReuseIdentifier: picker.cellIdentifier, for: indexPath)
      if let row { picker.configure(cell, picker, row, indexPath.item) }
      return cell
    }

    func collectionView(
      _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
    )
      -> Bool
    {
      false  // taps go through FourWayPicker.tap(at:)
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { rowSettled() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { rowSettled() }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
      if !decelerate { rowSettled() }
    }

    /// Only the centred row's settling moves the shared column; the others were realigning.
    private func rowSettled() {
      if cell.row == picker.currentRow { picker.settle() }
    }
  }
}
