import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A list row: the title, the detail at the right; a selected row filled with the selection's
/// tint, its bar in the selection's colour and its title bold, as GTK's lists show a
/// selection; the focused row ringed while its list has the keyboard focus (it was filled,
/// and read as the selection: a new user's finding).
final class RowCell: GTKCell, RowPresenting {
  var title = ""
  var detail = ""
  var colorIndex = 0
  var isStriped = false
  var expandedLines: [String] = [] {
    didSet { if expandedLines != oldValue { setNeedsDisplay() } }
  }
  /// An open row (Enter opened it to its details) is expanded over AT-SPI, and collapses by
  /// its action: GTK 4.8 has no announcement to say it with, and the row grew on screen in
  /// silence (a new user's finding). A closed row says nothing of it: "collapsed" on every
  /// row of a million was noise to Orca. The terminal says the opening as a line instead.
  override var accessibilityIsExpanded: Bool? {
    get { expandedLines.isEmpty ? nil : true }
    set {}
  }
  var showsFocus = true {
    didSet { if showsFocus != oldValue { setNeedsDisplay() } }
  }
  /// Whether the row matches the find: drawn tinted.
  var isFindMatch = false {
    didSet { if isFindMatch != oldValue { setNeedsDisplay() } }
  }
  func present(title: String, detail: String, colorIndex: Int, isStriped: Bool) {
    (self.title, self.detail, self.colorIndex, self.isStriped) = (
      title, detail, colorIndex, isStriped
    )
    accessibilityLabel = title
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let background = isStriped ? Palette.bar.mixed(Palette.surface, 0.6) : Palette.surface
    paint.row(
      width: width, height: height, selected: isSelected && !isFindMatch,
      focused: isFocused && showsFocus,
      fill: isFindMatch
        ? (isSelected ? Palette.selected : background).mixed(Palette.match, 0.45) : background)
    paint.fill(
      Rect(x: 0, y: 0, width: 5, height: height),
      isSelected ? Palette.selection : Palette.swatches[colorIndex % Palette.swatches.count])
    let detailWidth = TextMeasure.width(detail, size: 12)
    // The first 44 pixels are the row; an expanded row shows its details below, as far as it
    // has grown.
    let line = expandedLines.isEmpty ? height / 2 + 5 : 27
    paint.text(
      title, x: 16, y: line, size: 14, Palette.text, bold: isSelected,
      maxWidth: max(1, width - detailWidth - 48))
    paint.text(detail, x: width - detailWidth - 16, y: line, size: 12, Palette.dim)
    for (index, text) in expandedLines.enumerated() where 44 + Double(index) * 22 + 16 < height {
      paint.text(
        text, x: 28, y: 44 + Double(index) * 22 + 14, size: 12, Palette.dim,
        maxWidth: max(1, width - 44))
    }
  }
}

/// A chip of the list page's tag strip: a rounded pill in its colour, its text on it; the
/// focused chip filled with the accent while the strip has the keyboard focus, a selected one
/// with the selection's colour.
final class ChipCell: GTKCell, ChipPresenting {
  var text = ""
  var colorIndex = 0
  var showsFocus = true {
    didSet { if showsFocus != oldValue { setNeedsDisplay() } }
  }

  func present(text: String, colorIndex: Int) {
    (self.text, self.colorIndex) = (text, colorIndex)
    accessibilityLabel = text
    setNeedsDisplay()
  }

  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colour = Palette.swatches[colorIndex % Palette.swatches.count]
    let fill =
      isFocused && showsFocus
      ? Palette.accent : (isSelected ? Palette.selection : colour.mixed(Palette.surface, 0.45))
    let pill = Rect(x: 2, y: 6, width: max(1, width - 4), height: max(1, height - 12))
    paint.fill(pill, fill, radius: pill.height / 2)
    // Light text on the light theme's deep accent, dark on every paler fill.
    let ink = isFocused && showsFocus ? Palette.onAccent : Palette.ink
    // Regular weight even focused: the chip is measured for it (bold cut "indigo" short).
    paint.text(text, x: 12, y: height / 2 + 5, size: 14, ink, maxWidth: max(1, width - 20))
  }
}
