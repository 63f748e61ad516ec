import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `board` page: four columns of cards (To do, Doing, Review, Done), each a collection
/// view in its own pane, with drag and drop between them (``BoardModel``). The pane holding a
/// press gets the mouse until it lifts, so a drag goes on over the other columns; the dragged
/// cards follow the pointer as a small card of their own.
///
/// `--items N` makes 3 × N cards; `--data` uses the file's items.
final class BoardPage: OptionsPage {
  let model: BoardModel<BoardCardCell>
  let panes: [CollectionViewPane]
  private var frame = CellRect.zero
  /// Where the pointer is (screen cells), for the dragged cards' preview.
  private var pointer: (column: Int, row: Int)?

  init(options: GalleryOptions) {
    model = BoardModel(options: options, metrics: .terminal)
    panes = model.columns.map { .themed($0, showsScrollIndicator: true) }
  }

  var title: String { model.title }

  // MARK: Layout and drawing

  /// The columns side by side below a heading, each with a title row, one column of space
  /// between them; the coordinator learns where each viewport is.
  func layout(in frame: CellRect) {
    self.frame = frame
    let count = panes.count
    let width = max(0, (frame.width - (count - 1)) / count)
    // The columns left over go one each to the first columns, not all to the last (at 30
    // columns Done was 9 wide and the others 6: a new user's finding).
    let left = max(0, frame.width - count * width - (count - 1))
    var x = frame.x
    for (index, pane) in panes.enumerated() {
      let columnWidth = width + (index < left ? 1 : 0)
      let previous = pane.frame
      pane.frame = CellRect(
        x: x, y: frame.y + 2, width: columnWidth, height: max(0, frame.height - 2))
      x += columnWidth + 1
      pane.collectionView.layoutIfNeeded()
      let content = pane.contentFrame
      model.coordinator.add(
        pane.collectionView,
        frame: Rect(
          x: Double(content.x), y: Double(content.y), width: Double(content.width),
          height: Double(content.height)))
      // A column that changed size keeps its focused card in view. One laid out again at
      // its size keeps its place: a restored column, scrolled away from its focus, came
      // back at the focus (a new user's finding).
      if pane.frame.width != previous.width || pane.frame.height != previous.height,
        let focused = pane.collectionView.focusedIndexPath
      {
        pane.collectionView.focusItem(at: focused)
      }
    }
  }

  func draw(into canvas: Canvas) {
    canvas.fill(frame, style: Theme.plain)
    guard !frame.isEmpty else { return }
    let context = DrawContext(canvas: canvas, frame: frame, clip: frame)
    let total = model.cards.reduce(0) { $0 + $1.count }
    context.text(
      " Board · \(plural(total, "card"))\(model.isCapped ? " (the most)" : "") in four columns,"
        + " each its own collection view",
      x: 0, y: 0, style: Theme.title)
    for (index, pane) in panes.enumerated() {
      let active = index == model.activeColumn
      let heading = CellRect(x: pane.frame.x, y: frame.y + 1, width: pane.frame.width, height: 1)
      let style =
        active
        ? TextStyle(foreground: Theme.onAccent, background: Theme.accent, attributes: .bold)
        : TextStyle(foreground: Theme.text, background: Theme.bar)
      canvas.fill(heading, style: style)
      let name = BoardModel<BoardCardCell>.columnTitles[index]
      DrawContext(canvas: canvas, frame: heading, clip: heading).text(
        " \(name) · \(model.cards[index].count.formatted)", x: 0, y: 0, style: style,
        maxWidth: heading.width)
      pane.draw(into: canvas)
    }
    drawPreview(into: canvas)
  }

  /// The dragged cards at the pointer: the first card's title and how many more.
  private func drawPreview(into canvas: Canvas) {
    guard let session = model.coordinator.session, let pointer,
      let source = session.source, let column = model.column(of: source),
      let first = session.items.first, first.item < model.cards[column].count
    else { return }
    let title = model.cardTitle(model.cards[column][first.item])
    let more = session.items.count > 1 ? " +\(session.items.count - 1)" : ""
    let text = " ⠿ " + title + more + " "
    let width = min(CharacterWidth.of(text), max(0, frame.width - 2))
    let x = min(max(frame.x, pointer.column + 1), frame.maxX - width)
    let y = min(max(frame.y, pointer.row), frame.maxY - 1)
    let style = TextStyle(
      foreground: Theme.onAccent,
      background: session.canDrop ? Theme.selection : Theme.warning, attributes: .bold)
    let cell = CellRect(x: x, y: y, width: width, height: 1)
    canvas.fill(cell, style: style)
    DrawContext(canvas: canvas, frame: cell, clip: cell).text(
      text, x: 0, y: 0, style: style, maxWidth: width)
  }

  // MARK: Input

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    key.keyPress.map(model.handle) ?? false
  }

  /// The pane holding a press gets the mouse until it lifts; otherwise the pane under it.
  /// A wheel notch during a drag scrolls the column under the pointer, and the drag goes on
  /// at its place (a terminal reports the wheel where the pointer is), so the gap, the
  /// dragged cards and the status follow the cards that moved under it (the card was drawn
  /// at the wheel's place while the gap stayed and the drop went elsewhere: a new user's
  /// finding).
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    pointer = (mouse.column, mouse.row)
    if let held = panes.first(where: { $0.isPressed }) {
      guard model.coordinator.session != nil,
        [.scrollUp, .scrollDown, .scrollLeft, .scrollRight].contains(mouse.kind)
      else { return held.handle(mouse, at: time) }
      let scrolled =
        panes.first { $0.contains(column: mouse.column, row: mouse.row) }?.handle(mouse, at: time)
        ?? false
      held.handle(
        MouseEvent(
          kind: .drag, column: mouse.column, row: mouse.row, modifiers: mouse.modifiers),
        at: time)
      return scrolled
    }
    for pane in panes where pane.contains(column: mouse.column, row: mouse.row) {
      let used = pane.handle(mouse, at: time)
      if used && mouse.kind == .press { model.pointerDidPress(in: pane.collectionView) }
      return used
    }
    return false
  }

  // MARK: Time and state

  func tick(now: Double) {
    for pane in panes { pane.tick(now: now) }
  }

  var isAnimating: Bool { panes.contains { $0.collectionView.isAnimating } }

  /// The four columns' counters together (the focused column's alone said "visible 3" beside
  /// nine cards on screen: a new user's finding).
  var counters: ReuseCounters {
    panes.reduce(into: ReuseCounters()) { total, pane in
      let column = pane.collectionView.reuseCounters
      total.created += column.created
      total.reused += column.reused
      total.visible += column.visible
      total.peakVisible += column.peakVisible
      total.discarded += column.discarded
    }
  }

  var poolSizes: [String: Int] {
    panes.reduce(into: [:]) { sizes, pane in
      sizes.merge(pane.collectionView.poolSizes) { $0 + $1 }
    }
  }

  var status: String { model.status }

  var keyHelp: [(String, String)] { model.keyHelp }

  var restorableView: CollectionView? { model.columns[model.activeColumn] }

  /// The active column's position, with which column it is, every column's own (each
  /// scrolls on its own: only the active one came back, a new user's finding), and the cards
  /// in each column.
  func savedPosition() -> GalleryPositions.Page? {
    let views = model.columns.map { view in
      view.savedScrollPosition().map {
        GalleryPositions.Page(scroll: $0, focus: view.focusedIndexPath)
      }
    }
    guard let active = views[model.activeColumn] else { return nil }
    return GalleryPositions.Page(
      scroll: active.scroll, focus: active.focus, view: model.activeColumn,
      views: views.allSatisfy { $0 != nil } ? views.map { $0! } : nil, columns: model.cards)
  }

  /// The cards' columns, each column's focus and scroll position, then the saved column made
  /// active again (a file of an earlier version, with the active column's alone, restores
  /// that one).
  func restorePosition(_ position: GalleryPositions.Page) {
    // The cards where they were first: the places below are places among them.
    if let columns = position.columns { model.restoreCards(columns) }
    if let column = position.view { model.restoreActiveColumn(column) }
    var positions = Array(repeating: GalleryPositions.Page?.none, count: model.columns.count)
    for (index, saved) in (position.views ?? []).enumerated() where index < positions.count {
      positions[index] = saved
    }
    positions[model.activeColumn] = position
    for (view, saved) in zip(model.columns, positions) {
      guard let saved else { continue }
      if let focus = saved.focus.flatMap(view.nearestItem(to:)) {
        view.focusItem(at: focus, scrollsIntoView: false)
      }
      view.restoreScrollPosition(saved.scroll)
    }
  }

  var announcingViews: [CollectionView] { model.columns }

  /// The focused card, with its column: "#2 Brisk Falcon, backlog, in To do, 2 of 12,000".
  var accessibilityFocus: AccessibilityElement? {
    let view = model.columns[model.activeColumn]
    let name = BoardModel<BoardCardCell>.columnTitles[model.activeColumn]
    return view.focusedIndexPath.flatMap(view.accessibilityElement(forItemAt:))?.inContainer(name)
  }

  var cursorPosition: (column: Int, row: Int)? { panes[model.activeColumn].focusCursor }

  func willHide() {
    model.cancelDrag()
    for pane in panes { pane.cancelTouches() }
  }
}
