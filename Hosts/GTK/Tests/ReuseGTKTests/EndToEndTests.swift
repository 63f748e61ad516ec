import Foundation
import XCTest

/// The GTK gallery as a user drives it: a real window on the Xvfb display `test.sh` opens,
/// input from xdotool (stepped drags, wheel notches, clicks), state read from the status line
/// the gallery writes (`--status-file`), pixels from ImageMagick's `import`.
final class EndToEndTests: XCTestCase {
  /// The gallery, running.
  final class Gallery {
    let process = Process()
    let statusPath = NSTemporaryDirectory() + "reuse-gtk-status-\(UUID().uuidString)"

    init(
      page: String, items: Int = 1_000, arguments extra: [String] = [],
      environment: [String: String] = [:]
    ) throws {
      let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      process.executableURL = directory.appendingPathComponent("reuse-gallery-gtk")
      process.arguments =
        [
          "--demo", page, "--items", "\(items)", "--no-autoscroll", "--size", "960x720",
          "--status-file", statusPath,
        ] + extra
      if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Up to 10 s for the first frame.
      let deadline = Date().addingTimeInterval(10)
      var text = ""
      while !text.contains("first frame"), Date() < deadline {
        text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
      }
      guard text.contains("first frame") else { throw Failure("no first frame: \(text)") }
      try waitFor("the page to settle") { $0.hasPrefix("page=") && !$0.contains("moving=true") }
    }

    deinit {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      try? FileManager.default.removeItem(atPath: statusPath)
    }

    var status: String { (try? String(contentsOfFile: statusPath, encoding: .utf8)) ?? "" }

    /// The content offset the status line reports.
    var offset: (x: Double, y: Double) {
      guard let field = status.split(separator: " ").first(where: { $0.hasPrefix("offset=") })
      else { return (.nan, .nan) }
      let numbers = field.dropFirst(7).split(separator: ",").compactMap { Double($0) }
      return numbers.count == 2 ? (numbers[0], numbers[1]) : (.nan, .nan)
    }

    func waitFor(
      _ what: String, timeout: Double = 5, _ condition: (String) -> Bool
    ) throws {
      let deadline = Date().addingTimeInterval(timeout)
      while Date() < deadline {
        if condition(status) { return }
        Thread.sleep(forTimeInterval: 0.02)
      }
      throw Failure("timed out waiting for \(what); the status is: \(status)")
    }

    func settle() throws {
      Thread.sleep(forTimeInterval: 0.1)
      try waitFor("the motion to end") { !$0.contains("moving=true") }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  func xdotool(_ arguments: String...) throws { try Self.run("xdotool", arguments) }

  /// A press at (`x`, `y`), `steps` moves of (`dx`, `dy`) 16 ms apart, and a release, in one
  /// xdotool run (starting a process per event would space them too far apart: a finger that
  /// rests 100 ms before lifting does not fling).
  func drag(x: Int, y: Int, dx: Int, dy: Int, steps: Int) throws {
    var arguments = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
    for step in 1...steps {
      arguments += ["sleep", "0.016", "mousemove", "\(x + dx * step)", "\(y + dy * step)"]
    }
    arguments += ["sleep", "0.016", "mouseup", "1"]
    try Self.run("xdotool", arguments)
  }

  /// A press at (`x`, `y`) moved through `points` 50 ms apart, held (no release).
  func hold(x: Int, y: Int, through points: [(Int, Int)]) throws {
    var arguments = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
    for (px, py) in points { arguments += ["sleep", "0.05", "mousemove", "\(px)", "\(py)"] }
    try Self.run("xdotool", arguments)
  }

  /// The picker: ten Rights a tenth of a second apart, then three Downs 10 ms apart. Every
  /// displayed swatch's widget shows (a swatch that moved between rows, which share a pool,
  /// kept the hidden state another row gave it, and the centred row lacked its left swatch
  /// for good; a new user's finding).
  func testFastKeysLeaveNoDisplayedSwatchHidden() throws {
    let gallery = try Gallery(page: "picker")
    var arguments: [String] = []
    for _ in 0..<10 { arguments += ["key", "Right", "sleep", "0.1"] }
    arguments += ["key", "--delay", "10", "Down", "Down", "Down"]
    _ = try Self.run("xdotool", arguments)
    try gallery.waitFor("the picker to settle", timeout: 10) {
      $0.contains("hiddenShown=") && !$0.contains("moving=true")
    }
    Thread.sleep(forTimeInterval: 0.5)
    XCTAssertTrue(gallery.status.contains("hiddenShown=0 "), gallery.status)
  }

  func testAStepwiseDragFlingsTheListAndItComesToRest() throws {
    let gallery = try Gallery(page: "list", items: 1_000_000)
    try drag(x: 400, y: 600, dx: 0, dy: -40, steps: 10)
    let released = gallery.offset.y
    XCTAssertGreaterThan(released, 300, gallery.status)
    try gallery.settle()
    XCTAssertGreaterThan(gallery.offset.y, released + 100, "the release flung: \(gallery.status)")
  }

  /// The board: a card dragged from To do over Doing opens a gap there and lands in it on
  /// release (one batch in each column); a drag held over Doing and cancelled with Escape
  /// returns its card; Done refuses a card from To do.
  func testTheBoardDragsACardBetweenColumnsAndEscapeReturnsOne() throws {
    let gallery = try Gallery(page: "board")
    // Columns about 240 px wide from x 0; cards 44 px tall from y 60; #3 at y 170.
    try hold(x: 100, y: 170, through: [(100, 180), (220, 240), (340, 300)])
    try gallery.waitFor("the gap in Doing") { $0.contains("drop moves 1 card to Doing") }
    try xdotool("mouseup", "1")
    try gallery.waitFor("the drop") {
      $0.contains("Doing: #3 Cobalt Falcon · 1 selected · moved 1 card to Doing")
        && $0.contains("total:601|")
    }
    // Held over Doing, then Escape: the card stays in To do.
    try hold(x: 100, y: 82, through: [(100, 92), (340, 200)])
    try gallery.waitFor("a second drag") { $0.contains("drop moves 1 card to Doing") }
    try xdotool("key", "Escape")
    try gallery.waitFor("the cancel") { !$0.contains("drop moves") }
    try xdotool("mouseup", "1")
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertTrue(gallery.status.contains("total:601|"), gallery.status)
    // Done takes no card from To do.
    try hold(x: 100, y: 82, through: [(100, 92), (840, 200)])
    try gallery.waitFor("the refusal") { $0.contains("Done takes cards only from Review") }
    try xdotool("mouseup", "1")
    try gallery.waitFor("the card back") { !$0.contains("Done takes") }
    XCTAssertFalse(gallery.status.contains("moved 1 card to Done"), gallery.status)
  }

  func testAWheelNotchScrollsOneLine() throws {
    let gallery = try Gallery(page: "list")
    try xdotool("mousemove", "400", "400")
    for _ in 0..<3 {
      try xdotool("click", "5")
      Thread.sleep(forTimeInterval: 0.05)
    }
    try gallery.waitFor("three notches") { _ in gallery.offset.y == 120 }
  }

  func testAClickSelectsTheRowUnderIt() throws {
    let gallery = try Gallery(page: "list")
    // Tabs 36 px, the pinned header 30, rows 44: the second row's middle.
    try xdotool("mousemove", "200", "\(36 + 30 + 44 + 22)")
    try xdotool("click", "1")
    try gallery.waitFor("the selection") { $0.contains("Brisk Falcon · 1 selected") }
  }

  func testADataFileFillsThePagesAndABrokenOneIsRefused() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-data-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(
      #"{"sections": [{"title": "Fruit", "items": ["Apple", "Banana"]}, "#
        .appending(#"{"title": "Veg", "items": ["Leek"]}]}"#).utf8
    ).write(to: URL(fileURLWithPath: file))
    let gallery = try Gallery(page: "list", arguments: ["--data", file])
    try xdotool("mousemove", "200", "\(36 + 30 + 44 + 22)")
    try xdotool("click", "1")
    try gallery.waitFor("the file's second item") { $0.contains("Banana · 1 selected") }
    try xdotool("key", "2")
    try gallery.waitFor("the option bar's categories") {
      $0.contains("Fruit · 1 of 2")
    }
    // A broken file: a clear error and a non-zero exit, no window.
    try Data("{\"sections\": [".utf8).write(to: URL(fileURLWithPath: file))
    let (status, message) = try Self.refusal(of: gallery, ["--data", file])
    XCTAssertEqual(status, 65, "EX_DATAERR, as the terminal gallery exits")
    XCTAssertTrue(message.contains("line 1"), message)
  }

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
    try xdotool("key", "Right", "Right", "s")
    // The focused cell stays on its row (Item 1, whose amount is 7).
    try gallery.waitFor("a sort by the file's numbers") {
      $0.contains("sorted by Amount ↑") && $0.contains("row 1 · Amount: 7")
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
      $0.contains("2 rows × 4 columns · row 1 · Table: people")
    }
    try xdotool("key", "Return")
    try gallery.waitFor("the table's first page", timeout: 15) {
      $0.contains("20,000 rows × 3 columns · row 1 · id: 1")
    }
    try xdotool("key", "Right", "s")
    // The top of the new order shows; the cursor stays on its row (id 1), found where the
    // sort put it, off screen.
    try gallery.waitFor("a sort in the database", timeout: 15) {
      $0.contains("sorted by name ↑") && $0.contains("1:Name 0|")
        && $0.contains("cursor off screen (arrows go there)") && !$0.contains("row 1 ·")
    }
    // Down brings it into view: the row after id 1 ("Name 7919"), whose name ties with it.
    try xdotool("key", "Down")
    try gallery.waitFor("the cursor's row brought into view", timeout: 15) {
      $0.contains("· name: Name 7919 ·") && !$0.contains("off screen")
    }
    try xdotool("key", "BackSpace")
    try gallery.waitFor("back to the tables") { $0.contains("2 rows × 4 columns") }
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

  /// Runs the gallery's executable with `arguments` (a file it should refuse, before any
  /// window): its exit status and what it wrote to standard error.
  static func refusal(of gallery: Gallery, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = gallery.process.executableURL
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, message)
  }

  /// `]` and `[` step pages as in the terminal, wrapping at both ends (issue 41, finding 15).
  func testBracketsStepThePagesAndWrap() throws {
    let gallery = try Gallery(page: "list")
    try xdotool("key", "bracketright")
    try gallery.waitFor("the next page") { $0.hasPrefix("page=optionbar ") }
    try xdotool("key", "bracketleft", "bracketleft")
    try gallery.waitFor("the last page, wrapped") { $0.hasPrefix("page=settings ") }
    try xdotool("key", "bracketright")
    try gallery.waitFor("the first page, wrapped") { $0.hasPrefix("page=list ") }
    // GtkNotebook's own keys still step pages, though its tabs take no keyboard focus.
    try xdotool("key", "ctrl+Page_Down")
    try gallery.waitFor("the next page by Ctrl-PgDn") { $0.hasPrefix("page=optionbar ") }
    try xdotool("key", "ctrl+Page_Up")
    try gallery.waitFor("the previous page by Ctrl-PgUp") { $0.hasPrefix("page=list ") }
  }

  func testADragPagesTheCarouselAndKeysStepIt() throws {
    let gallery = try Gallery(page: "carousel")
    XCTAssertTrue(gallery.status.contains("card 1 of 12"), gallery.status)
    try drag(x: 700, y: 300, dx: -30, dy: 0, steps: 8)
    try gallery.settle()
    XCTAssertTrue(gallery.status.contains("card 2 of 12"), gallery.status)
    // Wrap: ← from the second card twice reaches the last.
    try xdotool("key", "Left", "Left")
    try gallery.settle()
    try gallery.waitFor("the wrap") { $0.contains("card 12 of 12") }
  }

  /// The outline: a click on a row's triangle expands it (and again collapses it), a click
  /// elsewhere on a row selects it and expands nothing, → expands the focused row and ←
  /// collapses it.
  func testTheOutlineExpandsFromItsTrianglesAndKeys() throws {
    let gallery = try Gallery(page: "outline")
    func total() -> Int? {
      guard let range = gallery.status.range(of: "items=[total:") else { return nil }
      return Int(gallery.status[range.upperBound...].prefix { $0.isNumber })
    }
    XCTAssertEqual(total(), 8, gallery.status)
    let firstRow = 36 + 22
    try xdotool("mousemove", "18", "\(firstRow)", "click", "1")
    try gallery.waitFor("Northlands expanded") { _ in total() == 14 }
    XCTAssertTrue(gallery.status.contains("|0fe:Northlands~level 1, 1 of 8|"), gallery.status)
    try xdotool("mousemove", "300", "\(firstRow + 44)", "click", "1")
    try gallery.waitFor("the country selected") { $0.contains("|1sfc:") }
    XCTAssertEqual(total(), 14, "a click beside the triangle expands nothing")
    try xdotool("key", "Right")
    try gallery.waitFor("the country expanded") { _ in total() == 19 }
    try xdotool("key", "Left")
    try gallery.waitFor("collapsed by ←") { _ in total() == 14 }
    try xdotool("mousemove", "18", "\(firstRow)", "click", "1")
    try gallery.waitFor("Northlands collapsed") { _ in total() == 8 }
  }

  /// The GTK model page: a GtkStringList through a GtkSortListModel, rows of GTK widgets. A
  /// click on a row's check button checks the word and does not select the row; `s` sorts
  /// (the rows on screen in order, the focused word and the check kept), `a` adds a word, `d`
  /// removes the focused one, each an `items-changed` the data source applied.
  func testTheGTKModelPageFollowsItsModel() throws {
    let gallery = try Gallery(page: "gmodel")
    func titles() -> [String] {
      guard let range = gallery.status.range(of: "items=[") else { return [] }
      return gallery.status[range.upperBound...].dropLast().split(separator: "|").dropFirst()
        .map { String($0.split(separator: ":", maxSplits: 1).last ?? "") }
    }
    XCTAssertTrue(gallery.status.contains("1,000 words"), gallery.status)
    try xdotool("mousemove", "22", "\(36 + 22)", "click", "1")
    try gallery.waitFor("the first word checked") { $0.contains("· 1 checked") }
    XCTAssertFalse(gallery.status.contains("|0s"), "the check button took the click, not the row")
    try xdotool("key", "Down", "Down")
    try gallery.waitFor("the focus on the third word") { $0.contains("|2f:") }
    let focused = titles()[2]
    try xdotool("key", "s")
    try gallery.waitFor("sorted") { $0.contains("· sorted ·") && !$0.contains("moving=true") }
    XCTAssertEqual(titles(), titles().sorted(), gallery.status)
    XCTAssertTrue(gallery.status.contains("GTK model · \(focused) ·"), "the focus kept its word")
    XCTAssertTrue(gallery.status.contains("· 1 checked"), gallery.status)
    try xdotool("key", "a")
    try gallery.waitFor("a word added") { $0.contains("1,001 words") }
    try xdotool("key", "d")
    try gallery.waitFor("a word removed") { $0.contains("1,000 words") && $0.contains("removed") }
    XCTAssertTrue(gallery.status.contains("3 changes, 0 reloaded"), gallery.status)
    // The page is in a GtkScrolledWindow: the wheel scrolls through the window (smooth, not a
    // line a notch as the host alone does) and the content follows its adjustment.
    try xdotool("key", "Home")
    try gallery.waitFor("the top") { _ in gallery.offset.y == 0 }
    try xdotool("mousemove", "400", "400", "click", "5", "click", "5", "click", "5")
    try gallery.waitFor("scrolled by the window") { _ in gallery.offset.y > 44 }
  }

  /// The look follows `--theme`, and without it the system's preference (`GTK_THEME`, as a
  /// desktop's dark mode sets it): the empty page below the outline's rows, read back.
  func testTheGalleryFollowsTheThemeLightOrDark() throws {
    func brightness(arguments: [String], environment: [String: String] = [:]) throws -> Double {
      let gallery = try Gallery(page: "outline", arguments: arguments, environment: environment)
      Thread.sleep(forTimeInterval: 0.3)
      let colour = try Self.pixel(x: 480, y: 640)
      withExtendedLifetime(gallery) {}
      let value = UInt32(colour.dropFirst(), radix: 16) ?? 0
      let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
      return Double(channels.reduce(0, +)) / (3 * 255)
    }
    XCTAssertLessThan(try brightness(arguments: ["--theme", "dark"]), 0.3)
    XCTAssertGreaterThan(try brightness(arguments: ["--theme", "light"]), 0.7)
    XCTAssertLessThan(
      try brightness(arguments: [], environment: ["GTK_THEME": "Adwaita:dark"]), 0.3)
    XCTAssertGreaterThan(try brightness(arguments: [], environment: ["GTK_THEME": "Adwaita"]), 0.7)
  }

  /// The section headers on screen, from the status line: (text, y) top to bottom.
  /// The focused cell the status line names: "Name: Hollow Comet" in "· row 3 · Name: Hollow
  /// Comet · sorted by …", or "" when there is none.
  static func focusedCell(_ status: String) -> String {
    guard let row = status.range(of: #"· row [0-9,]+ · "#, options: .regularExpression) else {
      return ""
    }
    let rest = status[row.upperBound...]
    let ends = [rest.range(of: " · "), rest.range(of: " headers=")]
    let end = ends.compactMap { $0?.lowerBound }.min() ?? rest.endIndex
    return String(rest[..<end])
  }

  static func headers(_ status: String) -> [(text: String, y: Int)] {
    guard let start = status.range(of: "headers=["),
      let end = status.range(of: "]", range: start.upperBound..<status.endIndex)
    else { return [] }
    return status[start.upperBound..<end.lowerBound].split(separator: "|").compactMap { entry in
      guard let at = entry.lastIndex(of: "@"), let y = Int(entry[entry.index(after: at)...])
      else { return nil }
      return (String(entry[..<at]), y)
    }
  }

  /// The colour of one pixel of the window (`import` and ImageMagick's `txt:` format), as
  /// "#RRGGBB".
  static func pixel(x: Int, y: Int) throws -> String {
    let shot = NSTemporaryDirectory() + "reuse-gtk-pixel-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: shot) }
    try run("import", ["-window", "root", "-crop", "960x720+0+0", "+repage", shot])
    let text = try run("convert", [shot, "-crop", "1x1+\(x)+\(y)", "+repage", "txt:-"])
    guard let colour = text.range(of: "#[0-9A-Fa-f]{6}", options: .regularExpression) else {
      throw Failure("no colour in \(text)")
    }
    return String(text[colour])
  }

  /// Runs of wheel notches, from the top: a header is always pinned at the top, the one of
  /// the section under it, and headers never stack except where two sections meet (the
  /// pinned one pushed up by the next).
  func testPinnedHeadersAfterRunsOfWheelNotches() throws {
    let gallery = try Gallery(page: "list")
    try xdotool("mousemove", "400", "400")
    func notches(_ count: Int) throws {
      for _ in 0..<count {
        try xdotool("click", "5")
        Thread.sleep(forTimeInterval: 0.02)
      }
      let target = gallery.offset.y
      _ = target
      try gallery.settle()
    }
    // Rows are 44 points, headers 30, notches 40, sections of 50 rows (2,230 points each).
    try notches(18)
    try gallery.waitFor("18 notches") { _ in gallery.offset.y == 720 }
    var headers = Self.headers(gallery.status)
    XCTAssertEqual(headers.first?.y, 0, "a header is pinned: \(gallery.status)")
    XCTAssertTrue(headers.first?.text.hasPrefix("Arrivals") == true, gallery.status)
    // Where the sections meet (2,200): the first header sits on its section's last 30
    // points, the second right below it.
    try xdotool("key", "Home")
    try gallery.waitFor("the top") { _ in gallery.offset.y == 0 }
    try notches(55)
    try gallery.waitFor("55 notches") { _ in gallery.offset.y == 2_200 }
    headers = Self.headers(gallery.status)
    XCTAssertEqual(headers.map(\.y).prefix(2), [0, 30], gallery.status)
    // One notch on: only the second section's header is pinned.
    try notches(1)
    try gallery.waitFor("56 notches") { _ in gallery.offset.y == 2_240 }
    headers = Self.headers(gallery.status)
    XCTAssertEqual(headers.first?.y, 0, gallery.status)
    XCTAssertTrue(headers.first?.text.hasPrefix("Backlog") == true, gallery.status)
    XCTAssertFalse(headers.contains { $0.text.hasPrefix("Arrivals") }, gallery.status)
    // Keys: Home, then 24 × Down: the focused row is in view and a header is pinned.
    try xdotool("key", "Home")
    for _ in 0..<24 { try xdotool("key", "Down") }
    try gallery.waitFor("the 25th row focused") { $0.contains("Amber Harbor") }
    try gallery.settle()
    headers = Self.headers(gallery.status)
    XCTAssertEqual(headers.first?.y, 0, gallery.status)
  }

  /// Arrow keys redraw the focus at once, without a scroll: after Home the first row is drawn
  /// focused; after three Downs the fourth is, in the same colour, and the first no longer.
  func testArrowKeysDrawTheFocusWithoutAScroll() throws {
    let gallery = try Gallery(page: "list")
    try xdotool("key", "Home")
    try gallery.waitFor("the first row focused") { $0.contains("Amber Falcon") }
    Thread.sleep(forTimeInterval: 0.3)
    let row = { (number: Int) in 36 + 30 + 44 * (number - 1) + 22 }
    let focusColour = try Self.pixel(x: 600, y: row(1))
    let fourthBefore = try Self.pixel(x: 600, y: row(4))
    XCTAssertNotEqual(focusColour, fourthBefore)
    for _ in 0..<3 { try xdotool("key", "Down") }
    try gallery.waitFor("the fourth row focused") { $0.contains("Dusky Falcon") }
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertEqual(gallery.offset.y, 0, "nothing scrolled")
    XCTAssertEqual(
      try Self.pixel(x: 600, y: row(4)), focusColour, "the fourth row is drawn focused")
    XCTAssertNotEqual(try Self.pixel(x: 600, y: row(1)), focusColour, "the first row is not")
    // The keyboard focus is on the fourth row's widget: GTK draws its focus ring there (the
    // top edge, 1 px in), and not on the row below.
    let ring = try Self.pixel(x: 480, y: row(4) - 21)
    XCTAssertNotEqual(
      ring, try Self.pixel(x: 480, y: row(5) - 21), "a focus ring on the fourth row")
    XCTAssertNotEqual(ring, focusColour, "the ring is not the row's fill")
  }

  /// Edits on the data-source page: the headers draw the sections' new counts, and still do
  /// after a page switch.
  func testSectionHeadersDrawTheirCountsAfterEdits() throws {
    let gallery = try Gallery(page: "datasource", items: 7_200)
    let before = Self.headers(gallery.status).first?.text ?? ""
    XCTAssertEqual(before, "To do · 108", gallery.status)
    for key in ["a", "a", "a", "d", "d", "d", "d", "d", "d"] {
      try xdotool("key", key)
      Thread.sleep(forTimeInterval: 0.1)
    }
    try gallery.settle()
    try gallery.waitFor("the new count") { Self.headers($0).first?.text == "To do · 105" }
    try xdotool("key", "1")
    try gallery.waitFor("the list") { $0.hasPrefix("page=list") }
    try xdotool("key", "4")
    try gallery.waitFor("back") { $0.hasPrefix("page=datasource") }
    XCTAssertEqual(Self.headers(gallery.status).first?.text, "To do · 105", gallery.status)
  }

  /// The table page as a user drives it: arrows move the cell cursor, clicks on a header sort
  /// by its column (ascending, then descending) with the focused row kept, and the wheel with
  /// Shift scrolls sideways while the frozen first column stays.
  func testTheTablePageMovesSortsAndScrollsSideways() throws {
    let gallery = try Gallery(page: "table", items: 1_000)
    try gallery.waitFor("the table") { $0.contains("1,000 rows × 50 columns · row 1 ·") }
    try xdotool("key", "Down", "Down", "Right")
    try gallery.waitFor("the cursor two rows down") { $0.contains("· row 3 ·") }
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

  /// A large table sorts while GTK keeps drawing: the status line counts the sort's progress,
  /// the rows show sorted from the top with the focused cell kept, and Escape cancels a sort.
  func testALargeTableSortsWithoutHoldingTheWindow() throws {
    let gallery = try Gallery(page: "table", items: 300_000)
    try gallery.waitFor("the table", timeout: 15) {
      $0.contains("300,000 rows × 50 columns · row 1 ·")
    }
    try xdotool("key", "Down", "Right")
    try gallery.waitFor("the cursor on a name") { $0.contains("· row 2 · Name:") }
    let focused = Self.focusedCell(gallery.status)
    try xdotool("key", "s")
    try gallery.waitFor("the sort's progress") { $0.contains("sorting by Name ↑") }
    try gallery.waitFor("the sorted rows", timeout: 30) {
      $0.contains("sorted by Name ↑") && !$0.contains("sorting")
    }
    XCTAssertEqual(Self.focusedCell(gallery.status), focused, "the focused cell stays")
    XCTAssertEqual(gallery.offset.y, 0, "the top of the new order: \(gallery.status)")
    try xdotool("key", "s")
    try gallery.waitFor("a second sort") { $0.contains("sorting by Name ↓") }
    try xdotool("key", "Escape")
    try gallery.waitFor("the sort cancelled") {
      $0.contains("sorted by Name ↑") && !$0.contains("sorting")
    }
  }

  /// `/` finds in the table's focused column as in the terminal: the prompt takes every key
  /// (q does not quit, digits do not switch pages), Enter goes to the first match, n to the
  /// next, Escape clears the find.
  func testFindInTheTablePage() throws {
    let gallery = try Gallery(page: "table", items: 5_000)
    try gallery.waitFor("the table") { $0.contains("5,000 rows × 50 columns · row 1 ·") }
    try xdotool("key", "Right", "slash")
    try gallery.waitFor("the prompt") { $0.contains("find in Name: ▏") }
    try xdotool("type", "q1amber")
    try gallery.waitFor("the typed text") { $0.contains("find in Name: q1amber▏") }
    try xdotool(
      "key", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace",
      "BackSpace")
    try xdotool("type", "amber")
    try xdotool("key", "Return")
    try gallery.waitFor("the first match") {
      $0.contains("match 1 of") && $0.contains("Name: Amber")
    }
    try xdotool("key", "n")
    try gallery.waitFor("the next match") { $0.contains("match 2 of") }
    // As in GTK's search bars: Return steps on, Shift-Return back.
    try xdotool("key", "Return")
    try gallery.waitFor("Return: the next") { $0.contains("match 3 of") }
    try xdotool("key", "shift+Return")
    try gallery.waitFor("Shift-Return: back") { $0.contains("match 2 of") }
    try xdotool("key", "Escape")
    try gallery.waitFor("the find cleared") { !$0.contains("match") && $0.contains("row ") }
  }

  /// `:` goes to a row by its number or to a column by its name; `&` selects the rows whose
  /// cell in the column has a text, as in the terminal.
  func testJumpAndSelectByTextInTheTablePage() throws {
    let gallery = try Gallery(page: "table", items: 5_000)
    try gallery.waitFor("the table") { $0.contains("5,000 rows × 50 columns · row 1 ·") }
    try xdotool("key", "colon")
    try gallery.waitFor("the prompt") { $0.contains("go to row or column: ▏") }
    try xdotool("type", "4321")
    try xdotool("key", "Return")
    try gallery.waitFor("row 4,321") { $0.contains("· row 4,321 ·") }
    try xdotool("key", "colon")
    try xdotool("type", "city")
    try xdotool("key", "Return")
    try gallery.waitFor("the City column") { $0.contains("· row 4,321 ·") && $0.contains("City: ") }
    try xdotool("key", "ampersand")
    try gallery.waitFor("the select prompt") { $0.contains("select rows whose City contains: ▏") }
    try xdotool("type", "bergen")
    try xdotool("key", "Return")
    try gallery.waitFor("the rows selected") { $0.contains("rows selected") }
  }

  /// The settings page, declared once in GalleryKit and shown with the GTK host's standard
  /// cells: Space flips the focused switch in place.
  func testTheDeclaredSettingsPageFlipsASwitch() throws {
    let gallery = try Gallery(page: "settings", items: 1_000_000)
    try gallery.waitFor("the page") { $0.contains("Wi-Fi: on") }
    try xdotool("key", "Down", "space")
    try gallery.waitFor("the switch flipped") { $0.contains("Bluetooth: on") }
    try xdotool("key", "space")
    try gallery.waitFor("and back") { $0.contains("Bluetooth: off") }
  }

  /// Ctrl-F (or `/`) finds in the list page's titles as in the terminal; `n` steps to the next
  /// match, Escape clears the find.
  func testFindInTheListPage() throws {
    let gallery = try Gallery(page: "list", items: 5_000)
    try xdotool("key", "ctrl+f")
    try gallery.waitFor("the prompt") { $0.contains("find in the titles: ▏") }
    try xdotool("type", "amber")
    try xdotool("key", "Return")
    try gallery.waitFor("the first match") { $0.contains("match 1 of") }
    try xdotool("key", "n")
    try gallery.waitFor("the next match") { $0.contains("match 2 of") }
    try xdotool("key", "Escape")
    try gallery.waitFor("the find cleared") { !$0.contains("match") }
  }

  /// The outline and data-source pages find as the list page does: Ctrl-F, Return and
  /// Shift-Return step while the matches are marked, and an edit (a delete, a batch update)
  /// starts the find again over the tasks left.
  func testFindInTheOutlineAndDataSourcePages() throws {
    let gallery = try Gallery(page: "outline")
    try xdotool("key", "Right", "Down", "Right")
    try gallery.waitFor("a country open") { $0.contains("fe:Lunar Nectar Republic") }
    try xdotool("key", "ctrl+f")
    try gallery.waitFor("the prompt") { $0.contains("find in the shown names: ▏") }
    try xdotool("type", "city")
    try xdotool("key", "Return")
    try gallery.waitFor("the first city") { $0.contains("match 1 of 5") }
    try xdotool("key", "Return")
    try gallery.waitFor("Return: the next") { $0.contains("match 2 of 5") }
    try xdotool("key", "shift+Return")
    try gallery.waitFor("Shift-Return: back") { $0.contains("match 1 of 5") }
    try xdotool("key", "Escape")
    try gallery.waitFor("cleared, Return expands again") { !$0.contains("match") }

    try xdotool("key", "4")
    try gallery.waitFor("the data-source page") { $0.contains("page=datasource") }
    try xdotool("key", "slash")
    try xdotool("type", "review")
    try xdotool("key", "Return")
    try gallery.waitFor("a review task") { $0.contains("match 1 of 4") }
    try xdotool("key", "d")
    try gallery.waitFor("deleted: three left") { $0.contains("3 matches") }
    try xdotool("key", "Return")
    try gallery.waitFor("and on to one of them") { $0.contains("of 3") }
  }

  /// Type-ahead, as GtkListView has it: a letter moves the focus to the next row that starts
  /// with it, the same letter again to the one after, more letters lengthen the prefix (shown
  /// in the status line), and a pause or Escape ends it.
  func testTypeAheadInTheListPage() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-typeahead-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(
      #"{"sections": [{"title": "Fruit", "items": ["Apple", "Banana", "Berry", "Cherry", "#
        .appending(#""blueberry", "Nectarine"]}]}"#).utf8
    ).write(to: URL(fileURLWithPath: file))
    let gallery = try Gallery(page: "list", arguments: ["--data", file])
    try xdotool("key", "b")
    try gallery.waitFor("the first b") {
      $0.contains("f:Banana") && $0.contains("type-ahead: “b”")
    }
    try xdotool("key", "b")
    try gallery.waitFor("b again: the next") { $0.contains("f:Berry") }
    try xdotool("key", "l")
    try gallery.waitFor("bl") { $0.contains("f:blueberry") && $0.contains("type-ahead: “bl”") }
    try gallery.waitFor("the prefix ends after a pause") {
      !$0.contains("type-ahead") && $0.contains("f:blueberry")
    }
    // n steps through a find's matches only while there is one: here it begins a prefix.
    try xdotool("key", "n")
    try gallery.waitFor("n") { $0.contains("f:Nectarine") }
    try xdotool("key", "x")
    try gallery.waitFor("nx: nothing, said") {
      $0.contains("type-ahead: “nx” · no match") && $0.contains("f:Nectarine")
    }
    try xdotool("key", "Escape")
    try gallery.waitFor("Escape ends it") { !$0.contains("type-ahead") }
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
    try xdotool("key", "Down", "Right", "e")
    try gallery.waitFor("the edit prompt") { $0.contains("edit name of row 2: name 1▏") }
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
    try xdotool("key", "Return")
    try gallery.waitFor("the edit kept") { $0.contains("edited row 2") && $0.contains("Grace") }
    // q with the edit not saved: said first, and the window stays.
    try xdotool("key", "q")
    try gallery.waitFor("the warning") { $0.contains("1 row edited, not saved") }
    try xdotool("key", "ctrl+s")
    try gallery.waitFor("the file saved") { $0.contains("saved 1 edited row") }
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertEqual(saved, text.replacingOccurrences(of: "1,name 1\n", with: "1,Grace\n"))
    XCTAssertEqual(try String(contentsOfFile: file + ".bak", encoding: .utf8), text)
    // Save a copy (Ctrl-Shift-S): Ctrl-A selects the suggested name as in GTK's entries, and
    // the name typed replaces it.
    let copy = file + ".copy.csv"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    try xdotool("key", "ctrl+shift+s")
    try gallery.waitFor("the save-as prompt") { $0.contains("save a copy as: ") }
    try xdotool("key", "ctrl+a")
    try xdotool("type", copy)
    try xdotool("key", "Return")
    try gallery.waitFor("the copy saved") { $0.contains("saved a copy with") }
    XCTAssertEqual(try String(contentsOfFile: copy, encoding: .utf8), saved)
  }

  /// `|` filters the table page as in the terminal: the rows whose Name contains the text show,
  /// counted in the status line; Escape shows every row again.
  func testFilterInTheTablePage() throws {
    let gallery = try Gallery(page: "table", items: 5_000)
    try gallery.waitFor("the table") { $0.contains("5,000 rows × 50 columns · row 1 ·") }
    try xdotool("key", "Right", "bar")
    try gallery.waitFor("the prompt") { $0.contains("show rows whose Name contains: ▏") }
    try xdotool("type", "cedar")
    try xdotool("key", "Return")
    try gallery.waitFor("the rows that match") {
      $0.contains(" of 5,000 rows × 50 columns") && $0.contains("Name: ")
        && $0.contains("Cedar")
    }
    try xdotool("key", "Escape")
    try gallery.waitFor("every row again") {
      $0.contains("5,000 rows × 50 columns") && !$0.contains(" of 5,000 rows")
    }
  }

  /// Shift-F makes the focused column's frequency table as in the terminal; Return on a value
  /// goes back showing only its rows.
  func testFrequenciesInTheTablePage() throws {
    let gallery = try Gallery(page: "table", items: 5_000)
    try gallery.waitFor("the table") { $0.contains("5,000 rows × 50 columns · row 1 ·") }
    try xdotool("key", "Right", "Right", "F")
    try gallery.waitFor("the frequency table") {
      $0.contains("Frequencies of City: 20 values in 5,000 rows") && $0.contains("City: ")
    }
    try xdotool("key", "Return")
    try gallery.waitFor("the rows of the value") {
      $0.contains(" of 5,000 rows × 50 columns") && $0.contains("City: ")
    }
  }

  /// Every page, drawn, against its committed reference (`RECORD_REFERENCES=1` writes them):
  /// fewer than 0.5 % of the pixels may differ by more than 8 %.
  func testEveryPageMatchesItsReferenceScreenshot() throws {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("References")
    let record = ProcessInfo.processInfo.environment["RECORD_REFERENCES"] == "1"
    for page in [
      "list", "optionbar", "picker", "datasource", "waterfall", "carousel", "outline", "gmodel",
      "table", "board", "store",
    ] {
      let gallery = try Gallery(page: page)
      Thread.sleep(forTimeInterval: 0.5)
      let shot = NSTemporaryDirectory() + "reuse-gtk-\(page).png"
      try Self.run("import", ["-window", "root", "-crop", "960x720+0+0", "+repage", shot])
      let reference = references.appendingPathComponent("\(page).png").path
      if record {
        try? FileManager.default.removeItem(atPath: reference)
        try FileManager.default.copyItem(atPath: shot, toPath: reference)
        continue
      }
      let output = try Self.run(
        "compare", ["-metric", "AE", "-fuzz", "8%", reference, shot, "null:"])
      let different = Double(output.split(separator: " ").first ?? "") ?? .infinity
      XCTAssertLessThan(different, 960 * 720 * 0.005, "\(page): \(output)")
      withExtendedLifetime(gallery) {}
    }
  }
}
