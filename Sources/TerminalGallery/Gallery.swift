import GalleryKit
import ReuseKit
import ReuseTerminal

/// The gallery: a top bar of pages, the current page, and a status line with the engine's live
/// counters. It is a `TerminalScene`: `TerminalApp` runs it in the terminal, and
/// ``GallerySnapshot`` runs it headless.
public final class Gallery: TerminalScene, CollectionViewDataSource, CollectionViewDelegate {
  /// The pages, in top-bar order.
  public let descriptors: [GalleryPageDescriptor]
  /// The options pages are built from.
  public let options: GalleryOptions
  /// Whether the status line shows frame times, and pages their edit times (off for
  /// deterministic snapshots).
  public var showsTiming = true {
    didSet {
      for case let page as TimedPage in pages { page.showsTiming = showsTiming }
    }
  }

  /// The page shown.
  public private(set) var currentPage: any GalleryPage
  /// Its index in ``descriptors``.
  public private(set) var currentIndex: Int

  /// Whether the user asked to quit (q, Ctrl-C). The pages stop what would leave files
  /// behind when it becomes true.
  public internal(set) var wantsToQuit = false {
    didSet {
      guard wantsToQuit, !oldValue else { return }
      for page in pages { page?.prepareToQuit() }
    }
  }
  /// Whether a screen reader reads the gallery as lines (`--screen-reader`): the help is then
  /// a list of lines said once, with nothing to scroll, and every key closes it.
  public var readsAsLines = false {
    didSet { for page in pages { page?.readsAsLines = readsAsLines } }
  }
  /// Whether the user asked to suspend (Ctrl-Z); the run loop clears it.
  public var wantsToSuspend = false
  /// Whether the help overlay is shown.
  public internal(set) var showsHelp = false {
    didSet {
      helpScroll = 0
      (currentPage as? CarouselPage)?.model.isCovered = showsHelp
    }
  }
  /// A note for the user shown in the status line until the first key or click (a
  /// `--restore` file that could not be read, say); a screen reader hears it once.
  public var notice: String? {
    didSet {
      // The status line is not read: a damaged --restore file went unsaid (a new user's
      // finding).
      if let notice, notice != oldValue { pendingAnnouncements.append(notice) }
    }
  }
  /// Whether the last key asked to quit and was told what quitting would lose: the next `q`
  /// (or Ctrl-C) quits.
  var hasWarnedBeforeQuitting = false
  /// How many lines of the help are scrolled away above its box (clamped when drawn).
  var helpScroll = 0

  /// Every page made so far, by index: a page keeps its state for the whole run, like a tab.
  var pages: [(any GalleryPage)?]
  var size = TerminalSize(columns: 80, rows: 24)
  let bar: CollectionView
  let barPane: CollectionViewPane
  /// Whether the terminal's size is known (positions are restored only then).
  private var hasBeenSized = false
  /// Positions to restore, by page name, until each page is laid out.
  var pendingPositions: [String: GalleryPositions.Page] = [:]
  /// Positions this run's data could not show, by page name, and the nearest shown instead:
  /// while a page stays there, the file keeps the position asked for.
  var approximatedPositions:
    [String: (requested: GalleryPositions.Page, shown: GalleryPositions.Page?)] = [:]
  var lastFrameDuration: Double?
  private var lastFrameBytes = 0
  /// For the screen-reader mode: the focus line last spoken, and what was announced since.
  var lastSpokenFocus: String?
  /// The section of the focused item said last (its heading is said on entering another).
  var lastSpokenSection: Int?
  /// The focused item said last and whether it was selected (a deselection is then said).
  var lastSpokenItem: (path: ItemPath, label: String, isSelected: Bool)?
  /// Whether the page's prompt was said (it takes the keys now).
  var spokePrompt = false
  /// The data the pages show, when not the demo's (`--data`'s file, or a server's address
  /// without its password): each page's position is kept under its name with it
  /// ("table@/home/ann/people.csv"), so a file's places and the demo's, or two files', are
  /// kept apart (a run on a file replaced the demo table's place: a new user's finding).
  public var positionsData: String?
  /// What the prompt said last asked (its status up to the first colon).
  var spokenQuestion: Substring?
  var pendingAnnouncements: [String] = []
  /// The page's count of selected items when last spoken (a change past one is said).
  var lastSpokenSelectionCount: Int?
  /// When the last key or mouse event came, and the clock's latest time: a page whose focus
  /// moves by itself is read only soon after the user did something.
  var lastInputTime = -Double.infinity
  var latestTime = 0.0

  /// Creates a gallery showing the page named `initialPage` (the first page if unknown).
  public init(
    options: GalleryOptions, initialPage: String = "list",
    pages: [GalleryPageDescriptor] = GalleryPages.all
  ) {
    self.options = options
    self.descriptors = pages
    currentIndex = pages.firstIndex { $0.name == initialPage } ?? 0
    let first = pages[currentIndex].make(options)
    currentPage = first
    self.pages = Array(repeating: nil, count: pages.count)
    self.pages[currentIndex] = first
    (first as? TimedPage)?.showsTiming = showsTiming
    let layout = ListLayout(
      scrollDirection: .horizontal,
      itemSizing: .perItem { [pages] in
        Double(CharacterWidth.of(" \($0.item + 1) \(pages[$0.item].title) ") + 1)
      })
    bar = CollectionView(layout: layout)
    bar.register(TabCell.self, forCellWithReuseIdentifier: "tab")
    bar.diagnostics.handler = nil
    barPane = CollectionViewPane(collectionView: bar)
    barPane.background = TextStyle(background: Theme.bar)
    bar.dataSource = self
    bar.delegate = self
    listen(to: first)
    pendingAnnouncements.append(pageAnnouncement(currentIndex))
  }

  /// The line a page says when it opens: "Page 2 of 8: Option bar".
  private func pageAnnouncement(_ index: Int) -> String {
    "Page \(index + 1) of \(descriptors.count): \(descriptors[index].title)"
  }

  /// Hears the page's announcements (they are spoken while it shows).
  private func listen(to page: any GalleryPage) {
    for view in page.announcingViews {
      view.accessibilityAnnouncementHandler = { [weak self, weak page] message in
        guard let self, let page, page === self.currentPage else { return }
        // Only the screen-reader mode takes them: in full-screen mode the latest are kept, not
        // every one for as long as the gallery runs.
        if self.pendingAnnouncements.count >= 64 { self.pendingAnnouncements.removeFirst(32) }
        self.pendingAnnouncements.append(message)
      }
    }
  }

  /// The page's name.
  public var currentPageName: String { descriptors[currentIndex].name }

  /// Shows the page at `index` (clamped). A page is made the first time it shows and kept:
  /// coming back finds it as it was left (its edits, focus, selection and scroll position).
  public func showPage(at index: Int) {
    let clamped = min(max(0, index), descriptors.count - 1)
    guard clamped != currentIndex else { return }
    if pages[currentIndex] != nil { currentPage.willHide() }
    currentIndex = clamped
    if let kept = pages[clamped] {
      currentPage = kept
    } else {
      let made = descriptors[clamped].make(options)
      (made as? TimedPage)?.showsTiming = showsTiming
      made.readsAsLines = readsAsLines
      pages[clamped] = made
      currentPage = made
      listen(to: made)
    }
    pendingAnnouncements.append(pageAnnouncement(clamped))
    lastSpokenFocus = nil
    lastSpokenSection = nil
    lastSpokenSelectionCount = nil
    layoutPage()
    for cell in bar.visibleCells {
      (cell as? TabCell)?.isCurrent = bar.indexPath(for: cell)?.item == clamped
    }
    if hasBeenSized { revealCurrentTab() }
  }

  // MARK: TerminalScene

  /// Lays the bar, the page and the status line out for `size`.
  public func resize(to size: TerminalSize) {
    self.size = size
    hasBeenSized = true
    barPane.frame = CellRect(x: 0, y: 0, width: size.columns, height: min(1, size.rows))
    // The current page's tab stays in view when the tabs do not all fit.
    bar.layoutIfNeeded()
    revealCurrentTab()
    layoutPage()
  }

  /// Scrolls the tabs, when they do not all fit, so that the current one shows whole and the
  /// strip starts at a whole tab: a cut tab leaves its column to the `‹` or `›` that says more
  /// tabs lie that way (``drawTabMarkers(into:)``).
  private func revealCurrentTab() {
    let width = Double(size.columns)
    let frames = (0..<descriptors.count).compactMap {
      bar.layoutAttributesForItem(at: ItemPath(section: 0, item: $0))?.frame
    }
    guard frames.count == descriptors.count, let last = frames.last, currentIndex < frames.count
    else { return }
    let contentWidth = last.maxX
    guard contentWidth > width else {
      bar.contentInset = .zero
      bar.setContentOffset(Point(x: 0, y: 0), animated: false)
      return
    }
    let current = frames[currentIndex]
    var offset = 0.0
    // The first tab from which the current one still ends inside the strip, a column kept
    // for each marker.
    for (index, frame) in frames.enumerated() where index <= currentIndex {
      let start = index == 0 ? 0 : frame.minX - 1
      let room = width - (start + width < contentWidth ? 1 : 0)
      if current.maxX - start <= room {
        offset = start
        break
      }
    }
    // Past the last tab the strip is empty bar: room to start at a whole tab.
    bar.contentInset = EdgeInsets(right: max(0, offset + width - contentWidth))
    bar.setContentOffset(Point(x: offset, y: 0), animated: false)
  }

  /// `‹` at the strip's left edge when tabs lie before it, `›` at its right edge when tabs lie
  /// after it.
  private func drawTabMarkers(into canvas: Canvas) {
    guard size.columns >= 2 else { return }
    let offset = bar.contentOffset.x
    let style = TextStyle(foreground: Theme.accent, background: Theme.bar, attributes: .bold)
    if offset > 0.5 { canvas.draw("‹", column: 0, row: 0, style: style) }
    if tabsLieAfterStrip {
      // A tab whose name the marker cuts ends in "…" ("12 Setting›" read as a misspelt last
      // tab, and "9›" as a tab named 9: new users' findings). A tab's name runs from a column
      // after its start to two before its end (its closing pad and the gap).
      let marker = offset + Double(size.columns - 1)
      let nameIsCut = (0..<descriptors.count).contains { item in
        guard let frame = bar.layoutAttributesForItem(at: ItemPath(section: 0, item: item))?.frame
        else { return false }
        return frame.minX + 1 <= marker - 1 && frame.maxX - 2 > marker
      }
      if size.columns >= 3, nameIsCut, canvas[size.columns - 2, 0].width == 1 {
        canvas.draw(
          "…", column: size.columns - 2, row: 0, style: canvas[size.columns - 2, 0].style)
      }
      canvas.draw("›", column: size.columns - 1, row: 0, style: style)
    }
  }

  /// Whether a tab's name lies past the strip's right edge, wholly or in part: `›` shows. A
  /// tab's last two columns are its closing pad and the gap after it, so a last tab whose name
  /// shows whole has nothing after it to sign ("12 Settings›" said more tabs lay there).
  var tabsLieAfterStrip: Bool {
    let lastNameEnd =
      bar.layoutAttributesForItem(at: ItemPath(section: 0, item: descriptors.count - 1))
      .map { $0.frame.maxX - 2 } ?? bar.contentSize.width
    return bar.contentOffset.x + Double(size.columns) < lastNameEnd - 0.5
  }

  private var pageFrame: CellRect {
    CellRect(x: 0, y: 1, width: size.columns, height: max(0, size.rows - 2))
  }

  func layoutPage() {
    // Too small, only the notice shows: the page keeps the layout of the last size it was
    // shown at, with whatever moves it was making (a carousel laid out 12 columns wide lost the
    // card it was paging to, and came back on its first: its cards had no width).
    guard !isTooSmall else { return }
    currentPage.layout(in: pageFrame)
    // A position read by `restore(_:)` waits until its page is made and laid out at the
    // terminal's size.
    if hasBeenSized,
      let position = pendingPositions.removeValue(forKey: positionKey(currentPageName))
    {
      currentPage.restorePosition(position)
      currentPage.layout(in: pageFrame)
      // A position this run's data cannot show (a file kept from a run with more items) is
      // shown as near as it can be, and said (it was dropped without a word: a new user's
      // finding).
      if let problem = restoreProblem(position) {
        notice = "--restore: \(problem)"
        approximatedPositions[currentPageName] = (position, currentPage.savedPosition())
      }
    }
  }

  /// Esc and the key, when `key` is Alt with a key nothing binds Alt to.
  static func escapeThenKey(_ key: KeyEvent) -> (KeyEvent, KeyEvent)? {
    guard key.modifiers.contains(.alt), key.modifiers.isDisjoint(with: [.control, .command])
    else { return nil }
    switch key.key {
    case .character, .enter, .tab, .backTab:
      var next = key
      next.modifiers.remove(.alt)
      return (KeyEvent(.escape), next)
    default:
      return nil
    }
  }

  /// The smallest terminal the gallery draws in.
  public static let minimumSize = TerminalSize(columns: 20, rows: 5)

  /// Whether the terminal is too small to show anything useful. Never when the gallery reads
  /// as lines: nothing is drawn then, and keys at 10×3 were dropped unsaid (a new user's
  /// finding).
  var isTooSmall: Bool {
    !readsAsLines
      && (size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows)
  }

  /// Draws the whole frame (or a notice when the terminal is too small).
  public func draw(into canvas: Canvas) {
    canvas.fill(canvas.bounds, style: Theme.plain)
    if isTooSmall {
      drawTooSmall(into: canvas)
      return
    }
    barPane.draw(into: canvas)
    drawTabMarkers(into: canvas)
    currentPage.draw(into: canvas)
    drawStatus(into: canvas)
    canvas.cursor = currentPage.cursorPosition
    if showsHelp { drawHelp(into: canvas) }
  }

  /// Advances the bar's and the page's animations.
  public func tick(now: Double) {
    latestTime = max(latestTime, now)
    barPane.tick(now: now)
    currentPage.tick(now: now)
    // A save started on a page that no longer shows ends here too, and says so.
    for case let page? in pages where page !== currentPage && page.runsWhileHidden {
      let prefix = "\(page.title): "
      if let said = page.advanceWhileHidden() {
        notice = prefix + said
        hasWarnedBeforeQuitting = false
      } else if notice?.hasPrefix(prefix) == true, let warning = page.unsavedWarning {
        notice = prefix + warning  // how far it got
      }
    }
    refreshQuitWarning()
  }

  /// A quit warning showing follows what it warns of: a save that ends takes it away (the
  /// next `q` quits, nothing being lost), and one that goes on shows how far it got.
  private func refreshQuitWarning() {
    guard hasWarnedBeforeQuitting, notice != nil else { return }
    let warning = pages.lazy.compactMap({ $0?.unsavedWarning }).first
    if warning == nil {
      notice = nil
      hasWarnedBeforeQuitting = false
    } else if warning != notice {
      notice = warning
    }
  }

  /// Whether the page or the bar animates.
  public var isAnimating: Bool {
    currentPage.isAnimating || bar.isAnimating
      || pages.contains { $0 !== currentPage && $0?.runsWhileHidden == true }
  }

  /// Whether the page shown waits for a job off the loop (``GalleryPage/isWaitingForJob``).
  public var isWaitingForJob: Bool { currentPage.isWaitingForJob }

  /// The current page's next timer (the carousel's autoscroll), so the app sleeps until then.
  public var nextWakeTime: Double? { currentPage.nextWakeTime }

  /// Keeps the last frame's time for the status line.
  public func didRender(duration: Double, bytes: Int) {
    lastFrameDuration = duration
    lastFrameBytes = bytes
  }

  static func milliseconds(_ seconds: Double) -> String { GalleryKit.milliseconds(seconds) }
}
