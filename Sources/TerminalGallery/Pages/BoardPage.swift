import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `board` page: four columns of cards (To do, Doing, Review, Done), each a collection
/// view in its own pane, with drag and drop between them (``BoardModel``). The pane holding a
/// press gets the mouse until it lifts, so a drag goes on over the other columns; the dragged
/// cards follow the pointer as a small card of their own.
///
/// `--items N` makes 3 × N cards; `--data` uses the file's items.
final class BoardPage: OptionsPage, ModelPage {
  let model: BoardModel<BoardCardCell>
  let panes: [CollectionViewPane]
  var pane: CollectionViewPane { panes[0] }
  var frame = CellRect.zero
  /// The active column: the one `--restore` names, whose selection is counted.
  var restorableView: CollectionView? { model.focusedView }

  init(options: GalleryOptions) {
    model = BoardModel(options: options, metrics: .terminal)
    panes = model.columns.map { .themed($0, showsScrollIndicator: true) }
    showsEmptyTexts()
  }

  // MARK: Layout and drawing

  /// The columns side by side below a heading, each with a title row, one column of space
  /// between them; the coordinator learns where each viewport is. A column that changed size
  /// keeps its focused card in view; one laid out again at its size keeps its place (a
  /// restored column, scrolled away from its focus, came back at the focus: a new user's
  /// finding).
  func layout(in frame: CellRect) {
    self.frame = frame
    let body = CellRect(x: frame.x, y: frame.y + 2, width: frame.width, height: frame.height - 2)
    for (pane, column) in zip(panes, body.columns(panes.count, gap: 1)) {
      let view = pane.collectionView
      let resized = pane.frame.width != column.width || pane.frame.height != column.height
      pane.frame = column
      view.layoutIfNeeded()
      model.coordinator.add(view, frame: pane.contentFrame.rect)
      if resized, let focused = view.focusedIndexPath { view.focusItem(at: focused) }
    }
  }

  /// The heading, each column's title over it (the active one's lit) and the column, then
  /// the dragged cards' label at the pointer, green where they can drop.
  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(" " + model.heading, x: 0, y: 0, style: Theme.title)
    for (index, pane) in panes.enumerated() {
      let heading = CellRect(x: pane.frame.x, y: frame.y + 1, width: pane.frame.width, height: 1)
      let style =
        index == model.activeColumn
        ? TextStyle(foreground: Theme.onAccent, background: Theme.accent, attributes: .bold)
        : TextStyle(foreground: Theme.text, background: Theme.bar)
      canvas.fill(heading, style: style)
      DrawContext(canvas: canvas, frame: heading, clip: heading).text(
        " " + model.columnHeading(index), x: 0, y: 0, style: style, maxWidth: heading.width)
      pane.draw(into: canvas)
    }
    // At the pointer: the coordinator's place is in screen cells (the columns' frames are).
    guard let label = model.dragLabel.map({ " ⠿ \($0) " }), let session = model.coordinator.session
    else { return }
    let at = CellRect(Rect(x: session.location.x, y: session.location.y, width: 0, height: 0))
    let width = min(CharacterWidth.of(label), max(0, frame.width - 2))
    let cell = CellRect(
      x: min(max(frame.x, at.x + 1), frame.maxX - width),
      y: min(max(frame.y, at.y), frame.maxY - 1),
      width: width, height: 1)
    let style = TextStyle(
      foreground: Theme.onAccent, background: session.canDrop ? Theme.selection : Theme.warning,
      attributes: .bold)
    canvas.fill(cell, style: style)
    DrawContext(canvas: canvas, frame: cell, clip: cell).text(
      label, x: 0, y: 0, style: style, maxWidth: width)
  }

  func willHide() {
    model.cancelDrag()
    for pane in panes { pane.cancelTouches() }
  }
}
