import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A swatch of the picker: its colour, its names and size; the centred one framed, the
/// chosen one marked.
final class SwatchCell: GTKCell, ConfigurableCell {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GRID_CELL }
  var swatch: PickerSwatch?
  func configure(with item: PickerSwatch, at indexPath: ItemPath) {
    swatch = item
    accessibilityLabel = "\(item.localName) \(item.colorName)"
    setNeedsDisplay()
  }
  /// Its size, and "chosen" while it is: the mark changes without a reconfigure.
  override var accessibilityValue: String? {
    get { swatch?.accessibilityValue }
    set {}
  }
  /// The centred swatch changes as rows and the column move: draw again when placed (the
  /// chosen mark with them, and what a screen reader is told).
  override func apply(_ layoutAttributes: LayoutAttributes) { setNeedsDisplay() }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    guard let swatch else { return }
    let paint = Painter(cr: cr)
    let colour = RGB(swatch.rgb)
    let ink =
      colour.r * 0.3 + colour.g * 0.59 + colour.b * 0.11 > 0.5 ? RGB(0x111111) : RGB(0xF5F5F5)
    paint.fill(Rect(x: 6, y: 6, width: width - 12, height: height - 12), colour, radius: 10)
    if swatch.isCentred {
      cairo_set_source_rgb(cr, ink.r, ink.g, ink.b)
      cairo_set_line_width(cr, 3)
      cairo_rectangle(cr, 9, 9, width - 18, height - 18)
      cairo_stroke(cr)
    }
    paint.text(
      "\(swatch.localName) \(swatch.colorName)", x: 16, y: height / 2, size: 13, ink, bold: true,
      maxWidth: max(1, width - 24))
    paint.text(swatch.size, x: 16, y: height / 2 + 18, size: 12, ink)
    if swatch.isChosen { paint.text("✓ chosen", x: 16, y: height - 18, size: 12, ink, bold: true) }
  }
}

/// A category of the option bar: bold and accented when selected.
final class CategoryCell: GTKCell, TitlePresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_TAB }
  var title = "" {
    didSet {
      accessibilityLabel = title
      if title != oldValue { setNeedsDisplay() }
    }
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(bounds(width, height), Palette.bar)
    let textWidth = min(TextMeasure.width(title, bold: isSelected), width - 8)
    paint.text(
      title, x: (width - textWidth) / 2, y: height / 2 + 5, size: 14,
      isSelected ? Palette.accent : Palette.text, bold: isSelected, maxWidth: textWidth + 1)
  }
}
