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

/// The gallery's colours (the terminal gallery's theme, in pixels).
enum Palette {
  static let background = RGB(0x1A1B26)
  static let surface = RGB(0x24283B)
  static let bar = RGB(0x2F3549)
  static let text = RGB(0xC0CAF5)
  static let dim = RGB(0x7A88B8)
  static let accent = RGB(0x7AA2F7)
  static let selection = RGB(0x9ECE6A)
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

  func text(_ string: String, x: Double, y: Double, size: Double, _ color: RGB, bold: Bool = false)
  {
    cairo_select_font_face(
      cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
      bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, size)
    cairo_set_source_rgb(cr, color.r, color.g, color.b)
    cairo_move_to(cr, x, y)
    cairo_show_text(cr, string)
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

/// Text widths as ``Painter/text(_:x:y:size:_:bold:)`` draws them (DejaVu Sans, cairo's text
/// API), for the page models' metrics.
enum TextMeasure {
  /// A scratch cairo context on a 1 × 1 surface, made once.
  nonisolated(unsafe) private static let context: OpaquePointer = {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    return cairo_create(surface)!
  }()

  /// The advance of `string` at `size` points.
  static func width(_ string: String, size: Double = 14, bold: Bool = false) -> Double {
    let cr = context
    cairo_select_font_face(
      cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
      bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, size)
    var extents = cairo_text_extents_t()
    cairo_text_extents(cr, string, &extents)
    return extents.x_advance
  }
}
