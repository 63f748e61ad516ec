import GalleryKit
import ReuseKit
import ReuseTerminal

/// A tab of the gallery's top bar.
final class TabCell: TerminalCell {
  var number = 0
  var title = ""
  var isCurrent = false

  override func draw(in context: DrawContext) {
    let background = isCurrent ? Theme.accent : Theme.bar
    let foreground = isCurrent ? Theme.onAccent : Theme.text
    context.fill(TextStyle(background: background))
    let (open, close) = isCurrent && context.marksWithText ? ("[", "]") : (" ", " ")
    context.text(
      "\(open)\(number) \(title)\(close)", x: 0, y: 0,
      style: TextStyle(foreground: foreground, attributes: isCurrent ? .bold : []))
  }
}
