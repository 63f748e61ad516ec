import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A photo tile: a gradient in the item's colours, its title and likes on a band at the
/// bottom; a new one (the last page loaded) marked.
final class PhotoCell: GTKCell, PhotoPresenting {
  var title = ""
  var likes = 0
  var colorIndex = 0
  var isNew = false
  func present(title: String, likes: Int, colorIndex: Int, isNew: Bool) {
    (self.title, self.likes, self.colorIndex, self.isNew) = (title, likes, colorIndex, isNew)
    accessibilityLabel = title
    accessibilityValue = "\(likes) likes"
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    let top = colours[colorIndex % colours.count]
    let bottom = colours[(colorIndex * 3 + 2) % colours.count].mixed(Palette.background, 0.4)
    let frame = Rect(x: 3, y: 3, width: width - 6, height: height - 6)
    paint.gradient(frame, top, bottom, radius: 8)
    if isFocused {
      paint.fill(Rect(x: 3, y: 3, width: 4, height: height - 6), Palette.accent)
    }
    paint.fill(Rect(x: 3, y: height - 27, width: width - 6, height: 24), Palette.background)
    let likes = "♥ \(self.likes)" + (isNew ? " · new" : "")
    let likesWidth = TextMeasure.width(likes, size: 11)
    paint.text(
      title, x: 10, y: height - 10, size: 12, isSelected ? Palette.selection : Palette.text,
      maxWidth: max(1, width - likesWidth - 28))
    paint.text(likes, x: width - likesWidth - 10, y: height - 10, size: 11, Palette.dim)
  }
}
