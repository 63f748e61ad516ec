import ReuseDeclarative
import ReuseKit

/// The `board` page: four columns of cards (To do, Doing, Review, Done), each its own
/// collection view, declared (`ReuseDeclarative`: a `ForEach` of the column's cards that
/// drags them out, `draggable()`, and takes drops, `onInsert(of:operation:)`), sharing one
/// `DragCoordinator`. Select several cards (Shift and Control with clicks and arrows, a box
/// dragged from below a column's last card or a slide along a column's left edge, Control-A),
/// drag them to another column or within one (the column under the pointer opens a gap and
/// scrolls near its edges), Escape cancels, and the status line says what a drop would do.
/// `<` and `>` move the selected cards to the column on the left or the right, for the
/// keyboard. Cards reach Done only through Review: a drop from another column is forbidden
/// there.
///
/// `--items N` makes 3 × N cards (at least 8, none for 0); `--data` uses the file's items.
public final class BoardModel<Cell: BoardCardPresenting>: PageModel, ClickFocusing,
  CollectionViewDragDelegate
{
  /// `--demo board`.
  public static var name: String { "board" }
  /// The reuse identifier the cards are registered under.
  public static var cardIdentifier: String { "card" }
  /// The columns' titles.
  public static var columnTitles: [String] { ["To do", "Doing", "Review", "Done"] }

  /// The tab's title.
  public let title = "Board"
  /// The columns, left to right.
  public let columns: [CollectionView]
  /// The columns' declarations, left to right.
  public let sources: [DeclarativeDataSource]
  /// The cards (ids) of each column, top to bottom.
  public var cards: [[Int]] { board.cards }
  /// The cards, what the declarations read (a reference: they hold it, not the model).
  let board: BoardCards
  /// Drags between the columns; the host adds the columns with their frames.
  public let coordinator = DragCoordinator()
  /// Whether ``cancelDrag()`` is ending the drag.
  private var isCancellingDrag = false
  /// The column the keys go to: only its cursor is drawn.
  public internal(set) var activeColumn = 0 {
    didSet {
      guard activeColumn != oldValue else { return }
      board.activeColumn = activeColumn
      // Shown at once: the cards' data did not change, so no update configures them.
      for (index, view) in columns.enumerated() {
        for case let cell as Cell in view.visibleCells
        where cell.showsFocus != (index == activeColumn) {
          cell.showsFocus = index == activeColumn
          cell.setNeedsDisplay()
        }
      }
    }
  }
  /// The most cards a board holds, whatever `--items` says.
  public static var maximumCards: Int { 30_000 }
  /// Whether the data or `--items` asked for more than ``maximumCards``: the heading says the
  /// count is the most (it said 30,000 cards for `--items 10000000` without a word: a new
  /// user's finding).
  public let isCapped: Bool

  /// What the last drop or move did, until another key (empty then).
  public internal(set) var lastChange = ""
  /// The moves `U` takes back, and those `R` makes again.
  var undoMoves: [BoardMove] = []
  var redoMoves: [BoardMove] = []
  /// Whether moves older than ``undoLimit`` were let go: the last `U` says so.
  var undoWasCut = false

  /// The board for `options`, rows `metrics.rowLength` tall.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    let items = options.data?.sections.flatMap(\.items)
    // A board is a working set, not a stress test: three cards an item, at most 30,000 (the
    // cards are arrays of numbers that move between columns; 10^7 items made 3 × 10^7 of
    // them, 4 s and 344 MB on the first visit).
    // None for `--items 0` (eight showed: a new user's finding).
    let generated = options.itemCount <= 0 ? 0 : max(8, 3 * options.itemCount)
    let total = min(items?.count ?? generated, Self.maximumCards)
    isCapped = (items?.count ?? generated) > Self.maximumCards
    // To do 40 %, Doing 20 %, Review 15 %, Done the rest.
    let shares = [total * 40 / 100, total * 20 / 100, total * 15 / 100]
    var next = 0
    var cards: [[Int]] = []
    for share in shares + [total - shares.reduce(0, +)] {
      cards.append(Array(next..<next + share))
      next += share
    }
    let board = BoardCards(cards: cards, titles: items?.map(\.title))
    self.board = board
    columns = (0..<4).map { _ in
      let view = CollectionView(layout: ListLayout(itemSizing: .uniform(metrics.rowLength)))
      view.allowsMultipleSelection = true
      // A click selects the card alone (Control-click toggles, Shift-click ranges), as the
      // help says and desktop lists do; Space toggles.
      view.tapsReplaceSelection = true
      view.overscan = metrics.overscan
      // A box from empty space (below the last card), a slide along the left edge.
      view.selectionDragStyle = { item, point, _ in
        item == nil ? .box : (point.x < metrics.rowLength ? .slide : nil)
      }
      return view
    }
    // Each column declared: its cards, dragged out and dropped in (Done only from Review).
    sources = columns.indices.map { [columns] index in
      DeclarativeDataSource(collectionView: columns[index]) {
        ForEach(board.cards[index], id: \.self) { id in
          BoardCardContent<Cell>(card: board.card(id), showsFocus: board.activeColumn == index)
        }
        .draggable()
        .searchable { board.name($0) }
        .onInsert(
          of: Int.self,
          operation: { session in board.dropOperation(index, session) },
          perform: { at, ids, _ in board.drop(ids, index, at) })
      }
    }
    board.dropOperation = { [unowned self] column, session in
      dropOperation(into: column, for: session)
    }
    board.drop = { [unowned self] ids, column, index in drop(ids, into: column, at: index) }
    for (index, view) in columns.enumerated() {
      view.delegate = self
      // The declaration's drags, and the model told when one ends (what the status says).
      view.dragDelegate = self
      // Each column is named as it is titled: what a screen reader says of the container.
      view.accessibilityLabel = Self.columnTitles[index]
    }
    // The first column with cards is the active one (a file of one card put it in Done, while
    // the keys went to an empty To do: a new user's finding).
    if let first = cards.firstIndex(where: { !$0.isEmpty }) {
      activeColumn = first
      columns[first].focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    }
  }

  /// The column `view` shows, if it is one of the board's.
  public func column(of view: CollectionView) -> Int? {
    columns.firstIndex { $0 === view }
  }

  /// The title of card `id`.
  public func cardTitle(_ id: Int) -> String { board.title(id) }

  /// The topic of card `id`.
  public func cardTopic(_ id: Int) -> String { BoardCards.topic(id) }

  // MARK: Pointer

  /// A click in a column makes it the active one, with the cursor on the card clicked (a box
  /// or a slide leaves the cursor where it is, unless the column had none: then it takes the
  /// first card the box selects, so the status names a card, not "no card · 1 selected": a new
  /// user's finding).
  public func clicked(_ path: ItemPath, in view: CollectionView) {
    guard let index = column(of: view) else { return }
    activeColumn = index
    if !view.isSelectionDragging || view.focusedIndexPath == nil {
      view.focusItem(at: path, scrollsIntoView: false)
    }
    // One selection on the board: a click in a column clears the others' (their cards stayed
    // checked, uncounted by the status and left behind by `>`: a new user's finding).
    keepSelectionIn(index)
  }

  /// The keyboard focus came into `view` by other means than a press (GTK's Tab): it becomes
  /// the active column, its cursor and the last move's note left as they are.
  public func keyboardFocusDidEnter(_ view: CollectionView) {
    guard coordinator.session == nil, let index = column(of: view) else { return }
    activeColumn = index
  }

  /// A press that began in `view` makes it the active column, and ends the last move's note
  /// as a key does (it stayed after a click: a new user's finding).
  public func pointerDidPress(in view: CollectionView) {
    if let index = column(of: view) {
      activeColumn = index
      // A column pressed in its empty space has a cursor to act on (it said "no card" beside
      // its cards: a new user's finding).
      if view.focusedIndexPath == nil, !cards[index].isEmpty {
        let first = view.indexPathsForVisibleItems.first ?? ItemPath(section: 0, item: 0)
        view.focusItem(at: first, scrollsIntoView: false)
      }
    }
    if coordinator.session == nil { lastChange = "" }
  }

  // MARK: Drag and drop

  /// The cards a drag from `indexPath` carries: the declaration's answer (the selection when
  /// the card is in it).
  public func collectionView(
    _ collectionView: CollectionView, itemsForBeginningDragAt indexPath: ItemPath
  ) -> [ItemPath] {
    guard let index = column(of: collectionView) else { return [] }
    return sources[index].collectionView(collectionView, itemsForBeginningDragAt: indexPath)
  }

  /// Done takes cards only from Review and from itself.
  private func dropOperation(into target: Int, for session: DragSession) -> DropOperation {
    guard let source = session.source.flatMap(column(of:)) else { return .forbidden }
    return target == 3 && source != 2 && source != 3 ? .forbidden : .move
  }

  /// Moves the dropped cards from their column to `target` at `index` (a place after their
  /// removal), in the data: the coordinator shows it in both columns.
  private func drop(_ ids: [Int], into target: Int, at index: Int) {
    guard let first = ids.first, let source = cards.firstIndex(where: { $0.contains(first) })
    else { return }
    let before = cards
    let moved = move(ids, from: source, to: target, at: index)
    if cards == before {
      lastChange =
        "\(moved == 1 ? "the card stays" : "the cards stay") where \(moved == 1 ? "it was" : "they were")"
    } else {
      lastChange = "moved \(plural(moved, "card")) to \(Self.columnTitles[target])"
      // Undone, the cursor goes back with the dragged cards (it stayed on the first card of
      // the column the drag left: a new user's finding), unless it was on one of them.
      let focused = focusedCard(in: source, of: before)
      remember(
        BoardMove(
          before: before, after: cards, from: source, to: target, ids: ids,
          focused: focused.flatMap { ids.contains($0) ? $0 : nil } ?? first))
    }
    activeColumn = target
    keepSelectionIn(target)
  }

  /// The card under column `column`'s cursor in `cards` (the board before a move).
  private func focusedCard(in column: Int, of cards: [[Int]]) -> Int? {
    columns[column].focusedIndexPath.flatMap {
      cards[column].indices.contains($0.item) ? cards[column][$0.item] : nil
    }
  }

  /// The column whose cards are selected: the active one when it has any, else the first that
  /// has (a move or a drop leaves one: ``keepSelectionIn(_:)``); `nil` when no card is.
  var selectionColumn: Int? {
    columns[activeColumn].numberOfSelectedItems > 0
      ? activeColumn : columns.indices.first { columns[$0].numberOfSelectedItems > 0 }
  }

  /// The cards a drop or a move brought to `column` are the board's selection: the other
  /// columns' selections go (a card left checked in another column was not counted by the
  /// status line, nor moved by `<` and `>`: a new user's finding).
  private func keepSelectionIn(_ column: Int) {
    for (index, view) in columns.enumerated()
    where index != column && view.numberOfSelectedItems > 0 {
      view.deselectAllItems()
    }
  }

  /// A drag that ended with no drop (Escape, or a release where none is taken) says the cards
  /// went back, in place of the last move's note (it said nothing).
  public func collectionView(
    _ collectionView: CollectionView, dragSessionDidEnd session: DragSession,
    operation: DropOperation
  ) {
    guard operation == .cancel || operation == .forbidden else { return }
    // The cursor goes back to the first card that went back, in its column, the active one (it
    // stayed where the drag's rows had shifted it, on a card the drag never touched: a new
    // user's finding).
    if let source = session.source, let index = column(of: source),
      let first = session.items.first, first.item < cards[index].count
    {
      activeColumn = index
      source.focusItem(at: first, scrollsIntoView: false)
      // One selection on the board: another column's stays no longer (it stayed painted,
      // uncounted, while `>` moved the card under the cursor: a new user's finding in GTK).
      keepSelectionIn(index)
    }
    let what = session.items.count == 1 ? "the card" : "\(session.items.count.formatted) cards"
    let refused = !isCancellingDrag && session.destination != nil && !session.canDrop
    // Over Done from elsewhere, the reason the status gave while it hovered (it said only "no
    // drop there" once let go: a new user's finding).
    let overDone = session.target.flatMap(column(of:)) == 3
    lastChange =
      refused
      ? (overDone
        ? "Done takes cards only from Review: \(what) went back"
        : "no drop there: \(what) went back")
      : "drag cancelled: \(what) went back"
  }

  /// Ends the drag the user called off (Escape, the page left): said as cancelled wherever
  /// the pointer was (over a column that takes no drop it said "no drop there", as for a
  /// release: a new user's finding).
  ///
  /// The cards are back where they were, and the cursor is on the first of them, in the one
  /// column with a selection (left on the first card, with a card dropped earlier still
  /// selected in another column: a new user's finding, a drag cut off by a page switch).
  public func cancelDrag() {
    let lifted = coordinator.session.flatMap { session in
      session.source.flatMap(column(of:)).flatMap { column in
        session.items.first.map { (column, $0) }
      }
    }
    isCancellingDrag = true
    coordinator.cancelDrag()
    isCancellingDrag = false
    guard let (column, first) = lifted, first.item < cards[column].count else { return }
    columns[column].focusItem(at: first)
    keepSelectionIn(column)
  }

  /// Moves the cards `ids` of column `source` to `target` at `index` (an index after their
  /// removal), in the data only. Returns how many moved.
  private func move(_ ids: [Int], from source: Int, to target: Int, at index: Int) -> Int {
    // One pass, not a removal per card (a column of 1,200 moved at once).
    let leaving = Set(ids)
    let kept = cards[source].filter { !leaving.contains($0) }
    let moving = cards[source].filter { leaving.contains($0) }
    board.cards[source] = kept
    board.cards[target].insert(contentsOf: moving, at: min(max(0, index), cards[target].count))
    return moving.count
  }

  /// Says why a key did nothing, in the status and to a screen reader (a screen reader heard
  /// nothing: a new user's finding). Returns `false`.
  func refuse(_ why: String) -> Bool {
    lastChange = why
    columns[activeColumn].postAccessibilityAnnouncement(why)
    return false
  }

  /// Moves the board's selected cards (or, with none, the active column's focused one) to the
  /// top of the column on the left (`-1`) or the right (`1`) of theirs, as a drop there would:
  /// one batch update in each. Returns whether anything moved.
  @discardableResult
  public func moveSelection(by step: Int) -> Bool {
    // Cards checked in a column the cursor has left are still the selection: they move, not
    // the card under the cursor (`>` moved the cursor's card and left the checked ones: a new
    // user's finding).
    let source = selectionColumn ?? activeColumn
    let target = source + step
    let view = columns[source]
    guard coordinator.session == nil else { return false }
    // A key that can do nothing says why (it did nothing, under the last move's note).
    guard target >= 0, target < columns.count else {
      return refuse(
        "no column to the \(step < 0 ? "left" : "right") of \(Self.columnTitles[source])")
    }
    var items = view.indexPathsForSelectedItems
    if items.isEmpty, let focused = view.focusedIndexPath, focused.item < cards[source].count {
      items = [focused]
    }
    guard !items.isEmpty else { return refuse("\(Self.columnTitles[source]) has no card to move") }
    if target == 3 && source != 2 { return refuse("cards reach Done through Review") }
    let before = cards
    let ids = items.map(\.item).filter { cards[source].indices.contains($0) }.map {
      cards[source][$0]
    }
    let moved = move(ids, from: source, to: target, at: 0)
    remember(
      BoardMove(
        before: before, after: cards, from: source, to: target, ids: ids,
        focused: focusedCard(in: source, of: before)))
    let inserted = (0..<moved).map { ItemPath(section: 0, item: $0) }
    // Said as the move it is ("moved 2 cards to Doing"), once, not as "2 items removed" and
    // "2 items added" (a new user's finding). Each column's declaration shows its change.
    let said = "moved \(plural(moved, "card")) to \(Self.columnTitles[target])"
    view.announcing("") { sources[source].updateNow() }
    let other = columns[target]
    other.announcing("") { sources[target].updateNow() }
    other.deselectAllItems()
    for path in inserted { other.selectItem(at: path) }
    other.focusItem(at: ItemPath(section: 0, item: 0))
    // Said once the column has its focused card: a host whose focus goes there next (GTK's)
    // says it with that card (said before, it went to a column the focus was not in, and was
    // never heard: a new user's finding).
    other.postAccessibilityAnnouncement(said)
    activeColumn = target
    keepSelectionIn(target)
    lastChange = said
    return true
  }

}
