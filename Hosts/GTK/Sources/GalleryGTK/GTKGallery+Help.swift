import CGtk
import GalleryKit

/// The keys of the page showing, over the page: F1 (GNOME's key for help) or Ctrl-? shows
/// them, any key hides them (`?` alone is type-ahead in GTK's lists: it typed "?" and found
/// nothing, where the terminal gallery showed its keys, a new user's finding).
extension GTKGallery {
  /// The label the keys are written in: centred, on the OSD style, taking no pointer.
  static func makeHelpLabel() -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    // Opaque, with room around the text: GTK's `osd` box let the table's cells show through
    // its lines, and its text touched the edges (a new user's finding).
    if let display = gdk_display_get_default() {
      let provider = gtk_css_provider_new()!
      gtk_css_provider_load_from_data(
        provider,
        """
        .reusekit-help {
          background-color: @theme_base_color; color: @theme_text_color;
          padding: 16px 24px; border-radius: 8px;
          border: 1px solid alpha(currentColor, 0.25);
          box-shadow: 0 4px 16px alpha(black, 0.35);
        }
        """, -1)
      gtk_style_context_add_provider_for_display(
        display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
      g_object_unref(gpointer(provider))
    }
    gtk_widget_add_css_class(label, "reusekit-help")
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
    if cycleFocus(keyval, state) { return true }
    guard keyval == 0xFFBE || (keyval == 0x3F && state.rawValue & GDK_CONTROL_MASK.rawValue != 0)
    else { return false }
    showHelp()
    return true
  }

  /// Tab and Shift-Tab go round the page's lists and the status line, from the last back to
  /// the first (GTK's own Tab left the focus on nothing after the status line, where further
  /// Tabs found nothing either, and Shift-Tab from the first list went nowhere: a new user's
  /// finding). A field being typed in keeps its Tab.
  func cycleFocus(_ keyval: guint, _ state: GdkModifierType) -> Bool {
    guard keyval == 0xFF09 || keyval == 0xFE20,
      state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
      !currentPage.isTyping
    else { return false }
    let backward = keyval == 0xFE20 || state.rawValue & GDK_SHIFT_MASK.rawValue != 0
    let hosts = currentPage.hosts.filter { gtk_widget_get_mapped($0.widget) != 0 }
    let stops = hosts.count + 1  // the hosts, then the status line
    let current: Int?
    switch keyboardFocus {
    case .status: current = hosts.count
    case .host(let index):
      let host = currentPage.hosts[index]
      current = hosts.firstIndex { $0 === host }
    case .none, .other: current = nil
    }
    let next =
      current.map { (($0 + (backward ? -1 : 1)) % stops + stops) % stops }
      ?? (backward ? stops - 1 : 0)
    if next < hosts.count {
      hosts[next].grabKeyboardFocus()
    } else {
      focusStatusLine()
    }
    refreshStatus()
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
