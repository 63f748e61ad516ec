import Foundation
import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The terminal the table suites draw in.
private let tableTestSize = TerminalSize(columns: 100, rows: 20)

/// The table page on the demo table of `rows` rows, and the same table to check it against.
private func tablePage(rows: Int) -> (Gallery, Canvas, DemoTable) {
  let (gallery, canvas) = makeTestGallery("table", tableTestSize, tableRows: rows)
  return (gallery, canvas, DemoTable(rows: rows))
}

/// The rows of the demo table of `count` rows whose Name contains `text` (in lower case),
/// ignoring case: what a find, a filter or a select of it takes.
private func demoRows(withNameContaining text: String, of count: Int) -> [Int] {
  let demo = DemoTable(rows: count)
  return (0..<count).filter { demo.text(row: $0, column: 1)!.lowercased().contains(text) }
}

/// The status line (the screen's last) once `keys` are pressed as `pressTestGallery` presses
/// them.
private func statusLine(
  after keys: [KeyEvent], _ gallery: Gallery, _ canvas: Canvas, time: inout Double
) -> String {
  pressTestGallery(keys, gallery, time: &time)
  return drawnTestGallery(gallery, canvas).last ?? ""
}

/// The table page, driven as a user would: keys, the mouse on the headers, Shift with the
/// wheel, sorting, selecting, and a CSV file that is still loading.
@Suite struct GalleryTableTests {
  private let size = TerminalSize(columns: 100, rows: 20)

  private func lines(_ gallery: Gallery, _ canvas: Canvas) -> [String] {
    drawnTestGallery(gallery, canvas)
  }

  private func press(_ keys: [KeyEvent], _ gallery: Gallery, time: inout Double) {
    pressTestGallery(keys, gallery, time: &time, interval: 0.05)
  }

  private func click(_ gallery: Gallery, column: Int, row: Int, time: inout Double) {
    gallery.handle(.mouse(MouseEvent(kind: .press, column: column, row: row)), at: time)
    time += 0.05
    gallery.handle(.mouse(MouseEvent(kind: .release, column: column, row: row)), at: time)
    settleTestGallery(gallery, time: &time)
  }

  /// The screen row of the body's first row (under the tab bar, the heading and the header).
  private let firstRow = 3

  /// Whether a screen line shows the row numbered `number` (its frozen first column).
  private func showsRow(_ line: String, _ number: String) -> Bool {
    line.split(separator: " ").first.map(String.init) == number
  }

  /// A click on the cell just right of a header's `│` lands in the column that starts there
  /// (issue 41, finding 11: a blank column of spacing there hit nothing).
  @Test func aClickRightOfEachColumnBoundaryLandsInTheNextColumn() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 2_000)
    let header = Array(lines(gallery, canvas)[firstRow - 1])
    let boundaries = header.indices.filter { header[$0] == "│" && $0 + 1 < size.columns - 1 }
    #expect(boundaries.count >= 4, "\(String(header))")
    for boundary in boundaries {
      // The column's title: the header's text from just after the boundary to the next one.
      let rest = header[(boundary + 1)...].prefix { $0 != "│" }
      let title = String(rest).trimmingCharacters(in: .whitespaces)
      guard !title.isEmpty, !title.contains("┃") else { continue }
      click(gallery, column: boundary + 1, row: firstRow + 1, time: &time)
      let status = lines(gallery, canvas).last ?? ""
      #expect(status.contains("· \(title): "), "x = \(boundary + 1): \(status)")
    }
  }

  /// Every column in view is named in the header, however the view is scrolled sideways and
  /// whether the first column is frozen or not: one cut on its left shows the end of its title
  /// after "…" (it was blank), and one with only its edge left shows nothing (a bare "│"
  /// stood beside the frozen column's).
  @Test(arguments: [false, true]) func everyColumnInViewIsNamed(unfrozen: Bool) {
    var time = 1.0
    for width in [90, 100, 117] {
      let size = TerminalSize(columns: width, rows: 8)
      let (gallery, canvas) = makeTestGallery("table", size, tableRows: 50)
      if unfrozen { press([KeyEvent(.character("f"))], gallery, time: &time) }
      var blank = 0
      var checked = 0
      for step in 0..<60 {
        let header = lines(gallery, canvas)[firstRow - 1].dropLast(2)  // the scroll bar
        // The segments between edges, the last one (cut by the viewport's end) left out.
        let segments = header.split(separator: "│", omittingEmptySubsequences: false).dropLast()
        for segment in segments where segment.allSatisfy({ $0 == " " }) {
          blank += 1
          Issue.record("width \(width), step \(step): a nameless column in \"\(header)\"")
        }
        #expect(!header.contains("││"), "width \(width), step \(step): \(header)")
        checked += segments.count
        press([KeyEvent(.right)], gallery, time: &time)
      }
      #expect(checked > 200 && blank == 0)
    }
  }

  /// A column widened or moved with the keys keeps the cursor's cell in view: widened at the
  /// right edge it stayed cut (a new user's finding).
  @Test func aColumnWidenedAtTheEdgeStaysInView() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", size, tableRows: 200)
    let view = try #require(gallery.currentPage.restorableView)
    // The cursor to the last column that shows, at least in part.
    for _ in 0..<6 { pressTestGallery([KeyEvent(.right)], gallery, time: &time) }
    func fits() -> Bool {
      guard let focused = view.focusedIndexPath, let frame = view.frameForItem(at: focused)
      else { return false }
      return frame.maxX <= view.contentOffset.x + view.viewportSize.width + 0.5
    }
    for step in 0..<12 {
      pressTestGallery([KeyEvent(.character(">"))], gallery, time: &time)
      #expect(fits(), "after > \(step + 1)")
    }
    pressTestGallery([KeyEvent(.character("}"))], gallery, time: &time)
    #expect(fits(), "after }")
  }

  @Test func theCursorMovesByCellsAndTheViewFollowsOnBothAxes() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 2_000)
    press(Array(repeating: KeyEvent(.right), count: 12), gallery, time: &time)
    var screen = lines(gallery, canvas)
    #expect(screen.last!.contains("row 1 · Joined 2:"), "\(screen.last!)")
    #expect(showsRow(screen[firstRow], "1"), "the frozen # column stays: \(screen[firstRow])")
    #expect(
      !screen[firstRow - 1].contains("Name │"), "the view went right: \(screen[firstRow - 1])")
    press([KeyEvent(.end, modifiers: .control)], gallery, time: &time)
    screen = lines(gallery, canvas)
    #expect(screen.last!.contains("row 2,000 · Status 6:"), "\(screen.last!)")
    #expect(screen[screen.count - 2].contains("2,000"), "the last row shows")
    press([KeyEvent(.home)], gallery, time: &time)
    #expect(lines(gallery, canvas).last!.contains("row 2,000 · #: 2,000"), "Home: the row's start")
    press([KeyEvent(.home, modifiers: .control)], gallery, time: &time)
    #expect(lines(gallery, canvas).last!.contains("row 1 · #: 1"))
  }

  @Test func sortingShowsTheTopWithTheFocusedRowStillFocused() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 2_000)
    // The cursor on row 6's Amount.
    press(
      Array(repeating: KeyEvent(.down), count: 5) + Array(repeating: KeyEvent(.right), count: 6),
      gallery, time: &time)
    let before = lines(gallery, canvas)
    let line = try #require(before.firstIndex { showsRow($0, "6") })
    press([KeyEvent(.character("s"))], gallery, time: &time)
    let after = lines(gallery, canvas)
    // (The # column may widen for the numbers it shows now: compare the words, but for the
    // column cut at the right edge and the scroll bar, which such a widening shifts.)
    func words(_ line: String) -> [Substring] {
      Array(line.filter { $0 != "│" && $0 != "┃" }.split(separator: " ").dropLast())
    }
    #expect(
      after.last!.contains("(#6) · Amount:")
        && after.last!.contains("cursor off screen (an arrow"),
      "the focus stays on row 6's Amount: \(after.last!)")
    #expect(after[firstRow - 1].contains("Amount ↑"), "\(after[firstRow - 1])")
    #expect(after.last!.contains("sorted by Amount ↑"), "\(after.last!)")
    // The rows above and below it are in order now.
    func amount(_ text: String) -> Double? {
      let fields = text.split(separator: " ", omittingEmptySubsequences: true)
      return fields.first {
        $0.contains(".") && Double($0.replacingOccurrences(of: ",", with: "")) != nil
      }
      .flatMap { Double($0.replacingOccurrences(of: ",", with: "")) }
    }
    let amounts = after[firstRow..<(after.count - 1)].compactMap(amount)
    #expect(amounts == amounts.sorted(), "\(amounts)")
    // The view shows the top of the new order: Ctrl-Home (the first row) scrolls nowhere.
    press([KeyEvent(.home, modifiers: .control)], gallery, time: &time)
    #expect(lines(gallery, canvas)[firstRow] == after[firstRow], "the top showed already")
    // s again on Amount: descending; again: the data's order.
    press(Array(repeating: KeyEvent(.right), count: 6), gallery, time: &time)
    press([KeyEvent(.character("s")), KeyEvent(.character("s"))], gallery, time: &time)
    let unsorted = lines(gallery, canvas)
    #expect(showsRow(unsorted[firstRow], "1"), "the top of the data's order: \(unsorted[firstRow])")
    #expect(!unsorted.last!.contains("sorted"))
    _ = line
  }

  @Test func headersSortOnClickAndResizeAndMoveWhenDragged() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 500)
    var screen = lines(gallery, canvas)
    let header = screen[firstRow - 1]
    // The City header: a click sorts by it.
    let city = header.range(of: "City")!.lowerBound.utf16Offset(in: header)
    click(gallery, column: city, row: firstRow - 1, time: &time)
    screen = lines(gallery, canvas)
    #expect(screen[firstRow - 1].contains("City ↑"), "\(screen[firstRow - 1])")
    // The Name header's right edge (its │), dragged 6 to the right: Name is 6 wider.
    let edge = Array(screen[firstRow - 1]).firstIndex(of: "│")!  // the # column's
    let nameEdge = Array(screen[firstRow - 1])[(edge + 1)...].firstIndex(of: "│")!
    let cityBefore = Array(screen[firstRow - 1]).firstIndex(of: "C")!
    dragTestGallery(
      gallery, from: (nameEdge, firstRow - 1), step: (1, 0), steps: 6, time: &time)
    screen = lines(gallery, canvas)
    #expect(
      Array(screen[firstRow - 1]).firstIndex(of: "C")! == cityBefore + 6, "\(screen[firstRow - 1])")
    // The Status header dragged onto the Name column: Status shows second.
    let status = screen[firstRow - 1].range(of: "Status")!.lowerBound.utf16Offset(
      in: screen[firstRow - 1])
    dragTestGallery(
      gallery, from: (status + 2, firstRow - 1), step: (-4, 0), steps: (status - 6) / 4, time: &time
    )
    screen = lines(gallery, canvas)
    let order = ["Status", "Name", "City"].map { screen[firstRow - 1].range(of: $0)!.lowerBound }
    #expect(order[0] < order[1] && order[1] < order[2], "\(screen[firstRow - 1])")
  }

  @Test func shiftWithTheWheelScrollsSideways() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 500)
    let before = lines(gallery, canvas)[firstRow - 1]
    for _ in 0..<4 {
      time += 0.02
      gallery.handle(
        .mouse(MouseEvent(kind: .scrollDown, column: 50, row: 8, modifiers: .shift)), at: time)
    }
    settleTestGallery(gallery, time: &time)
    let after = lines(gallery, canvas)
    #expect(after[firstRow - 1] != before, "the columns moved: \(after[firstRow - 1])")
    #expect(showsRow(after[firstRow], "1"), "rows did not move: \(after[firstRow])")
  }

  /// At the right end a Shift-wheel leaves the last column flush with the scroll bar, the
  /// header's `│` right before it (issue 41, finding 11: one blank column of spacing stayed).
  @Test func theGridEndsFlushAfterShiftWheelingToTheRightEnd() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 500)
    for _ in 0..<400 {
      time += 0.01
      gallery.handle(
        .mouse(MouseEvent(kind: .scrollDown, column: 50, row: 8, modifiers: .shift)), at: time)
    }
    settleTestGallery(gallery, time: &time)
    let header = lines(gallery, canvas)[firstRow - 1]
    #expect(header.contains("Status 6"), "the last column shows: \(header)")
    #expect(header.hasSuffix("│┃"), "no blank column at the end: \(header)")
  }

  /// `v` and `f` say what they set in the title (issue 41, finding 11: the title always read
  /// "v selects rows", and `f` showed nothing).
  @Test func theTitleSaysWhatVAndFSet() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 500)
    func title() -> String { lines(gallery, canvas)[1] }
    #expect(title().contains("v: cells · f: 1st column frozen"), "\(title())")
    press([KeyEvent(.character("v"))], gallery, time: &time)
    #expect(title().contains("v: rows"), "\(title())")
    press([KeyEvent(.character("v"))], gallery, time: &time)
    #expect(title().contains("v: columns"), "\(title())")
    press([KeyEvent(.character("f"))], gallery, time: &time)
    #expect(title().contains("f: none frozen"), "\(title())")
    press([KeyEvent(.character("f"))], gallery, time: &time)
    #expect(title().contains("f: 1st column frozen"), "\(title())")
  }

  @Test func rowsSelectWithShiftAndTheModeKey() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 500)
    press(
      [
        KeyEvent(.character("v")), KeyEvent(.down), KeyEvent(.character(" ")),
        KeyEvent(.down, modifiers: .shift), KeyEvent(.down, modifiers: .shift),
      ],
      gallery, time: &time)
    #expect(lines(gallery, canvas).last!.contains("3 rows selected"))
    press([KeyEvent(.control("a"))], gallery, time: &time)
    #expect(lines(gallery, canvas).last!.contains("500 rows selected"))
    press([KeyEvent(.escape)], gallery, time: &time)
    #expect(!lines(gallery, canvas).last!.contains("selected"))
  }

  /// A CSV file: the first megabyte's rows show at once, the rest arrive, the count grows to
  /// the file's, and the last row shows with its text.
  @Test func aFileLoadsWhileThePageShows() throws {
    let path = NSTemporaryDirectory() + "reusekit-table-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var text = "id,name,amount\n"
    for row in 0..<150_000 { text += "\(row),row \(row),\(row % 997).5\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let file = try CSVFile.open(path: path)
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, csv: file)
    var screen = lines(gallery, canvas)
    #expect(screen[firstRow].contains("row 0"), "the first rows at once: \(screen[firstRow])")
    // While the file is read the count is an estimate, and said as one.
    if screen.last!.contains("loading") {
      #expect(screen[1].hasPrefix(" about "), "\(screen[1])")
    }
    var waited = 0
    while screen.last!.contains("loading") && waited < 500 {
      Thread.sleep(forTimeInterval: 0.01)
      time += 0.01
      gallery.tick(now: time)
      screen = lines(gallery, canvas)
      waited += 1
    }
    #expect(screen[1].hasPrefix(" 150,000 rows × 3 columns"), "\(screen[1])")
    press([KeyEvent(.end, modifiers: .control)], gallery, time: &time)
    #expect(lines(gallery, canvas).contains { $0.contains("row 149999") }, "the last row")
  }

  /// Rows that are not there yet show placeholders, which fill in as they arrive (content
  /// that loads when told: deterministic).
  @Test func placeholdersFillInAsRowsArrive() {
    final class Arriving: TableContent {
      var loaded = 10
      let columnTitles = ["id", "name"]
      var rowCount: Int { 100 }
      func text(row: Int, column: Int) -> String? { row < loaded ? "r\(row)c\(column)" : nil }
      func sortKey(row: Int, column: Int) -> TableSortKey { .number(Double(row)) }
      func isNumeric(column: Int) -> Bool { false }
      var pending = 0..<0
      func update() -> (loadedRows: Range<Int>, countChanged: Bool) {
        defer { pending = 0..<0 }
        return (pending, false)
      }
      var loadingStatus: String? { loaded < 100 ? "loading" : nil }
    }
    final class Cell: CollectionViewCell, TableCellPresenting {
      var text: String?
      func present(text: String?, isNumeric: Bool, isMatch: Bool) { self.text = text }
      func present(editing field: TextFieldState?) {}
    }
    let content = Arriving()
    let model = TableModel(
      content: content,
      metrics: plainTestMetrics,
      viewportSize: Size(width: 40, height: 30))
    model.table.register(Cell.self, forCellWithReuseIdentifier: TableModel.cellIdentifier)
    model.table.registerHeader(ReusableView.self, withReuseIdentifier: TableModel.headerIdentifier)
    model.start()
    model.table.collectionView.layoutIfNeeded()
    func shown() -> [(row: Int, text: String?)] {
      var cells: [(Int, String?)] = []
      model.table.collectionView.forEachDisplayedView { view, attributes in
        if let cell = view as? Cell { cells.append((attributes.indexPath.section, cell.text)) }
      }
      return cells
    }
    #expect(shown().filter { $0.row >= 10 }.allSatisfy { $0.text == nil }, "placeholders")
    #expect(shown().filter { $0.row < 10 }.allSatisfy { $0.text != nil })
    content.loaded = 100
    content.pending = 10..<100
    #expect(model.poll())
    #expect(shown().allSatisfy { $0.text == "r\($0.row)c0" || $0.text == "r\($0.row)c1" })
    #expect(model.status.contains("row 1 · id: r0c0"), "\(model.status)")
  }
}

/// Finding in the table page (`/`), as a user does: type, Enter, `n` and `N`, marks, Escape.
@Suite struct GalleryTableFindTests {
  private let size = TerminalSize(columns: 100, rows: 20)

  /// A filter that leaves no row says so over the body, under the column titles (the body
  /// was blank under "0 of 3,000 rows": a new user's finding); Escape shows every row again.
  @Test func aFilterThatLeavesNoRowSaysSo() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    let keys =
      [KeyEvent(.right), KeyEvent(.character("|"))]
      + "zzqq".map { KeyEvent(.character($0)) } + [KeyEvent(.enter)]
    pressTestGallery(keys, gallery, time: &time, interval: 0.05)
    tickTestGallery(gallery, time: &time, waitingForJobs: true) {
      TablePageProbe(gallery).status.contains("0 of 3,000")
    }
    var lines = drawnTestGallery(gallery, canvas)
    #expect(lines.contains { $0.contains("No row matches the filter") }, "\(lines)")
    #expect(lines.contains { $0.contains("Name") }, "the titles still show")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time, interval: 0.05)
    lines = drawnTestGallery(gallery, canvas)
    #expect(!lines.contains { $0.contains("No row matches") }, "\(lines)")
  }

  /// Escape stops the job begun last: a find begun while a sort runs stops first, and the
  /// sort goes on; a second Escape cancels the sort (Escape cancelled the long sort and the
  /// find went on: a new user's finding).
  @Test func escapeStopsTheFindBegunDuringASortFirst() {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", size, tableRows: 1_000_000)
    let probe = TablePageProbe(gallery)
    pressTestGallery(
      [KeyEvent(.right), KeyEvent(.character("s"))], gallery, time: &time, interval: 0.05)
    #expect(probe.status.contains("sorting"), "a sort under way: \(probe.status)")
    pressTestGallery(Array(type("zz9").dropLast()), gallery, time: &time, interval: 0.01)
    // Enter, and Escape at once: the find still runs.
    gallery.handle(.key(KeyEvent(.enter)), at: time + 0.01)
    gallery.handle(.key(KeyEvent(.escape)), at: time + 0.02)
    #expect(probe.status.contains("search stopped"), "the find stops first: \(probe.status)")
    #expect(!probe.status.contains("sort cancelled"), "\(probe.status)")
    gallery.handle(.key(KeyEvent(.escape)), at: time + 0.03)
    #expect(probe.status.contains("sort cancelled"), "then the sort: \(probe.status)")
  }

  private func type(_ text: String) -> [KeyEvent] {
    [KeyEvent(.character("/"))] + text.map { KeyEvent(.character($0)) } + [KeyEvent(.enter)]
  }

  /// The matches are the rows whose Name contains the text, ignoring case, counted as a scan
  /// of every row counts them; the first is the first from the cursor's row, `n` and `N` step
  /// through them round the ends, and Escape clears the find.
  @Test func findStepsThroughEveryMatchInOrder() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 5_000)
    let expected = demoRows(withNameContaining: "amber", of: 5_000)
    try #require(expected.count > 3)
    pressTestGallery([KeyEvent(.right)] + type("AmBer"), gallery, time: &time, interval: 0.05)
    var status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("match 1 of \(expected.count.formatted)"), "\(status)")
    #expect(status.contains("row \((expected[0] + 1).formatted) ·"), "\(status)")
    status = statusLine(after: [KeyEvent(.character("n"))], gallery, canvas, time: &time)
    #expect(status.contains("row \((expected[1] + 1).formatted) · Name: Amber"), "\(status)")
    #expect(status.contains("match 2 of"), "\(status)")
    status = statusLine(
      after: [KeyEvent(.character("N")), KeyEvent(.character("N"))], gallery, canvas, time: &time)
    #expect(status.contains("row \((expected.last! + 1).formatted) ·"), "round to the last")
    #expect(status.contains("match \(expected.count.formatted) of"), "\(status)")
    status = statusLine(after: [KeyEvent(.escape)], gallery, canvas, time: &time)
    #expect(!status.contains("match"), "Escape clears the find: \(status)")
  }

  /// A needle between slashes is a regular expression (ignoring case): the matches are the
  /// rows a scan with the same pattern finds; the filter shows exactly them; a pattern that
  /// does not compile is said, and hides nothing.
  @Test func patternsFindAndFilterAndABadOneIsSaid() throws {
    var time = 1.0
    let (gallery, canvas, demo) = tablePage(rows: 5_000)
    let pattern = try Regex("^(amber|cedar) ").ignoresCase()
    let expected = (0..<5_000).filter {
      (try? pattern.firstMatch(in: demo.text(row: $0, column: 1)!)) != nil
    }
    try #require(expected.count > 3)
    pressTestGallery(
      [KeyEvent(.right)] + type("/^(amber|CEDAR) /"), gallery, time: &time, interval: 0.05)
    var status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("match 1 of \(expected.count.formatted)"), "\(status)")
    pressTestGallery([KeyEvent(.escape), KeyEvent(.character("|"))], gallery, time: &time)
    pressTestGallery(
      "/^(amber|cedar) /".map { KeyEvent(.character($0)) } + [KeyEvent(.enter)], gallery,
      time: &time, interval: 0.05)
    // The heading says the table's shape (the status line has no room for it as well).
    var heading = drawnTestGallery(gallery, canvas)[1]
    #expect(heading.contains("\(expected.count.formatted) of 5,000 rows ×"), "\(heading)")
    pressTestGallery([KeyEvent(.escape), KeyEvent(.character("|"))], gallery, time: &time)
    pressTestGallery(
      "/(/".map { KeyEvent(.character($0)) } + [KeyEvent(.enter)], gallery, time: &time)
    status = drawnTestGallery(gallery, canvas).last ?? ""
    heading = drawnTestGallery(gallery, canvas)[1]
    #expect(status.contains("not a regular expression"), "\(status)")
    #expect(heading.contains(" 5,000 rows ×") && !heading.contains("of 5,000"), "\(heading)")
  }

  /// `&` selects the rows whose Name has the text instead of hiding the others; Escape lets
  /// them go.
  @Test func ampersandSelectsTheMatchingRows() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 5_000)
    let expected = demoRows(withNameContaining: "cedar", of: 5_000)
    pressTestGallery(
      [KeyEvent(.right), KeyEvent(.character("&"))] + "cedar".map { KeyEvent(.character($0)) }
        + [KeyEvent(.enter)], gallery, time: &time, interval: 0.05)
    var status = drawnTestGallery(gallery, canvas).last ?? ""
    let heading = drawnTestGallery(gallery, canvas)[1]
    #expect(status.contains("\(expected.count.formatted) rows selected"), "\(status)")
    #expect(heading.contains(" 5,000 rows ×") && !heading.contains("of 5,000"), "nothing hidden")
    status = statusLine(after: [KeyEvent(.escape)], gallery, canvas, time: &time)
    #expect(!status.contains("selected"), "\(status)")
  }

  /// `F` counts the cursor's column into a frequency table (the counts a brute-force count
  /// makes, the most frequent first); Enter on a value goes back, sorted as before, showing
  /// exactly the rows that hold it; Backspace goes back without a filter.
  @Test func frequenciesCountAColumnAndEnterFiltersToAValue() throws {
    var time = 1.0
    let (gallery, canvas, demo) = tablePage(rows: 3_000)
    var counts: [String: Int] = [:]
    for row in 0..<3_000 { counts[demo.text(row: row, column: 2)!, default: 0] += 1 }
    let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    pressTestGallery(
      [KeyEvent(.right), KeyEvent(.right), KeyEvent(.character("s")), KeyEvent(.character("F"))],
      gallery, time: &time, interval: 0.05)
    var lines = drawnTestGallery(gallery, canvas)
    let status = lines.last ?? ""
    #expect(
      status.contains("Frequencies of City: \(counts.count) values in 3,000 rows"), "\(status)")
    #expect(status.contains("City: \(ranked[0].key)"), "the most frequent first: \(status)")
    #expect(lines.contains { $0.contains(ranked[0].key) && $0.contains(ranked[0].value.formatted) })
    // The second value: Enter shows its rows, sorted by City as before.
    pressTestGallery([KeyEvent(.down), KeyEvent(.enter)], gallery, time: &time, interval: 0.05)
    lines = drawnTestGallery(gallery, canvas)
    let back = lines.last ?? ""
    #expect(lines[1].contains("\(ranked[1].value.formatted) of 3,000 rows ×"), "\(lines[1])")
    #expect(back.contains("sorted by City ↑"), "\(back)")
    #expect(back.contains("City: \(ranked[1].key)"), "\(back)")
    // Again, and Backspace: every row, still sorted. Escape goes back too.
    for back in [KeyEvent(.backspace), KeyEvent(.escape)] {
      pressTestGallery(
        [KeyEvent(.escape), KeyEvent(.character("F")), back], gallery, time: &time,
        interval: 0.05)
      let all = drawnTestGallery(gallery, canvas).last ?? ""
      #expect(
        all.contains(" 3,000 rows × 50 columns") && all.contains("sorted by City ↑"), "\(all)")
    }
  }

  /// Sorted by another column, Enter on a value of the frequency table shows its rows with the
  /// cursor on the first of them (a new user's finding: it sat where source row 1 sorted).
  @Test func aValueChosenInAFrequencyTableShowsItsFirstRow() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    // Sorted by Joined, descending; the frequencies of City; its third value.
    pressTestGallery(
      [KeyEvent(.right)] + Array(repeating: KeyEvent(.right), count: 2)
        + [KeyEvent(.character("s")), KeyEvent(.character("s"))], gallery, time: &time,
      interval: 0.05)
    let sortedBy = probe.status.components(separatedBy: "sorted by ").last ?? ""
    pressTestGallery(
      [
        KeyEvent(.left), KeyEvent(.character("F")), KeyEvent(.down), KeyEvent(.down),
        KeyEvent(.enter),
      ], gallery, time: &time, interval: 0.05)
    let lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains(" of 3,000 rows ×"), "filtered: \(lines[1])")
    #expect(probe.status.contains("row 1 (#"), "the first row shown: \(probe.status)")
    #expect(probe.status.contains("sorted by " + sortedBy.prefix(8)), "\(probe.status)")
  }

  /// With a filter shown, `F` counts the rows it shows; Enter on a value shows that value's
  /// rows among them, and Backspace twice goes back through the frequency table to the filter
  /// (a new user's finding: `F` counted every row, and the filter was lost on the way back).
  @Test func frequenciesOfAFilteredTableCountItsRowsAndAValueShowsAmongThem() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    let demo = DemoTable(rows: 3_000)
    let pebbles = demoRows(withNameContaining: "pebble", of: 3_000)
    var counts: [String: Int] = [:]
    for row in pebbles { counts[demo.text(row: row, column: 2)!, default: 0] += 1 }
    let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    #expect(pebbles.count > 20 && ranked.count > 2)
    // Sorted by Name (descending) first: the way back must find the rows by source row.
    pressTestGallery(
      [
        KeyEvent(.right), KeyEvent(.character("s")), KeyEvent(.character("s")),
        KeyEvent(.character("|")),
      ] + "pebble".map { KeyEvent(.character($0)) }
        + [KeyEvent(.enter), KeyEvent(.right), KeyEvent(.character("F"))],
      gallery, time: &time, interval: 0.05)
    var lines = drawnTestGallery(gallery, canvas)
    #expect(
      lines[1].contains(
        "Frequencies of City among “pebble” in Name: \(counts.count) values in \(pebbles.count) rows"
      ),
      "\(lines[1])")
    #expect(
      lines.contains { $0.contains(ranked[0].key) && $0.contains(" \(ranked[0].value) ") },
      "the most frequent City among the Pebbles, counted in them alone")
    // The second value: its rows among the Pebbles.
    pressTestGallery([KeyEvent(.down), KeyEvent(.enter)], gallery, time: &time, interval: 0.05)
    lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains("\(ranked[1].value) of 3,000 rows ×"), "\(lines[1])")
    #expect(probe.status.contains("among “pebble” in Name"), "\(probe.status)")
    // The numbers in the # column ("1,470": the grouping taken out).
    let shown = lines[3...].compactMap {
      $0.split(separator: " ").first.flatMap { Int($0.replacingOccurrences(of: ",", with: "")) }
    }
    #expect(!shown.isEmpty)
    for number in shown {
      #expect(demo.text(row: number - 1, column: 1)!.contains("Pebble"))
      #expect(demo.text(row: number - 1, column: 2) == ranked[1].key)
    }
    // Back to the frequency table, then back to the Pebbles, filtered as they were, the
    // cursor on the row it was on.
    pressTestGallery([KeyEvent(.down), KeyEvent(.down)], gallery, time: &time, interval: 0.05)
    // The cursor's row by its number ("row 9 (#1,381)": its place among the rows shown
    // changes with the filter, its number does not).
    let cursor = probe.status.range(of: #"\(#[0-9,]+\)"#, options: .regularExpression)
      .map { String(probe.status[$0]) }
    #expect(cursor != nil && cursor != "(#\(shown[0].formatted))", "\(probe.status)")
    pressTestGallery([KeyEvent(.backspace)], gallery, time: &time, interval: 0.05)
    #expect(drawnTestGallery(gallery, canvas)[1].contains(": \(counts.count) values in"))
    pressTestGallery([KeyEvent(.backspace)], gallery, time: &time, interval: 0.05)
    lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains("\(pebbles.count) of 3,000 rows ×"), "\(lines[1])")
    #expect(probe.status.contains("“pebble” in Name"), "\(probe.status)")
    #expect(!probe.status.contains("among"), "\(probe.status)")
    #expect(probe.status.contains("\(cursor ?? "?") ·"), "\(probe.status)")
    #expect(probe.status.contains("sorted by Name ↓"), "\(probe.status)")
  }

  /// `|` with a filter shown narrows it, as a spreadsheet's filters on two columns do; one on
  /// a column already filtered replaces that column's (a new user's finding: the second
  /// filter silently replaced the first).
  @Test func aSecondFilterNarrowsTheFirstAndOneOnTheSameColumnReplacesIt() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    let demo = DemoTable(rows: 3_000)
    func count(_ name: String, _ city: String) -> Int {
      (0..<3_000).count {
        demo.text(row: $0, column: 1)!.lowercased().contains(name)
          && (city.isEmpty || demo.text(row: $0, column: 2)!.lowercased().contains(city))
      }
    }
    func filter(_ text: String) -> [KeyEvent] {
      [KeyEvent(.character("|"))] + text.map { KeyEvent(.character($0)) } + [KeyEvent(.enter)]
    }
    pressTestGallery(
      [KeyEvent(.right)] + filter("pebble") + [KeyEvent(.right)] + [KeyEvent(.character("|"))],
      gallery, time: &time, interval: 0.05)
    #expect(probe.status.contains("show rows among “pebble” in Name whose City contains"))
    pressTestGallery(
      "osaka".map { KeyEvent(.character($0)) } + [KeyEvent(.enter)], gallery, time: &time,
      interval: 0.05)
    let both = count("pebble", "osaka")
    #expect(both > 0 && both < count("pebble", ""), "\(both) \(count("pebble", ""))")
    var lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains("\(both.formatted) of 3,000 rows ×"), "\(lines[1])")
    #expect(probe.status.contains("“osaka” in City, among “pebble” in Name"), "\(probe.status)")
    // Another on City: it replaces Osaka, Pebble stays.
    pressTestGallery(filter("quito"), gallery, time: &time, interval: 0.05)
    lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains("\(count("pebble", "quito").formatted) of 3,000 rows ×"))
    // Escape: every row.
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time, interval: 0.05)
    #expect(drawnTestGallery(gallery, canvas)[1].contains(" 3,000 rows ×"))
  }

  /// A selected cell whose column is hidden stays selected (it shows again with its column),
  /// and the status says where: "2 cells selected (1 in hidden columns)" (it said 2 with one
  /// in sight; new user's finding).
  @Test func selectedCellsInHiddenColumnsAreSaidToBeThere() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    let toggle = KeyEvent(.character(" "), modifiers: .control)
    // Two cells side by side, then their second column hidden and shown again.
    let steps: [(keys: [KeyEvent], says: String)] = [
      ([KeyEvent(.right), KeyEvent(.character(" ")), KeyEvent(.right), toggle], ""),
      ([KeyEvent(.character("h"))], " (1 in hidden columns)"),
      ([KeyEvent(.character("u"))], ""),
    ]
    for step in steps {
      pressTestGallery(step.keys, gallery, time: &time, interval: 0.05)
      #expect(probe.status.contains("2 cells selected" + step.says), "\(probe.status)")
      #expect(step.says.isEmpty != probe.status.contains("hidden"), "\(probe.status)")
      // The shape counts the columns shown (it said "× 50 columns" with some hidden).
      let shape = step.says.isEmpty ? "3,000 rows × 50 columns" : "3,000 rows × 49 of 50 columns"
      #expect(probe.shape == shape, "\(probe.shape)")
    }
  }

  /// `&` stopped with Escape before it ends puts back what was selected before it began (it
  /// left nothing selected; new user's finding).
  @Test func aSelectingFilterStoppedPutsTheSelectionBack() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", size)
    let probe = TablePageProbe(gallery)
    pressTestGallery(
      [KeyEvent(.down), KeyEvent(.right), KeyEvent(.right), KeyEvent(.character(" "))], gallery,
      time: &time)
    #expect(probe.status.contains("1 cell selected"), "\(probe.status)")
    typeTestPrompt("&", "lisbon", gallery, time: &time)
    tickTestGallery(gallery, time: &time) { probe.status.contains("rows so far") }
    #expect(probe.status.contains("selecting"), "still selecting: \(probe.status)")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    #expect(probe.status.contains("selection stopped"), "\(probe.status)")
    #expect(probe.status.contains("1 cell selected"), "as it was: \(probe.status)")
  }

  /// A find that matched nothing ends when a filter starts: its "no match" stayed beside the
  /// filter's rows as if about them (new user's finding).
  @Test func aFindWithNoMatchEndsWhenAFilterStarts() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("/", "zzzz", gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    #expect(probe.status.contains("no match for “zzzz”"), "\(probe.status)")
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("|", "lisbon", gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    #expect(probe.status.contains("“lisbon” in City"), "\(probe.status)")
    #expect(!probe.status.contains("no match"), "\(probe.status)")
  }

  /// Escape while a filter of a sorted table still runs, with a cell selected: every row
  /// shows again in the sorted order and the cell stays selected (the new user's sequence; an
  /// invariant check stopped the gallery when the rows found last were still animating in,
  /// which `TableFilterTests` replays frame by frame).
  @Test func escapeStopsAFilterOfASortedTableAndTheSelectionFollowsItsCell() throws {
    var time = 1.0
    // 200,000 rows: the sort runs on a thread of its own, and a million rows' took minutes
    // under AddressSanitizer, starving the tests that wait on other threads.
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 200_000)
    let probe = TablePageProbe(gallery)
    pressTestGallery(
      [
        KeyEvent(.down), KeyEvent(.down), KeyEvent(.down), KeyEvent(.down), KeyEvent(.right),
        KeyEvent(.right), KeyEvent(.right), KeyEvent(.character(" ")),
      ], gallery, time: &time)
    pressTestGallery([KeyEvent(.character("s"))], gallery, time: &time)
    tickTestGallery(gallery, time: &time, waitingForJobs: true) {
      probe.status.contains("sorted by")
    }
    #expect(probe.status.contains("sorted by"), "\(probe.status)")
    pressTestGallery([KeyEvent(.left)], gallery, time: &time)
    typeTestPrompt("|", "lisbon", gallery, time: &time)
    // Frames while the scan runs, until some rows show (every row showing again is then
    // more than a batch update animates: a reload).
    func found() -> Int {
      guard let range = probe.status.range(of: " found so far") else { return 0 }
      let digits = probe.status[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "," }
      return Int(String(digits.reversed()).replacingOccurrences(of: ",", with: "")) ?? 0
    }
    tickTestGallery(gallery, time: &time) { found() > 0 }
    #expect(probe.status.contains("found so far"), "\(probe.status)")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    #expect(probe.status.contains("filter stopped: every row shows"), "\(probe.status)")
    let lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains(" 200,000 rows ×"), "\(lines[1])")
    #expect(probe.status.contains("1 cell selected"), "\(probe.status)")
  }

  /// The table page over 200,000 rows (a find or a filter takes frames), the cursor in Name.
  private func nameColumnOfALargeTable(time: inout Double) -> (Gallery, TablePageProbe) {
    let (gallery, _) = makeTestGallery("table", size, tableRows: 200_000)
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    return (gallery, TablePageProbe(gallery))
  }

  /// A find over many rows numbers the cursor's match once it is done, and says the final
  /// count then: while it looked round from the cursor, the match's number grew as matches
  /// above it were found ("match 1" became "match 6,726"), and the last word said was "so
  /// far" (a new user's finding).
  @Test func aFindNumbersItsMatchOnceDoneAndSaysTheCount() throws {
    var time = 1.0
    let (gallery, probe) = nameColumnOfALargeTable(time: &time)
    typeTestPrompt(":", "100000", gallery, time: &time)  // from row 100,000
    _ = gallery.spokenLines()
    typeTestPrompt("/", "falcon", gallery, time: &time)
    var statuses: [String] = []
    var said: [String] = []
    tickTestGallery(gallery, time: &time) {
      statuses.append(probe.status)
      said += gallery.spokenLines()
      return !probe.status.contains("searching")
    }
    said += gallery.spokenLines()
    let looking = statuses.filter { $0.contains("searching") }
    #expect(looking.count > 1, "the find took frames: \(statuses.count)")
    #expect(
      !looking.contains { $0.range(of: #"match [0-9,]+ of"#, options: .regularExpression) != nil },
      "\(looking.prefix(3))")
    let final = probe.status.range(of: #"match [0-9,]+ of [0-9,]+"#, options: .regularExpression)
      .map { String(probe.status[$0]) }
    #expect(final != nil, "\(probe.status)")
    #expect(said.contains { $0.hasPrefix(final ?? "?") }, "the final count said: \(said)")
  }

  /// A find, then a filter: while the filter looks, the find's count (the old rows') is not
  /// shown beside rows it does not count; the find starts again once the filter ends.
  @Test func aFindWaitsForAFilterThatStillLooks() throws {
    var time = 1.0
    let (gallery, probe) = nameColumnOfALargeTable(time: &time)
    typeTestPrompt("/", "falcon", gallery, time: &time)
    tickTestGallery(gallery, time: &time) { !probe.status.contains("searching") }
    #expect(probe.status.contains("match"), "\(probe.status)")
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("|", "zzz", gallery, time: &time)
    var during: [String] = []
    tickTestGallery(gallery, time: &time) {
      during.append(probe.status)
      return probe.status.contains("no row's")
    }
    let looking = during.filter { $0.contains("filtering") }
    #expect(!looking.isEmpty)
    #expect(!looking.contains { $0.contains("matches") }, "\(looking.prefix(2))")
    #expect(looking.allSatisfy { $0.contains("find “falcon” again once the filter ends") })
    tickTestGallery(gallery, time: &time) { probe.status.contains("no match for “falcon”") }
    #expect(probe.status.contains("no match for “falcon”"), "\(probe.status)")
  }

  /// A filter that has found no row yet is read once while it looks, and once when it ends:
  /// its percentage is not read (a new user's finding: a line every percent, a hundred lines
  /// for one filter, each with the sort and the selection again).
  @Test func aFilterStillLookingIsReadOnceNotEveryPercent() throws {
    var time = 1.0
    let (gallery, probe) = nameColumnOfALargeTable(time: &time)
    _ = gallery.spokenLines()
    typeTestPrompt("|", "zzz", gallery, time: &time)
    var said: [String] = []
    var percents: Set<String> = []
    tickTestGallery(gallery, time: &time) {
      said += gallery.spokenLines()
      if let range = probe.status.range(of: #"\d+ %"#, options: .regularExpression) {
        percents.insert(String(probe.status[range]))
      }
      return probe.status.contains("no row's")
    }
    said += gallery.spokenLines()
    #expect(percents.count > 1, "the filter took several frames: \(percents)")
    #expect(!said.contains { $0.contains("%") }, "\(said)")
    #expect(said.filter { $0.hasPrefix("filtering:") }.count <= 1, "\(said)")
    #expect(said.last == "no row's Name has “zzz” (Esc shows all)", "\(said)")
  }

  /// A filter that finds rows as it goes is read as it starts and once it is done, not at each
  /// step: the focused row's line changed only in its count ("row 1 of 2,175"), and was read
  /// at every one (a new user's finding: 200 lines for one filter). A sort of the large table
  /// is said as it starts ("sorting by Name, ascending"), not only when done.
  @Test func aFilterFindingRowsIsReadOnceDone() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", size, tableRows: 1_000_000)
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    let probe = TablePageProbe(gallery)
    _ = gallery.spokenLines()
    typeTestPrompt("|", "pa", gallery, time: &time)
    var said: [String] = []
    var counts: Set<String> = []
    tickTestGallery(gallery, time: &time, waitingForJobs: true) {
      said += gallery.spokenLines()
      counts.insert(probe.shape)
      return !gallery.currentPage.isWaitingForJob && probe.status.contains("of 1,000,000 rows")
    }
    said += gallery.spokenLines()
    #expect(counts.count > 3, "the rows found showed in several steps: \(counts)")
    let rowLines = said.filter { $0.contains(", row ") }
    #expect(rowLines.count <= 2, "\(said)")
    #expect(said.count <= 5, "\(said)")
    // The first count is said as a count so far; only the last as the rows shown.
    let shownCounts = said.filter { $0.hasSuffix("rows shown") }
    #expect(shownCounts.count == 1, "\(said)")
    #expect(
      said.contains { $0.hasPrefix("filtering: ") && $0.hasSuffix(" found so far") }, "\(said)")
    for key in [KeyEvent(.escape), KeyEvent(.character("s"))] {
      time += 0.1
      gallery.handle(.key(key), at: time)
    }
    _ = gallery.currentPage.status
    let sorting = gallery.spokenLines()
    #expect(sorting.contains("sorting by Name, ascending"), "\(sorting)")
  }

  /// `F` pressed while a sort runs counts once the sort ends, and the sort is kept: back from
  /// the frequency table the rows are sorted (a new user's finding: the count replaced the
  /// rows and the sort was lost without a word). Escape takes the waiting count back first.
  @Test func aSortIsNotLostToACount() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", size, tableRows: 200_000)
    let probe = TablePageProbe(gallery)
    pressTestGallery([KeyEvent(.right), KeyEvent(.character("s"))], gallery, time: &time)
    let sorting = probe.status.contains("sorting by Name")
    pressTestGallery([KeyEvent(.right), KeyEvent(.character("F"))], gallery, time: &time)
    if sorting {
      #expect(
        probe.status.contains("counting the values of City once the sort ends"),
        "\(probe.status)")
      // Escape: the count goes, the sort goes on; F again.
      pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
      #expect(probe.status.contains("count cancelled; the sort goes on"), "\(probe.status)")
      #expect(probe.status.contains("sorting by Name"), "\(probe.status)")
      pressTestGallery([KeyEvent(.character("F"))], gallery, time: &time)
    }
    tickTestGallery(gallery, time: &time, waitingForJobs: true) {
      probe.status.contains("Frequencies of City:")
    }
    #expect(probe.status.contains("Frequencies of City: "), "\(probe.status)")
    pressTestGallery([KeyEvent(.backspace)], gallery, time: &time)
    #expect(probe.status.contains("sorted by Name ↑"), "the sort kept: \(probe.status)")
  }

  /// Jobs answer keys while they run: `F` pressed while a filter still runs counts its rows
  /// once it ends (it said "the filter is still running" and never counted), Ctrl-C stops a
  /// filter as it stops a sort (it quit the gallery), and `v` lets go of what `&` selected
  /// and of what the status said about it (new user's findings).
  @Test func aFilterAnswersFAndCtrlCWhileItRuns() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size)
    let probe = TablePageProbe(gallery)
    func type(_ text: String) { typeTestPrompt("|", text, gallery, time: &time) }
    pressTestGallery([KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    type("perth")
    #expect(probe.status.contains("found so far"), "still filtering: \(probe.status)")
    time += 0.01
    gallery.handle(.key(KeyEvent(.character("F"))), at: time)
    #expect(probe.status.contains("counting the values of City once the filter ends"))
    settleTestGallery(gallery, time: &time, limit: 100_000)
    var lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains(": 1 value in "), "only Perth counted: \(lines[1])")
    #expect(lines.contains { $0.contains("Perth") })
    pressTestGallery([KeyEvent(.backspace)], gallery, time: &time)
    #expect(probe.status.contains("“perth” in City:"), "the filter back: \(probe.status)")
    // Ctrl-C while another filter runs: it stops, every row shows, the gallery stays.
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    type("cusco")
    time += 0.01
    gallery.handle(.key(KeyEvent(.control("c"), modifiers: .control)), at: time)
    #expect(!gallery.wantsToQuit)
    #expect(probe.status.contains("filter stopped: every row shows"), "\(probe.status)")
    settleTestGallery(gallery, time: &time)
    lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1].contains(" 1,000,000 rows ×"), "\(lines[1])")
    // `&` selects; `v` changes the mode, and the selection and its status go together.
    let select = [KeyEvent(.character("&"))] + "perth".map { KeyEvent(.character($0)) }
    pressTestGallery(select + [KeyEvent(.enter)], gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 100_000)
    #expect(probe.status.contains("rows selected"), "\(probe.status)")
    pressTestGallery([KeyEvent(.character("v"))], gallery, time: &time)
    #expect(!probe.status.contains("perth") && !probe.status.contains("selected"))
  }

  /// A column of numbers counts into values that sort as numbers, ties in numeric order, drawn
  /// right-aligned (a new user's finding: `999.99` sorted above `9,999.98`).
  @Test func aNumericColumnsFrequenciesSortAsNumbers() throws {
    let demo = DemoTable(rows: 3_000)
    var counts: [String: Int] = [:]
    for row in 0..<3_000 { counts[demo.text(row: row, column: 6)!, default: 0] += 1 }
    #expect(demo.isNumeric(column: 6))
    let frequencies = FrequencyTable(
      counts: counts, column: 6, columnTitle: "Amount", parent: demo, numeric: true)
    #expect(frequencies.isNumeric(column: 0))
    func number(_ row: Int) -> Double {
      Double(frequencies.text(row: row, column: 0)!.replacing(",", with: ""))!
    }
    // Ties (the same count) in numeric order.
    for row in 1..<frequencies.rowCount
    where frequencies.values[row - 1].count == frequencies.values[row].count {
      #expect(number(row - 1) < number(row))
    }
    // Sorted by the value, descending: the largest first.
    let largest = counts.keys.map { Double($0.replacing(",", with: ""))! }.max()!
    let keys = (0..<frequencies.rowCount).map { frequencies.sortKey(row: $0, column: 0) }
    #expect(keys.contains(.number(largest)))
    #expect(keys.allSatisfy { if case .number = $0 { true } else { false } })
  }

  /// A share under a twentieth of a per cent shows with two more digits ("0.033 %"), not as
  /// "0.0 %" for every rare value (a 3,650-value column of a million rows read "0.0 %" on
  /// every row; a new user's finding), and one under a thousandth as "< 0.001 %".
  @Test func rareValuesSharesShowTheirDigits() {
    let frequencies = FrequencyTable(
      counts: ["common": 999_663, "rare": 331, "rarer": 5, "rarest": 1] as [String: Int],
      column: 0, columnTitle: "City", parent: nil)
    func share(_ value: String) -> String? {
      frequencies.values.firstIndex { $0.value == value }.flatMap {
        frequencies.text(row: $0, column: 2)
      }
    }
    #expect(share("common") == "100.0 %")
    #expect(share("rare") == "0.033 %")
    #expect(share("rarer") == "0.001 %")
    #expect(share("rarest") == "< 0.001 %")
  }

  /// A filter that shows no row keeps the cursor's cell for when rows show again: the next
  /// prompt names its column, Escape puts the cursor back on it (a new user's finding: the
  /// cursor was lost, the prompt said "the column", Down landed in column #).
  @Test func aFilterThatShowsNoRowKeepsTheCursorsCell() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    pressTestGallery(
      [KeyEvent(.down), KeyEvent(.down), KeyEvent(.right), KeyEvent(.right), KeyEvent(.right)],
      gallery, time: &time, interval: 0.05)
    func cell() -> String {
      let parts = probe.status.components(separatedBy: " · ")
      guard let row = parts.firstIndex(where: { $0.hasPrefix("row ") }) else { return "" }
      return parts[row...].prefix(2).joined(separator: " · ")
    }
    let cursor = cell()
    #expect(cursor.hasPrefix("row 3 · Joined: "), "\(cursor)")
    _ = gallery.spokenLines()
    pressTestGallery(
      [KeyEvent(.character("|"))] + "paused".map { KeyEvent(.character($0)) } + [KeyEvent(.enter)],
      gallery, time: &time, interval: 0.05)
    #expect(drawnTestGallery(gallery, canvas)[1].contains(" 0 of 3,000 rows"))
    // No row is left to focus: a screen reader hears what left none, once, not the status
    // line's "0 of 3,000 rows × 50 columns" again (a new user's finding).
    #expect(probe.status.contains("no row's Joined has “paused” (Esc shows all)"))
    let said = gallery.spokenLines()
    #expect(said.contains("no row's Joined has “paused” (Esc shows all)"), "\(said)")
    #expect(!said.contains { $0.contains("× 50 columns") }, "\(said)")
    pressTestGallery([KeyEvent(.character("|"))], gallery, time: &time, interval: 0.05)
    #expect(probe.status.contains("whose Joined contains"), "\(probe.status)")
    pressTestGallery([KeyEvent(.escape), KeyEvent(.escape)], gallery, time: &time, interval: 0.05)
    #expect(drawnTestGallery(gallery, canvas)[1].contains(" 3,000 rows ×"))
    #expect(cell() == cursor, "\(probe.status)")
  }

  /// Without colour (`--color never`, `NO_COLOR`) a match and a selected cell are told from the
  /// cursor by attributes: a match bold and underlined, a selected cell underlined, the cursor
  /// alone on a highlight (reversed) (a new user's finding: a selection showed nothing and
  /// every match looked like the cursor).
  @Test func withoutColourMatchesAndSelectionAreToldFromTheCursor() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    canvas.showsColor = false
    let probe = TablePageProbe(gallery)
    let demo = DemoTable(rows: 3_000)
    // The # of the cursor's row, from the status line ("row 12 · City: …").
    func cursorRow() -> Int? {
      probe.status.components(separatedBy: " · ").first { $0.hasPrefix("row ") }
        .flatMap { Int($0.dropFirst(4).replacing(",", with: "")) }
    }
    // The screen cells of a row's City text (its first letter), by the row's # on screen.
    func city(onLine line: Int) -> Canvas.Cell? {
      let text = canvas.plainTextLines()[line]
      guard let number = text.split(separator: " ").first.flatMap({ Int($0) }),
        let name = demo.text(row: number - 1, column: 2),
        let start = text.range(of: " " + name + " ")
      else { return nil }
      return canvas[text.distance(from: text.startIndex, to: start.lowerBound) + 1, line]
    }
    pressTestGallery(
      [
        KeyEvent(.right), KeyEvent(.right), KeyEvent(.character("/")), KeyEvent(.character("a")),
        KeyEvent(.enter),
      ], gallery, time: &time, interval: 0.05)
    gallery.draw(into: canvas)
    var matches = 0
    for line in 3..<(size.rows - 1) {
      guard let cell = city(onLine: line) else { continue }
      let text = canvas.plainTextLines()[line]
      let number = Int(text.split(separator: " ")[0])!
      let isMatch = demo.text(row: number - 1, column: 2)!.lowercased().contains("a")
      let isCursor = number == cursorRow()
      if isMatch && !isCursor {
        matches += 1
        #expect(cell.style.attributes.contains(.underline), "line \(line)")
        #expect(cell.style.attributes.contains(.bold), "line \(line)")
        #expect((cell.style.background?.luminance ?? 0) < ColorMode.highlightLuminance)
      }
      if isCursor {
        #expect((cell.style.background?.luminance ?? 0) >= ColorMode.highlightLuminance)
      }
    }
    #expect(matches > 3)
    // Selected rows (`&`): underlined, not highlighted.
    pressTestGallery(
      [KeyEvent(.escape), KeyEvent(.character("&")), KeyEvent(.character("a")), KeyEvent(.enter)],
      gallery, time: &time, interval: 0.05)
    gallery.draw(into: canvas)
    var selected = 0
    for line in 3..<(size.rows - 1) {
      guard let cell = city(onLine: line) else { continue }
      let number = Int(canvas.plainTextLines()[line].split(separator: " ")[0])!
      guard number != cursorRow() else { continue }
      let isSelected = demo.text(row: number - 1, column: 2)!.lowercased().contains("a")
      #expect(cell.style.attributes.contains(.underline) == isSelected, "line \(line)")
      if isSelected { selected += 1 }
    }
    #expect(selected > 3)
  }

  /// A column scrolled partly under the frozen one is cut there with an ellipsis, in its cells
  /// and its header (a new user's finding: "6,528.58" showed as ",528.58", a number of its
  /// own, and "Status" as "us").
  @Test func aColumnCutByTheFrozenOneShowsWhereItIsCut() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", TerminalSize(columns: 120, rows: 8))
    let demo = DemoTable(rows: 10)
    pressTestGallery(Array(repeating: KeyEvent(.right), count: 12), gallery, time: &time)
    let lines = drawnTestGallery(gallery, canvas)
    // Each body row: its number, then the cut column's last characters after an ellipsis.
    for (index, line) in lines[3..<6].enumerated() {
      let words = line.split(separator: " ")
      #expect(words.first == "\(index + 1)", "\(line)")
      let cut = String(words[1])
      #expect(cut.hasPrefix("…"), "\(line)")
      let status = demo.text(row: index, column: 4)!
      #expect(status.hasSuffix(cut.dropFirst()), "\(cut) is the end of \(status)")
    }
    let header = lines[2]
    let afterFrozen = header.split(separator: "│")[1]
    #expect(afterFrozen.hasPrefix("…"), "\(header)")
    #expect("Status".hasSuffix(afterFrozen.dropFirst().trimmingCharacters(in: .whitespaces)))
  }

  /// A find made before a filter is made again over the rows the filter shows, once it ends
  /// (a new user's finding: `n` said "still searching: match 1 of 50,578" for ever).
  @Test func aFindIsMadeAgainOverTheRowsAFilterShows() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    let demo = DemoTable(rows: 3_000)
    func type(_ prompt: Character, _ text: String) -> [KeyEvent] {
      [KeyEvent(.character(prompt))] + text.map { KeyEvent(.character($0)) } + [KeyEvent(.enter)]
    }
    pressTestGallery(
      [KeyEvent(.right)] + type("/", "pebble") + [KeyEvent(.right)] + type("|", "cusco"),
      gallery, time: &time, interval: 0.05)
    _ = drawnTestGallery(gallery, canvas)
    let both = (0..<3_000).count {
      demo.text(row: $0, column: 1)!.lowercased().contains("pebble")
        && demo.text(row: $0, column: 2) == "Cusco"
    }
    #expect(both > 0)
    pressTestGallery([KeyEvent(.character("n"))], gallery, time: &time, interval: 0.05)
    #expect(probe.status.contains("of \(both)"), "\(probe.status)")
    #expect(!probe.status.contains("still searching"), "\(probe.status)")
    // Filtered to rows with no match: said so.
    pressTestGallery(
      [KeyEvent(.escape)] + type("|", "quito") + [KeyEvent(.left)] + type("/", "pebble")
        + type("|", "zzz"), gallery, time: &time, interval: 0.05)
    pressTestGallery([KeyEvent(.character("n"))], gallery, time: &time, interval: 0.05)
    #expect(!probe.status.contains("still searching"), "\(probe.status)")
  }

  /// A window made narrow and wide again shows whole columns at the left, not a sliver of one
  /// cut by the frozen column (a new user's finding: Name stayed a one-character sliver).
  @Test func aWindowGrownAgainShowsWholeColumns() throws {
    var time = 1.0
    let wide = TerminalSize(columns: 120, rows: 20)
    let (gallery, canvas) = makeTestGallery("table", wide)
    pressTestGallery([KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    gallery.resize(to: TerminalSize(columns: 20, rows: 8))
    _ = drawnTestGallery(gallery, Canvas(columns: 20, rows: 8))
    settleTestGallery(gallery, time: &time)
    gallery.resize(to: wide)
    settleTestGallery(gallery, time: &time)
    let header = drawnTestGallery(gallery, canvas)[2]
    let titles = header.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(titles.count > 3, "\(header)")
    #expect(["Name", "City"].contains(titles[1]), "a whole column after #: \(header)")
    #expect(!header.contains("…"), "\(header)")
    #expect(TablePageProbe(gallery).status.contains("City: "), "the cursor still on City")
  }

  /// Backspace from a frequency table puts the table back as it was (its columns' widths, the
  /// cursor's cell and the scroll), and Backspace in a value's rows goes back to the frequency
  /// table, the cursor on that value (a new user's findings).
  @Test func backFromFrequenciesRestoresTheTableAndBackFromAValueReturnsToThem() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    pressTestGallery(
      [KeyEvent(.pageDown), KeyEvent(.down), KeyEvent(.right), KeyEvent(.right)], gallery,
      time: &time, interval: 0.05)
    let before = drawnTestGallery(gallery, canvas)
    let cursor = probe.status.components(separatedBy: " · ").first { $0.hasPrefix("row ") }
    pressTestGallery(
      [KeyEvent(.character("F")), KeyEvent(.backspace)], gallery, time: &time, interval: 0.05)
    let after = drawnTestGallery(gallery, canvas)
    #expect(
      after[2] == before[2], "the header row's widths as they were:\n\(before[2])\n\(after[2])")
    #expect(after[3] == before[3], "the same rows in view")
    #expect(probe.status.contains(cursor ?? "?"), "the cursor where it was: \(probe.status)")

    // Enter on the third value shows its rows; Backspace goes back to the frequency table on it.
    pressTestGallery(
      [KeyEvent(.character("F")), KeyEvent(.down), KeyEvent(.down), KeyEvent(.enter)], gallery,
      time: &time, interval: 0.05)
    let value = probe.status.components(separatedBy: " · ").first { $0.hasPrefix("row ") } ?? ""
    #expect(drawnTestGallery(gallery, canvas)[1].contains(" of 3,000 rows"), "filtered")
    pressTestGallery([KeyEvent(.backspace)], gallery, time: &time, interval: 0.05)
    #expect(drawnTestGallery(gallery, canvas)[1].contains("Frequencies of "), "the frequencies")
    #expect(probe.status.contains("· row 3 ·"), "on the value chosen: \(probe.status), \(value)")
  }

  /// A sorted table keeps its sort through a frequency table: Enter on a value shows its rows
  /// in the sorted order at once, with no sort started again (it sorted the whole table anew,
  /// and Escape, "back" there, cancelled that sort and lost the order; new user's finding).
  @Test func aValuesRowsFromFrequenciesKeepTheSortWithoutSortingAgain() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", size, tableRows: 100_000)
    let probe = TablePageProbe(gallery)
    // Sort by Joined (the fourth column), in the background at this size.
    pressTestGallery(
      [KeyEvent(.right), KeyEvent(.right), KeyEvent(.right), KeyEvent(.character("s"))],
      gallery, time: &time, interval: 0.05)
    tickTestGallery(gallery, time: &time, waitingForJobs: true) {
      probe.status.contains("sorted by Joined ↑")
    }
    #expect(probe.status.contains("sorted by Joined ↑"), "\(probe.status)")
    // The frequencies of City; Enter on its first value.
    pressTestGallery(
      [KeyEvent(.left), KeyEvent(.character("F"))], gallery, time: &time, interval: 0.05)
    settleTestGallery(gallery, time: &time, limit: 100_000)
    #expect(drawnTestGallery(gallery, canvas)[1].contains("Frequencies of City"))
    pressTestGallery([KeyEvent(.enter)], gallery, time: &time, interval: 0.05)
    #expect(!probe.status.contains("sorting"), "no sort again: \(probe.status)")
    settleTestGallery(gallery, time: &time, limit: 100_000)
    let lines = drawnTestGallery(gallery, canvas)
    #expect(lines.contains { $0.contains("Joined ↑") }, "the header keeps its arrow")
    #expect(probe.status.contains("sorted by Joined ↑"), "\(probe.status)")
    // Escape stops nothing: the rows stay sorted.
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time, interval: 0.05)
    #expect(!probe.status.contains("sort cancelled"), "\(probe.status)")
    let joined = drawnTestGallery(gallery, canvas).compactMap { line -> String? in
      // The Joined cells of the body rows (dates, ISO-like): they read in order.
      line.split(separator: " ").first { $0.count == 10 && $0.filter { $0 == "-" }.count == 2 }
        .map(String.init)
    }
    #expect(joined.count > 5, "rows show: \(joined)")
    #expect(joined == joined.sorted(), "in Joined's order: \(joined)")
  }

  /// Every matched Name cell on screen is marked, and no other; a text with no match says so.
  @Test func matchesAreMarkedOnScreen() {
    var time = 1.0
    let (gallery, canvas, demo) = tablePage(rows: 2_000)
    pressTestGallery([KeyEvent(.right)] + type("e"), gallery, time: &time, interval: 0.05)
    pressTestGallery([KeyEvent(.down), KeyEvent(.down)], gallery, time: &time)
    let lines = drawnTestGallery(gallery, canvas)
    var marked = 0
    var unmarked = 0
    for (index, line) in lines.enumerated() {
      guard let number = line.split(separator: " ").first.flatMap({ Int($0) }),
        number >= 1, number <= 2_000, let name = demo.text(row: number - 1, column: 1),
        let range = line.range(of: name)
      else { continue }
      let x = line.distance(from: line.startIndex, to: range.lowerBound)
      let isMatch = name.lowercased().contains("e")
      let background = canvas[x, index].style.background
      if line.contains("row \(number.formatted) ·") { continue }  // the status line
      if isMatch { marked += 1 } else { unmarked += 1 }
      let focusedRow = lines.last?.contains("row \(number.formatted) ·") == true
      if !focusedRow {
        #expect((background == Theme.warning) == isMatch, "row \(number): \(name)")
      }
    }
    #expect(marked > 3 && unmarked > 0, "both kinds on screen: \(marked), \(unmarked)")
    pressTestGallery(type("zzzz"), gallery, time: &time, interval: 0.05)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("no match for “zzzz”") == true)
  }

  /// The prompt takes Backspace and Escape; a sort while a find holds scans again in the new
  /// order, the same rows matching, the first from the cursor's row.
  @Test func thePromptEditsAndASortScansAgain() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 160, rows: 20), tableRows: 3_000)
    let demo = DemoTable(rows: 3_000)
    let count = (0..<3_000).filter {
      demo.text(row: $0, column: 1)!.lowercased().contains("otter")
    }.count
    let keys =
      [KeyEvent(.right), KeyEvent(.character("/"))] + "otterx".map { KeyEvent(.character($0)) }
      + [KeyEvent(.backspace)]
    pressTestGallery(keys, gallery, time: &time, interval: 0.05)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("find in Name: otter▏") == true)
    pressTestGallery([KeyEvent(.enter), KeyEvent(.character("s"))], gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    #expect(status.contains("sorted by Name ↑"), "\(status)")
    #expect(status.contains("of \(count.formatted)"), "the same rows match: \(status)")
    // In the prompt, q, ?, ] and digits are text: nothing quits, helps or switches pages.
    let typed = "q?]2".map { KeyEvent(.character($0)) }
    pressTestGallery([KeyEvent(.character("/"))] + typed, gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("find in Name: q?]2▏") == true)
    #expect(!gallery.wantsToQuit && gallery.currentPage.title == "Table")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("find in") == false)
  }

  /// The status line and a screen reader mean the same by "row": the place among the rows
  /// shown; sorted or filtered, the status adds the row's number (a new user's finding: the
  /// status said "row 4", the number, while the screen reader said "row 43 of 200").
  @Test func theStatusAndTheScreenReaderSayTheSameRow() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 160, rows: 20), tableRows: 200)
    pressTestGallery(
      [KeyEvent(.right), KeyEvent(.down), KeyEvent(.down), KeyEvent(.down)], gallery, time: &time)
    _ = gallery.spokenLines()
    #expect(drawnTestGallery(gallery, canvas).last?.contains("· row 4 · Name:") == true)
    pressTestGallery([KeyEvent(.character("s")), KeyEvent(.down)], gallery, time: &time)
    let spoken = gallery.spokenLines().last { $0.contains(", Name, row ") } ?? ""
    let place = try #require(
      spoken.range(of: #"row [0-9,]+ of 200"#, options: .regularExpression).map {
        String(spoken[$0].dropLast(" of 200".count))
      }, "\(spoken)")
    let status = drawnTestGallery(gallery, canvas).last ?? ""
    let match = status.range(
      of: #"· row [0-9,]+ \(#[0-9,]+\) · Name:"#, options: .regularExpression)
    #expect(match != nil, "the place and the number: \(status)")
    #expect(status.contains("· \(place) (#"), "the place the screen reader says: \(status)")
  }

  /// `:` goes to a row by its number (the # it shows, sorted or not; clamped) or to a column
  /// by the start of its name, keeping the row; a name no shown column has is said.
  @Test func colonGoesToARowOrAColumn() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 160, rows: 20), tableRows: 3_000)
    func go(_ text: String) -> String {
      let keys =
        [KeyEvent(.character(":"))] + text.map { KeyEvent(.character($0)) } + [KeyEvent(.enter)]
      pressTestGallery(keys, gallery, time: &time, interval: 0.05)
      return drawnTestGallery(gallery, canvas).last ?? ""
    }
    #expect(go("2,500").contains("row 2,500 · #: 2,500"))
    #expect(go("amo").contains("row 2,500 · Amount:"), "a column by the start of its name")
    let past = go("99999")
    #expect(past.contains("there are 3,000 rows: went to the last"), "said: \(past)")
    #expect(past.contains("row 3,000 ·"), "clamped to the last row")
    let before = go("0")
    #expect(before.contains("rows start at 1: went to the first") && before.contains("row 1 ·"))
    #expect(go("Zebra").contains("no row or shown column “Zebra”"))
    pressTestGallery([KeyEvent(.character("s"))], gallery, time: &time)  // sorted by Amount
    let sorted = go("1")
    #expect(sorted.contains("(#1) ·") && sorted.contains("sorted by Amount ↑"), "\(sorted)")
    // Sorted, the row numbered last is not the last shown: its number is said, not "the last".
    let pastSorted = go("99999")
    #expect(pastSorted.contains("there are 3,000 rows: went to #3,000"), "said: \(pastSorted)")
    #expect(pastSorted.contains("(#3,000) ·"), "\(pastSorted)")
  }

  /// A sorted column keeps its arrow in the header however narrow it is: the title is cut
  /// before the arrow, and a column too narrow for that keeps the title's first character
  /// beside it (the arrow alone did not say which column it was: a new user's finding).
  @Test func theSortArrowShowsInNarrowColumns() throws {
    let path = NSTemporaryDirectory() + "reusekit-arrow-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "a,identifier,name\n1,22,xx\n3,44,yy\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 60, rows: 8), csv: try CSVFile.open(path: path))
    pressTestGallery([KeyEvent(.character("s"))], gallery, time: &time)
    var header = drawnTestGallery(gallery, canvas)[2]
    #expect(header.hasPrefix(" a↑│"), "a column one letter wide: \(header)")
    pressTestGallery([KeyEvent(.right), KeyEvent(.character("s"))], gallery, time: &time)
    header = drawnTestGallery(gallery, canvas)[2]
    #expect(header.contains("… ↑│") || header.contains("identifier ↑"), "\(header)")
    #expect(!header.contains("  ↑│"), "the first column is no longer sorted")
  }
}
