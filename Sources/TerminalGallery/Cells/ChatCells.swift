import GalleryKit
import ReuseKit
import ReuseTerminal

/// A chat message: the author on the first row, the text wrapped below, in a bubble on the
/// left (others) or the right (you). It measures its own height from the wrapped text, so
/// the list's estimated sizes become exact as messages show.
final class ChatMessageCell: TerminalCell {
  var author = ""
  var text = ""

  override var accessibilityLabel: String? {
    get { author.isEmpty ? text : "\(author): \(text)" }
    set {}
  }
  var isMine = false
  var color = Theme.accent

  /// The bubble's width in a row `width` columns wide.
  static func bubbleWidth(in width: Int) -> Int { max(8, min(width - 4, width * 3 / 4)) }

  /// The rows a message takes: the author, its wrapped text, a blank row after.
  static func rows(text: String, width: Int) -> Int {
    2 + max(1, TextLayout.wrap(text, toWidth: max(1, bubbleWidth(in: width) - 2)).count)
  }

  override func prepareForReuse() {
    author = ""
    text = ""
  }

  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    let width = Int(proposedSize.width)
    return Size(width: proposedSize.width, height: Double(Self.rows(text: text, width: width)))
  }

  override func draw(in context: DrawContext) {
    context.fill(TextStyle(background: Theme.background))
    let width = Self.bubbleWidth(in: context.width)
    let x = isMine ? context.width - width - 1 : 1
    let bubble = isMine ? color.mixed(with: Theme.surface, amount: 0.55) : Theme.surface
    let lines = TextLayout.wrap(text, toWidth: max(1, width - 2))
    context.fill(
      CellRect(x: x, y: 0, width: width, height: max(1, context.height - 1)),
      style: TextStyle(background: bubble))
    context.text(
      author, x: x + 1, y: 0,
      style: TextStyle(foreground: isMine ? Theme.text : color, attributes: .bold),
      maxWidth: width - 2)
    for (row, line) in lines.enumerated() where row + 1 < context.height - 1 {
      context.text(line, x: x + 1, y: row + 1, style: TextStyle(foreground: Theme.text))
    }
  }
}
