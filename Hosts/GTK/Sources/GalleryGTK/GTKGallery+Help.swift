import CGtk
import GalleryKit

/// The keys of the page showing, over the page: F1 (GNOME's key for help) or Ctrl-? shows
/// them, any key hides them (`?` alone is type-ahead in GTK's lists: it typed "?" and found
/// nothing, where the terminal gallery showed its keys, a new user's finding).
extension GTKGallery {
  /// The label the keys are written in: centred, on the OSD style, taking no pointer.
  static func makeHelpLabel() -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    gtk_widget_add_css_class(label, "osd")
    gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
    gtk_widget_set_can_target(label, 0)
    gtk_widget_set_visible(label, 0)
    return label
  }

  /// The page's keys, then the gallery's, one a line: the key, then what it does.
  static func helpText(title: String, keys: [(String, String)]) -> String {
    let gallery = [
      ("1 … 9, 0, [ ]", "show a page; the previous, the next"), ("q", "quit"),
      ("F1, Ctrl-?", "these keys (any key hides them)"),
    ]
    let lines = (keys + gallery).map { "\($0.0)   \($0.1)" }
    return "Keys of the \(title) page\n\n" + lines.joined(separator: "\n")
  }

  /// F1 or Ctrl-? shows the keys; while they show, any key hides them and does nothing else.
  /// Returns whether the key was taken.
  func handleHelpKey(_ keyval: guint, _ state: GdkModifierType) -> Bool {
    if showsHelp {
      // Modifiers alone (the Ctrl of Ctrl-?) do not hide it.
      guard !(0xFFE1...0xFFEE).contains(keyval) else { return false }
      hideHelp()
      return true
    }
    guard keyval == 0xFFBE || (keyval == 0x3F && state.rawValue & GDK_CONTROL_MASK.rawValue != 0)
    else { return false }
    showHelp()
    return true
  }

  func showHelp() {
    gtk_label_set_text(
      OpaquePointer(helpLabel), Self.helpText(title: currentPage.title, keys: currentPage.keyHelp))
    gtk_widget_set_visible(helpLabel, 1)
    showsHelp = true
    notice = "keys shown: any key hides them"
    refreshStatus()
  }

  func hideHelp() {
    gtk_widget_set_visible(helpLabel, 0)
    showsHelp = false
    notice = nil
    refreshStatus()
  }
}
