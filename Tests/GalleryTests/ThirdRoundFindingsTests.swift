import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// `text` written to `path`, opened, loaded, and its row 2's second cell edited to "EDIT".
private func loadedAndEdited(_ text: String, at path: String) throws -> CSVTable {
  try text.write(toFile: path, atomically: false, encoding: .utf8)
  let table = CSVTable(file: try CSVFile.open(path: path))
  for _ in 0..<500 where table.loadingStatus != nil {
    Thread.sleep(forTimeInterval: 0.01)
    _ = table.update()
  }
  _ = table.setText("EDIT", row: 2, column: 1)
  return table
}

/// Findings of the fourth round of new-user sessions, each replayed as the user did it.
@Suite struct ThirdRoundFindingsTests {
  /// `End`, `d`, `r` (five other categories), `→`: the first category, not the last. The place
  /// `d` remembered was the thousandth, and → went on from it (clamped to the fifth).
  @Test func afterAReloadTheArrowsStartAtTheFirstCategory() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("optionbar", TerminalSize(columns: 100, rows: 12))
    pressTestGallery(
      [KeyEvent(.end), KeyEvent(.character("d")), KeyEvent(.character("r")), KeyEvent(.right)],
      gallery, time: &time)
    let heading = drawnTestGallery(gallery, canvas)[1]
    #expect(heading.contains("5 categories · selected Top stories"), "\(heading)")
  }

  /// `x` does the swipe's Done by key, and Reopen in the last section: a keyboard reached Done
  /// only by `m`, section after section (a new user's finding). The cursor goes with the task.
  @Test func xMarksTheTaskUnderTheCursorDoneAndReopensIt() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("datasource", TerminalSize(columns: 90, rows: 40))
    let model = try #require((gallery.currentPage as? DataSourcePage)?.model)
    let task = model.tasks[0][1]
    let last = model.tasks.count - 1
    pressTestGallery([KeyEvent(.down), KeyEvent(.character("x"))], gallery, time: &time)
    #expect(model.tasks[last].first == task)
    #expect(!model.tasks[0].contains(task))
    #expect(model.collectionView.focusedIndexPath == ItemPath(section: last, item: 0))
    pressTestGallery([KeyEvent(.character("x"))], gallery, time: &time)
    #expect(model.tasks[0].first == task)
    #expect(!model.tasks[last].contains(task))
    #expect(model.collectionView.focusedIndexPath == ItemPath(section: 0, item: 0))
  }

  /// A save over a file another program changed since it was opened is refused, the file
  /// left as that program wrote it: the rows are places in the bytes as opened, and the save
  /// spliced them into the new ones (a new user's finding). A copy (`W`) of a file replaced
  /// at its path still writes, from the bytes the table has.
  @Test func aSaveOverAFileChangedOnDiskIsRefused() throws {
    let path = NSTemporaryDirectory() + "reusekit-changed-\(getpid())-\(UUID().uuidString).csv"
    let copy = path + ".copy.csv"
    defer {
      for file in [path, path + ".bak", path + ".new", copy] {
        try? FileManager.default.removeItem(atPath: file)
      }
    }
    var text = "id,name\n"
    for row in 0..<30 { text += "\(row),Name \(row)\n" }
    let table = try loadedAndEdited(text, at: path)
    // Another program writes the file in place (the same inode, other bytes).
    let theirs = "id,name\n100,Longer name here\n101,Another long name\n"
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(theirs.utf8))
    try handle.close()
    #expect(throws: DataFileError.self) { _ = try table.save() }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == theirs)
    do {
      _ = try table.save()
    } catch {
      #expect(error.description.contains("another program changed it"), "\(error)")
    }

    // Another file put at the path (renamed over it): in place refused, a copy written from
    // the bytes the table still holds.
    let again = try loadedAndEdited(text, at: path)
    try theirs.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: DataFileError.self) { _ = try again.save() }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == theirs)
    try again.save(as: copy)
    #expect(
      try String(contentsOfFile: copy, encoding: .utf8)
        == text.replacingOccurrences(of: "2,Name 2\n", with: "2,EDIT\n"))
  }

  /// A line another program appends to the file a save wrote is not lost by the next save:
  /// that one is refused too (the file at the path was known by its inode alone, and the
  /// second save wrote over the appended line: a new user's finding).
  @Test func aSaveOverAFileChangedSinceTheLastSaveIsRefused() throws {
    let path = NSTemporaryDirectory() + "reusekit-resaved-\(getpid())-\(UUID().uuidString).csv"
    defer {
      for file in [path, path + ".bak"] { try? FileManager.default.removeItem(atPath: file) }
    }
    var text = "id,name\n"
    for row in 0..<30 { text += "\(row),Name \(row)\n" }
    let table = try loadedAndEdited(text, at: path)
    _ = try table.save()
    // Another program appends a row to the saved file (the same inode, more bytes).
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("30,Theirs\n".utf8))
    try handle.close()
    _ = table.setText("AGAIN", row: 3, column: 1)
    do {
      _ = try table.save()
      Issue.record("the save went over the other program's line")
    } catch {
      #expect(error.description.contains("changed it since it was saved"), "\(error)")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("30,Theirs\n"))
  }

  /// A CSV column holding "nan" sorts its numbers in order, the NaN last (it was compared with
  /// `<`: `5, 3, 10, nan, 2` came out `3, 5, 10, nan, 2`, a new user's finding).
  @Test func aCSVColumnWithNaNSortsInOrder() throws {
    let path = NSTemporaryDirectory() + "reusekit-nan-\(getpid())-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "v,w\n5,a\n3,c\n10,d\nnan,e\n2,f\n".write(toFile: path, atomically: true, encoding: .utf8)
    for keys in ["s", "s s"] {
      let frame = GallerySnapshot.render(
        page: "table", size: TerminalSize(columns: 40, rows: 10),
        keys: try GallerySnapshot.parseKeys(keys),
        options: GalleryOptions(itemCount: 1_000, csv: try CSVFile.open(path: path)), color: false
      ).split(separator: "\n")
      // A row: its number (right-aligned, after the cursor's `>`), then its letter.
      let values = frame.compactMap { line -> String? in
        let words = line.split(separator: " ").filter { $0 != ">" }
        guard words.count == 2, ["a", "c", "d", "e", "f"].contains(words[1]) else { return nil }
        return String(words[0])
      }
      let expected = keys == "s" ? ["2", "3", "5", "10", "nan"] : ["10", "5", "3", "2", "nan"]
      #expect(values == expected, "\(keys): \(frame)")
    }
  }

  /// Notes that were missing or stayed: `:` with a number too long for an Int goes to the last
  /// row (it was taken for a column's name); `h` on the only column shown says why it stays;
  /// `e` on a read-only table is said to a screen reader; a find whose pattern is not a
  /// regular expression is said once, not through every later move.
  @Test func theTablesNotesAreSaidAndDoNotStay() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", TerminalSize(columns: 100, rows: 12))
    gallery.readsAsLines = true
    _ = gallery.spokenLines()
    typeTestPrompt(":", String(repeating: "9", count: 25), gallery, time: &time)
    let status = drawnTestGallery(gallery, canvas).last!
    #expect(status.contains("went to the last"), "\(status)")
    pressTestGallery([KeyEvent(.character("e"))], gallery, time: &time)
    #expect(gallery.spokenLines().contains { $0.contains("read only") })
    typeTestPrompt("/", "/(/", gallery, time: &time)
    #expect(drawnTestGallery(gallery, canvas).last!.contains("not a regular expression"))
    pressTestGallery([KeyEvent(.up)], gallery, time: &time)
    let after = drawnTestGallery(gallery, canvas).last!
    #expect(!after.contains("not a regular expression"), "\(after)")

    let path = NSTemporaryDirectory() + "reusekit-one-\(getpid())-\(UUID().uuidString).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "v\n1\n2\n".write(toFile: path, atomically: true, encoding: .utf8)
    let (one, oneCanvas) = makeTestGallery(
      "table", TerminalSize(columns: 60, rows: 10), csv: try CSVFile.open(path: path))
    pressTestGallery([KeyEvent(.character("h"))], one, time: &time)
    let hidden = drawnTestGallery(one, oneCanvas).last!
    #expect(hidden.contains("v is the only column shown: it stays"), "\(hidden)")
  }

  /// A JSON array's column of numbers with one string in it sorts its numbers as numbers,
  /// the string after them (`10, 2, 3, 5, x` before: a new user's finding).
  @Test func aJSONColumnMixingNumbersAndTextSortsNumbersAsNumbers() throws {
    let parsed = try JSONDataFile.parse(
      Array(#"[{"v":5},{"v":"x"},{"v":3},{"v":10},{"v":2}]"#.utf8))
    guard case .records(let records) = parsed else {
      Issue.record("not read as records: \(parsed)")
      return
    }
    let table = JSONRecordsTable(records: records)
    let keys = (0..<5).map { table.sortKey(row: $0, column: 0) }
    #expect(keys == [.number(5), .text("x"), .number(3), .number(10), .number(2)])
  }
}
