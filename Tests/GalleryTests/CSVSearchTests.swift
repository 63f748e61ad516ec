import Foundation
import GalleryKit
import ReuseTestSupport
import Testing

/// The CSV file's own search (a thread of its own, one field a row parsed): random files,
/// needles and edits against a scan of the same rows, as the page's matcher compares them.
@Suite(.serialized) struct CSVSearchTests {
  static let words = [
    "Amber", "amBER fox", "Zürich", "ÉCOLE", "école", "a,b", "say \"hi\"", "", "x",
  ]

  func run(_ job: TableSearchJob) -> [Int] {
    var found: [Int] = []
    for _ in 0..<20_000 {
      let (rows, done, _) = job.take()
      found += rows
      if done { return found }
      Thread.sleep(forTimeInterval: 0.0005)
    }
    Issue.record("the search did not finish")
    return found
  }

  @Test(arguments: 0..<4)
  func aSearchFindsWhatAScanFinds(_ index: Int) throws {
    let (seed, random) = SeededRandom.forCase(index, base: 0x5EA2_C4)
    var rng = random
    let path = NSTemporaryDirectory() + "reusekit-search-\(getpid())-\(index).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var rows: [[String]] = []
    var text = "key,word,note\n"
    for row in 0..<3_000 {
      let word = Self.words[rng.int(0..<Self.words.count)] + (rng.chance(0.3) ? " \(row % 17)" : "")
      rows.append(["\(row)", word, "n\(row % 5)"])
      let quoted = word.contains(",") || word.contains("\"")
      let field = quoted ? "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : word
      text += "\(row),\(field),n\(row % 5)" + (row % 9 == 4 ? "\r\n" : "\n")
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let table = CSVTable(file: try CSVFile.open(path: path))
    for _ in 0..<1_000 where table.loadingStatus != nil {
      Thread.sleep(forTimeInterval: 0.002)
      _ = table.update()
    }
    // Some rows edited: searched as edited.
    for _ in 0..<20 {
      let row = rng.int(0..<rows.count)
      let word = Self.words[rng.int(0..<Self.words.count)]
      _ = table.setText(word, row: row, column: 1)
      rows[row][1] = word
    }
    for step in 0..<12 {
      let whole = rng.chance(0.3)
      let needle =
        whole
        ? Self.words[rng.int(0..<Self.words.count)]
        : ["amber", "AMB", "zür", "école", "ÉCO", "b", ",", "\"hi", "1", "fox 3"][rng.int(0..<10)]
      let start = rng.int(0..<rows.count)
      let job = try #require(table.search(for: needle, column: 1, from: start, wholeValue: whole))
      let found = run(job)
      let order = Array(start..<rows.count) + Array(0..<start)
      let expected = order.filter {
        whole ? rows[$0][1] == needle : rows[$0][1].lowercased().contains(needle.lowercased())
      }
      #expect(found == expected, "seed \(seed), step \(step): “\(needle)” whole \(whole)")
    }
    #expect(table.search(for: "/a.c/", column: 1, from: 0, wholeValue: false) == nil, "patterns")
    // The column's values counted off the loop, as a count of the rows counts them.
    let count = try #require(table.countValues(column: 1))
    for _ in 0..<20_000 where count.result == nil { Thread.sleep(forTimeInterval: 0.0005) }
    var expected: [String: Int] = [:]
    for row in rows { expected[row[1], default: 0] += 1 }
    if case .success(let counted) = count.result {
      #expect(counted == expected, "seed \(seed): the counts")
    } else {
      Issue.record("seed \(seed): no count")
    }
  }

  /// The sort's own reader of a column's keys (read on the sort's thread) gives the keys the
  /// table's `sortKey(row:column:)` gives, row for row: numbers, text, quoted fields, a short
  /// row's missing field, and edited rows as edited.
  @Test func theSortKeyReaderReadsTheKeysSortKeyGives() throws {
    let path = NSTemporaryDirectory() + "reusekit-sortkeys-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var text = "id,word,amount\n"
    for row in 0..<5_000 {
      let word = Self.words[row % Self.words.count]
      let quoted = word.contains(",") || word.contains("\"")
      let field = quoted ? "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : word
      // Every 13th row is short: no amount (a lenient read lets it through).
      text += row % 13 == 5 ? "\(row),\(field)\n" : "\(row),\(field),\(Double(row % 97) / 4)\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let table = CSVTable(file: try CSVFile.open(path: path, lenient: true))
    for _ in 0..<1_000 where table.loadingStatus != nil {
      Thread.sleep(forTimeInterval: 0.002)
      _ = table.update()
    }
    _ = table.setText("zebra", row: 10, column: 1)
    _ = table.setText("12.5", row: 18, column: 2)  // a short row edited to have an amount
    for column in 0..<3 {
      let reader = try #require(table.sortKeyReader(column: column))
      #expect(reader.rowCount == 5_000)
      var reported = 0
      let keys = try #require(reader.read({ reported = $0 }, { false }))
      #expect(reported > 0, "progress is told")
      let expected = (0..<5_000).map { table.sortKey(row: $0, column: column) }
      #expect(keys == expected, "column \(column)")
      #expect(reader.read({ _ in }, { true }) == nil, "a cancelled read reads nothing")
    }
  }
}
