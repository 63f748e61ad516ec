import GalleryKit
import ReuseKit
import ReuseTestSupport
import Testing

/// Presses `key` on `model`, then runs its animations for half a second (`time` goes on).
private func press(
  _ key: KeyPress, on model: TaskBoardModel<TestTaskCell>, time: inout Double
) {
  _ = model.handle(key)
  for _ in 0..<30 {
    time += 1.0 / 60
    _ = model.collectionView.tick(now: time)
    model.collectionView.layoutIfNeeded()
  }
}

/// Undo and redo on the data-source page (`U`, `R`): random runs of edits (add, delete,
/// rename, move, shuffle, a drag) and of undos and redos, against the tasks recorded after
/// each edit. After `U` the tasks are exactly those before the edit it undid; `R` brings back
/// those after; a new edit forgets what was undone.
@Suite struct TaskBoardUndoTests {
  private func makeModel() -> TaskBoardModel<TestTaskCell> { makeTestTaskBoard(items: 400) }

  /// Undoing a shuffle leaves the cursor on its task, wherever the undo puts it, as the
  /// shuffle did (it stayed on the row, on another task: a new user's finding).
  @Test func anUndoneShuffleKeepsTheCursorOnItsTask() {
    let model = makeModel()
    var time = 0.0
    func press(_ character: Character) {
      GalleryTests.press(KeyPress(.character(character)), on: model, time: &time)
    }
    func focusedTask() -> Int? {
      model.collectionView.focusedIndexPath.map {
        model.tasks[$0.section][$0.item].id
      }
    }
    for _ in 0..<5 { _ = model.handle(KeyPress(.down)) }
    for round in 0..<4 {
      let task = focusedTask()
      press("s")
      #expect(focusedTask() == task, "round \(round): the shuffle keeps it")
      // `U`, or `u` as a new user first pressed (it did nothing).
      press(round.isMultiple(of: 2) ? "U" : "u")
      #expect(focusedTask() == task, "round \(round): the undo keeps it")
      #expect(model.lastChange.hasPrefix("undid"), "round \(round): \(model.lastChange)")
    }
  }

  /// Undoing a delete brings the task back selected when it was, and redoing it takes it away
  /// again: the selection is the step's too (the task came back unselected: a new user's
  /// finding).
  @Test func anUndoneDeletePutsTheSelectionBack() {
    let model = makeModel()
    var time = 0.0
    func press(_ key: KeyPress) { GalleryTests.press(key, on: model, time: &time) }
    // Two tasks selected as a tap selects them (Space: the host gives it to the view).
    for row in 1...2 { model.collectionView.tapItem(at: ItemPath(section: 0, item: row)) }
    let selected = model.selectedTaskIDs
    #expect(selected.count == 2)
    press(KeyPress(.character("d")))
    #expect(model.selectedTaskIDs.count == 1)
    press(KeyPress(.character("U")))
    #expect(model.selectedTaskIDs == selected, "both selected again")
    press(KeyPress(.character("R")))
    #expect(model.selectedTaskIDs.count == 1)
  }

  /// Keys with nothing to edit say so, and show no time (d and e said nothing with no task,
  /// m with one section, and "nothing to undo · 0.01 ms" timed nothing: a new user's
  /// findings).
  @Test func keysWithNothingToEditSaySoWithoutATime() throws {
    let empty = try GalleryData.parse(
      Array(#"{"sections": [{"title": "Only", "items": []}]}"#.utf8))
    let model = makeTestTaskBoard(items: 10, data: empty)
    for (key, said) in [
      ("d", "no task to delete"), ("e", "no task to rename"), ("m", "no task to move"),
      ("J", "no task to move"), ("U", "nothing to undo"), ("u", "nothing to undo"),
      ("R", "nothing to redo"),
    ] {
      _ = model.handle(KeyPress(.character(Character(key))))
      #expect(model.lastChange == said, "\(key)")
      #expect(model.lastEditDuration == nil, "\(key): no time for nothing done")
    }
    _ = model.handle(KeyPress(.character("a")))
    #expect(model.lastEditDuration != nil, "an edit is timed")
    model.collectionView.layoutIfNeeded()
    _ = model.handle(KeyPress(.character("m")))
    #expect(model.lastChange == "one section: nowhere to move Only's tasks")
    #expect(model.lastEditDuration == nil)
  }

  /// Past the last ``TaskBoardModel/undoLimit`` edits, U says the older ones are gone (it
  /// stopped at the 100th back in silence, a deleted task out of reach: a new user's finding).
  @Test func undoPastTheLimitSaysTheOlderEditsAreGone() {
    let model = makeTestTaskBoard(items: 10)
    let limit = TaskBoardModel<TestTaskCell>.undoLimit
    for _ in 0..<limit + 20 { _ = model.handle(KeyPress(.character("e"))) }
    for _ in 0..<limit { _ = model.handle(KeyPress(.character("U"))) }
    #expect(model.lastChange.hasPrefix("undid"), "the last \(limit) undone")
    _ = model.handle(KeyPress(.character("U")))
    #expect(model.lastChange == "nothing more to undo: the last \(limit) edits are kept")
    // A model whose edits stayed under the limit says plainly that there is nothing.
    let fresh = makeTestTaskBoard(items: 10)
    _ = fresh.handle(KeyPress(.character("e")))
    _ = fresh.handle(KeyPress(.character("U")))
    _ = fresh.handle(KeyPress(.character("U")))
    #expect(fresh.lastChange == "nothing to undo")
  }

  @Test(arguments: 0..<6)
  func undoAndRedoWalkTheEditsBackAndForth(_ index: Int) {
    let (seed, random) = SeededRandom.forCase(index, base: 0x0DD0)
    var rng = random
    let model = makeModel()
    var time = 0.0
    func press(_ character: Character) {
      GalleryTests.press(KeyPress(.character(character)), on: model, time: &time)
    }
    // The tasks after each edit that changed them, and where undo stands among them.
    var states = [model.tasks]
    var position = 0
    for step in 0..<60 {
      let roll = rng.int(0..<10)
      if roll < 2 {
        press("U")
        if position > 0 { position -= 1 }
      } else if roll < 3 {
        press("R")
        if position < states.count - 1 { position += 1 }
      } else {
        let before = model.tasks
        press(["a", "d", "e", "m", "s", "J"][rng.int(0..<6)])
        guard model.tasks != before else { continue }  // nothing to do
        states.removeSubrange((position + 1)...)
        states.append(model.tasks)
        position += 1
      }
      #expect(
        model.tasks == states[position],
        "seed \(seed), step \(step): the tasks are the edit history's \(position)")
      if model.tasks != states[position] { return }
    }
    // Everything undone, back to the first tasks; then a new edit forgets the redos.
    for _ in 0..<Swift.min(position, TaskBoardModel<TestTaskCell>.undoLimit) { press("U") }
    if position <= TaskBoardModel<TestTaskCell>.undoLimit {
      #expect(model.tasks == states[0], "seed \(seed): all undone")
    }
    press("a")
    let edited = model.tasks
    press("R")
    #expect(model.tasks == edited, "seed \(seed): a new edit ends the redos")
    #expect(model.lastChange == "nothing to redo")
  }

  /// A task dragged to another section is an edit too: `U` puts it back where it was.
  @Test func aDragIsUndone() {
    let model = makeModel()
    let view = model.collectionView
    let before = model.tasks
    let source = ItemPath(section: 0, item: 1)
    #expect(view.beginInteractiveMovementForItem(at: source))
    // Down the list, well into the next rows, and dropped.
    guard let frame = view.layoutAttributesForItem(at: ItemPath(section: 0, item: 4))?.frame
    else {
      Issue.record("no fifth task shown")
      return
    }
    view.updateInteractiveMovementTargetPosition(Point(x: frame.midX, y: frame.midY))
    view.endInteractiveMovement()
    var time = 0.0
    for _ in 0..<60 {
      time += 1.0 / 60
      _ = view.tick(now: time)
      view.layoutIfNeeded()
    }
    #expect(model.tasks != before, "the drag moved the task")
    #expect(model.lastChange.hasPrefix("dragged to"))
    _ = model.handle(KeyPress(.character("U")))
    #expect(model.tasks == before, "undone: the task is back")
    #expect(model.lastChange.hasPrefix("undid the drag"))
    _ = model.handle(KeyPress(.character("R")))
    #expect(model.tasks != before, "redone")
  }

  /// What a screen reader hears for each edit, once: the move names the task and the section it
  /// went to (the batch's "1 item moved" did not), and undo and redo name the edit ("undid
  /// renamed" before; new user's findings).
  @Test func editsUndoAndRedoAreSaidByWhatTheyDid() {
    let model = makeModel()
    model.collectionView.focusItem(at: ItemPath(section: 0, item: 0), animated: false)
    var said: [String] = []
    model.collectionView.accessibilityAnnouncementHandler = { said.append($0) }
    func press(_ character: Character) -> [String] {
      said.removeAll()
      _ = model.handle(KeyPress(.character(character)))
      return said
    }
    let target = model.sectionTitle(1)
    // Each names its task: "deleted" alone was said on the neighbour the focus passed to, as
    // if that task were the one deleted (a new user's finding).
    let name = { model.texts.title(of: model.task(at: model.collectionView.focusedIndexPath!)!) }
    let moving = name()
    #expect(press("m") == ["moved \(moving) to \(target)"])
    let renamed = press("e")
    #expect(renamed == ["renamed \(moving) to \(name())"] && name() != moving, "\(renamed)")
    #expect(press("U") == ["undid the rename of \(renamed[0].dropFirst("renamed ".count))"])
    #expect(press("U") == ["undid the move of \(moving) to \(target)"])
    #expect(press("U") == ["nothing to undo"])
    #expect(press("R") == ["redid the move of \(moving) to \(target)"])
    let deleting = name()
    #expect(press("d") == ["deleted \(deleting)"])
    #expect(name() != deleting)
    // Nothing said is left over for a later batch: a reload says what it says.
    #expect(press("U") == ["undid the delete of \(deleting)"])
  }

  /// J on the last task of a section and K on the first move nothing and say so (the status
  /// said nothing, and no step was kept, so a later U undid another edit than expected); an
  /// edit key while a task is lifted leaves the drag running and says why (it ended the drag
  /// unseen; new user's findings).
  @Test func editsThatCannotHappenSaySo() {
    let model = makeModel()
    let view = model.collectionView
    let first = ItemPath(section: 0, item: 0)
    view.focusItem(at: first, animated: false)
    let before = model.tasks
    _ = model.handle(KeyPress(.character("K")))
    #expect(model.tasks == before)
    #expect(model.lastChange == "already first in \(model.sectionTitle(0))")
    let last = ItemPath(section: 0, item: model.count(inSection: 0) - 1)
    view.focusItem(at: last, animated: false)
    _ = model.handle(KeyPress(.character("J")))
    #expect(model.tasks == before)
    #expect(model.lastChange == "already last in \(model.sectionTitle(0))")
    _ = model.handle(KeyPress(.character("U")))
    #expect(model.lastChange == "nothing to undo", "no step was kept")
    // Lifted: `a` adds nothing and the drag goes on; Escape puts the task back.
    #expect(view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 1)))
    _ = model.handle(KeyPress(.character("a")))
    #expect(view.interactivelyMovingItem != nil, "the drag goes on")
    #expect(model.tasks == before, "nothing added")
    #expect(model.lastChange.contains("release to drop it, Esc to put it back"))
    _ = model.handle(KeyPress(.escape))
    #expect(view.interactivelyMovingItem == nil)
    // And the status no longer says a task is being dragged (a new user's finding).
    #expect(model.lastChange == "drag cancelled: the task is back", "\(model.lastChange)")
  }

  /// An undo puts the cursor on the task it brought back or moved, not on whatever task is
  /// now at the cursor's place (a new user's finding: after undoing a delete, another task
  /// was focused and the restored one was never said).
  @Test func anUndoFocusesTheTaskItBringsBack() {
    let model = makeModel()
    let view = model.collectionView
    let path = ItemPath(section: 0, item: 2)
    view.focusItem(at: path, animated: false)
    let deleted = model.tasks[0][2].id
    _ = model.handle(KeyPress(.character("d")))
    view.focusItem(at: ItemPath(section: 0, item: 5), animated: false)
    _ = model.handle(KeyPress(.character("U")))
    #expect(view.focusedIndexPath == path, "on the task brought back")
    #expect(model.tasks[0][2].id == deleted)
    // A move to another section, undone: the cursor follows the task back.
    view.focusItem(at: path, animated: false)
    _ = model.handle(KeyPress(.character("m")))
    view.focusItem(at: ItemPath(section: 0, item: 0), animated: false)
    _ = model.handle(KeyPress(.character("U")))
    #expect(view.focusedIndexPath == path, "on the task moved back")
    _ = model.handle(KeyPress(.character("R")))
    #expect(view.focusedIndexPath == ItemPath(section: 1, item: 0), "and on to where R moves it")
  }
}
