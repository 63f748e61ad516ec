import Glibc
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

@testable import GalleryKit

/// A new user's findings of the seventh round: a filter made over another and stopped before it
/// ends, and the name `W` offers for a copy.
@Suite struct SeventhRoundFindingsTests {
  /// Escape while a filter made over another one still runs stops it and shows the first
  /// one's rows again (every row showed: the earlier filter went with it).
  @Test func aStoppedNarrowingFilterGivesWayToTheOneItWasMadeOver() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", TerminalSize(columns: 100, rows: 20))
    let probe = TablePageProbe(gallery)
    pressTestGallery([KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("|", "perth", gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 100_000)
    #expect(probe.status.contains("“perth” in City:"), "\(probe.status)")
    let perthHeader = drawnTestGallery(gallery, canvas)[1]
    #expect(perthHeader.contains(" of 1,000,000 rows ×"), "\(perthHeader)")
    // Over it, by Name: stopped while it runs.
    pressTestGallery([KeyEvent(.left)], gallery, time: &time)
    typeTestPrompt("|", "a", gallery, time: &time)
    #expect(probe.status.contains("found so far"), "still filtering: \(probe.status)")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    #expect(
      probe.status.contains("filter stopped: the rows of “perth” in City show again"),
      "\(probe.status)")
    // At once: the rows it had, not found again.
    #expect(!probe.status.contains("found so far"), "\(probe.status)")
    let lines = drawnTestGallery(gallery, canvas)
    #expect(lines[1] == perthHeader, "the Perth rows, all of them: \(lines[1])")
    #expect(lines[3...10].allSatisfy { $0.contains("Perth") }, "\(lines.joined(separator: "\n"))")
    // Escape again: that filter goes too, and every row shows.
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas)[1].contains(" 1,000,000 rows ×"))
    #expect(!probe.status.contains("filter stopped"), "its note goes with it: \(probe.status)")
  }

  /// A click on a pinned section header selects nothing: the row hidden under it was
  /// selected, the list staying where it was (a new user's finding, in GTK).
  @Test func aClickOnAPinnedHeaderSelectsNothingUnderIt() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    pressTestGallery([KeyEvent(.pageDown), KeyEvent(.down)], gallery, time: &time)
    settleTestGallery(gallery, time: &time)
    var lines = drawnTestGallery(gallery, canvas)
    let header = try #require(lines.firstIndex { $0.contains("· items ") })
    #expect(!lines[header + 1].contains("· items "), "a row below the pinned header")
    func click(row: Int) {
      for kind in [MouseEvent.Kind.press, .release] {
        time += 0.05
        gallery.handle(.mouse(MouseEvent(kind: kind, column: 20, row: row)), at: time)
      }
      settleTestGallery(gallery, time: &time)
    }
    click(row: header)
    lines = drawnTestGallery(gallery, canvas)
    #expect(!(lines.last ?? "").contains("selected"), "\(lines.last ?? "")")
    // A row takes a click as before.
    click(row: header + 2)
    lines = drawnTestGallery(gallery, canvas)
    #expect((lines.last ?? "").contains("1 selected"), "\(lines.last ?? "")")
  }

  /// `W` offers a name no file has: after "a-copy.csv", "a-copy-2.csv" (it offered the one it
  /// had just written, then refused it), and a name without an extension gets "-copy" at its
  /// end, even in a folder with a dot.
  @Test func theCopysNameIsOneNoFileHas() {
    let taken: Set = ["/d/a-copy.csv", "/d/a-copy-2.csv"]
    #expect(TableModel.copyName(of: "/d/a.csv", exists: taken.contains) == "/d/a-copy-3.csv")
    #expect(TableModel.copyName(of: "/d/b.csv", exists: taken.contains) == "/d/b-copy.csv")
    #expect(TableModel.copyName(of: "/d.x/data", exists: { _ in false }) == "/d.x/data-copy")
  }

  /// A leading `~` is the home folder, as in a shell.
  @Test func aTildeIsTheHomeFolder() throws {
    let home = try #require(getenv("HOME").map { String(cString: $0) })
    #expect(TableModel.expandingHome("~/x.csv") == home + "/x.csv")
    #expect(TableModel.expandingHome("~") == home)
    #expect(TableModel.expandingHome("a~/x.csv") == "a~/x.csv")
    #expect(TableModel.expandingHome("~bob/x.csv") == "~bob/x.csv")
  }
}
