/// A collection view's data source over ``PagedItems``: one section of items that load a page
/// at a time, in any layout, with placeholders until they arrive (Android Paging 3's
/// `PagingDataAdapter`).
///
/// ```swift
/// let items = PagedItems<Row>(count: 10_000_000) { range in try await database.rows(range) }
/// let source = PagedDataSource(collectionView: view, items: items) { view, path, element in
///   let cell = view.dequeueReusableCell(RowCell.self, withReuseIdentifier: "row", for: path)
///   cell.show(element)  // .loaded(row), .placeholder or .failed(error)
///   return cell
/// }
/// ```
///
/// The source sets itself as the view's data source. After every layout pass it tells the
/// items which are displayed, so loads start around them and stop for pages scrolled away; on
/// each tick of the host's clock (the host ticks while loads run) it shows what arrived as one
/// batch update without animation that reconfigures the cells whose items came, so nothing on
/// screen moves (with estimated sizes too: the update keeps the content under the viewport),
/// and inserts or deletes items at the end when a load finds the count was other.
///
/// Placeholders and failed items are named for assistive technology after the cell provider
/// ran: "loading, 12 of 10,000,000", "not loaded, 12 of 10,000,000: <error>".
/// ``refresh(count:)`` loads everything again and keeps the focused item focused by its
/// identifier (``identifier``) where it is found in the pages loaded around its place.
public final class PagedDataSource<Item: Sendable>: CollectionViewDataSource, PagingDriver {
  /// Makes the cell for an item as it stands: loaded, a placeholder, or failed.
  public typealias CellProvider = (CollectionView, ItemPath, PagedElement<Item>) ->
    CollectionViewCell

  /// The collection view shown. Held weakly.
  public private(set) weak var collectionView: CollectionView?
  /// The items.
  public let items: PagedItems<Item>
  /// What identifies an item through a refresh (its key in the database, say): with it, the
  /// focused item stays focused where it moved to. `nil`: focus stays at its index.
  public var identifier: ((Item) -> AnyHashable)?
  private let cellProvider: CellProvider
  /// The focused item's identifier and index when a refresh began, until its page reloads.
  private var focusToRestore: (key: AnyHashable, index: Int)?

  /// A data source showing `items` in `collectionView`, its cells made by `cellProvider`.
  public init(
    collectionView: CollectionView, items: PagedItems<Item>,
    cellProvider: @escaping CellProvider
  ) {
    self.collectionView = collectionView
    self.items = items
    self.cellProvider = cellProvider
    collectionView.paging.attach(self, to: collectionView)
    collectionView.dataSource = self
  }

  // MARK: Data source

  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// The items' count (placeholders included).
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  {
    section == 0 ? items.count : 0
  }

  /// The provider's cell for the item as it stands; placeholders and failures named for
  /// assistive technology.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let element = items[indexPath.item]
    let cell = cellProvider(collectionView, indexPath, element)
    let position = "\((indexPath.item + 1).grouped) of \(items.count.grouped)"
    switch element {
    case .loaded: break
    case .placeholder: cell.accessibilityLabel = "loading, " + position
    case .failed(let error): cell.accessibilityLabel = "not loaded, \(position): \(error)"
    }
    return cell
  }

  // MARK: Changes

  /// Loads everything again (the data changed where it lives): the old items stay on screen
  /// until their new ones arrive; the focused item stays focused by ``identifier``. `count`
  /// is the new count, or `nil` to keep it.
  public func refresh(count: Int? = nil) {
    guard let view = collectionView else { return items.refresh(count: count) }
    if let identifier, let focused = view.focusedIndexPath,
      let item = items[focused.item].item
    {
      focusToRestore = (identifier(item), focused.item)
    }
    let old = items.count
    items.refresh(count: count)
    if items.count != old { view.reloadData() }
  }

  /// Loads the failed pages again.
  public func retry() {
    items.retry()
    collectionView.map(applyArrivals(in:))
  }

  package var hasPendingWork: Bool { items.hasPendingWork }

  package func displayedItemsDidChange(in view: CollectionView) {
    let paths = view.displayedItems.attributes
    guard let first = paths.first?.indexPath.item, let last = paths.last?.indexPath.item else {
      // Nothing displayed: the start loads once there is a viewport to show it in.
      if !view.viewportSize.isEmpty { items.noteDisplayed(0..<0) }
      return
    }
    items.noteDisplayed(first..<(last + 1))
  }

  /// Shows what loads brought: the count changed at the end (items inserted or deleted), the
  /// displayed cells whose items arrived or failed reconfigured; one batch, no animation.
  package func applyArrivals(in view: CollectionView) {
    let changes = items.takeChanges()
    guard !changes.isEmpty else { return }
    let shown = view.displayedItems.attributes
    var reconfigured: [ItemPath] = []
    if let first = shown.first?.indexPath.item, let last = shown.last?.indexPath.item {
      for range in changes.ranges {
        let lower = max(range.lowerBound, first)
        let upper = min(range.upperBound, last + 1, changes.oldCount ?? .max)
        if lower < upper { reconfigured += (lower..<upper).map { ItemPath(section: 0, item: $0) } }
      }
    }
    let old = changes.oldCount ?? items.count
    let new = items.count
    view.performBatchUpdates(animated: false) {
      if new > old {
        view.insertItems(at: (old..<new).map { ItemPath(section: 0, item: $0) })
      } else if new < old {
        view.deleteItems(at: (new..<old).map { ItemPath(section: 0, item: $0) })
      }
      let kept = reconfigured.filter { $0.item < min(old, new) }
      if !kept.isEmpty { view.reconfigureItems(at: kept) }
    }
    restoreFocus(in: view)
  }

  /// After a refresh, once the focused item's page has loaded again: focus goes where its
  /// identifier is now among the loaded pages, or stays at its index.
  private func restoreFocus(in view: CollectionView) {
    guard let (key, index) = focusToRestore, let identifier else { return }
    guard index < items.count else {
      focusToRestore = nil
      return
    }
    // Wait for the page at the focused index to load afresh (or fail).
    if case .failed = items[index] {
      focusToRestore = nil
      return
    }
    guard items.isLoadedAfresh(index) else { return }
    focusToRestore = nil
    var found: Int?
    let span = items.configuration.pageSize + items.configuration.prefetchDistance
    for candidate in max(0, index - span)..<min(items.count, index + span + 1)
    where items.isLoadedAfresh(candidate) {
      if let item = items[candidate].item, identifier(item) == key {
        if found == nil || abs(candidate - index) < abs(found! - index) { found = candidate }
      }
    }
    guard let found, found != index else { return }
    // The item keeps its place on screen: the content moves by what it moved.
    let before = view.layoutAttributesForItem(at: ItemPath(section: 0, item: index))?.frame
    let after = view.layoutAttributesForItem(at: ItemPath(section: 0, item: found))?.frame
    view.focusItem(at: ItemPath(section: 0, item: found), scrollsIntoView: false)
    if let before, let after {
      let axis = view.collectionViewLayout.scrollDirection
      var offset = view.contentOffset
      offset[axis] += after.min(axis) - before.min(axis)
      view.contentOffset = offset
      view.restOffsetInBounds()
      view.layoutIfNeeded()
    }
  }
}
