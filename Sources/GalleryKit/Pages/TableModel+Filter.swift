import ReuseControls
import ReuseKit

/// A filter that was shown, and its rows then.
final class ShownFilter {
  let filter: TableFilter
  let rows: RowSet?
  /// How many rows the table had: with more (a file still read), its rows are found again.
  let rowCount: Int
  init(_ filter: TableFilter, rows: RowSet?, rowCount: Int) {
    (self.filter, self.rows, self.rowCount) = (filter, rows, rowCount)
  }
}

/// A filter of the table page being made or shown: the rows whose text in a column contains a
/// needle, found by a scan of every row a slice a frame (or by the content where its rows live:
/// a database query), and shown as they are found.
struct TableFilter {
  /// The scan (its matches are source rows).
  var scan: TableFind
  /// When the rows found were last shown, on the host's clock.
  var shownAt: Double?
  /// How many rows were found when last shown.
  var shownCount = 0
  /// Whether the rows found are selected instead of shown alone (`&`).
  var selects = false
  /// The text as typed, and whether it matches whole cells (a frequency table's value).
  var text = ""
  var wholeValue = false
  /// The conditions of the filter this one was made within (a value picked in a frequency
  /// table of filtered rows), each met by every row shown, and their matchers.
  var within: [TableRowCondition] = []
  var withinMatchers: [(column: Int, matcher: TableMatcher)] = []
  /// Made while the file was still read (a scan of the rows there were): made again once it
  /// is read.
  var startedWhileReading = false
  /// Made again over rows already shown: they stay until it is done.
  var replacesShown = false
  /// What was selected before a selecting filter (`&`) began: stopped before it ends, it
  /// puts that back.
  var selectionBefore: TableSelection?
  /// The filter shown when this one began (a filter made over it, or a value picked in its
  /// frequency table): stopped before it ends, this one gives way to it again.
  var filterBefore: ShownFilter?

  /// Every condition the rows shown meet: `within`'s, then this filter's own.
  var conditions: [TableRowCondition] {
    within + [TableRowCondition(column: scan.column, needle: text, wholeValue: wholeValue)]
  }

  /// What the status line says: "“x” in Name: 1,204 of 1,000,000 rows (filtering 45 %…)";
  /// `among`, the filters this one was made within ("“Lyon” in City").
  /// With `counted` false, a filter done leaves out how many rows it shows (the shape beside
  /// it says "165 of 3,000 rows" already: the line said it twice, and a 960-pixel window cut
  /// its "Esc shows all").
  func status(
    rowCount: Int, columnTitle title: String, among: String = "", counted: Bool = true
  ) -> String {
    if let problem = scan.problem { return problem }
    // A value picked in a frequency table is said as one: "City is “Lyon”" (it was "“= Lyon”
    // in City", whose "=" nothing explained: a new user's finding).
    let value = text.isEmpty ? "empty" : "“\(text)”"
    let condition = wholeValue ? "\(title) is \(value)" : "“\(scan.needle)” in \(title)"
    let subject = among.isEmpty ? condition : "\(condition), among \(among)"
    // "no row among “Active” in Status has “Free” in Plan" (it read "no row's Plan, among
    // “Active” in Status has “Free”": a new user's finding).
    let noRow: String
    switch (wholeValue, among.isEmpty) {
    case (true, true): noRow = "no row's \(title) is \(value)"
    case (true, false): noRow = "no row among \(among) has \(title) \(value)"
    case (false, true): noRow = "no row's \(title) has “\(scan.needle)”"
    case (false, false): noRow = "no row among \(among) has “\(scan.needle)” in \(title)"
    }
    if selects {
      let found = scan.matches.count.formatted
      // Once done, the selection's own count says how many ("1,204 rows selected").
      if scan.isDone && scan.matches.isEmpty { return noRow + ": none selected" }
      return scan.isDone
        ? "\(subject) (Esc deselects)" : "\(subject): selecting \(found) rows so far…"
    }
    if scan.isDone && scan.matches.isEmpty {
      // Said as what happened, not as "0 of 3,000 rows" (the line a screen reader reads when
      // no row is left to focus: a new user's finding).
      return noRow + " (Esc shows all)"
    }
    if scan.isDone {
      let found = scan.matches.count.formatted
      guard counted else { return "\(subject) (Esc shows all)" }
      return "\(subject): \(found) of \(rowCount.formatted) rows (Esc shows all)"
    }
    // The rows shown so far (the shape line's count, a quarter of a second behind the scan).
    let found = shownCount.formatted
    let progress =
      scan.job != nil ? "" : " \(100 * scan.scanned / max(1, scan.rowCount)) %"
    return "\(subject): \(found) found so far (filtering\(progress)…)"
  }
}

extension TableModel {
  /// `refilter` made again over the rows as they are now (sorted anew, or read again where
  /// they live).
  func filterAgain(_ refilter: TableFilter) {
    guard refilter.scan.problem == nil else { return }
    if refilter.selects && !refilter.within.isEmpty {
      // Rows selected among a filter's (`&` after `|`): the filter is made again; the
      // selection, by row numbers now of other rows, is not.
      startFilter(meeting: refilter.within)
    } else {
      startFilter(
        refilter.text, selecting: refilter.selects, column: refilter.scan.column,
        wholeValue: refilter.wholeValue, within: refilter.within)
    }
  }

  /// Ctrl-R: the rows read again where they live. A sort the content made is made again
  /// over them (a temporary table of sorted rows kept rows deleted since, and showed 84 of
  /// 40,000: a new user's finding), and a filter is made again with it (it counted the rows
  /// as they were), or at once.
  func readAgain() -> Bool {
    guard content.refresh() else { return false }
    editNote = TableModel.readingAgainNote
    if table.isSortedByDataSource, let sort = table.sortDescriptor,
      tableView(table, sortRowsBy: sort)
    {
      editNote = TableModel.readingAgainNote
      return true  // the filter is made again once the sort ends
    }
    if let refilter = filter {
      filter?.scan.job?.stop()
      filter = nil
      filterAgain(refilter)
    }
    return true
  }
}

extension TableModel {
  /// Whether source `row` meets every condition of the filter shown now: `nil` without one
  /// (or with a selecting one, one still looking, or a row not loaded).
  func meetsFilter(row: Int) -> Bool? {
    guard let filter, !filter.selects, filter.scan.isDone, filter.scan.problem == nil else {
      return nil
    }
    let matchers = filter.withinMatchers + [(filter.scan.column, filter.scan.matcher)]
    for (column, matcher) in matchers {
      guard let text = content.text(row: row, column: column) else { return nil }
      if !matcher.matches(text) { return false }
    }
    return true
  }

  // MARK: Filter

  /// Starts showing only the rows whose text in the cursor's column contains `text`
  /// (ignoring case): every row is scanned (by the content where its rows live, when it
  /// can), the first rows found show at once, more every quarter of a second, all when done.
  /// Focus and selection stay with their rows.
  ///
  /// `within`: conditions every row shown meets as well (the filter a frequency table was
  /// counted in, when a value is picked in it).
  ///
  /// `replacing`: made again over what shows now (the file it scanned has been read), which
  /// stays until the new scan is done.
  func startFilter(
    _ text: String, selecting: Bool = false, column: Int? = nil, wholeValue: Bool = false,
    within: [TableRowCondition] = [], replacing: Bool = false
  ) {
    let column = column ?? (table.focusedCell ?? table.focusHeldByFilter)?.column ?? 0
    // A find that matched nothing has nothing to step through: its "no match" would sit
    // beside the filter's rows as if about them.
    if let find, find.isDone, find.matches.isEmpty { clearFind() }
    filter?.scan.job?.stop()
    // The filter shown, which a filter made over it gives way to if stopped.
    let before = filter.flatMap { shown -> ShownFilter? in
      guard !selecting, !replacing, !shown.selects, shown.scan.isDone, shown.scan.problem == nil,
        table.rowFilter != nil
      else { return shown.filterBefore }
      var kept = shown
      kept.filterBefore = nil  // one filter back, not a chain of every one made
      return ShownFilter(kept, rows: table.rowFilter, rowCount: table.numberOfRows)
    }
    var within = within
    if selecting, table.rowFilter != nil {
      // `&` over a filter shown: the rows it shows stay, and the rows selected are found
      // among them (the filter went, and nothing said so: a new user's finding).
      if let kept = keptFilterConditions { within = kept + within } else { table.filterRows(nil) }
    }
    var withinMatchers: [(column: Int, matcher: TableMatcher)] = []
    for condition in within {
      let made =
        condition.wholeValue
        ? .success(.exact(condition.needle)) : TableMatcher.make(condition.needle)
      if case .success(let matcher) = made { withinMatchers.append((condition.column, matcher)) }
    }
    sortIsLatestJob = false
    filter = TableFilter(
      scan: TableFind(
        text: text, column: column, startRow: 0, rowCount: table.numberOfRows, sort: nil,
        job: wholeValue || TableMatcher.make(text).isSuccess
          ? content.search(
            for: text, column: column, from: 0, wholeValue: wholeValue, within: within) : nil,
        wholeValue: wholeValue),
      selects: selecting, text: text, wholeValue: wholeValue, within: within,
      withinMatchers: withinMatchers, selectionBefore: selecting ? table.selection : nil,
      filterBefore: selecting || replacing ? nil : before)
    let reading = filter?.scan.job == nil && content.isStillReading
    filter?.startedWhileReading = reading
    filter?.replacesShown = replacing
    // The rows shown stay until it is done, and so does their count in the status (it went
    // back to "0 found so far" under a header of thousands: a new user's finding).
    if replacing { filter?.shownCount = table.numberOfDisplayedRows }
    advanceFilter()
    // Nothing found yet (a database's query, or a scan that met no match in its first
    // slice): no row shows until one is found, rather than every row under "0 found".
    if !selecting, !replacing, let running = filter, running.shownAt == nil,
      running.scan.problem == nil
    {
      table.filterRows(RowSet(), announces: false)
    }
  }

  /// Starts the filter whose rows meet every one of `conditions` (the last one scanned, the
  /// others met as well), as one shown before was; with `replacing`, the rows shown stay
  /// until it is done.
  func startFilter(meeting conditions: [TableRowCondition], replacing: Bool = false) {
    guard let last = conditions.last else { return }
    startFilter(
      last.needle, column: last.column, wholeValue: last.wholeValue,
      within: Array(conditions.dropLast()), replacing: replacing)
  }

  /// The conditions of the rows shown while a selection (`&`) is made: the filter shown's,
  /// or those an earlier `&` kept; `nil` when no filter shows.
  var keptFilterConditions: [TableRowCondition]? {
    guard let filter, filter.scan.problem == nil, table.rowFilter != nil else { return nil }
    if filter.selects { return filter.within.isEmpty ? nil : filter.within }
    return filter.conditions
  }

  /// After a selection (`&`) made among the rows of a filter, the filter again as what the
  /// page shows (its rows stay while it is made again); without one, nothing.
  func restoreKeptFilter(of selection: TableFilter) {
    guard selection.selects, !selection.within.isEmpty, table.rowFilter != nil else { return }
    startFilter(meeting: selection.within, replacing: true)
  }

  /// What a new filter on `column` is made within: the conditions of the filter shown, but
  /// for one on the same column, which the new one replaces (as a spreadsheet's filter on a
  /// column does).
  func narrowing(column: Int) -> [TableRowCondition] {
    guard let filter, filter.scan.problem == nil else { return [] }
    let shown = filter.selects ? keptFilterConditions ?? [] : filter.conditions
    return shown.filter { $0.column != column }
  }

  /// The conditions of the filter shown (none while every row shows), also while rows are
  /// selected among its rows (`&`).
  var shownFilterConditions: [TableRowCondition] { keptFilterConditions ?? [] }

  /// “pebble” in Name; a whole value, City is “Lyon”.
  func describe(_ condition: TableRowCondition) -> String {
    let title =
      content.columnTitles.indices.contains(condition.column)
      ? columnTitle(condition.column) : "column \(condition.column + 1)"
    guard condition.wholeValue else { return "“\(condition.needle)” in \(title)" }
    return "\(title) is " + (condition.needle.isEmpty ? "empty" : "“\(condition.needle)”")
  }

  /// Scans more rows for the filter being made and shows what it found: the first rows at
  /// once, then every quarter of a second, then all. Returns whether it ran.
  @discardableResult
  func advanceFilter() -> Bool {
    guard var running = filter, !running.scan.isDone || running.shownAt == nil else {
      return false
    }
    // The one reference while it scans: its matches grow in place, never copied.
    filter = nil
    if running.scan.problem != nil {
      // A pattern that does not compile: said in the status line, no row hidden.
      running.scan.job?.stop()
      running.shownAt = metrics.clock()
      filter = running
      return true
    }
    let deadline = metrics.clock() + jobSliceDuration
    let clock = metrics.clock
    let content = self.content
    let column = running.scan.column
    if running.scan.job != nil {
      _ = running.scan.takeFromJob()
    } else if running.withinMatchers.isEmpty {
      _ = running.scan.scan(while: { clock() < deadline }) { source in
        (source, content.text(row: source, column: column))
      }
    } else {
      let within = running.withinMatchers
      _ = running.scan.scan(while: { clock() < deadline }) { source in
        let meets = within.allSatisfy {
          content.text(row: source, column: $0.column).map($0.matcher.matches) ?? false
        }
        return (source, meets ? content.text(row: source, column: column) : nil)
      }
    }
    let now = clock()
    let due =
      running.scan.isDone
      || (!running.replacesShown
        && ((running.shownAt == nil && !running.scan.matches.isEmpty)
          || (running.shownAt.map { now - $0 >= 0.25 } ?? false)))
    if due && (running.scan.matches.count != running.shownCount || running.shownAt == nil) {
      // The first rows found and the last step are said; the steps between, a quarter of a
      // second apart, are not (a new user's finding: a hundred counts for one filter).
      let isFirst = running.shownAt == nil
      let isDone = running.scan.isDone
      if isDone { running.filterBefore = nil }  // nothing to give way to once done
      running.shownAt = now
      running.shownCount = running.scan.matches.count
      filter = running
      if running.selects {
        table.selectRows(running.scan.matchSet)
      } else {
        table.filterRows(running.scan.matchSet, announces: isDone)
        // The first rows found are said as what they are: a count so far ("132 of
        // 1,000,000 rows shown" sounded final, a new user's finding).
        if isFirst && !isDone {
          table.collectionView.announce(
            "filtering: \(plural(running.scan.matches.count, "row")) found so far")
        }
      }
    } else {
      filter = running
    }
    return true
  }

  /// Escape with a filter: every row shows again (after `&`: the selection goes).
  func clearFilter() {
    guard let running = filter else { return }
    running.scan.job?.stop()
    filter = nil
    // A note about a row and the filter is old news without one (it stayed: a new user's
    // finding).
    // So is "filter stopped: the rows of … show again", once those rows go too.
    if editNote?.contains("the filter") == true || editNote?.hasPrefix("filter stopped") == true {
      editNote = nil
    }
    pendingFrequencies = nil
    if running.selects {
      table.deselectAll()
      restoreKeptFilter(of: running)
    } else {
      table.filterRows(nil)
    }
  }
}
