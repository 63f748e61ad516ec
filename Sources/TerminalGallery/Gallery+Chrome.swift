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
    let used = context.text(
      " " + currentPage.status, x: 0, y: 0, style: TextStyle(foreground: Theme.text),
      maxWidth: leftRoom)
    let countersRoom = leftRoom - used
    if countersRoom >= 12 {
      context.text(
        " │ " + engineCounters, x: used, y: 0, style: TextStyle(foreground: Theme.dimText),
        maxWidth: countersRoom)
    }
    context.text(hint, x: width - hintWidth, y: 0, style: TextStyle(foreground: Theme.accent))
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
  func drawTooSmall(into canvas: Canvas) {
    let minimum = Self.minimumSize
    let lines = TextLayout.wrap(
      "Terminal too small (\(size.columns)×\(size.rows)): the gallery needs at least "
        + "\(minimum.columns)×\(minimum.rows). Enlarge it, or q to quit.",
      toWidth: size.columns)
    for (row, text) in lines.prefix(size.rows).enumerated() {
      canvas.draw(text, column: 0, row: row, style: Theme.plain)
    }
  }

  // MARK: Help

  /// The global keys, then the page's.
  var helpEntries: [(keys: String, meaning: String)] {
    let global: [(String, String)] = [
      ("1-\(descriptors.count) [ ]", "switch page (or click a tab); ] and [ wrap around"),
      ("?", "show or close this help"), ("q Ctrl-C", "quit"), ("Ctrl-Z", "suspend"),
    ]
    return (global + [("", "")] + currentPage.keyHelp).map { (keys: $0.0, meaning: $0.1) }
  }

  /// The help overlay: a bordered box sized to the terminal, the keys in a column of their
  /// own, long descriptions wrapped, and how to close it in the bottom border.
  func drawHelp(into canvas: Canvas) {
    let entries = helpEntries
    let keyWidth = min(18, entries.map { CharacterWidth.of($0.keys) }.max() ?? 0)
    let widest = entries.map { CharacterWidth.of($0.meaning) }.max() ?? 0
    let title = "Keys · \(currentPage.title)"
    let hint = " Esc or ? closes "
    // Border and padding: "│ " + keys + "  " + meaning + " │".
    let natural = max(2 + keyWidth + 2 + widest + 2, CharacterWidth.of(title) + 6, 24)
    let width = min(size.columns - 2, natural)
    let meaningWidth = max(1, width - 4 - keyWidth - 2)
    var body: [(keys: String, meaning: String)] = []
    for entry in entries {
      let wrapped = TextLayout.wrap(entry.meaning, toWidth: meaningWidth)
      for (index, line) in wrapped.enumerated() {
        body.append((index == 0 ? entry.keys : "", line))
      }
    }
    let height = min(size.rows - 2, body.count + 4)
    let box = CellRect(
      x: (size.columns - width) / 2, y: max(1, (size.rows - height) / 2), width: width,
      height: height)
    let context = DrawContext(canvas: canvas, frame: box, clip: box)
    let surface = TextStyle(foreground: Theme.text, background: Theme.surfaceAlternate)
    context.fill(surface)
    drawBorder(context, style: TextStyle(foreground: Theme.accent))
    context.centeredText(
      " \(title) ", y: 0, style: TextStyle(foreground: Theme.accent, attributes: .bold))
    if width >= CharacterWidth.of(hint) + 4 {
      context.centeredText(hint, y: height - 1, style: TextStyle(foreground: Theme.dimText))
    }
    let rows = height - 4
    let shown = body.count > rows ? max(0, rows - 1) : body.count
    for (index, entry) in body.prefix(shown).enumerated() {
      let y = index + 2
      context.text(
        entry.keys, x: 2, y: y, style: TextStyle(foreground: Theme.warning, attributes: .bold),
        maxWidth: keyWidth)
      context.text(
        entry.meaning, x: 2 + keyWidth + 2, y: y, style: TextStyle(foreground: Theme.text),
        maxWidth: meaningWidth)
    }
    if shown < body.count {
      context.text(
        "… \(plural(body.count - shown, "more line")): enlarge the terminal", x: 2, y: shown + 2,
        style: TextStyle(foreground: Theme.dimText), maxWidth: width - 4)
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
