import ReuseKit

// How the data-source page applies, remembers, undoes and redoes its edits.

extension TaskBoardModel {
  /// Shows the edited `sections`, said and shown as `what` ("moved to Doing"); `step` names
  /// the edit for undo and redo ("undid the move to Doing").
  func apply(_ sections: [[TaskItem]], _ what: String, step: String) {
    // An edit that changed nothing (a shuffle of one task) is no step to undo.
    if sections != dataSource.sections { remember(dataSource.sections, step) }
    collectionView.announcing(what) { show(sections, what) }
  }

  /// Keeps `sections` (the tasks before an edit) for `U`; a new edit forgets what was undone.
  func remember(_ sections: [[TaskItem]], _ what: String) {
    undoStack.append((sections, what, selectedTaskIDs))
    if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
    redoStack.removeAll()
  }

  /// Puts back the tasks as they were before the last edit, as one diffed, animated batch.
  func undo() { step(from: &undoStack, to: &redoStack, "undid", "nothing to undo") }

  /// Does again the last edit `U` undid.
  func redo() { step(from: &redoStack, to: &undoStack, "redid", "nothing to redo") }

  /// Shows the tasks newest in `source` (`done` what they undo or redo) and keeps those shown
  /// now in `other`, so the step can be taken back; says `empty` when there is none.
  private func step(
    from source: inout [EditStep], to other: inout [EditStep], _ done: String, _ empty: String
  ) {
    guard let (sections, what, selected) = source.popLast() else {
      didNothing = true
      lastChange = empty
      collectionView.postAccessibilityAnnouncement(empty)
      return
    }
    let current = dataSource.sections
    other.append((current, what, selectedTaskIDs))
    // The cursor goes to the task the step brought back or moved (it stayed at its place,
    // on another task: a new user's finding); else it stays on its task, wherever the step
    // put it (read after the change: an undone shuffle left it on the row, another task).
    let focus = Self.changedTask(from: current, to: sections)
    collectionView.announcing("\(done) \(what)") {
      show(sections, "\(done) \(what)", focusing: focus)
    }
    // The selection as it was then: a deleted task comes back selected if it was (it came
    // back unselected: a new user's finding).
    select(tasks: selected)
  }

  /// The ids of the selected tasks.
  public var selectedTaskIDs: Set<Int> {
    let sections = dataSource.sections
    return Set(
      collectionView.indexPathsForSelectedItems.compactMap { path in
        sections.indices.contains(path.section)
          && sections[path.section].indices.contains(path.item)
          ? sections[path.section][path.item].id : nil
      })
  }

  /// Selects exactly the tasks whose ids are in `ids` (those still there), from code.
  func select(tasks ids: Set<Int>) {
    guard ids != selectedTaskIDs else { return }
    collectionView.deselectAllItems()
    for (section, tasks) in dataSource.sections.enumerated() {
      for (item, task) in tasks.enumerated() where ids.contains(task.id) {
        collectionView.selectItem(at: ItemPath(section: section, item: item))
      }
    }
  }

  /// Where the task is that `new` has and `old` has not, or else the first one `new` has in
  /// another section than `old`: what an undo or a redo brought back or moved.
  static func changedTask(from old: [[TaskItem]], to new: [[TaskItem]]) -> ItemPath? {
    var section: [Int: Int] = [:]
    for (index, tasks) in old.enumerated() {
      for task in tasks { section[task.id] = index }
    }
    var moved: ItemPath?
    for (index, tasks) in new.enumerated() {
      for (item, task) in tasks.enumerated() {
        guard let was = section[task.id] else { return ItemPath(section: index, item: item) }
        if moved == nil && was != index { moved = ItemPath(section: index, item: item) }
      }
    }
    return moved
  }

  /// Shows `sections` as one diff, saying what changed.
  func show(_ sections: [[TaskItem]], _ what: String, focusing focus: ItemPath? = nil) {
    let changes = dataSource.setSections(sections, animated: true)
    var inserted = 0
    var deleted = 0
    var moved = 0
    var updated = 0
    for stage in changes {
      inserted += stage.insertedItems.count
      deleted += stage.deletedItems.count
      moved += stage.movedItems.count
      updated += stage.reconfiguredItems.count + stage.reloadedItems.count
    }
    lastChange =
      "\(what): +\(inserted) −\(deleted) ↕\(moved) ✎\(updated) in \(changes.count) "
      + (changes.count == 1 ? "batch" : "batches")
    collectionView.focusItem(at: focus ?? cursorPath, animated: true)
  }
}
