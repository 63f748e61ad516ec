import GalleryKit
import ReuseKit
import ReuseTerminal

/// One card of the waterfall feed: a "photo" (a block of colour with a soft gradient), a
/// title and a like count. Cards have their own heights.
final class FeedCardCell: TerminalCell, PhotoPresenting {
  var title = ""
  var likes = 0
  var color = Theme.accent
  var isNew = false

  override func prepareForReuse() {
    title = ""
    likes = 0
    isNew = false
  }

  func present(title: String, likes: Int, colorIndex: Int, isNew: Bool) {
    // A data file's control characters show as their pictures (␛), as in the list.
    (self.title, self.likes, self.isNew) = (title.showingControls, likes, isNew)
    accessibilityLabel = title
    accessibilityValue = "\(likes) likes"
    color = Theme.palette[colorIndex % Theme.palette.count]
  }

  override func draw(in context: DrawContext) {
    let card = Theme.cellBackground(cursor: isFocused, selected: isSelected, amount: 0.6)
    context.fill(TextStyle(background: Theme.background))
    let width = context.width  // the gap between columns is the layout's
    let body = CellRect(x: 0, y: 0, width: width, height: context.height)
    context.fill(body, style: TextStyle(background: card))
    let photoHeight = max(0, context.height - 2)
    for row in 0..<photoHeight {
      let shade = color.mixed(
        with: Theme.background, amount: 0.15 + 0.5 * Double(row) / Double(max(1, photoHeight)))
      context.fill(
        CellRect(x: 0, y: row, width: width, height: 1), style: TextStyle(background: shade))
    }
    // The focused card is marked along its whole left edge, so that the mark shows even when
    // only its photo is on screen.
    if isFocused {
      context.fill(
        CellRect(x: 0, y: 0, width: 1, height: context.height),
        style: TextStyle(background: Theme.accent))
    }
    if photoHeight > 0 && isNew {
      context.text(
        " new ", x: 1, y: 0, style: TextStyle(foreground: Theme.onAccent, background: Theme.warning)
      )
    }
    let mark = (isFocused && context.marksWithText ? "> " : "") + (isSelected ? "✓ " : "")
    context.text(
      mark + title, x: 1, y: photoHeight,
      style: TextStyle(foreground: isFocused ? Theme.onAccent : Theme.text, attributes: .bold),
      maxWidth: max(0, width - 2))
    context.text(
      "♥ \(likes)", x: 1, y: photoHeight + 1,
      style: TextStyle(foreground: isFocused ? Theme.onAccent : Theme.dimText),
      maxWidth: max(0, width - 2))
  }
}
