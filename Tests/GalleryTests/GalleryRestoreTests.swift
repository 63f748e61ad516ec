import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// `--restore FILE`: each page's position and focus, and the page showing, kept across runs.
/// The next run: a gallery made at its default page, restored from `positions`, then sized
/// and drawn at 80 × 24.
private func relaunch(itemCount: Int, restoring positions: GalleryPositions) -> (Gallery, Canvas) {
  let size = TerminalSize(columns: 80, rows: 24)
  let gallery = Gallery(options: GalleryOptions(itemCount: itemCount), initialPage: "list")
  gallery.showsTiming = false
  gallery.restore(positions)
  gallery.resize(to: size)
  let canvas = Canvas(columns: size.columns, rows: size.rows)
  gallery.draw(into: canvas)
  return (gallery, canvas)
}

@Suite struct GalleryRestoreTests {
  @Test func aSecondRunShowsEveryPageAsTheFirstLeftIt() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("list", size, items: 100_000)
    pressTestGallery([.pageDown, .pageDown, .down, .down], first, canvas, time: &time)
    let list = canvas.plainTextLines()
    pressTestGallery([.character("4"), .end, .up], first, canvas, time: &time)
    let dataSource = canvas.plainTextLines()
    // Written and read back as the file would be.
    let saved = first.savedPositions()
    #expect(saved.page == "datasource")
    let read = try GalleryPositions.parse(Array(saved.json.utf8))
    #expect(read == saved)

    // The next run: made at its default page, restored, then sized by the terminal.
    let (second, again) = relaunch(itemCount: 100_000, restoring: read)
    #expect(second.currentPageName == "datasource")
    #expect(Array(again.plainTextLines().dropLast()) == Array(dataSource.dropLast()))
    second.handle(.key(KeyEvent(.character("1"))), at: 10)
    second.draw(into: again)
    #expect(Array(again.plainTextLines().dropLast()) == Array(list.dropLast()))
    // The focus came back too: the status lines name the same row.
    let status = { (lines: [String]) in lines.last!.split(separator: "│").first ?? "" }
    #expect(status(again.plainTextLines()) == status(list))
  }

  @Test func theOptionBarsCategoryComesBack() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("optionbar", size)
    pressTestGallery([.right, .right, .right, .right], first, canvas, time: &time)
    let status = canvas.plainTextLines().last!
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    #expect(saved.positions["optionbar"]?.selection == 4)
    let (_, again) = relaunch(itemCount: 1_000, restoring: saved)
    // The same category, selected (now "by code": the restore selected it).
    let chosen = status.components(separatedBy: " · by")[0]
    #expect(again.plainTextLines().last!.hasPrefix(chosen), "\(again.plainTextLines().last!)")
  }

  /// The table comes back with its cursor's column in view: the saved place keeps the rows'
  /// position alone, and the cursor on a far column came back off screen (a new user's
  /// finding).
  @Test func theTableComesBackWithItsCursorsColumnInView() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("table", size)
    pressTestGallery(
      [Key](repeating: .right, count: 12) + [.down, .down], first, canvas, time: &time)
    let heading = canvas.plainTextLines()[2]
    let status = canvas.plainTextLines().last!.split(separator: "│").first.map(String.init) ?? ""
    #expect(!status.contains("off screen"), "\(status)")
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    let (_, again) = relaunch(itemCount: 1_000, restoring: saved)
    let restored =
      again.plainTextLines().last!.split(separator: "│").first.map(String.init) ?? ""
    #expect(restored == status, "\(restored)")
    #expect(!restored.contains("off screen"))
    #expect(again.plainTextLines()[2] == heading, "the same columns show")
  }

  /// The board comes back in the column that was active, on the card that was focused
  /// (issue 41, finding 4: the focus was restored into the first column).
  @Test func theBoardComesBackInItsColumn() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("board", size)
    pressTestGallery([.right, .right, .down, .down], first, canvas, time: &time)
    let status = canvas.plainTextLines().last!.split(separator: "│").first.map(String.init) ?? ""
    #expect(status.contains("Review"), "\(status)")
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    #expect(saved.positions["board"]?.view == 2)
    let (_, again) = relaunch(itemCount: 1_000, restoring: saved)
    let restored =
      again.plainTextLines().last!.split(separator: "│").first.map(String.init) ?? ""
    #expect(restored == status)
  }

  /// Every column of the board comes back scrolled as it was, not only the active one (a new
  /// user's finding: the others came back at their tops).
  @Test func everyColumnOfTheBoardComesBackWhereItWas() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("board", size)
    pressTestGallery(
      [.pageDown, .pageDown, .down, .right, .right, .pageDown, .down], first, canvas,
      time: &time)
    let board = canvas.plainTextLines().dropLast()
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    let views = try #require(saved.positions["board"]?.views)
    #expect(views.count == 4, "one a column")
    #expect(views[0].scroll.indexPath.item > 0, "the first column was scrolled: \(views[0])")
    let (_, again) = relaunch(itemCount: 1_000, restoring: saved)
    #expect(again.plainTextLines().dropLast() == board)
  }

  /// A column scrolled by the wheel away from its focused card comes back scrolled, not at
  /// its focus (a new user's finding: the active column came back at its top).
  @Test func aBoardColumnScrolledAwayFromItsFocusComesBackScrolled() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("board", size)
    for _ in 0..<8 {
      time += 0.05
      first.handle(
        .mouse(MouseEvent(kind: .scrollDown, button: .none, column: 5, row: 10)), at: time)
    }
    settleTestGallery(first, time: &time)
    let board = drawnTestGallery(first, canvas).dropLast()
    #expect(!board[3].contains("#1 "), "the column scrolled: \(board[3])")
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    #expect(saved.positions["board"]?.focus?.item == 0, "the focus stayed on the first card")
    let (_, again) = relaunch(itemCount: 1_000, restoring: saved)
    #expect(again.plainTextLines().dropLast() == board)
  }

  /// The waterfall comes back to a card past its first page of 60 (a new user's finding: only
  /// the first page loads at launch, so the position was lost, then saved over as the top).
  @Test func theWaterfallComesBackPastItsFirstPage() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("waterfall", size, items: 1_000)
    pressTestGallery([Key](repeating: .pageDown, count: 10), first, canvas, time: &time)
    // The status up to the counters (cells created differ between runs).
    let cardStatus = { (lines: [String]) in lines.last!.split(separator: "│").first ?? "" }
    let status = cardStatus(canvas.plainTextLines())
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    let focus = try #require(saved.positions["waterfall"]?.focus)
    #expect(focus.item >= 60, "the focus is past the first page: \(focus)")
    let (again, canvas2) = relaunch(itemCount: 1_000, restoring: saved)
    #expect(cardStatus(canvas2.plainTextLines()) == status)
    #expect(
      canvas2.plainTextLines().dropFirst(2).dropLast()
        == canvas.plainTextLines().dropFirst(2)
        .dropLast())
    // And saved again as it was, not as the top.
    #expect(again.savedPositions().positions["waterfall"]?.focus == focus)
  }

  /// The store's rails come back where they were left, each its own offset.
  @Test func theStoresRailsComeBackWhereTheyWereLeft() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("store", size)
    // Down to "Top free", six apps along (it pages one app at a time), down to "New".
    pressTestGallery(
      [
        .down, .right, .right, .right, .right, .right, .right, .down, .right, .right, .right,
        .right,
      ],
      first, canvas, time: &time)
    let screen = canvas.plainTextLines()
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    let rails = try #require(saved.positions["store"]?.scroll.railOffsets)
    #expect(rails.count == 2, "two rails scrolled: \(rails)")
    #expect(rails[1] != nil && rails[2] != nil)
    let (again, canvas2) = relaunch(itemCount: 1_000, restoring: saved)
    _ = again
    #expect(canvas2.plainTextLines().dropFirst().dropLast() == screen.dropFirst().dropLast())
  }

  /// The outline comes back with the places that were open, on the row that was focused,
  /// scrolled as it was (a new user's finding: it kept nothing, a row's place meaning nothing
  /// without the expanded places).
  /// The outline after `keys` at 80 × 24: what it shows, and its positions as a file reads.
  private func outline(after keys: [Key]) throws -> (screen: [String], saved: GalleryPositions) {
    var time = 1.0
    let (first, canvas) = makeTestGallery("outline", TerminalSize(columns: 80, rows: 24))
    pressTestGallery(keys, first, canvas, time: &time)
    return (
      canvas.plainTextLines(), try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    )
  }

  @Test func theOutlineComesBackOpenAsItWasLeft() throws {
    // Open the first region, go to its second country, open it and go on into it; then
    // open a later region too.
    let (screen, saved) = try outline(after: [
      .right, .right, .down, .right, .right, .down, .down, .pageDown, .right, .down,
    ])
    let expanded = try #require(saved.positions["outline"]?.expanded)
    #expect(expanded.count >= 3, "\(expanded)")
    #expect(expanded.first == [0], "parents first: \(expanded)")
    let (again, canvas2) = relaunch(itemCount: 1_000, restoring: saved)
    #expect(again.currentPageName == "outline")
    #expect(canvas2.plainTextLines().dropFirst().dropLast() == screen.dropFirst().dropLast())
    let status = { (lines: [String]) in lines.last!.split(separator: "│").first ?? "" }
    #expect(status(canvas2.plainTextLines()) == status(screen))
    // Saved again as it came back.
    #expect(again.savedPositions().positions["outline"]?.expanded == expanded)
    // Paths that name no place (an old or edited file) are skipped, the rest come back.
    var edited = saved
    edited.positions["outline"]?.expanded = [[0], [999], [0, 999, 3], [5, 1, 2, 3, 4, 5]]
    edited.positions["outline"]?.focus = nil
    edited.positions["outline"]?.focusPlace = nil
    edited.positions["outline"]?.scrollPlace = nil
    let (third, _) = relaunch(itemCount: 1_000, restoring: edited)
    #expect(third.savedPositions().positions["outline"]?.expanded == [[0]])
  }

  /// The outline's focus and scroll come back on the places they were on, where those rows
  /// are in a run with other counts (by their row numbers they landed on other rows: a new
  /// user's finding).
  @Test func theOutlineComesBackOnItsPlacesWithOtherCounts() throws {
    // Open a region, a country and a city; the cursor on the city after it.
    let (screen, saved) = try outline(after: [
      .right, .right, .right, .right, .right, .down, .down, .down, .down, .down,
    ])
    let status = { (lines: [String]) in String(lines.last!.split(separator: "│").first ?? "") }
    let before = status(screen)
    #expect(saved.positions["outline"]?.focusPlace?.count == 3, "a city: \(saved)")
    // Ten times the districts a city: the rows after the open city move down.
    let (_, canvas2) = relaunch(itemCount: 10_000, restoring: saved)
    #expect(status(canvas2.plainTextLines()) == before)
    // A file without the places (an earlier version's) comes back by row, as before.
    var old = saved
    old.positions["outline"]?.focusPlace = nil
    old.positions["outline"]?.scrollPlace = nil
    let (_, canvas3) = relaunch(itemCount: 1_000, restoring: old)
    #expect(status(canvas3.plainTextLines()) == before)
  }

  /// A file kept from a run with more items names a place this run does not have: the page
  /// shows the nearest place and says so on its top line (it was dropped without a word: a
  /// new user's finding). A place that is there says nothing.
  @Test func aPositionPastTheEndIsShownAsNearAsItCanBeAndSaid() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("list", size, items: 100_000)
    pressTestGallery([.end], first, canvas, time: &time)
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    let kept = try #require(saved.positions["list"])
    #expect(kept.scroll.indexPath.item > 1_000 || kept.scroll.indexPath.section > 0)

    let (fewer, screen) = relaunch(itemCount: 1_000, restoring: saved)
    // Said on the status line, whole at 80 columns.
    let status = screen.plainTextLines().last!
    #expect(status.contains("--restore: list: past this run's data; nearest shown"), "\(status)")
    // The nearest place: the list's end, not its top, and the focus on its last item.
    let restored = try #require(fewer.currentPage.savedPosition())
    #expect(!restored.scroll.isAtStart)
    #expect(
      restored.focus == ItemPath(section: 19, item: 49), "\(String(describing: restored.focus))")
    // The file keeps the place asked for while the page stays where it was put (a run with
    // fewer items wrote the nearer place, and the larger run's was lost: a new user's
    // finding); once the user moves, the file has where they went.
    #expect(fewer.savedPositions().positions["list"] == kept)
    var moveTime = 1.0
    pressTestGallery([.up], fewer, screen, time: &moveTime)
    let moved = try #require(fewer.savedPositions().positions["list"])
    #expect(moved != kept && moved.focus == ItemPath(section: 19, item: 48))
    // A focus past the end of a list of one section: said with the list's size, and put on
    // its last item.
    var onlyFocus = saved
    onlyFocus.positions["list"]?.scroll = SavedScrollPosition(
      indexPath: ItemPath(section: 0, item: 0), identifier: nil, offsetInItem: 0, isAtStart: true)
    onlyFocus.positions["list"]?.focus = ItemPath(section: 0, item: 5_000)
    let (small, focusScreen) = relaunch(itemCount: 30, restoring: onlyFocus)
    let focusStatus = focusScreen.plainTextLines().last!
    #expect(
      focusStatus.contains("--restore: list: past this run's 30 items; nearest shown"),
      "\(focusStatus)")
    #expect(small.currentPage.savedPosition()?.focus == ItemPath(section: 0, item: 29))
    // The focused item shows (it was left off screen, the view at the top).
    let smallView = try #require(small.currentPage.restorableView)
    #expect(smallView.cellForItem(at: ItemPath(section: 0, item: 29)) != nil)
    // The file from the larger run as it is, in a run of 50 items: the nearest place and its
    // focus show.
    let (fifty, _) = relaunch(itemCount: 50, restoring: saved)
    let fiftyView = try #require(fifty.currentPage.restorableView)
    let focused = try #require(fiftyView.focusedIndexPath)
    #expect(focused.item == 49, "\(focused)")
    #expect(fiftyView.cellForItem(at: focused) != nil, "the focus in view")

    // The same file in a run as large as the one that wrote it: no notice.
    let (same, _) = relaunch(itemCount: 100_000, restoring: saved)
    #expect(same.notice == nil, "\(same.notice ?? "")")

    // A run with no items shows nothing "nearest" and keeps the place for the next run (the
    // file lost it: a new user's finding).
    let (empty, emptyScreen) = relaunch(itemCount: 0, restoring: saved)
    let emptyStatus = emptyScreen.plainTextLines().last!
    #expect(emptyStatus.contains("--restore: list: nothing in this run's data"), "\(emptyStatus)")
    #expect(empty.savedPositions().positions["list"] == kept)
  }

  @Test func aBrokenFileIsAnErrorWithItsPlace() {
    for (text, place) in [
      (#"{"positions": {"list": {"section": -1}}}"#, "line 1, column 36"),
      ("{\n  \"positions\": {\"list\": {\"focus\": [1]}}}", "line 2"),
      (#"{"pages": 3}"#, "line 1, column 11"),
      (#"{"positions": {"store": {"rails": [[1, "x"]]}}}"#, "line 1, column 36"),
      (#"{"positions": {"outline": {"expanded": [[0, -1]]}}}"#, "line 1, column 45"),
      (#"{"positions": {"outline": {"expanded": [[]]}}}"#, "line 1, column 41"),
      ("[", "line 1"),
    ] {
      #expect {
        _ = try GalleryPositions.parse(Array(text.utf8))
      } throws: { error in
        "\(error)".contains(place)
      }
    }
  }

  /// The carousel comes back on its card, by item: its wrap shows an item in any of many
  /// slots, and a run with another `--items` put the twelfth card's slot on the second of five
  /// without a word (a new user's finding). A card this run lacks: the last shown, and said;
  /// the file keeps the card asked for while the user stays.
  @Test func theCarouselComesBackOnItsCardAndSaysWhenTheCardIsGone() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("carousel", size, items: 12)
    pressTestGallery([.end], first, canvas, time: &time)
    settleTestGallery(first, time: &time)
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    #expect(saved.positions["carousel"]?.selection == 11)

    let (same, sameScreen) = relaunch(itemCount: 12, restoring: saved)
    #expect(same.currentPage.restorableSelection == 11)
    #expect(!sameScreen.plainTextLines().last!.contains("--restore"))

    let (fewer, screen) = relaunch(itemCount: 5, restoring: saved)
    let status = screen.plainTextLines().last!
    #expect(
      status.contains("--restore: carousel: card 12 is not there; nearest shown"), "\(status)")
    #expect(fewer.currentPage.restorableSelection == 4)
    #expect(fewer.savedPositions().positions["carousel"] == saved.positions["carousel"])
  }

  /// A page with nothing to show keeps the place asked for, as it says, even when something
  /// arrives by itself (the chat's first message): the file kept the top (a new user's
  /// finding).
  @Test func theChatKeepsItsPlaceThroughARunWithoutMessages() throws {
    var time = 1.0
    let size = TerminalSize(columns: 80, rows: 24)
    let (first, canvas) = makeTestGallery("chat", size, items: 200)
    pressTestGallery([.pageUp, .pageUp, .pageUp], first, canvas, time: &time)
    settleTestGallery(first, time: &time)
    let saved = try GalleryPositions.parse(Array(first.savedPositions().json.utf8))
    let kept = try #require(saved.positions["chat"])
    #expect(!kept.scroll.isAtStart)

    let (empty, screen) = relaunch(itemCount: 0, restoring: saved)
    #expect(screen.plainTextLines().last!.contains("the place is kept"))
    // Long enough for the chat's next message to arrive.
    var later = 1.0
    for _ in 0..<600 {
      later += 1.0 / 30
      empty.tick(now: later)
    }
    empty.draw(into: screen)
    #expect(empty.savedPositions().positions["chat"] == kept)
    // Used, the page keeps where the user takes it.
    pressTestGallery([.home], empty, screen, time: &later)
    #expect(empty.savedPositions().positions["chat"] != kept)
  }
}
