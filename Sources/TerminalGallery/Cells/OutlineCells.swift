import GalleryKit
import ReuseKit
import ReuseTerminal

/// A row of the outline: indented by its level, a disclosure (▸ closed, ▾ open) when it has
/// children, its name, and what it holds on the right.
final class OutlineRowCell: TerminalCell, OutlinePresenting {
  var name = ""
  var detail = ""
  var level = 0
  var hasChildren = false
  var isExpanded = false
  /// Whether it shows stuck over the rows (a parent of the rows at the top).
  var isStuck = false

  /// The columns of the disclosure, for clicks: two from the indentation.
  static func disclosureColumns(level: Int) -> Range<Int> { (1 + level * 2)..<(3 + level * 2) }

  /// The disclosure's columns as a span of the viewport, for ``OutlineModel``'s press: a click
  /// lands at a cell's centre, half a column past its left edge.
  static func disclosureBox(level: Int) -> ClosedRange<Double> {
    let columns = disclosureColumns(level: level)
    return Double(columns.lowerBound)...Double(columns.upperBound)
  }

  override func prepareForReuse() {
    name = ""
    detail = ""
  }

  /// Stuck rows draw on top, above 40 (the layout's stacked headers).
  override func apply(_ layoutAttributes: LayoutAttributes) {
    isStuck = layoutAttributes.zIndex >= 40
  }

  override func draw(in context: DrawContext) {
    let background = Theme.cellBackground(
      cursor: isFocused, selected: isSelected, normal: isStuck ? Theme.bar : Theme.surface)
    let foreground = isFocused ? Theme.onAccent : Theme.text
    context.fill(TextStyle(background: background))
    let disclosure = Self.disclosureColumns(level: level)
    if hasChildren {
      context.text(
        isExpanded ? "▾" : "▸", x: disclosure.lowerBound, y: 0,
        style: TextStyle(foreground: isFocused ? foreground : Theme.accent, attributes: .bold))
    }
    let mark = (isFocused && context.marksWithText ? "> " : "") + (isSelected ? "✓ " : "")
    let detailWidth = CharacterWidth.of(detail)
    // The detail only where the name keeps room beside it: narrow, the name takes it all.
    let showsDetail = context.width > disclosure.upperBound + detailWidth + 8
    context.text(
      mark + name, x: disclosure.upperBound, y: 0,
      style: TextStyle(foreground: foreground, attributes: level == 0 ? .bold : []),
      maxWidth: max(
        0, context.width - disclosure.upperBound - (showsDetail ? detailWidth + 2 : 1)))
    if showsDetail {
      context.text(
        detail, x: context.width - detailWidth - 1, y: 0,
        style: TextStyle(foreground: isFocused ? foreground : Theme.dimText))
    }
  }
}
