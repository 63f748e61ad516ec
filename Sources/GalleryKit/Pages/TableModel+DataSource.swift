import ReuseControls
import ReuseKit

// The table model as its table view's data source: rows, cells and headers.

extension TableModel {
  /// How many rows the content has now.
  public func numberOfRows(in tableView: TableView) -> Int { content.rowCount }

  /// A cell with its text, or a placeholder while its row loads.
  public func tableView(
    _ tableView: TableView, cellForRow row: Int, column: Int
  )
    -> CollectionViewCell
  {
    let cell = tableView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier)
    let text = content.text(row: row, column: column).map(Self.shownText)
    let isMatch = isFindMatch(row: row, column: column)
    let presenting = cell as? any TableCellPresenting
    let isNumeric = content.isNumeric(column: column)
    presenting?.present(
      text: isNumeric ? text.map { decimals.align($0, column: column) } : text,
      isNumeric: isNumeric, isMatch: isMatch)
    let editing = editingField(row: row, column: column)
    presenting?.present(editing: editing)
    let description = describeCell(
      text: text, row: row, column: column, isMatch: isMatch, editing: editing?.text)
    cell.accessibilityLabel = description.label
    cell.accessibilityValue = description.value
    return cell
  }

  /// The most characters of a field a cell is given: more than any column shows.
  public static var maximumShownCharacters: Int { 1_000 }

  /// A field as a cell shows it: its control characters made visible, and, past
  /// ``maximumShownCharacters``, its start and "…" (a CSV field of 2 MB was measured, drawn and
  /// made visible whole at every frame: 240 to 800 ms a frame, a new user's finding).
  ///
  /// A line break shows as `↵` whatever the content (a database's showed `␊`, a file's `↵`:
  /// a new user's finding).
  static func shownText(_ text: String) -> String {
    var index = text.startIndex
    for _ in 0..<maximumShownCharacters {
      guard index < text.endIndex else { return CSVTable.oneLine(text).showingControls }
      text.formIndex(after: &index)
    }
    guard index < text.endIndex else { return CSVTable.oneLine(text).showingControls }
    return CSVTable.oneLine(String(text[..<index])).showingControls + "…"
  }

  /// What a cell not displayed tells a screen reader: what its cell would (the focused cell
  /// after a sort moved its row off screen said only where it was).
  public func tableView(
    _ tableView: TableView, accessibilityDescriptionOfRow row: Int, column: Int
  ) -> AccessibilityDescription? {
    guard content.columnTitles.indices.contains(column) else { return nil }
    return describeCell(
      text: content.text(row: row, column: column).map(Self.shownText), row: row, column: column,
      isMatch: isFindMatch(row: row, column: column),
      editing: editingField(row: row, column: column)?.text)
  }

  /// A cell's label (its text, or the text being typed into it) and value (its column, and
  /// whether it is a match or being edited).
  private func describeCell(
    text: String?, row: Int, column: Int, isMatch: Bool, editing: String?
  ) -> AccessibilityDescription {
    AccessibilityDescription(
      // An empty cell is said to be blank (its column alone read as if it were the value).
      label: (editing ?? text.map { $0.isEmpty ? "blank" : $0 } ?? "loading").spokenForm,
      value: columnTitle(column) + (isMatch ? ", a match" : "")
        + (editing == nil ? "" : ", editing"))
  }

  /// A header with its title and sort arrow.
  public func tableView(_ tableView: TableView, headerForColumn column: Int) -> ReusableView {
    let header = tableView.dequeueReusableHeader(withReuseIdentifier: Self.headerIdentifier)
    let sort = tableView.sortDescriptor
    (header as? any TableHeaderPresenting)?.present(
      title: columnTitle(column),
      sortedAscending: sort?.column == column ? sort!.ascending : nil,
      isNumeric: content.isNumeric(column: column))
    describe(header, column: column)
    return header
  }

  /// What a screen reader reads of a header: its title, and that it is one and how the
  /// table is sorted by it (the role alone does not say it where GTK drops it, as 4.8 does).
  func describe(_ header: ReusableView, column: Int) {
    header.accessibilityLabel = columnTitle(column)
    var value = "column header"
    if let sort = table.sortDescriptor, sort.column == column {
      value += sort.ascending ? ", sorted ascending" : ", sorted descending"
    }
    header.accessibilityValue = value
  }

  /// The content sorts where its rows live, when it can (a database's `ORDER BY`).
  public func tableView(
    _ tableView: TableView, sortRowsBy descriptor: TableSortDescriptor?
  )
    -> Bool
  {
    // A sort begun by a header's click ends what the last edit said, as a key's does (the
    // note stayed under the new sort: a new user's finding).
    editNote = nil
    let focused = table.focusedCell
    guard content.sortRows(by: descriptor, following: focused?.row) else { return false }
    followingSort = focused.map { ($0.column, false, metrics.clock()) }
    if sortStart == nil { sortStart = metrics.clock() }
    // A sort the database makes off the loop: said as it begins (its end is said too).
    if let descriptor, content.isBusy, content.columnTitles.indices.contains(descriptor.column) {
      table.collectionView.announce(
        "sorting by \(columnTitle(descriptor.column)), "
          + "\(descriptor.ascending ? "ascending" : "descending")… Escape cancels")
    }
    return true
  }

  /// The content's key.
  public func tableView(
    _ tableView: TableView, sortKeyForRow row: Int, column: Int
  )
    -> TableSortKey
  {
    content.sortKey(row: row, column: column)
  }

  /// The content's reader of a column's keys, for the sort's thread (a CSV file read again
  /// there), when it has one.
  public func tableView(
    _ tableView: TableView, sortKeyReaderForColumn column: Int
  ) -> TableSortKeyReader? {
    content.sortKeyReader(column: column)
  }

  /// The cursor moved (a click): a cell being edited elsewhere keeps its edit, as a click away
  /// from a spreadsheet's cell keeps it.
  public func tableView(_ tableView: TableView, didFocusRow row: Int, column: Int) {
    focusDidMove(toRow: row, column: column)
  }

  /// Headers show the new sort.
  public func tableView(_ tableView: TableView, didSortBy descriptor: TableSortDescriptor?) {
    // The time of this sort, never the one before it (a header click is not timed).
    lastSortDuration = sortStart.map { metrics.clock() - $0 }
    sortStart = nil
    // Cells of the sorted column edited while the sort ran: the order is from before them.
    if let during = editsDuringSort, during.descriptor == descriptor {
      sortedColumnChanges = during.changes
    } else {
      sortedColumnChanges.removeAll()
    }
    editsDuringSort = nil
    reconfigureHeaders()
  }

  func reconfigureHeaders() {
    table.collectionView.forEachDisplayedView { view, attributes in
      guard attributes.supplementaryKind == .columnHeader,
        let header = view as? any TableHeaderPresenting
      else { return }
      let column = attributes.indexPath.item
      let sort = table.sortDescriptor
      header.present(
        title: columnTitle(column),
        sortedAscending: sort?.column == column ? sort!.ascending : nil,
        isNumeric: content.isNumeric(column: column))
      describe(view, column: column)
      view.setNeedsDisplay()
    }
  }
}
