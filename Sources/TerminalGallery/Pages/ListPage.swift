import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `list` page: a sectioned vertical list with sticky headers, and a sectioned horizontal
/// strip whose headers pin to its left edge. Tab moves the focus between them.
///
/// With generated data, titles are computed from the item's index, so `--items 1000000` costs
/// no memory per item; with `--data`, the file's sections and items are shown.
final class ListPage: OptionsPage, ModelPage {
  /// The page itself: its data, focus, keys and status (shared with other hosts).
  let model: ListModel
  /// The list's pane, the main one.
  let pane: CollectionViewPane
  private let stripPane: CollectionViewPane
  var panes: [CollectionViewPane] { [pane, stripPane] }
  var frame = CellRect.zero

  init(options: GalleryOptions) {
    model = ListModel(options: options, metrics: .terminal)
    model.list.register(ListRowCell.self, forCellWithReuseIdentifier: ListModel.rowIdentifier)
    model.strip.register(ChipCell.self, forCellWithReuseIdentifier: ListModel.chipIdentifier)
    pane = .themed(model.list, showsScrollIndicator: true)
    stripPane = .themed(model.strip)
    pane.showsSectionIndex = true
    pane.sectionIndexWidth = options.data == nil ? 4 : 2
    pane.sectionIndexStyle = Theme.sectionIndex
    showsEmptyTexts()
  }

  // MARK: Layout and drawing

  /// The list below the heading, the strip on the last row. A narrow terminal keeps its
  /// columns for the rows' titles (no section index); a short one hides the strip.
  func layout(in frame: CellRect) {
    let showsIndex = frame.width >= 40
    if pane.showsSectionIndex != showsIndex { pane.showsSectionIndex = showsIndex }
    model.isIndexShown = showsIndex
    model.isStripShown = frame.height >= 6
    place(in: frame, bottom: model.showsStrip ? 2 : 0)
    stripPane.frame =
      model.showsStrip
      ? CellRect(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1) : .zero
  }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(" " + model.heading, x: 0, y: 0, style: Theme.title)
    let focusNote = model.focusNote
    let noteWidth = CharacterWidth.of(focusNote)
    if frame.width > CharacterWidth.of(model.heading) + noteWidth + 4 {
      context.text(focusNote, x: frame.width - noteWidth - 1, y: 0, style: Theme.dim)
    }
    pane.draw(into: canvas)
    if !stripPane.frame.isEmpty {
      context.text(" tags", x: 0, y: frame.height - 2, style: Theme.dim)
      stripPane.draw(into: canvas)
    }
  }
}
