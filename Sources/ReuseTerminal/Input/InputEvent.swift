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

/// Modifier keys held with a key or a mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates modifiers from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt (Meta, Option).
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)
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
}
