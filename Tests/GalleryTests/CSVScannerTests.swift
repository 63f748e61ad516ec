import CSV
import Foundation
import GalleryKit
import ReuseTestSupport
import Testing

/// The table page's CSV scanner and row reader, against CSV.swift (yaslab), a well-kept
/// reader, on random files; and malformed files, each reported at its line and column.
@Suite struct CSVScannerTests {
  /// Scans `text` in chunks of `chunk` bytes; returns the rows' fields and the problem.
  private func scan(_ text: String, chunk: Int) -> (rows: [[String]], problem: CSVScanner.Problem?)
  {
    let bytes = Array(text.utf8)
    var scanner = CSVScanner()
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunk)
      bytes[start..<end].withUnsafeBytes { scanner.scan($0) }
      start = end
    }
    scanner.finish()
    let starts = scanner.takeRows()
    let rows = starts.enumerated().map { index, start in
      let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
      return bytes[start..<end].withUnsafeBytes { CSVRow.fields($0) }
    }
    return (rows, scanner.problem)
  }

  /// A random field: plain text, or quoted with commas, quotes, line ends and non-ASCII.
  private func field(_ random: inout SeededRandom) -> (csv: String, value: String) {
    let pieces = ["a", "Zürich", "漢字", " ", "1.5", "-3", "😀", "x y", ""]
    var value = (0..<random.int(0...3)).map { _ in pieces[random.int(0..<pieces.count)] }.joined()
    guard random.chance(0.4) else { return (value, value) }
    let specials = [",", "\"", "\n", "\r\n", "a,b"]
    value += specials[random.int(0..<specials.count)]
    return ("\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"", value)
  }

  @Test(arguments: 0..<30) func randomFilesReadAsCSVSwiftReadsThem(index: Int) throws {
    let (seed, start) = SeededRandom.forCase(index, base: 0xC5F)
    var random = start
    let columns = random.int(1...6)
    var text = ""
    var expected: [[String]] = []
    for _ in 0..<random.int(1...60) {
      let row = (0..<columns).map { _ in field(&random) }
      // A row of one empty field is a blank line, which the scanner skips.
      if columns == 1 && row[0].value.isEmpty { continue }
      text += row.map(\.csv).joined(separator: ",") + (random.chance(0.3) ? "\r\n" : "\n")
      expected.append(row.map(\.value))
    }
    if random.chance(0.3) && text.hasSuffix("\n") { text.removeLast() }
    let (rows, problem) = scan(text, chunk: random.int(1...64))
    #expect(problem == nil, "seed \(seed): \(String(describing: problem))")
    #expect(rows == expected, "seed \(seed)")
    // CSV.swift reads the same rows.
    let reader = try CSVReader(string: text, hasHeaderRow: false)
    var reference: [[String]] = []
    while let row = reader.next() { reference.append(row) }
    #expect(reference.filter { $0 != [""] } == expected, "seed \(seed): CSV.swift disagrees")
  }

  @Test func malformedFilesSayWhereAndWhat() {
    let cases: [(String, String, Int)] = [
      ("a,b\n1,2\n3,\"x\"y\n", "text after a closing quote", 3),
      ("a,b\n1,2,3\n", "this row has 3 fields; the first row has 2", 2),
      ("a,b\n1,x\"y\n", "a quote inside an unquoted field", 2),
      ("a,b\n1,\"open\n2,3\n", "the file ends inside a quoted field (opened on line 2)", 4),
      ("a,b\n1,\u{FFFD}\n", "", 0),
    ]
    for (text, message, line) in cases {
      let (_, problem) = scan(text, chunk: 3)
      if message.isEmpty {
        #expect(problem == nil)
        continue
      }
      #expect(
        problem?.message.hasPrefix(message) == true,
        "\(text.debugDescription): \(String(describing: problem))")
      #expect(problem?.line == line, "\(text.debugDescription)")
    }
    // Invalid UTF-8: a lone continuation byte.
    var scanner = CSVScanner()
    ([0x61, 0x2C, 0x62, 0x0A, 0x31, 0x2C, 0x80, 0x0A] as [UInt8]).withUnsafeBytes {
      scanner.scan($0)
    }
    #expect(scanner.problem?.message == "invalid UTF-8 (byte 0x80)")
    #expect(scanner.problem?.offset == 6)
    // A sequence cut short (Latin-1 "José,München"): the byte that began it is named, where it
    // is, not the comma after it (a new user's finding: "column 5 … byte 0x2C").
    var latin = CSVScanner()
    (Array("name,city\nJos".utf8) + [0xE9, 0x2C, 0x4D] as [UInt8]).withUnsafeBytes {
      latin.scan($0)
    }
    #expect(latin.problem?.message.hasPrefix("invalid UTF-8 (byte 0xE9") == true)
    #expect(latin.problem?.offset == 13, "the é, not the comma after it")
    #expect(latin.problem?.line == 2)
  }

  /// A file on disk: the first screen's rows are there when `open` returns, the rest arrives
  /// from the thread, placeholders beyond the rows found, an error later in the file stops
  /// loading with its line and column in the status, and sorting reads the column once.
  @Test func aFileStreamsInAndSorts() throws {
    let path = NSTemporaryDirectory() + "reusekit-csv-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var text = "id,name\n"
    for row in 0..<200_000 { text += "\(row),\"name \((row * 7) % 1000)\"\n" }
    text += "200000,\"broken\n"  // never closed: found past the first megabyte
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let file = try CSVFile.open(path: path)
    let table = CSVTable(file: file)
    #expect(table.columnTitles == ["id", "name"])
    #expect(table.loadedRowCount > 1_000, "the first megabyte's rows at once")
    var waited = 0
    while table.loadingStatus?.hasPrefix("loading") == true && waited < 500 {
      Thread.sleep(forTimeInterval: 0.01)
      _ = table.update()
      waited += 1
    }
    #expect(table.loadedRowCount == 200_000)
    #expect(table.rowCount == 200_000)
    #expect(
      table.loadingStatus?.hasPrefix(
        "line 200003, column 1: the file ends inside a quoted field (opened on line 200002)")
        == true,
      "\(table.loadingStatus ?? "nil")")
    #expect(table.text(row: 199_999, column: 1) == "name \((199_999 * 7) % 1000)")
    #expect(table.text(row: 200_000, column: 1) == nil, "past the rows found: a placeholder")
    #expect(table.isNumeric(column: 0) && !table.isNumeric(column: 1))
    #expect(table.sortKey(row: 12_345, column: 0) == .number(12_345))
    #expect(table.sortKey(row: 3, column: 1) == .text("name 21"))
  }

  /// Sort keys are read a run of rows at a time, in any order asked: every key is its row's
  /// field, across the runs' edges, with quoted fields holding delimiters and line breaks,
  /// switching columns, and for rows found after the first keys were read.
  @Test func sortKeysReadInRunsAreEveryRowsField() throws {
    let path = NSTemporaryDirectory() + "reusekit-csv-keys-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let rows = 10_000
    func name(_ row: Int) -> String {
      row % 3 == 0 ? "\"n, \(row % 97)\nx\"" : "n \(row % 89)"
    }
    func field(_ row: Int) -> String { row % 3 == 0 ? "n, \(row % 97)\nx" : "n \(row % 89)" }
    var text = "id,name,amount\n"
    for row in 0..<rows { text += "\(row),\(name(row)),\(row * 7 % 1_000).5\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let table = CSVTable(file: try CSVFile.open(path: path))
    var waited = 0
    while table.loadedRowCount < rows && waited < 500 {
      Thread.sleep(forTimeInterval: 0.01)
      _ = table.update()
      waited += 1
    }
    #expect(table.loadedRowCount == rows)
    for row in [9_999, 0, 4_095, 4_096, 4_097, 8_191, 8_192, 5_000] {
      #expect(table.sortKey(row: row, column: 1) == .text(field(row)), "row \(row)")
      #expect(table.sortKey(row: row, column: 2) == .number(Double(row * 7 % 1_000) + 0.5))
    }
    for row in 0..<rows where table.sortKey(row: row, column: 1) != .text(field(row)) {
      Issue.record("row \(row): \(table.sortKey(row: row, column: 1))")
      break
    }
    #expect(table.sortKey(row: rows, column: 1) == .missing, "past the rows found")
    #expect(table.sortKey(row: -1, column: 1) == .missing)
  }

  @Test func aMalformedHeaderIsAnErrorAtOnce() throws {
    let path = NSTemporaryDirectory() + "reusekit-csv-bad-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "a,\"b\"c\n1,2\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: DataFileError.self) { try CSVFile.open(path: path) }
    do {
      _ = try CSVFile.open(path: path)
    } catch {
      #expect("\(error)" == "line 1, column 6: text after a closing quote (quote the whole field)")
    }
    #expect(throws: DataFileError.self) { try CSVFile.open(path: "/nonexistent/x.csv") }
  }
}

/// Files other tools open (issue 41, finding 12): a lenient read pads, cuts, skips and finds
/// the delimiter, and says so; a strict one still refuses; names do not decide alone.
@Suite struct CSVLenientTests {
  private func write(_ text: String, _ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "reusekit-lenient-\(getpid())-\(name)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Opens `path` and waits until every row is in.
  private func load(_ path: String, lenient: Bool) throws -> CSVTable {
    let table = CSVTable(file: try CSVFile.open(path: path, lenient: lenient))
    var waited = 0
    while table.loadingStatus?.hasPrefix("loading") == true && waited < 500 {
      Thread.sleep(forTimeInterval: 0.01)
      _ = table.update()
      waited += 1
    }
    return table
  }

  @Test func shortRowsCommentsAndADelimiterFound() throws {
    let path = try write(
      "# exported by a tool\nname;age;city\nann;3;\"multi\nline\"\n# a note\nbob;4\ncy;5;Rome;extra\n",
      "semi.txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(CSVFile.kind(ofFileAt: path) == .csv, "a .txt that is no JSON is read as CSV")
    // Strict: refused at the first problem, with its place.
    #expect(throws: DataFileError.self) { try CSVFile.open(path: path) }
    let table = try load(path, lenient: true)
    #expect(table.file.dialect.delimiter == UInt8(ascii: ";"))
    #expect(table.columnTitles == ["name", "age", "city"])
    #expect(table.rowCount == 3)
    #expect(table.text(row: 0, column: 2) == "multi↵line", "the line break shows")
    #expect(table.text(row: 1, column: 0) == "bob" && table.text(row: 1, column: 2) == "")
    #expect(table.text(row: 2, column: 2) == "Rome")
    let note = try #require(table.readingNote)
    #expect(
      note
        == "lenient, ';' between fields: 2 comment lines skipped, 1 short row padded, "
        + "1 long row cut",
      "\(note)")
    #expect(table.loadingStatus == note, "the status line says what it did")
  }

  @Test func strayQuotesAndInvalidBytesAreKeptAndCounted() throws {
    var bytes = Array("a,b\n1,say \"hi\"\n2,\"ok\"x\n3,".utf8)
    bytes += [0xFF, 0x41, 0x0A]
    let path = NSTemporaryDirectory() + "reusekit-lenient-\(getpid())-bytes.csv"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let table = try load(path, lenient: true)
    #expect(table.rowCount == 3)
    #expect(table.text(row: 0, column: 1) == "say \"hi\"")
    #expect(table.leniency.strayQuotes == 3, "two quotes inside, text after one")
    #expect(table.leniency.invalidBytes == 1)
    #expect(table.text(row: 2, column: 1) == "\u{FFFD}A")
  }

  /// A quote that opens a field and never closes (the file ends inside it) is a stray quote to
  /// a lenient read: the rows after it are read as rows, not swallowed into one field, and
  /// the quote shows as text (a new user's file, refused by `--lenient` before).
  @Test func aQuoteLeftOpenToTheEndIsAStrayQuote() throws {
    let path = try write("a,b,c\n1,2\n3,4,5,6\n\"unterminated,7,8\n9,10,11\n", "open.csv")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: DataFileError.self) { try CSVFile.open(path: path) }
    let table = try load(path, lenient: true)
    #expect(table.rowCount == 4)
    #expect(
      (0..<4).map { row in (0..<3).map { table.text(row: row, column: $0) ?? "-" } } == [
        ["1", "2", ""], ["3", "4", "5"], ["\"unterminated", "7", "8"], ["9", "10", "11"],
      ])
    #expect(table.leniency.strayQuotes == 1 && table.leniency.paddedRows == 1)
    #expect(table.leniency.cutRows == 1)
    // An open quote on the last line, which has no line end: text, and the row read.
    // (A later quote would have closed it: `"a,"b` is the field `a,` and a stray `b`.)
    let last = try write("x,y\nc,d\n\"e,f", "last.csv")
    defer { try? FileManager.default.removeItem(atPath: last) }
    let again = try load(last, lenient: true)
    #expect(
      (0..<again.rowCount).map { row in (0..<2).map { again.text(row: row, column: $0) ?? "-" } }
        == [["c", "d"], ["\"e", "f"]])
    #expect(again.leniency.strayQuotes == 1)
    // A quoted field that closes is still one field, line breaks and all.
    let fine = try write("x,y\n\"multi\nline\",2\n\"open,3\n", "fine.csv")
    defer { try? FileManager.default.removeItem(atPath: fine) }
    let read = try load(fine, lenient: true)
    #expect(read.rowCount == 2 && read.text(row: 0, column: 0) == "multi↵line")
    #expect(read.text(row: 1, column: 0) == "\"open" && read.text(row: 1, column: 1) == "3")
  }

  /// An empty file, or one of blank lines, opens and says why nothing shows (it opened as
  /// "0 rows × 0 columns" and said nothing: a new user's finding).
  @Test func anEmptyFileSaysItIsEmpty() throws {
    let empty = try write("", "empty.csv")
    let blank = try write("\n\n\r\n", "blank.csv")
    defer { for path in [empty, blank] { try? FileManager.default.removeItem(atPath: path) } }
    let table = try load(empty, lenient: false)
    #expect(table.rowCount == 0 && table.loadingStatus == "the file is empty")
    let blanks = try load(blank, lenient: false)
    #expect(blanks.rowCount == 0 && blanks.loadingStatus == "the file holds no rows")
  }

  @Test func tabSeparatedFilesSplitAtTabs() throws {
    let path = try write("x\ty\n1\t2,5\n", "t.tsv")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let table = try load(path, lenient: false)
    #expect(table.columnTitles == ["x", "y"])
    #expect(table.text(row: 0, column: 1) == "2,5")
    #expect(table.readingNote == nil, "a strict read says nothing")
  }

  @Test func jsonIsToldFromCSVByItsFirstCharacter() throws {
    let json = try write("  \n[{\"a\": 1}]", "data.txt")
    let bom = try write("\u{FEFF}{\"sections\": []}", "bom.dat")
    let csv = try write("a,b\n", "noext")
    defer { for path in [json, bom, csv] { try? FileManager.default.removeItem(atPath: path) } }
    #expect(CSVFile.kind(ofFileAt: json) == .json)
    #expect(CSVFile.kind(ofFileAt: bom) == .json)
    #expect(CSVFile.kind(ofFileAt: csv) == .csv)
    #expect(CSVFile.kind(ofFileAt: "/nonexistent/file") == .json, "JSON's loader reports it")
    #expect(CSVFile.kind(ofFileAt: "/nonexistent/file.csv") == .csv)
  }

  @Test func anUnreadableFileIsToldFromAMalformedOne() throws {
    do {
      _ = try CSVFile.open(path: "/nonexistent/x.csv")
      Issue.record("opened")
    } catch {
      #expect(error.isUnreadable)
    }
    do {
      _ = try CSVFile.open(path: NSTemporaryDirectory())
      Issue.record("opened a directory")
    } catch {
      #expect(error.isUnreadable)
    }
    let bad = try write("a,\"b\"c\n", "bad.csv")
    defer { try? FileManager.default.removeItem(atPath: bad) }
    do {
      _ = try CSVFile.open(path: bad)
      Issue.record("opened a malformed file")
    } catch {
      #expect(!error.isUnreadable)
    }
  }
}

/// The sniffed delimiter: the candidate found most often outside quotes on the first line
/// that is not a comment.
@Suite struct CSVDialectTests {
  @Test func theDelimiterIsSniffedFromTheFirstLine() {
    func sniff(_ text: String) -> UInt8 {
      Array(text.utf8).withUnsafeBytes(CSVDialect.sniffDelimiter)
    }
    #expect(sniff("a,b,c\n") == UInt8(ascii: ","))
    #expect(sniff("a;b;c\n1,5;2,5;3\n") == UInt8(ascii: ";"))
    #expect(sniff("a\tb\n") == 0x09)
    #expect(sniff("a|b|c\n") == UInt8(ascii: "|"))
    #expect(sniff("\"x;y;z\",b\n") == UInt8(ascii: ","), "quoted delimiters do not count")
    #expect(sniff("# a;b;c;d\na,b\n") == UInt8(ascii: ","), "comment lines are skipped")
    #expect(sniff("single\n") == UInt8(ascii: ","), "none found: a comma")
    #expect(sniff("a,b;c\n") == UInt8(ascii: ","), "a tie: the comma")
  }
}
