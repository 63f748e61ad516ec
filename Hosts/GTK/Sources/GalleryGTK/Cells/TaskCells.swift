import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A task of the data-source page: its colour bar (the reorder grip), a box, its title and
/// its tag.
final class TaskCell: GTKCell, TaskPresenting {
  override var accessibilityLabel: String? {
    get { spokenTitle }
    set {}
  }
  override var accessibilityValue: String? {
    get { spokenDetail }
    set {}
  }
  var task: TaskItem?
  var texts = TaskTexts()
  var isDone = false {
    didSet { if isDone != oldValue { setNeedsDisplay() } }
  }
  func configure(with item: TaskItem, at indexPath: ItemPath) {
    task = item
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    guard let task else { return }
    let paint = Painter(cr: cr)
    paint.row(
      width: width, height: height, selected: isSelected, focused: isFocused,
      fill: Palette.surface)
    paint.fill(
      Rect(x: 0, y: 0, width: 8, height: height),
      Palette.swatches[abs(task.id) % Palette.swatches.count])
    paint.text(isDone ? "☑" : "☐", x: 18, y: height / 2 + 5, size: 14, Palette.text)
    let tag = [texts.shownTag(of: task), task.edits > 0 ? "✎\(task.edits)" : ""]
      .filter { !$0.isEmpty }.joined(separator: " ")
    // The tag takes at most a third of the row; the title what is left, cut with "…".
    let tagWidth = min(TextMeasure.width(tag, size: 12), width / 3)
    paint.text(
      texts.title(of: task), x: 42, y: height / 2 + 5, size: 14,
      isDone ? Palette.dim : Palette.text, bold: isSelected,
      maxWidth: max(1, width - tagWidth - 42 - 32))
    paint.text(
      tag, x: width - tagWidth - 16, y: height / 2 + 5, size: 12, Palette.dim,
      maxWidth: tagWidth + 1)
  }
}
