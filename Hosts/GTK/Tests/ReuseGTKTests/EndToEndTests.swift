import Foundation
import XCTest

/// The GTK gallery as a user drives it: a real window on the Xvfb display `test.sh` opens,
/// input from xdotool (stepped drags, wheel notches, clicks), state read from the status line
/// the gallery writes (`--status-file`), pixels from ImageMagick's `import`.
final class EndToEndTests: EndToEndCase {
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
    // Down to the last row: the rows scrolled away leave no widget on screen (a pooled row's
    // nested host stayed where it was, over the rows shown there: a new user's finding).
    for _ in 0..<6 { try xdotool("key", "Down", "sleep", "0.15") }
    try gallery.waitFor("the picker to settle again", timeout: 10) {
      !$0.contains("moving=true")
    }
    Thread.sleep(forTimeInterval: 0.5)
    XCTAssertTrue(gallery.status.contains("strayShown=0 "), gallery.status)
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
    // The keys went with the card to Doing: GTK's focus on its row there (it stayed on a card
    // of To do, and a screen reader heard nothing of the arrows: a new user's finding).
    try gallery.waitFor("the keys in Doing") {
      $0.contains("keyboard=host1 keyboardOnRow=true")
    }
    // Held over Doing, then Escape: the card stays in To do.
    try hold(x: 100, y: 82, through: [(100, 92), (340, 200)])
    try gallery.waitFor("a second drag") { $0.contains("drop moves 1 card to Doing") }
    try gallery.press("Escape", until: "the cancel") { !$0.contains("drop moves") }
    try xdotool("mouseup", "1")
    Thread.sleep(forTimeInterval: 0.3)
    // The press made To do the active column (its items in the status): it still holds the
    // card, one fewer than its 1,200 for the card dropped in Doing.
    XCTAssertTrue(gallery.status.contains("To do: #1 Amber Falcon"), gallery.status)
    XCTAssertTrue(gallery.status.contains("total:1199|"), gallery.status)
    // Done takes no card from To do.
    try hold(x: 100, y: 82, through: [(100, 92), (840, 200)])
    try gallery.waitFor("the refusal") { $0.contains("Done takes cards only from Review") }
    try xdotool("mouseup", "1")
    // Let go, the status says why it went back (the drag's "a drop returns" gone).
    try gallery.waitFor("the card back") {
      $0.contains("the card went back") && !$0.contains("a drop returns")
    }
    XCTAssertFalse(gallery.status.contains("moved 1 card to Done"), gallery.status)
  }

  /// A refused `>` is the board's key (it went on to the type-ahead, which took the next `<`
  /// as text and moved nothing: a new user's finding).
  func testARefusedMoveKeyLeavesTheNextOneToTheBoard() throws {
    let gallery = try Gallery(page: "board")
    try xdotool("mousemove", "850", "83", "click", "1")
    try gallery.waitFor("Done active") { $0.contains("Done: #2,251 Silver Quarry") }
    try gallery.press("greater", until: "the refusal") {
      $0.contains("no column to the right of Done")
    }
    try gallery.press("less", until: "the move to Review") { $0.contains("moved 1 card to Review") }
    XCTAssertFalse(gallery.status.contains("type-ahead"), gallery.status)
  }

  /// `>` is said with the moved card, in the column the keys go to (said on a column the focus
  /// was not in, it was never heard; and the card after the one moved took the focus first:
  /// a new user's finding over AT-SPI).
  func testAMoveByKeyIsSaidOnTheMovedCard() throws {
    let gallery = try Gallery(page: "board")
    try gallery.press("Down", until: "the second card") { $0.contains("To do: #2 ") }
    try gallery.press("greater", until: "the move said on the card") {
      $0.contains("keyboard=host1") && $0.contains("described=[moved 1 card to Doing, ")
    }
  }

  /// The wheel during a board drag scrolls the column under the pointer (GTK gives it to the
  /// column holding the press, which scrolled instead), and the gap and the drop follow.
  func testTheWheelDuringABoardDragScrollsTheColumnUnderThePointer() throws {
    let gallery = try Gallery(page: "board")
    try hold(x: 100, y: 126, through: [(100, 136), (220, 180), (400, 180)])
    try gallery.waitFor("the gap in Doing") {
      $0.contains("drop moves 1 card to Doing, position 4")
    }
    for _ in 0..<2 {
      try xdotool("click", "5")
      Thread.sleep(forTimeInterval: 0.05)
    }
    // Two notches of 40 points: Doing shows about two cards further on, the gap with it.
    try gallery.waitFor("the drop further down Doing") {
      $0.contains("drop moves 1 card to Doing, position 5")
        || $0.contains("drop moves 1 card to Doing, position 6")
    }
    // To do, the column holding the press (the page's active one, whose offset the status
    // reports), did not scroll.
    XCTAssertEqual(gallery.offset.y, 0, gallery.status)
    try xdotool("mouseup", "1")
    try gallery.waitFor("the drop") { $0.contains("moved 1 card to Doing") }
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
    try gallery.press("2", until: "the option bar's categories") {
      $0.contains("Fruit · 1 of 2")
    }
    // A broken file: a clear error and a non-zero exit, no window.
    try Data("{\"sections\": [".utf8).write(to: URL(fileURLWithPath: file))
    let (status, message) = try Self.refusal(of: gallery, ["--data", file])
    XCTAssertEqual(status, 65, "EX_DATAERR, as the terminal gallery exits")
    XCTAssertTrue(message.contains("line 1"), message)
  }

  /// `]` and `[` step pages as in the terminal, wrapping at both ends (issue 41, finding 15).
  func testBracketsStepThePagesAndWrap() throws {
    let gallery = try Gallery(page: "list")
    try gallery.press("bracketright", until: "the next page") { $0.hasPrefix("page=optionbar ") }
    try gallery.press("bracketleft", "bracketleft", until: "the last page, wrapped") {
      $0.hasPrefix("page=settings ")
    }
    try gallery.press("bracketright", until: "the first page, wrapped") {
      $0.hasPrefix("page=list ")
    }
    // GtkNotebook's own keys still step pages, though its tabs take no keyboard focus.
    try gallery.press("ctrl+Page_Down", until: "the next page by Ctrl-PgDn") {
      $0.hasPrefix("page=optionbar ")
    }
    try gallery.press("ctrl+Page_Up", until: "the previous page by Ctrl-PgUp") {
      $0.hasPrefix("page=list ")
    }
  }

  /// F1 shows the page's keys over it, and any key hides them without acting; `?` shows them
  /// too, as in the terminal (it began a type-ahead that found nothing: a new user's finding),
  /// but not within a type-ahead prefix.
  func testF1ShowsThePagesKeysAndAnyKeyHidesThem() throws {
    let gallery = try Gallery(page: "list")
    try gallery.press("question", until: "the keys shown by ?") { $0.contains("keys shown") }
    try gallery.waitFor("the keys read: they hold the keyboard focus") {
      $0.contains("keyboard=GtkLabel")
    }
    try gallery.press("Escape", until: "the keys hidden") { !$0.contains("keys shown") }
    XCTAssertTrue(gallery.status.contains("keyboardOnRow=true"), gallery.status)
    try gallery.press("F1", until: "the keys shown") { $0.contains("keys shown") }
    try gallery.press("Down", until: "the keys hidden") { !$0.contains("keys shown") }
    XCTAssertTrue(
      gallery.status.contains("|0sf:") || gallery.status.contains("|0f"),
      "Down hid the keys and moved nothing: \(gallery.status)")
    try gallery.press("ctrl+question", until: "the keys shown by Ctrl-?") {
      $0.contains("keys shown")
    }
    try gallery.press("Escape", until: "the keys hidden by Esc") { !$0.contains("keys shown") }
  }

  /// The list's tag strip, below the list as in the terminal: Tab gives it the keys (GTK's
  /// focus and the page's move together), → steps its chips, and a click on a row gives the
  /// keys back to the list. Tab and Shift-Tab go round the lists and the status line (GTK's
  /// own Tab left the focus on nothing after the status line, and Tab found nothing from
  /// there; Shift-Tab from the list went nowhere: a new user's finding).
  func testTabMovesTheKeysToTheTagStripAndAClickBack() throws {
    let gallery = try Gallery(page: "list")
    try gallery.waitFor("the list focused") { $0.contains("keyboard=host0") }
    for (key, place) in [
      ("Tab", "host1"), ("Tab", "status"), ("Tab", "host0"), ("shift+Tab", "status"),
      ("shift+Tab", "host1"), ("shift+Tab", "host0"), ("Tab", "host1"),
    ] {
      try gallery.press(key, until: "\(key) to \(place)") { $0.contains("keyboard=\(place) ") }
    }
    try gallery.waitFor("the strip focused") { $0.contains("List · red") }
    try gallery.press("Right", "Right", until: "a chip stepped") { $0.contains("List · lime") }
    try xdotool("mousemove", "300", "200", "click", "1")
    try gallery.waitFor("the list focused by a click") { $0.contains("Falcon") }
    try gallery.press("Down", until: "the list's cursor moved") { $0.contains("Eager Falcon") }
    // Another page and back by a click on the tab: the keys go to the list, which had them
    // (GTK moved them to the first focusable widget, the strip: a new user's finding).
    try gallery.press("9", until: "the table") { $0.contains("page=table") }
    try xdotool("mousemove", "60", "18", "click", "1")
    try gallery.waitFor("the list page by its tab") { $0.contains("page=list") }
    try gallery.press("Down", until: "the list's cursor moved again") {
      $0.contains("Frosty Falcon") && $0.contains("keyboard=host0 ")
    }
  }

  /// Tab back into a list whose focused row the wheel scrolled away shows that row with the
  /// keyboard focus on it, as GtkListView does (the focus ring was nowhere: a new user's
  /// finding).
  func testTabBackIntoAListShowsItsFocusedRow() throws {
    let gallery = try Gallery(page: "list")
    try gallery.waitFor("the list focused") { $0.contains("keyboard=host0") }
    try gallery.press("Home", until: "the first row focused") { $0.contains("|0f:") }
    try xdotool("mousemove", "400", "400")
    for _ in 0..<30 {
      try xdotool("click", "5")
      Thread.sleep(forTimeInterval: 0.02)
    }
    try gallery.waitFor("the first row scrolled away") {
      gallery.offset.y > 400 && !$0.contains("|0f:") && !$0.contains("moving=true")
    }
    for (key, place) in [("Tab", "host1"), ("Tab", "status"), ("Tab", "host0")] {
      try gallery.press(key, until: "\(key) to \(place)") { $0.contains("keyboard=\(place) ") }
    }
    try gallery.waitFor("the focused row shown, the focus on it") {
      $0.contains("|0f:") && $0.contains("keyboard=host0 keyboardOnRow=true")
    }
  }

  /// Type-ahead in the outline goes to the row whose name starts with the letters (it matched
  /// nothing: its rows, the gallery's own cells, had no text to search: a new user's finding).
  func testTypeAheadInTheOutlinePage() throws {
    let gallery = try Gallery(page: "outline")
    try gallery.press("e", until: "a region starting with E focused") { status in
      !status.contains("no match")
        && status.range(of: #"\|\d+f[ec]?:E"#, options: .regularExpression) != nil
    }
  }

  /// Ctrl-C stops a job, as the help says and as in the terminal (a sort ran on to its end).
  func testCtrlCStopsTheTablesSort() throws {
    let gallery = try tablePage(items: 1_000_000, rows: "1,000,000")
    try gallery.press("Right", "Right", "s", until: "sorting") { $0.contains("sorting by City") }
    try gallery.press("ctrl+c", until: "the sort stopped") { $0.contains("sort cancelled") }
  }

  /// GTK's Tab from a board column into the next makes that one the active column: the keys
  /// act where the focus ring is (they went on acting on the column left).
  func testTabIntoABoardColumnMakesItTheActiveOne() throws {
    let gallery = try Gallery(page: "board")
    try gallery.waitFor("To do active") { $0.contains("Board · To do") }
    try gallery.press("Tab", until: "Doing active") {
      $0.contains("Board · Doing") && $0.contains("keyboard=host1")
    }
    try gallery.press("Down", until: "a card of Doing focused") {
      $0.contains("Board · Doing: #1,20") && $0.contains("keyboardOnRow=true")
    }
  }

  /// A page switched in the middle of a drag lets go of it: the board's card goes back (it
  /// stayed in the air, the keys waiting for a drop), and the data-source page's task is not
  /// dropped where the button comes up on another page (new users' findings).
  func testAPageSwitchDuringADragPutsTheDraggedItemBack() throws {
    let gallery = try Gallery(page: "board")
    try hold(x: 100, y: 126, through: [(100, 136), (220, 180), (400, 180)])
    try gallery.waitFor("the card held over Doing") { $0.contains("drop moves 1 card to Doing") }
    try xdotool("key", "1", "sleep", "0.2", "mouseup", "1", "sleep", "0.2", "key", "0")
    try gallery.waitFor("the board again, the card back") {
      $0.contains("page=board") && !$0.contains("drop moves") && $0.contains("moving=false")
    }
    // The column the drag began in is still the active one, as after Escape (Doing was, with
    // no card: a new user's finding).
    XCTAssertTrue(gallery.status.contains("Board · To do: #"), gallery.status)
    try gallery.press("Down", until: "keys no longer held by a drag") {
      $0.contains("Board · ") && !$0.contains("being dragged")
    }

    try gallery.press("4", until: "the data-source page") { $0.contains("page=datasource") }
    try hold(x: 10, y: 178, through: [(10, 200), (10, 260), (10, 380)])
    try gallery.waitFor("a task lifted") { $0.contains("moving=true") || $0.contains("moving ") }
    try xdotool("key", "1", "sleep", "0.2", "mouseup", "1", "sleep", "0.2", "key", "4")
    try gallery.waitFor("the task put back, not dropped") {
      $0.contains("page=datasource") && $0.contains("drag cancelled: the task is back")
        && !$0.contains("dragged to")
    }
  }

  func testADragPagesTheCarouselAndKeysStepIt() throws {
    let gallery = try Gallery(page: "carousel")
    XCTAssertTrue(gallery.status.contains("card 1 of 12"), gallery.status)
    // The status says the modes: the cards would move on their own, unexplained.
    XCTAssertTrue(
      gallery.status.contains("wrap on · autoscroll off · Cobalt Falcon"), gallery.status)
    try drag(x: 700, y: 300, dx: -30, dy: 0, steps: 8)
    try gallery.settle()
    XCTAssertTrue(gallery.status.contains("card 2 of 12"), gallery.status)
    // Wrap: ← from the second card twice reaches the last.
    try xdotool("key", "Left", "Left")
    try gallery.settle()
    try gallery.waitFor("the wrap") { $0.contains("card 12 of 12") }
    // `w` says the new mode once, where the line names the modes ("wrap off · … · wrap off").
    try gallery.press("w", until: "wrap off, said once") {
      // (The status ends with the card, before the status file's next field.)
      $0.contains("wrap off · autoscroll off") && $0.contains("card 12 of 12 headers=")
    }
  }

  /// With a screen reader: the carousel's page says its centred card as it shows (it said
  /// "Cards, 12 items" alone, and which card showed was heard only after an arrow: a new
  /// user's finding).
  func testTheCarouselSaysItsCardAsItShows() throws {
    let gallery = try Gallery(page: "list")
    try gallery.press("6", until: "the carousel, its card said") {
      $0.contains("page=carousel") && $0.contains("keyboard=host0 ")
        && $0.contains("described=[") && !$0.contains("described=[]")
        && $0.contains(", card 1 of 12]")
    }
  }

  /// In a window shorter than the keys, they scroll (Page Down keeps them shown) instead of
  /// being cut at the top and the bottom (a new user's finding); another key hides them.
  func testKeysTallerThanTheWindowScroll() throws {
    let gallery = try Gallery(page: "table", arguments: ["--size", "520x420"])
    try gallery.waitFor("the table") { $0.contains("rows × 50 columns") }
    try gallery.press("F1", until: "the keys shown") { $0.contains("keys shown") }
    try xdotool("key", "Next")
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertTrue(gallery.status.contains("keys shown"), gallery.status)
    try gallery.press("x", until: "the keys hidden") { !$0.contains("keys shown") }
  }

  /// The waterfall's status line says its columns and placement, and what `o` and `c` make of
  /// them: GTK draws no heading, and the keys changed the cards with nothing to read (a new
  /// user's finding). The data-source page's `x` marks a task done by key.
  func testTheWaterfallSaysItsArrangementAndXMarksATaskDone() throws {
    do {
      let gallery = try Gallery(page: "waterfall")
      XCTAssertTrue(gallery.status.contains("shortest column first"), gallery.status)
      try gallery.press("o", until: "left to right") { $0.contains("columns, left to right") }
    }
    let tasks = try Gallery(page: "datasource")
    try tasks.press("Down", "x", until: "the task moved to Done") {
      $0.contains(" to Done: +0")
    }
    // The move is said with the task's name, on the row the keyboard focus comes back to
    // (the host said it as its own words, or a stale one: a new user's finding).
    try tasks.waitFor("the move said on the task's row") {
      $0.contains("described=[moved ") && $0.contains(" to Done, ")
        && $0.contains("keyboardOnRow=true")
    }
  }

  /// The outline: a click on a row's triangle expands it (and again collapses it), a click
  /// elsewhere on a row selects it and expands nothing, → expands the focused row and ←
  /// collapses it, a double click opens or closes it.
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
    // Once the rows have glided in: a click hits the row drawn under the pointer, and while
    // they glide that is the one gliding away, not the country fading in there.
    try gallery.settle()
    try xdotool("mousemove", "300", "\(firstRow + 44)", "click", "1")
    try gallery.waitFor("the country selected") { $0.contains("|1sfc:") }
    XCTAssertEqual(total(), 14, "a click beside the triangle expands nothing")
    try gallery.press("Right", until: "the country expanded") { _ in total() == 19 }
    try gallery.press("Left", until: "collapsed by ←") { _ in total() == 14 }
    try xdotool("mousemove", "18", "\(firstRow)", "click", "1")
    try gallery.waitFor("Northlands collapsed") { _ in total() == 8 }
    // A double click on the row, beside its triangle, opens it and again closes it, as
    // GtkTreeView's does (it only selected: a new user's finding).
    try gallery.settle()
    try xdotool("mousemove", "300", "\(firstRow)")
    try xdotool("click", "--repeat", "2", "--delay", "80", "1")
    try gallery.waitFor("Northlands opened by a double click") { _ in total() == 14 }
    try gallery.settle()
    Thread.sleep(forTimeInterval: 0.5)  // not a third click
    try xdotool("click", "--repeat", "2", "--delay", "80", "1")
    try gallery.waitFor("and closed by another") { _ in total() == 8 }
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
    try gallery.press("Down", "Down", until: "the focus on the third word") { $0.contains("|2f:") }
    let focused = titles()[2]
    try gallery.press("s", until: "sorted") {
      $0.contains("· sorted ·") && !$0.contains("moving=true")
    }
    XCTAssertEqual(titles(), titles().sorted(), gallery.status)
    XCTAssertTrue(gallery.status.contains("GTK model · \(focused) ·"), "the focus kept its word")
    // And the view followed it (it stayed at the top, the focused word off screen and the
    // keyboard focus on the list: a new user's finding).
    try gallery.settle()
    XCTAssertTrue(
      gallery.status.contains("f:\(focused)") && gallery.status.contains("keyboardOnRow=true"),
      gallery.status)
    XCTAssertTrue(gallery.status.contains("· 1 checked"), gallery.status)
    try gallery.press("a", until: "a word added") { $0.contains("1,001 words") }
    try gallery.press("d", until: "a word removed") {
      $0.contains("1,000 words") && $0.contains("removed")
    }
    XCTAssertTrue(gallery.status.contains("3 changes, 0 reloaded"), gallery.status)
    // A click on a row selects its word alone and puts the cursor on it; Control-click adds
    // one; `c` checks the focused word (a click toggled, the cursor staying: a new user's
    // finding).
    // The words shown with exactly `mark` after their index (the sort scrolls to the focused
    // word, so the indices are the list's, not the screen's).
    func marked(_ mark: String) -> [String] {
      guard let range = gallery.status.range(of: "items=[") else { return [] }
      return gallery.status[range.upperBound...].dropLast().split(separator: "|").dropFirst()
        .compactMap { entry in
          let key = entry.split(separator: ":", maxSplits: 1).first ?? ""
          let index = key.prefix { $0.isNumber }
          return key.dropFirst(index.count) == mark ? String(index) : nil
        }
    }
    try xdotool("mousemove", "300", "240", "click", "1")
    try gallery.waitFor("one word selected alone, focused") { _ in
      marked("sf").count == 1 && marked("s").isEmpty && marked("f").isEmpty
    }
    let clicked = marked("sf")
    try xdotool("mousemove", "300", "330", "keydown", "ctrl", "click", "1", "keyup", "ctrl")
    try gallery.waitFor("a second one added, focused") { _ in
      marked("s") == clicked && marked("sf").count == 1 && marked("sf") != clicked
    }
    try gallery.press("c", until: "checked by the key") { $0.contains("· 2 checked") }
    // The page is in a GtkScrolledWindow: the wheel scrolls through the window (smooth, not a
    // line a notch as the host alone does) and the content follows its adjustment.
    try gallery.press("Home", until: "the top") { _ in gallery.offset.y == 0 }
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
    try gallery.press("Home", until: "the top") { _ in gallery.offset.y == 0 }
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
  /// focused (ringed: a filled cursor read as the selection); after three Downs the fourth is,
  /// in the same colour, and the first no longer; the rows' fills stay as they were.
  func testArrowKeysDrawTheFocusWithoutAScroll() throws {
    let gallery = try Gallery(page: "list")
    try gallery.press("Home", until: "the first row focused") { $0.contains("Amber Falcon") }
    Thread.sleep(forTimeInterval: 0.3)
    // Row n's ring, in its first two pixel rows (ours, and GTK's for the row with the
    // keyboard focus); its fill, in its middle.
    let top = { (number: Int) in 36 + 30 + 2 + 44 * (number - 1) }
    func ringed(_ number: Int) throws -> Bool {
      try Self.pixel(x: 600, y: top(number)) != Self.pixel(x: 600, y: top(number) + 22)
    }
    let firstFill = try Self.pixel(x: 600, y: top(1) + 22)
    XCTAssertTrue(try ringed(1), "a ring round the first row")
    XCTAssertFalse(try ringed(4), "none round the fourth")
    for _ in 0..<3 { try xdotool("key", "Down") }
    try gallery.waitFor("the fourth row focused") { $0.contains("Dusky Falcon") }
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertEqual(gallery.offset.y, 0, "nothing scrolled")
    XCTAssertTrue(try ringed(4), "the fourth row is ringed")
    XCTAssertFalse(try ringed(1), "the first row is not")
    XCTAssertEqual(try Self.pixel(x: 600, y: top(1) + 22), firstFill, "its fill is as it was")
    // Not a selection: the fourth row's fill is a row's, not the selection's tint.
    XCTAssertFalse(gallery.status.contains("selected"), gallery.status)
  }

  /// Edits on the data-source page: the headers draw the sections' new counts, and still do
  /// after a page switch.
  func testSectionHeadersDrawTheirCountsAfterEdits() throws {
    let gallery = try Gallery(page: "datasource", items: 7_200)
    let before = Self.headers(gallery.status).first?.text ?? ""
    XCTAssertEqual(before, "To do · 108 tasks", gallery.status)
    for key in ["a", "a", "a", "d", "d", "d", "d", "d", "d"] {
      try xdotool("key", key)
      Thread.sleep(forTimeInterval: 0.1)
    }
    try gallery.settle()
    try gallery.waitFor("the new count") { Self.headers($0).first?.text == "To do · 105 tasks" }
    try gallery.press("1", until: "the list") { $0.hasPrefix("page=list") }
    try gallery.press("4", until: "back") { $0.hasPrefix("page=datasource") }
    XCTAssertEqual(Self.headers(gallery.status).first?.text, "To do · 105 tasks", gallery.status)
  }

  /// The settings page, declared once in GalleryKit and shown with the GTK host's standard
  /// cells: Space flips the focused switch in place.
  func testTheDeclaredSettingsPageFlipsASwitch() throws {
    let gallery = try Gallery(page: "settings", items: 1_000_000)
    try gallery.waitFor("the page") { $0.contains("Wi-Fi: on") }
    try gallery.press("Down", "space", until: "the switch flipped") { $0.contains("Bluetooth: on") }
    try gallery.press("space", until: "and back") { $0.contains("Bluetooth: off") }
  }

  /// Ctrl-F (or `/`) finds in the list page's titles as in the terminal; `n` steps to the next
  /// match, Escape clears the find.
  func testFindInTheListPage() throws {
    let gallery = try Gallery(page: "list", items: 5_000)
    try gallery.press("ctrl+f", until: "the prompt") { $0.contains("find in the titles: ▏") }
    try gallery.enter("amber", until: "the first match") { $0.contains("match 1 of") }
    try gallery.press("n", until: "the next match") { $0.contains("match 2 of") }
    try gallery.press("Escape", until: "the find cleared") { !$0.contains("match") }
  }

  /// The outline and data-source pages find as the list page does: Ctrl-F, Return and
  /// Shift-Return step while the matches are marked, and an edit (a delete, a batch update)
  /// starts the find again over the tasks left.
  func testFindInTheOutlineAndDataSourcePages() throws {
    let gallery = try Gallery(page: "outline")
    try gallery.press("Right", "Down", "Right", until: "a country open") {
      $0.contains("fe:Lunar Nectar Republic")
    }
    try gallery.press("ctrl+f", until: "the prompt") { $0.contains("find in the shown names: ▏") }
    try gallery.enter("city", until: "the first city") { $0.contains("match 1 of 5") }
    try gallery.press("Return", until: "Return: the next") { $0.contains("match 2 of 5") }
    try gallery.press("shift+Return", until: "Shift-Return: back") { $0.contains("match 1 of 5") }
    try gallery.press("Escape", until: "cleared, Return expands again") { !$0.contains("match") }

    try gallery.press("4", until: "the data-source page") { $0.contains("page=datasource") }
    try xdotool("key", "slash")
    try gallery.enter("review", until: "a review task") { $0.contains("match 1 of 4") }
    try gallery.press("d", until: "deleted: three left") { $0.contains("3 matches") }
    try gallery.press("Return", until: "and on to one of them") { $0.contains("of 3") }
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
    try gallery.press("b", until: "the first b") {
      $0.contains("f:Banana") && $0.contains("type-ahead: “b”")
    }
    try gallery.press("b", until: "b again: the next") { $0.contains("f:Berry") }
    try gallery.press("l", until: "bl") {
      $0.contains("f:blueberry") && $0.contains("type-ahead: “bl”")
    }
    try gallery.waitFor("the prefix ends after a pause") {
      !$0.contains("type-ahead") && $0.contains("f:blueberry")
    }
    // n steps through a find's matches only while there is one: here it begins a prefix.
    try gallery.press("n", until: "n") { $0.contains("f:Nectarine") }
    try gallery.press("x", until: "nx: nothing, said") {
      $0.contains("type-ahead: “nx” · no match") && $0.contains("f:Nectarine")
    }
    // q is a letter here too: after the miss it begins a prefix of its own, and the window
    // stays open (typing "quiet" quit the gallery at its q: a new user's finding).
    try gallery.press("q", until: "q begins a prefix") { $0.contains("type-ahead: “q” · no match") }
    try gallery.press("n", "x", until: "nx again") { $0.contains("“nx” · no match") }
    // After a miss the next letter begins a prefix of its own ("nxc" found nothing, and a
    // page's letter commands were taken as more of the prefix).
    try gallery.press("c", until: "c alone") {
      $0.contains("type-ahead: “c”") && $0.contains("f:Cherry")
    }
    try gallery.press("Escape", until: "Escape ends it") { !$0.contains("type-ahead") }
    // An arrow ends a prefix too: the next letter starts a new one ("b", Down, "c" looked for
    // "bc" and found nothing: a new user's finding).
    try gallery.press("b", until: "b again") { $0.contains("type-ahead: “b”") }
    try gallery.press("Down", until: "the arrow moved, the prefix ended") {
      !$0.contains("type-ahead")
    }
    try gallery.press("c", until: "c begins anew") {
      $0.contains("type-ahead: “c”") && $0.contains("f:Cherry")
    }
    // A digit while a prefix is being typed still switches pages ("a7" was looked for).
    try gallery.press("a", "7", until: "the outline page") { $0.contains("page=outline") }
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
