import ReuseDeclarative
import ReuseKit

extension TaskBoardModel {
  /// The task's title, from the data.
  public func itemTitle(at indexPath: ItemPath) -> String? {
    task(at: indexPath).map(texts.title(of:))
  }
}

/// The tasks and their sections' titles: what the page's declaration reads, and where its
/// moves and swipes go (to the model, which holds the declaration).
final class TaskList {
  var sections: [[TaskItem]]
  let titles: [String]
  /// Performs a task the user dragged.
  var moved: (ItemTransfer<Int>) -> Void = { _ in }
  /// A task's swipe actions in a section.
  var swipeActions: (Int) -> [SwipeAction] = { _ in [] }

  init(sections: [[TaskItem]], titles: [String]) {
    self.sections = sections
    self.titles = titles
  }

  /// Section `index`'s title.
  func title(of index: Int) -> String {
    titles.indices.contains(index) ? titles[index] : "section \(index + 1)"
  }
}

/// A task as a declared item: the host's task cell, configured with the task, whether it is
/// done (in the last section) and where the tasks' texts are, so a task moved to "Done" or
/// back shows so when its cell is configured (reused from another section too).
struct TaskContent<Row: TaskPresenting>: CellContent {
  let task: TaskItem
  let isDone: Bool
  let texts: TaskTexts

  static var reuseIdentifier: String { Row.reuseIdentifier }

  static func register(in collectionView: CollectionView) {
    Cell<Row>.register(in: collectionView)
  }

  func configure(_ cell: Row, at indexPath: ItemPath) {
    cell.texts = texts
    cell.isDone = isDone
    cell.configure(with: task, at: indexPath)
    cell.setNeedsDisplay()
  }
}
