import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// A cell of the table page: its text (numbers to the right), a dim `·` while its row loads,
/// the cursor and the selection.
final class TableTextCell: TerminalCell, TableCellPresenting {
  var text: String?
  var isNumeric = false
  /// A find matched it: drawn on the warning colour.
  var isMatch = false
  /// Being edited: the field drawn in place of the text.
  var editing: TextFieldState?

  override func prepareForReuse() {
    text = nil
    isMatch = false
    editing = nil
  }

  func present(editing field: TextFieldState?) { editing = field }

  func present(text: String?, isNumeric: Bool, isMatch: Bool) {
    self.text = text
    self.isNumeric = isNumeric
    self.isMatch = isMatch
  }

  /// As wide as its text and a column on each side: a fitting column grows to the widest
  /// cell it has shown.
  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(width: Double(CharacterWidth.of(text ?? "") + 2), height: proposedSize.height)
  }

  override func draw(in context: DrawContext) {
    // Without colour a tint shows nothing and a bright background is reversed like the
    // cursor: a match is bold and underlined on the plain background, a selected cell
    // underlined, the cursor alone reversed.
    let tints = context.showsColor
    let background =
      isMatch && !isFocused
      ? (tints ? Theme.warning : Theme.surface)
      : Theme.cellBackground(cursor: isFocused, selected: isSelected, amount: 0.7)
    context.fill(TextStyle(background: background))
    if let editing { return drawField(editing, in: context) }
    guard let text else {
      context.text("·", x: 1, y: 0, style: TextStyle(foreground: Theme.dimText))
      return
    }
    var attributes: TextStyle.Attributes = isFocused || isMatch ? .bold : []
    if !tints && (isMatch || isSelected) && !isFocused { attributes.insert(.underline) }
    let style = TextStyle(
      foreground: isFocused || (isMatch && tints) ? Theme.onAccent : Theme.text,
      attributes: attributes)
    let room = max(0, context.width - 2)
    let width = CharacterWidth.of(text)
    let x = isNumeric && width < room ? 1 + room - width : 1
    context.text(text, x: x, y: 0, style: style, maxWidth: room)
    context.markCutStart(ofTextAt: x, width: min(width, room), style: style)
    if isFocused && context.marksWithText { context.text(">", x: 0, y: 0, style: style) }
  }

  /// A text field: the text on the field colour, underlined, scrolled to keep the caret in
  /// view; the caret a reversed cell (a space at the end).
  private func drawField(_ field: TextFieldState, in context: DrawContext) {
    let room = max(1, context.width - 2)
    context.fill(TextStyle(background: Theme.bar))
    let shown = field.visibleWindow(width: Double(room - 1)) {
      Double(CharacterWidth.of(String($0).showingControls))
    }
    // All of it selected (the next cell after Tab): drawn as a selection, which typing
    // replaces.
    let style =
      field.isAllSelected
      ? TextStyle(
        foreground: Theme.text, background: Theme.bar.mixed(with: Theme.accent, amount: 0.5),
        attributes: context.showsColor ? .underline : [.underline, .reverse])
      : TextStyle(foreground: Theme.text, background: Theme.bar, attributes: .underline)
    let text = field.markingCuts(shown, showingControls: true)
    context.text(text, x: 1, y: 0, style: style, maxWidth: room)
    let before = String(shown.text.prefix(shown.caret)).showingControls
    let under = shown.text.dropFirst(shown.caret).first.map { String($0).showingControls } ?? " "
    context.text(
      under, x: 1 + CharacterWidth.of(before), y: 0,
      style: TextStyle(foreground: Theme.onAccent, background: Theme.accent, attributes: .bold),
      maxWidth: max(1, CharacterWidth.of(under)))
    if context.marksWithText { context.text("✎", x: 0, y: 0, style: style) }
  }
}

/// A column header of the table page: bold on the bar colour, with ↑ or ↓ when the table is
/// sorted by it, and a thin edge on the right (where a drag resizes the column).
final class TableHeaderCell: TerminalSupplementaryView, TableHeaderPresenting {
  var title = ""
  var sortedAscending: Bool?
  var isNumeric = false

  func present(title: String, sortedAscending: Bool?, isNumeric: Bool) {
    self.title = title
    self.sortedAscending = sortedAscending
    self.isNumeric = isNumeric
  }

  override func draw(in context: DrawContext) {
    context.fill(TextStyle(background: Theme.bar))
    let arrow = sortedAscending.map { $0 ? " ↑" : " ↓" } ?? ""
    let room = max(0, context.width - 2)
    // The sort arrow always shows: a title too long is cut before it; in a column too narrow
    // for that, the title's first character stays beside the arrow, without the space ("i↑":
    // the arrow alone did not say which column it was, a new user's finding).
    let label: String
    if arrow.isEmpty || CharacterWidth.of(self.title + arrow) <= room {
      label = self.title + arrow
    } else if room - 2 >= 2 {
      label = TextLayout.truncate(self.title, toWidth: room - 2) + arrow
    } else {
      let first = self.title.first.map(String.init) ?? ""
      let fits = !first.isEmpty && CharacterWidth.of(first) + 1 <= room
      label = (fits ? first : "") + String(arrow.dropFirst())
    }
    let width = CharacterWidth.of(label)
    let x = isNumeric && width < room ? 1 + room - width : 1
    let style = TextStyle(foreground: Theme.accent, attributes: .bold)
    let hidden = context.clip.x - context.frame.x
    // Only its edge left in view: no bare "│" beside the frozen column's (a new user's
    // finding).
    guard hidden < context.width - 1 else { return }
    if hidden >= x + min(width, room) {
      // The title is all under the frozen column: its end is shown after an ellipsis, so
      // that the part of the column still in view is named, not blank (a new user's finding).
      let tail = Self.tail(of: self.title, width: context.width - 2 - hidden)
      context.text("…" + tail, x: hidden, y: 0, style: style)
    } else {
      context.text(label, x: x, y: 0, style: style, maxWidth: room)
      context.markCutStart(ofTextAt: x, width: min(width, room), style: style)
    }
    context.text(
      "│", x: context.width - 1, y: 0, style: TextStyle(foreground: Theme.dimText))
  }

  /// The end of `title` that fits in `width` columns.
  static func tail(of title: String, width: Int) -> Substring {
    var used = 0
    var start = title.endIndex
    while start > title.startIndex {
      let previous = title.index(before: start)
      let next = CharacterWidth.of(String(title[previous]))
      guard used + next <= width else { break }
      used += next
      start = previous
    }
    return title[start...]
  }
}

extension DrawContext {
  /// Text drawn at `x` (`width` columns) and cut on its left (scrolled under the frozen
  /// column, which clips it): an ellipsis where it is cut, so ",528.58" never reads as a
  /// number of its own, nor "us" as a column's title.
  fileprivate func markCutStart(ofTextAt x: Int, width: Int, style: TextStyle) {
    let hidden = clip.x - frame.x
    if hidden > x, hidden < x + width { text("…", x: hidden, y: 0, style: style) }
  }
}

extension TextFieldState {
  /// A window of the field's text (``visibleWindow(width:measure:)``) as drawn: "…" in place
  /// of its first character when text is scrolled out before it, and of its last when text
  /// follows (never over the caret's), padded to the character's width so that nothing after
  /// moves. A draft longer than the line showed cut with no sign of it (a new user's finding).
  func markingCuts(_ shown: (text: Substring, caret: Int), showingControls: Bool = false) -> String
  {
    var characters = shown.text.map { showingControls ? String($0).showingControls : String($0) }
    func mark(_ index: Int) {
      guard characters.indices.contains(index), index != shown.caret else { return }
      let width = CharacterWidth.of(characters[index])
      guard width >= 1 else { return }
      characters[index] = "…" + String(repeating: " ", count: width - 1)
    }
    if shown.text.startIndex != text.startIndex { mark(0) }
    if shown.text.endIndex != text.endIndex { mark(characters.count - 1) }
    return characters.joined()
  }
}
