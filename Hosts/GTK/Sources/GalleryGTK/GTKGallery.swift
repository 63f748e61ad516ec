import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// The GTK gallery: a window with the page tabs, the page, and a status line. Pages are made
/// the first time they show and kept, like tabs.
public final class GTKGallery {
  /// The pages, by their `--demo` names, in tab order.
  public static let pageNames = [
    "list", "optionbar", "picker", "datasource", "waterfall", "carousel", "outline", "store",
  ]
  static let titles = [
    "List", "Option bar", "Picker", "Data source", "Waterfall", "Carousel", "Outline",
    "GTK model",
  ]

  /// The gallery's window.
  public let window: UnsafeMutablePointer<GtkWidget>
  /// The page showing, by its index in ``pageNames``.
  public private(set) var currentIndex = 0
  /// The page showing.
  public var currentPage: GTKPage { page(at: currentIndex) }
  /// Called once, when the window first draws.
  public var didDrawFirstFrame: (() -> Void)?
  /// Told the status line each time it draws, with the page and its content offset (what
  /// the end-to-end tests read).
  public var statusSink: ((String) -> Void)?
  /// `false` once the window closed or `q` was pressed.
  public private(set) var isOpen = true

  private let options: GalleryOptions
  private var pages: [GTKPage?]
  private var tabsArea: DrawingArea!
  private var statusArea: DrawingArea!
  private var tabs: UnsafeMutablePointer<GtkWidget> { tabsArea.widget }
  private var status: UnsafeMutablePointer<GtkWidget> { statusArea.widget }
  private let slot: UnsafeMutablePointer<GtkWidget>
  private var shown: UnsafeMutablePointer<GtkWidget>?
  private let autoscroll: Bool
  private let theme: Theme

  /// The gallery's look.
  public enum Theme: String, CaseIterable, Sendable {
    /// Light or dark as the system prefers (`GTK_THEME`, GTK's dark-theme setting or a dark
    /// theme's name), following it when it changes.
    case system
    case light, dark
  }

  /// A gallery of `options` (the data file, or the demo's item count) opening on `page`,
  /// `width` × `height` pixels, in `theme`. `autoscroll: false` keeps the carousel still (for
  /// screenshots).
  public init(
    options: GalleryOptions, page: String = "list", width: Int32 = 960, height: Int32 = 720,
    autoscroll: Bool = true, theme: Theme = .system
  ) {
    g_set_prgname("reuse-gallery-gtk")
    g_set_application_name("ReuseKit gallery")  // what screen readers name the application
    gtk_init()
    self.theme = theme
    Palette.isDark = theme == .system ? reusekit_prefers_dark() != 0 : theme == .dark
    // GTK's own widgets (the GTK model page's rows) take the same variant.
    if theme != .system { reusekit_set_prefers_dark(theme == .dark ? 1 : 0) }
    self.options = options
    self.autoscroll = autoscroll
    pages = Array(repeating: nil, count: Self.pageNames.count)
    window = gtk_window_new()
    slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    tabsArea = DrawingArea { [unowned self] cr, width, height in drawTabs(cr, width, height) }
    statusArea = DrawingArea { [unowned self] cr, width, height in drawStatus(cr, width, height) }
    gtk_widget_set_size_request(tabs, -1, 36)
    gtk_widget_set_size_request(status, -1, 26)
    gtk_widget_set_vexpand(slot, 1)
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    column.withMemoryRebound(to: GtkBox.self, capacity: 1) { box in
      gtk_box_append(box, tabs)
      gtk_box_append(box, slot)
      gtk_box_append(box, status)
    }
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { window in
      gtk_window_set_title(window, "ReuseKit gallery")
      gtk_window_set_default_size(window, width, height)
      gtk_window_set_child(window, column)
    }
    let data = Unmanaged.passUnretained(self).toOpaque()
    let keys = gtk_event_controller_key_new()!
    Signal.keyPressed(
      keys,
      { _, keyval, _, _, data in
        gallery(data).handleKey(keyval) ? 1 : 0
      }, data)
    gtk_widget_add_controller(window, keys)
    let click = gtk_gesture_click_new()!
    Signal.clicked(click, { _, _, x, _, data in gallery(data).tabClicked(at: x) }, data)
    gtk_widget_add_controller(tabs, click)
    Signal.closeRequest(
      window,
      { _, data in
        gallery(data).isOpen = false
        return 0
      }, data)
    if theme == .system, let settings = gtk_settings_get_default() {
      for property in ["gtk-application-prefer-dark-theme", "gtk-theme-name"] {
        Signal.notify(
          gpointer(settings), property: property,
          { _, _, data in gallery(data).systemThemeChanged() }, data)
      }
    }
    show(Self.pageNames.firstIndex(of: page) ?? 0)
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { gtk_window_present($0) }
    currentPage.host.grabKeyboardFocus()
  }

  /// Runs the main loop until the window closes.
  public func run() {
    while isOpen { g_main_context_iteration(nil, 1) }
  }

  /// Shows the page at `index`.
  public func show(_ index: Int) {
    guard Self.pageNames.indices.contains(index) else { return }
    currentIndex = index
    let page = page(at: index)
    slot.withMemoryRebound(to: GtkBox.self, capacity: 1) { box in
      if let shown { gtk_box_remove(box, shown) }
      gtk_widget_set_vexpand(page.widget, 1)
      gtk_box_append(box, page.widget)
    }
    shown = page.widget
    page.host.didPlaceViews = { [unowned self] in gtk_widget_queue_draw(status) }
    page.host.keyHandler = { [unowned self, unowned page] keyval in
      let used = page.handleKey(keyval)
      gtk_widget_queue_draw(status)
      return used
    }
    page.host.grabKeyboardFocus()
    if let bar = page as? OptionBarScreen { bar.reconnectIndicator() }
    gtk_widget_queue_draw(tabs)
    gtk_widget_queue_draw(status)
  }

  /// Whether the gallery draws dark now.
  public var isDark: Bool { Palette.isDark }

  /// The system's look changed: follow it, redrawing everything.
  func systemThemeChanged() {
    let dark = reusekit_prefers_dark() != 0
    guard dark != Palette.isDark else { return }
    Palette.isDark = dark
    let background = Palette.background
    for page in pages.compactMap({ $0 }) {
      page.host.background = (background.r, background.g, background.b)
      queueDrawTree(page.widget)
    }
    queueDrawTree(window)
  }

  /// Queues a draw of `widget` and everything inside it, shown or not (pooled cells redraw
  /// when they show again).
  private func queueDrawTree(_ widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_queue_draw(widget)
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      queueDrawTree(current)
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// The page at `index`, made the first time.
  public func page(at index: Int) -> GTKPage {
    if let made = pages[index] { return made }
    let made = GTKPages.make(Self.pageNames[index], options: options, autoscroll: autoscroll)
    g_object_ref_sink(made.widget)  // kept while another page shows
    let background = Palette.background
    made.host.background = (background.r, background.g, background.b)
    pages[index] = made
    return made
  }

  func handleKey(_ keyval: guint) -> Bool {
    switch keyval {
    case 0x31...0x38: show(Int(keyval) - 0x31)  // 1…8
    case 0x71: isOpen = false  // q
    default:
      let used = currentPage.handleKey(keyval)
      gtk_widget_queue_draw(status)
      return used
    }
    return true
  }

  private func tabClicked(at x: Double) {
    var left = 8.0
    for (index, title) in Self.titles.enumerated() {
      let width = tabWidth(title)
      if x >= left && x < left + width { return show(index) }
      left += width
    }
  }

  /// A tab's width: its label as drawn when current (bold, the widest), and room around it.
  private func tabWidth(_ title: String) -> Double {
    TextMeasure.width("8 " + title, size: 14, bold: true) + 26
  }

  private func drawTabs(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(Rect(x: 0, y: 0, width: width, height: height), Palette.background)
    var left = 8.0
    for (index, title) in Self.titles.enumerated() {
      let current = index == currentIndex
      if current {
        paint.fill(
          Rect(x: left, y: 4, width: tabWidth(title) - 6, height: height - 8), Palette.bar,
          radius: 6)
      }
      paint.text(
        "\(index + 1) \(title)", x: left + 10, y: height / 2 + 5, size: 14,
        current ? Palette.accent : Palette.dim, bold: current)
      left += tabWidth(title)
    }
    if let first = didDrawFirstFrame {
      didDrawFirstFrame = nil
      first()
    }
  }

  private func drawStatus(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
    let paint = Painter(cr: cr)
    let line = "\(currentPage.title) · \(currentPage.status)"
    paint.fill(Rect(x: 0, y: 0, width: width, height: height), Palette.bar)
    paint.text(line, x: 10, y: height / 2 + 5, size: 13, Palette.text, maxWidth: width - 20)
    if let statusSink {
      let view = currentPage.host.collectionView
      statusSink(
        "page=\(Self.pageNames[currentIndex]) offset=\(view.contentOffset.x),"
          + "\(view.contentOffset.y) moving=\(view.isAnimating) \(line) "
          + "headers=[\(headersOnScreen(in: currentPage.host))] "
          + "items=[\(itemsOnScreen(of: currentPage))]")
    }
  }

  /// The items on screen, from the data: `flat index:title` each, in order (an `s` after the
  /// index marks a selected item, an `f` the focused one: titles may repeat; in a tree, `e`
  /// an expanded row and `c` a collapsed one, and `~level 2, 3 of 6` after the title), and the
  /// item count (what the accessibility tests compare the widgets' names and descriptions
  /// with).
  private func itemsOnScreen(of page: any GTKPage) -> String {
    let view = page.host.collectionView
    let visible = view.bounds
    var flat: [Int] = [0]
    for section in 0..<view.numberOfSections {
      flat.append(flat[section] + view.numberOfItems(inSection: section))
    }
    let paths = view.indexPathsForVisibleItems.filter {
      view.frameForItem(at: $0)?.intersects(visible) ?? false
    }.sorted()
    let selected = Set(view.indexPathsForSelectedItems)
    let entries = paths.compactMap { path in
      page.itemTitle(at: path).map {
        let marks =
          (selected.contains(path) ? "s" : "") + (path == view.focusedIndexPath ? "f" : "")
        // A tree's rows: where each is among its siblings, and "e" or "c" when it can expand.
        guard let place = page.itemPlace(at: path) else {
          return "\(flat[path.section] + path.item)\(marks):\($0)"
        }
        let expansion = place.isExpanded.map { $0 ? "e" : "c" } ?? ""
        return "\(flat[path.section] + path.item)\(marks)\(expansion):\($0)~\(place.description)"
      }
    }
    return "total:\(flat[flat.count - 1])|" + entries.joined(separator: "|")
  }

  /// The section headers whose widgets are on screen, top to bottom, each with the text it
  /// draws and where GTK put its widget (`title · count@y`, y from the page's top): what the
  /// end-to-end tests read to check pinning, since the widgets' places are the host's doing.
  private func headersOnScreen(in host: CollectionViewWidget) -> String {
    var found: [(y: Double, text: String)] = []
    host.collectionView.forEachDisplayedView { view, _ in
      guard let header = view as? HeaderView,
        gtk_widget_get_parent(header.drawing.widget) != nil
      else { return }
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(header.drawing.widget, host.widget, &bounds) != 0 else {
        return
      }
      let y = Double(bounds.origin.y)
      let height = Double(bounds.size.height)
      guard y + height > 0, y < Double(gtk_widget_get_height(host.widget)) else { return }
      found.append((y, header.drawnText))
    }
    return found.sorted { $0.y < $1.y }.map { "\($0.text)@\(Int($0.y.rounded()))" }
      .joined(separator: "|")
  }
}

private func gallery(_ data: gpointer?) -> GTKGallery {
  Unmanaged<GTKGallery>.fromOpaque(data!).takeUnretainedValue()
}
