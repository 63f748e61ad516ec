import ReuseKit

/// A cell that shows a task of the data-source page: configured with its ``TaskItem`` by the
/// page's declaration, with where the tasks' texts are and whether it is done.
public protocol TaskPresenting: ConfigurableCell where Item == TaskItem {
  /// The task shown.
  var task: TaskItem? { get }
  /// Where the tasks' texts are.
  var texts: TaskTexts { get set }
  /// Whether the task is in the last ("Done") section.
  var isDone: Bool { get set }
}

extension TaskPresenting {
  /// What a screen reader names the cell: the task's title, read from the texts when asked
  /// (they come after configuration).
  public var spokenTitle: String? { task.map { texts.title(of: $0) } }
  /// What a screen reader says after the name: "done" for a task in the last section, and
  /// its tag (as the row shows it).
  public var spokenDetail: String? {
    guard let task else { return nil }
    let said = (isDone ? ["done"] : []) + [texts.shownTag(of: task)].filter { !$0.isEmpty }
    return said.isEmpty ? nil : said.joined(separator: ", ")
  }
}
