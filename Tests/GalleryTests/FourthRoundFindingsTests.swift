import Foundation
import ReuseKit
import ReuseTerminal
import Testing

@testable import GalleryKit
@testable import TerminalGallery

/// A fourth new user's findings in the terminal gallery, each replayed as the user met it.
@Suite struct FourthRoundFindingsTests {
  /// A pattern that repeats a repeat is refused with the reason before any cell is matched:
  /// `/(a+)+$/` over a cell of 24 a's and a b held the loop for about an hour, and Escape and
  /// Ctrl-C could not stop it.
  @Test func aPatternThatRepeatsARepeatIsRefused() throws {
    for (pattern, nested) in [
      ("(a+)+$", "(a+)"), ("^(\\w*\\s?)*x", "(\\w*\\s?)"), ("((ab)+c)*", "((ab)+c)"),
      ("(?:[a-z]+\\d)+", "(?:[a-z]+\\d)"), ("(a{2,})*", "(a{2,})"), ("x(y(z+))+", "(y(z+))"),
    ] {
      #expect(TableMatcher.nestedRepeat(in: pattern) == nested, "\(pattern)")
    }
    for pattern in [
      "^(amber|cedar) ", "(\\d{1,3}\\.){3}\\d+", "(ab)+", "[(+]+", "\\(a+\\)+", "(a|b)*c+",
      "a+b+", "([+*])+",
    ] {
      #expect(TableMatcher.nestedRepeat(in: pattern) == nil, "\(pattern)")
    }

    let path = NSTemporaryDirectory() + "reusekit-redos-\(getpid())-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let rows = (1...10).map { "\($0),\(String(repeating: "a", count: 14 + $0))b\n" }
    try ("id,text\n" + rows.joined()).write(toFile: path, atomically: true, encoding: .utf8)
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 100, rows: 12), csv: try CSVFile.open(path: path))
    tickTestGallery(gallery, time: &time, waitingForJobs: true) {
      (gallery.currentPage as? TablePage)?.model.isWorking == false
    }
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    for prompt in ["/", "|"] {
      typeTestPrompt(Character(prompt), "/(a+)+$/", gallery, time: &time)
      let status = drawnTestGallery(gallery, canvas).last!
      #expect(status.contains("repeats a repeat"), "\(prompt): \(status)")
      #expect(gallery.currentPage.status.contains("(a+) repeats a repeat"))
      pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    }
    // A pattern without one still finds.
    typeTestPrompt("/", "/^a{20}/", gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last!.contains("match 1 of 5"))
  }

  /// Where the host's focus stays on the control (GTK's), a screen reader hears where the
  /// carousel's and the picker's arrows go (it heard nothing); the terminal reads the current
  /// card or swatch as its focus, and says it once.
  @Test func theCarouselsAndThePickersArrowsAreSaid() {
    var time = 1.0
    let (carousel, _) = makeTestGallery("carousel", TerminalSize(columns: 100, rows: 30))
    let cards = try? #require(carousel.currentPage as? CarouselPage)
    var said: [String] = []
    cards?.model.carousel.collectionView.accessibilityAnnouncementHandler = { said.append($0) }
    pressTestGallery([KeyEvent(.right)], carousel, time: &time)
    #expect(said.isEmpty, "not announced unless the host asks: \(said)")
    cards?.model.announcesSteps = true
    pressTestGallery([KeyEvent(.right)], carousel, time: &time)
    #expect(said.count == 1 && said[0].hasSuffix(", card 3 of 12"), "\(said)")
    pressTestGallery([KeyEvent(.end)], carousel, time: &time)
    #expect(said.last?.hasSuffix(", card 12 of 12") == true, "\(said)")

    let (picker, _) = makeTestGallery("picker", TerminalSize(columns: 100, rows: 30))
    let swatches = try? #require(picker.currentPage as? PickerPage)
    said = []
    swatches?.model.picker.collectionView.accessibilityAnnouncementHandler = { said.append($0) }
    swatches?.model.announcesMoves = true
    pressTestGallery([KeyEvent(.right)], picker, time: &time)
    #expect(said.contains { $0.hasSuffix(", row 1 of 6, column 2 of 8") }, "\(said)")
    pressTestGallery([KeyEvent(.down)], picker, time: &time)
    #expect(said.contains { $0.hasSuffix(", row 2 of 6, column 2 of 8") }, "\(said)")

    let (bar, _) = makeTestGallery("optionbar", TerminalSize(columns: 100, rows: 30))
    let strip = try? #require(bar.currentPage as? OptionBarPage)
    said = []
    strip?.model.bar.collectionView.accessibilityAnnouncementHandler = { said.append($0) }
    pressTestGallery([KeyEvent(.right)], bar, time: &time)
    #expect(said.isEmpty, "not announced unless the host asks: \(said)")
    strip?.model.announcesSelection = true
    pressTestGallery([KeyEvent(.right), KeyEvent(.character("d"))], bar, time: &time)
    #expect(said.count == 2 && said[0].hasSuffix(", 3 of 1,000, selected"), "\(said)")
    #expect(said.last == "nothing selected")
  }
}

/// The table's columns as a new user read them.
@Suite struct FourthRoundTableColumnTests {
  /// A blank cell among numbers leaves the column numeric (drawn as numbers, right-aligned),
  /// as it sorts; a column of blanks alone, or with one word, is text.
  @Test func blankCellsDoNotMakeANumericColumnText() throws {
    let path = NSTemporaryDirectory() + "reusekit-blanks-\(getpid())-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "a,b,c,d\n,x,,1\n22,y,,two\n-3,z,,3\n100,w,,4\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let table = CSVTable(file: try CSVFile.open(path: path))
    for _ in 0..<4_000 where table.isStillReading {
      Thread.sleep(forTimeInterval: 0.005)
      _ = table.update()
    }
    _ = table.update()
    #expect((0..<4).map(table.isNumeric(column:)) == [true, false, false, false])
  }

  /// A sorted column too narrow for its title and the arrow keeps the title's first
  /// character beside the arrow ("i↑"; the arrow alone did not say which column it was).
  @Test func aNarrowSortedColumnKeepsItsTitlesStart() throws {
    let path = NSTemporaryDirectory() + "reusekit-narrow-\(getpid())-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "id,name\n1,a\n2,b\n".write(toFile: path, atomically: true, encoding: .utf8)
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 60, rows: 6), csv: try CSVFile.open(path: path))
    tickTestGallery(gallery, time: &time, waitingForJobs: true) {
      (gallery.currentPage as? TablePage)?.model.isWorking == false
    }
    pressTestGallery([KeyEvent(.character("s"))], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).contains { $0.contains("i↑│ name") })
    pressTestGallery([KeyEvent(.character("s"))], gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).contains { $0.contains("i↓│ name") })
  }
}

/// A resize keeps the reader's place: the focused item only when it shows, else the first item
/// on screen (the pages went back to an off-screen focus on every resize: a new user's finding).
@Suite struct ResizeKeepsThePlaceTests {
  /// The wheel down `notches` times in the middle of the page, then each frame settled.
  private func wheel(_ gallery: Gallery, notches: Int, time: inout Double) {
    for _ in 0..<notches {
      time += 0.05
      gallery.handle(.mouse(MouseEvent(kind: .scrollDown, column: 40, row: 12)), at: time)
    }
    tickTestGallery(gallery, time: &time) { !gallery.currentPage.isAnimating }
  }

  @Test(arguments: ["waterfall", "datasource", "settings", "table"])
  func aResizeAfterTheWheelKeepsTheItemsInView(page: String) throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(page, TerminalSize(columns: 100, rows: 30))
    wheel(gallery, notches: 10, time: &time)
    let before = drawnTestGallery(gallery, canvas)
    // A line of the content near the top (the heading and the tab bar above it).
    let line = before[5]
    #expect(!line.trimmingCharacters(in: .whitespaces).isEmpty)
    gallery.resize(to: TerminalSize(columns: 100, rows: 25))
    tickTestGallery(gallery, time: &time) { !gallery.currentPage.isAnimating }
    let smaller = Canvas(columns: 100, rows: 25)
    let after = drawnTestGallery(gallery, smaller)
    #expect(after.contains(line), "\(page): \(line) left the screen: \(after)")
  }

  /// The waterfall's column width and placement keep the cards in view too.
  @Test func theWaterfallsColumnsKeepTheCardsInView() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 100, rows: 30))
    wheel(gallery, notches: 10, time: &time)
    let before = drawnTestGallery(gallery, canvas).last!
    #expect(before.contains("card 1 of"), "the focus stays on the first card: \(before)")
    let page = try #require(gallery.currentPage as? WaterfallPage)
    let view = page.model.feed.collectionView
    let shownBefore = Set(view.indexPathsForVisibleItems)
    pressTestGallery([KeyEvent(.character("o"))], gallery, time: &time)
    let shownAfter = Set(view.indexPathsForVisibleItems)
    #expect(!shownAfter.contains(ItemPath(section: 0, item: 0)), "not back at the first card")
    #expect(!shownBefore.isDisjoint(with: shownAfter), "cards seen before are still in view")
  }
}

/// The warning before quitting names every edit quitting loses: an edit open and edits kept
/// before it (only the open one was named, and a close after it lost both).
@Suite struct QuitWarningNamesEveryEditTests {
  @Test func anOpenEditAndEditsKeptBeforeAreBothNamed() throws {
    let path = NSTemporaryDirectory() + "reusekit-warn-\(getpid())-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "id,name\n1,Ann\n2,Bo\n".write(toFile: path, atomically: true, encoding: .utf8)
    let model = try makeLoadedCSVTableModel(path: path).model
    func press(_ key: KeyPress.Key) { pressSettling(model, key) }
    model.table.focusCell(row: 0, column: 1)
    for key in "eX" { press(.character(key)) }
    press(.enter)
    #expect(model.unsavedEditsWarning == "1 row edited, not saved: Ctrl-S saves, q again quits")
    press(.down)
    for key in "eZ" { press(.character(key)) }
    #expect(
      model.unsavedEditsWarning
        == "row 2 is being edited, not kept, and 1 row edited, not saved: Enter keeps it, "
        + "q again quits")
    press(.escape)
    #expect(model.unsavedEditsWarning == "1 row edited, not saved: Ctrl-S saves, q again quits")
  }
}

/// A table's sort goes on while another page shows (it went on only while the table showed:
/// 7 % became 8 % in ten seconds on the list page, a new user's finding).
@Suite struct JobsGoOnWhileHiddenTests {
  @Test func aSortEndsWhileTheListShows() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery(
      "table", TerminalSize(columns: 100, rows: 30), tableRows: 300_000)
    let page = try #require(gallery.currentPage as? TablePage)
    // By Name, on its thread (a table this long sorts off the loop).
    gallery.handle(.key(KeyEvent(.right)), at: time)
    gallery.handle(.key(KeyEvent(.character("s"))), at: time)
    #expect(page.model.table.isSorting, "the sort runs beside the loop")
    gallery.handle(.key(KeyEvent(.character("1"))), at: time)
    #expect(gallery.currentPageName == "list")
    #expect(gallery.isAnimating, "the hidden page's job keeps the frames coming")
    tickTestGallery(gallery, time: &time, limit: 60_000, waitingForJobs: true) {
      !page.model.table.isSorting
    }
    #expect(!page.model.table.isSorting)
    #expect(page.model.table.sortDescriptor?.column == 1, "sorted by Name while hidden")
  }
}
