import CGtk
import ReuseGTK
import ReuseKit

/// A colour, 0–1 per channel.
public struct RGB: Equatable, Sendable {
  public var r, g, b: Double
  /// A colour from `0xRRGGBB`.
  public init(_ hex: UInt32) {
    r = Double((hex >> 16) & 0xFF) / 255
    g = Double((hex >> 8) & 0xFF) / 255
    b = Double(hex & 0xFF) / 255
  }
  /// This colour `amount` of the way to `other`.
  public func mixed(_ other: RGB, _ amount: Double) -> RGB {
    var result = self
    result.r += (other.r - r) * amount
    result.g += (other.g - g) * amount
    result.b += (other.b - b) * amount
    return result
  }
}

/// The gallery's colours, dark (the terminal gallery's theme, in pixels) or light, following
/// the system's preference unless `--theme` says (see ``GTKGallery/Theme``).
enum Palette {
  /// The look in use; the gallery sets it before anything draws and when the system's changes.
  nonisolated(unsafe) static var isDark = true

  static var background: RGB { isDark ? RGB(0x1A1B26) : RGB(0xE9EBF2) }
  static var surface: RGB { isDark ? RGB(0x24283B) : RGB(0xFAFBFD) }
  static var bar: RGB { isDark ? RGB(0x2F3549) : RGB(0xDCE0EA) }
  static var text: RGB { isDark ? RGB(0xC0CAF5) : RGB(0x1F2335) }
  static var dim: RGB { isDark ? RGB(0x7A88B8) : RGB(0x5A6384) }
  static var accent: RGB { isDark ? RGB(0x7AA2F7) : RGB(0x2E5BD8) }
  static var selection: RGB { isDark ? RGB(0x9ECE6A) : RGB(0x3D8B2F) }
  /// What a selected row, card or task is filled with.
  static var selected: RGB { bar.mixed(accent, 0.3) }
  /// A find's matches.
  static var match: RGB { isDark ? RGB(0xE0AF68) : RGB(0xF2C46D) }
  /// Text on a bright swatch or card, in both looks.
  static let ink = RGB(0x1A1B26)
  /// Text on the accent: light on the light theme's deep blue, dark on the dark theme's pale
  /// one (dark on deep blue was hard to read: a new user's finding, of the table's cursor).
  static var onAccent: RGB { isDark ? ink : RGB(0xFFFFFF) }
  /// A swatch as text on the surface: itself on the dark look; half ink on the light one,
  /// where the pale swatches were hard to read on white (a new user's finding, of the board's
  /// topics: 4.7 to 6.5:1 this way, from 1.6 to 2.6).
  static func readable(_ swatch: RGB) -> RGB { isDark ? swatch : swatch.mixed(ink, 0.5) }
  static let swatches = [
    RGB(0xF7768E), RGB(0xFF9E64), RGB(0xE0AF68), RGB(0x9ECE6A), RGB(0x73DACA), RGB(0x7DCFFF),
    RGB(0x7AA2F7), RGB(0xBB9AF7),
  ]
}

/// Cairo drawing for the gallery's cells, in a few calls.
struct Painter {
  let cr: OpaquePointer

  func fill(_ rect: Rect, _ color: RGB, radius: Double = 0) {
    cairo_set_source_rgb(cr, color.r, color.g, color.b)
    path(rect, radius: radius)
    cairo_fill(cr)
  }

  /// A line `lineWidth` wide just inside `rect`'s edges: a focus ring.
  func outline(_ rect: Rect, _ color: RGB, lineWidth: Double = 2) {
    cairo_set_source_rgb(cr, color.r, color.g, color.b)
    cairo_set_line_width(cr, lineWidth)
    let inset = lineWidth / 2
    cairo_rectangle(
      cr, rect.minX + inset, rect.minY + inset, max(0, rect.width - lineWidth),
      max(0, rect.height - lineWidth))
    cairo_stroke(cr)
  }

  /// A row of a list: filled with the selection's tint when `selected`, with `fill`
  /// otherwise; a one-pixel `separator` along its bottom; ringed when `focused`. As GTK's lists
  /// show them (a filled cursor read as the selection: a new user's finding).
  func row(
    width: Double, height: Double, selected: Bool, focused: Bool, fill: RGB,
    separator: RGB = Palette.background
  ) {
    self.fill(Rect(x: 0, y: 0, width: width, height: height), selected ? Palette.selected : fill)
    self.fill(Rect(x: 0, y: height - 1, width: width, height: 1), separator)
    if focused { outline(Rect(x: 0, y: 0, width: width, height: height - 1), Palette.accent) }
  }

  /// A vertical gradient from `top` to `bottom`: the photo tiles.
  func gradient(_ rect: Rect, _ top: RGB, _ bottom: RGB, radius: Double = 0) {
    let pattern = cairo_pattern_create_linear(0, rect.minY, 0, rect.maxY)
    cairo_pattern_add_color_stop_rgb(pattern, 0, top.r, top.g, top.b)
    cairo_pattern_add_color_stop_rgb(pattern, 1, bottom.r, bottom.g, bottom.b)
    cairo_set_source(cr, pattern)
    path(rect, radius: radius)
    cairo_fill(cr)
    cairo_pattern_destroy(pattern)
  }

  /// Draws `string` with its baseline at `y`, through Pango (so CJK and emoji find a font),
  /// cut with "…" where it would pass `maxWidth` pixels.
  func text(
    _ string: String, x: Double, y: Double, size: Double, _ color: RGB, bold: Bool = false,
    maxWidth: Double = 0
  ) {
    cairo_set_source_rgb(cr, color.r, color.g, color.b)
    reusekit_draw_text(cr, string, x, y, size, bold ? 1 : 0, maxWidth)
  }

  private func path(_ rect: Rect, radius: Double) {
    guard radius > 0 else {
      return cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    }
    let r = min(radius, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
    cairo_arc(cr, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
  }
}

extension GTKDrawable {
  func bounds(_ width: Double, _ height: Double) -> Rect {
    Rect(x: 0, y: 0, width: width, height: height)
  }
}

/// Text widths as ``Painter/text(_:x:y:size:_:bold:maxWidth:)`` draws them (Pango, DejaVu
/// Sans with the system's fallbacks), for the page models' metrics.
enum TextMeasure {
  /// A scratch cairo context on a 1 × 1 surface, made once.
  nonisolated(unsafe) private static let context: OpaquePointer = {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    return cairo_create(surface)!
  }()

  /// The advance of `string` at `size` points.
  static func width(_ string: String, size: Double = 14, bold: Bool = false) -> Double {
    reusekit_text_width(context, string, size, bold ? 1 : 0)
  }

  /// What drawing `string` at `size` within `maxWidth` (0: no limit) comes to: the glyphs no
  /// installed font has (each an empty box on screen), whether it was cut with "…", and the
  /// width it takes.
  static func facts(
    _ string: String, size: Double = 14, maxWidth: Double = 0
  ) -> (
    unknownGlyphs: Int, isEllipsized: Bool, width: Double
  ) {
    var unknown: Int32 = 0
    var ellipsized: gboolean = 0
    var width = 0.0
    reusekit_text_facts(string, size, maxWidth, &unknown, &ellipsized, &width)
    return (Int(unknown), ellipsized != 0, width)
  }
}
