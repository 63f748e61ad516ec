import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The `chat` page: opens at the end, streams messages on the clock (sleeping between them),
/// keeps the end in view there, counts "↓ N new" when scrolled up, loads older history at
/// the top without moving what is on screen.
@Suite struct GalleryChatTests {
  /// Runs the gallery's clock from `time` for `seconds`, as the run loop would: frames while
  /// something animates, else a wake-up at the page's next due time.
  private func run(_ gallery: Gallery, for seconds: Double, time: inout Double) -> Int {
    let end = time + seconds
    var wakeUps = 0
    while time < end {
      if gallery.isAnimating {
        time += 1.0 / 60
      } else if let due = gallery.nextWakeTime, due < end {
        time = max(time + 0.001, due)
        wakeUps += 1
      } else {
        time = end
      }
      gallery.tick(now: time)
    }
    return wakeUps
  }

  private func heading(_ canvas: Canvas) -> String { canvas.plainTextLines()[1] }

  /// The messages on screen, without the scroll bar (its thumb moves as the history grows).
  private func shown(_ canvas: Canvas) -> [String] {
    canvas.plainTextLines()[2..<20].map { String($0.dropLast()) }
  }

  @Test func messagesStreamInAndKeepTheEndInView() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    #expect(heading(canvas).contains("30 messages"))
    let wakeUps = run(gallery, for: 20, time: &time)
    gallery.draw(into: canvas)
    let count = Int(heading(canvas).split(separator: " ")[0])!
    #expect(count > 32, "messages arrive on the clock: \(heading(canvas))")
    // Between messages the page sleeps: wake-ups are the streamed words and arrivals, far
    // fewer than the 1,200 frames of 20 s at 60 Hz.
    #expect(wakeUps < 600, "\(wakeUps) wake-ups")
    // At the end: the last message's last row is just above the row kept for the "↓ N new"
    // pill (empty at the end) and the status line.
    let lines = canvas.plainTextLines()
    #expect(lines[lines.count - 4].contains("."), "the newest message ends on screen: \(lines)")
    #expect(lines[lines.count - 3].allSatisfy { $0 == " " || $0 == "│" || $0 == "┃" })
    #expect(!lines.joined().contains("new ·"))
  }

  /// A screen reader hears the message a key brings into view ("Ada: the text", the oldest
  /// shown after a move up, the newest after a move down), and each message that arrives,
  /// once, whole, with its author (scrolling said nothing, and an arrival said "1 item added":
  /// a new user's finding). No "22 of 31": it changed with every arrival.
  @Test func aScreenReaderHearsTheMessagesAKeyBringsAndThoseThatArrive() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    _ = gallery.spokenLines()
    let authors = ["Ada: ", "Grace: ", "Linus: ", "you: "]
    func isMessage(_ line: String) -> Bool { authors.contains { line.hasPrefix($0) } }
    for key in [Key.up, .up, .down, .pageUp, .end] {
      pressTestGallery([key], gallery, canvas, time: &time)
      // The message the key brought (then any that arrived meanwhile, whole).
      let said = gallery.spokenLines()
      #expect(!said.isEmpty && said.allSatisfy(isMessage), "\(key): \(said)")
      #expect(Set(said).count == said.count, "\(key): none twice: \(said)")
      #expect(!said.joined().contains(" of "), "\(said)")
    }
    let before = Int(heading(canvas).split(separator: " ")[0])!
    var said: [String] = []
    for _ in 0..<(60 * 15) {
      time += 1.0 / 60
      gallery.tick(now: time)
      said += gallery.spokenLines()
    }
    gallery.draw(into: canvas)
    let arrived = Int(heading(canvas).split(separator: " ")[0])! - before
    #expect(arrived >= 2, "messages arrived: \(arrived)")
    #expect(!said.contains { $0.contains("added") }, "\(said)")
    // Each arrival once (the last may still be streaming, and one streaming in as the clock
    // started is said when it ends).
    let arrivals = said.filter(isMessage)
    #expect(arrivals.count >= arrived - 1 && arrivals.count <= arrived + 1, "\(said)")
    #expect(Set(arrivals).count == arrivals.count, "none twice: \(said)")
  }

  /// Read as lines (`--screen-reader`), ↑ and ↓ move a reading cursor message by message,
  /// from the newest, scrolling only to keep it in view: each key reads the next message up
  /// or down, none skipped (scrolling by a message read the one it brought in, at the top
  /// going up: going up from the newest skipped every message on screen, a new user's
  /// finding).
  @Test func readAsLinesTheArrowsReadMessageByMessage() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    gallery.readsAsLines = true
    let view = try #require(gallery.currentPage.restorableView)
    let source = try #require(view.dataSource as? any SearchableDataSource)
    /// Where the message a line reads is now (older messages load above as it goes up).
    func index(of line: String) -> Int? {
      (0..<view.numberOfItems(inSection: 0)).last { item in
        guard
          let text = source.collectionView(
            view, searchableTextForItemAt: ItemPath(section: 0, item: item)),
          !text.isEmpty
        else { return false }
        return line.hasSuffix(": " + text)
      }
    }
    _ = gallery.spokenLines()
    var previous: String?
    for (step, key) in ([Key](repeating: .up, count: 36) + [.down, .down, .down]).enumerated() {
      pressTestGallery([key], gallery, canvas, time: &time)
      // The message the cursor is on, first (then any that arrived meanwhile).
      // The message the cursor is on is said (messages arriving meanwhile are said too).
      let lines = gallery.spokenLines()
      let read = try #require(gallery.currentPage.accessibilityFocus?.spokenDescription)
      #expect(lines.contains(read), "step \(step): \(read) not in \(lines)")
      if let previous {
        let now = try #require(index(of: read), "\(read)")
        let before = try #require(index(of: previous), "\(previous)")
        #expect(now == before + (key == .up ? -1 : 1), "step \(step): \(before) → \(now)")
      } else {
        #expect(index(of: read) == view.numberOfItems(inSection: 0) - 1, "the newest first")
      }
      previous = read
      // The message read is on screen.
      let path = ItemPath(section: 0, item: index(of: read) ?? 0)
      #expect(view.cellForItem(at: path) != nil, "step \(step): in view")
    }
  }

  @Test func scrolledUpItCountsNewMessagesAndOlderHistoryLoadsAtTheTop() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    pressTestGallery([.pageUp], gallery, canvas, time: &time)
    let before = shown(canvas)
    _ = run(gallery, for: 15, time: &time)
    gallery.draw(into: canvas)
    #expect(canvas.plainTextLines().last!.contains("new ·"), "\(canvas.plainTextLines().last!)")
    #expect(shown(canvas) == before, "scrolled up, nothing moved")
    // Up to the top: older messages load, and what was on screen stays where it was. A
    // screen reader hears them as older messages, not as "20 items added".
    _ = gallery.spokenLines()
    pressTestGallery([.home], gallery, canvas, time: &time)
    let top = shown(canvas)
    _ = run(gallery, for: 1, time: &time)
    gallery.draw(into: canvas)
    let said = gallery.spokenLines()
    #expect(said.contains("20 older messages loaded"), "\(said)")
    #expect(!said.contains { $0.contains("items added") }, "\(said)")
    #expect(heading(canvas).contains("older history loads"))
    #expect(Int(heading(canvas).split(separator: " ")[0])! >= 50, "\(heading(canvas))")
    #expect(shown(canvas) == top, "the prepend moved nothing on screen")
    // End: back to the newest, the count gone.
    pressTestGallery([.end], gallery, canvas, time: &time)
    #expect(!canvas.plainTextLines().last!.contains("new ·"))
  }

  /// The "↓ N new" pill answers a click as End does: to the newest message, the pill gone.
  @Test func aClickOnTheNewMessagesPillGoesToTheEnd() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    pressTestGallery([.pageUp, .pageUp], gallery, canvas, time: &time)
    _ = run(gallery, for: 15, time: &time)
    gallery.draw(into: canvas)
    let lines = canvas.plainTextLines()
    let row = try #require(lines.firstIndex { $0.contains("↓") && $0.contains("new") })
    let line = lines[row]
    let column = CharacterWidth.of(String(line[..<line.firstIndex(of: "↓")!]))
    time += 0.1
    gallery.handle(.mouse(MouseEvent(kind: .press, column: column + 1, row: row)), at: time)
    gallery.handle(.mouse(MouseEvent(kind: .release, column: column + 1, row: row)), at: time)
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(!canvas.plainTextLines().contains { $0.contains("↓") && $0.contains("new") })
    #expect(!canvas.plainTextLines().last!.contains("new ·"), "\(canvas.plainTextLines().last!)")
  }

  /// `--items` sets the history: five messages, or none (then new ones arrive in it).
  @Test(arguments: [0, 1, 5]) func theItemsCountIsTheHistory(_ count: Int) {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "chat", TerminalSize(columns: 80, rows: 24), items: count)
    #expect(heading(canvas).hasPrefix(" \(count) message"), "\(heading(canvas))")
    #expect(heading(canvas).contains("the whole history is here"))
    _ = run(gallery, for: 20, time: &time)
    gallery.draw(into: canvas)
    #expect(Int(heading(canvas).split(separator: " ")[0])! > count, "new messages arrive")
  }

  /// Ctrl-Z suspends while a message is being written, as a shell's line would let it (the
  /// key went into the message and did nothing).
  @Test func controlZSuspendsWhileWriting() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    pressTestGallery(
      [.character("m"), .character("a"), .character("b")], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().contains { $0.contains("you ▸ ab") })
    pressTestGallery([.control("z")], gallery, canvas, time: &time)
    #expect(gallery.wantsToSuspend)
    #expect(canvas.plainTextLines().contains { $0.contains("you ▸ ab") }, "the draft stays")
  }

  /// Home, again and again while older history loads: each lands on the top of a message,
  /// the one that was first when it was pressed (a new user's finding: the second Home showed
  /// the middle of a message, its first lines above the screen).
  @Test func homeLandsOnTheTopOfTheOldestMessageLoaded() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    let view = try #require(gallery.currentPage.restorableView)
    let source = try #require(view.dataSource as? any SearchableDataSource)
    func text(_ item: Int) -> String? {
      source.collectionView(view, searchableTextForItemAt: ItemPath(section: 0, item: item))
    }
    for press in 1...4 {
      let oldest = text(0)
      pressTestGallery([.home], gallery, canvas, time: &time)
      _ = run(gallery, for: 1, time: &time)
      gallery.draw(into: canvas)
      // Found by its text: messages also arrive at the end meanwhile.
      let loaded = try #require((0..<40).first { text($0) == oldest })
      #expect(press == 1 || loaded == 20, "Home \(press): \(loaded) older messages loaded")
      let first = try #require(view.frameForItem(at: ItemPath(section: 0, item: loaded)))
      let top = view.contentOffset.y
      #expect(
        abs(first.minY - top) < 0.5,
        "Home \(press): the first message before it (#\(loaded)) at \(first.minY), the top \(top)")
    }
  }

  /// `m` writes in the line below the list (q and digits are text there), Enter sends: the
  /// message lands at the end and the list goes there from far up; Escape and a blank
  /// message send nothing; a reply follows.
  @Test func mWritesAMessageAndEnterSendsItToTheEnd() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 24))
    func count() -> Int { Int(heading(canvas).split(separator: " ")[0])! }
    func lines() -> [String] { canvas.plainTextLines() }
    pressTestGallery([.pageUp, .pageUp], gallery, canvas, time: &time)
    let before = count()
    // Escape drops a message, Enter on a blank one sends nothing.
    pressTestGallery([.character("m"), .character("x"), .escape], gallery, canvas, time: &time)
    pressTestGallery([.character("m"), .character(" "), .enter], gallery, canvas, time: &time)
    #expect(count() == before, "nothing sent: \(heading(canvas))")
    // Said (Enter seemed to do nothing: a new user's finding), until the next key.
    #expect(lines().last!.contains("nothing to send: the message was empty"), "\(lines().last!)")
    #expect(!lines().joined().contains("you ▸"))
    pressTestGallery([.character("m")], gallery, canvas, time: &time)
    pressTestGallery("hi q8 there".map { Key.character($0) }, gallery, canvas, time: &time)
    #expect(lines()[lines().count - 2].contains("you ▸ hi q8 there"), "\(lines())")
    #expect(lines().last!.contains("Enter sends"))
    _ = gallery.spokenLines()
    pressTestGallery([.enter], gallery, canvas, time: &time)
    #expect(count() >= before + 1, "\(heading(canvas))")
    // Said with its text, not as the engine's "1 item added" (a new user's finding).
    let said = gallery.spokenLines()
    #expect(said.contains("sent: hi q8 there"), "\(said)")
    #expect(!said.contains { $0.contains("added") }, "\(said)")
    // The sent message is the newest, shown at the end: the list came back down to it.
    let bottom = lines()[(lines().count - 8)..<(lines().count - 2)].joined(separator: "\n")
    #expect(bottom.contains("hi q8 there"), "\(lines())")
    #expect(!lines().joined().contains("you ▸"), "the line below the list is free again")
    #expect(lines().last!.contains("last from you"))
    // A reply follows within a few seconds.
    let sent = count()
    _ = run(gallery, for: 5, time: &time)
    gallery.draw(into: canvas)
    #expect(count() > sent, "\(heading(canvas))")
    // From someone else: only what you send is yours (the replies came as "you").
    #expect(!lines().last!.contains("last from you"), "\(lines().last!)")
  }

  /// A draft longer than the line shows "…" where it is cut: before the caret's run while
  /// typing at its end, after it once the caret goes back to the start (it showed cut words
  /// with no sign of the rest: a new user's finding).
  @Test func aLongDraftShowsWhereItIsCut() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 40, rows: 16))
    func composer() -> String {
      canvas.plainTextLines().first { $0.contains("you ▸ ") } ?? ""
    }
    pressTestGallery([.character("m")], gallery, canvas, time: &time)
    let words = (1...12).map { "word\($0)" }.joined(separator: " ")
    pressTestGallery(words.map { Key.character($0) }, gallery, canvas, time: &time)
    let typing = composer()
    #expect(typing.contains("you ▸ …"), "\(typing)")
    // The status line keeps the count whole at 40 columns, its end cut instead ("…7
    // characters" read as 7 for 97: a new user's finding).
    let status = canvas.plainTextLines().last!
    #expect(status.hasPrefix(" message: \(words.count) characters"), "\(status)")
    #expect(typing.contains("word12"), "the caret's end shows: \(typing)")
    pressTestGallery([.home], gallery, canvas, time: &time)
    let start = composer()
    #expect(start.contains("you ▸ word1 "), "\(start)")
    #expect(start.trimmingCharacters(in: .whitespaces).hasSuffix("…"), "\(start)")
    pressTestGallery([.escape], gallery, canvas, time: &time)
    pressTestGallery(
      [.character("m")] + "short".map { Key.character($0) }, gallery, canvas, time: &time)
    #expect(!composer().contains("…"), "a draft that fits: \(composer())")
  }

  /// Characters that join the one typed before them (an accent typed after its letter, a skin
  /// tone after its hand, a flag's second letter) are written and sent: the app stopped the
  /// moment one arrived (a new user's finding).
  @Test func charactersThatJoinTheOneBeforeAreWrittenAndSent() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 60, rows: 16))
    pressTestGallery([.character("m")], gallery, canvas, time: &time)
    let typed: [Character] = ["c", "a", "f", "e", "\u{301}", " ", "👍", "🏽", "🇯", "🇵", "!"]
    pressTestGallery(typed.map { Key.character($0) }, gallery, canvas, time: &time)
    let composer = canvas.plainTextLines().first { $0.contains("you ▸ ") } ?? ""
    #expect(composer.contains("you ▸ café 👍🏽🇯🇵!"), "\(composer)")
    #expect(canvas.plainTextLines().last!.contains("message: 8 characters"))
    pressTestGallery([.enter], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().joined().contains("café 👍🏽🇯🇵!"))
  }

  /// A message at the most it holds says so: typing and pasting stopped there without a word
  /// (a new user's finding).
  @Test func aFullMessageSaysSo() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 100, rows: 16))
    pressTestGallery([.character("m")], gallery, canvas, time: &time)
    gallery.handle(.paste(String(repeating: "word ", count: 3_000)), at: time)
    pressTestGallery([.character("x")], gallery, canvas, time: &time)
    let status = canvas.plainTextLines().last!
    #expect(status.contains("message: 2,000 characters (the most a message holds)"), "\(status)")
  }
}
