import GalleryKit
import ReuseKit
import ReuseTerminal

/// One task of the data-source page. Identified by `id`, so renaming a task changes its
/// content, not its identity: the diff reconfigures its cell instead of replacing it.
///
/// A task holds numbers only, its texts in ``TaskTexts``: the page makes 250,000 of them, and
/// every edit copies, compares and frees the whole list, which for plain data is a memory
/// copy and a free, with no reference counting per task.
struct TaskItem: Identifiable, Hashable, Differentiable {
  let id: Int
  /// The title: generated from this number when it is 0 or more; else the data file's title
  /// at `-1 - title` in ``TaskTexts/titles``.
  var title: Int
  /// The tag's index in ``TaskTexts/tags``.
  var tag: Int
  var edits = 0
}

/// The texts tasks refer to: the data file's titles and every tag.
struct TaskTexts {
  var titles: [String] = []
  var tags = ["ui", "core", "docs", "perf", "bug", "infra", "task"]
  private var tagIndex: [String: Int] = [:]

  static let verbs = ["Review", "Write", "Fix", "Plan", "Test", "Ship", "Sketch", "Measure"]

  /// The title of `task`.
  func title(of task: TaskItem) -> String {
    if task.title < 0 { return titles[-1 - task.title] }
    return Self.verbs[task.title % Self.verbs.count] + " "
      + DemoData.title(forItem: task.title &* 7)
  }

  /// The tag of `task`.
  func tag(of task: TaskItem) -> String { tags[task.tag] }

  /// The number a data file's title is kept under.
  mutating func addTitle(_ title: String) -> Int {
    titles.append(title)
    return -titles.count
  }

  /// The index of `tag`, added if new.
  mutating func tagNumber(_ tag: String) -> Int {
    if tagIndex.isEmpty {
      for (index, known) in tags.enumerated() { tagIndex[known] = index }
    }
    if let known = tagIndex[tag] { return known }
    tags.append(tag)
    tagIndex[tag] = tags.count - 1
    return tags.count - 1
  }
}

/// A task row: configured from its item by the data source (`ConfigurableCell`).
final class TaskCell: TerminalCell, ConfigurableCell {
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
final class TaskHeaderView: TerminalSupplementaryView {
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
