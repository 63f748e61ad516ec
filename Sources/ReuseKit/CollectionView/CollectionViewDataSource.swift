/// Supplies a collection view's counts, cells and supplementary views (UIKit's
/// `UICollectionViewDataSource`).
///
/// ### Call rules
/// - Counts are read when the data source is set and on `reloadData()`, not every frame.
///   Change your data, then reload (or perform a batch update).
/// - ``collectionView(_:cellForItemAt:)`` is called for each item that enters the visible
///   area, during `layoutIfNeeded()`. Dequeue, never allocate: return a cell from
///   `dequeueReusableCell(withReuseIdentifier:for:)`, configured for the item.
/// - The collection view holds its data source weakly.
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections. Defaults to 1.
  func numberOfSections(in collectionView: CollectionView) -> Int

  /// The number of items in `section`. Negative counts are treated as 0, with a diagnostic.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int

  /// The number of items in every section, when all sections have the same (a table's
  /// columns): the collection view then asks no section for its own, so a million sections
  /// are read in a few milliseconds. `nil` (the default): each section is asked.
  func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int?

  /// A dequeued cell, configured for the item at `indexPath`.
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell

  /// A dequeued supplementary view of `kind` for `indexPath.section`, configured.
  ///
  /// Called for each header or footer the layout places. The default returns a blank view
  /// and reports a diagnostic once, so a layout with headers but no provider shows gaps
  /// rather than crashing.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView

  /// The titles of a section index beside the content, such as the letters of a contact list
  /// (UIKit's `indexTitles(for:)`), or `nil` (the default) for none. Read when the counts are
  /// read: on `reloadData()` and after each batch update.
  func indexTitles(for collectionView: CollectionView) -> [String]?

  /// The item a section-index title jumps to (UIKit's
  /// `collectionView(_:indexPathForIndexTitle:at:)`). The default: the first item of section
  /// `index`. Paths out of range are clamped, with a diagnostic.
  func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> ItemPath

  /// Whether the user may move the item at `indexPath`
  /// (``CollectionView/beginInteractiveMovementForItem(at:)``). `false` by default: implement
  /// it with ``collectionView(_:moveItemAt:to:)``.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool

  /// The user dropped the item at `sourceIndexPath` on `destinationIndexPath` (its path after
  /// the move): move it in your data. The collection view then performs the move itself, as
  /// one batch update; do not call `performBatchUpdates` or `reloadData` here.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: ItemPath,
    to destinationIndexPath: ItemPath)
}

extension CollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// No section index.
  public func indexTitles(for collectionView: CollectionView) -> [String]? { nil }

  /// Each section is asked for its count.
  public func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int? { nil }

  /// The first item of section `index`.
  public func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> ItemPath { ItemPath(section: index, item: 0) }

  /// No item moves.
  public func collectionView(
    _ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath
  )
    -> Bool
  { false }

  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: ItemPath,
    to destinationIndexPath: ItemPath
  ) {}

  /// A blank view, with a diagnostic the first time.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.dequeuePlaceholderSupplementaryView(ofKind: kind, for: indexPath)
  }
}

/// Hears about display, selection and scrolling (UIKit's `UICollectionViewDelegate`).
/// Every method has an empty default.
///
/// ### Call rules
/// - `willDisplay` is called once an element's view is configured and laid out, just before it
///   is shown; `didEndDisplaying` once it has been hidden or detached, before it returns to the
///   pool. Every `willDisplay` gets exactly one `didEndDisplaying`, with the same path.
/// - Selection callbacks follow user input only (``CollectionView/selectItem(at:)`` from code
///   calls none, as in UIKit).
public protocol CollectionViewDelegate: ScrollViewDelegate {
  /// `cell` is about to be shown for the item at `indexPath`.
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath)
  /// `cell` stopped showing the item at `indexPath`.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath)
  /// A supplementary view is about to be shown.
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: SupplementaryKind, at indexPath: ItemPath)
  /// A supplementary view stopped showing.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: SupplementaryKind, at indexPath: ItemPath)
  /// Whether a tap may select the item. Defaults to `true`.
  func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
  )
    -> Bool
  /// A tap selected the item.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  /// Whether a tap may deselect the item. Defaults to `true`.
  func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: ItemPath
  )
    -> Bool
  /// A tap deselected the item.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath)
  /// Selected items left the selection because a batch update (or a diffable snapshot)
  /// deleted them, or a reload left them out of range: `indexPaths` are their paths before the
  /// change, in ascending order. Told once per update, after it is applied.
  func collectionView(
    _ collectionView: CollectionView, didDeselectDeletedItemsAt indexPaths: [ItemPath])
  /// A key press moved the focus (``CollectionView/moveFocus(_:animated:)``); not called for
  /// ``CollectionView/focusItem(at:scrollsIntoView:animated:)`` from code, nor when an update
  /// carries the focus along.
  func collectionView(
    _ collectionView: CollectionView, didMoveFocusFrom previous: ItemPath?, to indexPath: ItemPath)
  /// The viewport came within ``CollectionView/edgeDistance`` of `edge`: load more there
  /// (insert the items with a batch update; in chat mode, items inserted at the start keep
  /// what is on screen in place). Told once per approach.
  func collectionView(_ collectionView: CollectionView, didApproach edge: ContentEdge)
  /// A press or a drag on the host's section index jumped to the title at `index`
  /// (``CollectionView/scrollToIndexTitle(at:animated:)`` has run): move the focus there, say.
  func collectionView(_ collectionView: CollectionView, didJumpToIndexTitleAt index: Int)
  /// The size the item at `indexPath` wants, when the layout sizes items from measurements
  /// (estimated sizes): asked when its cell shows, or when its frame's size changes, before the
  /// cell's own ``ReusableView/preferredLayoutSize(fitting:)``, which answers when this returns
  /// `nil` (the default).
  ///
  /// Use it when sizes come from the data rather than from the view: a million items start at
  /// the estimate, and each is sized only when it first shows.
  func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: ItemPath,
    fitting proposedSize: Size
  ) -> Size?
  /// Where a moving item may land (UIKit's method of the same name): `proposedIndexPath` is
  /// the place under the pointer, in paths after the move; return another place to steer it
  /// (keep it in its section, say). The default accepts the proposal. An answer that is not
  /// a place the item can take is ignored, with a diagnostic.
  func collectionView(
    _ collectionView: CollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: ItemPath,
    atCurrentIndexPath currentIndexPath: ItemPath, toProposedIndexPath proposedIndexPath: ItemPath
  ) -> ItemPath
}

extension CollectionViewDelegate {
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: SupplementaryKind, at indexPath: ItemPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: SupplementaryKind, at indexPath: ItemPath
  ) {}
  /// `true`.
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {}
  /// `true`.
  public func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: ItemPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didMoveFocusFrom previous: ItemPath?, to indexPath: ItemPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didDeselectDeletedItemsAt indexPaths: [ItemPath]
  ) {}
  /// Does nothing.
  public func collectionView(_ collectionView: CollectionView, didApproach edge: ContentEdge) {}
  /// Does nothing.
  public func collectionView(_ collectionView: CollectionView, didJumpToIndexTitleAt index: Int) {}
  /// `nil`: the cell decides.
  public func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: ItemPath,
    fitting proposedSize: Size
  ) -> Size? { nil }
  /// The proposal.
  public func collectionView(
    _ collectionView: CollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: ItemPath,
    atCurrentIndexPath currentIndexPath: ItemPath, toProposedIndexPath proposedIndexPath: ItemPath
  ) -> ItemPath { proposedIndexPath }
}

/// Hears which items are about to come on screen, to start loading their data early
/// (UIKit's `UICollectionViewDataSourcePrefetching`).
///
/// The prefetch area extends ``CollectionView/prefetchLeadingScreens`` screens ahead of the
/// visible area in the direction of scrolling and ``CollectionView/prefetchTrailingScreens``
/// behind. Items are prefetched once when they enter that area (and are not displayed), and
/// cancelled if they leave it without having been displayed.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  /// Start loading data for these items, in ascending order.
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [ItemPath])
  /// Stop loading data for these items; they left the prefetch area unseen.
  func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath])
}

extension CollectionViewDataSourcePrefetching {
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath]
  ) {}
}
