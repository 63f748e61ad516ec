import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// The keys of the page showing, over the page: `?` (as in the terminal gallery, where no text
/// is being typed), F1 (GNOME's key for help) or Ctrl-? shows them, any key hides them.
extension GTKGallery {
  /// The keys' box and the label they are written in: centred, opaque, in a scroller as tall
  /// as the window allows (the wheel and the arrow and page keys scroll it).
  static func makeHelp() -> (
    box: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>
  ) {
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
          padding: 16px 24px; border-radius: 8px; caret-color: transparent;
          border: 1px solid alpha(currentColor, 0.25);
          box-shadow: 0 4px 16px alpha(black, 0.35);
        }
        """, -1)
      gtk_style_context_add_provider_for_display(
        display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
      g_object_unref(gpointer(provider))
    }
    gtk_widget_add_css_class(label, "reusekit-help")
    // Wrapped to the window: in a small one the box was cut on both sides, its keys column
    // off screen (a new user's finding). Lines wrap at words, after 90 characters at most.
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_max_width_chars(OpaquePointer(label), 90)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_widget_set_can_target(label, 0)
    // Taller than the window (its lines wrapped in a small one): scrolled, not cut at the top
    // and the bottom.
    let box = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(box), label)
    gtk_scrolled_window_set_policy(OpaquePointer(box), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_width(OpaquePointer(box), 1)
    gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(box), 1)
    gtk_widget_set_margin_start(box, 8)
    gtk_widget_set_margin_end(box, 8)
    gtk_widget_set_margin_top(box, 8)
    gtk_widget_set_margin_bottom(box, 8)
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
    gtk_widget_set_visible(box, 0)
    return (box, label)
  }

  /// While keys taller than the window show, the arrows, the page keys, Home and End scroll
  /// them. Returns whether `keyval` scrolled them.
  private func scrollHelp(_ keyval: guint) -> Bool {
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(helpBox))
    let value = gtk_adjustment_get_value(adjustment)
    let page = gtk_adjustment_get_page_size(adjustment)
    // Keys that fit the window: any key hides them, these too.
    guard gtk_adjustment_get_upper(adjustment) > page + 1 else { return false }
    let line = 24.0
    let target: Double
    switch KeyPress.Key(keyval: keyval) {
    case .up: target = value - line
    case .down: target = value + line
    case .pageUp: target = value - page
    case .pageDown, .space: target = value + page
    case .home: target = 0
    case .end: target = gtk_adjustment_get_upper(adjustment)
    default: return false
    }
    gtk_adjustment_set_value(adjustment, target)
    return true
  }

  /// The page's keys, then the gallery's, one a line: the key, then what it does.
  /// With `typeAhead`, the page's lists take typing: letters go to the item that starts with
  /// them (the keys did not say so: a new user's finding), and q is one of them.
  static func helpText(title: String, keys: [(String, String)], typeAhead: Bool = false) -> String {
    let typing = [("letters", "go to the item that starts with them (type-ahead; Esc ends it)")]
    let gallery = [
      ("1 … 9, 0, [ ]", "show a page; the previous, the next"),
      typeAhead ? ("Ctrl-Q", "quit (q is typed into the list)") : ("q, Ctrl-Q", "quit"),
      ("? F1 Ctrl-?", "these keys (any key hides them)"),
      ("Tab, Shift-Tab", "the page's lists, then the status line (a screen reader reads it)"),
    ]
    let lines = (keys + (typeAhead ? typing : []) + gallery).map { "\($0.0)   \($0.1)" }
    return "Keys of the \(title) page\n\n" + lines.joined(separator: "\n")
  }

  /// F1 or Ctrl-? shows the keys; while they show, any key hides them and does nothing else.
  /// Returns whether the key was taken.
  func handleHelpKey(_ keyval: guint, _ state: GdkModifierType) -> Bool {
    if showsHelp {
      // Modifiers alone (the Ctrl of Ctrl-?) do not hide it.
      guard !(guint(GDK_KEY_Shift_L)...guint(GDK_KEY_Hyper_R)).contains(keyval) else {
        return false
      }
      if scrollHelp(keyval) { return true }
      hideHelp()
      return true
    }
    if cycleFocus(keyval, state) { return true }
    guard
      keyval == GDK_KEY_F1 || (keyval == 0x3F && state.rawValue & GDK_CONTROL_MASK.rawValue != 0)
        || (keyval == 0x3F && questionMarkShowsHelp(state))
    else { return false }
    showHelp()
    return true
  }

  /// `?` alone shows the keys, as in the terminal, unless it is text: a prompt or a cell being
  /// typed in, or a type-ahead prefix under way. It began a type-ahead that found nothing, and
  /// a new user looking for the keys did not find F1 (a new user's finding).
  private func questionMarkShowsHelp(_ state: GdkModifierType) -> Bool {
    guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
      !currentPage.isTyping, currentPage.hosts.allSatisfy({ $0.typeAheadStatus.isEmpty })
    else { return false }
    guard let root = gtk_widget_get_root(window), let focus = gtk_root_get_focus(root) else {
      return true
    }
    // A text field (the cell editor, GTK's own entries) takes `?` as a character.
    return g_type_check_instance_is_a(
      UnsafeMutablePointer<GTypeInstance>(OpaquePointer(focus)), gtk_editable_get_type()) == 0
  }

  /// Tab and Shift-Tab go round the page's lists and the status line, from the last back to
  /// the first (GTK's own Tab left the focus on nothing after the status line, where further
  /// Tabs found nothing either, and Shift-Tab from the first list went nowhere: a new user's
  /// finding). A field being typed in keeps its Tab.
  func cycleFocus(_ keyval: guint, _ state: GdkModifierType) -> Bool {
    guard let key = KeyPress(keyval: keyval, state: state), key.key == .tab,
      state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
      !currentPage.isTyping
    else { return false }
    let backward = key.modifiers.contains(.shift)
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
      OpaquePointer(helpLabel),
      Self.helpText(
        title: currentPage.title, keys: currentPage.keyHelp, typeAhead: pageTakesTyping))
    gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(helpBox)), 0)
    gtk_widget_set_visible(helpBox, 1)
    (currentPage as? HostedPage<CardDeckModel>)?.model.isCovered = true
    // The keys take the keyboard focus, so a screen reader reads them (it heard only the
    // status line's "keys shown": a new user's finding); the page takes it back as they hide.
    // A label takes the focus only when it is selectable; nothing shows selected.
    gtk_label_set_selectable(OpaquePointer(helpLabel), 1)
    gtk_widget_grab_focus(helpLabel)
    gtk_label_select_region(OpaquePointer(helpLabel), 0, 0)
    showsHelp = true
    notice = "keys shown: any key hides them (arrows and PgUp PgDn scroll them when cut)"
    refreshStatus()
  }

  func hideHelp() {
    let hadFocus = gtk_widget_has_focus(helpLabel) != 0
    gtk_widget_set_visible(helpBox, 0)
    (currentPage as? HostedPage<CardDeckModel>)?.model.isCovered = false
    gtk_label_set_selectable(OpaquePointer(helpLabel), 0)
    if hadFocus { currentPage.keyboardHost.grabKeyboardFocus() }
    showsHelp = false
    notice = nil
    refreshStatus()
  }
}
