import Foundation
import Testing

/// The real `reuse-gallery`, in a real terminal (tmux), driven by keys, mouse bytes, resizes
/// and signals. Each test uses its own tmux server.
@Suite(
  .serialized, .enabled(if: Tmux.isInstalled, "tmux is not installed: the end-to-end tests need it")
)
struct EndToEndTests {
  @Test func keysWheelResizeAndQuitLeaveAUsableShell() throws {
    let tmux = try Tmux.gallery(columns: 100, rows: 30, until: "1 List")
    #expect(tmux.display("#{alternate_on}") == "1", "the gallery uses the alternate screen")
    #expect(!tmux.terminalIsCooked, "raw mode while it runs")

    try tmux.press("Down", "Down", "Space", until: "✓ Cobalt Falcon")
    // Two wheel notches down over the list (SGR: ESC [ < 65 ; column ; row M).
    let wheel = Array("\u{1B}[<65;20;10M".utf8)
    tmux.bytes(wheel)
    tmux.bytes(wheel)
    try tmux.waitFor("Hollow Falcon", notContaining: "Amber Falcon")

    tmux.resize(columns: 72, rows: 20)
    // tmux keeps the old frame's bottom rows (the status line among them) at once when the
    // pane shrinks, so only the tab bar back on the first row says the gallery redrew.
    try tmux.waitUntil("the redrawn frame") { screen in
      screen.split(separator: "\n").first?.contains("1 List") == true
        && screen.contains("│ visible")
    }
    let lines = tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 72 })
    #expect(lines.contains { $0.contains("1 List") }, "the frame was redrawn at the new size")

    try tmux.quit()
    #expect(tmux.display("#{alternate_on}") == "0", "back on the main screen")
    #expect(try tmux.shellSeesCookedTerminal(), "the terminal modes are restored")
  }

  // ILL stands for a crash: a Swift trap raises it (on x86-64), and the same handler runs.
  // What the run wrote to standard error meanwhile (a crash's "Fatal error: …" line, say)
  // shows on the main screen afterwards: written in the alternate screen, it vanished with it.
  @Test(arguments: ["INT", "TERM", "ILL"])
  func aSignalMidAnimationRestoresTheTerminal(_ signal: String) throws {
    let tmux = try Tmux.startShell(columns: 90, rows: 26)
    tmux.type("\(Tmux.galleryPath) --items 1000000")
    try tmux.waitFor("1 List")
    #expect(!tmux.terminalIsCooked)
    // The gallery's standard error, written from outside as its own code would write it.
    let pid =
      try Tmux.execute(["pgrep", "-f", "debug/reuse-gallery --items 1000000"]).output
      .split(separator: "\n").first.map(String.init) ?? ""
    let standardError = FileHandle(forWritingAtPath: "/proc/\(pid)/fd/2")
    #expect(standardError != nil, "the gallery (pid \(pid)) has a standard error")
    // (Throwing calls: a terminal cannot seek, and the old ones trap on that.)
    _ = try? standardError?.seekToEnd()
    try? standardError?.write(
      contentsOf: Data("Fatal error: written in the alternate screen\n".utf8))
    try? standardError?.close()
    // Page Down scrolls with an animation; signal the gallery while it runs.
    tmux.keys("PageDown")
    _ = try Tmux.execute(["pkill", "-\(signal)", "-f", "debug/reuse-gallery --items 1000000"])
    try tmux.waitForPrompt()
    #expect(tmux.display("#{alternate_on}") == "0", "back on the main screen")
    #expect(tmux.capture().contains("Fatal error: written in the alternate screen"))
    #expect(try tmux.shellSeesCookedTerminal(), "the terminal modes are restored")
  }

  /// Bad `--data` files in a real terminal: malformed, truncated, wrongly typed, too
  /// big (a sparse file past the limit) and missing. Each prints an error naming the place,
  /// exits non-zero, and leaves the terminal untouched (never in raw mode or the alternate
  /// screen).
  @Test func badDataFilesExitNonZeroWithTheTerminalUntouched() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("reuse-gallery-data-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(name: String, contents: String?, status: Int, message: String)] = [
      ("malformed.json", "{\"sections\": [\n  {\"title\": \"A\" \"items\": []}\n]}", 65, "line 2"),
      ("truncated.json", "{\"sections\": [{\"title\": \"A\", \"items\": [\"x\"", 65, "line 1"),
      ("types.json", "{\"sections\": [{\"title\": 7, \"items\": []}]}", 65, "title"),
      ("huge.json", nil, 66, "larger than"),
      ("missing.json", "", 66, "missing.json"),
      // A CSV file that cannot be read is no input (66), as a JSON file (issue 41, finding
      // 8); a malformed one is a data error that points at --lenient.
      ("missing.csv", "", 66, "cannot open it"),
      ("short.csv", "a,b,c\n1,2\n", 65, "--lenient reads it"),
    ]
    let tmux = try Tmux.startShell(columns: 120, rows: 30)
    for item in cases {
      let path = directory.appendingPathComponent(item.name).path
      if let contents = item.contents, !item.name.hasPrefix("missing") {
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
      } else if item.name == "huge.json" {
        // 300 MB without writing them: a sparse file, past the 256 MB limit.
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 300 * 1_048_576)
        try handle.close()
      }
      tmux.clear()
      // The quotes split the marker, so the typed command itself never matches it.
      tmux.type("\(Tmux.galleryPath) --data \(path); echo STA''TUS=$?")
      try tmux.waitFor("STATUS=", item.name)
      let screen = tmux.capture()
      #expect(screen.contains("STATUS=\(item.status)"), "\(item.name): \(screen)")
      #expect(screen.contains(item.message), "\(item.name): the error names the place: \(screen)")
      #expect(tmux.display("#{alternate_on}") == "0", "\(item.name): never left the main screen")
      #expect(try tmux.shellSeesCookedTerminal(), "\(item.name): the terminal modes are untouched")
    }
  }

  @Test func suspendAndResume() throws {
    let tmux = try Tmux.startShell(columns: 90, rows: 26)
    tmux.type(Tmux.galleryPath)
    try tmux.waitFor("1 List")
    try tmux.press("C-z", until: "Stopped")
    #expect(tmux.display("#{alternate_on}") == "0", "suspended: main screen")
    #expect(try tmux.shellSeesCookedTerminal(), "suspended: cooked mode")
    tmux.type("fg")
    try tmux.waitFor("1 List")
    #expect(tmux.display("#{alternate_on}") == "1", "resumed: alternate screen again")
    #expect(!tmux.terminalIsCooked, "resumed: raw mode again")
    try tmux.press("Down", "Space", until: "✓ Brisk Falcon", "keys work after resuming")
    tmux.keys("q")
    try tmux.waitForPrompt()
    #expect(try tmux.shellSeesCookedTerminal())
  }

  /// Text another program wrote over the frame (here, straight to the pane's terminal) goes
  /// at Ctrl-L, and at a resize that ends at the size the
  /// gallery last drew (a shrink and a grow during one long frame read as no change, and the
  /// terminal's reflow stayed on screen for good: a new user's finding).
  @Test func ctrlLAndAResizeBackToTheSameSizeRepaintTheWholeScreen() throws {
    let tmux = try Tmux.gallery(columns: 100, rows: 30, "--items 4321", until: "1 List")
    let pid =
      try Tmux.execute(["pgrep", "-f", "^\(Tmux.galleryPath) --items 4321"]).output
      .split(separator: "\n").first.map(String.init) ?? ""
    // The pane's terminal itself (the gallery keeps its standard error in a file while it
    // runs).
    let paneTerminal = tmux.display("#{pane_tty}")
    func damage() throws {
      let terminal = try #require(FileHandle(forWritingAtPath: paneTerminal))
      try? terminal.write(contentsOf: Data("\u{1B}[12;8HDAMAGED-BY-ANOTHER-PROGRAM".utf8))
      try? terminal.close()
      try tmux.waitFor("DAMAGED-BY-ANOTHER-PROGRAM", "the text written over the frame shows")
    }
    try damage()
    tmux.keys("Down")
    Thread.sleep(forTimeInterval: 0.3)
    #expect(
      tmux.capture().contains("DAMAGED-BY-ANOTHER-PROGRAM"),
      "a frame draws only its changes: the damage stays (so the checks below mean something)")
    tmux.keys("C-l")
    try tmux.waitUntil("Ctrl-L repainted") { !$0.contains("DAMAGED-BY-ANOTHER-PROGRAM") }
    #expect(tmux.capture().contains("1 List"))
    try damage()
    _ = try Tmux.execute(["kill", "-WINCH", pid])
    try tmux.waitUntil("a resize to the same size repainted") {
      !$0.contains("DAMAGED-BY-ANOTHER-PROGRAM")
    }
    #expect(tmux.capture().contains("1 List"))
    try tmux.quit()
  }

  /// Interrupted animations, in a real terminal with the invariant checks on (a debug build):
  /// keys faster than the animations, a click that catches a moving row, and the list's focus
  /// under its pinned header.
  @Test func quickKeysAndInterruptingClicksInARealTerminal() throws {
    let tmux = try Tmux.gallery(columns: 100, rows: 30, "--demo picker", until: "colour 1 of 8")
    for _ in 0..<5 {
      tmux.keys("Right")
      Thread.sleep(forTimeInterval: 0.04)
    }
    try tmux.waitFor("colour 6 of 8", "five presses 40 ms apart move five colours")
    // A step, then a click that catches the row mid-slide and lifts where it went down.
    tmux.keys("Right")
    tmux.bytes(Array("\u{1B}[<0;50;15M".utf8))
    tmux.bytes(Array("\u{1B}[<0;50;15m".utf8))
    Thread.sleep(forTimeInterval: 1)
    let settled = tmux.capture()
    Thread.sleep(forTimeInterval: 0.5)
    #expect(tmux.capture() == settled, "it came to rest")
    // The click was a tap too: it chose the swatch under it (and moved there).
    #expect(!settled.contains("chosen: none"), "\(settled)")

    try tmux.press("1", until: "Arrivals")
    try tmux.press("End", until: "#1,000")
    for _ in 0..<41 {
      tmux.keys("Up")
      Thread.sleep(forTimeInterval: 0.01)
    }
    try tmux.waitFor("Wild Kestrel")
    Thread.sleep(forTimeInterval: 0.5)
    let lines = tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)
    let header = lines.firstIndex { $0.contains("Journal") }
    // Under the pinned header, one row of scroll padding between them.
    #expect(header.map { lines[$0 + 2].contains("Wild Kestrel") } ?? false, "\(lines)")
    try tmux.quit()
  }

  /// In a real terminal: a task dragged by its grip to the bottom edge and held there keeps
  /// the list scrolling (the app ticks with no input), Escape puts it back; a swipe left
  /// opens Delete and Done, and a click on Delete deletes.
  @Test func reorderWithAutoscrollAndSwipeActionsInARealTerminal() throws {
    let tmux = try Tmux.gallery(
      columns: 90, rows: 26, "--demo datasource --items 4000", until: "100 tasks")
    tmux.drag(through: [4, 8, 14, 20, 25].map { (1, $0) }, pause: 0.03, releases: false)
    try tmux.waitFor("→ In progress", "held at the edge, the list scrolled on by itself")
    try tmux.press(
      "Escape", until: "drag cancelled: the task is back", notContaining: "moving",
      "Escape puts it back")
    tmux.bytes(Array("\u{1B}[<0;1;25m".utf8))
    Thread.sleep(forTimeInterval: 0.5)
    // The release after it drops nothing: no edit is made.
    let screen = tmux.capture()
    #expect(screen.contains("drag cancelled") && !screen.contains("dragged to"), "\(screen)")
    tmux.keys("Home")
    Thread.sleep(forTimeInterval: 1)  // the scroll to the top ends
    // Swipe the first task left, then click Delete.
    let swipe = [70] + Array(stride(from: 67, through: 52, by: -3))
    tmux.drag(through: swipe.map { ($0, 4) }, pause: 0.02)
    try tmux.waitFor("Delete")
    Thread.sleep(forTimeInterval: 0.5)
    let row = tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)[3]
    let delete = row.range(of: "Delete")!
    let column = row[..<delete.lowerBound].count + 2
    tmux.click(column: column, row: 4)
    try tmux.waitFor("99 tasks · deleted")
    try tmux.quit()
  }

  /// The board in a real terminal: a card dragged to another column lands where the gap
  /// opened; Control-clicks select two cards that travel together; Escape returns a drag; a
  /// drop is forbidden in Done from To do; a card held at the bottom of a column scrolls it
  /// by itself, and the drop lands at a place that was off screen when the drag began.
  @Test func theBoardDragsCardsBetweenColumnsInARealTerminal() throws {
    let tmux = try Tmux.gallery(
      columns: 100, rows: 26, "--demo board --items 1000", until: "Board · 3,000 cards")
    // To do is columns 1-24, Doing 26-49, Review 51-74, Done 76-100; cards from row 4.
    tmux.drag(through: [(10, 6), (10, 8), (35, 9)], pause: 0.05)
    try tmux.waitFor("moved 1 card to Doing", "a card dragged to Doing")
    try tmux.waitFor("To do · 1,199")
    #expect(tmux.capture().contains("Doing · 601"))
    #expect(tmux.capture().contains("#3 Cobalt Falcon"), "it shows in Doing")
    // Control-clicks select #5 and #6 (now rows 7 and 8); a drag of one carries both. A click
    // hits the card drawn under it, so the clicks wait for the column to close the gap (under
    // CI's load they came during the slide and hit #4 and #6, and the drag carried one card).
    try tmux.waitUntil("the gap in To do closed") { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count > 7 && lines[6].contains("#5 Eager Falcon")
        && lines[7].contains("#6 Frosty Falcon")
    }
    for row in [7, 8] {
      tmux.bytes(Array("\u{1B}[<16;10;\(row)M".utf8))
      tmux.bytes(Array("\u{1B}[<16;10;\(row)m".utf8))
    }
    try tmux.waitFor("2 selected")
    tmux.drag(through: [(10, 7), (10, 9), (60, 6)], pause: 0.05)
    try tmux.waitFor("moved 2 cards to Review", "the selection travels together")
    try tmux.waitFor("Review · 452")
    // Escape returns a drag; Done takes no card from To do.
    tmux.drag(through: [(10, 4), (10, 6), (35, 6)], pause: 0.05, releases: false)
    try tmux.waitFor("drop moves 1 card to Doing")
    try tmux.press("Escape", until: "To do · 1,197", notContaining: "drop moves")
    tmux.bytes(Array("\u{1B}[<0;35;6m".utf8))
    tmux.drag(through: [(10, 4), (10, 6), (85, 6)], pause: 0.05, releases: false)
    try tmux.waitFor("Done takes cards only from Review")
    tmux.bytes(Array("\u{1B}[<0;85;6m".utf8))
    Thread.sleep(forTimeInterval: 0.3)
    #expect(tmux.capture().contains("To do · 1,197") && tmux.capture().contains("Done · 750"))
    // Held at the bottom of Doing, the column scrolls; the drop lands far below.
    tmux.drag(through: [(10, 4), (10, 6), (35, 20), (35, 25)], pause: 0.05, releases: false)
    let deadline = Date().addingTimeInterval(10)
    var position = 0
    while Date() < deadline {
      let screen = tmux.capture()
      if let range = screen.range(of: "to Doing, position ") {
        position =
          Int(
            screen[range.upperBound...].prefix { $0.isNumber || $0 == "," }
              .filter(\.isNumber)) ?? 0
        if position > 60 { break }
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(position > 60, "the column scrolled on under the held card")
    tmux.bytes(Array("\u{1B}[<0;35;25m".utf8))
    try tmux.waitFor("Doing · 602")
    try tmux.waitFor("To do · 1,196")
    try tmux.quit()
  }

  /// The store in a real terminal: a sideways drag pages one rail by one app, the page
  /// scrolls away and back with the rail where it was left, and Shift with the wheel scrolls
  /// the rail under the pointer.
  @Test func theStoreRailsScrollOnTheirOwnInARealTerminal() throws {
    let tmux = try Tmux.gallery(
      columns: 100, rows: 30, "--demo store --items 200", until: "App store")
    // The featured carousel fills rows 3-9; "Top free" is titled on row 11, its tiles below.
    // The status names the focused app's place in its rail and the apps in view.
    try tmux.press("Down", until: "· Top free ")
    #expect(tmux.capture().contains(", 1–"), "the rail's first app in view")
    tmux.drag(through: [(60, 13), (55, 13), (45, 13), (35, 13), (30, 13)], pause: 0.03)
    try tmux.waitFor(", 2–", "one app a swipe")
    #expect(!tmux.capture().contains("#1 · Top"), "the first app paged out")
    // Away (the wheel down over the page) and back: the rail is where it was.
    for _ in 0..<6 { tmux.bytes(Array("\u{1B}[<65;50;20M".utf8)) }
    try tmux.waitFor("All apps")
    for _ in 0..<12 { tmux.bytes(Array("\u{1B}[<64;50;20M".utf8)) }
    try tmux.waitFor("FEATURED")
    #expect(!tmux.capture().contains("#1 · Top"), "the rail kept its place")
    #expect(tmux.capture().contains(", 2–"), "the rail kept its place")
    // Shift with the wheel over "New and noteworthy" (titled on row 17) scrolls it alone.
    func newRail() -> String {
      tmux.capture().split(separator: "\n").first { $0.contains(" · New") }.map(String.init) ?? ""
    }
    let before = newRail()
    for _ in 0..<4 { tmux.bytes(Array("\u{1B}[<69;50;19M".utf8)) }
    let deadline = Date().addingTimeInterval(10)
    while newRail() == before && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(newRail() != before, "the free rail scrolled")
    #expect(!tmux.capture().contains("#1 · Top"), "the other rail stayed")
    try tmux.quit()
  }

  /// A CSV file of 2,000,000 rows in a real terminal: the table's first screen shows while the
  /// rest loads, Ctrl-C ends the gallery at once (loading or not) with the terminal restored,
  /// and a second launch left alone counts every row.
  @Test func aLargeCSVFileShowsItsFirstScreenWhileLoadingAndCtrlCEndsAtOnce() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("reuse-gallery-rows-\(getpid()).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let rows = 2_000_000
    #expect(FileManager.default.createFile(atPath: path, contents: Data("Row,Name,Amount\n".utf8)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    var chunk = ""
    for row in 1...rows {
      chunk += "Item \(row),Name \(row % 97),\(row &* 7 % 1_000)\n"
      if row % 100_000 == 0 {
        try handle.write(contentsOf: Data(chunk.utf8))
        chunk = ""
      }
    }
    try handle.close()

    let tmux = try Tmux.gallery(columns: 120, rows: 30, "--data \(path)", until: "Item 1 ")
    let first = tmux.capture()
    #expect(first.contains("Name 1"), "the first row's cells: \(first)")
    // A debug build scans this file in about two seconds: the first screen comes long before.
    #expect(first.contains("loading"), "shown while loading: \(first)")
    try tmux.press("Down", until: "row 2 ·", "keys work while it loads")
    let start = Date()
    try tmux.press("C-c", until: "EXIT=")
    #expect(Date().timeIntervalSince(start) < 2, "Ctrl-C ended it within a moment")
    #expect(tmux.display("#{alternate_on}") == "0", "back on the main screen")
    #expect(try tmux.shellSeesCookedTerminal(), "the terminal modes are restored")

    tmux.clear()
    try tmux.launch("--data \(path)", until: "Item 1 ")
    try tmux.waitFor("2,000,000 rows × 3 columns", notContaining: "loading", "every row counted")
    try tmux.press("C-End", until: "Item 2000000", "the last row")
    try tmux.quit()
  }

  /// A large table sorts without freezing: the status line counts the sort's progress, keys
  /// move the cursor meanwhile, the sorted rows show from the top with the time the sort took;
  /// Escape cancels a sort and Ctrl-C cancels one before it would quit, the order staying.
  @Test func aLargeTableSortsWhileKeysWork() throws {
    let tmux = try Tmux.gallery(
      columns: 120, rows: 30, "--demo table --items 300000", until: "300,000 rows")
    try tmux.press("Right", until: "Name:")
    try tmux.press("s", until: "sorting by Name ↑", "the sort shows its progress")
    try tmux.press("Down", until: "row 2 ·", "keys work while it sorts")
    try tmux.waitFor(
      "sorted by Name ↑ in", notContaining: "sorting", "the sort ends", within: 90)
    let sorted = tmux.capture()
    #expect(sorted.contains("Amber Canyon"), "the top of the new order shows: \(sorted)")
    #expect(
      sorted.contains("(#2) ·"), "the focused row stays focused: \(sorted)")

    try tmux.press("s", until: "sorting by Name ↓")
    try tmux.press("Escape", until: "sorted by Name ↑", notContaining: "sorting", "Esc cancels")
    try tmux.press("s", until: "sorting by Name ↓")
    try tmux.press("C-c", until: "sorted by Name ↑", notContaining: "sorting", "Ctrl-C cancels")
    #expect(
      !tmux.capture().contains("EXIT="), "the first Ctrl-C cancelled the sort, not the gallery")
    try tmux.quit()
  }

  /// A SQLite database in a real terminal: the list of its tables, Enter opens one (its first
  /// screen read a page at a time), `s` sorts by a column without an index off the loop while
  /// keys work, Escape cancels a second sort (the order stays), Backspace goes back to the
  /// list.
  @Test func aSQLiteTableOpensSortsWhileKeysWorkAndCancels() throws {
    let database = try TestDatabase.people(rows: 3_000_000)
    defer { database.remove() }
    let tmux = try Tmux.gallery(columns: 120, rows: 30, "--data \(database.path)", until: "people")
    try tmux.waitFor("3,000,000", "the tables are counted in the background")
    try tmux.press("Enter", until: "Name 7919", "the first page of rows")
    #expect(tmux.capture().contains("3,000,000 rows × 4 columns"))
    try tmux.press("Right", until: "name: Name 7919")
    try tmux.press("s", until: "sorting by name ↑", "the sort runs off the loop")
    try tmux.press("Down", until: "row 2 ·", "keys work while it sorts")
    try tmux.waitFor("sorted by name ↑", notContaining: "sorting", "the sort ends", within: 90)
    try tmux.waitFor("Name 0 ", "the top of the new order, once its page has loaded")
    try tmux.press("s", until: "sorting by name ↓")
    try tmux.press("Escape", until: "sorted by name ↑", notContaining: "sorting", "Esc cancels")
    try tmux.press("BSpace", until: "Kind", notContaining: "Name 0 ", "back to the tables")
    try tmux.quit()
  }

  /// The table page of 20,000 rows in a 140 × 30 terminal, shown.
  private func tablePage() throws -> Tmux {
    try Tmux.gallery(columns: 140, rows: 30, "--demo table --items 20000", until: "20,000 rows")
  }

  /// On the table page's first row: Right to the Name column, `key` until its prompt shows
  /// `prompt`, and `text` typed into it (not yet entered).
  private func tableNamePrompt(
    _ tmux: Tmux, _ key: String, until prompt: String, typing text: String
  ) throws {
    try tmux.press("Right", key, until: prompt)
    tmux.keys("-l", text)
  }

  /// `|` filters the table in a real terminal: the rows whose Name contains the text show
  /// (counted in the title and the status line), keys move among them, a sort keeps the
  /// filter, Escape shows every row again.
  @Test func filterTheTableInARealTerminal() throws {
    let tmux = try tablePage()
    try tableNamePrompt(tmux, "|", until: "show rows whose Name contains: ▏", typing: "cedar")
    try tmux.press("Enter", until: "of 20,000 rows ×", "the rows that match")
    let filtered = tmux.capture()
    let rows = filtered.split(separator: "\n").filter { $0.contains("│") || $0.contains(" ") }
    #expect(filtered.contains("Cedar"), "rows with Cedar show: \(filtered)")
    #expect(!filtered.contains("Falcon "), "no other names: \(filtered)")
    _ = rows
    try tmux.press("Down", until: "row ", "keys move among the rows shown")
    try tmux.press("s", until: "sorted by Name ↑", "a sort while filtered")
    #expect(tmux.capture().contains("of 20,000 rows ×"), "the filter stays")
    try tmux.press("Escape", until: "20,000 rows ×", notContaining: "of 20,000 rows", "Esc: all")
    try tmux.quit()
  }

  /// `/` finds in the table's column in a real terminal: typed text (q included), Enter, the
  /// first match and its count, `n`, and Escape clearing the find.
  @Test func findInTheTableInARealTerminal() throws {
    let tmux = try tablePage()
    try tableNamePrompt(tmux, "/", until: "find in Name: ▏", typing: "quiet")
    try tmux.waitFor("find in Name: quiet▏", "q is text in the prompt")
    try tmux.press("Enter", until: "match 1 of", "the first match")
    #expect(tmux.capture().contains("Name: Quiet"), "the cursor on it")
    try tmux.press("n", until: "match 2 of")
    try tmux.press("Escape", until: "row ", notContaining: "match", "Esc clears the find")
    try tmux.quit()
  }

  /// A `--restore` file that is there but is not a positions file (damaged, or another file
  /// named by mistake, over a megabyte) is said at start and left as it is: the run keeps no
  /// positions (new users' findings: a damaged file was replaced on exit, and a 14 MB CSV
  /// named by mistake was replaced silently). A file that is not there is the first run.
  @Test func aRestoreFileThatIsNotPositionsIsLeftAsItIs() throws {
    let path = NSTemporaryDirectory() + "reuse-restore-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let damaged = "{\"page\": \"list\", \"positions\": {\"list\": [1, 2"
    let large = String(repeating: "id,name,note\n", count: 100_000)
    for (contents, said) in [(damaged, "line 1"), (large, "larger than 1 MB")] {
      try contents.write(toFile: path, atomically: true, encoding: .utf8)
      let tmux = try Tmux.gallery(
        columns: 200, rows: 30, "--restore \(path)", until: "left as it is, positions not kept")
      #expect(tmux.capture().contains(said), "\(tmux.capture())")
      try tmux.quit()
      #expect(try String(contentsOfFile: path, encoding: .utf8) == contents, "untouched")
    }
    // Not there: the first run, whose positions are kept on exit.
    try FileManager.default.removeItem(atPath: path)
    let tmux = try Tmux.gallery(columns: 120, rows: 30, "--restore \(path)", until: "1 List")
    try tmux.quit()
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"page\""))
  }

  /// `--demo` names the page to open, over the page a `--restore` file kept (`--demo chat`
  /// opened the settings page the file named: a new user's finding); without it, the file's
  /// page opens.
  @Test func aPageNamedOnTheCommandLineWinsOverTheRestoredOne() throws {
    let path = NSTemporaryDirectory() + "reuse-restore-page-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let saved = #"{"page": "settings", "positions": {}}"#
    try saved.write(toFile: path, atomically: true, encoding: .utf8)
    var tmux = try Tmux.gallery(
      columns: 120, rows: 30, "--demo chat --restore \(path)", until: "older history loads")
    try tmux.quit()
    // The run wrote its own page, chat, on exit: the file names settings again.
    try saved.write(toFile: path, atomically: true, encoding: .utf8)
    tmux = try Tmux.gallery(
      columns: 120, rows: 30, "--restore \(path)", until: "Space or Enter flips a switch")
    try tmux.quit()
  }

  /// Ten million categories open at once, and Ctrl-C ends the gallery within a moment.
  @Test func tenMillionCategoriesOpenAndCtrlCEndsAtOnce() throws {
    let tmux = try Tmux.gallery(
      columns: 100, rows: 30, "--demo optionbar --items 10000000", until: "10,000,000 categories")
    try tmux.press("End", until: "selected Topic 10,000,000")
    let start = Date()
    try tmux.press("C-c", until: "EXIT=")
    #expect(Date().timeIntervalSince(start) < 2, "Ctrl-C ended it within a moment")
    #expect(try tmux.shellSeesCookedTerminal(), "the terminal modes are restored")
  }
}

/// A private tmux server running a shell, for one test: killed when the test lets go of it
/// (so that a test that fails or throws leaves no server behind, with no `defer` of its own).
final class Tmux {
  let socket: String
  let session = "t"

  init(socket: String) { self.socket = socket }

  deinit { kill() }

  static var isInstalled: Bool {
    (try? Tmux.execute(["tmux", "-V"]))?.status == 0
  }

  /// The gallery binary, built beside the test bundle.
  static var galleryPath: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("reuse-gallery").path
  }

  static func startShell(columns: Int, rows: Int) throws -> Tmux {
    #expect(
      FileManager.default.isExecutableFile(atPath: galleryPath),
      "reuse-gallery is built at \(galleryPath)")
    let tmux = Tmux(socket: "reuse-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    // The server outlives this command and would hold a captured pipe open: no capture.
    _ = try Tmux.execute(
      [
        "tmux", "-L", tmux.socket, "new-session", "-d", "-s", tmux.session, "-x", "\(columns)",
        "-y", "\(rows)", "env PS1='$ ' TERM=xterm-256color bash --norc --noprofile",
      ], capturing: false)
    try tmux.waitForPrompt()
    return tmux
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let result = try Tmux.execute(["tmux", "-L", socket] + arguments)
    return result.output
  }

  func type(_ command: String) {
    _ = try? run(["send-keys", "-t", session, "-l", command]); keys("Enter")
  }
  func keys(_ names: String...) { _ = try? run(["send-keys", "-t", session] + names) }
  /// Presses the keys `names`, then waits until the screen shows `text` (and not `absent`).
  func press(
    _ names: String..., until text: String, notContaining absent: String? = nil,
    _ comment: String = ""
  ) throws {
    _ = try? run(["send-keys", "-t", session] + names)
    try waitFor(text, notContaining: absent, comment)
  }
  func bytes(_ bytes: [UInt8]) {
    _ = try? run(["send-keys", "-t", session, "-H"] + bytes.map { String(format: "%02x", $0) })
  }
  /// A shell at `columns` × `rows` running the gallery with `arguments`, once `text` shows.
  /// (The server is killed when the caller lets go of it.)
  static func gallery(
    columns: Int, rows: Int, _ arguments: String = "", until text: String
  ) throws -> Tmux {
    let tmux = try startShell(columns: columns, rows: rows)
    try tmux.launch(arguments, until: text)
    return tmux
  }

  /// Quits the gallery with `q` and waits for its exit status, 0.
  func quit() throws {
    keys("q")
    try waitFor("EXIT=0")
  }

  /// Starts the gallery with `arguments` (then `echo EXIT=$?`, to read its exit status) and
  /// waits until `text` shows.
  func launch(_ arguments: String = "", until text: String) throws {
    type("\(Tmux.galleryPath)\(arguments.isEmpty ? "" : " " + arguments); echo EXIT=$?")
    try waitFor(text)
  }

  /// A press and a release of the primary button at a cell (1-based, as SGR reports).
  func click(column: Int, row: Int) {
    bytes(Array("\u{1B}[<0;\(column);\(row)M".utf8))
    bytes(Array("\u{1B}[<0;\(column);\(row)m".utf8))
  }

  /// A press at the first cell (1-based, as SGR reports), a drag through the others with
  /// `pause` seconds between, and a release at the last unless `releases` is false.
  func drag(through cells: [(column: Int, row: Int)], pause: Double, releases: Bool = true) {
    bytes(Array("\u{1B}[<0;\(cells[0].column);\(cells[0].row)M".utf8))
    for cell in cells.dropFirst() {
      bytes(Array("\u{1B}[<32;\(cell.column);\(cell.row)M".utf8))
      Thread.sleep(forTimeInterval: pause)
    }
    if releases, let last = cells.last {
      bytes(Array("\u{1B}[<0;\(last.column);\(last.row)m".utf8))
    }
  }
  func resize(columns: Int, rows: Int) {
    _ = try? run(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
  }
  func capture() -> String { (try? run(["capture-pane", "-t", session, "-p"])) ?? "" }
  func display(_ format: String) -> String {
    ((try? run(["display-message", "-t", session, "-p", format])) ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines)
  }
  func kill() { _ = try? run(["kill-server"]) }

  /// Whether a command run at the prompt finds the terminal in canonical mode with echo (asked
  /// from inside: at an idle prompt, readline itself turns canonical mode off).
  func shellSeesCookedTerminal() throws -> Bool {
    clear()
    // The quotes split the markers, so the typed command itself never matches them.
    type(
      "if stty -a | grep -q ' icanon ' && stty -a | grep -q ' echo '; then echo TTY-CO''OKED; else echo TTY-R''AW; fi"
    )
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      let screen = capture()
      if screen.contains("TTY-COOKED") { return true }
      if screen.contains("TTY-RAW") { return false }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TimedOut()
  }

  func clear() {
    _ = try? run(["send-keys", "-t", session, "-l", "clear"]); keys("Enter");
    Thread.sleep(forTimeInterval: 0.2)
  }

  /// Whether the pane's terminal is in canonical (cooked) mode, read from outside (meaningful
  /// while a program, not the shell, is in the foreground).
  var terminalIsCooked: Bool {
    let tty = display("#{pane_tty}")
    guard let output = try? Tmux.execute(["stty", "-a", "-F", tty]).output else { return false }
    return output.contains(" icanon") && output.contains(" echo ")
  }

  /// Waits until the screen satisfies `condition` (15 s at most).
  func waitUntil(_ what: String, _ condition: (String) -> Bool) throws {
    let deadline = Date().addingTimeInterval(15)
    var screen = ""
    while Date() < deadline {
      screen = capture()
      if condition(screen) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("timed out waiting for \(what); the screen shows:\n\(screen)")
    throw TimedOut()
  }

  /// Waits (up to `seconds`, 15 by default) until the screen shows `text` (and not `absent`).
  /// A long job in a debug build on a loaded machine (CI runs suites side by side) gets more.
  func waitFor(
    _ text: String, notContaining absent: String? = nil, _ comment: String = "",
    within seconds: Double = 15
  ) throws {
    let deadline = Date().addingTimeInterval(seconds)
    var screen = ""
    while Date() < deadline {
      screen = capture()
      if screen.contains(text) && !(absent.map { screen.contains($0) } ?? false) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("timed out waiting for \"\(text)\" \(comment); the screen shows:\n\(screen)")
    throw TimedOut()
  }

  /// Waits until the last non-empty line is the shell's prompt.
  func waitForPrompt() throws {
    let deadline = Date().addingTimeInterval(15)
    var screen = ""
    while Date() < deadline {
      screen = capture()
      let last = screen.split(separator: "\n").last {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty
      }
      if last.map({ $0.trimmingCharacters(in: .whitespaces) == "$" }) ?? false { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("timed out waiting for the prompt; the screen shows:\n\(screen)")
    throw TimedOut()
  }

  struct TimedOut: Error {}

  /// Runs a command with posix_spawn and waitpid (Foundation's Process can fail to reap a
  /// child that forks a daemon, and then waits for ever).
  static func execute(
    _ arguments: [String], capturing: Bool = true
  ) throws -> (status: Int32, output: String) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw SpawnFailed() }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if capturing {
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    // The test runs on a thread pool whose signal mask blocks signals: give the child an empty
    // mask and default dispositions, as a shell would.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
    close(fds[1])
    defer { close(fds[0]) }
    guard spawned == 0 else { throw SpawnFailed() }
    var output: [UInt8] = []
    if capturing {
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(fds[0], &chunk, chunk.count)
        if count <= 0 { break }
        output.append(contentsOf: chunk[0..<count])
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ((status >> 8) & 0xFF, String(decoding: output, as: UTF8.self))
  }

  struct SpawnFailed: Error {}
}
