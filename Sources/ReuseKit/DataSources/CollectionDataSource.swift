/// A data source and delegate built from a provider and a cell type: it registers its cell,
/// answers counts and cells from the provider, configures each cell with its item, and
/// reports selection with the item.
///
/// ```swift
/// let dataSource = CollectionArrayDataSource(collectionView: collectionView, items: photos, cell: PhotoCell.self)
/// dataSource.selectionHandler = { photo, _ in open(photo) }
/// ```
///
/// The collection view holds its data source weakly: keep a reference. The data source makes
/// itself the collection view's delegate and forwards every delegate call to ``delegate``.
///
/// `Cell.Item == Provider.Item` is checked by the compiler; a different class already
/// registered under `Cell.reuseIdentifier` stops the program at once, naming both types.
open class CollectionDataSource<Provider: CollectionDataProvider, Cell: ConfigurableCell>:
  CollectionViewDataSource, CollectionViewDelegate
where Cell.Item == Provider.Item {
  /// The items.
  public typealias Item = Provider.Item

  /// The collection view this data source drives.
  public let collectionView: CollectionView
  /// Where the items come from. Assigning a new provider reloads the collection view.
  public var provider: Provider {
    didSet { if !isApplyingBatch { collectionView.reloadData() } }
  }
  /// Set while the provider changes under batch updates (no reload then).
  var isApplyingBatch = false
  /// Called when a tap selects an item, with the item and its path.
  public var selectionHandler: ((Item, ItemPath) -> Void)?
  /// Supplies headers, footers and other supplementary views: given the collection view, the
  /// kind and the section's path, return a dequeued, configured view. Without it, a layout
  /// that places supplementary views gets blank ones (and a diagnostic).
  public var supplementaryViewProvider:
    ((CollectionView, SupplementaryKind, ItemPath) -> ReusableView)?
  /// Hears every delegate call the data source does not need for itself (display, selection,
  /// scrolling). Held weakly.
  public weak var delegate: (any CollectionViewDelegate)?
  /// Whether the user may lift an item to move it
  /// (``CollectionView/beginInteractiveMovementForItem(at:)``); `nil`, the default: no item
  /// may. A drop moves the item in the provider (its `moveItem(at:to:)`) and then calls
  /// ``didReorder``.
  public var canReorderItem: ((Item, ItemPath) -> Bool)?
  /// Told after a drop moved an item: the item, where it was and where it is now.
  public var didReorder: ((Item, ItemPath, ItemPath) -> Void)?

  /// Binds `provider` to `collectionView`: registers `Cell` (or checks the class already
  /// registered under its identifier), and becomes the collection view's data source and
  /// delegate.
  public init(collectionView: CollectionView, provider: Provider, cell: Cell.Type = Cell.self) {
    self.collectionView = collectionView
    self.provider = provider
    collectionView.registerChecked(Cell.self, for: .type(CollectionDataSource<Provider, Cell>.self))
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  /// The item at `indexPath`, or `nil`.
  public func item(at indexPath: ItemPath) -> Item? { provider.item(at: indexPath) }

  /// Sets the provider without reloading (the caller performs batch updates).
  @usableFromInline
  func setProviderWithoutReload(_ newProvider: Provider) {
    isApplyingBatch = true
    provider = newProvider
    isApplyingBatch = false
  }

  /// Replaces one item and reconfigures its cell if it is displayed.
  /// Returns whether the path was in range.
  @discardableResult
  public func updateItem(at indexPath: ItemPath, value: Item) -> Bool {
    isApplyingBatch = true
    let updated = provider.updateItem(at: indexPath, value: value)
    isApplyingBatch = false
    guard updated else {
      collectionView.diagnostics.report(
        .indexPathOutOfRange, "updateItem(at: \(indexPath)): out of range; ignored")
      return false
    }
    collectionView.reconfigureItems(at: [indexPath])
    return true
  }

  // MARK: Data source

  /// The provider's section count.
  open func numberOfSections(in collectionView: CollectionView) -> Int {
    provider.numberOfSections
  }

  /// The provider's item count.
  open func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  {
    provider.numberOfItems(inSection: section)
  }

  /// A `Cell`, configured with the item.
  open func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(Cell.self, for: indexPath)
    if let item = provider.item(at: indexPath) {
      cell.configure(with: item, at: indexPath)
    } else {
      collectionView.diagnostics.report(
        .dataSourceChangedWithoutReload,
        "the provider has no item at \(indexPath); reload after changing it")
    }
    return cell
  }

  /// The ``supplementaryViewProvider``'s view, or a blank one.
  open func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.supplementaryView(
      from: supplementaryViewProvider, ofKind: kind, at: indexPath)
  }

  /// ``canReorderItem``'s answer.
  open func collectionView(
    _ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath
  )
    -> Bool
  {
    guard let canReorderItem, let item = provider.item(at: indexPath) else { return false }
    return canReorderItem(item, indexPath)
  }

  /// Moves the item in the provider, then tells ``didReorder``.
  open func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: ItemPath,
    to destinationIndexPath: ItemPath
  ) {
    guard let item = provider.item(at: sourceIndexPath) else { return }
    isApplyingBatch = true
    let moved = provider.moveItem(at: sourceIndexPath, to: destinationIndexPath)
    isApplyingBatch = false
    guard moved else {
      collectionView.diagnostics.report(
        .invalidConfiguration,
        "the provider did not move \(sourceIndexPath) to \(destinationIndexPath) (does it "
          + "implement moveItem(at:to:)?); reloading")
      collectionView.reloadData()
      return
    }
    didReorder?(item, sourceIndexPath, destinationIndexPath)
  }

  // MARK: Delegate

  /// Forwarded (the proposal without a delegate).
  open func collectionView(
    _ collectionView: CollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: ItemPath,
    atCurrentIndexPath currentIndexPath: ItemPath, toProposedIndexPath proposedIndexPath: ItemPath
  ) -> ItemPath {
    delegate?.collectionView(
      collectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath: originalIndexPath,
      atCurrentIndexPath: currentIndexPath, toProposedIndexPath: proposedIndexPath)
      ?? proposedIndexPath
  }

  /// Calls ``selectionHandler``, then the delegate.
  open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
    if let item = provider.item(at: indexPath) { selectionHandler?(item, indexPath) }
    delegate?.collectionView(collectionView, didSelectItemAt: indexPath)
  }

  /// Forwarded.
  open func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    delegate?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
  }

  /// Forwarded.
  open func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    delegate?.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
  }

  /// Forwarded.
  open func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: SupplementaryKind, at indexPath: ItemPath
  ) {
    delegate?.collectionView(
      collectionView, willDisplaySupplementaryView: view, forElementKind: kind, at: indexPath)
  }

  /// Forwarded.
  open func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: SupplementaryKind, at indexPath: ItemPath
  ) {
    delegate?.collectionView(
      collectionView, didEndDisplayingSupplementaryView: view, forElementOfKind: kind,
      at: indexPath)
  }

  /// Forwarded (`true` without a delegate).
  open func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
  )
    -> Bool
  {
    delegate?.collectionView(collectionView, shouldSelectItemAt: indexPath) ?? true
  }

  /// Forwarded (`true` without a delegate).
  open func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: ItemPath
  ) -> Bool {
    delegate?.collectionView(collectionView, shouldDeselectItemAt: indexPath) ?? true
  }

  /// Forwarded.
  open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath)
  {
    delegate?.collectionView(collectionView, didDeselectItemAt: indexPath)
  }

  /// Forwarded (`nil` without a delegate: the cell decides).
  open func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: ItemPath,
    fitting proposedSize: Size
  ) -> Size? {
    delegate?.collectionView(
      collectionView, preferredSizeForItemAt: indexPath, fitting: proposedSize)
  }

  // MARK: Scroll view delegate

  /// Forwarded.
  open func scrollViewDidScroll(_ scrollView: ScrollView) {
    delegate?.scrollViewDidScroll(scrollView)
  }

  /// Forwarded.
  open func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
    delegate?.scrollViewWillBeginDragging(scrollView)
  }

  /// Forwarded.
  open func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {
    delegate?.scrollViewWillEndDragging(
      scrollView, withVelocity: velocity, targetContentOffset: &targetContentOffset)
  }

  /// Forwarded.
  open func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    delegate?.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
  }

  /// Forwarded.
  open func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
    delegate?.scrollViewWillBeginDecelerating(scrollView)
  }

  /// Forwarded.
  open func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    delegate?.scrollViewDidEndDecelerating(scrollView)
  }

  /// Forwarded.
  open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
    delegate?.scrollViewDidEndScrollingAnimation(scrollView)
  }
}

/// A ``CollectionDataSource`` over arrays: the two-line case.
///
/// ```swift
/// let collectionView = CollectionView(layout: ListLayout(itemSizing: .uniform(1)))
/// let dataSource = CollectionArrayDataSource(collectionView: collectionView, items: photos, cell: PhotoCell.self)
/// ```
open class CollectionArrayDataSource<Item, Cell: ConfigurableCell>:
  CollectionDataSource<ArrayDataProvider<Item>, Cell>
where Cell.Item == Item {
  /// One section of `items`.
  public init(collectionView: CollectionView, items: [Item], cell: Cell.Type = Cell.self) {
    super.init(
      collectionView: collectionView, provider: ArrayDataProvider(items: items), cell: cell)
  }

  /// Sections of items, with optional header and footer titles.
  public init(
    collectionView: CollectionView, sections: [[Item]], headerTitles: [String] = [],
    footerTitles: [String] = [], cell: Cell.Type = Cell.self
  ) {
    super.init(
      collectionView: collectionView,
      provider: ArrayDataProvider(
        sections: sections, headerTitles: headerTitles, footerTitles: footerTitles),
      cell: cell)
  }

  /// All the items, section by section.
  public var sections: [[Item]] { provider.sections }
}

extension CollectionArrayDataSource where Item: Differentiable {
  /// Replaces the items with `sections` and shows the difference as batch updates (moves,
  /// inserts, deletes, and reconfigures of changed items), animated or not. Selection
  /// follows its items. Section titles are kept (or replaced with `headerTitles`). Returns
  /// the changes applied.
  ///
  /// Inlinable, so that the diff specialises for your `Item` (hashing and comparing through
  /// witness tables costs several times more: an edit of 250,000 items in 30 ms instead of
  /// 200).
  ///
  /// - Complexity: O(n) for the diff, plus the batch updates.
  @inlinable
  @discardableResult
  public func setSections(
    _ sections: [[Item]], headerTitles: [String]? = nil, animated: Bool = true
  ) -> StagedChangeset {
    func keyed(_ sections: [[Item]]) -> [ArraySection<Int, Item>] {
      sections.enumerated().map { ArraySection(model: $0.offset, elements: $0.element) }
    }
    var stages = StagedChangeset(
      source: keyed(provider.sections), target: keyed(sections),
      diagnostics: collectionView.diagnostics)
    var next = provider
    next.sections = sections
    if let headerTitles {
      next.headerTitles = headerTitles
      // Retitled sections that stay: their headers are configured again, last.
      let kept = 0..<min(provider.sections.count, sections.count)
      let retitled = kept.filter {
        provider.headerTitle(forSection: $0) != next.headerTitle(forSection: $0)
      }
      if !retitled.isEmpty { stages.stages.append(Changeset(reconfiguredSections: retitled)) }
    }
    // Every stage reads the final data: a later stage only reconfigures.
    setProviderWithoutReload(next)
    for stage in stages {
      collectionView.performBatchUpdates(with: stage, animated: animated)
    }
    return stages
  }

  /// Replaces the items of a one-section data source, as ``setSections(_:headerTitles:animated:)``.
  @inlinable
  @discardableResult
  public func setItems(_ items: [Item], animated: Bool = true) -> StagedChangeset {
    setSections([items], animated: animated)
  }
}
