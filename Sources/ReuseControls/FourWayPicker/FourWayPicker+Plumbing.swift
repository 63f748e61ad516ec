import ReuseKit

extension FourWayPicker {
  // MARK: Plumbing

  /// A row view's data source and delegate: the row's models, configured into the user's cell.
  ///
  /// The picker is held weakly (a host may keep the container, and with it the row cells,
  /// after the picker is gone: the rows then show nothing). The cell owns this object, and
  /// the row view it owns holds it weakly, so it never outlives the cell.
  final class RowPlumbing: CollectionViewDataSource, CollectionViewDelegate {
    weak var picker: FourWayPicker?
    unowned let cell: PickerRowCell

    init(_ picker: FourWayPicker, _ cell: PickerRowCell) {
      self.picker = picker
      self.cell = cell
    }

    private var row: Int? {
      guard let picker else { return nil }
      let row = cell.row
      return row >= 0 && row < picker.rowCounts.count ? row : nil
    }

    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    {
      guard let picker, let row else { return 0 }
      return picker.rowCounts[row]
    }

    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    )
      -> CollectionViewCell
    {
      guard let picker else { return collectionView.dequeueBlankCell(for: indexPath) }
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
      if let picker, cell.row == picker.currentRow { picker.settle() }
    }
  }
}

extension FourWayPicker: PlumbedControl {
  func numberOfPlumbedItems() -> Int { rowCounts.count }

  func plumbedCell(at indexPath: ItemPath) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      PickerRowCell.self, withReuseIdentifier: Self.rowIdentifier, for: indexPath)
  }

  func plumbedWillDisplay(_ cell: CollectionViewCell, at row: Int) {
    bind(cell as! PickerRowCell, to: row)
  }

  func plumbedDidEndDisplaying(_ cell: CollectionViewCell, at row: Int) {
    unbind(cell as! PickerRowCell)
  }

  // Taps go through `FourWayPicker.tap(at:)`: the default `plumbedTap` does nothing.

  func plumbedScrollEvent(_ event: ControlScrollEvent) {
    switch event {
    case .didEndDecelerating, .didEndScrollingAnimation: settle()
    case .didEndDragging(let decelerate):
      containerReleased()
      if !decelerate { settle() }
    default: break
    }
  }

  /// The insets follow the new size before the layout and the offset use it.
  func plumbedWillPrepareLayout(for viewportSize: Size) { updateContainerInsets() }

  func plumbedDidLayout() { containerDidLayout() }
}
