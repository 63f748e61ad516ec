import Foundation
import GalleryKit
import ReuseControls
import ReuseKit
import Testing

/// `n` and `N` in the table page go from the cursor's row, wherever keys moved it since the
/// last step; the status says "match k of N" only while the cursor is on match k.
@Suite(.serialized) struct TableFindStepTests {
  @Test func stepsGoFromTheCursorAndTheStatusFollowsIt() throws {
    let path = NSTemporaryDirectory() + "reusekit-find-step-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    // "amber" in rows 10, 20, …, 90 (display and source alike: no sort).
    var text = "id,name\n"
    for row in 0..<100 { text += "\(row),\(row % 10 == 0 && row > 0 ? "amber" : "cedar") \(row)\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let model = try makeLoadedCSVTableModel(path: path).model
    // The find runs off the loop: waited for up to 20 s (a thousand 1 ms naps ran out on a
    // loaded CI machine, running the suite's tests side by side, before "amber" was found).
    func press(_ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
      _ = model.handle(KeyPress(key, modifiers: modifiers))
      let deadline = Date().addingTimeInterval(20)
      while model.isWorking && Date() < deadline {
        if !model.poll() { Thread.sleep(forTimeInterval: 0.001) }
      }
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
