import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// `/` on the pages where it fits beyond the list and the table: the outline (its shown
/// rows), the data-source page (its tasks, through edits) and the settings. The prompt shows
/// in the status line; Enter finds and the matched rows are drawn marked (underlined, amber
/// in colour), `n` and `N` step, Escape clears; the help lists it.
@Suite struct GalleryFindTests {
  /// The rows whose first cell after the margin is underlined: the marked ones.
  private func markedRows(_ canvas: Canvas) -> [String] {
    let lines = canvas.plainTextLines()
    return (0..<lines.count).filter { row in
      canvas[canvas.columns / 2, row].style.attributes.contains(.underline)
    }.map { lines[$0].trimmingCharacters(in: .whitespaces) }
  }

  /// Finds `text` (`/`, the text and Enter): the status line then.
  private func find(
    _ text: String, _ gallery: Gallery, _ canvas: Canvas, time: inout Double
  ) -> String {
    let keys: [Key] = [.character("/")] + text.map { .character($0) } + [.enter]
    pressTestGallery(keys, gallery, canvas, time: &time)
    return canvas.plainTextLines().last ?? ""
  }

  /// In a terminal too narrow for the prompt, the status line keeps what is typed (its end),
  /// not the prompt's start and the help hint (a new user's finding at 20 × 6).
  @Test func aNarrowTerminalShowsWhatIsTyped() {
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 20, rows: 6))
    var time = 0.0
    pressTestGallery(
      [.character("/"), .character("a"), .character("m"), .character("b")], gallery, canvas,
      time: &time)
    let status = canvas.plainTextLines().last ?? ""
    #expect(status.hasPrefix("…"), "\(status)")
    #expect(status.contains("amb▏"), "\(status)")
    #expect(!status.contains("? help"), "\(status)")
    // Escape: the status and its hint are back.
    pressTestGallery([.escape], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("? help") == true)
  }

  /// With the caret moved back, what follows it shows too, the keys' hint giving way first
  /// (at 40 columns, Home showed "find in City: ▏" and nothing of the text after it: a new
  /// user's finding).
  @Test func aNarrowPromptShowsTheTextAfterTheCaret() {
    var time = 0.0
    let (gallery, canvas) = makeTestGallery("table", TerminalSize(columns: 40, rows: 12))
    pressTestGallery(
      [.right, .right, .character("/")] + "Lisbon".map { .character($0) } + [.home], gallery,
      canvas, time: &time)
    var status = canvas.plainTextLines().last ?? ""
    #expect(status.contains("find in City: ▏Lisbon"), "\(status)")
    // A long text: a window round the caret, cut at both ends.
    pressTestGallery(
      [.end] + String(repeating: "x", count: 60).map { .character($0) }
        + Array(repeating: .left, count: 30), gallery, canvas, time: &time)
    status = canvas.plainTextLines().last ?? ""
    #expect(status.hasPrefix("…") && status.contains("x▏x"), "\(status)")
    #expect(status.trimmingCharacters(in: .whitespaces).hasSuffix("…"), "\(status)")
  }

  /// A find whose first match is the row the focus is on says which row: the focus does not
  /// move, so "match 1 of 5" alone named nothing (a new user's finding). A step that moves
  /// the focus is said as before: the row's own line follows.
  @Test func aMatchOnTheFocusedRowIsNamed() {
    let (gallery, canvas) = makeTestGallery("outline", TerminalSize(columns: 80, rows: 18))
    var time = 0.0
    pressTestGallery([.right, .down, .right, .down], gallery, canvas, time: &time)
    let focused = gallery.currentPage.accessibilityFocus?.label ?? ""
    #expect(focused.contains("City"), "the focus is on a city: \(focused)")
    _ = gallery.spokenLines()
    pressTestGallery(
      [
        .character("/"), .character("c"), .character("i"), .character("t"), .character("y"),
        .enter,
      ], gallery, canvas, time: &time)
    let said = gallery.spokenLines()
    #expect(said.contains("match 1 of 5: \(focused)"), "\(said)")
    pressTestGallery([.character("n")], gallery, canvas, time: &time)
    let next = gallery.spokenLines()
    #expect(next.contains("match 2 of 5"), "a step that moves says no name: \(next)")
  }

  @Test func theOutlineFindsInItsShownRows() {
    let (gallery, canvas) = makeTestGallery("outline", TerminalSize(columns: 80, rows: 18))
    var time = 0.0
    pressTestGallery([.right, .down, .right, .character("/")], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("find in the shown names: ▏") == true)
    pressTestGallery(
      [.character("c"), .character("i"), .character("t"), .character("y"), .enter], gallery,
      canvas, time: &time)
    let status = canvas.plainTextLines().last ?? ""
    #expect(status.contains("match 1 of 5"), "\(status)")
    // Five cities shown; the focused one shows its cursor instead of the mark.
    let marked = markedRows(canvas)
    #expect(marked.count == 4, "\(marked)")
    #expect(marked.allSatisfy { $0.contains(" City") }, "\(marked)")
    pressTestGallery([.character("n")], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("match 2 of 5") == true)
    pressTestGallery([.character("N"), .character("N")], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("match 5 of 5") == true, "round the start")
    // Collapsing the country hides the cities: the find starts again over what shows.
    pressTestGallery([.up, .up, .up, .up, .up, .left], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("no match for “city”") == true)
    // Nothing to step through: n and N are not offered (a new user's finding).
    #expect(canvas.plainTextLines().last?.contains("no match for “city” · Esc clears") == true)
    #expect(markedRows(canvas).isEmpty)
    pressTestGallery([.escape], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("match") == false)
  }

  @Test func theDataSourcePageFindsThroughItsEdits() {
    let (gallery, canvas) = makeTestGallery("datasource", TerminalSize(columns: 80, rows: 30))
    var time = 0.0
    let status = find("rev", gallery, canvas, time: &time)
    #expect(status.contains("match 1 of 4"), "\(status)")
    #expect(markedRows(canvas).allSatisfy { $0.contains("Review") })
    let before = markedRows(canvas).count
    // Renaming the focused review task: it no longer matches, and is not marked.
    pressTestGallery([.character("e")], gallery, canvas, time: &time)
    let after = canvas.plainTextLines().last ?? ""
    #expect(after.contains("3 matches"), "\(after)")
    #expect(markedRows(canvas).count == before, "the focused match had no mark; it has none now")
    #expect(markedRows(canvas).allSatisfy { $0.contains("Review") })
    // Adding a task with `a` after it: still three.
    pressTestGallery([.character("a")], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("3 matches") == true)
  }

  /// Where a host asks for it (GTK), the prompt is said as it opens, each edit as an entry
  /// echoes it, and its cancel (it opened and took letters in silence: a new user's finding,
  /// in GTK with a screen reader).
  @Test func thePromptIsSaidAndEchoesWhatIsTyped() {
    let model = SettingsModel(options: GalleryOptions(itemCount: 300), metrics: plainTestMetrics)
    var said: [String] = []
    model.collectionView.accessibilityAnnouncementHandler = { said.append($0) }
    model.findBar.announcesPrompt = true  // as GTK has it
    for key in [
      KeyPress(.character("/")), KeyPress(.character("W")), KeyPress(.character(" ")),
      KeyPress(.character("i")), KeyPress(.backspace), KeyPress(.left), KeyPress(.escape),
    ] {
      _ = model.handle(key)
    }
    #expect(
      said == [
        "find in the settings: type, Enter finds, Escape cancels", "W", "space", "i",
        "deleted i", "find cancelled",
      ], "\(said)")
  }

  @Test func theSettingsFindAndTheHelpSaysSo() {
    let (gallery, canvas) = makeTestGallery("settings", TerminalSize(columns: 80, rows: 24))
    var time = 0.0
    let status = find("blu", gallery, canvas, time: &time)
    #expect(status.contains("match 1 of 1 ") && status.contains("Bluetooth: off"), "\(status)")
    // Space flips the found switch, as it flips any focused one.
    pressTestGallery([.character(" ")], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("Bluetooth: on") == true)
    pressTestGallery([.character("?")], gallery, canvas, time: &time)
    let help = canvas.plainTextLines().joined(separator: "\n")
    #expect(help.contains("find in the settings"), "\(help)")
  }

  /// The chat's find goes first to the newest match, as messaging apps search back from the
  /// newest, and loads no older history (it went to the oldest loaded message, at the top,
  /// where older history loaded nine times over: a new user's finding).
  @Test func theChatsFindBeginsAtTheNewestMatch() throws {
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 100, rows: 30))
    var time = 0.0
    let before = drawnTestGallery(gallery, canvas)[1]
    #expect(before.contains("30 messages"), "\(before)")
    // A word in many messages, so that the newest match is not the only one.
    var found = ""
    for word in ["lunar", "quiet", "amber", "misty"] {
      pressTestGallery([.escape], gallery, canvas, time: &time)
      found = find(word, gallery, canvas, time: &time)
      if !found.contains("match 1 of 1 "), found.contains(" of ") { break }
    }
    let words = found.split(separator: " ")
    let at = try #require(words.firstIndex(of: "match"), "\(found)")
    #expect(Int(words[at + 3]) ?? 0 > 1, "more than one match: \(found)")
    #expect(words[at + 1] == words[at + 3], "the newest of the matches: \(found)")
    // `n` goes on back, to the match before (it went round to the oldest, at the top).
    pressTestGallery([.character("n")], gallery, canvas, time: &time)
    let stepped = canvas.plainTextLines().last ?? ""
    let count = Int(words[at + 3]) ?? 0
    #expect(stepped.contains("match \(count - 1) of \(count)"), "\(stepped)")
    for _ in 0..<120 {
      time += 1.0 / 60
      gallery.tick(now: time)
    }
    let header = drawnTestGallery(gallery, canvas)[1]
    #expect(header.contains("30 messages") || header.contains("31 messages"), "\(header)")
  }

  @Test func theChatFindsInItsMessagesAsTheyArrive() {
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 20))
    var time = 0.0
    let status = find("quiet", gallery, canvas, time: &time)
    /// "match K of N": K and N.
    let numbers = { (line: String) -> (number: Int, count: Int)? in
      let words = line.split(separator: " ").map { $0.replacingOccurrences(of: ",", with: "") }
      guard let at = words.firstIndex(of: "match"), at + 3 < words.count, words[at + 2] == "of",
        let number = Int(words[at + 1]), let count = Int(words[at + 3])
      else { return nil }
      return (number, count)
    }
    // The first match from where the chat is (its end), numbered from the oldest message.
    let first = numbers(status)
    #expect(first != nil && first!.number <= first!.count, "\(status)")
    let before = first?.count ?? 0
    // The marks show over the messages (the one the find is on too: messages draw no cursor).
    #expect(
      (0..<canvas.rows).contains { canvas[40, $0].style.attributes.contains(.underline) },
      "a marked message shows")
    // Messages arrive and stream in (each word a reconfigure): the find goes on over them.
    for _ in 0..<600 {
      time += 1.0 / 60
      gallery.tick(now: time)
    }
    gallery.draw(into: canvas)
    let later = canvas.plainTextLines().last ?? ""
    // The same message is still the match the find is on, whatever arrived after it.
    let now = numbers(later)
    #expect(now?.number == first?.number && (now?.count ?? 0) >= before, "\(later)")
    pressTestGallery([.character("n")], gallery, canvas, time: &time)
    let stepped = numbers(canvas.plainTextLines().last ?? "")
    // In a chat `n` goes back, as the find began: to the older message that matches.
    let expected = now.map { $0.number == 1 ? $0.count : $0.number - 1 }
    #expect(stepped?.number == expected, "n: the older message that matches")
    pressTestGallery([.escape], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines().last?.contains("match") == false)
  }
}

/// A status longer than the room beside "? help  q quit" keeps "? help" when it fits beside
/// that, else takes the whole line (its end was cut for the hint: a sort's time, "cursor off
/// screen"; a lone "?" read as a broken glyph); narrow terminals keep "? help".
@Suite struct LongStatusTests {
  /// The status line of the list page at `columns` columns whose one row is titled `title`.
  private func statusLine(title: String, columns: Int, rows: Int = 24) throws -> String {
    let data = try GalleryData.parse(
      Array(#"{"sections": [{"title": "S", "items": [{"title": "\#(title)"}]}]}"#.utf8))
    let (gallery, canvas) = makeTestGallery(
      "list", TerminalSize(columns: columns, rows: rows), data: data)
    gallery.draw(into: canvas)
    return canvas.plainTextLines().last ?? ""
  }

  @Test func aLongStatusTakesTheHintsRoom() throws {
    let title = "A row whose title runs long enough to fill the line, and more: " + "end of it"
    let status = try statusLine(title: title, columns: 80)
    #expect(status.contains("end of it"), "\(status)")
    #expect(!status.hasSuffix("?"), "no lone “?”: \(status)")
    #expect(!status.contains("q quit"), "\(status)")
    #expect(try statusLine(title: title, columns: 30, rows: 10).contains("? help"))
  }

  /// A status too long for "? help  q quit" but not for "? help" keeps "? help" right after
  /// it, not a lone "?" after a gap.
  @Test func aStatusThatFitsBesideTheShortHintKeepsIt() throws {
    let title = String(repeating: "word ", count: 13) + "last"  // 69 columns with its space
    let status = try statusLine(title: title, columns: 80)
    #expect(status.contains(title), "\(status)")
    #expect(status.hasSuffix("? help"), "\(status)")
    #expect(!status.contains("q quit"), "\(status)")
  }
}

/// `/` from the tag strip finds in the list, the focus going back to it (it did nothing).
@Suite struct FindFromTheStripTests {
  @Test func slashFromTheStripOpensTheListsFind() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("list", TerminalSize(columns: 80, rows: 24))
    pressTestGallery([.tab], gallery, canvas, time: &time)
    #expect(canvas.plainTextLines()[1].contains("strip focused"))
    pressTestGallery([.character("/"), .character("a")], gallery, canvas, time: &time)
    let status = canvas.plainTextLines().last ?? ""
    #expect(status.contains("find in the titles"), "\(status)")
    #expect(canvas.plainTextLines()[1].contains("vertical list focused"))
  }
}
