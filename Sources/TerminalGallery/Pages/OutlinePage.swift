import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `outline` page in the terminal: the shared `OutlineModel` (the world or the `--data`
/// sections as a tree, its keys and status) in a pane of indented rows, and a click on a row's
/// ▸ or ▾ toggles it.
final class OutlinePage: OptionsPage, ModelPage {
  let model: OutlineModel<OutlineRowCell>
  let pane: CollectionViewPane
  var frame = CellRect.zero
  private var collectionView: CollectionView { model.collectionView }

  init(options: GalleryOptions) {
    model = OutlineModel(options: options, metrics: .terminal)
    pane = .themed(model.collectionView, showsScrollIndicator: true)
    pane.marksItem = model.finder.map { finder in { finder.isMarked($0) } }
  }

  // MARK: Layout and drawing

  func layout(in frame: CellRect) { place(in: frame) }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(
      " " + model.heading, x: 0, y: 0, style: Theme.title, maxWidth: frame.width - 1)
    pane.draw(into: canvas)
  }

  // MARK: Input

  /// A press on a row's ▸ or ▾ toggles it; anything else goes to the pane (a click selects
  /// the row and moves the focus there).
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    if mouse.kind == .press, mouse.button == .left,
      pane.contains(column: mouse.column, row: mouse.row),
      // A stuck parent row covers the row under it.
      let path = collectionView.collectionViewLayout.indexPathForItem(
        at: pane.contentPoint(column: mouse.column, row: mouse.row),
        viewport: collectionView.bounds),
      let place = model.outline.item(at: path), model.outline.tree.hasChildren(place),
      OutlineRowCell.disclosureColumns(level: model.outline.tree.level(of: place)).contains(
        mouse.column - pane.frame.x)
    {
      model.toggle(at: path)
      return true
    }
    return pane.handle(mouse, at: time)
  }

  // MARK: State

  /// None: a position in the outline means something only with its expanded nodes, which
  /// `--restore` does not keep, so the page opens as new rather than somewhere else.
  var restorableView: CollectionView? { nil }

  /// The focused row (the outline keeps no position across runs, but has a focus).
  var accessibilityFocus: AccessibilityElement? {
    collectionView.focusedIndexPath.flatMap(collectionView.accessibilityElement(forItemAt:))
  }

  var announcingViews: [CollectionView] { [collectionView] }
}
