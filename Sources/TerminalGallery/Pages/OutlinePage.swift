import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `outline` page in the terminal: the shared `OutlineModel` (the world or the `--data`
/// sections as a tree, its keys and status) in a pane of indented rows, and a click on a row's
/// ▸ or ▾ toggles it.
final class OutlinePage: SinglePanePage<OutlineModel<OutlineRowCell>>, OptionsPage, ModelPage {
  init(options: GalleryOptions) {
    let model = OutlineModel<OutlineRowCell>(options: options, metrics: .terminal)
    super.init(model, pane: .themed(model.collectionView, showsScrollIndicator: true))
    marksFoundItems()
    showsEmptyTexts()
  }

  // MARK: Layout and drawing

  func draw(into canvas: Canvas) {
    draw(heading: " " + model.heading, into: canvas, maxWidth: frame.width - 1)
  }

  // MARK: Input

  /// A press on a row's ▸ or ▾ toggles it; anything else goes to the pane (a click selects
  /// the row and moves the focus there).
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    if mouse.kind == .press, mouse.button == .left,
      pane.contains(column: mouse.column, row: mouse.row),
      model.pressDisclosure(
        at: pane.contentPoint(column: mouse.column, row: mouse.row),
        box: OutlineRowCell.disclosureBox)
    {
      return true
    }
    return pane.handle(mouse, at: time)
  }
}
