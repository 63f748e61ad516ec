import Foundation
import ReuseKit
import ReuseTerminal
import Testing

@testable import GalleryKit
@testable import TerminalGallery

/// `sql` run on `database` by another program, then Ctrl-R, and frames until the jobs end.
private func readAgain(
  _ model: TableModel, after sql: String, on database: TestDatabase
)
  async throws
{
  _ = try TestDatabase(at: database.path, sql)
  #expect(model.handle(KeyPress(.character("r"), modifiers: .control)))
  await settleModel(model)
}

/// Findings of the ninth round of new-user sessions, each replayed as the user did it.
@Suite struct NinthRoundFindingsTests {
  /// The names shown, in the order shown.
  private func shownNames(_ model: TableModel) -> [String] {
    (0..<model.table.numberOfDisplayedRows).compactMap {
      model.content.text(row: model.table.sourceRow(forDisplayRow: $0), column: 1)
    }
  }

  /// Sorted by a column with no index (a temporary table of sorted rows), then rows deleted
  /// and one renamed by another program: Ctrl-R shows the rows there are, in order (it showed
  /// 84 of 40,000, and the renamed row where its old name sorted: a new user's finding).
  @Test func aSortedDatabaseTableReadAgainIsSortedAgain() async throws {
    let (model, database) = try await openedPeople(rows: 1_000)
    defer { database.remove() }
    #expect(model.handle(KeyPress(.right)))
    #expect(model.handle(KeyPress(.character("s"))))
    await settleModel(model)
    #expect(model.table.sortDescriptor?.column == 1)
    try await readAgain(
      model,
      after: "DELETE FROM people WHERE id > 100; UPDATE people SET name = 'AAA First' "
        + "WHERE id = 50", on: database)
    #expect(model.content.rowCount == 100, "\(model.status)")
    #expect(model.table.numberOfDisplayedRows == 100)
    let names = shownNames(model)
    #expect(names.count == 100)
    #expect(names.first == "AAA First", "\(names.prefix(3))")
    #expect(names == names.sorted(), "in order")
    #expect(model.table.sortDescriptor?.column == 1, "still sorted, and truly")
  }

  /// A filter shown when the rows are read again is made again over them (the status said
  /// the old count beside the new one, and a row no longer meeting it stayed: a new user's
  /// finding).
  @Test func aFilterIsMadeAgainWhenTheRowsAreReadAgain() async throws {
    let (model, database) = try await openedPeople(rows: 300)
    defer { database.remove() }
    for key in [KeyPress(.right), KeyPress(.right)] { #expect(model.handle(key)) }
    #expect(model.handle(KeyPress(.character("|"))))
    for letter in "Lisbon" { _ = model.handle(KeyPress(.character(letter))) }
    #expect(model.handle(KeyPress(.enter)))
    await settleModel(model)
    #expect(model.table.numberOfDisplayedRows == 100)  // ids 3, 6, … 300
    try await readAgain(
      model,
      after: "UPDATE people SET city = 'Paris' WHERE id = 3; DELETE FROM people WHERE id > 150",
      on: database)
    #expect(model.table.numberOfDisplayedRows == 49, "\(model.status)")
    let cities = (0..<model.table.numberOfDisplayedRows).map {
      model.content.text(row: model.table.sourceRow(forDisplayRow: $0), column: 2)
    }
    #expect(cities.allSatisfy { $0 == "Lisbon" })
    #expect(model.status.contains("49 of 150 rows"), "\(model.status)")
  }

  /// Escape while a find still looks stops it and keeps what it found: `n` steps through
  /// those matches, a second Escape clears them (`n` said there was nothing to step through,
  /// 3,410 matches found: a new user's finding).
  @Test func aFindStoppedKeepsWhatItFound() {
    var time = 1.0
    let (gallery, _) = makeTestGallery(
      "table", TerminalSize(columns: 120, rows: 20), tableRows: 1_000_000)
    let probe = TablePageProbe(gallery)
    pressTestGallery([KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("/", "amber", gallery, time: &time)
    tickTestGallery(gallery, time: &time, limit: 10_000) {
      probe.status.contains("matches so far")
    }
    #expect(probe.status.contains("matches so far"), "\(probe.status)")
    time += 0.01
    gallery.handle(.key(KeyEvent(.escape)), at: time)
    #expect(probe.status.contains("found so far (n N step through them"), "\(probe.status)")
    pressTestGallery([KeyEvent(.character("n"))], gallery, time: &time)
    #expect(probe.status.contains(" found before it stopped"), "\(probe.status)")
    #expect(probe.status.contains("match "), "\(probe.status)")
    #expect(probe.status.contains("Name: "), "\(probe.status)")
    let focused = (gallery.currentPage as? TablePage)?.model.table.focusedCell
    let name = focused.flatMap { probe.text(row: $0.row, column: $0.column) } ?? ""
    #expect(name.lowercased().contains("amber"), "\(name)")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    pressTestGallery([KeyEvent(.character("n"))], gallery, time: &time)
    #expect(probe.status.contains("nothing to step through"), "\(probe.status)")
  }

  /// A message streaming in grows at once as each word arrives: its last line of text is
  /// drawn in every frame, above the blank row that ends it (the cell grew over a few frames,
  /// animated, and the new line showed blank meanwhile: a new user's finding at 30×8).
  @Test func aStreamingMessageShowsItsLastLineInEveryFrame() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 30, rows: 8))
    var checked = 0
    for _ in 0..<900 {  // 15 s at 60 Hz: three messages or more
      time += 1.0 / 60
      gallery.tick(now: time)
      let lines = drawnTestGallery(gallery, canvas)
      // Rows 2 to 5 show the list; the last is the blank row after the newest message.
      let lastText = lines[4].replacingOccurrences(of: "│", with: "")
        .trimmingCharacters(in: .whitespaces)
      #expect(!lastText.isEmpty, "at \(time): \(lines[2...5])")
      checked += 1
    }
    #expect(checked == 900)
  }

  /// A save refused (another program changed the file since the last save) is not followed
  /// by "Ctrl-S saves" on the same line (a new user's finding: "not saved: … · 1 row edited ·
  /// Ctrl-S saves").
  @Test func aRefusedSaveIsNotFollowedByCtrlSSaves() throws {
    let path = NSTemporaryDirectory() + "reusekit-refused-\(getpid())-\(UUID().uuidString).csv"
    defer {
      for file in [path, path + ".bak"] { try? FileManager.default.removeItem(atPath: file) }
    }
    try "name,city\nAda,Lyon\nGrace,Oslo\n".write(toFile: path, atomically: false, encoding: .utf8)
    let (model, _) = try makeLoadedCSVTableModel(path: path)
    func edit(_ text: String) {
      pressSettling(model, .character("e"))
      pressSettling(model, .character("u"), .control)
      for letter in text { pressSettling(model, .character(letter)) }
      pressSettling(model, .enter)
    }
    edit("Bea")
    pressSettling(model, .character("s"), .control)
    #expect(model.status.contains("saved"), "\(model.status)")
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("Linus,Oulu\n".utf8))
    try handle.close()
    pressSettling(model, .down)
    edit("Cy")
    #expect(model.status.contains("Ctrl-S saves"), "before the save: \(model.status)")
    pressSettling(model, .character("s"), .control)
    #expect(model.status.contains("not saved:"), "\(model.status)")
    #expect(model.status.contains("1 row edited"), "\(model.status)")
    #expect(!model.status.contains("Ctrl-S saves"), "\(model.status)")
  }
}
