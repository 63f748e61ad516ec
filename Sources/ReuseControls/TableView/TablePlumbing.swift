import ReuseKit

/// A table's collection-view data source, delegate and prefetcher, kept out of its public face:
/// rows are sections, columns items, and each call goes on to the table (see ``table``: a
/// collection view kept after its table finds no data, never a freed table).
final class TablePlumbing: CollectionViewDataSource, CollectionViewDelegate,
  CollectionViewDataSourcePrefetching, CollectionViewLayoutObserver,
  AccessibilityDescribingDataSource
{
  /// The table, while it lives; `nil` from the start of its teardown.
  ///
  /// Only the table holds this object, so both live together, but for the table's own
  /// teardown, which clears ``isAttached`` first (`TableView.deinit`). The table is not held
  /// weakly: a weak reference gives it a side table, and then every retain and release of
  /// it takes the runtime's slow way (with a weak load, 140 instructions for each new cell, a
  /// sixteenth of a table frame).
  var table: TableView? { isAttached ? attachedTable : nil }
  private unowned(unsafe) let attachedTable: TableView
  var isAttached = true
  /// The viewport changed size in the pass running now: once it ends, a column it left cut
  /// at the left edge is shown whole.
  var resized = false

  func collectionView(
    _ collectionView: CollectionView, willPrepareLayoutForViewportSize viewportSize: Size
  ) {
    resized = true
  }

  func collectionViewDidLayout(_ collectionView: CollectionView) {
    if heldSource != nil { letGoOfSource() }
    if !retiredCallers.isEmpty { retiredCallers.removeAll() }
    guard resized else { return }
    resized = false
    table?.showCutColumnWhole()
  }

  // MARK: The data source, for a layout's cells

  /// Calls the table's data source without counting references: made when the data source
  /// is set (``TableView/dataSource``), and used only while ``heldSource`` holds that object.
  @exclusivity(unchecked) var sourceCaller: TableSourceCalling? {
    didSet {
      unretainedCaller = sourceCaller.map { .passUnretained($0) }
      // A data source set from a cell's own code replaces the caller in use: it is kept
      // until the layout ends.
      if let oldValue, isAttached, attachedTable.collectionView.isLayingOut {
        retiredCallers.append(oldValue)
      }
    }
  }
  /// ``sourceCaller``, called without a retain and release per cell (it is kept by
  /// ``sourceCaller``, and a replaced one by ``retiredCallers`` until the layout ends).
  @exclusivity(unchecked) private var unretainedCaller: Unmanaged<TableSourceCalling>?
  @exclusivity(unchecked) private var retiredCallers: [TableSourceCalling] = []
  /// The table's data source, held strongly from the first cell a `layoutIfNeeded()` makes to
  /// its end (``collectionViewDidLayout(_:)``), and its identity.
  ///
  /// The table holds its data source weakly, as UIKit does, and an object held weakly takes
  /// the runtime's slow way for every retain and release: loading the weak reference for each
  /// new cell, and releasing it, cost about 190 instructions a cell (a sixth of a table jump).
  /// Held once per layout instead, the cells call it through ``sourceCaller``.
  @exclusivity(unchecked) private var heldSource: AnyObject?
  @exclusivity(unchecked) private var heldIdentity: ObjectIdentifier?

  /// The data source changed: the caller is made for the new one, and the old one let go.
  func dataSourceDidChange(to source: (any TableViewDataSource)?) {
    if let source { sourceCaller = makeSourceCaller(source) } else { sourceCaller = nil }
    letGoOfSource()
  }

  private func letGoOfSource() {
    heldSource = nil
    heldIdentity = nil
  }

  /// The caller of the data source for a cell made now, unretained, if a layout is running
  /// and the data source is still there (it is then held until the layout ends).
  @inline(__always)
  private func layoutSourceCaller(
    _ collectionView: CollectionView, _ table: TableView
  ) -> Unmanaged<TableSourceCalling>? {
    guard collectionView.isLayingOut, let caller = unretainedCaller else { return nil }
    if heldIdentity == nil {
      guard let source = table.dataSource else { return nil }
      heldSource = source
      heldIdentity = ObjectIdentifier(source)
    }
    return heldIdentity == caller._withUnsafeGuaranteedRef(\.identity) ? caller : nil
  }

  init(_ table: TableView) { attachedTable = table }

  func numberOfSections(in collectionView: CollectionView) -> Int {
    table?.numberOfDisplayedRows ?? 0
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    table?.columns.count ?? 0
  }

  /// Every row has every column: the counts of a million rows are written, not asked.
  func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int? {
    table?.columns.count ?? 0
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    guard isAttached else {
      reportMissingSource(collectionView)
      return collectionView.dequeueBlankCell(for: indexPath)
    }
    // The table borrowed, not retained and released per cell: it lives while attached.
    return Unmanaged.passUnretained(attachedTable)._withUnsafeGuaranteedRef {
      cell(at: indexPath, of: $0, in: collectionView)
    }
  }

  /// The cell at `indexPath` from the table's data source.
  @inline(__always)
  private func cell(
    at indexPath: ItemPath, of table: TableView, in collectionView: CollectionView
  ) -> CollectionViewCell {
    if let caller = layoutSourceCaller(collectionView, table) {
      table.configuringPath = indexPath
      defer { table.configuringPath = nil }
      let row = table.sourceRow(forDisplayRow: indexPath.section)
      return caller._withUnsafeGuaranteedRef {
        $0.cell(in: table, row: row, column: indexPath.item)
      }
    }
    guard let dataSource = table.dataSource else {
      reportMissingSource(collectionView)
      return collectionView.dequeueBlankCell(for: indexPath)
    }
    table.configuringPath = indexPath
    defer { table.configuringPath = nil }
    return dataSource.tableView(
      table, cellForRow: table.sourceRow(forDisplayRow: indexPath.section), column: indexPath.item)
  }

  /// The data source's description of a cell not displayed (the focused one, off screen).
  func collectionView(
    _ collectionView: CollectionView, accessibilityDescriptionOfItemAt indexPath: ItemPath
  ) -> AccessibilityDescription? {
    guard let table, let dataSource = table.dataSource,
      indexPath.section >= 0, indexPath.section < table.numberOfDisplayedRows
    else { return nil }
    return dataSource.tableView(
      table, accessibilityDescriptionOfRow: table.sourceRow(forDisplayRow: indexPath.section),
      column: indexPath.item)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    guard let table else {
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: BlankTableHeader.identifier, for: indexPath)
    }
    table.configuringPath = indexPath
    defer { table.configuringPath = nil }
    guard kind == .columnHeader, let dataSource = table.dataSource else {
      return table.dequeueBlankHeader()
    }
    return dataSource.tableView(table, headerForColumn: indexPath.item)
  }

  private func reportMissingSource(_ collectionView: CollectionView) {
    guard let table, !table.reportedMissingSource else { return }
    table.reportedMissingSource = true
    collectionView.diagnostics.report(
      .dataSourceChangedWithoutReload,
      "TableView: the data source went away (it is held weakly); showing blank cells")
  }

  // MARK: Delegate

  /// A tap is the table's: it focuses the cell and selects by the table's mode, with the
  /// press's Shift or Control; the collection view's own selection is never used.
  func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
  )
    -> Bool
  {
    table?.click(at: indexPath, modifiers: collectionView.pointerModifiers)
    return false
  }

  func collectionView(
    _ collectionView: CollectionView, didMoveFocusFrom previous: ItemPath?, to indexPath: ItemPath
  ) {
    guard let table else { return }
    table.delegate?.tableView(
      table, didFocusRow: table.sourceRow(forDisplayRow: indexPath.section),
      column: indexPath.item)
  }

  // MARK: Prefetching

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [ItemPath]) {
    guard let table, let delegate = table.delegate else { return }
    var rows: [Int] = []
    for path in indexPaths where rows.last != path.section {
      rows.append(path.section)
    }
    delegate.tableView(table, prefetchRows: rows.map(table.sourceRow(forDisplayRow:)))
  }
}

/// Calls a table's data source for a cell without retaining it: the plumbing holds the data
/// source while it uses its caller (``TablePlumbing/sourceCaller``). A class, so that the
/// plumbing calls it through an unretained reference too.
class TableSourceCalling {
  /// The data source's identity.
  final let identity: ObjectIdentifier

  init(identity: ObjectIdentifier) { self.identity = identity }

  /// The data source's cell for source `row`, `column`.
  func cell(in table: TableView, row: Int, column: Int) -> CollectionViewCell {
    fatalError("TableSourceCalling is abstract")
  }
}

/// A ``TableSourceCalling`` for a data source of type `Source`: the reference is kept
/// unretained, and each call borrows it (`_withUnsafeGuaranteedRef`).
final class TableSourceCaller<Source: TableViewDataSource>: TableSourceCalling {
  private let source: Unmanaged<Source>

  init(_ source: Source) {
    self.source = .passUnretained(source)
    super.init(identity: ObjectIdentifier(source))
  }

  override func cell(in table: TableView, row: Int, column: Int) -> CollectionViewCell {
    source._withUnsafeGuaranteedRef { $0.tableView(table, cellForRow: row, column: column) }
  }
}

/// The caller for `source`, of its own type.
private func makeSourceCaller(_ source: some TableViewDataSource) -> TableSourceCalling {
  TableSourceCaller(source)
}
