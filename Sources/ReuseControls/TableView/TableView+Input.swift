import ReuseKit

extension TableView {
  // MARK: Keys

  /// Handles a key as a spreadsheet does: arrows, pages, Home and End (the row's ends),
  /// Control-Home and Control-End move the focused cell (`KeyMap.table`), and the next Shift
  /// range starts where they land; with Shift they extend the selection from the anchor (the
  /// cell selected last, or where the focus was when Shift was first held); Space (and Enter) select the focused
  /// cell, row or column, Control-Space toggles it; Control-A selects all; Escape cancels a
  /// sort being prepared, else deselects all. Returns whether the key was used.
  @discardableResult
  public func handle(_ key: KeyPress) -> Bool {
    switch (key.key, key.modifiers) {
    case (.space, []), (.enter, []):
      guard let path = collectionView.focusedIndexPath else { return false }
      select(path, toggling: false)
      return true
    case (.space, .control):
      guard let path = collectionView.focusedIndexPath else { return false }
      select(path, toggling: true)
      return true
    case (.character("a"), .control):
      selectAll()
      return true
    case (.escape, []):
      if isSorting {
        cancelSort()
        return true
      }
      guard selectionCount > 0 else { return collectionView.handle(key) }
      deselectAll()
      return true
    default:
      break
    }
    guard key.modifiers.contains(.shift) else {
      // A move without Shift (an arrow, or Control-Home and Control-End) lands the focus
      // somewhere new: the next Shift range starts there (as the collection view's own ranges
      // do), not at a cell left behind several moves ago.
      if case .moveFocus? = collectionView.keyMap.action(for: key) { anchor = nil }
      return collectionView.handle(key)
    }
    // Shift with a move: the focus moves and the range follows it from the anchor.
    var plain = key
    plain.modifiers.remove(.shift)
    guard case .moveFocus(let move)? = collectionView.keyMap.action(for: plain) else {
      return collectionView.handle(key)
    }
    if anchor == nil, let path = collectionView.focusedIndexPath { anchor = makeAnchor(at: path) }
    guard collectionView.moveFocus(move), let path = collectionView.focusedIndexPath else {
      return false
    }
    extendSelection(to: path)
    return true
  }

  // MARK: Columns

  /// Widens (or narrows, for a negative `delta`) column `column`, never below its minimum nor
  /// past the viewport's width (a frozen column: past what leaves a quarter of the viewport to
  /// the columns that scroll): the keys `<` and `>` of a gallery, or a drag of the header's
  /// edge.
  public func resizeColumn(_ column: Int, by delta: Double) {
    guard columns.indices.contains(column), delta.isFinite else { return }
    setWidth(layout.width(ofColumn: column) + delta, ofColumn: column)
    delegate?.tableViewColumnsDidChange(self)
  }

  private func setWidth(_ width: Double, ofColumn column: Int) {
    let widest = max(columns[column].minimumWidth, widestWidth(ofColumn: column))
    columns[column].width = .fixed(
      max(columns[column].minimumWidth, min(widest, width.rounded())))
    collectionView.layoutIfNeeded()
  }

  /// The widest a resize makes column `column`: the viewport's width, so that its text can
  /// be scrolled to; a frozen column, what leaves a quarter of the viewport to the columns
  /// that scroll. (A frozen column widened past the screen hid every other, and no key
  /// brought them back: a new user's finding.)
  private func widestWidth(ofColumn column: Int) -> Double {
    let viewport = collectionView.viewportSize.width
    guard viewport > 0 else { return .infinity }
    let frozen = min(layout.frozenColumnCount, layout.shownColumnCount)
    guard let position = layout.shownPosition(ofColumn: column), position < frozen else {
      return viewport
    }
    var others = 0.0
    for other in 0..<frozen where other != position {
      if let item = layout.column(atShownPosition: other) { others += layout.width(ofColumn: item) }
    }
    return (viewport * 0.75 - others).rounded(.down)
  }

  /// Moves the column shown at `position` to shown position `newPosition`.
  public func moveColumn(from position: Int, to newPosition: Int) {
    layout.moveColumn(from: position, to: newPosition)
    collectionView.accessibilityPlacesDidChange()  // each cell's "column 2 of 6"
    collectionView.layoutIfNeeded()
    delegate?.tableViewColumnsDidChange(self)
  }

  /// Hides or shows column `column`. The focus leaves a column that hides (to its neighbour).
  public func setColumn(_ column: Int, hidden: Bool) {
    guard columns.indices.contains(column), columns[column].isHidden != hidden else { return }
    let focused = collectionView.focusedIndexPath
    let position = focused.flatMap { layout.shownPosition(ofColumn: $0.item) }
    columns[column].isHidden = hidden
    collectionView.layoutIfNeeded()
    if let focused, focused.item == column, hidden, layout.shownColumnCount > 0 {
      let next = min(position ?? 0, layout.shownColumnCount - 1)
      if let item = layout.column(atShownPosition: next) {
        collectionView.focusItem(at: ItemPath(section: focused.section, item: item))
      }
    }
    delegate?.tableViewColumnsDidChange(self)
  }

  // MARK: Header presses

  /// A press on a column header: near its right edge it resizes the column, elsewhere a drag
  /// moves the column and a click sorts by it (``cycleSort(byColumn:)``).
  func handleHeaderPress(_ press: SupplementaryPress) -> Bool {
    guard press.kind == .columnHeader else { return false }
    let column = press.indexPath.item
    switch press.phase {
    case .began:
      if press.location.x >= press.frame.maxX - resizeHandleWidth {
        headerDrag = .resize(
          column: column, startWidth: layout.width(ofColumn: column), startX: press.location.x)
      } else {
        headerDrag = .move(column: column, startX: press.location.x)
      }
      return true
    case .moved:
      switch headerDrag {
      case .resize(let column, let startWidth, let startX)?:
        setWidth(startWidth + press.location.x - startX, ofColumn: column)
      case .move(let column, _)?:
        moveColumnUnderPointer(column, to: press.location.x)
      case nil:
        break
      }
    case .ended:
      let drag = headerDrag
      headerDrag = nil
      if !press.isDrag, case .move(let column, _)? = drag {
        cycleSort(byColumn: column)
      } else if press.isDrag {
        delegate?.tableViewColumnsDidChange(self)
      }
    case .cancelled:
      if case .resize(let column, let startWidth, _)? = headerDrag {
        setWidth(startWidth, ofColumn: column)
      }
      headerDrag = nil
    }
    return true
  }

  /// A dragged header over another column's place takes that place, frozen or not, as
  /// ``moveColumn(from:to:)`` (the keys' `{` and `}`) does: a column dragged into the frozen
  /// columns' places is frozen, and the one it pushes out scrolls. (Drags stopped at the
  /// frozen columns' edge, silently, while the keys went across: a new user's finding.)
  private func moveColumnUnderPointer(_ column: Int, to x: Double) {
    guard let from = layout.shownPosition(ofColumn: column) else { return }
    let frozen = min(layout.frozenColumnCount, layout.shownColumnCount)
    // Frozen columns are pinned: their places are in viewport coordinates; the others' under
    // them do not count.
    var target: Int?
    if let pinned = layout.shownPosition(atX: x), pinned < frozen {
      target = pinned
    } else if let scrolled = layout.shownPosition(atX: x + collectionView.contentOffset.x),
      scrolled >= frozen
    {
      target = scrolled
    }
    guard let to = target, to != from else { return }
    layout.moveColumn(from: from, to: to)
    collectionView.accessibilityPlacesDidChange()
    collectionView.layoutIfNeeded()
  }
}
