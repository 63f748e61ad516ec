import CGtk
import GalleryKit
import ReuseControls
import ReuseGTK
import ReuseKit

/// A cell of the table page: its text (numbers to the right), a dot while its row loads, the
/// cursor and the selection; a hairline at its bottom.
final class TableTextCell: GTKCell, TableCellPresenting {
  /// A grid cell for assistive technology.
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GRID_CELL }
  var text: String?
  var isNumeric = false
  /// A find matched it: drawn on the match colour.
  var isMatch = false
  /// Being edited: the field drawn in place of the text, as an entry.
  var editing: TextFieldState?
  func present(editing field: TextFieldState?) {
    guard field != editing else { return }
    editing = field
    setNeedsDisplay()
  }
  override func prepareForReuse() {
    super.prepareForReuse()
    editing = nil
  }
  /// The room a number leaves after it so that its point lines up with the column's (the
  /// figure and punctuation spaces the page puts after it), measured as the digits and the
  /// point it stands for: the font's own figure space was narrower than its digits.
  private var trailingRoom = 0.0
  func present(text: String?, isNumeric: Bool, isMatch: Bool) {
    self.isNumeric = isNumeric
    self.isMatch = isMatch
    trailingRoom = 0
    var shown = text
    while let last = shown?.unicodeScalars.last, last == "\u{2007}" || last == "\u{2008}" {
      trailingRoom += TextMeasure.width(last == "\u{2007}" ? "0" : ".", size: 13)
      shown?.unicodeScalars.removeLast()
    }
    self.text = shown
    setNeedsDisplay()
  }
  /// As wide as its text and a margin on each side: a fitting column grows to the widest cell
  /// it has shown.
  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(
      width: TextMeasure.width(text ?? "", size: 13) + trailingRoom + 20,
      height: proposedSize.height)
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let background =
      isFocused
      ? Palette.accent
      : isMatch
        ? Palette.match
        : (isSelected ? Palette.selection.mixed(Palette.surface, 0.7) : Palette.surface)
    paint.fill(bounds(width, height), background)
    paint.fill(Rect(x: 0, y: height - 1, width: width, height: 1), Palette.background)
    if let editing { return drawField(editing, paint: paint, width: width, height: height) }
    let color = isFocused ? Palette.onAccent : isMatch ? Palette.ink : Palette.text
    guard let text else {
      paint.text("·", x: 10, y: height / 2 + 5, size: 13, Palette.dim)
      return
    }
    let room = max(1, width - 20)
    // The focused cell is bold where bold fits: columns are sized for regular text, and the
    // one cell being read was the one cut short ("Eager Mar…").
    let bold = isFocused && TextMeasure.width(text, size: 13, bold: true) <= room
    let textWidth = TextMeasure.width(text, size: 13, bold: bold) + trailingRoom
    let x = isNumeric && textWidth < room ? 10 + room - textWidth : 10
    paint.text(text, x: x, y: height / 2 + 5, size: 13, color, bold: bold, maxWidth: room)
  }

  /// An entry: the field colour inside an accent border, the text scrolled to keep the caret
  /// in view, the caret a thin bar.
  private func drawField(_ field: TextFieldState, paint: Painter, width: Double, height: Double) {
    let frame = Rect(x: 1, y: 1, width: max(0, width - 2), height: max(0, height - 3))
    paint.fill(frame, Palette.accent)
    paint.fill(frame.insetBy(dx: 2, dy: 2), Palette.surface)
    let room = max(1, width - 20)
    let shown = field.visibleWindow(width: room - 2) {
      TextMeasure.width(String($0).showingControls, size: 13)
    }
    let text = String(shown.text).showingControls
    paint.text(text, x: 10, y: height / 2 + 5, size: 13, Palette.text, maxWidth: room)
    let before = TextMeasure.width(
      String(shown.text.prefix(shown.caret)).showingControls, size: 13)
    paint.fill(Rect(x: 10 + before, y: height / 2 - 9, width: 2, height: 18), Palette.text)
  }
}

/// A column header of the table page: bold on the bar colour, ↑ or ↓ when the table is sorted
/// by it, a grip line at its right edge (where a drag resizes the column).
final class TableHeaderCell: GTKSupplementaryView, TableHeaderPresenting {
  /// A column header for assistive technology.
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_COLUMN_HEADER }
  var title = ""
  var sortedAscending: Bool?
  var isNumeric = false
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool) {
    (self.title, self.sortedAscending, self.isNumeric) = (title, sortedAscending, isNumeric)
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(bounds(width, height), Palette.bar)
    paint.fill(Rect(x: width - 2, y: 6, width: 1, height: height - 12), Palette.dim)
    let room = max(1, width - 20)
    // The sort arrow always shows: a title too long for the column is cut before it.
    let arrow = sortedAscending.map { $0 ? "↑" : "↓" }
    let arrowWidth = arrow.map { TextMeasure.width(" " + $0, size: 13, bold: true) } ?? 0
    let titleRoom = max(0, room - arrowWidth)
    let titleWidth = min(TextMeasure.width(title, size: 13, bold: true), titleRoom)
    let labelWidth = titleWidth + arrowWidth
    var x = isNumeric && labelWidth < room ? 10 + room - labelWidth : 10
    if titleRoom >= 8 {
      paint.text(
        title, x: x, y: height / 2 + 5, size: 13, Palette.accent, bold: true, maxWidth: titleRoom)
      x += titleWidth
    } else if arrow != nil {
      x = max(2, (width - arrowWidth) / 2 - 2)  // a column too narrow for its title: the arrow
    }
    if let arrow {
      paint.text(
        " " + arrow, x: x, y: height / 2 + 5, size: 13, Palette.accent, bold: true,
        maxWidth: max(arrowWidth, width - x))
    }
  }
}
