import ReuseKit

/// A key, as the terminal reports it.
public enum Key: Hashable, Sendable {
  /// A printable character (any script: the decoder reads UTF-8).
  case character(Character)
  /// An arrow key.
  case up, down, left, right
  /// Navigation keys.
  case home, end, pageUp, pageDown, insert, delete
  /// Tab; Shift-Tab arrives as ``backTab``.
  case tab, backTab
  /// Enter (Return).
  case enter
  /// Escape, alone.
  case escape
  /// Backspace.
  case backspace
  /// A function key, F1 to F12.
  case function(Int)
  /// A control combination: Ctrl-A is `.control("a")`.
  case control(Character)
}

/// A key press.
public struct KeyEvent: Hashable, Sendable {
  /// The key.
  public var key: Key
  /// Modifiers held.
  public var modifiers: KeyModifiers

  /// Creates a key event.
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}

/// A mouse report (SGR 1006), in 0-based cell coordinates.
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A button went down.
    case press
    /// The pointer moved with a button down.
    case drag
    /// A button came up.
    case release
    /// The pointer moved with no button down (only with any-event tracking).
    case move
    /// A wheel notch, in the content's direction: `.scrollDown` shows later content.
    case scrollUp, scrollDown, scrollLeft, scrollRight
  }

  /// Which button, for presses, drags and releases.
  public enum Button: Hashable, Sendable {
    /// The primary button.
    case left
    /// The middle button.
    case middle
    /// The secondary button.
    case right
    /// No button (wheel and moves).
    case none
  }

  /// What happened.
  public var kind: Kind
  /// Which button.
  public var button: Button
  /// The column, from 0.
  public var column: Int
  /// The row, from 0.
  public var row: Int
  /// Modifiers held.
  public var modifiers: KeyModifiers

  /// Creates a mouse event.
  public init(
    kind: Kind, button: Button = .left, column: Int, row: Int, modifiers: KeyModifiers = []
  ) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}

/// One decoded input.
public enum InputEvent: Hashable, Sendable {
  /// A key.
  case key(KeyEvent)
  /// A mouse report.
  case mouse(MouseEvent)
  /// Text pasted (bracketed paste, which ``ANSI/enterApplicationMode`` turns on), as the
  /// terminal sent it: line breaks, tabs and all. Ends in U+2026 when it was longer than
  /// ``InputDecoder/maximumPasteLength`` and cut.
  case paste(String)
}
