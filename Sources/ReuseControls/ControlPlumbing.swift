import ReuseKit

/// The scroll events a control's plumbing passes on.
enum ControlScrollEvent {
  case didScroll
  case willBeginDragging
  case didEndDragging(willDecelerate: Bool)
  case didEndDecelerating
  case didEndScrollingAnimation
}

/// A control built on one collection view: what its ``ControlPlumbing`` asks of it. Every
/// requirement but the first two has a default that does nothing.
protocol PlumbedControl: AnyObject {
  var collectionView: CollectionView { get }
  func numberOfPlumbedItems() -> Int
  func plumbedCell(at indexPath: ItemPath) -> CollectionViewCell
  func plumbedWillDisplay(_ cell: CollectionViewCell, at index: Int)
  func plumbedDidEndDisplaying(_ cell: CollectionViewCell, at index: Int)
  /// A tap on an item. The collection view's own selection is never used: a control keeps
  /// its selection itself.
  func plumbedTap(at index: Int)
  func plumbedPreferredSize(at index: Int, fitting proposedSize: Size) -> Size?
  func plumbedScrollEvent(_ event: ControlScrollEvent)
  func plumbedWillPrepareLayout(for viewportSize: Size)
  func plumbedDidLayout()
}

extension PlumbedControl {
  func plumbedWillDisplay(_ cell: CollectionViewCell, at index: Int) {}
  func plumbedDidEndDisplaying(_ cell: CollectionViewCell, at index: Int) {}
  func plumbedTap(at index: Int) {}
  func plumbedPreferredSize(at index: Int, fitting proposedSize: Size) -> Size? { nil }
  func plumbedScrollEvent(_ event: ControlScrollEvent) {}
  func plumbedWillPrepareLayout(for viewportSize: Size) {}
  func plumbedDidLayout() {}

  /// Makes `plumbing` the collection view's data source, delegate and a layout observer. The
  /// collection view holds it weakly and the control strongly: a collection view kept after
  /// its control is gone finds no data source (blank, with a diagnostic), never a freed
  /// control.
  func connect(_ plumbing: ControlPlumbing<Self>) {
    collectionView.dataSource = plumbing
    collectionView.delegate = plumbing
    collectionView.addLayoutObserver(plumbing)
  }

  /// The data source's `cell`, or, when the data source went away (`nil`), a blank cell and
  /// one diagnostic until it comes back.
  func cellOrBlank(
    _ cell: CollectionViewCell?, at path: ItemPath, control: String, reported: inout Bool
  ) -> CollectionViewCell {
    guard let cell else {
      if !reported {
        reported = true
        collectionView.diagnostics.report(
          .dataSourceChangedWithoutReload,
          "\(control): the data source went away (it is held weakly); showing blank cells")
      }
      return collectionView.dequeueBlankCell(for: path)
    }
    reported = false
    return cell
  }
}

/// A control's collection-view data source, delegate and layout observer, kept out of the
/// control's public face: it passes each call on to the control.
///
/// It holds the control weakly: a host may keep the collection view after the control is
/// gone (and release the control from inside one of its callbacks), and then the view finds
/// no items and no one to tell, never a freed control.
final class ControlPlumbing<Control: PlumbedControl>: CollectionViewDataSource,
  CollectionViewDelegate, CollectionViewLayoutObserver
{
  weak var control: Control?

  init(_ control: Control) { self.control = control }

  func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    control?.numberOfPlumbedItems() ?? 0
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    control?.plumbedCell(at: indexPath) ?? collectionView.dequeueBlankCell(for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    control?.plumbedWillDisplay(cell, at: indexPath.item)
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    control?.plumbedDidEndDisplaying(cell, at: indexPath.item)
  }

  func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
  ) -> Bool {
    control?.plumbedTap(at: indexPath.item)
    return false
  }

  func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: ItemPath,
    fitting proposedSize: Size
  ) -> Size? {
    control?.plumbedPreferredSize(at: indexPath.item, fitting: proposedSize)
  }

  func scrollViewDidScroll(_ scrollView: ScrollView) { control?.plumbedScrollEvent(.didScroll) }

  func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
    control?.plumbedScrollEvent(.willBeginDragging)
  }

  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    control?.plumbedScrollEvent(.didEndDragging(willDecelerate: decelerate))
  }

  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    control?.plumbedScrollEvent(.didEndDecelerating)
  }

  func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
    control?.plumbedScrollEvent(.didEndScrollingAnimation)
  }

  func collectionView(
    _ collectionView: CollectionView, willPrepareLayoutForViewportSize viewportSize: Size
  ) {
    control?.plumbedWillPrepareLayout(for: viewportSize)
  }

  func collectionViewDidLayout(_ collectionView: CollectionView) { control?.plumbedDidLayout() }
}
