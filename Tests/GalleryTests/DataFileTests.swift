import TerminalGallery
import Testing

@testable import GalleryKit

@Suite struct DataFileTests {
  private func error(_ text: String) -> DataFileError? {
    do {
      _ = try GalleryData.parse(Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test func aValidFileLoads() throws {
    let data = try GalleryData.parse(
      Array(
        """
        \u{FEFF}{"title": "T", "sections": [{"title": "S", "items": ["a", {"title": "b", "detail": "d", "height": 3}]}],
         "tags": ["x", "\\u00e9\\ud83d\\ude00"]}
        """.utf8))
    #expect(data.title == "T")
    #expect(
      data.sections == [
        GalleryData.Section(
          title: "S",
          items: [
            GalleryData.Item(title: "a", detail: nil, height: 1),
            GalleryData.Item(title: "b", detail: "d", height: 3),
          ])
      ])
    #expect(data.tags == ["x", "é😀"])
  }

  /// Blank texts get stand-ins as they are read, so no row, header or chip shows as a gap (a
  /// new user's finding): "Section N", "(untitled)"; a blank detail is none, a blank tag
  /// left out. Text with something in it stays as it is, spaces and all.
  @Test func blankTextsAreGivenStandIns() throws {
    let data = try GalleryData.parse(
      Array(
        """
        {"sections": [{"title": "", "items": ["", " x ", {"title": "\\t", "detail": "  "}]},
          {"title": "B", "items": [{"title": "y", "detail": " d "}]}, {"title": " \\u00a0", "items": []}],
         "tags": ["", "red", "   "]}
        """.utf8))
    #expect(data.sections.map(\.title) == ["Section 1", "B", "Section 3"])
    #expect(
      Array(data.sections[0].items) == [
        GalleryData.Item(title: "(untitled)"), GalleryData.Item(title: " x "),
        GalleryData.Item(title: "(untitled)", detail: nil),
      ])
    #expect(Array(data.sections[1].items) == [GalleryData.Item(title: "y", detail: " d ")])
    #expect(data.tags == ["red"])

    // The data-source page: a detail is the task's tag, shown as it is (trimmed), and an item
    // without one shows none (it showed "#task", and "#" for an empty one).
    let model = TaskBoardModel<TestTaskCell>(
      options: GalleryOptions(itemCount: 100, data: data), metrics: plainTestMetrics)
    let tags = model.tasks.flatMap { $0 }.map { model.texts.shownTag(of: $0) }
    #expect(tags == ["", "", "", "d"])
  }

  /// The list's index names each initial once, in the order the sections bring them, and
  /// each jumps to the first section it begins (sections sharing an initial repeated it, as
  /// "A A B": a new user's finding).
  @Test func theIndexNamesEachInitialOnce() throws {
    let data = try GalleryData.parse(
      Array(
        """
        {"sections": [{"title": "apples", "items": ["a"]}, {"title": "Avocados", "items": ["b"]},
          {"title": "beans", "items": ["c"]}, {"title": "artichokes", "items": ["d"]},
          {"title": "Cress", "items": ["e"]}]}
        """.utf8))
    let model = ListModel(
      options: GalleryOptions(itemCount: 0, data: data), metrics: plainTestMetrics)
    model.list.layoutIfNeeded()
    #expect(model.list.indexTitles == ["A", "B", "C"])
    let targets = model.list.indexTitles.enumerated().map {
      model.list.indexPath(forIndexTitle: $0.element, at: $0.offset)?.section
    }
    #expect(targets == [0, 2, 4])
  }

  @Test func malformedFilesNameLineAndColumn() {
    let cases: [(String, String, Int, Int)] = [
      (
        "{\"sections\": [\n  {\"title\": \"A\",\n   \"items\": [\"x\", \"y\",]}\n]}",
        "expected a JSON value, found ']'", 3, 23
      ),
      ("{\"sections\": [}", "expected a JSON value, found '}'", 1, 15),
      ("{\"sections\": []", "the file ends inside an object", 1, 16),
      (
        "{\"sections\": [{\"title\": \"A\", \"items\": [\"unterminated]}]}",
        "the file ends inside a string", 1, 57
      ),
      ("{sections: []}", "expected a quoted key", 1, 2),
      ("", "the file is empty", 1, 1),
      ("{\"sections\": []} extra", "unexpected text after the JSON value", 1, 18),
      ("{\"sections\": [1e]}", "a number needs digits in its exponent", 1, 15),
      ("{\"sections\": \"\\ud800\"}", "a lone surrogate", 1, 15),
      ("{\"sections\": \"a\u{01}b\"}", "a control character inside a string", 1, 16),
    ]
    for (text, message, line, column) in cases {
      let failure = error(text)
      #expect(
        failure?.message.hasPrefix(message) == true, "\(text): \(String(describing: failure))")
      #expect(
        failure?.location == SourceLocation(line: line, column: column),
        "\(text): \(String(describing: failure))")
    }
  }

  @Test func wrongTypesAndUnknownKeysAreNamed() {
    let cases: [(String, String)] = [
      ("[]", "the top level must be an object, not an array"),
      ("{}", "the top level needs a \"sections\" array"),
      ("{\"sections\": {}}", "\"sections\" must be an array, not an object"),
      (
        "{\"sections\": [{\"title\": 1, \"items\": []}]}",
        "sections[0].title must be a string, not a number"
      ),
      ("{\"sections\": [{\"title\": \"A\"}]}", "sections[0] needs an \"items\" array"),
      (
        "{\"sections\": [{\"title\": \"A\", \"items\": [true]}]}",
        "sections[0].items[0] must be a string or an object, not a boolean"
      ),
      (
        "{\"sections\": [{\"title\": \"A\", \"items\": [{\"title\": \"x\", \"height\": 0}]}]}",
        "sections[0].items[0].height is 0;"
      ),
      // Said as the file writes it (it was "100.0": a new user's finding), fractions kept.
      (
        "{\"sections\": [{\"title\": \"A\", \"items\": [{\"title\": \"x\", \"height\": 100}]}]}",
        "sections[0].items[0].height is 100;"
      ),
      (
        "{\"sections\": [{\"title\": \"A\", \"items\": [{\"title\": \"x\", \"height\": 2.5}]}]}",
        "sections[0].items[0].height is 2.5;"
      ),
      (
        "{\"sections\": [{\"title\": \"A\", \"items\": [{\"title\": \"x\", \"height\": \"2\"}]}]}",
        "sections[0].items[0].height must be a number, not a string"
      ),
      ("{\"sections\": [], \"tittle\": \"x\"}", "unknown key \"tittle\" in the top level"),
      ("{\"sections\": [], \"tags\": [1]}", "tags[0] must be a string, not a number"),
    ]
    for (text, message) in cases {
      let failure = error(text)
      #expect(
        failure?.message.hasPrefix(message) == true, "\(text): \(String(describing: failure))")
      #expect(failure?.location != nil)
    }
  }

  @Test func hostileNestingAndHugeCountsAreRefused() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(error(deep)?.message.hasPrefix("the top level must be") == false)
    #expect(error(deep)?.message.contains("nesting deeper than") == true)
    let many =
      "{\"sections\": ["
      + Array(repeating: "{\"title\": \"s\", \"items\": []}", count: 10_001).joined(separator: ",")
      + "]}"
    #expect(error(many)?.message.contains("at most 10000 are accepted") == true)
  }

  @Test func truncatedAtEveryByteNeverCrashesAndAlwaysExplains() {
    let text = Array(
      "{\"title\": \"T\", \"sections\": [{\"title\": \"S\", \"items\": [\"a\", {\"title\": \"b\", \"height\": 2}]}]}"
        .utf8)
    for length in 0..<text.count {
      let failure = error(String(decoding: text[..<length], as: UTF8.self))
      #expect(failure != nil, "prefix \(length) should not parse")
      #expect(failure?.location != nil, "prefix \(length): \(String(describing: failure))")
    }
  }
}

/// `--data FILE.json` with an array of objects: records for the table page (issue 44, item 6).
@Suite struct JSONRecordsTests {
  private func records(_ text: String) throws(DataFileError) -> JSONRecords? {
    if case .records(let records) = try JSONDataFile.parse(Array(text.utf8)) { return records }
    return nil
  }

  @Test func anArrayOfObjectsIsATableWithNumbersAsWritten() throws {
    let read = try #require(
      try records(
        """
        [{"name": "Ada", "age": 36, "ok": true, "note": null},
         {"age": 1.10, "ok": false, "note": "x", "name": "Linus"}]
        """))
    #expect(read.columns == ["name", "age", "ok", "note"])
    #expect(read.rows == [["Ada", "36", "true", ""], ["Linus", "1.10", "false", "x"]])
    #expect(read.numericColumns == [1])
    let table = JSONRecordsTable(records: read)
    #expect(table.sortKey(row: 1, column: 1) == .number(1.1))
    #expect(table.isNumeric(column: 1) && !table.isNumeric(column: 3))
    // An object at the top is still the list's schema.
    if case .list = try JSONDataFile.parse(Array(#"{"sections": []}"#.utf8)) {
    } else {
      Issue.record("an object is the list's data")
    }
  }

  @Test func everyProblemHasItsLineAndColumn() {
    let cases: [(String, String, Int, Int)] = [
      ("[]", "no records", 1, 1),
      ("[1]", "record 1 must be an object, not a number", 1, 2),
      ("[{}]", "record 1 has no keys", 1, 2),
      (#"[{"a": 1},\n {"b": 2}]"#, #"record 2 has "b", which record 1 does not"#, 2, 8),
      (#"[{"a": 1, "b": 2},\n {"a": 3}]"#, #"record 2 has no "b", which record 1 has"#, 2, 2),
      (#"[{"a": [1]}]"#, #"record 1's "a" is an array"#, 1, 8),
      (#"[{"a": 1},\n "x"]"#, "record 2 must be an object, not a string", 2, 2),
      (#"[{"a": 1, "a": 2}]"#, #"the key "a" appears twice in one object"#, 1, 11),
    ]
    for (raw, message, line, column) in cases {
      let text = raw.replacingOccurrences(of: "\\n", with: "\n")
      do {
        _ = try JSONDataFile.parse(Array(text.utf8))
        Issue.record("\(text): no error")
      } catch {
        #expect(error.message.hasPrefix(message), "\(text): \(error)")
        #expect(error.location == SourceLocation(line: line, column: column), "\(text): \(error)")
      }
    }
  }
}

/// A section's items read back as the file wrote them, whether kept as titles alone (every
/// item plain) or whole.
@Suite struct CompactItemsTests {
  @Test func plainAndRichItemsReadBackAsWritten() throws {
    let text =
      #"{"sections": [{"title": "A", "items": ["x", "y"]}, "#
      + #"{"title": "B", "items": ["p", {"title": "q", "detail": "d", "height": 2}, "r"]}]}"#
    let data = try GalleryData.parse(Array(text.utf8))
    let plain: [GalleryData.Item] = Array(data.sections[0].items)
    let rich: [GalleryData.Item] = Array(data.sections[1].items)
    #expect(plain == [.init(title: "x"), .init(title: "y")])
    #expect(
      rich == [.init(title: "p"), .init(title: "q", detail: "d", height: 2), .init(title: "r")])
    #expect(data.sections[0].items == GalleryData.ItemList(titles: ["x", "y"]))
    #expect(data.sections[0].items == [GalleryData.Item(title: "x"), GalleryData.Item(title: "y")])
    #expect(data.sections[1].items.count == 3)
  }
}

/// Text from data shows its control characters as pictures, never as controls.
@Suite struct ControlPictureTests {
  @Test func controlsShowAsPictures() {
    #expect("\u{1B}[31mred\tx\u{7F}".showingControls == "␛[31mred␉x␡")
    #expect("plain é 红".showingControls == "plain é 红")
  }
}

/// A line break in a cell shows as `↵` whatever the table's content (a database's showed
/// `␊` where a file's showed `↵`: a new user's finding); other controls as their pictures.
@Suite struct CellLineBreakTests {
  @Test func aLineBreakShowsAsTheSameMarkInEveryTable() {
    #expect(TableModel.shownText("line\nbreak") == "line↵break")
    #expect(TableModel.shownText("a\r\nb\rc\u{1B}d") == "a↵b↵c␛d")
    let long = String(repeating: "x", count: TableModel.maximumShownCharacters) + "\nrest"
    #expect(TableModel.shownText("a\n" + long).hasPrefix("a↵x"))
    #expect(TableModel.shownText("a\n" + long).hasSuffix("x…"))
  }
}
