import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `datasource` page: a sectioned task list made with the two-line data source
/// (`CollectionArrayDataSource`). Every edit (add, delete, move, shuffle, rename) builds the
/// next version of the data; the data source diffs it against the current one and applies
/// the difference as one animated batch: rows glide, new ones fade in, deleted ones fade out,
/// and the selection stays with its tasks.
///
/// `--items N` makes N/40 tasks (at least 12); `--data` uses the file's sections and items.
final class DataSourcePage: OptionsPage, ModelPage, TimedPage {
  /// The page itself: the tasks, the edits, keys and status (shared with other hosts).
  let model: TaskBoardModel<TaskCell>
  private var collectionView: CollectionView { model.collectionView }
  let pane: CollectionViewPane
  var frame = CellRect.zero
  /// Whether the heading shows how long the last edit took (off in snapshots and tests).
  var showsTiming = false

  init(options: GalleryOptions) {
    model = TaskBoardModel(options: options, metrics: .terminal)
    model.collectionView.register(
      TaskHeaderView.self, forSupplementaryViewOfKind: .header,
      withReuseIdentifier: TaskBoardModel<TaskCell>.headerIdentifier)
    pane = .themed(model.collectionView, showsScrollIndicator: true)
    marksFoundItems()
  }

  // MARK: Layout and drawing

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(" " + model.headline(timing: showsTiming), x: 0, y: 0, style: Theme.title)
    model.refreshDisplayedViews()
    pane.draw(into: canvas)
  }

  // MARK: Input and state

  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    pane.handle(mouse, at: time)
  }
}
