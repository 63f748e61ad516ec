import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A tile of the store page: a featured card (a gradient, its title and story line), an app
/// (a rounded icon, its name, its line and stars), an app two columns wide, or a banner across
/// the grid; the focused one framed in the accent.
final class StoreTileCell: GTKCell, StorePresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GRID_CELL }
  var tile = StoreTile()
  var showsFocus = true {
    didSet { if showsFocus != oldValue { setNeedsDisplay() } }
  }

  func present(_ tile: StoreTile) {
    self.tile = tile
    accessibilityLabel = tile.title
    setNeedsDisplay()
  }

  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    let colour = colours[tile.colorIndex % colours.count]
    let frame = bounds(width, height)
    switch tile.kind {
    case .feature:
      paint.gradient(
        frame, colour,
        colours[(tile.colorIndex + 3) % colours.count].mixed(Palette.background, 0.5),
        radius: 18)
      paint.fill(Rect(x: 20, y: 18, width: 92, height: 24), Palette.ink, radius: 12)
      paint.text("FEATURED", x: 31, y: 35, size: 11, colours[2], bold: true)
      paint.text(
        (isSelected ? "✓ " : "") + tile.title, x: 20, y: height - 44, size: 24, Palette.ink,
        bold: true, maxWidth: max(1, width - 40))
      paint.text(tile.subtitle, x: 20, y: height - 18, size: 13, Palette.ink)
    case .banner:
      paint.gradient(
        frame, colour.mixed(Palette.surface, 0.3), colour.mixed(Palette.background, 0.6), radius: 14
      )
      paint.text(
        (isSelected ? "✓ " : "") + tile.title, x: 22, y: height / 2 - 2, size: 18, Palette.ink,
        bold: true, maxWidth: max(1, width - 44))
      paint.text(tile.subtitle, x: 22, y: height / 2 + 20, size: 12, Palette.ink)
    case .app, .wideApp:
      paint.fill(frame, Palette.surface, radius: 14)
      let icon = min(56, height - 24)
      paint.fill(Rect(x: 12, y: 12, width: icon, height: icon), colour, radius: icon / 4)
      paint.text(
        String(tile.title.first ?? " "), x: 12 + icon / 2 - 8, y: 12 + icon / 2 + 8, size: 22,
        Palette.ink, bold: true)
      let x = tile.kind == .wideApp ? 24 + icon : 12.0
      let top = tile.kind == .wideApp ? 30.0 : 12 + icon + 18
      paint.text(
        (isSelected ? "✓ " : "") + tile.title, x: x, y: top, size: 13,
        isSelected ? Palette.selection : Palette.text, bold: true,
        maxWidth: max(1, width - x - 10))
      if tile.kind == .wideApp || height > top + 30 {
        paint.text(
          tile.subtitle, x: x, y: top + 18, size: 11, Palette.dim,
          maxWidth: max(1, width - x - 10))
      }
      paint.text(
        tile.ratingText,
        x: tile.kind == .wideApp ? x : width - 74, y: tile.kind == .wideApp ? top + 36 : 12 + 14,
        size: 11, colours[2])
    }
    if isFocused && showsFocus {
      cairo_set_source_rgb(cr, Palette.accent.r, Palette.accent.g, Palette.accent.b)
      cairo_set_line_width(cr, 3)
      cairo_rectangle(cr, 1.5, 1.5, width - 3, height - 3)
      cairo_stroke(cr)
    }
  }
}
