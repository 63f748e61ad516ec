import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A carousel card: a large gradient with its title, caption and number.
final class CardCell: GTKCell, CardPresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GROUP }
  var title = ""
  var caption = ""
  var number = 0
  var count = 0
  var colorIndex = 0
  var isChosen = false {
    didSet { if isChosen != oldValue { setNeedsDisplay() } }
  }
  func present(
    title: String, caption: String, number: Int, count: Int, colorIndex: Int, isChosen: Bool
  ) {
    (self.title, self.caption, self.number, self.count) = (title, caption, number, count)
    self.colorIndex = colorIndex
    self.isChosen = isChosen
    accessibilityLabel = title
    accessibilityValue = caption
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    paint.gradient(
      bounds(width, height), colours[colorIndex % colours.count],
      colours[(colorIndex + 3) % colours.count].mixed(Palette.background, 0.5), radius: 16)
    paint.text("\(number + 1) / \(count)", x: 20, y: 32, size: 13, Palette.ink)
    if isChosen { paint.text("✓ selected", x: width - 110, y: 32, size: 13, Palette.ink) }
    paint.text(
      title, x: 20, y: height - 48, size: 22, Palette.ink, bold: true,
      maxWidth: max(1, width - 40))
    paint.text(
      caption, x: 20, y: height - 22, size: 13, Palette.ink, maxWidth: max(1, width - 40))
  }
}
