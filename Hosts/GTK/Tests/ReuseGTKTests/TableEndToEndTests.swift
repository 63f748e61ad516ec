import Foundation
import XCTest

/// The GTK gallery's table page as a user drives it (see ``EndToEndCase``): files of each
/// kind, sorts, moves, find, filter, edits and frequencies.
final class TableEndToEndTests: EndToEndCase {
  /// `--data FILE.csv` opens the table page on the file through GalleryKit's CSV reader, as
  /// the terminal gallery does: its rows stream in, sort, and a missing file exits 66.
  func testACSVFileOpensInTheTablePage() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-rows-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: file) }
    var text = "Item,Name,Amount\n"
    for row in 1...5_000 { text += "Item \(row),Name \(row % 97),\(row &* 7 % 1_000)\n" }
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let gallery = try Gallery(page: "table", arguments: ["--data", file])
    try gallery.waitFor("the file's rows", timeout: 15) {
      $0.contains("5,000 rows × 3 columns · row 1 · Item: Item 1")
    }
    // The focused cell stays on its row (Item 1, whose amount is 7).
    try gallery.press("Right", "Right", "s", until: "a sort by the file's numbers") {
      $0.contains("sorted by Amount ↑") && $0.contains("(#1) · Amount: 7")
    }
    let missing = Process()
    missing.executableURL = gallery.process.executableURL
    missing.arguments = ["--data", file + ".missing.csv"]
    missing.standardError = Pipe()
    try missing.run()
    missing.waitUntilExit()
    XCTAssertEqual(missing.terminationStatus, 66, "EX_NOINPUT")
  }

  /// `--data FILE.sqlite` (any name: known by its header) opens the table page on the list of
  /// the database's tables, through GalleryKit's SQLite reader as in the terminal: Enter opens
  /// one, read a page at a time, `s` sorts it in the database, Backspace goes back.
  func testASQLiteFileOpensItsTablesInTheTablePage() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-\(getpid()).db"
    defer { try? FileManager.default.removeItem(atPath: file) }
    // Debian's Python writes it (its sqlite3 module): the test needs no SQLite binding.
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    python.arguments = [
      "-c",
      """
      import sqlite3, sys
      c = sqlite3.connect(sys.argv[1])
      c.execute("create table people(id integer primary key, name text, amount real)")
      c.executemany("insert into people values (?, ?, ?)",
        ((i, "Name %d" % (i * 7919 % 10007), i % 97) for i in range(1, 20001)))
      c.execute("create table tags(tag text primary key) without rowid")
      c.commit()
      """,
      file,
    ]
    try python.run()
    python.waitUntilExit()
    XCTAssertEqual(python.terminationStatus, 0)
    let gallery = try Gallery(page: "table", arguments: ["--data", file])
    try gallery.waitFor("the database's tables", timeout: 15) {
      $0.contains("2 tables in ") && $0.contains(" · row 1 · Table: people")
    }
    try gallery.press("Return", until: "the table's first page", timeout: 15) {
      $0.contains("20,000 rows × 3 columns · row 1 · id: 1")
    }
    // The top of the new order shows; the cursor stays on its row (id 1), found where the
    // sort put it, off screen.
    try gallery.press("Right", "s", until: "a sort in the database", timeout: 15) {
      $0.contains("sorted by name ↑") && $0.contains("1:Name 0|")
        && $0.contains("cursor off screen (an arrow moves on from it)") && !$0.contains("row 1 ·")
    }
    // Down brings it into view: the row after id 1 ("Name 7919"), whose name ties with it.
    try gallery.press("Down", until: "the cursor's row brought into view", timeout: 15) {
      $0.contains("· name: Name 7919 ·") && !$0.contains("off screen")
    }
    try gallery.press("BackSpace", until: "back to the tables") { $0.contains("2 tables in ") }
  }

  /// `--data FILE.json` holding an array of records opens the table page on them, through
  /// GalleryKit's reader as in the terminal; a record missing a key is refused with its line.
  func testJSONRecordsOpenInTheTablePage() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-records-\(getpid()).json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(#"[{"name": "Ada", "age": 36}, {"name": "Grace", "age": 7}]"#.utf8)
      .write(to: URL(fileURLWithPath: file))
    let gallery = try Gallery(page: "table", arguments: ["--data", file])
    try gallery.waitFor("the records", timeout: 15) {
      $0.contains("2 rows × 2 columns · row 1 · name: Ada")
    }
    try Data((#"[{"name": "Ada", "age": 36},"# + "\n" + #" {"name": "Grace"}]"#).utf8)
      .write(to: URL(fileURLWithPath: file))
    let (status, message) = try Self.refusal(of: gallery, ["--data", file])
    XCTAssertEqual(status, 65)
    XCTAssertTrue(message.contains("line 2") && message.contains("no \"age\""), message)
  }

  /// The table page as a user drives it: arrows move the cell cursor, clicks on a header sort
  /// by its column (ascending, then descending) with the focused row kept, and the wheel with
  /// Shift scrolls sideways while the frozen first column stays.
  func testTheTablePageMovesSortsAndScrollsSideways() throws {
    let gallery = try tablePage(items: 1_000, rows: "1,000")
    // Waits for the Right too: the keys may arrive in two frames, and a cell read between
    // them would be the first column's.
    try gallery.press("Down", "Down", "Right", until: "the cursor two rows down, in Name") {
      $0.contains("· row 3 · Name:")
    }
    // The focused cell's text, as the status line names it ("· row 3 · Name: Hollow Comet").
    let focused = Self.focusedCell(gallery.status)
    XCTAssertFalse(focused.isEmpty, gallery.status)
    // Tabs 36 px, then the header row (30): the frozen first column's header.
    try xdotool("mousemove", "20", "\(36 + 15)")
    try xdotool("click", "1")
    try gallery.waitFor("a sort") { $0.contains("sorted by") && $0.contains("↑") }
    XCTAssertEqual(Self.focusedCell(gallery.status), focused, "the focused cell stays")
    Thread.sleep(forTimeInterval: 0.3)  // not a double click
    try xdotool("click", "1")
    try gallery.waitFor("the sort reversed") { $0.contains("sorted by") && $0.contains("↓") }
    XCTAssertEqual(Self.focusedCell(gallery.status), focused, "the focused cell stays")
    XCTAssertEqual(gallery.offset.x, 0, gallery.status)
    try gallery.settle()
    let y = gallery.offset.y
    try xdotool("mousemove", "400", "400")
    try xdotool("keydown", "shift", "click", "5", "click", "5", "keyup", "shift")
    try gallery.waitFor("a sideways scroll") { _ in gallery.offset.x > 0 }
    XCTAssertEqual(gallery.offset.y, y, "the wheel with Shift moves across only: \(gallery.status)")
  }

  /// `h` and `}` keep the keyboard focus on a cell (it went through the table itself, whose
  /// name said the old column count), say what they did, and the cell's column is told anew
  /// ("column 2 of 6" stayed after its column moved: a new user's finding over AT-SPI).
  func testColumnKeysKeepTheFocusOnACellAndSayWhatTheyDid() throws {
    let gallery = try tablePage(items: 1_000, rows: "1,000")
    try gallery.press("Right", until: "the cursor in Name") { $0.contains("· row 1 · Name:") }
    try gallery.press("h", until: "the column hidden") {
      $0.contains("keyboardOnRow=true")
        && $0.contains("described=[hid Name (u shows every column), ")
    }
    let columns = { (status: String) -> String? in
      status.range(of: #"column \d+ of \d+\]"#, options: .regularExpression).map {
        String(status[$0])
      }
    }
    let before = columns(gallery.status)
    try gallery.press("braceright", until: "the column moved") {
      $0.contains("described=[moved ") && columns($0) != before
    }
    XCTAssertTrue(gallery.status.contains("keyboardOnRow=true"), gallery.status)
  }

  /// A large table sorts while GTK keeps drawing: the status line counts the sort's progress,
  /// the rows show sorted from the top with the focused cell kept, and Escape cancels a sort.
  func testALargeTableSortsWithoutHoldingTheWindow() throws {
    let gallery = try tablePage(items: 300_000, rows: "300,000", timeout: 15)
    try gallery.press("Down", "Right", until: "the cursor on a name") {
      $0.contains("· row 2 · Name:")
    }
    let focused = Self.focusedCell(gallery.status)
    try gallery.press("s", until: "the sort's progress") { $0.contains("sorting by Name ↑") }
    try gallery.waitFor("the sorted rows", timeout: 30) {
      $0.contains("sorted by Name ↑") && !$0.contains("sorting")
    }
    XCTAssertEqual(Self.focusedCell(gallery.status), focused, "the focused cell stays")
    XCTAssertEqual(gallery.offset.y, 0, "the top of the new order: \(gallery.status)")
    try gallery.press("s", until: "a second sort") { $0.contains("sorting by Name ↓") }
    try gallery.press("Escape", until: "the sort cancelled") {
      $0.contains("sorted by Name ↑") && !$0.contains("sorting")
    }
  }

  /// `/` finds in the table's focused column as in the terminal: the prompt takes every key
  /// (q does not quit, digits do not switch pages), Enter goes to the first match, n to the
  /// next, Escape clears the find.
  func testFindInTheTablePage() throws {
    let gallery = try tablePage(items: 5_000, rows: "5,000")
    try gallery.press("Right", "slash", until: "the prompt") { $0.contains("find in Name: ▏") }
    try xdotool("type", "q1amber")
    try gallery.waitFor("the typed text") { $0.contains("find in Name: q1amber▏") }
    try xdotool(
      "key", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace",
      "BackSpace")
    try gallery.enter("amber", until: "the first match") {
      $0.contains("match 1 of") && $0.contains("Name: Amber")
    }
    try gallery.press("n", until: "the next match") { $0.contains("match 2 of") }
    // As in GTK's search bars: Return steps on, Shift-Return back.
    try gallery.press("Return", until: "Return: the next") { $0.contains("match 3 of") }
    try gallery.press("shift+Return", until: "Shift-Return: back") { $0.contains("match 2 of") }
    try gallery.press("Escape", until: "the find cleared") {
      !$0.contains("match") && $0.contains("row ")
    }
  }

  /// `:` goes to a row by its number or to a column by its name; `&` selects the rows whose
  /// cell in the column has a text, as in the terminal.
  func testJumpAndSelectByTextInTheTablePage() throws {
    let gallery = try tablePage(items: 5_000, rows: "5,000")
    try gallery.press("colon", until: "the prompt") { $0.contains("go to row or column: ▏") }
    try gallery.enter("4321", until: "row 4,321") { $0.contains("· row 4,321 ·") }
    try xdotool("key", "colon")
    try gallery.enter("city", until: "the City column") {
      $0.contains("· row 4,321 ·") && $0.contains("City: ")
    }
    try gallery.press("ampersand", until: "the select prompt") {
      $0.contains("select rows whose City contains: ▏")
    }
    try gallery.enter("bergen", until: "the rows selected") { $0.contains("rows selected") }
  }

  /// The quit warning says "Ctrl-S saves" on every page: on the list page, Ctrl-S saves the
  /// table's edits, and the list page's status says when they are saved (it did nothing off
  /// the table page, and q q lost the edits: a new user's finding).
  func testCtrlSOnAnotherPageSavesTheTablesEdits() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-elsewhere-\(UUID().uuidString).csv"
    defer {
      for suffix in ["", ".bak"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }
    try "id,name\n0,Ada\n1,Alan\n".write(toFile: file, atomically: true, encoding: .utf8)
    let gallery = try Gallery(page: "table", arguments: ["--data", file])
    try gallery.waitFor("the table") { $0.contains("2 rows × 2 columns · row 1 ·") }
    // F2 edits, as `e` does and as in spreadsheets.
    try gallery.press("Right", "F2", until: "the edit prompt") { $0.contains("edit name of row 1") }
    try xdotool("key", "ctrl+a")
    try xdotool("type", "Grace")
    try gallery.press("Return", until: "the edit kept") { $0.contains("edited row 1") }
    // The window's title says so, as a desktop editor's does.
    XCTAssertTrue(try titleShows("ReuseKit gallery · edits not saved", true), "the title says so")
    try gallery.press("1", until: "the list page") { $0.contains("page=list") }
    // The list takes q as type-ahead: Ctrl-Q, and the warning names it.
    try gallery.press("ctrl+q", until: "the warning") {
      $0.contains("1 row edited, not saved: Ctrl-S saves, Ctrl-Q again quits")
    }
    try gallery.press("ctrl+s", until: "saved from the list page") {
      $0.contains("page=list") && $0.contains("Table: saved 1 edited row")
    }
    XCTAssertTrue(try titleShows("edits not saved", false), "the title is back")
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "id,name\n0,Grace\n1,Alan\n")
  }

  /// With a screen reader: q's warning of edits not saved is said on the focused cell (it was
  /// in the status bar alone, and a second q lost the edits), and a find's step says "match N
  /// of M" with the cell it lands on (it went on the cell being left): new user's findings.
  func testTheQuitWarningAndAFindsStepAreSaidOnTheFocusedCell() throws {
    let (gallery, file) = try tableOnCSV(
      "id,name\n0,Ada\n1,Alan\n2,Ada\n", shape: "3 rows × 2 columns")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try gallery.press("Right", "slash", until: "the find prompt") { $0.contains("find in name") }
    try xdotool("type", "Ada")
    try gallery.press("Return", until: "the first match") { $0.contains("match 1 of 2") }
    try gallery.press("n", until: "the second match, said on its cell") {
      $0.contains("described=[match 2 of 2, name, a match, row 3 of 3")
    }
    try gallery.press("e", until: "the edit prompt") { $0.contains("edit name of row 3") }
    try xdotool("type", "h")
    try gallery.press("Return", until: "the edit kept") { $0.contains("edited row 3") }
    try gallery.press("q", until: "the warning, said") {
      $0.contains("described=[1 row edited, not saved: Ctrl-S saves, q again quits, name")
    }
  }

  /// A cell's edit typed and not kept, the field open while another page shows: q warns
  /// first (it quit at once, the text lost: a new user's finding).
  func testQuitWarnsOfAnEditStillBeingTyped() throws {
    let (gallery, file) = try tableOnCSV("id,name\n0,Ada\n1,Alan\n", shape: "2 rows × 2 columns")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try gallery.press("Right", "e", until: "the edit prompt") { $0.contains("edit name of row 1") }
    try xdotool("type", "W")
    try gallery.waitFor("the text typed") { $0.contains("AdaW") }
    try xdotool("mousemove", "60", "18", "click", "1")
    try gallery.waitFor("the list page") { $0.contains("page=list") }
    // The list takes q as type-ahead: Ctrl-Q quits there, and the warning names it.
    try gallery.press("ctrl+q", until: "the warning") {
      $0.contains("row 1 is being edited, not kept: Enter keeps it, Ctrl-Q again quits")
    }
  }

  /// `e` edits a CSV file's cell in a `GtkEntry` placed over it; Return keeps the text,
  /// Ctrl-S saves the file with the old one kept beside it.
  func testEditAndSaveACSVCellInTheTablePage() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-edit-\(UUID().uuidString).csv"
    defer {
      for suffix in ["", ".bak"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }
    var text = "id,name\n"
    for row in 0..<100 { text += "\(row),name \(row)\n" }
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let gallery = try Gallery(page: "table", arguments: ["--data", file])
    try gallery.waitFor("the table") { $0.contains("100 rows × 2 columns · row 1 ·") }
    try gallery.press("Down", "Right", "e", until: "the edit prompt") {
      $0.contains("edit name of row 2: name 1▏")
    }
    // GTK's own entry over the cell: Ctrl-A selects its text (the terminal's field would move
    // the caret home), and typing replaces it.
    try xdotool("key", "ctrl+a")
    try xdotool("type", "Grace")
    try gallery.waitFor("the entry's text") { $0.contains("edit name of row 2: Grace▏") }
    // The row scrolled away and back under the wheel: the edit is held by its row, and the
    // entry comes back over it with its text.
    let atTop = { (status: String) in
      status.contains("offset=0.0,0.0 ") || status.contains("offset=-0.0,-0.0 ")
    }
    try xdotool("mousemove", "300", "500")
    for _ in 0..<12 { try xdotool("click", "5") }
    try gallery.settle()
    try gallery.waitFor("scrolled away") { !atTop($0) }
    for _ in 0..<12 { try xdotool("click", "4") }
    try gallery.settle()
    try gallery.waitFor("back at the top, the edit kept") {
      atTop($0) && $0.contains("edit name of row 2: Grace▏")
    }
    try gallery.press("Return", until: "the edit kept") {
      $0.contains("edited row 2") && $0.contains("Grace")
    }
    // q with the edit not saved: said first, and the window stays.
    try gallery.press("q", until: "the warning") { $0.contains("1 row edited, not saved") }
    try gallery.press("ctrl+s", until: "the file saved") { $0.contains("saved 1 edited row") }
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertEqual(saved, text.replacingOccurrences(of: "1,name 1\n", with: "1,Grace\n"))
    XCTAssertEqual(try String(contentsOfFile: file + ".bak", encoding: .utf8), text)
    // Save a copy (Ctrl-Shift-S): Ctrl-A selects the suggested name as in GTK's entries, and
    // the name typed replaces it.
    let copy = file + ".copy.csv"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    try gallery.press("ctrl+shift+s", until: "the save-as prompt") {
      $0.contains("save a copy as: ")
    }
    try xdotool("key", "ctrl+a")
    try gallery.enter(copy, until: "the copy saved") { $0.contains("saved a copy with") }
    XCTAssertEqual(try String(contentsOfFile: copy, encoding: .utf8), saved)
  }

  /// A table of two rows (Ann and Bo) with GTK's entry open over the first name: the gallery
  /// and its file (the caller removes it).
  private func editingAnnsName() throws -> (Gallery, String) {
    let (gallery, file) = try tableOnCSV("id,name\n1,Ann\n2,Bo\n", shape: "2 rows × 2 columns")
    try gallery.press("Right", "e", until: "the entry over the cell") {
      $0.contains("edit name of row 1: Ann▏") && $0.contains("editorCovers=true")
    }
    return (gallery, file)
  }

  /// The entry covers the cell it edits again after an edit widened the column (GTK kept the
  /// hidden entry's old width, and the cell's text showed beside it: a new user's finding).
  func testTheCellEditorCoversAColumnAnEditWidened() throws {
    let (gallery, file) = try editingAnnsName()
    defer { try? FileManager.default.removeItem(atPath: file) }
    try xdotool("type", "abcdefghijklmnopqrstuvwxyz")
    try gallery.press("Return", until: "the edit kept") { $0.contains("edited row 1") }
    try gallery.press("e", until: "the entry over the wider cell") {
      $0.contains("edit name of row 1: Annabcdefghijklmnopqrstuvwxyz▏")
        && $0.contains("editorCovers=true")
    }
    try gallery.press("Escape", until: "the edit dropped") { !$0.contains("editorCovers") }
  }

  /// Tab in the cell's entry keeps the edit and moves the entry to the next cell, past the
  /// row's end to the next row's first; Shift-Tab goes back, Down goes down (GTK's entry took
  /// Tab as a focus move out of the table, the edit left open: a new user's finding).
  func testTabInTheCellEditorEditsTheNextCell() throws {
    let (gallery, file) = try editingAnnsName()
    defer { try? FileManager.default.removeItem(atPath: file) }
    try xdotool("type", "e")
    // Each cell Tab and the arrows open has its text selected, as a spreadsheet's: typing
    // replaces it (typed after it, "Bergen" became "Bergenörebro": a new user's finding).
    try gallery.press("Tab", until: "the next row's id edited") {
      $0.contains("edit id of row 2: [2] (selected") && $0.contains("editorCovers=true")
    }
    try gallery.press("shift+Tab", until: "back on the name, its edit kept") {
      $0.contains("edit name of row 1: [Anne] (selected") && $0.contains("editorCovers=true")
    }
    try gallery.press("Down", until: "the name below edited") {
      $0.contains("edit name of row 2: [Bo] (selected") && $0.contains("editorCovers=true")
    }
    try xdotool("type", "Cy")
    try gallery.waitFor("typing replaced the name") { $0.contains("edit name of row 2: Cy▏") }
    try gallery.press("Escape", until: "the edit dropped") { !$0.contains("editorCovers") }
  }

  /// A double click on a file's cell edits it, as a spreadsheet's does (it only selected: a new
  /// user's finding).
  func testADoubleClickEditsACell() throws {
    let (gallery, file) = try tableOnCSV("id,name\n1,Ann\n2,Bo\n", shape: "2 rows × 2 columns")
    defer { try? FileManager.default.removeItem(atPath: file) }
    // Tabs 36 px, the header row 30: the first row's id just below.
    try xdotool("mousemove", "20", "\(36 + 30 + 10)")
    try xdotool("click", "--repeat", "2", "--delay", "80", "1")
    try gallery.waitFor("the entry over the id") {
      $0.contains("edit id of row 1: 1▏") && $0.contains("editorCovers=true")
    }
    try gallery.press("Escape", until: "the edit dropped") { !$0.contains("editorCovers") }
    // Two clicks apart are two clicks.
    try xdotool("click", "1")
    Thread.sleep(forTimeInterval: 0.5)
    try xdotool("click", "1")
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertFalse(gallery.status.contains("editorCovers"), gallery.status)
  }

  /// While the entry edits a cell, Ctrl-S keeps the edit and saves (it did nothing, and the
  /// file stayed as it was without a word: a new user's finding).
  func testCtrlSInTheCellEditorSavesTheEdit() throws {
    let (gallery, file) = try editingAnnsName()
    defer {
      for suffix in ["", ".bak"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }
    try xdotool("type", "a")
    try gallery.press("ctrl+s", until: "saved") {
      $0.contains("saved 1 edited row") && !$0.contains("editorCovers")
    }
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "id,name\n1,Anna\n2,Bo\n")
  }

  /// A filter that hides the cursor's row, in a file of 2,000 rows: the gallery goes on. Its
  /// status file read the views of the frame before the filter's first rows, when the table
  /// had none, and the gallery stopped on an index out of range (found in a new user's
  /// session, by hand 6 times in 9; this run meets that frame only sometimes).
  func testAFilterHidingTheCursorsRowKeepsTheGalleryRunning() throws {
    var text = "id,name,city,score\n"
    for row in 1...2_000 { text += "\(row),Name \(row * 7_919 % 10_007),City\(row % 13),\(row)\n" }
    let (gallery, file) = try tableOnCSV(text, shape: "2,000 rows × 4 columns")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try gallery.press("Right", "Right", "bar", until: "the filter prompt") {
      $0.contains("show rows whose city contains")
    }
    // Typed as a person types, and Enter a moment later (at once, the filter's first frame
    // came before the status file was written, and the stale views were never read).
    try xdotool("type", "--delay", "80", "City5")
    Thread.sleep(forTimeInterval: 0.3)
    try gallery.press("Return", until: "the rows of City5") {
      $0.contains("154 of 2,000 rows") && $0.contains("“City5” in city (Esc shows all)")
        && $0.contains("keyboardOnRow=true")
    }
    try gallery.press("Down", until: "the next row of City5") { $0.contains("row 2 (#18)") }
    XCTAssertTrue(gallery.isRunning)
  }

  /// `|` filters the table page as in the terminal: the rows whose Name contains the text show,
  /// counted in the status line; Escape shows every row again.
  func testFilterInTheTablePage() throws {
    let gallery = try tablePage(items: 5_000, rows: "5,000")
    try gallery.press("Right", "bar", until: "the prompt") {
      $0.contains("show rows whose Name contains: ▏")
    }
    try gallery.enter("cedar", until: "the rows that match") {
      $0.contains(" of 5,000 rows × 50 columns") && $0.contains("Name: ")
        && $0.contains("Cedar")
    }
    try gallery.press("Escape", until: "every row again") {
      $0.contains("5,000 rows × 50 columns") && !$0.contains(" of 5,000 rows")
    }
  }

  /// Shift-F makes the focused column's frequency table as in the terminal; Return on a value
  /// goes back showing only its rows.
  func testFrequenciesInTheTablePage() throws {
    let gallery = try tablePage(items: 5_000, rows: "5,000")
    try gallery.press("Right", "Right", "F", until: "the frequency table") {
      $0.contains("Frequencies of City: 20 values in 5,000 rows") && $0.contains("City: ")
    }
    try gallery.press("Return", until: "the rows of the value") {
      $0.contains(" of 5,000 rows × 50 columns") && $0.contains("City: ")
    }
  }
}

extension EndToEndCase {
  /// The table page on a new CSV file of `text`, once it shows its first row with `shape`
  /// ("2 rows × 2 columns"); the caller removes the file at `path`.
  /// Whether, within a second, a window's title contains `name` (`shown`) or none does.
  func titleShows(_ name: String, _ shown: Bool) throws -> Bool {
    for _ in 0..<20 {
      if try Self.run("xdotool", ["search", "--name", name]).isEmpty != shown { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  func tableOnCSV(_ text: String, shape: String) throws -> (gallery: Gallery, path: String) {
    let path = NSTemporaryDirectory() + "reuse-gtk-\(UUID().uuidString).csv"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let gallery = try Gallery(page: "table", arguments: ["--data", path])
    try gallery.waitFor("the table") { $0.contains("\(shape) · row 1 ·") }
    return (gallery, path)
  }
}
