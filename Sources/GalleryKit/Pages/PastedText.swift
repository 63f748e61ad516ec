/// Pasted text as a field takes it: never keys, and no control character but those the field
/// keeps.
public enum PastedText {
  /// `text` on one line, for a prompt or a message: a line break (CR, LF or both) or a tab as
  /// a space, other control characters (C0, DEL, C1) dropped.
  public static func oneLine(_ text: String) -> String { cleaned(text, keepsBreaks: false) }

  /// `text` for a cell's editor, whose value may hold line breaks and tabs (a quoted CSV
  /// field): a line break (CR, LF or both) as LF, a tab kept, other control characters
  /// dropped. A paste of two lines became one, its break a space (a new user's finding).
  public static func cell(_ text: String) -> String { cleaned(text, keepsBreaks: true) }

  private static func cleaned(_ text: String, keepsBreaks: Bool) -> String {
    var kept = String.UnicodeScalarView()
    var lastWasReturn = false
    for scalar in text.unicodeScalars {
      defer { lastWasReturn = scalar == "\r" }
      switch scalar.value {
      case 0x0A where lastWasReturn: continue  // CR LF: one break
      case 0x0A, 0x0D: kept.append(keepsBreaks ? "\n" : " ")
      case 0x09: kept.append(keepsBreaks ? "\t" : " ")
      case 0x00...0x1F, 0x7F...0x9F: continue
      default: kept.append(scalar)
      }
    }
    return String(kept)
  }
}
