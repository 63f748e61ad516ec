import ReuseKit

// The board's keys, its status line and its help.

extension BoardModel {

  /// `<` and `>` move the selection to a neighbouring column; ← and → (and Tab) change the
  /// active column, keeping the cursor's row; Escape cancels a drag, else clears the
  /// selection; the other keys go to the active column (Shift with arrows extends the
  /// selection, Control-A selects the column).
  public func handle(_ key: KeyPress) -> Bool {
    if key.key == .escape, coordinator.session != nil {
      cancelDrag()
      return true
    }
    switch key.key {
    case .character("<"), .character(">"), .character("U"), .character("u"), .character("R"):
      break
    default:
      // The last move's note is news until the next key: kept, "redid: 1 card to Doing"
      // read as just done long after (a new user's finding).
      lastChange = ""
    }
    // A drag runs: the keys that would change the selection, the column or the cards do
    // nothing until its drop (Ctrl-A selected another column's cards under a drag), and say
    // so beside what the drop would do (`>` and `U` did nothing and said nothing: new users'
    // findings). They are not kept for after it: what they would do depends on the drop.
    if coordinator.session != nil,
      Self.isColumnKey(key) || Self.isColumnChange(key) || Self.isMoveKey(key)
    {
      lastChange = Self.heldNote
      columns[activeColumn].postAccessibilityAnnouncement(lastChange)
      return true
    }
    // Escape with no drag clears the board's selection, wherever it is: `<` and `>` move it,
    // and deselecting 1,200 moved cards took a Space on each.
    if key.key == .escape && key.modifiers.isEmpty, let column = selectionColumn {
      let count = columns[column].numberOfSelectedItems
      columns[column].deselectAllItems()
      lastChange = "\(plural(count, "card")) deselected"
      columns[activeColumn].postAccessibilityAnnouncement(lastChange)
      return true
    }
    if cards[activeColumn].isEmpty && Self.isColumnKey(key) {
      // An empty column's keys say why nothing happens (Space and Ctrl-A were silent, while
      // > said "has no card to move": a new user's finding).
      lastChange = "\(Self.columnTitles[activeColumn]) is empty"
      columns[activeColumn].postAccessibilityAnnouncement(lastChange)
      return true
    }
    // A desktop's undo and redo keys too (GTK: Ctrl-Z, Ctrl-Shift-Z, Ctrl-Y did nothing, and
    // said nothing: a new user's finding). A terminal's Ctrl-Z suspends before it reaches here.
    if let undoing = key.undoChord { return stepMoves(undoing: undoing) }
    if key.isCommandChord { return columns[activeColumn].handle(key) }
    switch key.key {
    // The board's keys whether or not a card could move (the status says why not): a refused
    // `>` went on to GTK's type-ahead, which took the next `<` as text (a new user's finding).
    case .character("<"):
      moveSelection(by: -1)
      return true
    case .character(">"):
      moveSelection(by: 1)
      return true
    // Lowercase too, as on the data source page (vi's undo).
    case .character("U"), .character("u"): return stepMoves(undoing: true)
    case .character("R"): return stepMoves(undoing: false)
    case .tab: return activate(activeColumn + (key.modifiers.contains(.shift) ? -1 : 1))
    case .left where key.modifiers.isEmpty: return activate(activeColumn - 1)
    case .right where key.modifiers.isEmpty: return activate(activeColumn + 1)
    default: return columns[activeColumn].handle(key)
    }
  }

  /// What a key pressed during a drag says: the key is not kept for after the drop ("keys
  /// wait for the drop" read as a promise, and a `u` pressed then never ran: a new user's
  /// finding).
  static var heldNote: String { "a card is being dragged: release to drop it, Esc to cancel" }

  /// Whether `key` moves cards or takes a move back (`<` `>` `U` `u` `R`).
  static func isMoveKey(_ key: KeyPress) -> Bool {
    switch key.key {
    case .character("<"), .character(">"), .character("U"), .character("u"), .character("R"):
      return key.modifiers.isEmpty || key.modifiers == .shift
    default: return false
    }
  }

  static func isColumnChange(_ key: KeyPress) -> Bool {
    switch key.key {
    case .tab, .left, .right: return true
    default: return false
    }
  }

  /// Whether `key` acts on the active column's cards (moves, selects, opens).
  static func isColumnKey(_ key: KeyPress) -> Bool {
    switch key.key {
    case .character("a"), .character("A"): return key.modifiers.contains(.control)
    case .character(" "), .space, .enter, .up, .down, .pageUp, .pageDown, .home, .end: return true
    default: return false
    }
  }

  /// Makes column `index` (clamped) the active one as it was saved, its cursor left where
  /// the saved position puts it (`--restore`).
  public func restoreActiveColumn(_ index: Int) {
    activeColumn = min(max(0, index), columns.count - 1)
  }

  /// Makes column `index` (wrapping) the active one, with the cursor on the row it had in the
  /// previous one.
  private func activate(_ index: Int) -> Bool {
    let previous = columns[activeColumn]
    let row = previous.focusedIndexPath?.item ?? 0
    activeColumn = (index % columns.count + columns.count) % columns.count
    let view = columns[activeColumn]
    let count = cards[activeColumn].count
    if count > 0 {
      let visible = view.indexPathsForVisibleItems.map(\.item)
      let keep = view.focusedIndexPath?.item ?? min(row, count - 1)
      let item = visible.contains(keep) ? keep : (visible.first ?? min(row, count - 1))
      view.focusItem(at: ItemPath(section: 0, item: item))
    }
    return true
  }

  /// What a drop now would do, when a drag runs; `nil` otherwise.
  public var dragStatus: String? {
    guard let session = coordinator.session else { return nil }
    let drop = dropStatus(session)
    return lastChange == Self.heldNote ? drop + " · " + lastChange : drop
  }

  private func dropStatus(_ session: DragSession) -> String {
    let what = plural(session.items.count, "card")
    guard let target = session.target.flatMap(column(of:)) else {
      return "dragging \(what): release over a column"
    }
    switch session.operation {
    case .move, .copy:
      let place = (session.destination?.item ?? 0) + 1
      return "drop moves \(what) to \(Self.columnTitles[target]), position \(place.formatted)"
    case .forbidden, .cancel:
      return "\(Self.columnTitles[target]) takes cards only from Review: a drop returns \(what)"
    }
  }

  /// The active column, its cursor's card, the selection, and what a drag would do.
  public var status: String {
    if let dragStatus { return dragStatus }
    let view = columns[activeColumn]
    let name = Self.columnTitles[activeColumn]
    let current = view.focusedIndexPath.flatMap { path in
      path.item < cards[activeColumn].count ? cardTitle(cards[activeColumn][path.item]) : nil
    }
    // Cards checked in another column are said with it: `<` and `>` move them.
    let selection = selectionColumn
    let selected = selection.map { columns[$0].numberOfSelectedItems } ?? 0
    let elsewhere = selection.map { $0 == activeColumn ? "" : " in \(Self.columnTitles[$0])" }
    return "\(name): \(current ?? "no card")"
      + (selected > 0 ? " · \(selected.formatted) selected\(elsewhere ?? "")" : "")
      + (lastChange.isEmpty ? "" : " · \(lastChange)")
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("← → Tab", "another column"), ("↑ ↓ PgUp PgDn Home End", "move in the column"),
      ("Shift + those", "extend the selection"), ("click", "select a card"),
      ("Space, Ctrl-click", "select or deselect a card (the others stay)"),
      ("Shift-click", "select a range"),
      ("Ctrl-A", "select the column"), ("drag a card", "move it (or the selection)"),
      ("drag from empty space", "select with a box"), ("drag the left edge", "slide-select"),
      ("< >", "move the selection to the column left or right"),
      ("Esc", "cancel a drag, else deselect"),
      ("U (or u) R", "undo, redo a move (the last 100)"),
      // An action in the key column, as every other row (a rule there read as a key: a new
      // user's finding).
      ("drop on Done", "from Review only (elsewhere the cards go back)"),
    ]
  }

  /// The active column's card titles.
  public func itemTitle(at indexPath: ItemPath) -> String? {
    let column = cards[activeColumn]
    return indexPath.item < column.count ? cardTitle(column[indexPath.item]) : nil
  }
}

extension KeyPress {
  /// Whether this is a desktop's undo (`true`: Ctrl-Z) or redo (`false`: Ctrl-Shift-Z,
  /// Ctrl-Y); `nil` for any other key.
  var undoChord: Bool? {
    switch (key, modifiers) {
    case (.character("z"), .control): return true
    case (.character("Z"), [.control, .shift]), (.character("Z"), .control),
      (.character("z"), [.control, .shift]), (.character("y"), .control):
      return false
    default: return nil
    }
  }
}
