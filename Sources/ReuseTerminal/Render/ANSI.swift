/// Builds the escape sequences the renderer and the platform write.
public enum ANSI {
  /// Appends "move the cursor to `column`, `row`" (0-based) to `bytes`.
  public static func appendCursorMove(column: Int, row: Int, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: [0x1B, 0x5B])  // ESC [
    appendDecimal(row + 1, to: &bytes)
    bytes.append(0x3B)  // ;
    appendDecimal(column + 1, to: &bytes)
    bytes.append(0x48)  // H
  }

  /// Appends an SGR sequence that resets and then sets `style` entirely, in `mode`: 24-bit
  /// colours as they are, or mapped to the nearest palette entry; none in ``ColorMode/monochrome``
  /// (whose highlights become reverse) and nothing at all but the reset in ``ColorMode/plain``.
  public static func appendStyle(
    _ style: TextStyle, mode: ColorMode = .trueColor, to bytes: inout [UInt8]
  ) {
    if mode == .plain { return }
    let style = mode.adapt(style)
    bytes.append(contentsOf: [0x1B, 0x5B, 0x30])  // ESC [ 0
    let attributes = style.attributes
    if attributes.contains(.bold) { bytes.append(contentsOf: [0x3B, 0x31]) }
    if attributes.contains(.dim) { bytes.append(contentsOf: [0x3B, 0x32]) }
    if attributes.contains(.italic) { bytes.append(contentsOf: [0x3B, 0x33]) }
    if attributes.contains(.underline) { bytes.append(contentsOf: [0x3B, 0x34]) }
    if attributes.contains(.reverse) { bytes.append(contentsOf: [0x3B, 0x37]) }
    if let color = style.foreground {
      // In 16 colours, text whose colour differs from its background's but maps to the same
      // entry takes the nearest other entry: a scroll bar's dark track on the dark background
      // became black on black (a new user's finding).
      if mode == .palette16, let background = style.background, background != color,
        color.nearest16Index == background.nearest16Index
      {
        bytes.append(0x3B)  // ;
        let index = color.nearest16Index(avoiding: background.nearest16Index)
        appendDecimal(index < 8 ? 30 + index : 90 + index % 8, to: &bytes)
      } else {
        appendColor(color, background: false, mode: mode, to: &bytes)
      }
    }
    if let color = style.background { appendColor(color, background: true, mode: mode, to: &bytes) }
    bytes.append(0x6D)  // m
  }

  /// Appends SGR 0.
  public static func appendReset(to bytes: inout [UInt8]) {
    bytes.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D])
  }

  /// `;38;2;r;g;b`, `;38;5;n` or `;3n`/`;9n` for a foreground (`;48…`, `;4n`, `;10n` for a
  /// background), as `mode` writes colours.
  private static func appendColor(
    _ color: Color, background: Bool, mode: ColorMode, to bytes: inout [UInt8]
  ) {
    bytes.append(0x3B)  // ;
    switch mode {
    case .palette16:
      let index = color.nearest16Index
      let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
      appendDecimal(base + index % 8, to: &bytes)
    case .palette256:
      bytes.append(contentsOf: [background ? 0x34 : 0x33, 0x38, 0x3B, 0x35, 0x3B])  // 38;5;
      appendDecimal(color.nearest256Index, to: &bytes)
    case .trueColor, .monochrome, .plain:
      bytes.append(contentsOf: [background ? 0x34 : 0x33, 0x38, 0x3B, 0x32, 0x3B])  // 38;2;
      appendDecimal(Int(color.red), to: &bytes)
      bytes.append(0x3B)
      appendDecimal(Int(color.green), to: &bytes)
      bytes.append(0x3B)
      appendDecimal(Int(color.blue), to: &bytes)
    }
  }

  /// Appends a non-negative integer in decimal.
  public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    var value = max(0, value)
    if value == 0 {
      bytes.append(0x30)
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while value > 0 && count < 10 {
        buffer[count] = UInt8(0x30 + value % 10)
        value /= 10
        count += 1
      }
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  // MARK: Terminal modes

  /// Enter the alternate screen, hide the cursor, turn off autowrap, report mouse presses,
  /// drags and releases (button-event tracking) in SGR form, and bracket pastes (a paste
  /// arrives as ``InputEvent/paste(_:)``, not as keys).
  public static let enterApplicationMode =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h"
    + "\u{1B}[H\u{1B}[2J"

  /// Undo ``enterApplicationMode``: pastes unbracketed, mouse off, autowrap on, cursor shown,
  /// main screen back.
  public static let leaveApplicationMode =
    "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?7h\u{1B}[0m\u{1B}[?25h"
    + "\u{1B}[?1049l"

  /// Undo a line mode (raw mode only): the style reset, the cursor shown.
  public static let leaveLineMode = "\u{1B}[0m\u{1B}[?25h"

  /// Show the cursor.
  public static let showCursor = "\u{1B}[?25h"

  /// Clear the screen and home the cursor.
  public static let clearScreen = "\u{1B}[0m\u{1B}[H\u{1B}[2J"
}
