import ReuseControls
import ReuseKit

/// What the table page's prompt asks for.
enum TablePromptKind {
  /// `/`: a text to find in the cursor's column.
  case find
  /// `:`: a row number or a column's name to go to.
  case jump
  /// `|`: a text the rows to show contain in the cursor's column.
  case filter
  /// `&`: a text the rows to select contain in the cursor's column.
  case select
  /// `e`: the focused cell's new text.
  case edit
  /// `W` (Ctrl-Shift-S in GTK): a new file to save a copy to.
  case saveAs
}

extension String {
  /// Without leading and trailing spaces.
  var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}

extension TableModel {
  // MARK: Find

  /// Whether the cell shows a match of the find.
  func isFindMatch(row: Int, column: Int) -> Bool {
    guard let find, find.column == column else { return false }
    return find.matchSet.contains(row)
  }

  /// A key while a prompt shows: text is typed, Backspace erases, Enter does what the prompt
  /// asks (finds, or goes to a row or a column), Escape closes it; other keys wait.
  func handlePrompt(_ key: KeyPress) -> Bool {
    guard let kind = prompt?.kind, var field = prompt?.field else { return false }
    if key.key != .enter { promptProblem = nil }
    switch key.key {
    case .escape:
      prompt = nil
      if kind == .edit {
        cancelEdit()
      } else if announcesPrompts {
        table.collectionView.announce("cancelled")
      }
    case .enter:
      if kind == .saveAs, let problem = saveAsProblem(field.text) {
        // The prompt stays, with its text: the keys typed next change the name (they went to
        // the table as commands when it closed).
        promptProblem = problem
        return true
      }
      prompt = nil
      promptProblem = nil
      if kind == .edit { return commitEdit(field.text) }
      if kind == .saveAs { return saveEdits(as: field.text) }
      let text = field.text
      guard !text.isEmpty else { break }
      switch kind {
      case .find: startFind(text)
      case .jump: jump(to: text)
      case .filter:
        // With a filter shown, a new one narrows it (one on the same column replaces its own).
        let column = (table.focusedCell ?? table.focusHeldByFilter)?.column ?? 0
        startFilter(text, column: column, within: narrowing(column: column))
      case .select: startFilter(text, selecting: true)
      case .edit, .saveAs: break
      }
    case .tab where kind == .edit && key.modifiers.isSubset(of: .shift):
      // Tab and Shift-Tab go on to the next or the previous cell, as in a spreadsheet; Up and
      // Down to the cell above or below.
      commitEditingAndMove(key.modifiers == .shift ? .previous : .next)
    case .character("s") where kind == .edit && key.modifiers == .control:
      // Ctrl-S while a cell is edited keeps the edit and saves it with the others (it did
      // nothing, and the file stayed as it was without a word: a new user's finding).
      keepEdit()
      return saveEdits()
    case .up where kind == .edit && key.modifiers.isEmpty:
      commitEditingAndMove(.up)
    case .down where kind == .edit && key.modifiers.isEmpty:
      commitEditingAndMove(.down)
    case .character("a") where key.modifiers == .control && promptSelectsAllOnControlA:
      field.selectAll()
      prompt = (kind, field)
    default:
      // The field's own keys: characters, the caret's moves, deletions (TextFieldState).
      guard field.handle(key) else { break }
      prompt = (kind, field)
      if kind == .edit { showEditedCell() }
    }
    return true
  }

  /// Says a prompt that opened (its line, without the caret) or the edit of one (as
  /// ``FindBar/echo(from:to:)``), where the host asks for it (``announcesPrompts``). The
  /// edit prompt is the cell editor's, an entry that speaks for itself.
  func promptDidChange(from old: (kind: TablePromptKind, field: TextFieldState)?) {
    guard announcesPrompts, let prompt, prompt.kind != .edit else { return }
    guard let old, old.kind == prompt.kind else {
      return table.collectionView.announce(
        promptLine(prompt).replacing("▏", with: "").replacing(":  · ", with: ": "))
    }
    if let echo = FindBar.echo(from: old.field.text, to: prompt.field.text) {
      table.collectionView.announce(echo)
    }
  }

  /// The status line while a prompt shows.
  func promptLine(_ prompt: (kind: TablePromptKind, field: TextFieldState)) -> String {
    let typed =
      prompt.field.isAllSelected
      ? "[\(prompt.field.text)] (selected: typing replaces it)"
      : prompt.field.beforeCaret + "▏" + prompt.field.afterCaret
    // The find, filter and select prompts name the column they act on: the focused cell's, or
    // the one a filter that left no rows holds.
    let focused = table.focusedCell ?? table.focusHeldByFilter
    var column: String { focused.map { columnTitle($0.column) } ?? "the column" }
    switch prompt.kind {
    case .find:
      return "find in \(column): \(typed) · Enter finds, Esc cancels"
    case .filter:
      let among = narrowing(column: focused?.column ?? 0)
      let rows =
        among.isEmpty
        ? "rows" : "rows among \(among.map(describe).joined(separator: " and "))"
      return "show \(rows) whose \(column) contains: \(typed) · Enter filters, Esc cancels"
    case .select:
      return "select rows whose \(column) contains: \(typed) · Enter selects, Esc cancels"
    case .jump:
      return "go to row or column: \(typed) · a row number or a column's name, Enter goes"
    case .edit:
      return editPromptLine(prompt.field)
    case .saveAs:
      let problem = promptProblem.map { "\($0) · " } ?? ""
      return "save a copy as: \(String(typed).showingControls) · \(problem)Enter saves, Esc cancels"
    }
  }

  /// Goes to the row numbered `text` (the number the rows show in their first column and the
  /// status line names, whatever the sort; clamped to the table), or else to
  /// the first column whose title starts with it, ignoring case (or contains it), keeping the
  /// row; says what it did in the notice line when nothing matches.
  func jump(to text: String) {
    let trimmed = text.trimmingSpaces
    let focused = table.focusedCell
    let rowCount = table.numberOfRows
    let digits = trimmed.filter { $0 != "," && $0 != "_" && $0 != "#" }
    // A number too long for an Int is still a number: past the end, or before the start (it
    // was taken for a column's name: a new user's finding).
    let unsigned = digits.first == "-" || digits.first == "+" ? digits.dropFirst() : digits[...]
    let tooLong =
      !unsigned.isEmpty && unsigned.allSatisfy { $0.isASCII && $0.isNumber }
      ? (digits.first == "-" ? Int.min : Int.max) : nil
    if let number = Int(digits) ?? tooLong {
      guard rowCount > 0 else {
        jumpProblem = "no rows to go to"
        return
      }
      let row = min(max(1, number), rowCount) - 1
      guard table.displayRow(forSourceRow: row) != nil else {
        jumpProblem = "\(rowName(row)) is hidden by the filter (Esc shows every row)"
        return
      }
      table.focusCell(row: row, column: focused?.column ?? 0)
      // A number past either end goes to that end, and says so.
      // Sorted or filtered, the row numbered first or last is not the first or last shown:
      // its number is said (a new user's finding: "went to the last" landed mid-table).
      let inOrder = table.sortDescriptor == nil && filter == nil
      // A database that sorts numbers its rows in the order it shows them: the number is the
      // place in the sort, not in the table, and that is said (a new user took it for the
      // table's own number).
      if table.isSortedByDataSource, let sort = table.sortDescriptor, number >= 1,
        number <= rowCount
      {
        jumpProblem =
          "went to row \(number.formatted) of the sort by \(columnTitle(sort.column)): "
          + "a database's sorted rows are numbered in that order"
      }
      if number < 1 {
        jumpProblem = "rows start at 1: went to " + (inOrder ? "the first" : rowName(row))
      } else if number > rowCount {
        jumpProblem =
          "there are \(plural(rowCount, "row")): went to " + (inOrder ? "the last" : rowName(row))
      }
      return
    }
    let lowered = trimmed.lowercased()
    let titles = content.columnTitles.map { $0.lowercased() }
    let shown = table.columns.indices.filter { !table.columns[$0].isHidden }
    guard
      let column = shown.first(where: { titles[$0].hasPrefix(lowered) })
        ?? shown.first(where: { titles[$0].contains(lowered) })
    else {
      jumpProblem = "no row or shown column “\(trimmed)”"
      return
    }
    // A table of titles alone has no cell to go to: said (the cursor stayed nowhere, with no
    // word: a new user's finding).
    guard rowCount > 0 || focused != nil else {
      jumpProblem = "no rows: column \(columnTitle(column)) has no cell to go to"
      return
    }
    table.focusCell(row: focused?.row ?? 0, column: column)
  }

  /// Starts finding `text` in `column` (the cursor's by default), from the cursor's row; the
  /// first match shows as soon as it is found.
  func startFind(_ text: String, column: Int? = nil) {
    let focused = table.focusedCell
    let column = column ?? focused?.column ?? 0
    let start = focused.flatMap { table.displayRow(forSourceRow: $0.row) } ?? 0
    let old = find?.matches ?? []
    find?.job?.stop()
    // The content's own search numbers rows its way: in the order shown only when the table
    // is not sorted by the page (a CSV file sorted here is scanned in the order shown).
    let contentOrder = table.sortDescriptor == nil || table.isSortedByDataSource
    sortIsLatestJob = false
    find = TableFind(
      text: text, column: column, startRow: start, rowCount: table.numberOfDisplayedRows,
      sort: table.sortDescriptor,
      job: TableMatcher.make(text).isSuccess && contentOrder
        ? content.search(for: text, column: column, from: focused?.row ?? 0, wholeValue: false)
        : nil)
    let reading = find?.job == nil && content.isStillReading
    find?.startedWhileReading = reading
    if !old.isEmpty { table.reloadRows(old) }  // the old marks go
    advanceFind()
  }

  /// Cell `row` (a source row) of `column` changed (an edit, an undo, a redo): when the find
  /// searches that column, the cell is matched again, its mark and the count following (n
  /// and N stepped onto a cell an edit had changed, and the count stayed: a new user's
  /// finding).
  func recheckFind(row: Int, column: Int) {
    guard var running = find, running.column == column, running.problem == nil else { return }
    let before = running.matches.count
    let table = self.table
    running.recheck(row, text: content.text(row: row, column: column)) {
      table.displayRow(forSourceRow: $0)
    }
    find = running
    if running.matches.count != before { table.reloadRows([row]) }
  }

  /// Scans more rows for the running find (a frame's slice), marks what it found, and goes to
  /// the first match once there is one. A new sort starts the scan again from the cursor.
  @discardableResult
  func advanceFind() -> Bool {
    guard var running = find else { return false }
    // A new sort, a finished find's too: its matches are numbered in the order shown. So is
    // a filter made or cleared since (once it has ended): the rows shown are others.
    let filterSettled = filter.map { $0.scan.isDone && $0.shownAt != nil } ?? true
    let shownChanged = table.numberOfDisplayedRows != running.rowCount && filterSettled
    if running.sort != table.sortDescriptor || shownChanged, !table.isSorting,
      running.problem == nil
    {
      running.job?.stop()
      find = nil
      table.reloadRows(running.matches)
      // As typed, in the column it searched, wherever the cursor is.
      startFind(running.text, column: running.column)
      return true
    }
    guard !running.isDone else { return false }
    find = nil  // the one reference while it scans: its matches grow in place, never copied
    let before = running.matches.count
    let deadline = metrics.clock() + jobSliceDuration
    let clock = metrics.clock
    let table = self.table
    let column = running.column
    let content = self.content
    let first =
      running.job != nil
      // Matches the filter hides are not the find's (the job searches every row).
      ? running.takeFromJob(keeping: { table.displayRow(forSourceRow: $0) != nil })
      : running.scan(while: { clock() < deadline }) { display in
        let source = table.sourceRow(forDisplayRow: display)
        return (source, content.text(row: source, column: column))
      }
    find = running
    if running.matches.count > before {
      table.reloadRows(running.matches[before...])
    }
    if let forward = waitingFindStep {
      // The step pressed while the search could not tell, taken as soon as it can.
      let said = jumpProblem
      _ = stepFind(forward: forward)
      if waitingFindStep == nil, jumpProblem == said { jumpProblem = nil }
    } else if first {
      goToMatch(0)
    } else if running.isDone {
      // The final count, and the cursor's match numbered now: while it looked, neither was
      // said (a new user's finding: the last word was "match 1 of 118 so far").
      table.collectionView.announce(findAsShown?.status ?? running.status)
    }
    return true
  }

  /// Moves the cursor to match `index` and says which it is.
  private func goToMatch(_ index: Int) {
    guard var running = find, running.matches.indices.contains(index) else { return }
    running.current = index
    find = running
    let view = table.collectionView
    let before = view.focusedIndexPath
    table.focusCell(row: running.matches[index], column: running.column)
    // A step onto the cell the cursor is on names it: the focus does not move, so nothing
    // else says it.
    let naming = view.focusedIndexPath.map {
      ItemSearch.naming($0, ifFocusStayed: $0 == before, in: view)
    }
    view.announce((findAsShown?.status ?? running.status) + (naming ?? ""))
  }

  /// `n` and `N`: the nearest match after (before) the cursor's row in the order shown, round
  /// from the last to the first; the cursor may have moved since the last step (a first step
  /// takes the cursor's own row if it matches). While the scan has not yet seen the rows
  /// between, the step waits ("still searching"). `false` without matches.
  ///
  /// - Complexity: O(m) for m matches.
  func stepFind(forward: Bool) -> Bool {
    guard let running = find else {
      jumpProblem = "nothing to step through: / finds in the cursor's column"
      return true
    }
    guard !running.matches.isEmpty else { return false }
    let rows = max(1, running.rowCount)
    func offset(_ display: Int) -> Int { ((display - running.startRow) % rows + rows) % rows }
    let cursor = table.focusedCell.flatMap { table.displayRow(forSourceRow: $0.row) }
    let from = cursor.map(offset) ?? (forward ? 0 : rows)
    let inclusive = running.current == nil && forward
    // The nearest match past the cursor, and the first and last by offset (to go round).
    var best: (index: Int, offset: Int)?
    var first: (index: Int, offset: Int)?
    var last: (index: Int, offset: Int)?
    for (index, source) in running.matches.enumerated() {
      guard let display = table.displayRow(forSourceRow: source) else { continue }
      let value = offset(display)
      if first == nil || value < first!.offset { first = (index, value) }
      if last == nil || value > last!.offset { last = (index, value) }
      let past = forward ? (value > from || (inclusive && value == from)) : value < from
      guard past else { continue }
      if best == nil || (forward ? value < best!.offset : value > best!.offset) {
        best = (index, value)
      }
    }
    // Without the scan's end, the rows round the end (or between, stepping back into rows not
    // scanned yet) may hold a nearer match.
    let scannedTo = running.job == nil ? running.scanned : rows
    let certain = running.isDone || (best != nil && (forward || from <= scannedTo))
    guard certain, let target = best ?? (forward ? first : last) else {
      jumpProblem = "still searching: \(running.status)"
      waitingFindStep = forward
      return true
    }
    waitingFindStep = nil
    goToMatch(target.index)
    return true
  }

  /// The find as the status line says it: "match k of N" while the cursor's row is a match,
  /// k its number in the order shown (from the top, wherever the scan began), else "N
  /// matches".
  var findAsShown: TableFind? {
    guard var shown = find else { return nil }
    shown.current = table.focusedCell.flatMap { numberInOrder(ofMatch: $0.row, in: shown) }
    return shown
  }

  /// The index, in the order shown, of match `row` (a source row) among the matches found;
  /// `nil` when it is not one (or a match is not shown).
  ///
  /// - Complexity: O(log m) for m matches: they are kept in the scan's order, the order shown
  ///   from its start row round the end.
  private func numberInOrder(ofMatch row: Int, in running: TableFind) -> Int? {
    guard running.matchSet.contains(row), running.rowCount > 0,
      let own = table.displayRow(forSourceRow: row)
    else { return nil }
    let rows = running.rowCount
    func offset(_ display: Int) -> Int { ((display - running.startRow) % rows + rows) % rows }
    /// The first match whose offset is at least `target` (`nil`: a match not shown).
    func firstIndex(atLeast target: Int) -> Int? {
      var low = 0
      var high = running.matches.count
      while low < high {
        let middle = (low + high) / 2
        guard let display = table.displayRow(forSourceRow: running.matches[middle]) else {
          return nil
        }
        if offset(display) < target { low = middle + 1 } else { high = middle }
      }
      return low
    }
    guard let index = firstIndex(atLeast: offset(own)), index < running.matches.count,
      running.matches[index] == row,
      let firstWrapped = firstIndex(atLeast: rows - running.startRow)
    else { return nil }
    let wrapped = running.matches.count - firstWrapped
    return index >= firstWrapped ? index - firstWrapped : index + wrapped
  }

  /// Escape after a find: the marks go.
  func clearFind() {
    guard let running = find else { return }
    running.job?.stop()
    find = nil
    table.reloadRows(running.matches)
  }
}
