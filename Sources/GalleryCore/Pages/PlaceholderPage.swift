import ReuseKit
import ReuseTerminal

/// A page for a control that does not exist yet: it says so.
final class PlaceholderPage: GalleryPage {
  let title: String
  let message: String
  private var frame = CellRect.zero

  init(title: String, message: String) {
    self.title = title
    self.message = message
  }

  func layout(in frame: CellRect) { self.frame = frame }

  func draw(into canvas: Canvas) {
    canvas.fill(frame, style: Theme.plain)
    guard !frame.isEmpty else { return }
    let context = DrawContext(canvas: canvas, frame: frame, clip: frame)
    let middle = frame.height / 2
    context.centeredText(title, y: max(0, middle - 1), style: Theme.title)
    context.centeredText(message, y: middle + 1, style: Theme.dim)
  }

  func handle(_ key: KeyEvent, at time: Double) -> Bool { false }
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool { false }
  func tick(now: Double) {}
  var isAnimating: Bool { false }
  var counters: ReuseCounters { ReuseCounters() }
  var poolSizes: [String: Int] { [:] }
  var status: String { "not built yet" }
  var keyHelp: [(String, String)] { [] }
}
