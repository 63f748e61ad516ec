import ReuseKit
import ReuseTerminal

/// A column of the option bar page: a category name, padded; bold and accented when selected.
final class CategoryCell: TerminalCell {
  var name = ""

  override func prepareForReuse() { name = "" }

  override func draw(in context: DrawContext) {
    context.fill(TextStyle(background: Theme.bar))
    let style =
      isSelected
      ? TextStyle(foreground: Theme.accent, background: Theme.bar, attributes: .bold)
      : TextStyle(foreground: Theme.text, background: Theme.bar)
    context.centeredText(name, y: 0, style: style)
  }
}

/// A card of the carousel page: a coloured panel with a title, its number and a caption. A
/// side card is drawn in the smaller frame its transform gives it, and dimmer.
final class CarouselCardCell: TerminalCell {
  var title = ""
  var caption = ""
  var number = 0
  var count = 0
  var color = Theme.accent
  /// The slot, shown when the same item is in several slots (wrapping few items).
  var slot = 0

  override func prepareForReuse() {
    title = ""
    caption = ""
  }

  override func draw(in context: DrawContext) {
    guard context.width > 0, context.height > 0 else { return }
    let isSide = context.scale.x < 0.999
    let base = isSide ? color.mixed(with: Theme.background, amount: 0.55) : color
    for row in 0..<context.height {
      let shade = base.mixed(
        with: Theme.background, amount: 0.1 + 0.45 * Double(row) / Double(max(1, context.height)))
      context.fill(
        CellRect(x: 0, y: row, width: context.width, height: 1), style: TextStyle(background: shade)
      )
    }
    let ink = isSide ? Theme.dimText : Theme.onAccent
    let middle = context.height / 2
    context.text(
      "\(number + 1) / \(count)", x: 1, y: 0, style: TextStyle(foreground: ink),
      maxWidth: max(0, context.width - 2))
    context.centeredText(
      title, y: max(0, middle - 1), style: TextStyle(foreground: ink, attributes: .bold))
    if context.height > 3 {
      context.centeredText(caption, y: middle + 1, style: TextStyle(foreground: ink))
    }
    if isSelected {
      context.text("✓", x: max(0, context.width - 2), y: 0, style: TextStyle(foreground: ink))
    }
  }
}
