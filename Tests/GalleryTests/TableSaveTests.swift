import Foundation
import GalleryKit
import ReuseControls
import ReuseKit
import Testing

/// Saving runs on a thread of its own: the table answers keys while a large file is written,
/// the status line says how far it got, edits made meanwhile are the next save's (the file
/// gets the edits as they were at Ctrl-S), Escape stops it with the file left as it was, and
/// a second Ctrl-S waits for the first.
@Suite(.serialized) struct TableSaveTests {
  /// A table over a CSV file of `rows` rows (about 60 bytes each), loaded.
  private func makeTable(rows: Int, name: String) throws -> (TableModel, String, Data) {
    let path = NSTemporaryDirectory() + "reusekit-save-\(getpid())-\(name).csv"
    var text = "id,name,note\n"
    text.reserveCapacity(rows * 64)
    for row in 0..<rows {
      text += "\(row),name \(row),a note long enough to make the file large \(row % 97)\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let model = try makeLoadedCSVTableModel(path: path, viewport: Size(width: 80, height: 12)).model
    return (model, path, try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private func remove(_ path: String) {
    for suffix in ["", ".bak", ".reusekit-saving", "-copy.csv"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  private func press(_ model: TableModel, _ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
    _ = model.handle(KeyPress(key, modifiers: modifiers))
  }

  /// Edits the focused cell to `text` (`e`, Ctrl-U, the text, Enter).
  private func edit(_ model: TableModel, row: Int, to text: String) {
    model.table.focusCell(row: row, column: 1)
    press(model, .character("e"))
    press(model, .character("u"), .control)
    for character in text { press(model, character == " " ? .space : .character(character)) }
    press(model, .enter)
  }

  /// A table of 600,000 rows with row 2 edited to `text`, and Ctrl-S pressed: the table, its
  /// path (the caller removes it), the file as it was, and whether the save was still running.
  private func startSave(
    name: String, editing text: String
  ) throws -> (TableModel, String, Data, Bool) {
    let (model, path, original) = try makeTable(rows: 600_000, name: name)
    edit(model, row: 2, to: text)
    press(model, .character("s"), .control)
    return (model, path, original, model.isWorking && model.status.contains("saving"))
  }

  private func settle(_ model: TableModel) {
    for _ in 0..<20_000 where model.isWorking {
      if !model.poll() { Thread.sleep(forTimeInterval: 0.001) }
    }
    _ = model.poll()
  }

  @Test func aSaveRunsOffTheLoopAndWritesTheEditsAsTheyWereAtCtrlS() throws {
    let (model, path, _) = try makeTable(rows: 400_000, name: "snapshot")
    defer { remove(path) }
    edit(model, row: 3, to: "Ada")
    press(model, .character("s"), .control)
    // The loop goes on: an edit while the file is written.
    edit(model, row: 5, to: "Grace")
    if model.isWorking && model.status.contains("saving") {
      #expect(model.status.contains("saving reusekit-save-"), "\(model.status)")
      #expect(model.unsavedEditsWarning?.contains("q again quits") == true)
    }
    settle(model)
    #expect(model.status.contains("saved 1 edited row"), "\(model.status)")
    // Escape pressed as the save ended (to stop it) keeps what it said.
    press(model, .escape)
    #expect(model.status.contains("saved 1 edited row"), "\(model.status)")
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved.contains("\n3,Ada,"), "the edit made before Ctrl-S is in the file")
    #expect(saved.contains("\n5,name 5,"), "the edit made during the save is not")
    #expect(
      model.unsavedEditsWarning?.hasPrefix("1 row edited, not saved") == true,
      "the edit made during the save is still unsaved: \(model.unsavedEditsWarning ?? "none")")
    #expect(FileManager.default.fileExists(atPath: path + ".bak"))
    #expect(!FileManager.default.fileExists(atPath: path + ".reusekit-saving"))
    // The next save writes both.
    press(model, .character("s"), .control)
    settle(model)
    let again = try String(contentsOfFile: path, encoding: .utf8)
    #expect(again.contains("\n3,Ada,") && again.contains("\n5,Grace,"))
    #expect(model.unsavedEditsWarning == nil)
  }

  @Test func escapeStopsASaveAndTheFileStaysAsItWas() throws {
    let (model, path, original, running) = try startSave(name: "stop", editing: "Lovelace")
    defer { remove(path) }
    // A second Ctrl-S while it runs waits for the first.
    if running {
      press(model, .character("s"), .control)
      #expect(model.status.contains("saving"), "\(model.status)")
    }
    press(model, .escape)
    settle(model)
    let status = model.status
    if status.contains("stopped") {
      // Stopped: nothing replaced, nothing left behind, the edit still unsaved.
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
      #expect(!FileManager.default.fileExists(atPath: path + ".reusekit-saving"))
      #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
      #expect(model.unsavedEditsWarning?.hasPrefix("1 row edited") == true)
    } else {
      // The save ended before Escape reached it: then it is whole.
      #expect(status.contains("saved 1 edited row"), "\(status)")
      #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\n2,Lovelace,"))
    }
    #expect(running || !status.contains("stopped"))
  }

  /// Quitting while a save runs (q, then q again) leaves the file as it was and nothing
  /// beside it (a new user's finding: a 32 MB partial copy was left). When the save ended
  /// first, it is whole.
  @Test func quittingDuringASaveLeavesNoPartialFile() throws {
    let (model, path, original, running) = try startSave(name: "quit", editing: "Hopper")
    defer { remove(path) }
    model.prepareToQuit()
    #expect(!FileManager.default.fileExists(atPath: path + ".reusekit-saving"))
    let now = try Data(contentsOf: URL(fileURLWithPath: path))
    if now != original {
      #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\n2,Hopper,"))
      #expect(!running || FileManager.default.fileExists(atPath: path + ".bak"))
    }
  }

  /// A blank cell sorts last whichever the direction, as spreadsheets sort (it came first
  /// in a descending sort: a new user's finding).
  @Test func blankCellsSortLastBothWays() throws {
    let path = NSTemporaryDirectory() + "reusekit-blank-\(getpid()).csv"
    defer { remove(path) }
    try "name,amount\nb,2\nblank,\na,1\nc,3\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let model = try makeLoadedCSVTableModel(path: path).model
    for ascending in [true, false] {
      model.table.sort(by: TableSortDescriptor(column: 1, ascending: ascending))
      let names = (0..<4).map {
        model.content.text(row: model.table.sourceRow(forDisplayRow: $0), column: 0) ?? "?"
      }
      #expect(names == (ascending ? ["a", "b", "c", "blank"] : ["c", "b", "a", "blank"]))
    }
  }

  /// A desktop's undo and redo keys work as U and R do (a new user's finding, in GTK).
  @Test func ctrlZUndoesAndCtrlShiftZOrCtrlYRedoes() throws {
    let (model, path, _) = try makeTable(rows: 100, name: "undo-keys")
    defer { remove(path) }
    edit(model, row: 2, to: "Lovelace")
    #expect(model.content.text(row: 2, column: 1) == "Lovelace")
    press(model, .character("z"), .control)
    #expect(model.content.text(row: 2, column: 1) == "name 2", "\(model.status)")
    press(model, .character("Z"), [.control, .shift])
    #expect(model.content.text(row: 2, column: 1) == "Lovelace", "\(model.status)")
    press(model, .character("z"), .control)
    press(model, .character("y"), .control)
    #expect(model.content.text(row: 2, column: 1) == "Lovelace", "\(model.status)")
  }

  @Test func saveAsACopyRunsOffTheLoopToo() throws {
    let (model, path, original) = try makeTable(rows: 200_000, name: "copy")
    defer { remove(path) }
    edit(model, row: 1, to: "Hopper")
    press(model, .character("W"))
    press(model, .enter)  // the suggested name: NAME-copy.csv
    settle(model)
    let copy = String(path.dropLast(4)) + "-copy.csv"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    #expect(model.status.contains("saved a copy with 1 edited row"), "\(model.status)")
    #expect(try String(contentsOfFile: copy, encoding: .utf8).contains("\n1,Hopper,"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "the file is untouched")
    #expect(
      model.unsavedEditsWarning?.hasPrefix("1 row edited, not saved") == true,
      "the open file still lacks the edit: \(model.unsavedEditsWarning ?? "none")")
    // Ctrl-S then saves it in place, counting the one row it writes.
    press(model, .character("s"), .control)
    settle(model)
    #expect(model.status.contains("saved 1 edited row"), "\(model.status)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\n1,Hopper,"))
    #expect(model.unsavedEditsWarning == nil)
  }
}
