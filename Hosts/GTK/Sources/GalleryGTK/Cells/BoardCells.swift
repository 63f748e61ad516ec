import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A card of the board page: a colour mark for its topic, its title and its topic; a selected
/// card filled with the selection's tint and ticked, the focused one ringed (it was filled,
/// and read as the selection: a new user's finding); faded while a drag carries it.
final class BoardCardGTKCell: GTKCell, BoardCardPresenting {
  var card: BoardCard?
  var showsFocus = true
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    guard let shown = card else { return }
    let isFocused = isFocused && showsFocus
    let (id, title, topic) = (shown.id, shown.title, shown.topic)
    let paint = Painter(cr: cr)
    let card = Rect(x: 4, y: 3, width: max(0, width - 8), height: max(0, height - 6))
    paint.fill(bounds(width, height), Palette.background)
    let fill =
      isDragged
      ? Palette.background.mixed(Palette.surface, 0.4)
      : (isSelected ? Palette.selected : Palette.surface)
    paint.fill(card, fill, radius: 6)
    if isFocused && !isDragged { paint.outline(card, Palette.accent) }
    let mark = Palette.swatches[id % Palette.swatches.count]
    paint.fill(Rect(x: 4, y: 3, width: 5, height: card.height), isDragged ? Palette.dim : mark)
    let color = isDragged ? Palette.dim : Palette.text
    let check = isSelected ? "✓ " : ""
    let topicWidth = min(TextMeasure.width("#" + topic, size: 11), card.width / 3)
    paint.text(
      check + title, x: 16, y: height / 2 + 5, size: 13, color, bold: isSelected,
      maxWidth: max(1, card.width - topicWidth - 28))
    paint.text(
      "#" + topic, x: card.maxX - topicWidth - 8, y: height / 2 + 5, size: 11,
      isDragged ? Palette.dim : (isSelected ? Palette.text : Palette.readable(mark)),
      maxWidth: topicWidth + 1)
  }
}
