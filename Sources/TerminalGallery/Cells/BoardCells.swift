import GalleryKit
import ReuseKit
import ReuseTerminal

/// A card of the board: a colour mark for its topic, its title, and its topic; faded while a
/// drag carries it.
final class BoardCardCell: TerminalCell, BoardCardPresenting {
  var card: BoardCard?
  var showsFocus = true
  private var isCursor: Bool { isFocused && showsFocus }

  override func prepareForReuse() { card = nil }

  override func draw(in context: DrawContext) {
    guard let card else { return context.fill(TextStyle(background: Theme.background)) }
    let (id, title, topic) = (card.id, card.title, card.topic)
    let background =
      isDragged
      ? Theme.background
      : Theme.cellBackground(cursor: isCursor, selected: isSelected)
    let foreground =
      isDragged ? Theme.dimText : (isCursor ? Theme.onAccent : Theme.text)
    context.fill(TextStyle(background: background))
    let mark = Theme.palette[id % Theme.palette.count]
    context.text(isDragged ? "┆" : "▌", x: 0, y: 0, style: TextStyle(foreground: mark))
    let check = isSelected ? "✓" : (isCursor && context.marksWithText ? ">" : " ")
    context.text(
      check, x: 1, y: 0, style: TextStyle(foreground: isCursor ? foreground : Theme.selection))
    let tag = "#" + topic
    let room = max(0, context.width - 3)
    let tagWidth = room >= 28 ? min(CharacterWidth.of(tag), room / 3) : 0
    context.text(
      title, x: 2, y: 0,
      style: TextStyle(foreground: foreground, attributes: isCursor ? .bold : []),
      maxWidth: max(0, room - tagWidth - (tagWidth > 0 ? 1 : 0)))
    if tagWidth > 0 {
      context.text(
        tag, x: context.width - tagWidth, y: 0,
        style: TextStyle(foreground: isCursor ? foreground : mark), maxWidth: tagWidth)
    }
  }
}
