import ReuseKit

/// Where a terminal view draws: its frame on the screen and the part of it that is visible.
///
/// Every call clips to the visible part, so a view can draw as if it were whole. Coordinates
/// are relative to the view's frame: (0, 0) is its top-left cell.
public struct DrawContext {
  /// The screen.
  public let canvas: Canvas
  /// The view's frame on the screen, after its transform (a scaled carousel card is smaller).
  public let frame: CellRect
  /// The visible part of the frame (the pane it is in, intersected with the frame).
  public let clip: CellRect
  /// The scale the transform applied (1 for most views).
  public let scale: (x: Double, y: Double)

  /// Creates a context.
  public init(
    canvas: Canvas, frame: CellRect, clip: CellRect, scale: (x: Double, y: Double) = (1, 1)
  ) {
    self.canvas = canvas
    self.frame = frame
    self.clip = clip.intersection(frame)
    self.scale = scale
  }

  /// Whether the screen shows no colours or attributes, so that focus and selection must be
  /// marked with characters (``Canvas/marksWithText``).
  public var marksWithText: Bool { canvas.marksWithText }

  /// Whether colours show: without them tints show nothing (``Canvas/showsColor``).
  public var showsColor: Bool { canvas.showsColor }

  /// The frame's width in columns.
  public var width: Int { frame.width }
  /// The frame's height in rows.
  public var height: Int { frame.height }

  /// Fills the whole frame.
  public func fill(_ style: TextStyle, character: Character = " ") {
    canvas.fill(clip, style: style, character: character)
  }

  /// Fills a rectangle given relative to the frame.
  public func fill(_ rect: CellRect, style: TextStyle, character: Character = " ") {
    canvas.fill(
      rect.offsetBy(dx: frame.x, dy: frame.y).intersection(clip), style: style, character: character
    )
  }

  /// Draws `text` at column `x`, row `y` of the frame, truncated with an ellipsis to
  /// `maxWidth` columns (default: to the frame's right edge). Returns the columns used.
  @discardableResult
  public func text(_ text: String, x: Int, y: Int, style: TextStyle, maxWidth: Int? = nil) -> Int {
    let limit = maxWidth ?? (width - x)
    guard limit > 0 else { return 0 }
    let fitted = TextLayout.truncate(text, toWidth: limit)
    return canvas.draw(fitted, column: frame.x + x, row: frame.y + y, style: style, clip: clip)
  }

  /// Draws `text` centred on row `y`.
  public func centeredText(_ text: String, y: Int, style: TextStyle) {
    let fitted = TextLayout.truncate(text, toWidth: width)
    let x = max(0, (width - CharacterWidth.of(fitted)) / 2)
    canvas.draw(fitted, column: frame.x + x, row: frame.y + y, style: style, clip: clip)
  }

  /// Changes the style of the whole frame (for example, to reverse it for a highlight).
  public func restyle(_ change: (inout TextStyle) -> Void) {
    canvas.restyle(clip, change)
  }
}

/// Text measurement and truncation by display width.
public enum TextLayout {
  /// `text` cut to at most `width` columns, with `…` when something was cut.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if CharacterWidth.of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = CharacterWidth.of(character)
      if used + characterWidth > width - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }

  /// `text` broken into lines of at most `width` columns: at spaces where it can, inside a
  /// word only when the word alone is wider. An empty text is one empty line.
  public static func wrap(_ text: String, toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      var wordWidth = CharacterWidth.of(String(word))
      if used > 0 && used + 1 + wordWidth <= width {
        line += " " + word
        used += 1 + wordWidth
        continue
      }
      if used > 0 {
        lines.append(line)
        line = ""
        used = 0
      }
      // A word wider than a line: cut it where the line ends.
      while wordWidth > width {
        var head = ""
        var headWidth = 0
        var rest = word
        while let character = rest.first, headWidth + CharacterWidth.of(character) <= width {
          head.append(character)
          headWidth += CharacterWidth.of(character)
          rest = rest.dropFirst()
        }
        if head.isEmpty {  // one character wider than the line: it goes alone
          head = String(rest.removeFirst())
        }
        lines.append(head)
        word = rest
        wordWidth = CharacterWidth.of(String(word))
      }
      line = String(word)
      used = wordWidth
    }
    if used > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// `text` padded with spaces (or cut) to exactly `width` columns.
  public static func pad(_ text: String, toWidth width: Int) -> String {
    let fitted = truncate(text, toWidth: width)
    return fitted + String(repeating: " ", count: max(0, width - CharacterWidth.of(fitted)))
  }
}
