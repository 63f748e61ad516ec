import ReuseControls
import ReuseKit

extension TableModel {
  // MARK: Status

  /// "1,000,000 rows × 50 columns · row 12 · Amount: 1,234.56 · sorted by Amount ↑ in 412 ms
  /// · 3 rows selected", and how loading goes.
  public var status: String { status(showsShape: true) }

  /// What a screen reader hears while no row is shown: what left none ("no row's Name has
  /// “x” (Esc shows all)"), without the shape's count, which the filter's announcement has
  /// just said; while a filter still looks, one line without its percentage (with it, the
  /// line changed every percent and was read a hundred times: a new user's finding).
  public var spokenWithNoRowShown: String {
    if let filter, !filter.selects, !filter.scan.isDone, filter.scan.problem == nil,
      table.columns.indices.contains(filter.scan.column)
    {
      return
        "filtering: no row yet whose \(columnTitle(filter.scan.column)) has "
        + "“\(filter.scan.needle)” (Esc stops)"
    }
    let withoutShape = status(showsShape: false)
    return withoutShape.isEmpty ? shape : withoutShape
  }

  /// A row by its number, for notes about it: "row 12" while the rows show in the file's
  /// order, "#12" (the number its `#` column shows) while a sort or a filter moves rows.
  func rowName(_ row: Int) -> String {
    table.sortDescriptor == nil && filter == nil
      ? "row \((row + 1).formatted)" : "#\((row + 1).formatted)"
  }

  /// The status, without the table's shape when `showsShape` is false (a host whose heading
  /// shows it, and whose status line is too narrow for both).
  public func status(showsShape: Bool) -> String {
    if let prompt { return promptLine(prompt) }
    // What a job or a problem says comes before the cell: a short line is cut at its end.
    var parts = showsShape ? [shape] : []
    if let diskChange { parts.append(diskChange) }
    if let savingStatus {
      parts.append(savingStatus)
    } else if let editNote {
      parts.append(editNote)
    }
    if let jumpProblem { parts.append(jumpProblem) }
    if let (sort, progress) = table.pendingSort {
      parts.append(
        "sorting by \(columnTitle(sort.column)) \(sort.ascending ? "↑" : "↓") "
          + "\(Int((progress * 100).rounded(.down))) %… (Esc cancels)")
    }
    // A find says where it is next, and a filter that still looks, met a problem or found no
    // row, before the cell and the sort: a line cut at its end lost it ("no match", a pattern
    // that is not a regular expression, the rows found so far; a new user's finding). A
    // filter done says what shows after the sort, as before.
    let filterIsNews =
      filter.map { !$0.scan.isDone || $0.scan.problem != nil || $0.scan.matches.isEmpty } ?? false
    // A count under way, or waiting for the filter, comes first, as the newest job: after the
    // filter's progress it was cut from a 120-column line, and `F` looked ignored (a new user's
    // finding).
    if let frequency {
      parts.append(frequency.scan.status(columnTitle: columnTitle(frequency.scan.column)))
    }
    if let column = pendingFrequencies, content.columnTitles.indices.contains(column) {
      parts.append(
        "counting the values of \(columnTitle(column)) once "
          + (content.isStillReading
            ? "the file is read" : isSortUnderWay ? "the sort ends" : "the filter ends")
          + "… (Esc cancels)")
    }
    if filterIsNews { appendFilter(to: &parts, counted: !showsShape || table.rowFilter == nil) }
    if let find = findAsShown {
      // A filter still looking changes the rows the find numbers: it starts again once the
      // filter ends, and its count meanwhile was the old rows' (a new user's finding:
      // "10,246 matches" beside no row shown).
      let filterRuns = filter.map { !$0.selects && !$0.scan.isDone } ?? false
      parts.append(filterRuns ? "find “\(find.text)” again once the filter ends" : find.status)
    }
    if let loading = content.loadingStatus { parts.append(loading) }
    if let (row, column) = table.focusedCell {
      // A row not loaded loads when it shows: off screen, it is not loading (the status said
      // "loading…" for good after a sort took it away: a new user's finding).
      let onScreen =
        table.collectionView.focusedIndexPath.map {
          table.collectionView.cellForItem(at: $0) != nil
        }
        ?? false
      // An empty cell (a NULL) is named as the frequency table names it: "x:  ·" read as
      // nothing at all (a new user's finding).
      let text =
        content.text(row: row, column: column).map { $0.isEmpty ? "(empty)" : Self.shownText($0) }
        ?? (onScreen ? "loading…" : "(not read yet: off screen)")
      // "row" is the place among the rows shown, as a screen reader says it; sorted or
      // filtered, the row's own number (its `#`, what `:` goes to) follows (a new user's
      // finding: the status said the number, the screen reader the place, both as "row").
      let shown = table.collectionView.focusedIndexPath?.section ?? row
      let place =
        shown == row
        ? "row \((row + 1).formatted)" : "row \((shown + 1).formatted) (#\((row + 1).formatted))"
      parts.append("\(place) · \(columnTitle(column)): \(text)")
    }
    if table.pendingSort == nil, let sort = table.sortDescriptor {
      let time =
        showsTiming
        ? lastSortDuration.map { " in \(Int(($0 * 1_000).rounded()).formatted) ms" } ?? "" : ""
      let edited =
        sortedColumnEdited
        ? " before edits (s on \(columnTitle(sort.column)) sorts again)" : ""
      parts.append(
        "sorted by \(columnTitle(sort.column)) \(sort.ascending ? "↑" : "↓")\(time)"
          + edited)
    }
    let selected = table.selectionCount
    if selected > 0 {
      let noun: String
      switch table.selectionMode {
      case .cells: noun = "cell"
      case .rows: noun = "row"
      case .columns: noun = "column"
      }
      let hidden = table.hiddenSelectionCount
      parts.append(
        "\(selected.formatted) \(noun)\(selected == 1 ? "" : "s") selected"
          + (hidden > 0 ? " (\(hidden.formatted) in hidden columns)" : ""))
    }
    if !filterIsNews { appendFilter(to: &parts, counted: !showsShape || table.rowFilter == nil) }
    // The reminder stays beside other notes (a count cancelled took it away until the cursor
    // moved: a new user's finding), and over the edited table's frequencies; not twice.
    if savingStatus == nil, editNote?.contains("Ctrl-S") != true,
      let edited = ((content as? any EditableTableContent) ?? editedTable)?.unsavedRowCount,
      edited > 0
    {
      // Not "Ctrl-S saves" beside a save just refused (a new user's finding).
      let refused = editNote?.hasPrefix("not saved") == true
      parts.append(
        "\(edited.formatted) row\(edited == 1 ? "" : "s") edited"
          + (refused ? "" : " · Ctrl-S saves"))
    }
    // After a sort the view shows the top while the cursor stays on its row: said (last, the
    // first part cut when the line is short), so its number is not taken for a row on screen.
    if let focused = table.collectionView.focusedIndexPath,
      table.collectionView.cellForItem(at: focused) == nil
    {
      parts.append("cursor off screen (an arrow moves on from it)")
    }
    return parts.joined(separator: " · ")
  }

  /// What the filter shown says ("“x” in City: 165 of 3,000 rows (Esc shows all)").
  private func appendFilter(to parts: inout [String], counted: Bool) {
    guard let filter, table.columns.indices.contains(filter.scan.column) else { return }
    let column = filter.scan.column
    let among = filter.within.map(describe).joined(separator: " and ")
    parts.append(
      filter.status(
        rowCount: table.numberOfRows, columnTitle: columnTitle(column), among: among,
        counted: counted))
  }

  /// What the table says over its body while it shows no row: a filter that left none, or a
  /// table without rows (the body was blank under "0 of 1,000,000 rows": a new user's
  /// finding); `nil` while rows show or load.
  public var emptyText: String? {
    guard table.numberOfDisplayedRows == 0, content.loadingStatus == nil, !isWorking else {
      return nil
    }
    if let filter {
      guard filter.scan.isDone, !filter.selects else { return nil }
      return "No row matches the filter · Esc shows every row"
    }
    return content.columnTitles.isEmpty ? nil : "No rows"
  }

  /// "1,000,000 rows × 50 columns", in the singular where a count is one.
  /// While the count is an estimate (a file still read, a database still counting): "about
  /// 4,200,000 rows".
  public var shape: String {
    // A frequency table says what it counts: "Frequencies of City: 20 values in 3,000 rows".
    if let frequencies = content as? FrequencyTable {
      let values =
        table.rowFilter == nil
        ? plural(frequencies.rowCount, "value")
        : "\(table.numberOfDisplayedRows.formatted) of \(plural(frequencies.rowCount, "value"))"
      return "\(frequencies.name): \(values) in \(plural(frequencies.total, "row"))"
    }
    // A database's list of tables counts tables, and names the file; a table opened from it
    // is named (it said "2 rows × 4 columns" for two tables, and no table's name once one
    // was open: a new user's finding).
    if let list = content as? DatabaseTableList {
      let tables =
        table.rowFilter == nil
        ? plural(list.rowCount, "table")
        : "\(table.numberOfDisplayedRows.formatted) of \(plural(list.rowCount, "table"))"
      return "\(tables) in \(list.name)"
    }
    let named = content.parent is DatabaseTableList ? content.name + ": " : ""
    let about = content.isRowCountEstimated ? "about " : ""
    // An estimate of none (a first row longer than what was read) is no count yet.
    let rows =
      content.isRowCountEstimated && content.rowCount == 0
      ? "rows still counted"
      : table.rowFilter == nil
        ? about + plural(content.rowCount, "row")
        : "\(table.numberOfDisplayedRows.formatted) of \(about)\(plural(content.rowCount, "row"))"
    // Hidden columns are not counted as shown (a new user's finding: four hidden, the line
    // still said "× 50 columns").
    let total = content.columnTitles.count
    let shown = table.layout.shownColumnCount
    let columns =
      shown < total && shown > 0
      ? "\(shown.formatted) of \(plural(total, "column"))" : plural(total, "column")
    return "\(named)\(rows) × \(columns)"
  }

  /// What `v` and `f` set, as the title shows it: "v: rows · f: 1st column frozen".
  public var modes: String {
    let frozen = table.layout.frozenColumnCount > 0 ? "1st column frozen" : "none frozen"
    return "v: \(selectionUnit) · f: \(frozen)"
  }

  /// What `v` selects now: "cells", "rows" or "columns".
  var selectionUnit: String {
    switch table.selectionMode {
    case .cells: "cells"
    case .rows: "rows"
    case .columns: "columns"
    }
  }

  /// The page's keys: moving and selecting, then shaping the columns.
  public var keyHelp: [(String, String)] {
    var help = Self.movingKeys + Self.columnKeys
    if content is DatabaseTableList {
      help =
        [
          ("Enter", "open the table (read a page at a time as it shows)"),
          ("Ctrl-R", "count the tables' rows again"),
        ] + help
    } else if content.parent != nil {
      help =
        [
          ("Backspace", "back to the database's tables"),
          ("Ctrl-R", "read the rows again (others change the database)"),
        ] + help
    }
    // What the status line may cut, whole: the problem that stopped loading, or what a
    // lenient read let through.
    if let problem = content.loadingProblem {
      help += [("", ""), ("the file", "\(problem); the rows before it show")]
    } else if let note = (content as? CSVTable)?.readingNote {
      help += [("", ""), ("the file", note)]
    }
    if isEditable {
      help += [
        ("", ""),
        (
          "e F2",
          "edit the cell in place (← → Home End, Ctrl-W Ctrl-U); Enter keeps, Tab (Shift-Tab) "
            + "keeps and edits the next (previous) cell, ↑ ↓ the one above or below, Esc cancels"
        ),
        // Each host says its own (GTK's said what a terminal's Ctrl-Z does: a new user's
        // finding).
        (
          "U R",
          metrics.isDesktop
            ? "undo, redo the last edit (Ctrl-Z, Ctrl-Shift-Z too)"
            : "undo, redo the last edit (Ctrl-Z suspends, as in any terminal)"
        ),
        ("s after an edit", "of the sorted column: the same sort again, over the edits"),
        ("Ctrl-S", "save the file (as it was before the first save, kept as FILE.bak)"),
        ("W", "save a copy with the edits as a new file"),
      ]
    }
    return help
  }

  /// The keys that move the cell cursor and select.
  static let movingKeys = [
    ("↑ ↓ ← →", "move the cell cursor (the view follows on both axes)"),
    ("PgUp PgDn", "a page up or down"), ("Home End", "the first, last cell of the row"),
    ("Ctrl-Home Ctrl-End", "the first, last cell of the table"),
    ("Shift+moves", "select a range from the anchor"),
    ("Space Enter", "select the cell (its row or column: see v); Ctrl-Space toggles"),
    ("Ctrl-A Esc", "select all; deselect all"), ("v", "select cells, rows or columns"),
  ]

  /// The keys that sort and shape the columns.
  static let columnKeys = [
    (
      "s",
      "sort by the cursor's column: ascending, descending, off (a click on a header too)"
    ),
    (
      "Esc Ctrl-C",
      "while a sort, a filter, a count or a find runs (keys work meanwhile): stop it"
    ),
    ("/", "find in the cursor's column, ignoring case: text or /a pattern/, Enter; marked"),
    (
      "|",
      "show only the rows whose cell in the cursor's column has a text or /pattern/ (again on "
        + "another column narrows them); Esc: all"
    ),
    ("&", "select the rows whose cell in the cursor's column has a text or /pattern/"),
    (
      "F",
      "the cursor's column's frequency table (of the rows a filter shows); Enter on a value "
        + "shows its rows, Backspace or Esc back"
    ),
    ("n N", "the next, previous match (\"match 3 of 1,204\"); Esc clears the marks"),
    (":", "go to a row by its number (#), or to a column by (the start of) its name; Enter"),
    ("< >", "narrower, wider column (or drag a header's right edge)"),
    ("{ }", "move the column left, right (or drag its header)"),
    ("h u", "hide the column; show every column again"), ("f", "freeze the first column or not"),
    ("Shift+wheel", "scroll sideways"),
  ]

  /// The focused cell's text.
  public func itemTitle(at indexPath: ItemPath) -> String? {
    content.text(row: table.sourceRow(forDisplayRow: indexPath.section), column: indexPath.item)
      .map(Self.shownText)
  }
}
