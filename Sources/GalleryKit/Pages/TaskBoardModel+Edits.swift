import ReuseKit

// How the data-source page applies, remembers, undoes and redoes its edits.

extension TaskBoardModel {
  /// Shows the edited `sections`, said and shown as `what` ("moved to Doing"); `step` names
  /// the edit for undo and redo ("undid the move to Doing").
  func apply(_ sections: [[TaskItem]], _ what: String, step: String, updated: Int = 0) {
    // An edit that changed nothing (a shuffle of one task) is no step to undo.
    if sections != tasks { remember(tasks, step) }
    collectionView.announcing(what) { show(sections, what, updated: updated) }
  }

  /// Keeps `sections` (the tasks before an edit) for `U`; a new edit forgets what was undone.
  func remember(_ sections: [[TaskItem]], _ what: String) {
    undoStack.append((sections, what, selectedTaskIDs, focusedTaskID))
    if undoStack.count > Self.undoLimit {
      undoStack.removeFirst()
      undoWasCut = true
    }
    redoStack.removeAll()
  }

  /// Puts back the tasks as they were before the last edit, as one diffed, animated batch.
  func undo() {
    // Edits older than the limit are said to be gone (U stopped at the 100th back in silence,
    // a deleted task out of reach: a new user's finding).
    let empty =
      undoWasCut
      ? "nothing more to undo: the last \(Self.undoLimit) edits are kept" : "nothing to undo"
    step(from: &undoStack, to: &redoStack, "undid", empty)
  }

  /// Does again the last edit `U` undid.
  func redo() { step(from: &redoStack, to: &undoStack, "redid", "nothing to redo") }

  /// Shows the tasks newest in `source` (`done` what they undo or redo) and keeps those shown
  /// now in `other`, so the step can be taken back; says `empty` when there is none.
  private func step(
    from source: inout [EditStep], to other: inout [EditStep], _ done: String, _ empty: String
  ) {
    guard let (sections, what, selected, focused) = source.popLast() else {
      didNothing = true
      lastChange = empty
      collectionView.postAccessibilityAnnouncement(empty)
      return
    }
    let current = tasks
    other.append((current, what, selectedTaskIDs, focusedTaskID))
    // The cursor goes to the task the step brought back or moved (it stayed at its place,
    // on another task: a new user's finding); else to the task it was on then (an undone
    // add left it on the next task: a new user's finding); else it stays on its task,
    // wherever the step put it (read after the change: an undone shuffle left it on the
    // row, another task).
    let focus =
      Self.changedTask(from: current, to: sections)
      ?? focused.flatMap { Self.place(ofTask: $0, in: sections) }
    collectionView.announcing("\(done) \(what)") {
      show(
        sections, "\(done) \(what)", focusing: focus,
        updated: Self.renamedCount(from: current, to: sections))
    }
    // The selection as it was then: a deleted task comes back selected if it was (it came
    // back unselected: a new user's finding).
    select(tasks: selected)
  }

  /// The id of the task under the cursor.
  var focusedTaskID: Int? { cursorPath.flatMap(task(at:))?.id }

  /// Where task `id` is in `sections`.
  static func place(ofTask id: Int, in sections: [[TaskItem]]) -> ItemPath? {
    for (section, list) in sections.enumerated() {
      if let item = list.firstIndex(where: { $0.id == id }) {
        return ItemPath(section: section, item: item)
      }
    }
    return nil
  }

  /// The ids of the selected tasks.
  public var selectedTaskIDs: Set<Int> {
    let sections = tasks
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
    for (section, list) in tasks.enumerated() {
      for (item, task) in list.enumerated() where ids.contains(task.id) {
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

  /// How many tasks of `old` show other contents in `new` (renamed): each a cell configured
  /// again.
  static func renamedCount(from old: [[TaskItem]], to new: [[TaskItem]]) -> Int {
    var before: [Int: TaskItem] = [:]
    for tasks in old {
      for task in tasks { before[task.id] = task }
    }
    return new.reduce(0) { count, tasks in
      count + tasks.count(where: { task in before[task.id].map { $0 != task } ?? false })
    }
  }

  /// Shows `sections` as one diff (`updated` tasks renamed), saying what changed.
  func show(
    _ sections: [[TaskItem]], _ what: String, focusing focus: ItemPath? = nil, updated: Int = 0
  ) {
    board.sections = sections
    source.updateNow(animated: true)
    let changes = source.lastAppliedChanges
    lastChange =
      "\(what): +\(changes.insertedItems.count) −\(changes.deletedItems.count)"
      + " ↕\(changes.movedItems.count) ✎\(updated)"
    collectionView.focusItem(at: focus ?? cursorPath, animated: true)
  }
}
