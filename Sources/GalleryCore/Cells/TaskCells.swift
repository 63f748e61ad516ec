import ReuseKit
import ReuseTerminal

/// One task of the data-source page. Identified by `id`, so renaming a task changes its
/// content, not its identity: the diff reconfigures its cell instead of replacing it.
struct TaskItem: Identifiable, Hashable, Differentiable {
  let id: Int
  var title: String
  var tag: String
  var edits = 0
}

/// A task row: configured from its item by the data source (`ConfigurableCell`).
final class TaskCell: TerminalCell, ConfigurableCell {
  private(set) var task: TaskItem?
  /// Set by the page each frame: whether this row is under the cursor.
  var isCursor = false
  /// Set by the page: the task is in the "Done" section.
  var isDone = false

  func configure(with item: TaskItem, at indexPath: ItemPath) {
    task = item
  }

  override func prepareForReuse() {
    task = nil
    isCursor = false
    isDone = false
  }

  override func draw(in context: DrawContext) {
    guard let task else { return context.fill(TextStyle(background: Theme.surface)) }
    let background =
      isCursor
      ? Theme.accent
      : (isSelected ? Theme.selection.mixed(with: Theme.surface, amount: 0.75) : Theme.surface)
    let foreground = isCursor ? Theme.onAccent : (isDone ? Theme.dimText : Theme.text)
    context.fill(TextStyle(background: background))
    let badge = Theme.palette[abs(task.id) % Theme.palette.count]
    context.text("▌", x: 0, y: 0, style: TextStyle(foreground: badge))
    let box = isDone ? "☑" : "☐"
    context.text(box, x: 2, y: 0, style: TextStyle(foreground: foreground))
    let mark = isSelected ? "✓" : " "
    context.text(
      mark, x: 4, y: 0, style: TextStyle(foreground: isCursor ? foreground : Theme.selection))
    let edits = task.edits > 0 ? " ✎\(task.edits)" : ""
    let tag = "#" + task.tag + edits
    let tagWidth = CharacterWidth.of(tag)
    context.text(
      task.title, x: 6, y: 0,
      style: TextStyle(foreground: foreground, attributes: isCursor ? .bold : []),
      maxWidth: max(0, context.width - 8 - tagWidth))
    if context.width > tagWidth + 12 {
      context.text(
        tag, x: context.width - tagWidth - 1, y: 0,
        style: TextStyle(
          foreground: isCursor ? foreground : badge.mixed(with: Theme.text, amount: 0.3)))
    }
  }
}

/// A section header of the task list: its title and how many tasks it holds.
final class TaskHeaderView: TerminalSupplementaryView {
  var title = ""
  var count = 0

  override func draw(in context: DrawContext) {
    context.fill(TextStyle(background: Theme.bar))
    context.text(
      " " + title, x: 0, y: 0, style: TextStyle(foreground: Theme.accent, attributes: .bold))
    let count = " \(self.count) "
    context.text(
      count, x: CharacterWidth.of(title) + 2, y: 0, style: TextStyle(foreground: Theme.dimText))
  }
}
