import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTestSupport
import Testing

/// A page's find (`FindBar`) on the data-source page, during its batch updates: random finds,
/// steps, scrolls, and edits (add, delete, move, rename, shuffle: each one animated diff)
/// landing while a find is marked or still looking. After every step the matches are a scan of
/// the data as it is then, every cell shown is marked exactly when its task matches, the
/// status counts what the scan counts, and the find never moves the focus on its own once it
/// has taken it.
@Suite struct PageFindModelTests {
  static let needles = ["e", "an", "ship", "fix", "ar", "cedar", "zz", "re"]

  @Test(arguments: 0..<6)
  func marksAndCountsAreAScanOfTheDataAfterEveryBatchUpdate(_ index: Int) {
    let (seed, random) = SeededRandom.forCase(index, base: 0xF1_4DBA)
    var rng = random
    let model = makeTestTaskBoard(items: 1_200)
    let view = model.collectionView
    let find = model.findBar
    var time = 0.0
    var needle: String?

    func press(_ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
      _ = model.handle(KeyPress(key, modifiers: modifiers))
    }
    /// A few frames of the clock: animations go on (or end), the find looks a slice a frame.
    func frames(_ count: Int) {
      for _ in 0..<count {
        time += 1.0 / 60
        _ = view.tick(now: time)
        find.advance()
        view.layoutIfNeeded()
      }
    }
    func taskID(at path: ItemPath?) -> Int? { path.flatMap { model.task(at: $0)?.id } }

    for step in 0..<90 {
      let place = "seed \(seed), step \(step)"
      switch rng.int(0..<12) {
      case 0: press(.character("a"))
      case 1: press(.character("d"))
      case 2: press(.character("m"))
      case 3: press(.character(rng.chance(0.5) ? "J" : "K"))
      case 4: press(.character("e"))
      case 5: if rng.chance(0.3) { press(.character("s")) }
      case 6, 7:
        // A new find, typed into the prompt (sometimes with a slip mended by Backspace).
        let word = Self.needles[rng.int(0..<Self.needles.count)]
        if rng.chance(0.5) { press(.character("/")) } else { press(.character("f"), .control) }
        #expect(find.isTyping, "\(place): the prompt takes the keys")
        if rng.chance(0.3) {
          press(.character("q"))
          press(.backspace)
        }
        for character in word { press(.character(character)) }
        press(.enter)
        needle = word
      case 8:
        if find.isActive {
          press(.character(rng.chance(0.5) ? "n" : "N"))
        }
      case 9:
        press(rng.chance(0.5) ? .pageDown : .up)
      case 10:
        if rng.chance(0.3) {
          press(.escape)
          needle = nil
        }
      default:
        break
      }
      // Frames: sometimes none before the check (an edit lands mid-find, the next step comes
      // at once), otherwise enough for the find to finish and the diff to glide.
      let focusBefore = taskID(at: view.focusedIndexPath)
      frames(rng.chance(0.25) ? 1 : 40)
      while find.advance() {}
      view.layoutIfNeeded()
      #expect(
        taskID(at: view.focusedIndexPath) == focusBefore,
        "\(place): the find moved the focus on its own")

      guard let needle, let search = find.search else {
        #expect(!find.isActive, "\(place): a find after Escape")
        view.forEachDisplayedView { _, attributes in
          #expect(!find.isMarked(attributes.indexPath), "\(place): a mark without a find")
        }
        continue
      }
      // The scan: every task whose title has the needle, ignoring case.
      var expected: Set<ItemPath> = []
      for (section, tasks) in model.tasks.enumerated() {
        for (item, task) in tasks.enumerated()
        where model.texts.title(of: task).lowercased().contains(needle) {
          expected.insert(ItemPath(section: section, item: item))
        }
      }
      #expect(search.isDone, "\(place): the find ends")
      #expect(Set(search.matches) == expected, "\(place): the matches for “\(needle)”")
      view.forEachDisplayedView { cellView, attributes in
        // Cells leaving in the diff's animation (deleted tasks) are not marked by hosts.
        guard let cell = cellView as? TestTaskCell, attributes.supplementaryKind == nil,
          let task = cell.task, view.cellForItem(at: attributes.indexPath) === cell
        else { return }
        let matches = model.texts.title(of: task).lowercased().contains(needle)
        #expect(
          find.isMarked(attributes.indexPath) == matches,
          "\(place): the mark of “\(model.texts.title(of: task))” at \(attributes.indexPath)")
      }
      // The status numbers the focused match in the tasks' order, or counts.
      let status = model.status
      let ordered = expected.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
      if expected.isEmpty {
        #expect(status.contains("no match"), "\(place): \(status)")
      } else if let focused = view.focusedIndexPath, let number = ordered.firstIndex(of: focused) {
        #expect(
          status.contains("match \(number + 1) of \(expected.count.formatted)"),
          "\(place): \(status)")
      } else {
        #expect(
          status.hasPrefix("\(expected.count.formatted) match"), "\(place): \(status)")
      }
    }
  }
}
