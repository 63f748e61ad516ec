import ReuseDeclarative
import ReuseKit

// The edits the keys and swipes make: each builds the next version of the tasks.

extension TaskBoardModel {
  /// Runs an edit and keeps how long it took, for the heading; a key that edited nothing
  /// ("nothing to undo", no task to delete) shows no time ("nothing to undo · 0.01 ms" timed
  /// nothing: a new user's finding).
  func timed(_ edit: () -> Void) {
    let start = metrics.clock()
    didNothing = false
    edit()
    lastEditDuration = didNothing ? nil : metrics.clock() - start
  }

  /// Says that a key found nothing to edit (`why`), keeping no step to undo.
  func nothingToEdit(_ why: String) {
    didNothing = true
    lastChange = why
    collectionView.postAccessibilityAnnouncement(why)
  }

  /// Where the cursor's task is.
  var cursorPath: ItemPath? { collectionView.focusedIndexPath }

  func addTask() {
    var sections = tasks
    let task = Self.makeTask(id: nextID, index: nextID * 5 + random.next(below: 5))
    nextID += 1
    let path: ItemPath
    if let cursor = cursorPath {
      path = ItemPath(section: cursor.section, item: cursor.item + 1)
    } else if !sections.isEmpty {
      path = ItemPath(section: 0, item: 0)
    } else {
      return
    }
    sections[path.section].insert(task, at: path.item)
    // Said with the task's name, as every edit is: a screen reader heard "added" (and
    // "deleted" on the neighbour the focus passed to) without knowing which task (a new
    // user's finding).
    let name = texts.title(of: task)
    apply(sections, "added \(name)", step: "the new task \(name)")
    collectionView.focusItem(at: path, animated: true)
  }

  func deleteTask() {
    // Said, not silent, as `J` says "already last" (a new user's finding).
    guard let path = cursorPath else { return nothingToEdit("no task to delete") }
    deleteTask(at: path)
  }

  func deleteTask(at path: ItemPath) {
    var sections = tasks
    guard sections.indices.contains(path.section),
      sections[path.section].indices.contains(path.item)
    else { return }
    let name = texts.title(of: sections[path.section].remove(at: path.item))
    // The focus passes to the next task of the section (or the previous one at its end).
    apply(sections, "deleted \(name)", step: "the delete of \(name)")
  }

  /// A task's swipe actions in `section`: Delete, and Done (Reopen in the last section).
  func swipeActions(inSection section: Int) -> [SwipeAction] {
    let doneSection = tasks.count - 1
    let isDone = section == doneSection && doneSection > 0
    let second = isDone ? "Reopen" : "Done"
    return [
      SwipeAction(
        title: "Delete", style: .destructive,
        width: metrics.textWidth("Delete") + metrics.swipeActionPadding
      ) { [unowned self] path in
        timed { deleteTask(at: path) }
      },
      SwipeAction(title: second, width: metrics.textWidth(second) + metrics.swipeActionPadding) {
        [unowned self] path in
        timed { moveTask(at: path, toSection: isDone ? 0 : doneSection) }
      },
    ]
  }

  /// The swipe's Done (or Reopen) by key: a keyboard alone reached Done only by `m` from
  /// section to section (a new user's finding).
  func toggleDone() {
    guard let path = cursorPath else { return nothingToEdit("no task to mark done") }
    let doneSection = tasks.count - 1
    guard doneSection > 0 else {
      return nothingToEdit("one section: no Done section to move \(sectionTitle(0))'s tasks to")
    }
    moveTask(at: path, toSection: path.section == doneSection ? 0 : doneSection)
  }

  func moveTask(at path: ItemPath, toSection target: Int) {
    var sections = tasks
    guard sections.indices.contains(path.section), sections.indices.contains(target),
      sections[path.section].indices.contains(path.item)
    else { return }
    let task = sections[path.section].remove(at: path.item)
    sections[target].insert(task, at: 0)
    applyMove(of: task, to: sections, section: target)
  }

  /// Shows `sections`, said as the move of `task` to the top of `section`.
  func applyMove(of task: TaskItem, to sections: [[TaskItem]], section: Int) {
    let what = "\(texts.title(of: task)) to \(sectionTitle(section))"
    apply(sections, "moved \(what)", step: "the move of \(what)")
  }

  /// `m` moves the task round the sections (from the last to the first); → and ← stop at the
  /// last and the first, and say so (← on a task in To do moved it to Done and checked it:
  /// a new user's finding).
  func moveTaskToSection(by step: Int, wrapping: Bool = false) {
    guard let path = cursorPath else { return nothingToEdit("no task to move") }
    guard tasks.count > 1 else {
      return nothingToEdit("one section: nowhere to move \(sectionTitle(path.section))'s tasks")
    }
    let count = tasks.count
    guard wrapping || tasks.indices.contains(path.section + step) else {
      return nothingToEdit(
        "\(sectionTitle(path.section)) is the \(step > 0 ? "last" : "first") section"
          + (step > 0 ? " (m goes round to the first)" : ""))
    }
    var sections = tasks
    let task = sections[path.section].remove(at: path.item)
    let target = ((path.section + step) % count + count) % count
    sections[target].insert(task, at: 0)
    applyMove(of: task, to: sections, section: target)
  }

  func moveTaskWithinSection(by step: Int) {
    guard let path = cursorPath else { return nothingToEdit("no task to move") }
    var sections = tasks
    let target = path.item + step
    guard sections[path.section].indices.contains(target) else {
      // Nothing moves, and no step is kept to undo: the status says why.
      let place = step < 0 ? "first" : "last"
      return nothingToEdit("already \(place) in \(sectionTitle(path.section))")
    }
    sections[path.section].swapAt(path.item, target)
    let what = "\(texts.title(of: sections[path.section][target])) \(step < 0 ? "up" : "down")"
    apply(sections, "moved \(what)", step: "the move of \(what)")
  }

  func shuffle() {
    var sections = tasks
    for index in sections.indices {
      for item in stride(from: sections[index].count - 1, to: 0, by: -1) {
        sections[index].swapAt(item, random.next(below: item + 1))
      }
    }
    apply(sections, "shuffled", step: "the shuffle")
  }

  func renameTask() {
    guard let path = cursorPath else { return nothingToEdit("no task to rename") }
    var sections = tasks
    sections[path.section][path.item].edits += 1
    let old = texts.title(of: sections[path.section][path.item])
    sections[path.section][path.item].title = random.next(below: 1_000)
    let what = "\(old) to \(texts.title(of: sections[path.section][path.item]))"
    apply(sections, "renamed \(what)", step: "the rename of \(what)", updated: 1)
  }
}
