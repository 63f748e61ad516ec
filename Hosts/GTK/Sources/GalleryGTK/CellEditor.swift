import CGtk
import GalleryKit
import ReuseControls
import ReuseGTK
import ReuseKit

/// GTK's own text field for the table page's cell edits: one `GtkEntry` over the host (a field
/// editor, as AppKit has one), placed over the edited cell wherever it shows, hidden while the
/// cell is scrolled away. The edit itself is the model's, held by source row and column: the
/// entry only mirrors it, so scrolling away and back, a sort or a resize never loses it. GTK's
/// entry brings its input methods, clipboard, selection and accessibility; Enter keeps the
/// text and Escape (which the entry leaves to the page) cancels.
final class CellEditor {
  let entry: UnsafeMutablePointer<GtkWidget>
  private unowned let model: TableModel
  private unowned let host: CollectionViewWidget
  /// The edit the entry shows (its source row and column).
  private var shown: (row: Int, column: Int)?
  /// Whether the entry is being set from the model (its signals are then not the user's).
  private var isSyncing = false
  /// Whether a key or a press reached the entry since the model last selected its text. GTK
  /// 4.8 under X11 lets go of a selection made right after another (the PRIMARY selection
  /// changing hands twice), the caret at the start, which no user asked for: Tab then Shift-Tab
  /// pressed quickly left the cell's text unselected, and typing went in front of it.
  private var userActedSinceSelecting = true
  /// The idle that selects the text again after GTK let it go (0: none waiting).
  private var reselectID: guint = 0

  init(model: TableModel, host: CollectionViewWidget) {
    self.model = model
    self.host = host
    entry = gtk_entry_new()
    gtk_widget_set_halign(entry, GTK_ALIGN_START)
    gtk_widget_set_valign(entry, GTK_ALIGN_START)
    gtk_widget_set_visible(entry, 0)
    // As narrow as the cell: an entry asks for room for some characters by default, and its
    // natural width (what the overlay gives it) is 150 pixels unless its maximum is set too.
    gtk_editable_set_width_chars(OpaquePointer(entry), 1)
    gtk_editable_set_max_width_chars(OpaquePointer(entry), 1)
    gtk_overlay_add_overlay(OpaquePointer(host.widget), entry)
    let data = Unmanaged.passUnretained(self).toOpaque()
    Signal.plain(
      gpointer(entry), "changed",
      { _, data in CellEditor.editor(data).entryChanged() },
      data)
    Signal.notify(
      gpointer(entry), property: "cursor-position",
      { _, _, data in
        CellEditor.editor(data).entryChanged()
      }, data)
    // Tab and Shift-Tab keep the text and edit the next or the previous cell, as in a
    // spreadsheet (GTK's entry moved the keyboard focus out of the table, the edit left open);
    // Up and Down the cell above or below.
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.keyPressed(
      keys,
      { _, keyval, _, state, data in
        let editor = CellEditor.editor(data)
        editor.userActedSinceSelecting = true
        guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else {
          return 0
        }
        guard let key = KeyPress(keyval: keyval, state: state) else { return 0 }
        let shift = key.modifiers.contains(.shift)
        let move: TableModel.EditorMove
        switch key.key {
        case .tab: move = shift ? .previous : .next
        case .up where !shift: move = .up
        case .down where !shift: move = .down
        default: return 0
        }
        return editor.keepAndMove(move) ? 1 : 0
      }, data)
    gtk_widget_add_controller(entry, keys)
    let press = gtk_gesture_click_new()!
    gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
    Signal.clicked(
      press,
      { _, _, _, _, data in CellEditor.editor(data).userActedSinceSelecting = true }, data)
    gtk_widget_add_controller(entry, press)
    Signal.plain(
      gpointer(entry), "activate",
      { _, data in
        CellEditor.editor(data).entryActivated()
      }, data)
  }

  /// The editor a signal's data points to.
  private static func editor(_ data: gpointer?) -> CellEditor {
    Unmanaged<CellEditor>.fromOpaque(data!).takeUnretainedValue()
  }

  deinit {
    // Nothing may call back into this editor once it is gone.
    if reselectID != 0 { g_source_remove(reselectID) }
    Signal.disconnectAll(gpointer(entry), data: Unmanaged.passUnretained(self).toOpaque())
  }

  /// The text the entry holds now.
  var text: String { String(cString: gtk_editable_get_text(OpaquePointer(entry))) }

  /// The user typed or moved the caret: the model's field follows (the cell underneath, the
  /// status line).
  private func entryChanged() {
    guard !isSyncing, shown != nil else { return }
    if !userActedSinceSelecting, let field = model.editingCell?.field, field.isAllSelected,
      field.text == text, !isAllSelected
    {
      // GTK dropped the selection by itself: made again, once GTK is done (once, however
      // many signals said so).
      guard reselectID == 0 else { return }
      reselectID = g_idle_add(
        { data in
          let editor = CellEditor.editor(data)
          editor.reselectID = 0
          if !editor.userActedSinceSelecting, let field = editor.model.editingCell?.field,
            field.isAllSelected
          {
            editor.isSyncing = true
            editor.placeCaret(field)
            editor.isSyncing = false
          }
          return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passUnretained(self).toOpaque())
      return
    }
    let caret = Int(gtk_editable_get_position(OpaquePointer(entry)))
    model.setEditingText(text, caret: caret, allSelected: isAllSelected)
    host.didPlaceViews?()
  }

  /// Whether the entry's whole text is selected.
  private var isAllSelected: Bool {
    var start: Int32 = 0
    var end: Int32 = 0
    guard gtk_editable_get_selection_bounds(OpaquePointer(entry), &start, &end) != 0 else {
      return false
    }
    return start == 0 && Int(end) == text.unicodeScalars.count && end > 0  // GTK counts scalars
  }

  /// Enter: the cell takes the text; the keyboard goes back to the table.
  private func entryActivated() {
    guard shown != nil else { return }
    model.setEditingText(text, caret: Int(gtk_editable_get_position(OpaquePointer(entry))))
    model.commitEditing()
    host.layoutAndPlace()
  }

  /// Tab, Shift-Tab, Up, Down: the cell takes the text and the cell that way is edited.
  /// Returns whether the key was used.
  private func keepAndMove(_ move: TableModel.EditorMove) -> Bool {
    guard shown != nil else { return false }
    model.setEditingText(text, caret: Int(gtk_editable_get_position(OpaquePointer(entry))))
    model.commitEditingAndMove(move)
    host.layoutAndPlace()
    return true
  }

  /// Brings the entry to the model's edit: shown over the edited cell (its text and caret the
  /// model's) while the cell shows, hidden otherwise; the keyboard focus in it while it shows,
  /// back to the table when the edit ends.
  func sync() {
    guard let editing = model.editingCell else {
      guard shown != nil else { return }
      shown = nil
      let hadFocus = gtk_widget_has_focus(entry) != 0 || gtk_widget_is_visible(entry) != 0
      gtk_widget_set_visible(entry, 0)
      if hadFocus { host.grabKeyboardFocus() }
      return
    }
    // Named for a screen reader after what it edits ("Edit name, row 1"): it said "GtkEntry".
    if shown.map({ $0 != (editing.row, editing.column) }) ?? true {
      let title =
        model.content.columnTitles.indices.contains(editing.column)
        ? model.content.columnTitles[editing.column] : "the cell"
      // The row as the cell names it, where it shows now (the file's record number, in a
      // sorted table, named another row: a new user's finding).
      let row =
        model.table.displayRow(forSourceRow: editing.row)
        .map { ", row \(CollectionViewWidget.grouped($0 + 1))" } ?? ""
      reusekit_accessible_set_label(OpaquePointer(entry), "Edit \(title)\(row)")
    }
    shown = (editing.row, editing.column)
    if text != editing.field.text {
      isSyncing = true
      gtk_editable_set_text(OpaquePointer(entry), editing.field.text)
      placeCaret(editing.field)
      isSyncing = false
    }
    guard let frame = editedCellFrame() else {
      gtk_widget_set_visible(entry, 0)
      return
    }
    // Shown first, then sized: GTK 4.8 keeps a hidden widget's measure when its size request
    // changes, so an entry shown again over a column an edit had widened kept the old width,
    // the cell's text showing beside it (a new user's finding).
    if gtk_widget_is_visible(entry) == 0 {
      gtk_widget_set_visible(entry, 1)
    }
    gtk_widget_set_margin_start(entry, Int32(max(0, frame.minX.rounded())))
    gtk_widget_set_margin_top(entry, Int32(max(0, frame.minY.rounded())))
    gtk_widget_set_size_request(
      entry, Int32(max(24, frame.width.rounded())), Int32(max(16, frame.height.rounded())))
    if gtk_widget_has_focus(entry) == 0 && gtk_widget_get_focus_child(entry) == nil {
      gtk_widget_grab_focus(entry)
      isSyncing = true
      placeCaret(editing.field)
      isSyncing = false
    }
  }

  /// The field's caret in the entry, or all its text selected (the next cell after Tab, as a
  /// spreadsheet's: typing replaces it; typed after it, "Bergen" became "Bergenörebro": a new
  /// user's finding).
  private func placeCaret(_ field: TextFieldState) {
    if field.isAllSelected {
      userActedSinceSelecting = false
      gtk_editable_select_region(OpaquePointer(entry), 0, -1)
    } else {
      gtk_editable_set_position(OpaquePointer(entry), Int32(field.caret))
    }
  }

  /// Whether the entry, shown, covers its cell's width as GTK placed it (`nil` while hidden):
  /// what the status file tells the end-to-end tests.
  var coversCell: Bool? {
    guard gtk_widget_get_visible(entry) != 0, let frame = editedCellFrame() else { return nil }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(entry, host.widget, &bounds) != 0 else { return false }
    return Double(bounds.size.width) >= frame.width - 1
  }

  /// Where the edited cell shows now, in the host's coordinates (frozen columns where they
  /// are pinned); `nil` when it does not show.
  private func editedCellFrame() -> Rect? {
    guard let path = model.editingDisplayPath else { return nil }
    let view = host.collectionView
    var found: Rect?
    view.forEachDisplayedView { _, attributes in
      guard found == nil, attributes.supplementaryKind == nil, attributes.indexPath == path
      else { return }
      found = attributes.frame.offsetBy(dx: -view.contentOffset.x, dy: -view.contentOffset.y)
    }
    guard let frame = found, frame.intersects(Rect(origin: .zero, size: view.viewportSize))
    else { return nil }
    return frame
  }
}
