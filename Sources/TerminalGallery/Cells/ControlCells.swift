import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// A column of the option bar page: a category name, padded; bold and accented when selected.
final class CategoryCell: TerminalCell, TitlePresenting {
  var title = "" {
    didSet { accessibilityLabel = title }
  }

  override func prepareForReuse() { title = "" }

  override func draw(in context: DrawContext) {
    context.fill(TextStyle(background: Theme.bar))
    let style =
      isSelected
      ? TextStyle(foreground: Theme.accent, background: Theme.bar, attributes: .bold)
      : TextStyle(foreground: Theme.text, background: Theme.bar)
    context.centeredText(
      isSelected && context.marksWithText ? "[\(title)]" : title, y: 0, style: style)
  }
}

/// A card of the carousel page: a coloured panel with a title, its number and a caption. A
/// side card is drawn in the smaller frame its transform gives it, and dimmer.
final class CarouselCardCell: TerminalCell, CardPresenting {
  var title = ""
  var caption = ""
  var number = 0
  var count = 0
  var color = Theme.accent
  /// Whether this is the card the user selected (Enter or a click on the centred card).
  var isChosen = false

  override func prepareForReuse() { (title, caption, isChosen) = ("", "", false) }

  func present(
    title: String, caption: String, number: Int, count: Int, colorIndex: Int, isChosen: Bool
  ) {
    (self.title, self.caption, self.number, self.count) = (title, caption, number, count)
    accessibilityLabel = title
    accessibilityValue = caption
    color = Theme.palette[colorIndex % Theme.palette.count]
    self.isChosen = isChosen
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
    // The number starts where the card shows: a card cut on the left by the screen's edge
    // showed the end of "12 / 12" as "2", read as card 2 (a new user's finding).
    // A sliver too narrow for the whole number shows none ("1…" read as card 1).
    let shown = max(1, context.clip.x - context.frame.x)
    let number = "\((number + 1).formatted) / \(count.formatted)"
    let room = min(context.width, context.clip.maxX - context.frame.x) - shown - 1
    if shown == 1 || CharacterWidth.of(number) <= room {
      context.text(
        number, x: shown, y: 0, style: TextStyle(foreground: ink),
        maxWidth: max(0, context.width - shown - 1))
    }
    context.centeredText(
      title, y: max(0, middle - 1), style: TextStyle(foreground: ink, attributes: .bold))
    if context.height > 3 {
      context.centeredText(caption, y: middle + 1, style: TextStyle(foreground: ink))
    }
    if isChosen {
      let mark = "✓ selected"
      context.text(
        mark, x: max(0, context.width - CharacterWidth.of(mark) - 1), y: 0,
        style: TextStyle(foreground: ink, attributes: [.bold, .underline]))
    }
  }
}

/// A swatch of the picker page: a block of its colour with its name and size; the centred one
/// (the current row's current column) is framed, the chosen one says so.
final class SwatchCell: TerminalCell, ConfigurableCell {
  var swatch: PickerSwatch?

  override func prepareForReuse() { swatch = nil }

  func configure(with item: PickerSwatch, at indexPath: ItemPath) {
    swatch = item
    accessibilityLabel = "\(item.localName) \(item.colorName)"
  }

  /// Its size, and "chosen" while it is: the mark changes without a reconfigure.
  override var accessibilityValue: String? {
    get { swatch?.accessibilityValue }
    set {}
  }

  override func draw(in context: DrawContext) {
    guard let swatch, context.width > 0, context.height > 0 else { return }
    context.fill(TextStyle(background: Theme.background))
    let body = CellRect(x: 1, y: 0, width: max(0, context.width - 2), height: context.height)
    let color = Color(hex: swatch.rgb)
    context.fill(body, style: TextStyle(background: color))
    let ink = color.luminance > 0.5 ? Color(hex: 0x111111) : Color(hex: 0xF5F5F5)
    let isCentred = swatch.isCentred
    let isChosen = swatch.isChosen
    // The centred swatch is framed where a frame leaves room for its name; a smaller one is
    // marked by its name underlined (a frame of two columns hid it, while its neighbours were
    // named: a new user's finding at 30 × 8).
    // A frame whose inside holds fewer than four columns showed only "…" in it (a new user's
    // finding at 60 × 16): such a swatch is underlined instead.
    let framed = isCentred && body.width >= 8 && context.height >= 3
    if framed {
      drawFrame(
        body, in: context,
        style: TextStyle(foreground: ink, background: color, attributes: .bold))
    }
    if isChosen, context.height > 3 {
      // Inside the frame, and "✓" alone where the words do not fit (they were drawn over
      // the frame's sides and the neighbours' names: a new user's finding at 80 × 24).
      let room = framed ? context.width - 4 : context.width - 2
      centred(
        CharacterWidth.of("✓ chosen") <= room ? "✓ chosen" : "✓", y: context.height - 2,
        style: TextStyle(foreground: ink, background: color, attributes: [.bold, .underline]),
        framed: framed, in: context)
    }
    let middle = context.height / 2
    let label = TextStyle(
      foreground: ink, background: color,
      attributes: isCentred && !framed ? [.bold, .underline] : .bold)
    centred(
      "\(swatch.localName) \(swatch.colorName)", y: max(0, middle - 1), style: label,
      framed: framed, in: context)
    if context.height > 2 {
      centred(
        swatch.size, y: middle, style: TextStyle(foreground: ink, background: color),
        framed: framed, in: context)
    }
  }

  /// `text` centred on the colour, or, when it is wider, on the cell less its last column:
  /// the labels of narrow swatches keep a column between them (they ran together at 40
  /// columns: a new user's finding). Inside the frame of the centred swatch, it stays between
  /// the frame's sides (it was drawn over them).
  private func centred(
    _ text: String, y: Int, style: TextStyle, framed: Bool, in context: DrawContext
  ) {
    let width = CharacterWidth.of(text)
    let (start, room) =
      framed
      ? (2, context.width - 4)
      : width <= context.width - 2 ? (1, context.width - 2) : (0, context.width - 1)
    guard room > 0 else { return }
    let fitted = TextLayout.truncate(text, toWidth: room)
    let x = start + max(0, (room - CharacterWidth.of(fitted)) / 2)
    context.text(fitted, x: x, y: y, style: style, maxWidth: room)
  }

  /// A box-drawing frame around `rect` (relative to the cell).
  private func drawFrame(_ rect: CellRect, in context: DrawContext, style: TextStyle) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let horizontal = String(repeating: "─", count: rect.width - 2)
    context.text("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style)
    context.text("└" + horizontal + "┘", x: rect.x, y: rect.y + rect.height - 1, style: style)
    for y in (rect.y + 1)..<(rect.y + rect.height - 1) {
      context.text("│", x: rect.x, y: y, style: style)
      context.text("│", x: rect.x + rect.width - 1, y: y, style: style)
    }
  }
}
