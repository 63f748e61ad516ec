import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// The `gmodel` page ("GTK model"): a GTK app's own model shown through ``ReuseGTK/GListModelDataSource``, in
/// rows made of GTK's own widgets (``ReuseGTK/GTKWidgetCell``: a check button and labels,
/// styled by the theme). A `GtkStringList` of words, seen through a `GtkSortListModel`; `a`
/// adds a word to the list, `d` removes the focused one, `s` sorts the rows or puts them back
/// in the list's order, a click on a check button checks the word. The host sits in a
/// `GtkScrolledWindow` (``ReuseGTK/CollectionViewWidget/scrollableWidget``): GTK's scrollbar,
/// and the wheel and touchpad through the window's smooth and kinetic scrolling. Each change is the model's
/// `items-changed`, which the data source turns into one animated batch (a large re-sort
/// reloads instead); the focus, selection and checks follow their rows.
final class GModelPage: GTKPage, ClickFocusing {
  let name = "gmodel"
  let title = "GTK model"
  let host: CollectionViewWidget
  /// A `GtkScrolledWindow` around the host (GTK's scrollbars, smooth and kinetic wheel).
  let widget: UnsafeMutablePointer<GtkWidget>
  private let list: OpaquePointer
  private let sorted: OpaquePointer
  private let sorter: UnsafeMutablePointer<GtkSorter>
  private let source: GListModelDataSource
  private var added = 0
  /// The checked words, by their items' addresses (an item keeps its address while the list
  /// holds it).
  private var checked: Set<UInt> = []
  private var lastChange = ""
  /// Checks or unchecks the word at a path (its check button, or `c`).
  private var toggle: ((ItemPath, Bool) -> Void)?
  /// Whether a word is checked.
  private var isChecked: ((OpaquePointer) -> Bool)?

  init(options: GalleryOptions) {
    list = gtk_string_list_new(nil)!
    let count = min(max(options.itemCount, 0), 100_000)
    for index in 0..<count { gtk_string_list_append(list, DemoData.title(forItem: index)) }
    let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
    sorter = UnsafeMutablePointer(gtk_string_sorter_new(expression)!)
    g_object_ref(gpointer(list))  // the sort model takes one reference; the page keeps one
    sorted = gtk_sort_list_model_new(list, nil)!
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(GalleryMetrics.gtk.rowLength)))
    view.register(WordRowCell.self, forCellWithReuseIdentifier: "word")
    view.allowsMultipleSelection = true
    // A click selects the word alone, Control toggles it, Shift extends, as in GTK's own lists
    // (every click added to the selection, the cursor staying put: a new user's finding).
    view.tapsReplaceSelection = true
    view.overscan = GalleryMetrics.gtk.overscan
    view.focusScrollPadding = GalleryMetrics.gtk.rowLength
    view.accessibilityLabel = "Words"
    weak var page: GModelPage?
    source = GListModelDataSource(collectionView: view, model: sorted) { view, path, item in
      let cell = view.dequeueReusableCell(WordRowCell.self, withReuseIdentifier: "word", for: path)
      cell.bind(
        word: String(cString: gtk_string_object_get_string(item)), place: path.item + 1,
        checked: page?.isChecked?(item) ?? false, at: path)
      cell.onToggle = page?.toggle
      return cell
    }
    host = CollectionViewWidget(collectionView: view)
    widget = gtk_scrolled_window_new()
    gtk_scrolled_window_set_child(OpaquePointer(widget), host.scrollableWidget)
    gtk_scrolled_window_set_policy(
      OpaquePointer(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    isChecked = { [unowned self] item in checked.contains(UInt(bitPattern: item)) }
    toggle = { [unowned self] path, on in
      guard let item = g_list_model_get_item(sorted, guint(path.item)) else { return }
      g_object_unref(item)
      if on {
        checked.insert(UInt(bitPattern: item))
      } else {
        checked.remove(UInt(bitPattern: item))
      }
      lastChange = (on ? "checked " : "unchecked ") + (word(at: path.item) ?? "")
      host.collectionView.reconfigureItems(at: [path])
      host.layoutAndPlace()
    }
    page = self
    view.delegate = self
    view.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    g_object_unref(gpointer(sorted))  // the data source holds it
  }

  deinit {
    g_object_unref(gpointer(list))
    g_object_unref(gpointer(sorter))
  }

  private var view: CollectionView { host.collectionView }

  /// The word at `index` of the model shown.
  private func word(at index: Int) -> String? {
    guard let item = g_list_model_get_item(sorted, guint(index)) else { return nil }
    defer { g_object_unref(item) }
    return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
  }

  /// The position in the underlying list of the item shown at `index`.
  private func listPosition(ofShown index: Int) -> Int? {
    guard let shown = g_list_model_get_item(sorted, guint(index)) else { return nil }
    defer { g_object_unref(shown) }
    for position in 0..<Int(g_list_model_get_n_items(list)) {
      guard let item = g_list_model_get_item(list, guint(position)) else { continue }
      g_object_unref(item)
      if item == shown { return position }
    }
    return nil
  }

  func handleKey(_ key: KeyPress) -> Bool {
    let isSorted = gtk_sort_list_model_get_sorter(sorted) != nil
    guard key.modifiers.isEmpty else { return host.handleKey(key) }
    switch key.key {
    case .character("a"):  // a word at the focused row's place in the list (or at the end)
      added += 1
      let word = "New \(DemoData.title(forItem: 4_000 + added))"
      let at =
        view.focusedIndexPath.flatMap { listPosition(ofShown: $0.item) }
        ?? Int(g_list_model_get_n_items(list))
      var pointers: [UnsafeMutablePointer<CChar>?] = [strdup(word), nil]
      pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(
          to: UnsafePointer<CChar>?.self, capacity: buffer.count
        ) { gtk_string_list_splice(list, guint(at), 0, $0) }
      }
      free(pointers[0])
      lastChange = "added \(word)"
    case .character("d"):  // the focused word
      guard let focused = view.focusedIndexPath, let position = listPosition(ofShown: focused.item)
      else { return true }
      lastChange = "removed \(word(at: focused.item) ?? "")"
      if let item = g_list_model_get_item(list, guint(position)) {
        g_object_unref(item)
        checked.remove(UInt(bitPattern: item))  // its address may go to a new item
      }
      gtk_string_list_remove(list, guint(position))
    case .character("c"):  // the focused word's check (its button takes no keyboard focus)
      guard let focused = view.focusedIndexPath,
        let item = g_list_model_get_item(sorted, guint(focused.item))
      else { return true }
      g_object_unref(item)
      toggle?(focused, !(isChecked?(OpaquePointer(item)) ?? false))
      return true
    case .character("s"):  // sorted or in the list's order
      gtk_sort_list_model_set_sorter(sorted, isSorted ? nil : sorter)
      lastChange = isSorted ? "in the list's order" : "sorted"
      // The focused word is followed to its new place: it went off screen, the keyboard focus
      // to the list, and nothing showed where it was (a new user's finding).
      if let focused = view.focusedIndexPath {
        view.scrollToItem(at: focused, at: .nearest, animated: true)
      }
    default:
      return host.handleKey(key)
    }
    host.layoutAndPlace()
    return true
  }

  var status: String {
    let current = view.focusedIndexPath.flatMap { word(at: $0.item) } ?? "nothing focused"
    // The selection too, as every page says it (a new user's finding).
    let selected = view.indexPathsForSelectedItems.count
    // The last change only once there is one ("no changes yet · 0 changes" said it twice: a
    // new user's finding).
    return "\(current) · \(Int(g_list_model_get_n_items(sorted)).formatted) words"
      + (lastChange.isEmpty ? "" : " · \(lastChange)")
      + " · \(plural(source.changesApplied, "change")), \(source.changesReloaded) reloaded"
      + " · \(checked.count) checked" + (selected > 0 ? " · \(selected.formatted) selected" : "")
  }

  func itemTitle(at indexPath: ItemPath) -> String? { word(at: indexPath.item) }

  /// A click that selects or deselects a word puts the cursor on it, as GTK's lists do (it
  /// stayed where it was: a new user's finding).
  func clicked(_ indexPath: ItemPath, in view: CollectionView) {
    view.focusItem(at: indexPath, scrollsIntoView: false)
  }

  /// The page's keys (F1 listed none: a new user's finding).
  var keyHelp: [(String, String)] {
    [
      ("↑ ↓ PgUp PgDn Home End", "move the cursor"),
      ("Space, click", "select the word (Ctrl-click toggles it, Shift-click a range)"),
      ("c, a click on its box", "check or uncheck the word"),
      ("a", "add a word at the cursor's place in the list"),
      ("d", "remove the word at the cursor"),
      ("s", "sort the words, or show them in the list's order"),
    ]
  }
}
