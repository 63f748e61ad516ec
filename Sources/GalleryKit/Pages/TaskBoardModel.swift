import ReuseDeclarative
import ReuseKit

/// The `datasource` page: a sectioned task list, declared (`ReuseDeclarative`): a section per
/// list of tasks, its header counting them, its tasks a `ForEach` that moves them within and
/// across sections (`onMove(tag:)`) and swipes them open. Every edit (add, delete, move,
/// shuffle, rename) makes the next version of the tasks; the declaration's data source diffs
/// it by identity against the one shown and applies the difference as one animated batch:
/// rows glide (to another section too), new ones fade in, deleted ones fade out, and the
/// selection and the cursor stay with their tasks. A press on a task's grip reorders it;
/// swiping it left reveals Delete and Done.
///
/// `--items N` makes N/40 tasks (at least 12, none for 0); `--data` uses the file's sections
/// and items. Hosts give the task cell as the model's generic parameter; headers are standard content.
public final class TaskBoardModel<Cell: TaskPresenting>: ViewsPageModel, CollectionViewDelegate {
  /// `--demo datasource`.
  public static var name: String { "datasource" }

  /// The tab's title.
  public let title = "Data source"
  /// The task list.
  public let collectionView: CollectionView
  /// The page's one view.
  public var views: [CollectionView] { [collectionView] }
  /// The tasks, a list per section: what the declaration shows. The page's edits set them
  /// and apply the declaration at once, as one diffed batch.
  public var tasks: [[TaskItem]] { board.sections }
  /// The tasks and their sections' titles, read by the declaration (a reference: the
  /// declaration's body holds it, not the model).
  let board: TaskList
  /// The declaration's data source.
  public let source: DeclarativeDataSource
  /// The data file's titles and the tags the tasks refer to.
  public private(set) var texts = TaskTexts()
  /// What the last edit did.
  public internal(set) var lastChange = "no edits yet"
  /// Whether the last heading was drawn during a drag not yet dropped.
  private var headlineSawDrag = false
  /// What the heading said before a key pressed during a swipe said to release it first.
  private var changeBeforeSwipingNote = ""
  /// How long the last edit took (making the next version, the diff, the batch update).
  public internal(set) var lastEditDuration: Double?
  /// Whether the last key found nothing to edit (its note has no time).
  var didNothing = false
  var nextID = 0
  /// The tasks before each edit (a drag's too) and what the edit was, newest last: `U` undoes,
  /// `R` redoes what `U` undid, until the next edit. At most ``undoLimit`` are kept.
  var undoStack: [EditStep] = []
  var redoStack: [EditStep] = []
  /// Whether older edits than ``undoLimit`` were let go: the last `U` says so.
  var undoWasCut = false
  /// The tasks before (or after) an edit, and what the edit was.
  typealias EditStep = (
    sections: [[TaskItem]], what: String, selected: Set<Int>, focused: Int?
  )
  /// How many edits `U` can undo.
  public static var undoLimit: Int { 100 }
  var random = PageRandom(seed: 0xDA7A)
  let metrics: GalleryMetrics
  /// The find over the tasks' titles (`/`, `n`, `N`): it starts again over the new tasks
  /// after every edit, as the edits are batch updates.
  public let findBar: FindBar
  /// The find over the tasks' titles.
  public var finder: FindBar? { findBar }

  /// The tasks for `options`, sized by `metrics`.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    self.metrics = metrics
    var titles = ["To do", "In progress", "Done"]
    var sections: [[TaskItem]]
    var id = 0
    var texts = TaskTexts()
    if let data = options.data, data.sections.isEmpty {
      // A data file of no sections: the board's three, empty (the demo's tasks showed: a new
      // user's finding). Tasks can be added.
      sections = [[], [], []]
    } else if let data = options.data {
      titles = data.sections.map(\.title)
      sections = data.sections.map { section in
        section.items.map { item in
          id += 1
          return TaskItem(
            // A data file's detail is the task's tag; an item without one has none.
            id: id, title: texts.addTitle(item.title), tag: texts.tagNumber(item.detail ?? ""))
        }
      }
    } else {
      // None for `--items 0` (twelve showed: a new user's finding); else at least twelve.
      let count = options.itemCount <= 0 ? 0 : max(12, options.itemCount / 40)
      sections = [[], [], []]
      for index in 0..<count {
        id += 1
        let section = index % 5 < 3 ? 0 : (index % 5 == 3 ? 1 : 2)
        sections[section].append(Self.makeTask(id: id, index: index))
      }
    }
    nextID = id + 1
    self.texts = texts
    board = TaskList(sections: sections, titles: titles)

    collectionView = CollectionView(
      layout: ListLayout(
        itemSizing: .uniform(metrics.rowLength), headerLength: .fixed(metrics.headerLength)))
    findBar = FindBar(collectionView: collectionView, subject: "the tasks", clock: metrics.clock)
    source = DeclarativeDataSource(collectionView: collectionView) { [board, texts] in
      let done = board.sections.count - 1
      for (index, tasks) in board.sections.enumerated() {
        Section(
          id: index,
          header: ListContent(board.title(of: index), secondary: plural(tasks.count, "task"))
        ) {
          ForEach(tasks) { task in
            TaskContent<Cell>(task: task, isDone: index == done && done > 0, texts: texts)
          }
          .onMove(tag: index) { move in board.moved(move) }
          .swipeActions { _ in board.swipeActions(index) }
          // Its title, for a search of the data source (GTK's type-ahead found nothing: the
          // task cells are the host's own, with no text the declaration knew).
          .searchable { texts.title(of: $0) }
        }
      }
    }

    board.moved = { [unowned self] in dragged($0) }
    board.swipeActions = { [unowned self] in swipeActions(inSection: $0) }

    // The rest is presentation: headers, selection, reordering.
    (collectionView.collectionViewLayout as! ListLayout).pinsHeaders = true
    collectionView.allowsMultipleSelection = true
    collectionView.accessibilityLabel = "Tasks"
    // A plain click replaces the selection, Control toggles, Shift extends (desktop lists).
    collectionView.tapsReplaceSelection = true
    collectionView.overscan = metrics.overscan
    // The cursor is the collection view's focus: it follows its task through every edit (a
    // deleted task passes it to its neighbour), and a click moves it.
    collectionView.delegate = self
    collectionView.focusScrollPadding = metrics.rowLength
    findBar.itemText = { [unowned self] path in itemTitle(at: path) }
    // Reordering: a press on a task's grip (its coloured bar, the first two columns of a
    // terminal) lifts it; the drop moves it in the tasks (`dragged`).
    let grip = 2 * metrics.textWidth("▌")
    collectionView.reorderGrip = { _, point in point.x < grip }
    collectionView.focusItem(
      at: collectionView.indexPath(forFocusMove: .first, from: ItemPath(section: 0, item: 0)),
      scrollsIntoView: false)
  }

  /// A click puts the cursor on the task it selected.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
  }

  /// A task the user dragged: moved in the tasks (the collection view has moved it on screen),
  /// kept for undo.
  private func dragged(_ move: ItemTransfer<Int>) {
    var sections = board.sections
    guard move.apply(to: &sections) else { return }
    lastEditDuration = nil  // a drag is not a timed edit
    remember(board.sections, "the drag")
    board.sections = sections
    lastChange =
      "dragged to \(sectionTitle(move.destinationTag)) \(move.destinationIndex + 1)"
    headlineSawDrag = false
  }

  static func makeTask(id: Int, index: Int) -> TaskItem {
    TaskItem(id: id, title: index, tag: (index / 3) % 6)
  }

  // MARK: What is drawn

  /// The heading: how many tasks, and what the last edit did (and how long it took, with
  /// `timing`).
  public func headline(timing: Bool) -> String {
    // A drag that ended without a drop (Escape, the page left, the touch cancelled) says the
    // task is back, in place of "a task is being dragged" or of the edit before the drag
    // (new users' findings: leaving the page mid-drag kept "dragged to In progress 3").
    if collectionView.interactivelyMovingItem != nil {
      headlineSawDrag = true
    } else if headlineSawDrag {
      headlineSawDrag = false
      lastChange = "drag cancelled: the task is back"
    } else if lastChange == Self.heldNote {
      lastChange = "drag cancelled: the task is back"
    } else if lastChange == Self.swipingNote, !collectionView.isSwiping {
      lastChange = changeBeforeSwipingNote
    }
    let count = tasks.reduce(0) { $0 + $1.count }
    let duration = timing ? lastEditDuration.map { " · \(milliseconds($0)) ms" } ?? "" : ""
    return "\(plural(count, "task")) · \(lastChange)\(duration)"
  }

  /// How many tasks `section` holds.
  public func count(inSection section: Int) -> Int {
    tasks.indices.contains(section) ? tasks[section].count : 0
  }

  /// The title of `section`.
  public func sectionTitle(_ section: Int) -> String { board.title(of: section) }

  /// The task at `path`, if there is one.
  public func task(at path: ItemPath) -> TaskItem? {
    let sections = tasks
    guard sections.indices.contains(path.section),
      sections[path.section].indices.contains(path.item)
    else { return nil }
    return sections[path.section][path.item]
  }

  // MARK: Keys

  /// The page's edits: a (add), d or Delete (delete), m or → (move to the next section), ←
  /// (the previous), J and K (down and up in the section), s (shuffle), e (rename), U and R
  /// (undo and redo, a drag included); the other
  /// keys go to the collection view's key map (Escape puts a lifted task back).
  public func handle(_ key: KeyPress) -> Bool {
    // Escape puts a lifted task back before it clears a find.
    if collectionView.interactivelyMovingItem == nil, findBar.handle(key) { return true }
    // A desktop's undo and redo keys too, as on the board.
    if let undoing = key.undoChord {
      timed(undoing ? undo : redo)
      return true
    }
    if key.isCommandChord { return collectionView.handle(key) }
    // Escape puts a lifted task back, and the status says so (it kept saying a task was being
    // dragged: a new user's finding).
    if key.key == .escape, collectionView.interactivelyMovingItem != nil {
      let handled = collectionView.handle(key)
      if collectionView.interactivelyMovingItem == nil {
        lastChange = "drag cancelled: the task is back"
        collectionView.postAccessibilityAnnouncement(lastChange)
      }
      return handled
    }
    // An edit while a task is lifted would end the drag unseen, and a move of the cursor
    // left the dropped task without it (a new user's finding): the drop comes first.
    if collectionView.interactivelyMovingItem != nil, Self.heldKeys.contains(key.key) {
      lastChange = Self.heldNote
      collectionView.postAccessibilityAnnouncement(lastChange)
      return true
    }
    // Likewise while a row is swiped: an edit took the row from under the finger, and the
    // swipe went on to nothing (a new user's finding; the grip's drag said so).
    if collectionView.isSwiping, Self.heldKeys.contains(key.key) {
      if lastChange != Self.swipingNote { changeBeforeSwipingNote = lastChange }
      lastChange = Self.swipingNote
      collectionView.postAccessibilityAnnouncement(lastChange)
      return true
    }
    switch key.key {
    case .character("a"): timed(addTask)
    case .character("d"), .delete, .backspace: timed(deleteTask)
    case .character("m"): timed { moveTaskToSection(by: 1, wrapping: true) }
    case .right: timed { moveTaskToSection(by: 1) }
    case .left: timed { moveTaskToSection(by: -1) }
    case .character("K"): timed { moveTaskWithinSection(by: -1) }
    case .character("J"): timed { moveTaskWithinSection(by: 1) }
    case .character("s"): timed(shuffle)
    case .character("x"): timed(toggleDone)
    case .character("e"): timed(renameTask)
    // Lowercase too: a new user pressed `u` first (vi's undo) and nothing happened.
    case .character("U"), .character("u"): timed(undo)
    case .character("R"): timed(redo)
    default: return collectionView.handle(key)
    }
    return true
  }

  /// The keys that wait while a task is lifted: the edits, and the cursor's moves and the
  /// selection's (the page's other keys, a tab's number, still go).
  private static var heldKeys: Set<KeyPress.Key> {
    [
      .character("a"), .character("d"), .delete, .backspace, .character("m"), .right, .left,
      .character("K"), .character("J"), .character("s"), .character("x"), .character("e"),
      .character("U"),
      .character("u"), .character("R"), .up, .down, .pageUp, .pageDown, .home, .end, .space,
      .character(" "), .enter,
    ]
  }

  /// What a key pressed while a task is lifted says.
  static var heldNote: String { "a task is being dragged: release to drop it, Esc to put it back" }

  /// What a key pressed while a row is swiped says, until the swipe's release.
  static var swipingNote: String { "a task is being swiped: release it first" }

  // MARK: State

  /// The task being moved and where to, or the task under the cursor and how many are selected.
  public var status: String { findBar.status(baseStatus) }

  private var baseStatus: String {
    if let source = collectionView.interactivelyMovingItem,
      let target = collectionView.interactiveMovementTarget,
      let task = task(at: source)
    {
      return "moving \(texts.title(of: task)) → \(sectionTitle(target.section)) \(target.item + 1)"
        + " · Esc puts it back"
    }
    let task = cursorPath.flatMap(task(at:)).map(texts.title) ?? "no tasks"
    let selected = collectionView.numberOfSelectedItems
    return task + (selected > 0 ? " · \(selected.formatted) selected" : "")
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("↑ ↓ PgUp PgDn Home End", "move the cursor"),
      ("Enter Space", "select or deselect (kept by edits)"),
      ("a", "add a task after the cursor"), ("d Delete", "delete the task"),
      ("m → / ←", "move it to the next / previous section (m goes round; → ← stop at the ends)"),
      ("J K", "move it down / up in its section"),
      ("x", "mark it done (in the last section: reopen it)"), ("s", "shuffle every section"),
      ("e", "rename it to another made-up title (a content change: its cell is reconfigured)"),
      (
        metrics.isDesktop ? "U (or u) R, Ctrl-Z Ctrl-Shift-Z" : "U (or u) R",
        "undo the last edit (a drag too; the last 100 are kept), redo it"
      ),
      findBar.keyHelp,
      ("drag a ▌ grip", "reorder a task, across sections (Esc puts it back)"),
      ("swipe a task ←", "Delete (all the way: at once) or Done"),
      ("wheel, drag", "scroll; a click selects"),
    ]
  }
}
