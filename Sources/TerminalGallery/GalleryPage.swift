import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// One page of the gallery: a control, demonstrated.
///
/// To add a page, write a class that adopts this protocol and add one line to
/// ``GalleryPages/all``. The gallery gives the page the screen between the top bar and the
/// status line, routes keys and mouse events to it, ticks it while it animates, and shows its
/// counters in the status line.
public protocol GalleryPage: AnyObject {
  /// The title in the top bar.
  var title: String { get }
  /// Where the page is on the screen.
  func layout(in frame: CellRect)
  /// Draws the page.
  func draw(into canvas: Canvas)
  /// Handles a key; returns whether the page used it.
  func handle(_ key: KeyEvent, at time: Double) -> Bool
  /// Handles a mouse event; returns whether the page used it.
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool
  /// Advances animations.
  func tick(now: Double)
  /// Whether something animates.
  var isAnimating: Bool { get }
  /// When something is due while nothing animates (the carousel's next autoscroll), or `nil`.
  var nextWakeTime: Double? { get }
  /// The main collection view's counters, for the status line and `--stats`.
  var counters: ReuseCounters { get }
  /// Idle views per reuse identifier, for `--stats`.
  var poolSizes: [String: Int] { get }
  /// A short page-specific status (the selection, the focus).
  var status: String { get }
  /// The page's keys, for the help overlay: (keys, what they do).
  var keyHelp: [(String, String)] { get }
  /// The collection view whose scroll position `--restore` keeps, if any.
  var restorableView: CollectionView? { get }
  /// The page's one selected item that `--restore` keeps (the option bar's category), if it
  /// has such a selection.
  var restorableSelection: Int? { get set }
  /// What ``restorableSelection`` names ("category", "card"), for what the gallery says of
  /// one this run lacks.
  var restorableSelectionNoun: String { get }
  /// What has the page's focus, as assistive technology sees it (the screen-reader mode reads
  /// its `AccessibilityElement.spokenDescription`): by default the focused item of
  /// ``restorableView``.
  var accessibilityFocus: AccessibilityElement? { get }
  /// What the screen-reader mode reads when nothing has the focus (an empty page, a filter
  /// that left no row): by default the ``status``.
  var spokenWithoutFocus: String { get }
  /// Where the terminal's cursor goes: the focused item's first cell, for screen readers that
  /// follow the cursor (`nil` by default).
  var cursorPosition: (column: Int, row: Int)? { get }
  /// The collection views whose announcements the page's users should hear: by default
  /// ``restorableView``.
  var announcingViews: [CollectionView] { get }
  /// How many items are selected, for the screen-reader mode (which says the count when a key
  /// changes it past one): by default ``restorableView``'s; `nil` for a page that selects
  /// nothing.
  var selectedItemCount: Int? { get }
  /// Whether the focus moves by itself (a carousel's autoscroll): the screen-reader mode then
  /// says only what follows a key, as a live region that is off while a carousel rotates
  /// (WAI-ARIA's carousel pattern). `false` by default.
  var movesByItself: Bool { get }
  /// Whether a screen reader reads the gallery as lines (`--screen-reader`), for a page that
  /// reads differently then (the chat moves a reading cursor message by message). Ignored by
  /// default.
  var readsAsLines: Bool { get set }
  /// The page's state for `--restore`, if it keeps one: by default the scroll position and
  /// focus of ``restorableView`` and the ``restorableSelection``.
  func savedPosition() -> GalleryPositions.Page?
  /// Puts back a state ``savedPosition()`` gave, once the page is laid out at the
  /// terminal's size.
  func restorePosition(_ position: GalleryPositions.Page)
  /// Another page is about to show: let go of touches in progress (a lifted item glides
  /// back, a drag settles), since this page will not see their release.
  func willHide()

  /// Cancels a long job the page runs (a sort), if one runs: Ctrl-C stops it before it quits
  /// the gallery. Returns whether one ran.
  func cancelJob() -> Bool

  /// Whether a job runs off the loop that the page's next frames show (rows loading from a
  /// database, a sort): `--snapshot` waits for it, with a time limit.
  var isWaitingForJob: Bool { get }

  /// Whether the page takes text now (a find prompt): keys go to it before the gallery's.
  var isTyping: Bool { get }

  /// Puts pasted text, on one line, into the field that takes text now. Returns whether one
  /// took it.
  func paste(_ text: String) -> Bool

  /// What quitting now would lose ("2 rows edited, not saved…"), or `nil`: the first `q` (or
  /// Ctrl-C) shows it, the second quits.
  var unsavedWarning: String? { get }

  /// Called once the gallery is to quit, before the process exits: a job that leaves files
  /// behind when cut short (a save) stops and cleans up.
  func prepareToQuit()

  /// Ctrl-S on another page while this one has edits not saved (the quit warning says "Ctrl-S
  /// saves" wherever it shows): saves them. Returns what to say.
  func saveFromAnotherPage() -> String

  /// While another page shows, a frame for the job this one runs on its own (a save):
  /// returns what the job said when it ended, else `nil`.
  func advanceWhileHidden() -> String?

  /// Whether this page runs a job while another shows (frames wanted).
  var runsWhileHidden: Bool { get }
}

extension GalleryPage {
  /// Nothing is due.
  public var nextWakeTime: Double? { nil }

  /// No position to keep.
  public var restorableView: CollectionView? { nil }

  /// No selection to keep.
  public var restorableSelection: Int? {
    get { nil }
    set {}
  }

  /// A choice.
  public var restorableSelectionNoun: String { "choice" }

  /// Nothing to let go of.
  public func willHide() {}

  /// No job to cancel.
  public func cancelJob() -> Bool { false }

  /// No job to wait for.
  public var isWaitingForJob: Bool { false }

  /// No text to take.
  public var isTyping: Bool { false }

  /// No field to paste into.
  public func paste(_ text: String) -> Bool { false }

  /// Nothing to lose.
  public var unsavedWarning: String? { nil }

  /// Nothing to stop.
  public func prepareToQuit() {}

  /// Nothing to save.
  public func saveFromAnotherPage() -> String { "" }

  /// Nothing runs on its own.
  public func advanceWhileHidden() -> String? { nil }

  /// Nothing runs on its own.
  public var runsWhileHidden: Bool { false }

  /// The focused item of ``restorableView``.
  public var accessibilityFocus: AccessibilityElement? {
    guard let view = restorableView, let focused = view.focusedIndexPath else { return nil }
    return view.accessibilityElement(forItemAt: focused)
  }

  /// The ``status``.
  public var spokenWithoutFocus: String { status }

  /// ``restorableView``.
  public var announcingViews: [CollectionView] { restorableView.map { [$0] } ?? [] }

  /// ``restorableView``'s count of selected items.
  public var selectedItemCount: Int? { restorableView?.numberOfSelectedItems }

  /// Nothing moves by itself.
  public var movesByItself: Bool { false }

  /// Ignored.
  public var readsAsLines: Bool {
    get { false }
    set {}
  }

  /// None.
  public var cursorPosition: (column: Int, row: Int)? { nil }

  /// ``restorableView``'s scroll position and focus, and ``restorableSelection``.
  public func savedPosition() -> GalleryPositions.Page? {
    restorableView?.savedPagePosition(selection: restorableSelection)
  }

  /// Focus, selection, then the scroll position, on ``restorableView``.
  public func restorePosition(_ position: GalleryPositions.Page) { restoreView(position) }

  /// The default ``restorePosition(_:)``: focus, selection, then the scroll position, on
  /// ``restorableView`` (for a page that prepares its data first).
  func restoreView(_ position: GalleryPositions.Page) {
    restorableView?.restorePagePosition(position) {
      if let selection = position.selection { restorableSelection = selection }
    }
  }
}

/// A page the gallery knows about, built on demand.
public struct GalleryPageDescriptor: Sendable {
  /// The name used by `--demo` and `--snapshot`.
  public var name: String
  /// The title in the top bar.
  public var title: String
  /// Builds the page.
  public var make: @Sendable (GalleryOptions) -> any GalleryPage
}

/// Every page, in top-bar order.
public enum GalleryPages {
  /// The pages. Add a new control here.
  public static let all: [GalleryPageDescriptor] = [
    page(ListPage.self, "list", "List"), page(OptionBarPage.self, "optionbar", "Option bar"),
    page(PickerPage.self, "picker", "Picker"),
    page(DataSourcePage.self, "datasource", "Data source"),
    page(WaterfallPage.self, "waterfall", "Waterfall"),
    page(CarouselPage.self, "carousel", "Carousel"), page(OutlinePage.self, "outline", "Outline"),
    page(ChatPage.self, "chat", "Chat"), page(TablePage.self, "table", "Table"),
    page(BoardPage.self, "board", "Board"), page(StorePage.self, "store", "Store"),
    page(SettingsPage.self, "settings", "Settings"),
  ]

  /// A page made from the options, under `name` and `title`.
  private static func page<Page: OptionsPage>(
    _ type: Page.Type, _ name: String, _ title: String
  ) -> GalleryPageDescriptor {
    GalleryPageDescriptor(name: name, title: title) { Page(options: $0) }
  }

  /// The page named `name`, if any.
  public static func named(_ name: String) -> GalleryPageDescriptor? {
    all.first { $0.name == name }
  }
}

/// A pane page over a shared page model (GalleryKit): its title, status, help and keys are the
/// model's; the page adds the pane's cells, its drawing and the mouse.
protocol ModelPage: PanePage {
  associatedtype Model: PageModel
  var model: Model { get }
}

extension ModelPage {
  var isTyping: Bool { model.isTyping }
  func paste(_ text: String) -> Bool { model.paste(text) }
  var title: String { model.title }
  var status: String { model.status }
  var keyHelp: [(String, String)] { model.keyHelp }
  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    key.keyPress.map(model.handle) ?? false
  }
  /// The panes' clock, and a frame's slice of the page's find.
  func tick(now: Double) {
    for pane in panes { pane.tick(now: now) }
    model.finder?.advance()
  }
  /// Ctrl-C stops the page's find while it looks.
  func cancelJob() -> Bool { model.cancelJob() }
  /// Whether the collection view moves or the page's find still looks.
  var isAnimating: Bool {
    pane.collectionView.isAnimating || (model.finder?.isSearching ?? false)
  }
  /// Has the panes draw the items the model's find matches as marked (a model without a find
  /// marks none).
  func marksFoundItems() {
    pane.marksItem = model.finder.flatMap { finder in
      finder.itemsDrawMarks ? nil : { finder.isMarked($0) }
    }
  }
}

/// A page whose model's collection views are its panes (GalleryKit's `ViewsPageModel`): what
/// spans them (the focus a screen reader reads, the counters, the saved state) is the model's.
extension ModelPage where Model: ViewsPageModel {
  var isAnimating: Bool { model.isAnimating }
  var counters: ReuseCounters { model.reuseCounters }
  var poolSizes: [String: Int] { model.poolSizes }
  var announcingViews: [CollectionView] { model.views }
  var accessibilityFocus: AccessibilityElement? { model.accessibilityFocus }
  func pointerDidPress(in pane: CollectionViewPane) {
    model.pointerDidPress(in: pane.collectionView)
  }
  /// Has each pane say what the model says of its view while it shows nothing.
  func showsEmptyTexts() {
    for pane in panes { pane.emptyText = model.emptyText(of: pane.collectionView) }
  }
  func savedPosition() -> GalleryPositions.Page? { model.savedPosition() }
  func restorePosition(_ position: GalleryPositions.Page) { model.restorePosition(position) }
  /// The focused view's pane: its focused item, else what a screen reader reads.
  var cursorPosition: (column: Int, row: Int)? {
    let focused = panes.first { $0.collectionView === model.focusedView } ?? pane
    return focused.focusCursor
      ?? accessibilityFocus.flatMap { focused.cursor(atViewportFrame: $0.frame) }
  }
}

/// A page made from the command-line options.
protocol OptionsPage: GalleryPage, SendableMetatype {
  init(options: GalleryOptions)
}

/// What a page of one pane keeps: its model (shared with the other hosts), the pane over the
/// model's collection view, and where the page is drawn. A page subclasses it for its model
/// and says in its `init(options:)` how the model is made and which cells it registers.
class SinglePanePage<Model: PageModel> {
  let model: Model
  let pane: CollectionViewPane
  var frame = CellRect.zero

  init(_ model: Model, pane: CollectionViewPane) {
    self.model = model
    self.pane = pane
  }
}

/// A page that can show how long its work took (the gallery turns it off for snapshots).
protocol TimedPage: AnyObject {
  var showsTiming: Bool { get set }
}

/// A page whose collection views show in panes, the main one below a one-row heading: the
/// mouse goes to the pane holding a press, else to the pane under it; ticks, counters and
/// pools come from the panes unless the page says otherwise.
protocol PanePage: GalleryPage {
  /// The main pane.
  var pane: CollectionViewPane { get }
  /// Every pane, the main one first (the main one alone by default).
  var panes: [CollectionViewPane] { get }
  var frame: CellRect { get set }
  /// A press in `pane` was used (nothing by default).
  func pointerDidPress(in pane: CollectionViewPane)
}

extension PanePage {
  var panes: [CollectionViewPane] { [pane] }

  func pointerDidPress(in pane: CollectionViewPane) {}

  /// The pane holding a press gets the mouse until it lifts, but for the wheel: that scrolls
  /// the pane under the pointer, and a drag of items from the held pane goes on at its place
  /// (a terminal reports the wheel where the pointer is), so the gap, the dragged items and
  /// the status follow the items that moved under it (a board's card was drawn at the
  /// wheel's place while the gap stayed and the drop went elsewhere: a new user's finding).
  /// Without a press, the pane under the pointer gets it, and is told of a press it used.
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    let under = panes.first { $0.contains(column: mouse.column, row: mouse.row) }
    if let held = panes.first(where: { $0.isPressed }) {
      guard [.scrollUp, .scrollDown, .scrollLeft, .scrollRight].contains(mouse.kind) else {
        return held.handle(mouse, at: time)
      }
      let scrolled = under?.handle(mouse, at: time) ?? false
      if held.collectionView.hasActiveDrag {
        held.handle(
          MouseEvent(kind: .drag, column: mouse.column, row: mouse.row, modifiers: mouse.modifiers),
          at: time)
      }
      return scrolled
    }
    guard let under, under.handle(mouse, at: time) else { return false }
    if mouse.kind == .press { pointerDidPress(in: under) }
    return true
  }

  /// The pane's collection view.
  var restorableView: CollectionView? { pane.collectionView }

  /// The pane's focused item; without one, what a screen reader reads (a carousel's centred
  /// card, an option bar's selected column, a chat's message: the cursor stayed on the status
  /// line, a new user's finding).
  var cursorPosition: (column: Int, row: Int)? {
    pane.focusCursor ?? accessibilityFocus.flatMap { pane.cursor(atViewportFrame: $0.frame) }
  }

  func tick(now: Double) { for pane in panes { pane.tick(now: now) } }

  func willHide() { for pane in panes { pane.cancelTouches() } }

  var isAnimating: Bool { pane.collectionView.isAnimating }

  var counters: ReuseCounters { pane.collectionView.reuseCounters }

  var poolSizes: [String: Int] { pane.collectionView.poolSizes }

  /// The pane below the one-row heading, over the rest of the frame.
  func layout(in frame: CellRect) { place(in: frame) }

  /// Takes `frame` and puts the pane `top` rows below its top, `height` rows high (the rest
  /// of the frame but `bottom` rows by default), then lays the collection view out.
  func place(in frame: CellRect, top: Int = 1, bottom: Int = 0, height: Int? = nil) {
    self.frame = frame
    let rest = max(0, frame.height - top - bottom)
    let old = pane.frame
    let new = CellRect(
      x: frame.x, y: frame.y + top, width: frame.width, height: min(height ?? rest, rest))
    let resized = new.width != old.width || new.height != old.height
    let view = pane.collectionView
    // Whether the focused item shows before a resize: only then is it kept in view (a focus
    // scrolled away from stays away, and the reader's place with the engine's anchor: the
    // page went back to the focus on every resize, a new user's finding).
    let keepsFocus =
      resized
      && (old.isEmpty || view.focusedIndexPath.map(view.indexPathsForVisibleItems.contains) == true)
    pane.frame = new
    view.layoutIfNeeded()
    // After a resize, the focused item is still in view (pages without focus have none);
    // not while an item is dragged or a finger holds the content: the drag keeps its place
    // (the list jumped to the lifted task's home, and the drop target with it: a new user's
    // finding). Not when the size is the same (a page shown again): the wheel's place stays
    // (the waterfall went back to its focused card: a new user's finding).
    if keepsFocus, let focused = view.focusedIndexPath, view.interactivelyMovingItem == nil,
      !view.isTracking
    {
      view.focusItem(at: focused)
    }
  }

  /// Clears the page's frame and returns a context to draw the heading into, or `nil` when
  /// the frame is empty.
  func beginDrawing(into canvas: Canvas) -> DrawContext? {
    canvas.fill(frame, style: Theme.plain)
    guard !frame.isEmpty else { return nil }
    return DrawContext(canvas: canvas, frame: frame, clip: frame)
  }

  /// Draws the page: `heading` on the top row (cut at `maxWidth` columns, if given), then the
  /// pane.
  func draw(heading: String, into canvas: Canvas, maxWidth: Int? = nil) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(heading, x: 0, y: 0, style: Theme.title, maxWidth: maxWidth)
    pane.draw(into: canvas)
  }
}

extension CollectionView {
  /// The pages' focus keys, through the collection view's key map (arrows, pages, Home and
  /// End move the focus at once; Enter and Space select or deselect the focused item; Escape
  /// puts a lifted item back). Returns whether the key did anything.
  func handleFocusKey(_ key: KeyEvent) -> Bool {
    key.keyPress.map { handle($0) } ?? false
  }
}
