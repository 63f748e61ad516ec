import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A row of the outline page: indented by its level, a disclosure triangle (pointing right
/// when closed, down when open) when it has children, its name, and what it holds at the
/// right; a tree item to assistive technology, which the host tells its level, place among
/// its siblings and expansion.
final class OutlineRowCell: GTKCell, OutlinePresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_TREE_ITEM }
  var name = ""
  var detail = ""
  var level = 0
  var hasChildren = false
  var isExpanded = false
  /// Whether it shows stuck over the rows (a parent of the rows at the top).
  var isStuck = false {
    didSet { if isStuck != oldValue { setNeedsDisplay() } }
  }

  /// Stuck rows draw on top, above 40 (the layout's stacked headers).
  override func apply(_ layoutAttributes: LayoutAttributes) {
    super.apply(layoutAttributes)
    isStuck = layoutAttributes.zIndex >= 40
  }

  /// The indentation of a level, and the disclosure's box (for clicks): from the row's left.
  static let indent = 22.0
  static func disclosureBox(level: Int) -> ClosedRange<Double> {
    let left = 10 + indent * Double(level)
    return left...(left + 20)
  }

  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.row(
      width: width, height: height, selected: isSelected, focused: isFocused,
      fill: isStuck ? Palette.bar.mixed(Palette.surface, 0.5) : Palette.surface,
      separator: isStuck ? Palette.accent.mixed(Palette.background, 0.6) : Palette.background)
    let box = Self.disclosureBox(level: level)
    if hasChildren {
      // A small triangle: ▸ closed, ▾ open.
      let centre = (x: box.lowerBound + 8, y: height / 2)
      let points =
        isExpanded
        ? [(centre.x - 5, centre.y - 3), (centre.x + 5, centre.y - 3), (centre.x, centre.y + 4)]
        : [(centre.x - 3, centre.y - 5), (centre.x - 3, centre.y + 5), (centre.x + 4, centre.y)]
      cairo_move_to(cr, points[0].0, points[0].1)
      for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
      cairo_close_path(cr)
      let color = Palette.accent
      cairo_set_source_rgb(cr, color.r, color.g, color.b)
      cairo_fill(cr)
    }
    let mark = isSelected ? "✓ " : ""
    let detailWidth = TextMeasure.width(detail, size: 12)
    paint.text(
      mark + name, x: box.upperBound + 4, y: height / 2 + 5, size: 14, Palette.text,
      bold: level == 0 || isSelected, maxWidth: max(1, width - box.upperBound - detailWidth - 36))
    paint.text(detail, x: width - detailWidth - 16, y: height / 2 + 5, size: 12, Palette.dim)
  }
}
