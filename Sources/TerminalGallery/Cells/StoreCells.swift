import GalleryKit
import ReuseKit
import ReuseTerminal

/// A tile of the store page: a featured card (a tall block of colour, its title and story
/// line), an app (an icon square, its name, its category and stars), an app two columns wide,
/// or a banner across the grid.
final class StoreTileCell: TerminalCell, StorePresenting {
  var tile = StoreTile()
  var showsFocus = true
  private var isCursor: Bool { isFocused && showsFocus }

  func present(_ tile: StoreTile) {
    self.tile = tile
    accessibilityLabel = tile.title
  }

  /// The focused card or banner is marked along its left edge.
  private func markCursor(in context: DrawContext) {
    guard isCursor else { return }
    context.fill(
      CellRect(x: 0, y: 0, width: 1, height: context.height),
      style: TextStyle(background: Theme.accent))
  }

  override func draw(in context: DrawContext) {
    let color = Theme.palette[tile.colorIndex % Theme.palette.count]
    let foreground = isCursor ? Theme.onAccent : Theme.text
    let card = isCursor ? Theme.accent : Theme.surface
    switch tile.kind {
    case .feature:
      for row in 0..<context.height {
        let shade = color.mixed(
          with: Theme.background, amount: 0.1 + 0.55 * Double(row) / Double(max(1, context.height)))
        context.fill(
          CellRect(x: 0, y: row, width: context.width, height: 1),
          style: TextStyle(background: shade))
      }
      markCursor(in: context)
      let mark = (isCursor && context.marksWithText ? "> " : "") + (isSelected ? "✓ " : "")
      context.text(
        " FEATURED ", x: 2, y: 1,
        style: TextStyle(foreground: Theme.onAccent, background: Theme.warning, attributes: .bold))
      context.text(
        mark + tile.title, x: 2, y: max(0, context.height - 3),
        style: TextStyle(foreground: Theme.text, attributes: .bold),
        maxWidth: max(0, context.width - 4))
      context.text(
        tile.subtitle, x: 2, y: max(0, context.height - 2), style: Theme.dim,
        maxWidth: max(0, context.width - 4))
    case .banner:
      context.fill(TextStyle(background: color.mixed(with: Theme.background, amount: 0.45)))
      markCursor(in: context)
      let mark = (isCursor && context.marksWithText ? "> " : "") + (isSelected ? "✓ " : "")
      context.text(
        mark + tile.title, x: 2, y: context.height / 2 - (context.height > 2 ? 1 : 0),
        style: TextStyle(foreground: Theme.text, attributes: .bold),
        maxWidth: max(0, context.width - 4))
      if context.height > 2 {
        context.text(
          tile.subtitle, x: 2, y: context.height / 2, style: Theme.dim,
          maxWidth: max(0, context.width - 4))
      }
    case .app, .wideApp:
      context.fill(TextStyle(background: card))
      // The icon: a square of colour (two columns a row) with the name's initial.
      let icon = min(4, max(2, context.height - 1) * 2)
      let iconRows = max(1, icon / 2)
      context.fill(
        CellRect(x: 0, y: 0, width: icon, height: iconRows),
        style: TextStyle(background: color))
      context.text(
        String(tile.title.first ?? " "), x: icon / 2 - 1 + (icon > 2 ? 0 : 0),
        y: (iconRows - 1) / 2,
        style: TextStyle(foreground: Theme.onAccent, background: color, attributes: .bold))
      let mark = (isCursor && context.marksWithText ? ">" : "") + (isSelected ? "✓" : "")
      let x = icon + 1
      context.text(
        mark + tile.title, x: x, y: 0,
        style: TextStyle(foreground: foreground, attributes: .bold),
        maxWidth: max(0, context.width - x))
      context.text(
        tile.subtitle, x: x, y: 1,
        style: TextStyle(foreground: isCursor ? Theme.onAccent : Theme.dimText),
        maxWidth: max(0, context.width - x))
      if context.height > 2 {
        context.text(
          tile.ratingText, x: x, y: 2,
          style: TextStyle(foreground: isCursor ? Theme.onAccent : Theme.warning),
          maxWidth: max(0, context.width - x))
      }
    }
  }
}
