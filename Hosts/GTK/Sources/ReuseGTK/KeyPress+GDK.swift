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
    switch Int32(truncatingIfNeeded: keyval) {
    case GDK_KEY_Tab, GDK_KEY_KP_Tab: self.init(.tab, modifiers: modifiers)
    case GDK_KEY_ISO_Left_Tab: self.init(.tab, modifiers: modifiers.union(.shift))
    case GDK_KEY_BackSpace: self.init(.backspace, modifiers: modifiers)
    case GDK_KEY_Delete, GDK_KEY_KP_Delete: self.init(.delete, modifiers: modifiers)
    case GDK_KEY_Escape: self.init(.escape, modifiers: modifiers)
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
  /// The core's name for a GDK keyval, if it has one; the keypad's keys (with Num Lock off)
  /// name the keys they stand for.
  public init?(keyval: guint) {
    switch Int32(truncatingIfNeeded: keyval) {
    case GDK_KEY_Up, GDK_KEY_KP_Up: self = .up
    case GDK_KEY_Down, GDK_KEY_KP_Down: self = .down
    case GDK_KEY_Left, GDK_KEY_KP_Left: self = .left
    case GDK_KEY_Right, GDK_KEY_KP_Right: self = .right
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self = .pageUp
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self = .pageDown
    case GDK_KEY_Home, GDK_KEY_KP_Home: self = .home
    case GDK_KEY_End, GDK_KEY_KP_End: self = .end
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: self = .enter
    case GDK_KEY_space, GDK_KEY_KP_Space: self = .space
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
