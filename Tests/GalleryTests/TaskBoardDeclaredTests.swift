import GalleryKit
import ReuseKit
import Testing

/// The data-source page as its declaration shows it, and what a new user found in it: a task
/// dragged into "Done" is checked, an undone add puts the cursor back, keys wait for a held
/// task's drop, a drag ended by the host leaves no stale note, and `--items 0` is empty.
@Suite struct TaskBoardDeclaredTests {
  /// Runs the model's animations for half a second.
  private func settle(_ model: TaskBoardModel<TestTaskCell>, _ time: inout Double) {
    for _ in 0..<30 {
      time += 1.0 / 60
      _ = model.collectionView.tick(now: time)
      model.collectionView.layoutIfNeeded()
    }
  }

  /// Lifts the task at `from` and takes it over the place of `over` (not dropped).
  private func lift(
    _ model: TaskBoardModel<TestTaskCell>, from: ItemPath, over: ItemPath
  ) -> Bool {
    let view = model.collectionView
    guard view.beginInteractiveMovementForItem(at: from),
      let frame = view.layoutAttributesForItem(at: over)?.frame
    else { return false }
    view.updateInteractiveMovementTargetPosition(Point(x: frame.midX, y: frame.midY))
    view.layoutIfNeeded()
    return true
  }

  @Test func aTaskDraggedIntoDoneIsCheckedAndOutOfItIsNot() throws {
    let model = makeTestTaskBoard(items: 400)
    let view = model.collectionView
    var time = 0.0
    // Room for every section: the moved cell stays on screen.
    view.viewportSize = Size(width: 60, height: 40)
    view.layoutIfNeeded()
    let done = model.tasks.count - 1
    let moved = model.tasks[0][1].id
    #expect(
      lift(model, from: ItemPath(section: 0, item: 1), over: ItemPath(section: done, item: 0)))
    view.endInteractiveMovement()
    settle(model, &time)
    let path = try #require(model.tasks[done].firstIndex { $0.id == moved })
    let cell = try #require(
      view.cellForItem(at: ItemPath(section: done, item: path)) as? TestTaskCell)
    #expect(cell.task?.id == moved)
    #expect(cell.isDone, "dropped in Done: checked")
    // And back out to To do: unchecked.
    #expect(
      lift(model, from: ItemPath(section: done, item: path), over: ItemPath(section: 0, item: 2)))
    view.endInteractiveMovement()
    settle(model, &time)
    let back = try #require(model.tasks[0].firstIndex { $0.id == moved })
    let again = try #require(
      view.cellForItem(at: ItemPath(section: 0, item: back)) as? TestTaskCell)
    #expect(again.task?.id == moved && !again.isDone)
    // Every displayed task shows its section's state.
    for path in view.indexPathsForVisibleItems {
      let shown = view.cellForItem(at: path) as? TestTaskCell
      #expect(shown?.isDone == (path.section == done), "\(path)")
      #expect(shown?.task?.id == model.tasks[path.section][path.item].id, "\(path)")
    }
  }

  @Test func anUndoneAddPutsTheCursorBackOnItsTask() {
    let model = makeTestTaskBoard(items: 400)
    var time = 0.0
    model.collectionView.focusItem(at: ItemPath(section: 0, item: 3), scrollsIntoView: false)
    let before = model.tasks[0][3].id
    _ = model.handle(KeyPress(.character("a")))
    settle(model, &time)
    #expect(
      model.collectionView.focusedIndexPath == ItemPath(section: 0, item: 4), "on the new task")
    _ = model.handle(KeyPress(.character("U")))
    settle(model, &time)
    let focused = model.collectionView.focusedIndexPath.flatMap(model.task(at:))
    #expect(focused?.id == before, "back on the task it was on")
  }

  @Test func keysWaitForAHeldTasksDropAndAHostsCancelIsSaid() {
    let model = makeTestTaskBoard(items: 400)
    let view = model.collectionView
    var time = 0.0
    view.focusItem(at: ItemPath(section: 0, item: 1), scrollsIntoView: false)
    #expect(lift(model, from: ItemPath(section: 0, item: 1), over: ItemPath(section: 0, item: 3)))
    let focus = view.focusedIndexPath
    for key in [KeyPress(.end), KeyPress(.down), KeyPress(.character("d"))] {
      #expect(model.handle(key))
      #expect(view.focusedIndexPath == focus, "\(key): the cursor stays with the held task")
      #expect(model.headline(timing: false).contains("a task is being dragged"))
    }
    // The host ends the drag (the page left): the note says so, not "being dragged".
    view.cancelInteractiveMovement()
    settle(model, &time)
    #expect(model.headline(timing: false).contains("drag cancelled: the task is back"))
  }

  @Test func noItemsMakeNoTasks() {
    let model = makeTestTaskBoard(items: 0)
    var time = 0.0
    #expect(model.tasks.map(\.count) == [0, 0, 0])
    #expect(model.headline(timing: false).hasPrefix("0 tasks"))
    _ = model.handle(KeyPress(.character("a")))
    settle(model, &time)
    #expect(model.tasks[0].count == 1)
    #expect(model.collectionView.numberOfItems(inSection: 0) == 1)
  }
}
