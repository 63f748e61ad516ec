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

  override func prepareForReuse() {
    task = nil
    isDone = false
  }

  override func draw(in context: DrawContext) {
    guard let task else { return context.fill(TextStyle(background: Theme.surface)) }
    let background =
      isLifted
      ? Theme.bar.mixed(with: Theme.accent, amount: 0.35)
      : isCursor
        ? Theme.accent
        : (isSelected ? Theme.selection.mixed(with: Theme.surface, amount: 0.75) : Theme.surface)
    let foreground = isCursor ? Theme.onAccent : (isDone ? Theme.dimText : Theme.text)
    context.fill(TextStyle(background: background))
    let badge = Theme.palette[abs(task.id) % Theme.palette.count]
    context.text(isLifted ? "█" : "▌", x: 0, y: 0, style: TextStyle(foreground: badge))
    let box = isDone ? "☑" : "☐"
    context.text(box, x: 2, y: 0, style: TextStyle(foreground: foreground))
    let mark = isSelected ? "✓" : " "
    context.text(
      mark, x: 4, y: 0, style: TextStyle(foreground: isCursor ? foreground : Theme.selection))
    let edits = task.edits > 0 ? " ✎\(task.edits)" : ""
    let tag = "#" + texts.tag(of: task) + edits
    let tagWidth = CharacterWidth.of(tag)
    context.text(
      texts.title(of: task), x: 6, y: 0,
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
final class TaskHeaderView: TerminalSupplementaryView, CountedTitlePresenting {
  var title = ""
  var count = 0

  override func draw(in context: DrawContext) {
    context.fill(TextStyle(background: Theme.bar))
    context.text(
      " " + title, x: 0, y: 0, style: TextStyle(foreground: Theme.accent, attributes: .bold))
    let count = " \(self.count.formatted) "
    context.text(
      count, x: CharacterWidth.of(title) + 2, y: 0, style: TextStyle(foreground: Theme.dimText))
  }
}
