import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// A row of the GTK model page made of GTK's own widgets (a `GTKWidgetCell`): a check button,
/// the word in a label that ellipsizes, and its place in a dimmed label; GTK's theme styles
/// them. Set up once per cell; bound by the page's cell provider; a toggle reports the bound
/// row through `onToggle`.
final class WordRowCell: GTKWidgetCell {
  private(set) var check: UnsafeMutablePointer<GtkWidget>!
  private(set) var label: UnsafeMutablePointer<GtkWidget>!
  private(set) var place: UnsafeMutablePointer<GtkWidget>!
  /// Told (row, checked) when the user toggles the check button.
  var onToggle: ((ItemPath, Bool) -> Void)?
  private var isBinding = false

  override func setUp() -> UnsafeMutablePointer<GtkWidget> {
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
    gtk_widget_set_margin_start(row, 12)
    gtk_widget_set_margin_end(row, 16)
    check = gtk_check_button_new()
    label = gtk_label_new("")
    place = gtk_label_new("")
    gtk_widget_set_hexpand(label, 1)
    gtk_widget_set_valign(row, GTK_ALIGN_CENTER)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
    gtk_widget_add_css_class(place, "dim-label")
    row.withMemoryRebound(to: GtkBox.self, capacity: 1) { box in
      for widget in [check!, label!, place!] { gtk_box_append(box, widget) }
    }
    Signal.plain(
      gpointer(check),
      "toggled",
      { button, data in
        let cell = Unmanaged<WordRowCell>.fromOpaque(data!).takeUnretainedValue()
        guard !cell.isBinding, let row = cell.boundIndexPath else { return }
        cell.onToggle?(row, gtk_check_button_get_active(UnsafeMutablePointer(button)) != 0)
      }, Unmanaged.passUnretained(self).toOpaque())
    return row
  }

  /// Binds the row to a word.
  func bind(word: String, place number: Int, checked: Bool, at indexPath: ItemPath) {
    isBinding = true
    defer { isBinding = false }
    bound(to: indexPath)
    gtk_label_set_text(OpaquePointer(label), word)
    gtk_label_set_text(OpaquePointer(place), "#\(number)")
    check.withMemoryRebound(to: GtkCheckButton.self, capacity: 1) {
      gtk_check_button_set_active($0, checked ? 1 : 0)
    }
    accessibilityLabel = word
    accessibilityValue = checked ? "checked" : nil
    // The box says whose it is (every one was "GtkCheckButton": a new user's finding).
    reusekit_accessible_set_label(OpaquePointer(check), "check \(word)")
  }

  /// The word shown (for tests).
  var word: String {
    String(cString: gtk_label_get_text(OpaquePointer(label)))
  }

  override func tearDown() {
    Signal.disconnectAll(gpointer(check), data: Unmanaged.passUnretained(self).toOpaque())
  }
}
