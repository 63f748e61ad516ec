import Foundation
import ReuseControls
import ReuseKit
import Testing

@testable import GalleryKit

/// A frequency table left for a value's rows, then come back to after an edit, counts the
/// cells as they are now (a new user's finding: it showed the count from before the edit).
@Suite struct FrequencyEditTests {
  @Test func backToAFrequencyTableAfterAnEditCountsAgain() throws {
    let path = NSTemporaryDirectory() + "reusekit-frequency-edit-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cities = ["A", "B", "A", "A", "B", "A", "B", "A"]
    let text = "name,city\n" + cities.enumerated().map { "n\($0),\($1)\n" }.joined()
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let (model, content) = try makeLoadedCSVTableModel(path: path)
    // Loaded whole first, however busy the machine (the tests run side by side).
    let deadline = Date().addingTimeInterval(120)
    while content.rowCount < cities.count || content.loadingStatus != nil, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.005)
      _ = content.update()
      _ = model.poll()
    }
    #expect(content.rowCount == cities.count)
    /// The key, then frames until its jobs end (a count runs on a thread of its own).
    func press(_ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
      pressSettling(model, key, modifiers)
    }
    func counts() -> [String: Int]? {
      (model.content as? FrequencyTable).map {
        Dictionary(uniqueKeysWithValues: $0.values.map { ($0.value, $0.count) })
      }
    }
    press(.right)
    press(.character("F"))
    #expect(counts() == ["A": 5, "B": 3])
    // B's rows; the first one's city becomes Z.
    press(.down)
    press(.enter)
    #expect(model.table.numberOfDisplayedRows == 3)
    press(.character("e"))
    press(.character("u"), .control)
    press(.character("Z"))
    press(.enter)
    #expect(model.content.text(row: 1, column: 1) == "Z")
    // Back: counted again, the cursor on B (now second of three).
    press(.backspace)
    #expect(counts() == ["A": 5, "B": 2, "Z": 1])
    // U in the counts says where the edit is undone (it said "nothing to undo").
    press(.character("U"))
    #expect(
      model.status.contains("the counts are read only: Esc goes back to the table, where U undoes"),
      "\(model.status)")
    let focused = try #require(model.table.focusedCell)
    #expect(focused.row == 1)
    #expect((model.content as? FrequencyTable)?.values[focused.row].value == "B")
  }
}

/// Jobs begun while a file is still read (a new user's finding: a filter begun then took 20
/// times as long, scanning a frame's slice of the rows there were, and `F` would count rows not
/// read yet as empty): the filter and the find start again on the file's own search once it is
/// read, `F` waits for it, and every figure is the whole file's.
/// A table page over `text`, written to a file of its own (its path returned, to remove), as
/// soon as the file's titles are read: the rest is likely still being read.
private func modelWhileTheFileIsRead(
  _ text: String, name: String
) throws -> (model: TableModel, content: CSVTable, path: String) {
  let path = NSTemporaryDirectory() + "reusekit-\(name)-\(getpid()).csv"
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  let content = CSVTable(file: try CSVFile.open(path: path))
  for _ in 0..<4_000 where content.columnTitles.isEmpty {
    Thread.sleep(forTimeInterval: 0.001)
    _ = content.update()
  }
  let model = TableModel(
    content: content, metrics: plainTestMetrics, viewportSize: Size(width: 60, height: 12))
  model.register(cell: RecordingTableCell.self, header: RecordingTableHeader.self)
  model.start()
  return (model, content, path)
}

@Suite struct JobsWhileAFileIsReadTests {
  @Test func aFilterAFindAndACountBegunWhileTheFileIsReadCountEveryRow() throws {
    let cities = ["Lisbon", "Osaka", "Quito", "Perth", "Cusco", "Hanoi", "Dakar"]
    var text = "id,city,word\n"
    for row in 0..<300_000 { text += "\(row),\(cities[row % 7]),w\(row % 13)\n" }
    let (model, content, path) = try modelWhileTheFileIsRead(text, name: "reading")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let wasReading = content.isStillReading
    for key in [KeyPress(.right), KeyPress(.character("|"))]
      + "osaka".map({ KeyPress(.character($0)) })
      + [
        KeyPress(.enter), KeyPress(.right), KeyPress(.character("/")), KeyPress(.character("7")),
        KeyPress(.enter), KeyPress(.left), KeyPress(.character("F")),
      ]
    {
      _ = model.handle(key)
    }
    if wasReading && content.isStillReading {
      #expect(model.status.contains("once the"), "F waits: \(model.status)")
    }
    let deadline = Date().addingTimeInterval(120)
    while model.isWorking && Date() < deadline {
      _ = model.poll()
      model.table.collectionView.layoutIfNeeded()
      Thread.sleep(forTimeInterval: 0.001)
    }
    #expect(!content.isStillReading)
    // Osaka: every seventh row, from row 1.
    let osaka = (0..<300_000).count { $0 % 7 == 1 }
    let frequencies = try #require(model.content as? FrequencyTable, "\(model.status)")
    #expect(frequencies.values.map(\.value) == ["Osaka"])
    #expect(frequencies.total == osaka)
    // Back: the filter shows every Osaka row.
    _ = model.handle(KeyPress(.backspace))
    for _ in 0..<10_000 where model.isWorking {
      _ = model.poll()
      Thread.sleep(forTimeInterval: 0.001)
    }
    #expect(model.table.numberOfDisplayedRows == osaka, "\(model.status)")
  }
}

/// Leaving a frequency table after a look at one value's rows goes back where the cursor was
/// before the count (a new user's finding: Escape landed on the first of that value's rows).
@Suite struct FrequencyPlaceTests {
  @Test func leavingTheCountsAfterAValuesRowsGivesThePlaceBack() throws {
    let path = NSTemporaryDirectory() + "reusekit-frequency-place-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cities = ["Kyiv", "Perth", "Oslo"]
    var text = "id,city\n"
    for row in 0..<600 { text += "\(row),\(cities[row % 3])\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let model = try makeLoadedCSVTableModel(path: path).model
    func press(_ key: KeyPress.Key) { pressSettling(model, key) }
    model.table.focusCell(row: 499, column: 1)  // Perth
    press(.character("F"))
    #expect(model.content is FrequencyTable)
    // A value's rows, back to the counts, then back to the table: row 500 again.
    press(.down)
    press(.enter)
    #expect(model.table.numberOfDisplayedRows == 200)
    press(.backspace)
    #expect(model.content is FrequencyTable)
    press(.escape)
    #expect(!(model.content is FrequencyTable))
    #expect(model.table.numberOfDisplayedRows == 600)
    #expect(model.table.focusedCell.map { [$0.row, $0.column] } == [499, 1], "\(model.status)")
  }
}

/// Backspace from a value's rows shows the frequency table as it was left: its sort, its
/// filter and the cursor on the value (a new user's finding: it came back in its first order,
/// every value shown).
@Suite struct FrequencyViewKeptTests {
  @Test func backToTheCountsKeepsTheirSortAndFilter() throws {
    let path = NSTemporaryDirectory() + "reusekit-frequency-view-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Counts: Kyiv 5, Oslo 4, Rome 3, Lima 2, Bonn 1.
    let cities = ["Kyiv", "Oslo", "Rome", "Lima", "Bonn"]
    var text = "id,city\n"
    var id = 0
    for (index, city) in cities.enumerated() {
      for _ in 0..<(5 - index) {
        text += "\(id),\(city)\n"
        id += 1
      }
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let model = try makeLoadedCSVTableModel(path: path).model
    func press(_ key: KeyPress.Key) { pressSettling(model, key) }
    func shownValues() -> [String] {
      guard let counts = model.content as? FrequencyTable else { return [] }
      return (0..<model.table.numberOfDisplayedRows).map {
        counts.values[model.table.sourceRow(forDisplayRow: $0)].value
      }
    }
    model.table.focusCell(row: 0, column: 1)
    press(.character("F"))
    #expect(shownValues() == ["Kyiv", "Oslo", "Rome", "Lima", "Bonn"])
    // Sorted by value, then only the values with an "o": Bonn, Oslo, Rome.
    model.table.focusCell(row: 0, column: 0)
    press(.character("s"))
    #expect(shownValues() == ["Bonn", "Kyiv", "Lima", "Oslo", "Rome"])
    for key in "|o" { press(.character(key)) }
    press(.enter)
    #expect(shownValues() == ["Bonn", "Oslo", "Rome"])
    // Rome's rows (the last shown), and back.
    press(.down)
    press(.down)
    func focusedValue() -> String? {
      guard let counts = model.content as? FrequencyTable, let cell = model.table.focusedCell
      else { return nil }
      return counts.values[cell.row].value
    }
    #expect(focusedValue() == "Rome")
    press(.enter)
    #expect(!(model.content is FrequencyTable))
    #expect(model.table.numberOfDisplayedRows == 3)
    press(.backspace)
    #expect(shownValues() == ["Bonn", "Oslo", "Rome"], "\(model.status)")
    #expect(model.table.sortDescriptor?.column == 0)
    #expect(focusedValue() == "Rome")
    // Escape clears the filter, then leaves for the table as it was before the count.
    press(.escape)
    #expect(shownValues() == ["Bonn", "Kyiv", "Lima", "Oslo", "Rome"])
    press(.escape)
    #expect(!(model.content is FrequencyTable))
    #expect(model.table.numberOfDisplayedRows == 15)
  }

  /// A filter begun while the file is read is made again once it is read; until that is done,
  /// the status's count stays the count of the rows shown (it went back to "0 found so far"
  /// while the header said thousands, then climbed again: a new user's finding).
  @Test func aFilterMadeAgainKeepsTheCountItShows() throws {
    var text = "id,city\n"
    for row in 0..<600_000 { text += "\(row),\(row % 5 == 0 ? "Osaka" : "Lima")\n" }
    let (model, content, path) = try modelWhileTheFileIsRead(text, name: "refilter")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let wasReading = content.isStillReading
    for key in [KeyPress(.right), KeyPress(.character("|"))]
      + "osaka".map({ KeyPress(.character($0)) }) + [KeyPress(.enter)]
    {
      _ = model.handle(key)
    }
    /// The count the status says was found so far, while it says one.
    func soFar() -> Int? {
      guard let end = model.status.range(of: " found so far") else { return nil }
      let digits = model.status[..<end.lowerBound].reversed().prefix { $0.isNumber || $0 == "," }
      return Int(String(digits.reversed()).replacing(",", with: ""))
    }
    var counts: [Int] = []
    let deadline = Date().addingTimeInterval(120)
    while model.isWorking && Date() < deadline {
      _ = model.poll()
      model.table.collectionView.layoutIfNeeded()
      if let count = soFar() {
        counts.append(count)
        #expect(
          count == model.table.numberOfDisplayedRows,
          "the status counts the rows shown: \(model.status)")
      }
      Thread.sleep(forTimeInterval: 0.001)
    }
    #expect(!content.isStillReading)
    #expect(counts == counts.sorted(), "the count never goes back: \(counts)")
    #expect(model.table.numberOfDisplayedRows == 120_000, "\(model.status)")
    if !wasReading { print("note: the file was read before the filter began") }
  }

  /// The histogram's bars tell counts 1 % apart: in eighths of a character (they drew the
  /// same whole blocks for counts 2 % apart: a new user's finding), never empty, and as long
  /// as their counts say.
  @Test func barsTellCloseCountsApart() {
    let table = FrequencyTable(
      counts: ["a": 507, "b": 506, "c": 495, "d": 492, "e": 1, "f": 253],
      column: 0, columnTitle: "x", parent: nil)
    let bars = (0..<table.rowCount).map { table.text(row: $0, column: 3) ?? "" }
    /// A bar's length in eighths.
    let blocks = Array("▏▎▍▌▋▊▉█")
    func eighths(_ bar: String) -> Int {
      bar.reduce(0) { total, c in total + (blocks.firstIndex(of: c).map { $0 + 1 } ?? 0) }
    }
    let lengths = bars.map(eighths)
    #expect(lengths[0] == 24 * 8, "the most frequent fills the bar: \(bars[0])")
    #expect(lengths == lengths.sorted(by: >), "\(lengths)")
    #expect(lengths[2] > lengths[3] && lengths[3] > lengths[4], "495 and 492 apart: \(lengths)")
    #expect(lengths.last == 1, "a count of 1 draws an eighth: \(bars)")
    #expect(lengths[4] == 96, "253 of 507 is half: \(lengths)")
  }
}

/// A count run where the rows live is done once its counts are taken, not when its job ends:
/// a job that ended between the two showed a frequency table of no values (CI caught it once,
/// on a busy machine).
@Suite struct FrequencyJobRaceTests {
  @Test func aJobEndingAfterItsResultWasAskedIsTakenNextTime() {
    let job = TableCountJob()
    var scan = FrequencyScan(column: 0, rowCount: 3, job: job)
    scan.advance(while: { true }) { _ in nil }
    #expect(!scan.isDone)
    job.finish(.success(["A": 2, "B": 1]))
    // Not done until the counts are taken: asked now, the counts would be none.
    #expect(!scan.isDone)
    #expect(scan.counts.isEmpty)
    scan.advance(while: { true }) { _ in nil }
    #expect(scan.isDone)
    #expect(scan.counts == ["A": 2, "B": 1])
  }
}
