import ReuseControls
import ReuseKit

#if canImport(Glibc)
  import Glibc
#endif

/// One edit of a cell: where (a source row, a column), and its text before and after.
struct TableCellEdit: Equatable {
  var row: Int
  var column: Int
  var before: String
  var after: String
}

extension TableModel {
  // MARK: Editing

  /// Whether the content's cells can be edited (a CSV file's; a database, JSON records and
  /// the demo table are read only).
  public var isEditable: Bool { content is any EditableTableContent }

  /// The longest cell the editor takes, in characters: a longer one is refused with a note,
  /// never cut (a cut value would be saved).
  static let longestEditableCell = 1_000_000

  /// `e`: edits the focused cell in the prompt, starting from its value as the file holds it
  /// (a line break stays a line break; the field shows it as `␊`).
  func beginEdit(selectingAll: Bool = false) {
    guard let (row, column) = table.focusedCell else { return }
    // Why not, on the status line and said, as U's and Ctrl-S's notes are (a screen reader
    // heard nothing: a new user's finding).
    func refuse(_ note: String) {
      editNote = note
      table.collectionView.announce(note)
    }
    if table.columns.indices.contains(column) && table.columns[column].isHidden {
      return refuse("\(columnTitle(column)) is hidden: u shows every column")
    }
    guard let editable = content as? any EditableTableContent else {
      // A frequency table of an editable file is counts, not cells: said so (it said that a
      // CSV file's cells can be edited, of a CSV file's counts: a new user's finding).
      return refuse(
        content is FrequencyTable
          ? "the counts are read only: Esc goes back to the table, where e edits"
          : "this table is read only (a CSV file's cells can be edited)")
    }
    guard let text = editable.editableText(row: row, column: column) else {
      return refuse("\(rowName(row)) is still loading")
    }
    let length = text.count
    guard length <= Self.longestEditableCell else {
      return refuse(
        "this cell holds \(length.formatted) characters: cells of up to "
          + "\(Self.longestEditableCell.formatted) can be edited here")
    }
    editTarget = (row, column)
    var field = TextFieldState(text, maxLength: max(10_000, length + 10_000))
    if selectingAll { field.selectAll() }
    prompt = (.edit, field)
    // The cell edited is brought into view (the cursor may be off screen after a sort: the
    // GTK entry opened over nothing, a new user's finding).
    table.focusCell(row: row, column: column)
    showEditedCell()
  }

  /// A double click on the cell at display `path` (a window's), once the first click put the
  /// cursor there: a file's cell is edited; elsewhere it is Enter (a database's table opens, a
  /// frequency table's value shows its rows). A double click only selected (a new user's
  /// finding in GTK). Returns whether it did anything.
  @discardableResult
  public func activateCell(at path: ItemPath) -> Bool {
    guard prompt == nil, table.collectionView.focusedIndexPath == path else { return false }
    guard isEditable else { return handle(KeyPress(.enter)) }
    beginEdit()
    return prompt != nil
  }

  /// Escape: the cell keeps its text, and the status says so (it went on saying what an
  /// earlier edit did, as if of this cell: a new user's finding).
  func cancelEdit() {
    let target = editTarget
    editTarget = nil
    guard let (row, column) = target else { return }
    table.reloadRows([row])
    editNote = "\(rowName(row)) · \(columnTitle(column)): edit cancelled, as it was"
  }

  /// The field being edited, when the cell at source `row`, `column` is the one: its cell
  /// draws the field in place, wherever the row shows now.
  func editingField(row: Int, column: Int) -> TextFieldState? {
    guard let target = editTarget, target.row == row, target.column == column,
      let prompt, prompt.kind == .edit
    else { return nil }
    return prompt.field
  }

  // MARK: A host's own text field

  /// The cell being edited (its source row and column) and its field, for a host that puts a
  /// text field of its own over the cell (GTK's `GtkEntry`); `nil` when no cell is edited.
  public var editingCell: (row: Int, column: Int, field: TextFieldState)? {
    guard let target = editTarget, let prompt, prompt.kind == .edit else { return nil }
    return (target.row, target.column, prompt.field)
  }

  /// The host's text field changed: its text, where its caret is (characters from the
  /// start) and whether all of it is selected. The cell and the status line follow.
  public func setEditingText(_ text: String, caret: Int, allSelected: Bool = false) {
    guard let prompt, prompt.kind == .edit else { return }
    var field = prompt.field
    field.setText(text)
    field.moveCaret(to: caret)
    if allSelected { field.selectAll() }
    self.prompt = (.edit, field)
    showEditedCell()
  }

  /// The host's text field was activated (Enter): the cell takes its text.
  public func commitEditing() { keepEdit() }

  /// Closes the cell's editor, the cell taking its text (the cursor left where it is when
  /// `movingTheCursor` is false). Returns whether an editor was open.
  @discardableResult
  func keepEdit(movingTheCursor: Bool = true) -> Bool {
    guard let prompt, prompt.kind == .edit else { return false }
    self.prompt = nil
    _ = commitEdit(prompt.field.text, movingTheCursor: movingTheCursor)
    return true
  }

  /// Where the cell editor goes on to after it keeps its text (``commitEditingAndMove(_:)``).
  public enum EditorMove: Sendable {
    /// Tab: the next cell of the row in the order shown, after the row's last the next row's
    /// first.
    case next
    /// Shift-Tab: the previous cell, before the row's first the previous row's last.
    case previous
    /// Up and Down: the cell above or below.
    case up, down
  }

  /// Tab, Shift-Tab, Up, Down: the cell takes the text, as Enter does, and the editor opens on
  /// the next cell that way, as a spreadsheet's data entry goes on. Where there is none (the
  /// table's first or last cell, the top or bottom row) the editor closes there, and the note
  /// says why. Tab was dropped (the field took no Tab) and the arrows did nothing (a new
  /// user's finding).
  public func commitEditingAndMove(_ move: EditorMove) {
    guard keepEdit() else { return }
    let view = table.collectionView
    guard let start = view.focusedIndexPath else { return }
    switch move {
    case .next, .previous:
      let forward = move == .next
      if !view.moveFocus(forward ? .right : .left), view.moveFocus(forward ? .down : .up) {
        _ = view.moveFocus(forward ? .lineStart : .lineEnd)
      }
    case .up, .down:
      _ = view.moveFocus(move == .up ? .up : .down)
    }
    guard view.focusedIndexPath != start else {
      let end: String
      switch move {
      case .next: end = "the table's last cell"
      case .previous: end = "the table's first cell"
      case .up: end = "the top row"
      case .down: end = "the bottom row"
      }
      editNote = (editNote.map { $0 + " · " } ?? "") + "\(end): the editor closed"
      table.collectionView.announce(editNote ?? "")
      return
    }
    // Its text selected, as a spreadsheet's next cell is: typing replaces it, an arrow keeps
    // it (typed after the old text, "Bergen" became "Bergenörebro": a new user's finding).
    beginEdit(selectingAll: true)
  }

  /// The display path of the cell being edited, when its row shows (not filtered out).
  public var editingDisplayPath: ItemPath? {
    guard let editing = editingCell, let row = table.displayRow(forSourceRow: editing.row)
    else { return nil }
    return ItemPath(section: row, item: editing.column)
  }

  /// The edited cell, where it shows, draws the field as it is now.
  func showEditedCell() {
    guard let row = editTarget?.row else { return }
    table.reloadRows([row])
    // The cell typed into comes into view: typing went on into a cell scrolled away or sorted
    // out of sight, its text seen nowhere but the status line (a new user's finding in GTK).
    if let path = editingDisplayPath {
      table.collectionView.scrollToItem(at: path, at: .nearest, animated: false)
    }
  }

  /// The cursor moved to another cell (a click) while one is edited: the edit is kept, as a
  /// click away from a spreadsheet's cell keeps it (the editor stayed open on the cell left,
  /// and Tab then went on from there: a new user's finding in GTK).
  func focusDidMove(toRow row: Int, column: Int) {
    guard let target = editTarget, target != (row, column) else { return }
    keepEdit(movingTheCursor: false)
  }

  /// Enter: the cell takes `text`, wherever its row is now (sorted, filtered or scrolled
  /// away); the edit can be undone.
  func commitEdit(_ text: String, movingTheCursor: Bool = true) -> Bool {
    defer {
      let row = editTarget?.row
      editTarget = nil
      if let row { table.reloadRows([row]) }
    }
    guard let (row, column) = editTarget, let editable = content as? any EditableTableContent
    else { return true }
    guard let before = editable.setText(text, row: row, column: column) else {
      editNote = "\(rowName(row)) cannot be edited"
      return true
    }
    guard before != text else { return true }
    if editsOwner != ObjectIdentifier(editable) {
      // Another table's edits: its rows are not these.
      undoEdits.removeAll()
      redoEdits.removeAll()
      editsOwner = ObjectIdentifier(editable)
      editedTable = editable
    }
    undoEdits.append(TableCellEdit(row: row, column: column, before: before, after: text))
    redoEdits.removeAll()
    showEdit(
      row: row, column: column, from: before, to: text, note: "edited",
      movingTheCursor: movingTheCursor)
    return true
  }

  /// `U`: the last edit undone.
  func undoEdit() { replay(undoing: true) }

  /// `R`: the last edit undone made again.
  func redoEdit() { replay(undoing: false) }

  /// Takes the last edit off one history, puts its text back (before, to undo; after, to
  /// redo) and onto the other history.
  private func replay(undoing: Bool) {
    guard let editable = editedContent,
      let edit = undoing ? undoEdits.popLast() : redoEdits.popLast()
    else {
      // The counts of an edited table: its edits are there to undo (it said "nothing to
      // undo" beside "2 rows edited": a new user's finding).
      if content is FrequencyTable, !(undoing ? undoEdits : redoEdits).isEmpty {
        editNote =
          "the counts are read only: Esc goes back to the table, where "
          + (undoing ? "U undoes" : "R redoes")
        return
      }
      editNote = undoing ? "nothing to undo" : "nothing to redo"
      return
    }
    let (was, now) = undoing ? (edit.after, edit.before) : (edit.before, edit.after)
    _ = editable.setText(now, row: edit.row, column: edit.column)
    if undoing { redoEdits.append(edit) } else { undoEdits.append(edit) }
    showEdit(
      row: edit.row, column: edit.column, from: was, to: now, note: undoing ? "undone" : "redone")
  }

  /// The row's cells configured again, the cursor on the cell, and the status line saying so;
  /// a cell of the sorted column that now differs from its text at the sort is noted (and one
  /// that holds it again, no longer).
  private func showEdit(
    row: Int, column: Int, from was: String, to now: String, note: String,
    movingTheCursor: Bool = true
  ) {
    // The frequency table these rows came from no longer counts them as they are.
    frequencyReturn?.edited = true
    if let pending = table.pendingSort?.descriptor, pending.column == column {
      var during: (descriptor: TableSortDescriptor, changes: [Int: String]) =
        editsDuringSort?.descriptor == pending ? editsDuringSort! : (pending, [:])
      let atStart = during.changes[row] ?? was
      during.changes[row] = now == atStart ? nil : atStart
      editsDuringSort = during
    } else if table.sortDescriptor?.column == column {
      let atSort = sortedColumnChanges[row] ?? was
      sortedColumnChanges[row] = now == atSort ? nil : atSort
    }
    recheckFind(row: row, column: column)
    table.reloadRows([row])
    let isShown = table.displayRow(forSourceRow: row) != nil
    // The cursor goes to the cell, unless its column is hidden: the cursor went there, out of
    // sight, and `e` then edited a column no one could see (a new user's finding).
    let isHidden = table.columns.indices.contains(column) && table.columns[column].isHidden
    if isShown && !isHidden && movingTheCursor { table.focusCell(row: row, column: column) }
    editNote = "\(note) \(rowName(row)) · \(columnTitle(column))"
    if isHidden { editNote! += " (a hidden column: u shows every column)" }
    // The filter is not made again under the cursor (the row would vanish as it is typed
    // in, as no spreadsheet's does), but a row shown that no longer meets it, or a hidden row
    // changed by an undo, is said (a new user's finding: nothing told). `|` with the same
    // text filters again.
    if let meets = meetsFilter(row: row) {
      if isShown && !meets {
        editNote! += " (no longer meets the filter; shown until it is made again)"
      } else if !isShown {
        editNote! +=
          meets
          ? " (now meets the filter; hidden until it is made again)"
          : " (a row the filter hides)"
      }
    }
    // An undo or a redo is said (a screen reader heard the cell again, and not what changed
    // it); an edit is heard as the cell's new text.
    if note != "edited" { table.collectionView.announce(editNote ?? "") }
  }

  /// The content shown now, when it is the one the undo history is about.
  private var editedContent: (any EditableTableContent)? {
    guard let editable = content as? any EditableTableContent,
      ObjectIdentifier(editable) == editsOwner
    else { return nil }
    return editable
  }

  /// The status line while a cell is edited.
  func editPromptLine(_ field: TextFieldState) -> String {
    let typed =
      field.isAllSelected
      ? "[\(field.text.showingControls)] (selected: typing replaces it)"
      : String(field.beforeCaret).showingControls + "▏" + String(field.afterCaret).showingControls
    guard let (row, column) = editTarget else { return "edit: \(typed)" }
    return "edit \(columnTitle(column)) of \(rowName(row)): "
      + "\(typed) · Enter keeps it, Tab the next cell, Esc cancels"
  }
}
