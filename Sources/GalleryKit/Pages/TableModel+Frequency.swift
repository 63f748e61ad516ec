import ReuseControls
import ReuseKit

/// The frequency table being counted, and the view of the table it was asked from (restored
/// when the page goes back).
struct FrequencyRequest {
  var scan: FrequencyScan
  var view: ParentView
  /// The values put in order off the loop once counted (many values take a while), when
  /// begun.
  var ranking: Locked<[(value: String, count: Int)]?>?
}

/// How a table was shown when its frequency table opened: its sort (and whether its data
/// source made it), its columns (widths, order, hidden ones), the cursor and the scroll.
struct ParentView {
  var sort: TableSortDescriptor?
  var sortedByDataSource: Bool
  /// The sorted order itself, shown again as it was (sorting again made the user wait, and
  /// Escape, which goes back here, cancelled that sort).
  var savedOrder: TableSavedOrder?
  /// The sorted column's cells edited since that sort, with their text then (the status says
  /// so again).
  var sortedColumnChanges: [Int: String] = [:]
  var columns: [TableColumn]
  var order: [Int]
  var widths: [Double]
  /// The focused cell, its row as the source numbers it (as ``TableView/focusedCell`` does).
  var focus: (row: Int, column: Int)?
  var offset: Point
  /// The conditions of the filter shown (none when every row showed).
  var filter: [TableRowCondition] = []
}

extension TableModel {
  // MARK: Frequencies

  /// `F`: counts the values of the cursor's column (a slice of rows a frame, or where the rows
  /// live), then shows its frequency table; Escape stops the count. With a filter shown, only
  /// the rows it shows are counted (VisiData counts the sheet it is asked on).
  /// While a filter still runs, the count waits for it to end.
  func startFrequencies(column: Int? = nil) {
    guard !(content is FrequencyTable), let column = column ?? table.focusedCell?.column else {
      return
    }
    // A filter that still looks, or a sort under way, is waited for: the frequency table
    // replaces the rows shown, and a sort it interrupted was lost (a new user's finding).
    if let filter, !filter.selects, filter.scan.problem == nil, !filter.scan.isDone {
      pendingFrequencies = column
      return
    }
    if isSortUnderWay {
      pendingFrequencies = column
      return
    }
    let conditions = shownFilterConditions
    let job = content.countValues(column: column, within: conditions)
    // Counted by the page while the file is still read, it would count rows not read yet as
    // empty: it waits for the file.
    if job == nil, content.isStillReading {
      pendingFrequencies = column
      return
    }
    // The page counts the rows shown, in the order found (a count needs no order: sorting a
    // million matches held the loop): the filter's matches, or, while rows are selected among
    // them (`&`), the rows the table shows. A content that counts where its rows live takes
    // the conditions instead, and no list is made.
    var rows: [Int]?
    if job == nil, let filter, !conditions.isEmpty {
      rows = filter.selects ? table.rowFilter.map(Array.init) : filter.scan.matches
    }
    frequency = FrequencyRequest(
      scan: FrequencyScan(
        column: column, rowCount: content.rowCount, rows: rows, job: job),
      view: currentView(filter: conditions))
    advanceFrequencies()
  }

  /// Whether a sort is being made (by the table, or by the content off the loop).
  var isSortUnderWay: Bool { table.pendingSort != nil || table.isSorting }

  /// How the table shows now, to come back to.
  func currentView(filter: [TableRowCondition]) -> ParentView {
    ParentView(
      sort: table.sortDescriptor, sortedByDataSource: table.isSortedByDataSource,
      savedOrder: table.savedOrder, sortedColumnChanges: sortedColumnChanges,
      columns: table.columns, order: table.layout.columnOrder,
      widths: table.layout.columnWidths,
      focus: table.focusedCell,
      offset: table.collectionView.contentOffset, filter: filter)
  }

  /// `view` with the table's columns as they show now (widths, order, hidden ones).
  func keepingColumns(_ view: ParentView) -> ParentView {
    var view = view
    view.columns = table.columns
    view.order = table.layout.columnOrder
    view.widths = table.layout.columnWidths
    return view
  }

  /// Counts more values; once all are counted, the frequency table shows. Returns whether a
  /// count runs.
  @discardableResult
  func advanceFrequencies() -> Bool {
    guard var running = frequency else { return false }
    // The one reference while it counts: the counts grow in place, never copied (a copy a
    // frame of a million values cost 40 ms a frame).
    frequency = nil
    let deadline = metrics.clock() + jobSliceDuration
    let clock = metrics.clock
    let content = self.content
    let column = running.scan.column
    running.scan.advance(while: { clock() < deadline }) { row in
      content.text(row: row, column: column)
    }
    frequency = running
    guard running.scan.isDone else { return true }
    if let problem = running.scan.problem {
      frequency = nil
      frequencyFocusValue = nil
      jumpProblem = "the count stopped: \(problem)"
      return true
    }
    // The values put in order on a thread of their own: a million take seconds.
    let numeric = content.isNumeric(column: column)
    guard let ranking = running.ranking else {
      let ranking = Locked<[(value: String, count: Int)]?>(nil)
      let counts = running.scan.counts
      let started = runOnThreadOfItsOwn {
        let ranked = FrequencyTable.rank(counts, numeric: numeric)
        ranking.withLock { $0 = ranked }
      }
      if !started { ranking.withLock { $0 = FrequencyTable.rank(counts, numeric: numeric) } }
      running.ranking = ranking
      frequency = running
      return true
    }
    guard let ranked = ranking.withLock({ $0 }) else { return true }
    frequency = nil
    let table = FrequencyTable(
      ranked: ranked, column: column,
      columnTitle: columnTitle(column), parent: content,
      scope: running.view.filter.map(describe).joined(separator: " and "),
      numeric: numeric)
    parentView = running.view
    open(table)
    if let value = frequencyFocusValue {
      frequencyFocusValue = nil
      if let row = table.values.firstIndex(where: { $0.value == value }) {
        self.table.focusCell(row: row, column: 0)
      }
    }
    return true
  }

  /// Escape while counting: the count stops.
  func cancelFrequencies() -> Bool {
    guard frequency != nil || pendingFrequencies != nil else { return false }
    frequency = nil
    pendingFrequencies = nil
    frequencyFocusValue = nil
    return true
  }

  /// From a frequency table back to the table it counts, sorted as it was; with `value`,
  /// showing only the rows whose cell in the counted column is exactly it.
  func leaveFrequencies(filteringTo value: String?) {
    guard let frequencies = content as? FrequencyTable, let parent = frequencies.parent else {
      return
    }
    let view = parentView
    parentView = nil
    // The frequency table's own sort, columns and filter, shown again when Backspace comes
    // back to it from a value's rows (they were lost: a new user's finding).
    let ownView = value.map { _ in currentView(filter: shownFilterConditions) }
    open(parent)
    if let view { showColumnsAndOrder(of: view) }
    if let value {
      // The cursor starts at the top of the order shown (the filter then moves it to the
      // first of the value's rows): source row 0, sorted, sat anywhere, and the cursor with it
      // (a new user's finding: row 234,095 of 249,235).
      let top = table.numberOfDisplayedRows > 0 ? table.sourceRow(forDisplayRow: 0) : 0
      table.focusCell(row: top, column: frequencies.column)
      // The value's rows among those the frequency table counted.
      startFilter(
        value, column: frequencies.column, wholeValue: true, within: view?.filter ?? [])
      frequencyReturn = (
        frequencies, table: parent,
        row: frequencies.values.firstIndex {
          $0.value == value
        } ?? 0,
        edited: false, view: view, ownView: ownView
      )
    } else if let view {
      // Backspace: back where the cursor was, the filter shown again.
      if let focus = view.focus { table.focusCell(row: focus.row, column: focus.column) }
      if view.filter.isEmpty {
        table.collectionView.setContentOffset(view.offset, animated: false)
      } else {
        startFilter(meeting: view.filter)  // focus stays with its row
      }
    }
  }

  /// Backspace in the rows of a value chosen in a frequency table: the filter ends and the
  /// frequency table shows again, the cursor on that value (as VisiData's `q` goes back to
  /// the frequency sheet). Returns whether there was one to go back to.
  func returnToFrequencies() -> Bool {
    guard let back = frequencyReturn, back.table === content, filter?.wholeValue == true
    else {
      frequencyReturn = nil
      return false
    }
    frequencyReturn = nil
    // The filter the frequency table was counted in is shown again when it is left.
    let within = filter?.within ?? []
    // Leaving the frequency table then goes back to the row the cursor went to among the
    // value's rows; where the cursor did not move from the first of them (where the filter
    // put it), back where it was before the count (Escape landed on that first row, row 1,
    // instead of row 500: a new user's finding). The columns as they are now.
    let first = table.numberOfDisplayedRows > 0 ? table.sourceRow(forDisplayRow: 0) : nil
    let unmoved = table.focusedCell.map {
      $0.row == first && $0.column == back.frequencies.column
    }
    let before = unmoved != false ? back.view.map(keepingColumns) : nil
    if back.edited {
      // Cells changed since it was counted: counted again (in the filter it was counted in),
      // the cursor on the same value.
      let column = back.frequencies.column
      frequencyFocusValue = back.frequencies.values[back.row].value
      clearFilter()
      startFilter(meeting: within)
      startFrequencies(column: column)
      if let before { frequency?.view = before }
      return true
    }
    clearFilter()
    let view = before ?? currentView(filter: within)
    open(back.frequencies)
    parentView = view
    if let own = back.ownView { showColumnsAndOrder(of: own) }
    table.focusCell(
      row: min(back.row, max(0, back.frequencies.rowCount - 1)),
      column: back.ownView?.focus?.column ?? 0)
    if let own = back.ownView, !own.filter.isEmpty {
      startFilter(meeting: own.filter)  // the focus stays with its row
    }
    return true
  }

  /// The content just opened again shown as `view` showed it: its columns (widths, order,
  /// hidden ones) and its order, as it was (nothing sorted again, so that edits since the
  /// sort still show apart) or sorted again where it cannot be.
  private func showColumnsAndOrder(of view: ParentView) {
    if view.columns.count == table.columns.count {
      table.columns = view.columns
      table.layout.columnOrder = view.order
      table.layout.setMeasuredWidths(view.widths)
    }
    if let saved = view.savedOrder, table.restoreOrder(saved) {
      sortedColumnChanges = view.sortedColumnChanges
    } else if let sort = view.sort {
      if view.sortedByDataSource {
        table.dataSourceDidSort(by: sort)  // the content kept its order
      } else if table.numberOfRows >= table.backgroundSortThreshold {
        table.beginSort(by: sort)
      } else {
        table.sort(by: sort)
      }
    }
  }
}
