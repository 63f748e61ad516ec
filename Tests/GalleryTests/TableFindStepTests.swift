import Foundation
import GalleryKit
import ReuseControls
import ReuseKit
import Testing

/// `n` and `N` in the table page go from the cursor's row, wherever keys moved it since the
/// last step; the status says "match k of N" only while the cursor is on match k.
@Suite(.serialized) struct TableFindStepTests {
  /// The demo table of 200,000 rows, its jobs on the loop taking a slice of rows a frame (a
  /// find or a filter over it takes many frames), with `keys` and Enter typed in `column`.
  private func slowDemoTable(column: Int, typing keys: String) -> TableModel {
    let model = TableModel(
      content: DemoTable(rows: 200_000), metrics: plainTestMetrics,
      viewportSize: Size(width: 60, height: 12))
    model.register(cell: RecordingTableCell.self, header: RecordingTableHeader.self)
    model.start()
    model.jobSliceDuration = 0
    model.table.focusCell(row: 0, column: column)
    for key in keys.map({ KeyPress(.character($0)) }) + [KeyPress(.enter)] { _ = model.handle(key) }
    return model
  }

  /// A loaded CSV file of 100 rows, "amber" in rows 10, 20, …, 90 (display and source alike:
  /// no sort), "cedar" in the others; the caller removes `path`.
  private func amberTable(_ name: String) throws -> (model: TableModel, path: String) {
    let path = NSTemporaryDirectory() + "reusekit-\(name)-\(getpid()).csv"
    var text = "id,name\n"
    for row in 0..<100 { text += "\(row),\(row % 10 == 0 && row > 0 ? "amber" : "cedar") \(row)\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (try makeLoadedCSVTableModel(path: path).model, path)
  }

  /// `key`, then frames until the jobs it started end. A find runs off the loop: waited for
  /// up to 20 s (a thousand 1 ms naps ran out on a loaded CI machine, running the suite's
  /// tests side by side, before "amber" was found).
  private func settle(_ model: TableModel, _ key: KeyPress.Key, _ modifiers: KeyModifiers) {
    _ = model.handle(KeyPress(key, modifiers: modifiers))
    let deadline = Date().addingTimeInterval(20)
    while model.isWorking && Date() < deadline {
      if !model.poll() { Thread.sleep(forTimeInterval: 0.001) }
    }
  }

  @Test func stepsGoFromTheCursorAndTheStatusFollowsIt() throws {
    let (model, path) = try amberTable("find-step")
    defer { try? FileManager.default.removeItem(atPath: path) }
    func press(_ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
      settle(model, key, modifiers)
    }
    model.table.focusCell(row: 0, column: 1)
    press(.character("/"))
    for character in "amber" { press(.character(character)) }
    press(.enter)
    #expect(model.table.focusedCell?.row == 10)
    #expect(model.status.contains("match 1 of 9"), "\(model.status)")
    // The cursor moved by keys to row 45: the status counts, n goes to row 50, N to row 40.
    model.table.focusCell(row: 45, column: 1)
    #expect(model.status.contains("9 matches") && !model.status.contains("match 1"))
    press(.character("n"))
    #expect(model.table.focusedCell?.row == 50)
    #expect(model.status.contains("match 5 of 9"), "\(model.status)")
    model.table.focusCell(row: 45, column: 1)
    press(.character("N"))
    #expect(model.table.focusedCell?.row == 40)
    // The last row, then n: round to the first match.
    model.table.focusCell(row: 99, column: 1)
    press(.character("n"))
    #expect(model.table.focusedCell?.row == 10)
    press(.character("N"))
    #expect(model.table.focusedCell?.row == 90, "round the start")
  }

  /// An edit, an undo or a redo of a cell in the find's column matches it again: a match
  /// edited away leaves the count and the steps, a cell edited to match joins them in its
  /// place (n stepped onto "Zed" as match 2 of 9: a new user's finding).
  @Test func editsMatchCellsAgain() throws {
    let (model, path) = try amberTable("find-edit")
    defer { try? FileManager.default.removeItem(atPath: path) }
    func press(_ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
      settle(model, key, modifiers)
    }
    func type(_ text: String) { for character in text { press(.character(character)) } }
    model.table.focusCell(row: 0, column: 1)
    press(.character("/"))
    type("amber")
    press(.enter)
    press(.character("n"))
    #expect(model.table.focusedCell?.row == 20)
    #expect(model.status.contains("match 2 of 9"), "\(model.status)")
    // Match 2 edited to "Zed": 8 matches, the cursor on none; n goes on to row 30 (match 2).
    press(.character("e"))
    press(.character("u"), .control)
    type("Zed")
    press(.enter)
    model.table.focusCell(row: 20, column: 1)
    #expect(model.status.contains("8 matches"), "\(model.status)")
    press(.character("n"))
    #expect(model.table.focusedCell?.row == 30)
    #expect(model.status.contains("match 2 of 8"), "\(model.status)")
    // N steps back past row 20 to row 10.
    model.table.focusCell(row: 20, column: 1)
    press(.character("N"))
    #expect(model.table.focusedCell?.row == 10, "not onto the edited cell")
    // Row 25 edited to match: it joins, numbered in its place.
    model.table.focusCell(row: 25, column: 1)
    press(.character("e"))
    press(.character("u"), .control)
    type("Amber too")
    press(.enter)
    model.table.focusCell(row: 24, column: 1)
    press(.character("n"))
    #expect(model.table.focusedCell?.row == 25)
    #expect(model.status.contains("match 2 of 9"), "\(model.status)")
    // Undone: it leaves again.
    press(.character("U"))
    #expect(model.status.contains("8 matches"), "\(model.status)")
  }

  /// `n` pressed while the search cannot yet tell where the next match is says so, and is
  /// taken once it can: the cursor goes there and "still searching" goes (it stayed beside
  /// "match 1 of 2" after the search, and the cursor stayed: a new user's finding).
  @Test func aStepPressedWhileSearchingIsTakenOnceTheSearchKnows() {
    let model = slowDemoTable(column: 0, typing: "//^(5|150,000)$/")
    var frames = 0
    while model.table.focusedCell?.row != 4 && frames < 1_000 {
      _ = model.poll()
      frames += 1
    }
    #expect(model.table.focusedCell?.row == 4, "the first match, found first")
    _ = model.handle(KeyPress(.character("n")))
    #expect(model.status.contains("still searching"), "\(model.status)")
    frames = 0
    while model.isWorking && frames < 100_000 {
      _ = model.poll()
      frames += 1
    }
    #expect(model.table.focusedCell?.row == 149_999, "the step was taken")
    #expect(!model.status.contains("still searching"), "\(model.status)")
    #expect(model.status.contains("match 2 of 2"), "\(model.status)")
  }

  /// A count asked for while a filter still looks says so first on the status line: after
  /// the filter's progress, a 120-column line cut it off, and `F` looked ignored (a new
  /// user's finding).
  @Test func aCountWaitingForTheFilterIsSaidFirst() {
    let model = slowDemoTable(column: 2, typing: "|hanoi")
    // Some rows found, the filter still looking.
    for _ in 0..<10_000 where model.table.numberOfDisplayedRows == 0 { _ = model.poll() }
    _ = model.handle(KeyPress(.character("F")))
    let status = model.status
    let count = status.range(of: "counting the values of City once the filter ends")
    let filter = status.range(of: "“hanoi”")
    #expect(count != nil && filter != nil, "\(status)")
    if let count, let filter { #expect(count.lowerBound < filter.lowerBound, "\(status)") }
    _ = model.handle(KeyPress(.escape))
  }

  /// Where a host asks for it (GTK), the table's prompts say themselves as they open, echo
  /// what is typed and say a cancel (`/` opened in silence, and letters were not echoed: a new
  /// user's finding, in GTK with a screen reader).
  @Test func promptsAreSaidWhereTheHostAsks() throws {
    let path = NSTemporaryDirectory() + "reusekit-find-said-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "id,city\n1,Bern\n2,Zürich\n".write(toFile: path, atomically: true, encoding: .utf8)
    let model = try makeLoadedCSVTableModel(path: path).model
    var said: [String] = []
    model.table.collectionView.accessibilityAnnouncementHandler = { said.append($0) }
    model.table.focusCell(row: 0, column: 1)
    let keys = [KeyPress(.character("/")), KeyPress(.character("Z")), KeyPress(.escape)]
    for key in keys { _ = model.handle(key) }
    #expect(said.isEmpty, "the terminal's screen-reader mode says the status line: \(said)")
    model.announcesPrompts = true
    for key in keys + [KeyPress(.character("|")), KeyPress(.character("ü")), KeyPress(.backspace)] {
      _ = model.handle(key)
    }
    #expect(
      said == [
        "find in city: Enter finds, Esc cancels", "Z", "cancelled",
        "show rows whose city contains: Enter filters, Esc cancels", "ü", "deleted ü",
      ], "\(said)")
  }
}
