/// A key as a host translates it from its own (terminal bytes, a GDK keyval, a `UIKey`):
/// the core's key map (``KeyMap``) decides what it does.
public struct KeyPress: Hashable, Sendable {
  /// The keys the core knows by name; anything else is a character.
  public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, space, escape, tab, backspace, delete
    /// A printable character (not a space: that is ``space``).
    case character(Character)
  }

  /// The key.
  public var key: Key
  /// The modifier keys held.
  public var modifiers: KeyModifiers

  /// Creates a key press.
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}

/// What a key does to a collection view.
public enum KeyAction: Hashable, Sendable {
  /// Moves the focus (and scrolls it into view).
  case moveFocus(FocusMove)
  /// Selects or deselects the focused item, as a tap would.
  case activate
  /// Lets go of what the pointer holds: a lifted item glides back, a swiped row closes, a
  /// drag box lets go of what it selected. With nothing held, it deselects every item of a
  /// multiple selection (as Escape does in VS Code's lists).
  case cancel
  /// Moves the focus and, with multiple selection, selects the range from the anchor through
  /// the newly focused item (Shift with an arrow, a page, Home or End); with single selection
  /// it only moves the focus.
  case extendSelection(FocusMove)
  /// Selects every item, with multiple selection (Control-A).
  case selectAll
  /// Deselects every item (Control-Shift-A, as GTK's lists have it).
  case deselectAll
}

/// Which keys do what: one map in the core that every host's keys go through (a host only
/// translates its key events to ``KeyPress``).
///
/// ``standard`` is what users of list and grid views expect: the arrows move the focus (in
/// lists along the scroll axis only), Page Up and Page Down by a viewport, Home and End (also
/// with Control) to the first and last item, Enter and Space activate the focused item, and
/// Escape cancels a lifted item, a drag box or an open row. With multiple selection, Shift
/// with any of the moves extends a range from the anchor, Control-A selects everything and
/// Control-Shift-A nothing. Every move lands at once: a key repeats
/// faster than an animation would end, and the next press goes on from the target.
public struct KeyMap: Hashable, Sendable {
  /// The bindings.
  public var bindings: [KeyPress: KeyAction]
  /// Whether focus moves by a page or to an end animate (`false`: they land in the frame of
  /// the key press, as terminal and desktop lists do).
  public var animatesJumps: Bool

  /// Creates a map.
  public init(bindings: [KeyPress: KeyAction], animatesJumps: Bool = false) {
    self.bindings = bindings
    self.animatesJumps = animatesJumps
  }

  /// The arrows, pages, Home and End, Enter, Space and Escape.
  public static let standard: KeyMap = {
    var bindings: [KeyPress: KeyAction] = [
      KeyPress(.up): .moveFocus(.up), KeyPress(.down): .moveFocus(.down),
      KeyPress(.left): .moveFocus(.left), KeyPress(.right): .moveFocus(.right),
      KeyPress(.pageUp): .moveFocus(.pageUp), KeyPress(.pageDown): .moveFocus(.pageDown),
      KeyPress(.home): .moveFocus(.first), KeyPress(.end): .moveFocus(.last),
      KeyPress(.enter): .activate, KeyPress(.space): .activate, KeyPress(.escape): .cancel,
    ]
    bindings[KeyPress(.home, modifiers: .control)] = .moveFocus(.first)
    bindings[KeyPress(.end, modifiers: .control)] = .moveFocus(.last)
    for (key, action) in bindings {
      guard case .moveFocus(let move) = action else { continue }
      var shifted = key
      shifted.modifiers.insert(.shift)
      bindings[shifted] = .extendSelection(move)
    }
    bindings[KeyPress(.character("a"), modifiers: .control)] = .selectAll
    bindings[KeyPress(.character("a"), modifiers: [.control, .shift])] = .deselectAll
    bindings[KeyPress(.character("A"), modifiers: [.control, .shift])] = .deselectAll
    return KeyMap(bindings: bindings)
  }()

  /// ``standard``, with Home and End moving to the ends of the focused row
  /// (``FocusMove/lineStart`` and ``FocusMove/lineEnd``), and Control-Home and Control-End to
  /// the first and the last cell: a spreadsheet's keys.
  public static let table: KeyMap = {
    var map = KeyMap.standard
    map.bindings[KeyPress(.home)] = .moveFocus(.lineStart)
    map.bindings[KeyPress(.end)] = .moveFocus(.lineEnd)
    map.bindings[KeyPress(.home, modifiers: .shift)] = .extendSelection(.lineStart)
    map.bindings[KeyPress(.end, modifiers: .shift)] = .extendSelection(.lineEnd)
    return map
  }()

  /// What `key` does, if anything.
  public func action(for key: KeyPress) -> KeyAction? { bindings[key] }
}
