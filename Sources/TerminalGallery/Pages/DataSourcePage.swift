import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `datasource` page: a sectioned task list, declared once in GalleryKit
/// (`TaskBoardModel`). Every edit (add, delete, move, shuffle, rename) makes the next version
/// of the tasks; the declaration's data source diffs it by identity and applies the
/// difference as one animated batch: rows glide, new ones fade in, deleted ones fade out, and
/// the selection stays with its tasks. The terminal gives the task cell; the headers are
/// standard content.
///
/// `--items N` makes N/40 tasks (at least 12); `--data` uses the file's sections and items.
final class DataSourcePage: SinglePanePage<TaskBoardModel<TaskCell>>, OptionsPage, ModelPage,
  TimedPage
{
  /// Whether the heading shows how long the last edit took (off in snapshots and tests).
  var showsTiming = false

  init(options: GalleryOptions) {
    let model = TaskBoardModel<TaskCell>(options: options, metrics: .terminal)
    super.init(model, pane: .themed(model.collectionView, showsScrollIndicator: true))
    marksFoundItems()
  }

  // MARK: Layout and drawing

  func draw(into canvas: Canvas) {
    draw(heading: " " + model.headline(timing: showsTiming), into: canvas)
  }
}
