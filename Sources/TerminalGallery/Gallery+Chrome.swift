import GalleryKit
import ReuseKit
import ReuseTerminal

extension Gallery {
  // MARK: The status line

  /// The status line: the page's own status (the focused item) first and `? help` at the
  /// right, both kept at any width; the engine's counters between them, cut first.
  func drawStatus(into canvas: Canvas) {
    let row = size.rows - 1
    let line = CellRect(x: 0, y: row, width: size.columns, height: 1)
    canvas.fill(line, style: TextStyle(foreground: Theme.text, background: Theme.bar))
    let context = DrawContext(canvas: canvas, frame: line, clip: line)
    let help = "? help"
    let quit = "  q quit"
    let width = size.columns
    // The hint always shows; "q quit" only with room to spare.
    let hint = width >= 60 ? help + quit + " " : help + " "
    let hintWidth = CharacterWidth.of(hint)
    let leftRoom = max(0, width - hintWidth - 1)
    if let notice {
      // A notice longer than the room beside the hint takes the whole line: the hint is back
      // with the next key, and a notice cut short is lost ("--restore: … left as it is,
      // posi…" at 100 columns: a new user's finding).
      let text = " " + notice
      let fitsBeside = CharacterWidth.of(text) <= leftRoom
      context.text(
        text, x: 0, y: 0, style: TextStyle(foreground: Theme.warning, attributes: .bold),
        maxWidth: fitsBeside ? leftRoom : width)
      if fitsBeside {
        context.text(hint, x: width - hintWidth, y: 0, style: TextStyle(foreground: Theme.accent))
      }
      return
    }
    if currentPage.isTyping {
      // A prompt takes the whole line, and keeps its end (what is typed) when it does not
      // fit: at 20 columns "find in the titles: ambe" showed as "find in th…". `?` types
      // there, so no hint either.
      var prompt = " " + currentPage.status
      // What follows the caret (" · Enter finds, Esc cancels") goes first. A line without a
      // caret (the text is typed elsewhere: the chat's message) keeps its start: its end cut
      // from the left read "…7 characters" for 97 (a new user's finding).
      if CharacterWidth.of(prompt) > width, let caret = prompt.firstIndex(of: "▏") {
        prompt = Self.promptLine(prompt, caret: caret, fitting: width)
      }
      context.text(
        prompt, x: 0, y: 0, style: TextStyle(foreground: Theme.text), maxWidth: width)
      return
    }
    // A line break from the data (a title's) shows as its control picture, as in the cells.
    let status = " " + currentPage.status.showingControls
    // A status longer than the room beside the hint keeps "? help" when it fits beside that,
    // else takes the whole line: its end (a sort's time, "cursor off screen") was cut for
    // "help  q quit", and a lone "?" kept at the right read as a broken glyph (new users'
    // findings). Below 40 columns "? help" stays, the way in. The counters show only in what
    // a status leaves.
    let statusWidth = CharacterWidth.of(status)
    let shortHint = help + " "
    let (shownHint, room): (String, Int) =
      if statusWidth <= leftRoom || width < 40 {
        (hint, leftRoom)
      } else if statusWidth <= width - CharacterWidth.of(shortHint) - 1 {
        (shortHint, width - CharacterWidth.of(shortHint) - 1)
      } else {
        ("", width)
      }
    let used = context.text(
      status, x: 0, y: 0, style: TextStyle(foreground: Theme.text), maxWidth: room)
    let countersRoom = room - used
    if countersRoom >= 12 {
      context.text(
        " │ " + engineCounters, x: used, y: 0, style: TextStyle(foreground: Theme.dimText),
        maxWidth: countersRoom)
    }
    if !shownHint.isEmpty {
      context.text(
        shownHint, x: width - CharacterWidth.of(shownHint), y: 0,
        style: TextStyle(foreground: Theme.accent))
    }
  }

  /// `text` whole when it fits `width` columns, else its end after a "…".
  /// A prompt's line cut to `width` around its caret: the keys' hint after the text (" ·
  /// Enter finds, Esc cancels") goes first, then the text far from the caret on both sides,
  /// up to a third of the line kept for the text after it (all of that went, and the text
  /// after the caret looked lost: a new user's finding).
  static func promptLine(_ prompt: String, caret: String.Index, fitting width: Int) -> String {
    var after = String(prompt[prompt.index(after: caret)...])
    if let hint = after.ranges(of: " · ").last {
      after = String(after[..<hint.lowerBound])
    }
    let before = String(prompt[...caret])
    if CharacterWidth.of(before + after) <= width { return before + after }
    let afterRoom = min(CharacterWidth.of(after), max(1, width / 3))
    let shownBefore = tail(of: before, fitting: max(1, width - afterRoom))
    var shownAfter = ""
    var used = CharacterWidth.of(shownBefore)
    for character in after {
      let next = used + CharacterWidth.of(character)
      if next > width - 1 {
        shownAfter.append("…")
        break
      }
      shownAfter.append(character)
      used = next
    }
    return shownBefore + shownAfter
  }

  static func tail(of text: String, fitting width: Int) -> String {
    guard CharacterWidth.of(text) > width else { return text }
    var kept: [Character] = []
    var used = 1  // the "…"
    for character in text.reversed() {
      let next = used + CharacterWidth.of(character)
      if next > width { break }
      kept.append(character)
      used = next
    }
    return "…" + String(kept.reversed())
  }

  /// The current page's reuse counters (and the last frame's time, when shown).
  var engineCounters: String {
    let counters = currentPage.counters
    var parts = [
      "visible \(counters.visible.formatted)", "created \(counters.created.formatted)",
      "reused \(counters.reused.formatted)",
    ]
    if showsTiming {
      parts.append(lastFrameDuration.map { "frame \(Self.milliseconds($0)) ms" } ?? "frame –")
    }
    return parts.joined(separator: " · ")
  }

  /// The notice shown instead of the gallery when the terminal is smaller than
  /// ``minimumSize``.
  /// The longest wording that fits whole is shown: a sentence is never cut, nor a word broken,
  /// nor the size it names (a cut "20×5" read as "2" in a 1×1 window): where even the size
  /// does not fit, an ellipsis says something is not shown.
  func drawTooSmall(into canvas: Canvas) {
    let (columns, rows) = (size.columns, size.rows)
    let needed = "\(Self.minimumSize.columns)×\(Self.minimumSize.rows)"
    // A notice comes first (q's warning about edits not saved: the only thing q does then).
    // The warning about unsaved edits in fewer words when it does not fit: at 10×3 it gave
    // way to "q quits", and a second q lost the edits unwarned (a new user's finding).
    let warned =
      hasWarnedBeforeQuitting
      ? ["Edits not saved: q again quits.", "Not saved: q quits.", "Not saved!"] : []
    let wordings =
      (notice.map { [$0] } ?? []) + warned + [
        "Terminal too small (\(columns)×\(rows)): the gallery needs at least \(needed). "
          + "Enlarge it, or q to quit.",
        "Too small (\(columns)×\(rows)): needs \(needed). Enlarge it, or q to quit.",
        "Too small: needs \(needed). q quits.",
        "Needs \(needed). q quits.",
        "Needs \(needed).",
        needed,
      ]
    let lines =
      wordings.lazy
      // A word wider than the terminal would be broken ("Need" / "s"): that wording is not
      // shown whole.
      .filter { $0.split(separator: " ").allSatisfy { CharacterWidth.of(String($0)) <= columns } }
      .map { TextLayout.wrap($0, toWidth: max(1, columns)) }
      .first { $0.count <= rows && $0.allSatisfy { CharacterWidth.of($0) <= columns } }
      ?? ["…"]
    for (row, text) in lines.prefix(rows).enumerated() {
      canvas.draw(text, column: 0, row: row, style: Theme.plain)
    }
  }

  // MARK: Help

  /// The global keys, then the page's.
  var helpEntries: [(keys: String, meaning: String)] {
    let global: [(String, String)] = [
      (
        descriptors.count >= 10 ? "1-9 0 [ ]" : "1-\(descriptors.count) [ ]",
        descriptors.count > 10
          ? "switch page (0: the tenth; the rest with ] [ or a click on a tab)"
          : "switch page (0: the tenth; or click a tab); ] [ wrap"
      ),
      ("?", "show or close this help"),
      ("q Ctrl-C", "quit (Ctrl-C first drops what is being typed)"), ("Ctrl-Z", "suspend"),
    ]
    return (global + [("", "")] + currentPage.keyHelp).map { (keys: $0.0, meaning: $0.1) }
  }

  /// Where the help goes: a bordered box sized to the terminal, or (in a terminal too small
  /// for a box) the whole screen, no border, each key above its description.
  private var helpLayout: (box: CellRect, bordered: Bool) {
    guard size.columns >= 30 && size.rows >= 10 else {
      return (CellRect(x: 0, y: 0, width: size.columns, height: size.rows), false)
    }
    let (keyWidth, widest) = helpColumns
    // Border and padding: "│ " + keys + "  " + meaning + " │".
    let natural = max(2 + keyWidth + 2 + widest + 2, CharacterWidth.of(helpTitle) + 6, 24)
    let width = min(size.columns - 2, natural)
    let height = min(size.rows - 2, helpBody(width: width, bordered: true).count + 4)
    let box = CellRect(
      x: (size.columns - width) / 2, y: max(1, (size.rows - height) / 2), width: width,
      height: height)
    return (box, true)
  }

  private var helpTitle: String { "Keys · \(currentPage.title)" }

  /// The widths of the keys' column (the widest keys, up to a third of the terminal and at
  /// least 18 when they need it) and of the widest description.
  private var helpColumns: (keys: Int, widest: Int) {
    let entries = helpEntries
    let limit = max(18, (size.columns - 8) / 3)
    return (
      min(limit, entries.map { CharacterWidth.of($0.keys) }.max() ?? 0),
      entries.map { CharacterWidth.of($0.meaning) }.max() ?? 0
    )
  }

  /// The help's lines for a box `width` wide: in a box, descriptions wrapped beside their
  /// keys; on the whole screen, each key on a line of its own and its description below.
  private func helpBody(width: Int, bordered: Bool) -> [(keys: String, meaning: String)] {
    let meaningWidth = max(1, bordered ? width - 4 - helpColumns.keys - 2 : width - 2)
    var body: [(keys: String, meaning: String)] = []
    for entry in helpEntries {
      let wrapped = TextLayout.wrap(entry.meaning, toWidth: meaningWidth)
      if bordered {
        // Keys wider than their column wrap too (at their commas and spaces), never cut; the
        // lines after the first are indented, so that "End" under "PgUp PgDn Home" reads as
        // the same keys and not as a key of its own.
        let keyWidth = max(1, helpColumns.keys)
        var keys = entry.keys.isEmpty ? [] : TextLayout.wrap(entry.keys, toWidth: keyWidth)
        if keys.count > 1 && keyWidth > 4 {
          let rest = keys.dropFirst().joined(separator: " ")
          keys = [keys[0]] + TextLayout.wrap(rest, toWidth: keyWidth - 2).map { "  " + $0 }
        }
        for index in 0..<max(wrapped.count, keys.count) {
          body.append(
            (index < keys.count ? keys[index] : "", index < wrapped.count ? wrapped[index] : ""))
        }
      } else {
        if !entry.keys.isEmpty { body.append((entry.keys, "")) }
        body += wrapped.map { ("", $0) }
      }
    }
    return body
  }

  /// How many lines of the help's body show at once (what a page key scrolls by).
  var helpRows: Int {
    let layout = helpLayout
    return max(1, layout.box.height - (layout.bordered ? 4 : 2))
  }

  /// The most the help scrolls: its body's lines beyond what shows.
  var helpMaximumScroll: Int {
    let layout = helpLayout
    return max(0, helpBody(width: layout.box.width, bordered: layout.bordered).count - helpRows)
  }

  /// The help overlay: a bordered box sized to the terminal (the whole screen when that is
  /// too small for a box), the keys in a column of their own, long descriptions wrapped. A
  /// help taller than the box scrolls (arrows, pages, the wheel) and says how much is below.
  func drawHelp(into canvas: Canvas) {
    let (box, bordered) = helpLayout
    let context = DrawContext(canvas: canvas, frame: box, clip: box)
    context.fill(TextStyle(foreground: Theme.text, background: Theme.surfaceAlternate))
    let body = helpBody(width: box.width, bordered: bordered)
    let rows = helpRows
    helpScroll = max(0, min(helpScroll, helpMaximumScroll))
    let hiddenBelow = max(0, body.count - helpScroll - rows)
    let titleStyle = TextStyle(foreground: Theme.accent, attributes: .bold)
    // At the end, how much is above (it said "↑ top", which read as a key to go there, at
    // the bottom: a new user's finding).
    let position =
      hiddenBelow > 0 ? "↓ \(hiddenBelow.formatted) more" : "end, \(helpScroll.formatted) above"
    let hints =
      hiddenBelow > 0 || helpScroll > 0
      ? ["\(position) · ↑↓ scroll · Esc", "\(position) · ↑↓", position]
      : ["Esc, q or ? closes", "Esc or ? closes", "Esc"]
    let room = box.width - (bordered ? 6 : 0)
    let hint = hints.first { CharacterWidth.of($0) <= room } ?? ""
    let hintStyle = TextStyle(foreground: Theme.dimText)
    if bordered {
      drawBorder(context, style: TextStyle(foreground: Theme.accent))
      context.centeredText(" \(helpTitle) ", y: 0, style: titleStyle)
      if !hint.isEmpty { context.centeredText(" \(hint) ", y: box.height - 1, style: hintStyle) }
    } else {
      context.text(helpTitle, x: 0, y: 0, style: titleStyle, maxWidth: box.width)
      context.text(hint, x: 0, y: box.height - 1, style: hintStyle, maxWidth: box.width)
    }
    let keyWidth = bordered ? helpColumns.keys : box.width
    let meaningX = bordered ? 2 + keyWidth + 2 : 2
    for (index, entry) in body.dropFirst(helpScroll).prefix(rows).enumerated() {
      let y = (bordered ? 2 : 1) + index
      context.text(
        entry.keys, x: bordered ? 2 : 0, y: y,
        style: TextStyle(foreground: Theme.warning, attributes: .bold), maxWidth: keyWidth)
      context.text(
        entry.meaning, x: meaningX, y: y, style: TextStyle(foreground: Theme.text),
        maxWidth: max(0, box.width - meaningX - (bordered ? 2 : 0)))
    }
  }

  private func drawBorder(_ context: DrawContext, style: TextStyle) {
    let width = context.width
    let height = context.height
    guard width >= 2, height >= 2 else { return }
    let horizontal = String(repeating: "─", count: width - 2)
    context.text("┌" + horizontal + "┐", x: 0, y: 0, style: style)
    context.text("└" + horizontal + "┘", x: 0, y: height - 1, style: style)
    for y in 1..<(height - 1) {
      context.text("│", x: 0, y: y, style: style)
      context.text("│", x: width - 1, y: y, style: style)
    }
  }
}
