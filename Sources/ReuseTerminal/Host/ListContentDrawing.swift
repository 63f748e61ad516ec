import ReuseKit

/// How the terminal draws standard content (`ListContentCell`, `ListContentSupplementaryView`):
/// one line, `▌` for the focused row, `›` and `✓` at the end, a badge in brackets, a switch as
/// `[on ]`/`[off]`, and the secondary text dimmed before the accessories. Selected rows are
/// tinted, the focused one reversed.
public enum ListContentStyle {
  /// The focused row's background.
  public static let focus = TextStyle(
    foreground: Color(hex: 0x1A1B26), background: Color(hex: 0x7AA2F7))
  /// A selected row.
  public static let selected = TextStyle(
    foreground: Color(hex: 0xC0CAF5), background: Color(hex: 0x2F3549))
  /// Secondary text.
  public static let secondary = TextStyle(foreground: Color(hex: 0x737AA2))
  /// A header or footer.
  public static let header = TextStyle(foreground: Color(hex: 0xE0AF68), attributes: .bold)

  /// The text drawn for an accessory.
  public static func text(for accessory: ListContent.Accessory) -> String {
    switch accessory {
    case .disclosure: "›"
    case .checkmark: "✓"
    case .badge(let text): "(\(text))"
    case .toggle(let isOn): isOn ? "[on ]" : "[off]"
    case .reorder: "≡"
    }
  }

  static func draw(_ cell: ListContentCell, in context: DrawContext) {
    let base: TextStyle =
      cell.isFocused ? focus : cell.isSelected || cell.isHighlighted ? selected : .plain
    context.fill(base)
    draw(cell.content, in: context, style: base, marker: cell.isFocused ? "▌" : " ")
  }

  static func draw(_ view: ListContentSupplementaryView, in context: DrawContext) {
    context.fill(.plain)
    guard !view.content.text.isEmpty else { return }
    draw(view.content, in: context, style: header, marker: " ")
  }

  private static func draw(
    _ content: ListContent, in context: DrawContext, style: TextStyle, marker: String
  ) {
    let y = max(0, (context.height - 1) / 2)
    var trailing = content.accessories.map(text(for:)).joined(separator: " ")
    if !trailing.isEmpty { trailing += " " }
    let trailingWidth = CharacterWidth.of(trailing)
    if trailingWidth > 0, trailingWidth < context.width - 4 {
      context.text(trailing, x: context.width - trailingWidth, y: y, style: style)
    }
    let end = trailingWidth < context.width - 4 ? context.width - trailingWidth : context.width
    var x = context.text(marker, x: 0, y: y, style: style, maxWidth: 1)
    if let outline = content.outline {
      // Two columns a level, then the triangle (or room for one).
      x += 2 * min(max(0, outline.level), 32)
      let triangle = outline.hasChildren ? (outline.isExpanded ? "▾ " : "▸ ") : "  "
      x += context.text(triangle, x: x, y: y, style: style, maxWidth: max(0, end - x))
    }
    if let symbol = content.symbol, !symbol.isEmpty {
      x += context.text(symbol + " ", x: x, y: y, style: style, maxWidth: max(0, end - x))
    }
    var secondary = content.secondaryText ?? ""
    let secondaryWidth = min(CharacterWidth.of(secondary), max(0, (end - x) / 3))
    if secondaryWidth < 2 { secondary = "" }
    // A column between the text and an accessory: a cut label ran into its switch
    // ("Airplane mo…[off]": a new user's finding).
    let gap = end < context.width ? 1 : 0
    let textLimit = max(0, end - x - (secondary.isEmpty ? gap : secondaryWidth + 2))
    context.text(content.text, x: x, y: y, style: style, maxWidth: textLimit)
    if !secondary.isEmpty {
      var dimmed = style
      if style == .plain { dimmed = self.secondary } else { dimmed.attributes.insert(.dim) }
      context.text(
        secondary, x: end - secondaryWidth - 1, y: y, style: dimmed, maxWidth: secondaryWidth)
    }
  }
}
