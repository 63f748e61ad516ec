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
    marksFoundItems()
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
      // A stuck parent row covers the row under it; while rows glide, the row drawn there
      // (a click during an expansion toggled the row gliding into its place: a new user's
      // finding).
      let path = collectionView.indexPathForDrawnItem(
        at: pane.contentPoint(column: mouse.column, row: mouse.row)),
      let level = model.disclosureLevel(at: path),
      OutlineRowCell.disclosureColumns(level: level).contains(mouse.column - pane.frame.x)
    {
      model.toggle(at: path)
      return true
    }
    return pane.handle(mouse, at: time)
  }

  // MARK: State

  /// The rows: their position means something with the expanded places, which the saved
  /// position keeps too.
  var restorableView: CollectionView? { collectionView }

  /// The scroll position and focus, with the places kept open, and the places of the focused
  /// row and of the row at the top.
  func savedPosition() -> GalleryPositions.Page? {
    guard let position = collectionView.savedScrollPosition() else { return nil }
    return GalleryPositions.Page(
      scroll: position, focus: collectionView.focusedIndexPath, expanded: model.expandedPaths,
      focusPlace: model.focusedPlace?.path, scrollPlace: model.place(at: position.indexPath)?.path)
  }

  /// The places kept open first, then focus and scroll: on the rows of the places saved, where
  /// they are now (another run's counts or open rows move them), else at the paths saved.
  func restorePosition(_ position: GalleryPositions.Page) {
    if let expanded = position.expanded { model.restoreExpanded(expanded) }
    var position = position
    if let found = position.focusPlace.flatMap({ model.indexPath(of: Place(path: $0)) }) {
      position.focus = found
    }
    if let found = position.scrollPlace.flatMap({ model.indexPath(of: Place(path: $0)) }) {
      position.scroll.indexPath = found
    }
    restoreView(position)
  }

  /// The focused row.
  var accessibilityFocus: AccessibilityElement? {
    collectionView.focusedIndexPath.flatMap(collectionView.accessibilityElement(forItemAt:))
  }

  var announcingViews: [CollectionView] { [collectionView] }
}
