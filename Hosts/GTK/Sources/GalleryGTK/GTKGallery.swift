import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// The GTK gallery: a window with the pages in a `GtkNotebook` (its tabs scroll when the window
/// is narrow) and a status line in a `GtkActionBar` below: GTK's own widgets and style classes,
/// in the theme's look. Pages are made the first time they show and kept.
public final class GTKGallery {
  /// The pages, by their `--demo` names, in tab order.
  public static let pageNames = [
    "list", "optionbar", "picker", "datasource", "waterfall", "carousel", "outline", "gmodel",
    "table", "board", "store", "settings",
  ]
  static let titles = [
    "List", "Option bar", "Picker", "Data source", "Waterfall", "Carousel", "Outline",
    "GTK model", "Table", "Board", "Store", "Settings",
  ]

  /// The gallery's window.
  public let window: UnsafeMutablePointer<GtkWidget>
  /// The page showing, by its index in ``pageNames``.
  public private(set) var currentIndex = 0
  /// The page showing.
  public var currentPage: GTKPage { page(at: currentIndex) }
  /// Called once, at the first frame with the page's items: when the first cairo cell draws
  /// (in the frame's snapshot, where the GtkListView peer takes it), or after the first paint
  /// that shows items for pages whose cells are GTK widgets.
  public var didDrawFirstFrame: (() -> Void)? {
    didSet {
      DrawingWidget.firstDraw = didDrawFirstFrame.map { first in
        { [weak self] in
          self?.didDrawFirstFrame = nil
          first()
        }
      }
    }
  }
  /// Told the status line each time it draws, with the page and its content offset (what
  /// the end-to-end tests read).
  public var statusSink: ((String) -> Void)?
  /// `false` once the window closed or `q` was pressed.
  public internal(set) var isOpen = true

  private let options: GalleryOptions
  var pages: [GTKPage?]
  /// Whether quitting was refused once to say what it would lose.
  var hasWarnedBeforeQuitting = false
  /// A message for the status line until the next key (the quit warning).
  var notice: String?
  /// The pages, each in a slot of its own (filled the first time it shows).
  let notebook: UnsafeMutablePointer<GtkWidget>
  private var slots: [UnsafeMutablePointer<GtkWidget>] = []
  /// The status line.
  private let statusLabel: UnsafeMutablePointer<GtkWidget>
  /// The status line's box: Tab reaches it, and a screen reader reads it as a status.
  private let statusBox: UnsafeMutablePointer<GtkWidget>
  /// What takes the focus over the status line (a box does not focus itself in GTK 4).
  let statusFocus: UnsafeMutablePointer<GtkWidget>
  /// The page's keys over the page (F1 or Ctrl-?), and whether they show.
  let helpLabel: UnsafeMutablePointer<GtkWidget>
  /// The keys' scroller: the label, scrolled when the window is shorter than it.
  let helpBox: UnsafeMutablePointer<GtkWidget>
  var showsHelp = false
  var lastStatus = ""
  /// Whether the window's title says a page has edits not saved.
  private var titleSaysUnsaved = false
  /// The timer that steps the jobs of pages not showing (a save), while one runs.
  var hiddenJobsTimer: guint = 0
  /// The idle source that gives the keys back to the page's host after a tab's click, and
  /// the host.
  private var refocusID: guint = 0
  private var refocusHost: CollectionViewWidget?
  /// Whether ``show(_:)`` is switching the page (a key, the start), not a tab's click.
  private var isShowingFromCode = false
  /// Whether a page was shown since the gallery opened (the first takes the keys at once).
  private var hasShownAPage = false
  /// The host that had the keys when each page was left, by page index: kept, since by the
  /// time a tab's click shows the page again GTK has moved the focus into it, and the page's
  /// own keyboard host has followed.
  private var keyboardHostWhenLeft: [Int: CollectionViewWidget] = [:]
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
    notebook = gtk_notebook_new()
    statusLabel = gtk_label_new(nil)
    statusBox = gtk_overlay_new()
    statusFocus = reusekit_drawing_area_new_with_role(GTK_ACCESSIBLE_ROLE_STATUS)
    (helpBox, helpLabel) = Self.makeHelp()
    let bar = gtk_action_bar_new()!
    gtk_notebook_set_scrollable(OpaquePointer(notebook), 1)
    // The tabs take no keyboard focus (GTK 4.8 sends no focus event for them, so Shift-Tab
    // from the status line fell silent on a tab): pages change with the digit keys, [ ],
    // Ctrl-PgUp and Ctrl-PgDn, and Tab moves between the page and the status line.
    gtk_widget_set_focusable(notebook, 0)
    for (index, title) in Self.titles.enumerated() {
      let slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      gtk_widget_set_vexpand(slot, 1)
      let label = gtk_label_new("\(index + 1) \(title)")
      gtk_notebook_append_page(OpaquePointer(notebook), slot, label)
      // A screen reader names each tab by its page, and the page it enters by its tab ("List,
      // page 1"), not a bare "tab panel" (every tab was "Tab", and the pages "List page Tab":
      // a new user's finding).
      reusekit_name_notebook_tab(label, "\(title), page \(index + 1)")
      slots.append(slot)
    }
    gtk_label_set_xalign(OpaquePointer(statusLabel), 0)
    gtk_label_set_ellipsize(OpaquePointer(statusLabel), PANGO_ELLIPSIZE_END)
    // Room inside the focus ring drawn around the line (it touched the text: a new user's
    // finding).
    gtk_widget_set_margin_start(statusLabel, 6)
    gtk_widget_set_margin_end(statusLabel, 6)
    gtk_widget_set_hexpand(statusLabel, 1)
    // The focusable box below says the line: the label read it a second time.
    reusekit_accessible_hide(OpaquePointer(statusLabel))
    // Tab reaches the status line and a screen reader reads it (the focused item, the
    // selection, what a job did): a focusable box with the status role, named by its text.
    gtk_widget_set_focusable(statusFocus, 1)
    gtk_widget_set_can_target(statusFocus, 0)
    gtk_widget_add_css_class(statusFocus, "reusekit-row")  // the focus ring rows have
    gtk_widget_set_hexpand(statusBox, 1)
    gtk_overlay_set_child(OpaquePointer(statusBox), statusLabel)
    gtk_overlay_add_overlay(OpaquePointer(statusBox), statusFocus)
    // The centre of the bar, expanding: a widget packed at its start gets half its width at most.
    gtk_action_bar_set_center_widget(OpaquePointer(bar), statusBox)
    gtk_widget_set_vexpand(notebook, 1)
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    column.withMemoryRebound(to: GtkBox.self, capacity: 1) { box in
      gtk_box_append(box, notebook)
      gtk_box_append(box, bar)
    }
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { window in
      gtk_window_set_title(window, Self.title(unsaved: false))
      gtk_window_set_default_size(window, width, height)
      // The keys (F1) show over everything but the window's frame.
      let root = gtk_overlay_new()!
      gtk_overlay_set_child(OpaquePointer(root), column)
      gtk_overlay_add_overlay(OpaquePointer(root), helpBox)
      gtk_window_set_child(window, root)
    }
    let data = Unmanaged.passUnretained(self).toOpaque()
    addKeyController(
      to: window, { _, keyval, _, state, data in gallery(data).handleKey(keyval, state) ? 1 : 0 },
      data)
    // The keys' help before anything focused: F1 and Ctrl-? show it, and while it shows any
    // key only hides it (in the capture phase, so the focused list does not act on it too).
    addKeyController(
      to: window, phase: GTK_PHASE_CAPTURE,
      { _, keyval, _, state, data in gallery(data).handleHelpKey(keyval, state) ? 1 : 0 }, data)
    // A page chosen with its tab (or from code) is made, and takes the keys.
    Signal.notify(
      gpointer(notebook), property: "page",
      { _, _, data in gallery(data).visibleChildChanged() }, data)
    Signal.closeRequest(
      window,
      { _, data in
        // Edits not saved: said first; closing again closes.
        guard gallery(data).mayQuit(closing: true) else { return 1 }
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
    // The first frame with rows: after the frame clock's first paint once the page shows items.
    if let clock = gtk_widget_get_frame_clock(window) {
      Signal.plain(
        gpointer(clock), "after-paint", { _, data in gallery(data).framePainted() }, data)
    }
    currentPage.host.grabKeyboardFocus()
  }

  /// Runs the main loop until the window closes.
  public func run() {
    while isOpen { g_main_context_iteration(nil, 1) }
  }

  /// A frame was painted: the status sink hears what it shows (GTK has placed the widgets
  /// by now), and the first one that shows the page's items is the first frame.
  private func framePainted() {
    writeStatus()
    guard let first = didDrawFirstFrame,
      currentPage.host.collectionView.reuseCounters.visible > 0
    else { return }
    didDrawFirstFrame = nil
    first()
  }

  /// Shows the page at `index`.
  public func show(_ index: Int) {
    guard Self.pageNames.indices.contains(index) else { return }
    isShowingFromCode = true
    // The keys leave the page first: GtkNotebook gives a page shown again the focus it had, at
    // once, and the page's own move of it after the tab list's selection (see
    // visibleChildChanged()) was then no move at all for a screen reader.
    if hasShownAPage, index != currentIndex, let root = gtk_widget_get_root(window) {
      gtk_root_set_focus(root, nil)
    }
    gtk_notebook_set_current_page(OpaquePointer(notebook), Int32(index))
    visibleChildChanged()
    isShowingFromCode = false
  }

  /// The notebook shows another page: it is made the first time, and takes the keys.
  private func visibleChildChanged() {
    let index = Int(gtk_notebook_get_current_page(OpaquePointer(notebook)))
    guard slots.indices.contains(index) else { return }
    let firstTime = pages[index] == nil
    // The page left lets go of a press under way: a drag through a page switch went on
    // (the board stuck with a card in the air; the data-source page dropped where the button
    // was released on another page: a new user's findings).
    if index != currentIndex, let left = pages[currentIndex] {
      keyboardHostWhenLeft[currentIndex] = left.keyboardHost
      left.willHide()
    }
    currentIndex = index
    watchHiddenJobs()
    let page = page(at: index)
    if firstTime {
      gtk_widget_set_vexpand(page.widget, 1)
      slots[index].withMemoryRebound(to: GtkBox.self, capacity: 1) {
        gtk_box_append($0, page.widget)
      }
    }
    for host in page.hosts {
      host.didPlaceViews = { [unowned self, unowned page] in
        page.didPlaceViews()
        refreshStatus()
      }
      // Digits and brackets are the window's (pages): they begin no type-ahead. q begins one
      // in a list that takes typing, as every letter does (typing "quiet" quit the window at
      // its q: a new user's finding); Ctrl-Q quits everywhere, q where no list takes it.
      host.typeAheadBegins = { !"0123456789[]".contains($0) }
      // Nor do digits and brackets go into a prefix being typed: they switch pages ("c7"
      // looked for an item, and the page stayed: a new user's finding).
      host.typeAheadPassesOn = { "0123456789[]".contains($0) }
      host.keyHandler = { [unowned self, unowned page] key in
        if key.key != .character("q") {
          hasWarnedBeforeQuitting = false
          notice = nil
        }
        if key.key == .character("c"), key.modifiers == .control, page.cancelJob() {
          refreshStatus()
          return true
        }
        if saveOnAnotherPage(key) { return true }
        let used = page.handleKey(key)
        refreshStatus()
        return used
      }
    }
    // The host that had the keys when the page was left takes them again. A click on a tab
    // moves GTK's focus into the page's first focusable widget, and the page follows it (the
    // list page's tag strip took the keys, not the list: a new user's finding): the host
    // takes it back once GTK is done.
    let keys = keyboardHostWhenLeft[index] ?? page.keyboardHost
    // Said with the focus event: the view's description is set before it takes the focus.
    if let said = page.spokenOnShow { keys.collectionView.postAccessibilityAnnouncement(said) }
    refocusHost = keys
    if isShowingFromCode && hasShownAPage {
      // A page shown by a key takes the keys once GTK has said which tab is selected: the
      // tab list's selection change, sent after a focus given at once, took a screen reader
      // to the tab, and the carousel's, picker's and option bar's arrows, said on the view,
      // went unheard (a new user's finding).
      // Before the next frame is drawn (an idle of higher priority than GTK's redraw), so
      // no key pressed after the page shows reaches the tabs instead.
      if refocusID == 0 {
        refocusID = g_idle_add_full(
          G_PRIORITY_HIGH_IDLE,
          { data in
            let gallery = gallery(data)
            gallery.refocusID = 0
            if let host = gallery.refocusHost,
              gallery.currentPage.hosts.contains(where: { $0 === host })
            {
              host.grabKeyboardFocus()
            }
            gallery.refocusHost = nil
            return 0  // G_SOURCE_REMOVE
          }, Unmanaged.passUnretained(self).toOpaque(), nil)
      }
    } else {
      keys.grabKeyboardFocus()
    }
    hasShownAPage = true
    // Only after a tab's click: a page shown by a key or at start has no GTK move to undo
    // (and an idle left pending took the keys from the column a click chose just after).
    if !isShowingFromCode && refocusID == 0 {
      refocusID = g_idle_add(
        { data in
          let gallery = gallery(data)
          gallery.refocusID = 0
          if let host = gallery.refocusHost,
            gallery.currentPage.hosts.contains(where: { $0 === host }),
            !host.containsKeyboardFocus
          {
            host.grabKeyboardFocus()
          }
          gallery.refocusHost = nil
          return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passUnretained(self).toOpaque())
    }
    if let bar = page as? OptionBarScreen { bar.reconnectIndicator() }
    refreshStatus()
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
      for host in page.hosts { host.background = (background.r, background.g, background.b) }
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
    for host in made.hosts { host.background = (background.r, background.g, background.b) }
    pages[index] = made
    return made
  }

  /// Gives the keyboard focus to the status line (a screen reader reads it).
  func focusStatusLine() { gtk_widget_grab_focus(statusFocus) }

  /// Shows the page's status in the status line, when it changed.
  func refreshStatus() {
    let typed = currentPage.host.typeAheadStatus
    let line =
      notice.map { "\(currentPage.title) · \($0)" }
      ?? "\(currentPage.title) · \(currentPage.status)" + (typed.isEmpty ? "" : " · \(typed)")
    guard line != lastStatus else { return }
    lastStatus = line
    gtk_label_set_text(OpaquePointer(statusLabel), line)
    // The whole line on hover: a narrow window cuts it with "…" (the count of rows edited
    // went: a new user's finding).
    gtk_widget_set_tooltip_text(statusLabel, line)
    reusekit_accessible_set_label(OpaquePointer(statusFocus), line)
    updateTitle()
  }

  /// The window's title, which says when a page has edits not saved, as a desktop editor's
  /// does (the status line alone said so: a new user's finding).
  private func updateTitle() {
    let unsaved = pages.contains { $0?.unsavedWarning != nil }
    guard unsaved != titleSaysUnsaved else { return }
    titleSaysUnsaved = unsaved
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) {
      gtk_window_set_title($0, Self.title(unsaved: unsaved))
    }
  }

  /// The window's title: the gallery's name, and "edits not saved" while a page has them.
  static func title(unsaved: Bool) -> String {
    unsaved ? "ReuseKit gallery · edits not saved" : "ReuseKit gallery"
  }
}

func gallery(_ data: gpointer?) -> GTKGallery {
  Unmanaged<GTKGallery>.fromOpaque(data!).takeUnretainedValue()
}

/// Adds a key controller to `window` that calls `handler` with `data` for each key pressed,
/// in `phase` when one is given (GTK's default otherwise).
private func addKeyController(
  to window: UnsafeMutablePointer<GtkWidget>, phase: GtkPropagationPhase? = nil,
  _ handler: KeyHandler, _ data: gpointer?
) {
  let keys = gtk_event_controller_key_new()!
  if let phase { gtk_event_controller_set_propagation_phase(keys, phase) }
  Signal.keyPressed(keys, handler, data)
  gtk_widget_add_controller(window, keys)
}

/// Calls `body` with `widget` as the box it is.
func asBox(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkBox>) -> Void
) {
  widget.withMemoryRebound(to: GtkBox.self, capacity: 1) { body($0) }
}
