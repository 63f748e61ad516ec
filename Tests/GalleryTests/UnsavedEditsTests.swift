import Foundation
import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// Edits not saved stay said, and saved from where the gallery says they can be (a new user's
/// findings: the quit warning said "Ctrl-S saves" on every page, and Ctrl-S did nothing off
/// the table page, so q q lost the edits; a count cancelled took the reminder away; `e` over a
/// CSV file's counts said that a CSV file's cells can be edited).
@Suite(.serialized) struct UnsavedEditsTests {
  /// A CSV file of three cities, at a path of its own (the caller removes it).
  private func writeCities() throws -> String {
    let path = NSTemporaryDirectory() + "reusekit-edits-\(getpid())-\(UUID().uuidString).csv"
    try "name,city\nAda,Lisbon\nGrace,Osaka\nAlan,Lisbon\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func removeFiles(_ path: String) {
    for suffix in ["", ".bak", ".reusekit-saving"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// `key` on `model`, then frames until its jobs end.
  private func press(_ model: TableModel, _ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
    pressSettling(model, key, modifiers)
  }

  /// Row 0's name edited to `text` (`e`, Ctrl-U, the text, Enter).
  private func editFirstName(_ model: TableModel, to text: String) {
    model.table.focusCell(row: 0, column: 0)
    press(model, .character("e"))
    press(model, .character("u"), .control)
    for character in text { press(model, .character(character)) }
    press(model, .enter)
  }

  @Test func theEditedTablesCountsKeepTheReminderAndCtrlSSavesTheTable() throws {
    let path = try writeCities()
    defer { removeFiles(path) }
    let model = try makeLoadedCSVTableModel(path: path).model
    editFirstName(model, to: "Ida")
    #expect(model.status.contains("1 row edited · Ctrl-S saves"), "\(model.status)")
    // The city's counts: the edit is still said, and `e` says what the counts are.
    model.table.focusCell(row: 0, column: 1)
    press(model, .character("F"))
    #expect(model.content is FrequencyTable)
    #expect(model.status.contains("1 row edited · Ctrl-S saves"), "\(model.status)")
    press(model, .character("e"))
    #expect(model.status.contains("the counts are read only"), "\(model.status)")
    #expect(!model.status.contains("a CSV file's cells can be edited"), "\(model.status)")
    // Ctrl-S there saves the table counted.
    press(model, .character("s"), .control)
    let deadline = Date().addingTimeInterval(60)
    while model.unsavedEditsWarning != nil && Date() < deadline {
      _ = model.poll()
      Thread.sleep(forTimeInterval: 0.001)
    }
    #expect(model.status.contains("saved 1 edited row"), "\(model.status)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Ida,Lisbon"))
  }

  @Test func aCountCancelledKeepsTheReminder() throws {
    let path = try writeCities()
    defer { removeFiles(path) }
    let model = try makeLoadedCSVTableModel(path: path).model
    editFirstName(model, to: "Ida")
    // A count cancelled at once (Escape before any frame), as Ctrl-C cancels a long one.
    model.table.focusCell(row: 0, column: 1)
    _ = model.handle(KeyPress(.character("F")))
    if model.cancelJob() {
      #expect(model.status.contains("cancelled"), "\(model.status)")
    }
    #expect(model.status.contains("1 row edited · Ctrl-S saves"), "\(model.status)")
  }

  @Test func ctrlSOnAnotherPageSavesTheTableTheQuitWarningNames() throws {
    let path = try writeCities()
    defer { removeFiles(path) }
    var time = 1.0
    let (gallery, canvas) = makeTestGallery(
      "table", TerminalSize(columns: 120, rows: 16), csv: try CSVFile.open(path: path))
    settleTestGallery(gallery, time: &time)
    let table = try #require((gallery.currentPage as? TablePage)?.model)
    tickTestGallery(gallery, time: &time, limit: 20_000, waitingForJobs: true) {
      table.table.numberOfRows == 3 && !table.isWorking
    }
    editFirstName(table, to: "Ida")
    // Another page; q warns of the edits, and the warning says Ctrl-S saves them.
    pressTestGallery([KeyEvent(.character("1")), KeyEvent(.character("q"))], gallery, time: &time)
    #expect(gallery.notice?.contains("Ctrl-S saves") == true, "\(gallery.notice ?? "none")")
    #expect(!gallery.wantsToQuit)
    pressTestGallery([KeyEvent(.control("s"))], gallery, time: &time)
    #expect(gallery.notice?.hasPrefix("Table: ") == true, "\(gallery.notice ?? "none")")
    #expect(!(gallery.currentPage is TablePage), "the page stays")
    // The save ends while the list shows, and says so there.
    tickTestGallery(gallery, time: &time, limit: 20_000, waitingForJobs: true) {
      gallery.notice?.hasPrefix("Table: saved") == true
    }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    #expect(gallery.notice == "Table: saved 1 edited row · the old file is \(name).bak")
    #expect(drawnTestGallery(gallery, canvas).last?.contains("saved 1 edited row") == true)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Ida,Lisbon"))
    #expect(table.unsavedEditsWarning == nil)
    // Nothing is left to lose: q quits at once.
    pressTestGallery([KeyEvent(.character("q"))], gallery, time: &time)
    #expect(gallery.wantsToQuit)
  }

  @Test func ctrlSWithNothingEditedAnywhereIsThePagesOwn() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("list", TerminalSize(columns: 100, rows: 16))
    pressTestGallery([KeyEvent(.control("s"))], gallery, time: &time)
    #expect(gallery.notice == nil)
    #expect(!gallery.isAnimating)
  }
}
