import CGtk
import CReuseGTK
import ReuseKit

extension KeyPress {
  /// The core's name for a GDK keyval with the modifiers of `state` (Shift, Control, Alt),
  /// printable keys as characters; `nil` for keys the core has no name for (function keys).
  public init?(keyval: guint, state: GdkModifierType = GdkModifierType(0)) {
    var modifiers = KeyModifiers(state)
    if let key = KeyPress.Key(keyval: keyval) {
      self.init(key, modifiers: modifiers)
      return
    }
    switch keyval {
    case KeyValue.tab: self.init(.tab, modifiers: modifiers)
    case KeyValue.leftTab: self.init(.tab, modifiers: modifiers.union(.shift))
    case 0xFF08: self.init(.backspace, modifiers: modifiers)
    case 0xFFFF: self.init(.delete, modifiers: modifiers)
    case KeyValue.escape: self.init(.escape, modifiers: modifiers)
    default:
      let code = gdk_keyval_to_unicode(keyval)
      guard code > 0x20, let scalar = Unicode.Scalar(code) else { return nil }
      // A printable character carries its Shift in itself ("S", "<"); Control and Alt stay.
      modifiers.remove(.shift)
      self.init(.character(Character(scalar)), modifiers: modifiers)
    }
  }
}

extension KeyPress.Key {
  /// The core's name for a GDK keyval, if it has one.
  public init?(keyval: guint) {
    switch keyval {
    case KeyValue.up: self = .up
    case KeyValue.down: self = .down
    case KeyValue.left: self = .left
    case KeyValue.right: self = .right
    case KeyValue.pageUp: self = .pageUp
    case KeyValue.pageDown: self = .pageDown
    case KeyValue.home: self = .home
    case KeyValue.end: self = .end
    case KeyValue.enter: self = .enter
    case KeyValue.space: self = .space
    default: return nil
    }
  }
}

extension KeyModifiers {
  /// The core's modifiers for a GDK modifier state: Shift, Control and Alt.
  public init(_ state: GdkModifierType) {
    self = []
    if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { insert(.shift) }
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { insert(.control) }
    if state.rawValue & GDK_ALT_MASK.rawValue != 0 { insert(.alt) }
  }
}
