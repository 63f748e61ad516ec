import CGtk
import ReuseKit

/// A collection view's data source over a `GListModel`: a `GListStore`, a `GtkStringList`, a
/// `GtkSortListModel` or `GtkFilterListModel` over either, any model a GTK app already has.
/// One section holds the model's items; each `items-changed` becomes one batch update (its
/// removed items deleted, its added items inserted, animated by default), so rows glide,
/// fade in and fade out as the model changes, and selection and focus follow their rows.
///
/// ```swift
/// let words = gtk_string_list_new(nil)!
/// let source = GListModelDataSource(collectionView: view, model: OpaquePointer(words)) {
///   view, path, item in
///   let cell = view.dequeueReusableCell(WordCell.self, withReuseIdentifier: "word", for: path)
///   cell.word = String(cString: gtk_string_object_get_string(item))
///   return cell
/// }
/// gtk_string_list_append(words, "hello")   // one row fades in
/// ```
///
/// `items-changed` says only "these n items were replaced by those m": a `GtkSortListModel`
/// that sorts again replaces every item with the same items in another order. While the model
/// has at most ``identityLimit`` items, the data source remembers each row's item (its
/// address, 8 bytes a row) and diffs the replaced range by identity, so a re-sort glides every
/// row to its new place and a replaced item crossfades, as a diffable data source would; rows
/// the change keeps are configured again (an address may be reused by a new item). Beyond the
/// limit the range is deleted and inserted. A change of more than ``reloadThreshold`` items at
/// once reloads instead of animating: a batch of a million paths would cost more than it
/// shows. Like `GtkListView`, cells are configured only for the rows shown.
public final class GListModelDataSource: CollectionViewDataSource {
  /// Configures a dequeued cell for the model's item at `indexPath` (a `GObject`, valid for
  /// the call).
  public typealias CellProvider = (CollectionView, ItemPath, OpaquePointer) -> CollectionViewCell

  /// The model (a `GListModel`), referenced by this data source until it goes away.
  public let model: OpaquePointer
  /// The collection view shown in (held weakly; it holds this data source weakly too).
  public private(set) weak var collectionView: CollectionView?
  /// Whether `items-changed` animates its batch update.
  public var animatesChanges = true
  /// The most items one `items-changed` may remove plus add and still animate; beyond it the
  /// collection view reloads.
  public var reloadThreshold = 5_000
  /// The most items for which rows remember their items' identities (see above).
  public var identityLimit = 100_000 {
    didSet { rememberIdentities() }
  }
  /// How many `items-changed` signals changed something (for tests and diagnostics).
  public private(set) var changesApplied = 0
  /// How many of them reloaded rather than animated.
  public private(set) var changesReloaded = 0
  private let cellProvider: CellProvider
  private var handler: gulong = 0
  /// Each row's item's address, while the model has at most `identityLimit` items. The data
  /// source holds a reference to each: an item the model drops stays alive until its row is
  /// forgotten, so a new item can never take its address (a removed row read as kept, its
  /// selection staying on the item that replaced it, when the allocator reused the address).
  private var identities: [UInt]?

  /// Shows `model`'s items in `collectionView`, becoming its data source.
  public init(
    collectionView: CollectionView, model: OpaquePointer,
    cellProvider: @escaping CellProvider
  ) {
    self.model = model
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    g_object_ref(gpointer(model))
    handler = Signal.itemsChanged(
      model,
      { _, position, removed, added, data in
        Unmanaged<GListModelDataSource>.fromOpaque(data!).takeUnretainedValue()
          .itemsChanged(at: Int(position), removed: Int(removed), added: Int(added))
      }, Unmanaged.passUnretained(self).toOpaque())
    collectionView.dataSource = self
    rememberIdentities()
  }

  deinit {
    g_signal_handler_disconnect(gpointer(model), handler)
    Self.release(identities ?? [])
    g_object_unref(gpointer(model))
  }

  /// Lets go of the items at `addresses` (each held once per row).
  private static func release<C: Collection>(_ addresses: C) where C.Element == UInt {
    for address in addresses where address != 0 { g_object_unref(gpointer(bitPattern: address)) }
  }

  /// The model's item count.
  public var count: Int { Int(g_list_model_get_n_items(model)) }

  /// `items-changed`: the model already holds its new items; the collection view's rows
  /// follow in one batch update.
  private func itemsChanged(at position: Int, removed: Int, added: Int) {
    guard let collectionView, removed > 0 || added > 0 else { return }
    changesApplied += 1
    let old = identities
    rememberIdentities(replacing: position..<position + removed, with: added)
    if removed + added > reloadThreshold {
      changesReloaded += 1
      collectionView.reloadData()
      return
    }
    guard let old, let new = identities, position + removed <= old.count else {
      collectionView.performBatchUpdates(animated: animatesChanges) {
        collectionView.deleteItems(
          at: (position..<position + removed).map { ItemPath(section: 0, item: $0) })
        collectionView.insertItems(
          at: (position..<position + added).map { ItemPath(section: 0, item: $0) })
      }
      return
    }
    // The replaced range, diffed by identity; every kept row is configured again.
    let changes = StagedChangeset(
      source: old[position..<position + removed].map(RowIdentity.init),
      target: new[position..<position + added].map(RowIdentity.init))
    for stage in changes {
      collectionView.performBatchUpdates(
        with: stage.shifted(by: position), animated: animatesChanges)
    }
    // The rows after the change moved to other places: a cell that shows its place (the
    // gallery's "#12") is configured again; only the displayed ones, O(rows shown).
    if removed != added {
      let moved = collectionView.indexPathsForVisibleItems.filter { $0.item >= position + added }
      if !moved.isEmpty { collectionView.reconfigureItems(at: moved) }
    }
  }

  /// Remembers each row's item (all of them, or the `range` replaced by `added` new ones)
  /// while the model is within `identityLimit`; forgets them beyond it.
  private func rememberIdentities(replacing range: Range<Int>? = nil, with added: Int = 0) {
    let count = self.count
    guard count <= identityLimit else {
      Self.release(identities ?? [])
      identities = nil
      return
    }
    /// The item's address, its reference kept (`release(_:)` lets it go).
    func identity(_ index: Int) -> UInt {
      guard let item = g_list_model_get_item(model, guint(index)) else { return 0 }
      return UInt(bitPattern: item)
    }
    if let range, var current = identities, range.upperBound <= current.count,
      current.count - range.count + added == count
    {
      let dropped = current[range]
      current.replaceSubrange(
        range, with: (range.lowerBound..<range.lowerBound + added).map(identity))
      identities = current
      Self.release(dropped)
    } else {
      let old = identities ?? []
      identities = (0..<count).map(identity)
      Self.release(old)
    }
  }

  // MARK: Data source

  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// The model's item count.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    section == 0 ? count : 0
  }

  /// The cell the provider makes for the model's item; an empty cell (and a diagnostic from
  /// the engine's checks) if the model has no item there.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    guard indexPath.section == 0, indexPath.item >= 0,
      let item = g_list_model_get_item(model, guint(indexPath.item))
    else { return CollectionViewCell() }
    defer { g_object_unref(item) }
    return cellProvider(collectionView, indexPath, OpaquePointer(item))
  }
}

/// A row's item, by its address; never the same content (an address may be reused).
private struct RowIdentity: Differentiable {
  let address: UInt
  var differenceIdentifier: UInt { address }
  func isContentEqual(to source: RowIdentity) -> Bool { false }
}

extension Changeset {
  /// The same changes `offset` items further into section 0.
  fileprivate func shifted(by offset: Int) -> Changeset {
    func shift(_ path: ItemPath) -> ItemPath { ItemPath(section: 0, item: path.item + offset) }
    var result = self
    result.deletedItems = deletedItems.map(shift)
    result.insertedItems = insertedItems.map(shift)
    result.reloadedItems = reloadedItems.map(shift)
    result.reconfiguredItems = reconfiguredItems.map(shift)
    result.movedItems = movedItems.map {
      ItemMove(from: shift($0.source), to: shift($0.destination))
    }
    return result
  }
}
