import GalleryKit
import ReuseKit
import ReuseTerminal

/// A task row: configured from its item by the data source (`ConfigurableCell`).
final class TaskCell: TerminalCell, TaskPresenting {
  private(set) var task: TaskItem?
  /// Set by the page: where the task's texts are.
  var texts = TaskTexts()
  /// Whether this row is under the cursor: the collection view's focused item.
  var isCursor: Bool { isFocused }
  /// Set by the page: the task is in the "Done" section.
  var isDone = false

  func configure(with item: TaskItem, at indexPath: ItemPath) {
    task = item
  }

  /// The task's title.
  override var accessibilityLabel: String? {
    get { spokenTitle }
    set {}
  }

  /// "done" for a task in the last section, and its tag.
  override var accessibilityValue: String? {
    get { spokenDetail }
    set {}
  }

  override func prepareForReuse() {
    task = nil
    isDone = false
  }

  override func draw(in context: DrawContext) {
    guard let task else { return context.fill(TextStyle(background: Theme.surface)) }
    let background =
      isLifted
      ? Theme.bar.mixed(with: Theme.accent, amount: 0.35)
      : Theme.cellBackground(cursor: isCursor, selected: isSelected)
    let foreground = isCursor ? Theme.onAccent : (isDone ? Theme.dimText : Theme.text)
    context.fill(TextStyle(background: background))
    // A row swiped open slides left under its actions: its texts stay readable, laid out in
    // the part still on screen (`left` columns of the frame are off to the left).
    let left = max(0, context.clip.x - context.frame.x)
    let width = context.width - left
    let badge = Theme.palette[abs(task.id) % Theme.palette.count]
    context.text(isLifted ? "█" : "▌", x: left, y: 0, style: TextStyle(foreground: badge))
    let box = isDone ? "☑" : "☐"
    context.text(box, x: left + 2, y: 0, style: TextStyle(foreground: foreground))
    let mark = isSelected ? "✓" : (isCursor && context.marksWithText ? ">" : " ")
    context.text(
      mark, x: left + 4, y: 0,
      style: TextStyle(foreground: isCursor ? foreground : Theme.selection))
    let edits = task.edits > 0 ? " ✎\(task.edits)" : ""
    // A data file's control characters show as their pictures (␛), as in the list.
    let tag = String((texts.shownTag(of: task).showingControls + edits).drop { $0 == " " })
    // The title comes first: a long tag (a data file's detail) takes at most a third of the
    // row, cut with "…", and none when the row is too narrow for both.
    let room = max(0, width - 8)
    let tagWidth = room >= 12 ? min(CharacterWidth.of(tag), room / 3) : 0
    context.text(
      texts.title(of: task).showingControls, x: left + 6, y: 0,
      style: TextStyle(foreground: foreground, attributes: isCursor ? .bold : []),
      maxWidth: room - tagWidth)
    if tagWidth > 0 {
      context.text(
        tag, x: context.width - tagWidth - 1, y: 0,
        style: TextStyle(
          foreground: isCursor ? foreground : badge.mixed(with: Theme.text, amount: 0.3)),
        maxWidth: tagWidth)
    }
  }
}
