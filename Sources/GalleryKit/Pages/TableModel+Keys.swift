import ReuseControls
import ReuseKit

extension TableModel {
  // MARK: Keys

  /// The page's keys first (`s` sorts by the focused column; `<` `>` resize it; `{` `}` move
  /// it; `h` hides it and `u` shows every column again; `v` selects cells, rows or columns;
  /// `f` freezes the first column or not), then the table's (arrows, pages, Home and End,
  /// Space, Shift ranges, Control-A, Escape).
  public func handle(_ key: KeyPress) -> Bool {
    jumpProblem = nil
    waitingFindStep = nil
    noteChangeOnDisk(now: true)
    if prompt != nil { return handlePrompt(key) }
    // A find that could not start (a pattern that is not a regular expression) is said once:
    // it stayed on the status line through every move and jump until Esc (a new user's
    // finding).
    if find?.problem != nil { find = nil }
    // What the last edit or save said stays through an Escape (one pressed to stop a save that
    // had just ended must not hide that it was saved).
    if key.key != .escape { editNote = nil }
    if key.key == .character("s") && key.modifiers == .control { return saveEdits() }
    // Undo and redo by a desktop's keys too (GTK: Ctrl-Z, Ctrl-Shift-Z, Ctrl-Y; a new user's
    // finding). A terminal's Ctrl-Z suspends before it reaches here: U and R there.
    if let undoing = key.undoChord {
      if undoing { undoEdit() } else { redoEdit() }
      return true
    }
    // Ctrl-R: the rows read again where they live (a database others change).
    if key.key == .character("r") && key.modifiers == .control {
      if !readAgain() {
        jumpProblem = "nothing to read again: the rows are all here"
      }
      return true
    }
    // Save as: W, or GTK's Ctrl-Shift-S (a terminal cannot tell it from Ctrl-S).
    if (key.key == .character("W") && key.modifiers.isDisjoint(with: [.control, .alt]))
      || (key.key == .character("S") && key.modifiers.contains(.control))
    {
      return beginSaveAs()
    }
    // Escape while a sort runs (in the database or here): it stops, and says so.
    if key.key == .escape && key.modifiers.isEmpty && cancelJob() { return true }
    if key.key == .escape && key.modifiers.isEmpty && cancelFrequencies() { return true }
    // The rows of a value chosen in a frequency table: Backspace goes back to it.
    if key.key == .backspace && key.modifiers.isEmpty && returnToFrequencies() { return true }
    // A frequency table: Enter shows the rows holding the focused value; Backspace goes back.
    if let frequencies = content as? FrequencyTable, key.modifiers.isEmpty,
      key.key == .enter || key.key == .backspace
    {
      let row = table.focusedCell?.row
      leaveFrequencies(
        filteringTo: key.key == .enter ? row.map { frequencies.values[$0].value } : nil)
      return true
    }
    // A database's list of tables: Enter opens the focused one; Backspace goes back.
    if key.key == .enter && key.modifiers.isEmpty, let row = table.focusedCell?.row,
      let opened = content.opening(row: row)
    {
      open(opened)
      return true
    }
    if key.key == .backspace && key.modifiers.isEmpty, let parent = content.parent {
      // Back on the list, the cursor on the table just left (found by its name).
      let left = content.name
      open(parent)
      if let row = (0..<min(parent.rowCount, 100_000)).first(where: {
        parent.text(row: $0, column: 0) == left
      }) {
        table.focusCell(row: row, column: 0)
      }
      return true
    }
    if key.key == .escape && key.modifiers.isEmpty && !table.isSorting && find != nil {
      clearFind()
      return true
    }
    if key.key == .escape && key.modifiers.isEmpty && !table.isSorting && filter != nil {
      clearFilter()
      return true
    }
    // Escape in a frequency table with nothing else to clear: back, as Backspace.
    if key.key == .escape && key.modifiers.isEmpty && !table.isSorting
      && content is FrequencyTable
    {
      leaveFrequencies(filteringTo: nil)
      return true
    }
    guard key.modifiers.isEmpty || key.modifiers == .shift,
      case .character(let character) = key.key
    else { return table.handle(key) }
    // A filter that shows no row holds the focus: its column still names the column.
    let column = table.focusedCell?.column ?? table.focusHeldByFilter?.column
    // A table with no rows (a file of titles alone) has no cell to act on: the keys that act
    // on one say so (the prompts named "the column", and `s`, `h`, `F` did nothing without a
    // word: a new user's finding).
    if column == nil, table.numberOfRows == 0, "/|&Fshe<>{}".contains(character) {
      jumpProblem = content.isStillReading ? "no rows yet: still reading" : "no rows to act on"
      return true
    }
    switch character {
    case "/":
      prompt = (.find, TextFieldState(maxLength: 200))
    case ":":
      prompt = (.jump, TextFieldState(maxLength: 200))
    case "|":
      prompt = (.filter, TextFieldState(maxLength: 200))
    case "&":
      prompt = (.select, TextFieldState(maxLength: 200))
    case "F":
      startFrequencies()
    case "e":
      beginEdit()
    case "U":
      undoEdit()
    case "R":
      redoEdit()
    case "n", "N":
      return stepFind(forward: character == "n")
    case "s":
      guard let column else { return false }
      sortStart = metrics.clock()
      editsDuringSort = nil
      // The sorted column edited since its sort: `s` on it sorts again the same way, as the
      // status says (it went on to the next direction: a new user's finding).
      if sortedColumnEdited, let sort = table.sortDescriptor, sort.column == column {
        table.applySort(sort)
      } else {
        table.cycleSort(byColumn: column)
      }
    case "<", ">":
      guard let column else { return false }
      table.resizeColumn(column, by: character == "<" ? -1 : 1)
      keepFocusedCellInView()
    case "{", "}":
      guard let column, let position = table.layout.shownPosition(ofColumn: column) else {
        return false
      }
      let target = position + (character == "{" ? -1 : 1)
      let count = table.layout.shownColumnCount
      let title = columnTitle(column)
      // Said, as every change to the columns is (GTK's window shows no heading of modes, and
      // `f` and `}` changed nothing a user could see said: a new user's finding).
      guard target >= 0, target < count else {
        return sayColumnNote("\(title) is the \(target < 0 ? "first" : "last") column shown")
      }
      table.moveColumn(from: position, to: target)
      keepFocusedCellInView()
      return sayColumnNote("moved \(title) to column \(target + 1) of \(count)")
    case "h":
      guard let column else { return false }
      // The last column shown stays, and says why (h did nothing without a word: a new
      // user's finding).
      guard table.layout.shownColumnCount > 1 else {
        return sayColumnNote("\(columnTitle(column)) is the only column shown: it stays")
      }
      table.setColumn(column, hidden: true)
      return sayColumnNote("hid \(columnTitle(column)) (u shows every column)")
    case "u":
      let hidden = table.columns.indices.filter { table.columns[$0].isHidden }
      for column in hidden { table.setColumn(column, hidden: false) }
      return sayColumnNote(
        hidden.isEmpty ? "every column shows" : "showed \(plural(hidden.count, "column"))")
    case "v":
      // The rows `&` selected go with the mode change: so does what the status says of them.
      if let running = filter, running.selects {
        running.scan.job?.stop()
        filter = nil
        restoreKeptFilter(of: running)
      }
      switch table.selectionMode {
      case .cells: table.selectionMode = .rows
      case .rows: table.selectionMode = .columns
      case .columns: table.selectionMode = .cells
      }
      return sayColumnNote("selecting \(selectionUnit) (v changes it)")
    case "f":
      table.layout.frozenColumnCount = table.layout.frozenColumnCount == 0 ? 1 : 0
      table.collectionView.layoutIfNeeded()
      return sayColumnNote(
        table.layout.frozenColumnCount > 0
          ? "the first column stays as the others scroll (f lets it go)" : "no column frozen")
    default:
      return table.handle(key)
    }
    return true
  }
}

extension TableModel {
  /// Checks whether another program changed the open file in place, at every key and at most
  /// once a second while frames come (one `fstat`): the status then says so, and a screen
  /// reader hears it once. A file replaced at its path leaves the bytes read as they were.
  func noteChangeOnDisk(now: Bool = false) {
    guard diskChange == nil, let table = content as? CSVTable else { return }
    let time = metrics.clock()
    guard now || time - diskCheckedAt >= 1 else { return }
    diskCheckedAt = time
    guard let change = table.file.changeOnDisk(checkingPath: false) else { return }
    let name = table.file.path.split(separator: "/").last.map(String.init) ?? table.file.path
    let warning = "⚠ \(name): \(change); the rows shown may be wrong (open it again)"
    diskChange = warning
    self.table.collectionView.postAccessibilityAnnouncement(warning)
  }

  /// Shows `note` on the status line and, where the host asks for it
  /// (``announcesPrompts``), says it: GTK's cell keeps the keyboard focus through a change of
  /// the columns, and a screen reader heard nothing of `h` or `}` (a new user's finding; the
  /// terminal's screen-reader mode reads the status line). Returns `true`: the key was used.
  func sayColumnNote(_ note: String) -> Bool {
    editNote = note
    if announcesPrompts { table.collectionView.postAccessibilityAnnouncement(note) }
    return true
  }
}

extension TableModel {
  /// The cursor's cell brought into view after its column grew or moved: the view follows
  /// the cursor on both axes (a column widened at the right edge stayed cut: a new user's
  /// finding).
  /// The focused cell's column brought into view, the rows left where they are: a saved
  /// place keeps the rows' position, not the columns' (restored, the cursor on a far column
  /// was off screen: a new user's finding).
  public func bringFocusedColumnIntoView() {
    let view = table.collectionView
    let rows = view.contentOffset.y
    keepFocusedCellInView()
    view.layoutIfNeeded()
    guard view.contentOffset.y != rows else { return }
    view.setContentOffset(Point(x: view.contentOffset.x, y: rows), animated: false)
    view.layoutIfNeeded()
  }

  func keepFocusedCellInView() {
    let view = table.collectionView
    guard let focused = view.focusedIndexPath else { return }
    view.focusItem(at: focused, scrollsIntoView: true)
  }
}
