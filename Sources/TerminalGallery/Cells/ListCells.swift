import GalleryKit
import ReuseKit
import ReuseTerminal

/// A row of the vertical list: a badge, a title, a detail; highlighted and selected looks.
final class ListRowCell: TerminalCell, RowPresenting {
  var title = ""
  var detail = ""
  var badge = Theme.accent
  var isStriped = false
  /// The details an expanded row shows below its title.
  var expandedLines: [String] = []
  /// Whether the list has the page's keyboard focus: only then is its focused row drawn so.
  var showsFocus = true
  var isCursor: Bool { isFocused && showsFocus }
  /// Whether the row matches the find: its title drawn on the match colour.
  var isFindMatch = false

  override func prepareForReuse() {
    title = ""
    detail = ""
    expandedLines = []
    isFindMatch = false
  }

  func present(title: String, detail: String, colorIndex: Int, isStriped: Bool) {
    // A line break or tab in a data file's title shows as its control picture (␊), as the
    // table shows it: it was dropped, "two\nlines" drawn as "twolines" (a new user's finding).
    self.title = title.showingControls
    self.detail = detail.showingControls
    accessibilityLabel = title
    badge = Theme.palette[colorIndex % Theme.palette.count]
    self.isStriped = isStriped
  }

  override func draw(in context: DrawContext) {
    let background = Theme.cellBackground(
      cursor: isCursor, selected: isSelected,
      normal: isStriped ? Theme.surfaceAlternate : Theme.surface)
    let foreground = isCursor ? Theme.onAccent : Theme.text
    context.fill(TextStyle(background: background))
    context.text("▌", x: 0, y: 0, style: TextStyle(foreground: badge))
    let mark = isSelected ? "✓ " : (isCursor && context.marksWithText ? "> " : "  ")
    context.text(
      mark, x: 2, y: 0, style: TextStyle(foreground: isCursor ? foreground : Theme.selection))
    if isSelected && isCursor && context.marksWithText {
      context.text(">", x: 1, y: 0, style: TextStyle(foreground: foreground))
    }
    // An expanded row: its details below it, as many lines as it has grown to so far.
    if !expandedLines.isEmpty {
      for (index, line) in expandedLines.enumerated() where index + 1 < context.height {
        context.text(
          "  " + line, x: 4, y: index + 1,
          style: TextStyle(foreground: isCursor ? foreground : Theme.dimText),
          maxWidth: max(0, context.width - 5))
      }
      context.text(
        "▾", x: context.width - 2, y: 0,
        style: TextStyle(foreground: isCursor ? foreground : Theme.accent))
    }
    // A taller row: the title, then the detail below it, wrapped to the rows there are; a
    // detail that fits beside the title stays at the right of the first line, as in a row of
    // one line (the number "#13" moved under the title, or was lost: a new user's finding).
    let fitsBeside =
      CharacterWidth.of(title) + CharacterWidth.of(detail) + 8 <= context.width
    if context.height > 1 && expandedLines.isEmpty && !fitsBeside {
      context.text(
        title, x: 4, y: 0,
        style: TextStyle(foreground: foreground, attributes: isCursor ? .bold : []),
        maxWidth: max(0, context.width - 5))
      let lines = TextLayout.wrap(detail, toWidth: max(1, context.width - 5))
      for (row, line) in lines.prefix(context.height - 1).enumerated() {
        context.text(
          line, x: 4, y: row + 1,
          style: TextStyle(foreground: isCursor ? foreground : Theme.dimText))
      }
      return
    }
    let detailWidth = CharacterWidth.of(detail) + (expandedLines.isEmpty ? 0 : 2)
    let titleWidth = max(0, context.width - 5 - detailWidth - 2)
    context.text(
      title, x: 4, y: 0,
      style: isFindMatch && !isCursor
        ? TextStyle(foreground: Theme.onAccent, background: Theme.warning, attributes: .bold)
        : TextStyle(foreground: foreground, attributes: isCursor ? .bold : []),
      maxWidth: titleWidth)
    if detailWidth > 0 && context.width > detailWidth + 8 {
      context.text(
        detail, x: context.width - detailWidth - 1, y: 0,
        style: TextStyle(foreground: isCursor ? foreground : Theme.dimText))
    }
  }
}

/// A chip of the horizontal strip.
final class ChipCell: TerminalCell, ChipPresenting {
  var text = ""
  var color = Theme.accent
  /// Whether the strip has the page's keyboard focus: only then is its focused chip drawn so.
  var showsFocus = true
  var isCursor: Bool { isFocused && showsFocus }

  override func prepareForReuse() {
    text = ""
  }

  func present(text: String, colorIndex: Int) {
    self.text = text
    accessibilityLabel = text
    color = Theme.palette[colorIndex % Theme.palette.count]
  }

  override func draw(in context: DrawContext) {
    context.fill(TextStyle(background: Theme.background))
    let fill =
      isCursor
      ? Theme.accent
      : (isSelected ? Theme.selection : color.mixed(with: Theme.background, amount: 0.55))
    let body = CellRect(x: 0, y: 0, width: max(0, context.width - 1), height: context.height)
    context.fill(body, style: TextStyle(background: fill))
    let lead = context.marksWithText ? (isCursor ? ">" : isSelected ? "✓" : " ") : " "
    context.text(
      lead + text, x: 0, y: 0,
      style: TextStyle(foreground: Theme.onAccent, attributes: isCursor ? .bold : []),
      maxWidth: body.width)
  }
}
