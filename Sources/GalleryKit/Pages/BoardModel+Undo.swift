import ReuseKit

extension BoardModel {
  // MARK: Undo

  /// How many moves `U` can take back.
  public static var undoLimit: Int { 100 }

  /// `U`: the last move (a drop, or `<` `>`) taken back; `R`: the last one taken back made
  /// again. The cards that moved are selected where they land, in the column that is then
  /// active (a new user's finding: the board had no undo). Not while a drag runs.
  @discardableResult
  public func stepMoves(undoing: Bool) -> Bool {
    guard coordinator.session == nil else { return false }
    guard let step = undoing ? undoMoves.popLast() : redoMoves.popLast() else {
      lastChange =
        !undoing
        ? "nothing to redo"
        : undoWasCut
          ? "nothing more to undo: the last \(Self.undoLimit) moves are kept" : "nothing to undo"
      columns[activeColumn].postAccessibilityAnnouncement(lastChange)
      return true
    }
    if undoing { redoMoves.append(step) } else { undoMoves.append(step) }
    board.cards = undoing ? step.before : step.after
    // Each column's declaration shows its change, the cards gliding back; said once, below,
    // not as items removed and added.
    for source in sources { source.collectionView.announcing("") { source.updateNow() } }
    let column = undoing ? step.from : step.to
    let ids = Set(step.ids)
    let paths = cards[column].indices.filter { ids.contains(cards[column][$0]) }.map {
      ItemPath(section: 0, item: $0)
    }
    for view in columns where view.numberOfSelectedItems > 0 { view.deselectAllItems() }
    let view = columns[column]
    for path in paths { view.selectItem(at: path) }
    // Undone, the cursor goes back to the card it was on (it went to the first moved card);
    // redone, to the first moved card, as the move put it.
    let cursor =
      undoing ? step.focused.flatMap { card in cards[column].firstIndex(of: card) } : nil
    if let item = cursor {
      view.focusItem(at: ItemPath(section: 0, item: item))
    } else if let first = paths.first {
      view.focusItem(at: first)
    }
    activeColumn = column
    let what = plural(step.ids.count, "card")
    lastChange =
      undoing
      ? "undid: \(what) back to \(Self.columnTitles[step.from])"
      : "redid: \(what) to \(Self.columnTitles[step.to])"
    view.postAccessibilityAnnouncement(lastChange)
    return true
  }

  /// Puts the cards in the columns `columns` names (what `--restore` keeps: the moves of the
  /// run before came back undone, and the cursor saved by place landed on another card, a new
  /// user's finding). Only an arrangement of this board's own cards, each once, is taken;
  /// anything else (a run with other `--items`) leaves the board as it is. Returns whether it
  /// was taken.
  @discardableResult
  public func restoreCards(_ columns: [[Int]]) -> Bool {
    guard coordinator.session == nil, columns.count == cards.count,
      columns.map(\.count).reduce(0, +) == cards.map(\.count).reduce(0, +),
      Set(columns.joined()) == Set(cards.joined())
    else { return false }
    board.cards = columns
    for source in sources {
      source.collectionView.announcing("") { source.updateNow(animated: false) }
    }
    return true
  }

  /// Keeps `step` for `U`; a new move forgets what was undone.
  func remember(_ step: BoardMove) {
    undoMoves.append(step)
    if undoMoves.count > Self.undoLimit {
      undoMoves.removeFirst()
      undoWasCut = true
    }
    redoMoves.removeAll()
  }
}

/// A move of the board's cards: every column's cards before and after it (a column's ids:
/// 8 bytes a card), where from and to, and the cards moved.
struct BoardMove {
  let before: [[Int]]
  let after: [[Int]]
  let from: Int
  let to: Int
  let ids: [Int]
  /// The card the source column's cursor was on before the move.
  let focused: Int?
}
