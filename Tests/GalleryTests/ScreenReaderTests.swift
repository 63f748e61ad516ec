import Foundation
import Testing

/// `reuse-gallery --screen-reader` in a real terminal (tmux), read as a screen reader that
/// reads lines would: no alternate screen, no frames, one plain line per focus change or
/// announcement, on every page; and `--show-cursor`, whose cursor sits on the focused row.
@Suite(
  .serialized, .enabled(if: Tmux.isInstalled, "tmux is not installed: the end-to-end tests need it")
)
struct ScreenReaderTests {
  /// The lines written so far, without the shell's.
  private func lines(_ tmux: Tmux) -> [String] {
    tmux.capture().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("$") }
  }

  /// The gallery with `--screen-reader` and `arguments`, 120 columns by `rows`, once `text`
  /// shows.
  private func screenReader(
    _ arguments: String = "", rows: Int, until text: String
  ) throws -> Tmux {
    try Tmux.gallery(
      columns: 120, rows: rows,
      arguments.isEmpty ? "--screen-reader" : "--screen-reader \(arguments)", until: text)
  }

  @Test func everyPageSpeaksItsFocusAsLines() throws {
    let tmux = try screenReader("--items 1000000", rows: 60, until: "Amber Falcon, 1 of 1,000,000")
    #expect(tmux.display("#{alternate_on}") == "0", "the main screen: nothing is drawn")
    #expect(lines(tmux).contains("Page 1 of 12: List"))
    // Keys as usual; each focus change is one line with the position and the state.
    try tmux.press("Down", until: "Brisk Falcon, 2 of 1,000,000")
    try tmux.press("Space", until: "Brisk Falcon, 2 of 1,000,000, selected")
    try tmux.press("End", until: ", 1,000,000 of 1,000,000")
    // Every page opens with its title and what has its focus.
    let pages: [(key: String, title: String, spoken: String)] = [
      ("2", "Option bar", " of "),
      ("3", "Picker", "row 1 of 6, column 1 of 8"),
      ("4", "Data source", "1 of "),
      ("5", "Waterfall", "likes"),
      ("6", "Carousel", "1 of "),
      ("7", "Outline", "level 1"),
      ("8", "Chat", "the chat, newest message last"),
      ("9", "Table", "column 2 of 50"),
      ("0", "Board", "in To do, 2 of 12,000"),
    ]
    for page in pages {
      let number = page.key == "0" ? "10" : page.key
      try tmux.press(page.key, until: "Page \(number) of 12: \(page.title)")
      // Move the focus where the page has one: the next line says where it went.
      tmux.keys(["2", "3", "6", "9"].contains(page.key) ? "Right" : "Down")
      Thread.sleep(forTimeInterval: 0.3)
      let after = lines(tmux)
      let start = after.lastIndex { $0.hasPrefix("Page \(number) of 12") } ?? 0
      let spoken = after[start...].joined(separator: "\n")
      #expect(spoken.contains(page.spoken), "page \(page.title) said:\n\(spoken)")
    }
    // The picker: a move across says the new column; the outline: expanding says so.
    try tmux.press("7", until: "Page 7 of 12: Outline")
    try tmux.press("Home", "Right", until: "expanded")
    // ? lists the keys as lines; any key closes it.
    try tmux.press("?", until: "Keys for Outline:")
    #expect(lines(tmux).contains { $0.hasPrefix("q Ctrl-C: quit") })
    // An arrow closes it too (it scrolled lines already said, silently: a new user's
    // finding), and the focused row is said again.
    let said = lines(tmux).count
    tmux.keys("Down")
    try tmux.waitUntil("the focus said after the list") { _ in
      lines(tmux).count > said && lines(tmux).last?.contains("level ") == true
    }
    try tmux.press("?", until: "Keys for Outline:")
    tmux.keys("Escape")
    // A lone Escape is told from the start of a sequence by a pause: wait it out.
    Thread.sleep(forTimeInterval: 0.3)
    try tmux.quit()
    #expect(try tmux.shellSeesCookedTerminal(), "the terminal modes are restored")
  }

  /// A find is heard: the prompt once when it opens (not again for each key typed), then
  /// where each step lands ("match 2 of 5") and the row.
  @Test func aFindIsHeard() throws {
    let tmux = try screenReader("--demo outline", rows: 40, until: "Page 7 of 12: Outline")
    try tmux.press("Right", until: "Northlands, 6 countries, level 1, 1 of 8, expanded")
    try tmux.press("Down", until: "Lunar Nectar Republic, 5 cities, level 2, 1 of 6, collapsed")
    try tmux.press("Right", until: "Lunar Nectar Republic, 5 cities, level 2, 1 of 6, expanded")
    try tmux.press("/", until: "find in the shown names:")
    #expect(!tmux.capture().contains("▏"), "the caret's glyph is not said")
    tmux.keys("c", "i", "t")
    try tmux.press("y", "Enter", until: "match 1 of 5")
    try tmux.press("n", until: "match 2 of 5")
    #expect(lines(tmux).contains("Tidal Pebble City, 4 districts, level 3, 2 of 5, collapsed"))
    #expect(
      lines(tmux).filter { $0.hasPrefix("find in the shown names") }.count == 1,
      "the prompt is said once: \(lines(tmux))")
    try tmux.press("Escape", "q", until: "$")
  }

  /// After a sort moves the focused row off screen, its line still says the cell's text and
  /// column, not only where it went (a new user's finding: "row 88,598 of 300,000, column 2
  /// of 50"); sorting again is said too.
  @Test func theFocusedCellIsSaidWhenASortMovesItsRowAway() throws {
    let tmux = try screenReader(
      "--demo table --items 20000", rows: 60, until: "row 1 of 20,000, column 1 of 50")
    try tmux.press("Right", until: ", Name, row 1 of 20,000, column 2 of 50")
    try tmux.press("Down", "Down", until: ", Name, row 3 of 20,000, column 2 of 50")
    let focused = try #require(
      lines(tmux).last { $0.hasSuffix(", Name, row 3 of 20,000, column 2 of 50") })
    let name = String(focused.prefix { $0 != "," })
    try tmux.press("s", until: "sorted by Name, ascending")
    try tmux.waitUntil("the focused cell said after the sort") { screen in
      screen.contains("\(name), Name, row ") && !screen.hasSuffix("row 3 of 20,000")
    }
    let after = lines(tmux)
    let sorted = try #require(after.lastIndex(of: "sorted by Name, ascending"))
    #expect(
      after[sorted...].contains {
        $0.hasPrefix("\(name), Name, row ") && !$0.contains("row 3 of 20,000")
      }, "the row's text and column after the sort: \(after[sorted...])")
    try tmux.press("s", until: "sorted by Name, descending")
    try tmux.quit()
  }

  @Test func announcementsAreLines() throws {
    let tmux = try screenReader("--demo datasource", rows: 40, until: "Page 4 of 12")
    // An edit is said by what the page did (its own words, once: not also the batch's "1 item
    // added"), then the row the focus is on.
    // Each names its task ("added Ship Lunar Harbor").
    for (key, said) in [
      ("a", "added "), ("d", "deleted "), ("m", " to In progress"), ("U", "undid the move of "),
    ] {
      try tmux.press(key, until: said)
    }
    #expect(!lines(tmux).contains { $0.hasPrefix("1 item") }, "\(lines(tmux))")
    try tmux.press("6", until: "Page 6 of 12: Carousel")
    try tmux.quit()
  }

  /// What a new user found silent or unclear (issue 41, finding 14): Enter that expands a
  /// row, Tab into the tag strip, a board card's column, Enter on a store app.
  @Test func expandingTheStripTheBoardsColumnAndOpeningAnAppAreSaid() throws {
    let tmux = try screenReader(rows: 60, until: "Amber Falcon, 1 of 1,000")
    try tmux.press("Enter", until: "expanded: row 1 of ")
    // The row's facts, not the hint drawn for the eye (a new user's finding).
    #expect(lines(tmux).last == "expanded: row 1 of Arrivals, items 1–50, item 1 of 1,000")
    try tmux.press("Enter", until: "collapsed")
    try tmux.press("Tab", until: "in the tag strip, 1 of ")
    try tmux.press("0", until: "Page 10 of 12: Board")
    try tmux.press("Right", until: ", in Doing, 1 of ")
    try tmux.press("]", until: "Page 11 of 12: Store")
    try tmux.press("Enter", until: "opened ")
    #expect(!lines(tmux).last!.contains("selected"), "\(lines(tmux).suffix(3))")
    // The declared settings page: a switch's state is said as it flips, once (a new user's
    // finding: an announcement and the row's new value said it twice).
    try tmux.press("]", until: "Page 12 of 12: Settings")
    try tmux.waitFor("Wi-Fi, Home, on, 1 of 1,006, in Connections", "the first heading said")
    try tmux.press("Down", until: "Bluetooth, off, 2 of")
    try tmux.press("Space", until: "Bluetooth, on, 2 of")
    Thread.sleep(forTimeInterval: 0.3)
    let flipped = lines(tmux).drop { !$0.hasPrefix("Bluetooth, off") }.dropFirst()
    #expect(Array(flipped) == ["Bluetooth, on, 2 of 1,006"], "\(flipped)")
    try tmux.quit()
  }

  /// The keys the Orca session presses on the GTK list and outline (issue 45), in the
  /// terminal: each move is one line, of the right item, with selection and expansion said.
  @Test func eachMoveIsOneLineOfTheRightItem() throws {
    let tmux = try screenReader("--items 1000000", rows: 60, until: "Amber Falcon, 1 of 1,000,000")
    func expect(_ key: String, _ said: [String]) throws {
      let before = lines(tmux).count
      tmux.keys(key)
      try tmux.waitFor(said.last!, "after \(key)")
      Thread.sleep(forTimeInterval: 0.3)  // anything more it says would come now
      let heard = Array(lines(tmux).dropFirst(before))
      #expect(heard == said, "after \(key)")
    }
    try expect("Down", ["Brisk Falcon, 2 of 1,000,000"])
    try expect("Down", ["Cobalt Falcon, 3 of 1,000,000"])
    try expect("Down", ["Dusky Falcon, 4 of 1,000,000"])
    // Entering another section says its heading (it was never said: a new user's finding).
    try expect(
      "End", ["Pale Meadow, 1,000,000 of 1,000,000, in Journal, items 999,951–1,000,000"])
    try expect("Up", ["Opal Meadow, 999,999 of 1,000,000"])
    try expect("Home", ["Amber Falcon, 1 of 1,000,000, in Arrivals, items 1–50"])
    try expect("PageDown", ["Frosty Meadow, 54 of 1,000,000, in Backlog, items 51–100"])
    try expect("Space", ["Frosty Meadow, 54 of 1,000,000, selected"])
    try expect("Tab", ["red, in the tag strip, 1 of 33"])
    try expect("BTab", ["Frosty Meadow, 54 of 1,000,000, selected"])
    // A deselection is said as such (the line only lost its last word: a new user's finding).
    try expect("Space", ["Frosty Meadow, 54 of 1,000,000, not selected"])
    try expect("Down", ["Gilded Meadow, 55 of 1,000,000"])
    // The outline: expanding and collapsing are said, and the moves between levels.
    try expect(
      "7", ["Page 7 of 12: Outline", "Northlands, 6 countries, level 1, 1 of 8, collapsed"])
    try expect("Right", ["Northlands, 6 countries, level 1, 1 of 8, expanded"])
    try expect("Down", ["Lunar Nectar Republic, 5 cities, level 2, 1 of 6, collapsed"])
    try expect("Left", ["Northlands, 6 countries, level 1, 1 of 8, expanded"])
    try tmux.quit()
  }

  @Test func theCursorSitsOnTheFocusedRow() throws {
    let tmux = try Tmux.gallery(columns: 100, rows: 30, "--show-cursor", until: "1 List")
    try tmux.press("Down", "Down", until: "Cobalt Falcon │")
    Thread.sleep(forTimeInterval: 0.3)
    #expect(tmux.display("#{cursor_flag}") == "1", "the cursor shows")
    let row = Int(tmux.display("#{cursor_y}")) ?? -1
    let screen = tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      row >= 0 && row < screen.count && screen[row].contains("Cobalt Falcon"),
      "the cursor is on row \(row): \(row >= 0 && row < screen.count ? String(screen[row]) : "")")
    try tmux.quit()
  }
}
