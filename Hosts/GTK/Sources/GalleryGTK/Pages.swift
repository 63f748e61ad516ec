import CGtk
import GalleryKit
import ReuseControls
import ReuseGTK
import ReuseKit

/// One page of the GTK gallery: a shared page model (GalleryKit) shown by a widget, with the
/// GTK cells that draw it. The page's data, edits, keys and status are the model's; this adds
/// only widgets and input translation.
public protocol GTKPage: AnyObject, ItemDescribing {
  /// The page's name on the command line (`--demo`), as in the terminal gallery.
  var name: String { get }
  var title: String { get }
  /// The page's root widget.
  var widget: UnsafeMutablePointer<GtkWidget> { get }
  /// The main collection view's host.
  var host: CollectionViewWidget { get }
  /// Handles a key the window got; returns whether it was used.
  func handleKey(_ key: KeyPress) -> Bool
  /// A line about the page's state, for the status bar.
  var status: String { get }
  /// Every host on the page (the main one, by default).
  var hosts: [CollectionViewWidget] { get }
  /// A host placed its views (after input or a tick): the page syncs what spans its hosts.
  func didPlaceViews()
  /// Whether the page takes text now (a find prompt): keys go to it before the gallery's.
  var isTyping: Bool { get }
  /// What quitting now would lose (edits not saved), said before the gallery closes.
  var unsavedWarning: String? { get }
  /// The page's keys, for the help (F1): (keys, what they do).
  var keyHelp: [(String, String)] { get }
  /// Another page is about to show: a press under way is let go (a drag cancelled, its items
  /// back), as the terminal's pages do.
  func willHide()
  /// Ctrl-S on another page while this one has edits not saved (the quit warning says "Ctrl-S
  /// saves" wherever it shows): saves them. Returns what to say.
  func saveFromAnotherPage() -> String
  /// While another page shows, a step of the job this one runs on its own (a save): returns
  /// what the job said when it ended, else `nil`.
  func advanceWhileHidden() -> String?
  /// Whether this page runs a job while another shows.
  var runsWhileHidden: Bool { get }
  /// Ctrl-C: stops the page's job off the loop (a find, a sort, a count, a save); returns
  /// whether one ran.
  func cancelJob() -> Bool
  /// The host that takes the keys when the page shows (the one whose view has the model's
  /// keyboard focus).
  var keyboardHost: CollectionViewWidget { get }
  /// What a screen reader hears of the page as it shows, beyond its view's name (the
  /// model's ``GalleryKit/PageModel/spokenOnShow``).
  var spokenOnShow: String? { get }
}

extension GTKPage {
  /// The main host.
  var hosts: [CollectionViewWidget] { [host] }
  /// Nothing spans hosts.
  func didPlaceViews() {}
  /// No text to take.
  var isTyping: Bool { false }
  /// Nothing to lose.
  var unsavedWarning: String? { nil }
  /// No keys of its own.
  var keyHelp: [(String, String)] { [] }
  /// Every host lets go of its press.
  func willHide() { for host in hosts { host.cancelPointer() } }
  /// Nothing to save.
  func saveFromAnotherPage() -> String { "" }
  /// Nothing runs on its own.
  func advanceWhileHidden() -> String? { nil }
  /// Nothing runs on its own.
  var runsWhileHidden: Bool { false }
  /// No job to stop.
  func cancelJob() -> Bool { false }
  /// The main host.
  var keyboardHost: CollectionViewWidget { host }
  /// Its rows speak for it.
  var spokenOnShow: String? { nil }
}

/// A page model in a host widget: keys translated to the model, the host placed after each.
final class HostedPage<Model: PageModel>: GTKPage {
  let model: Model
  /// The model's keys.
  var keyHelp: [(String, String)] { model.keyHelp }
  let host: CollectionViewWidget
  let widget: UnsafeMutablePointer<GtkWidget>
  /// Runs after every key the model used (a page whose cells show state edits change).
  var afterKey: (() -> Void)?
  /// Runs after the host placed its views (the table's cell editor follows its cell).
  var afterPlace: (() -> Void)?
  /// The table page's GTK text field for cell edits.
  var cellEditor: CellEditor?
  /// What the page says before its status, when it has more to say than the model's status
  /// (the data-source page: what the last edit did).
  var headline: (() -> String)?
  /// The page's other hosts (the list page's tag strip): their keys go to the model too, and
  /// GTK's keyboard focus and the model's follow each other over them.
  var otherHosts: [CollectionViewWidget] = [] {
    didSet {
      guard let model = model as? any ViewsPageModel else { return }
      followKeyboardFocus(of: model, in: hosts)
      showEmptyTexts(of: model, in: hosts)
    }
  }
  /// Every host on the page.
  var hosts: [CollectionViewWidget] { [host] + otherHosts }

  init(_ model: Model, host: CollectionViewWidget, widget: UnsafeMutablePointer<GtkWidget>? = nil) {
    self.model = model
    self.host = host
    self.widget = widget ?? host.widget
    // A page's find (`/`, Ctrl-F): a slice a frame while it looks, its matches marked over
    // their cells (unless they mark themselves, as the list's rows do).
    // The keyboard focus stays on a row while the prompt takes the keys: it says itself.
    model.finder?.announcesPrompt = true
    if let model = model as? any ViewsPageModel { showEmptyTexts(of: model, in: [host]) }
    if let finder = model.finder, host.control == nil {
      let view = host.collectionView
      host.control = (
        { [unowned view] time in
          finder.advance()
          view.tick(now: time)
        },
        { [unowned view] in view.isAnimating || finder.isSearching },
        { nil }
      )
      if !finder.itemsDrawMarks { host.marksItem = { finder.isMarked($0) } }
    }
  }

  var name: String { Model.name }
  var title: String { model.title }
  var status: String { headline.map { $0() + " · " + model.status } ?? model.status }
  var isTyping: Bool { model.isTyping }
  var unsavedWarning: String? { (model as? TableModel)?.unsavedEditsWarning }
  func saveFromAnotherPage() -> String {
    (model as? TableModel)?.saveEditsFromAnotherPage() ?? ""
  }
  func advanceWhileHidden() -> String? { (model as? TableModel)?.advanceWhileHidden() }
  var runsWhileHidden: Bool { (model as? TableModel)?.runsWhileHidden ?? false }
  func cancelJob() -> Bool { model.cancelJob() }
  var spokenOnShow: String? { model.spokenOnShow }
  /// The host whose view has the model's keyboard focus (the list or the strip).
  var keyboardHost: CollectionViewWidget {
    let focused = (model as? any ViewsPageModel)?.focusedView
    return hosts.first { $0.collectionView === focused } ?? host
  }
  func itemTitle(at indexPath: ItemPath) -> String? { model.itemTitle(at: indexPath) }
  func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)? {
    model.itemPlace(at: indexPath)
  }

  func handleKey(_ key: KeyPress) -> Bool {
    var key = key
    // While a find's matches are marked, Enter and Shift-Enter step through them, as in GTK's
    // search bars (n and N still do); Escape clears the find and gives Enter back.
    if model.hasActiveFind, !model.isTyping, key.key == .enter,
      key.modifiers.isEmpty || key.modifiers == .shift
    {
      key = KeyPress(.character(key.modifiers == .shift ? "N" : "n"))
    }
    let used = model.handle(key)
    afterKey?()
    for host in hosts { host.layoutAndPlace() }
    // The model's focus moving (`/` from the strip finds in the list) moves GTK's.
    if !otherHosts.isEmpty, !keyboardHost.containsKeyboardFocus {
      keyboardHost.grabKeyboardFocus()
    }
    return used
  }

  func didPlaceViews() { afterPlace?() }
}

/// GTK's keyboard focus and `model`'s follow each other over `hosts`: the keyboard focus
/// coming into a host (GTK's Tab) tells the model, and a press in one tells it and takes the
/// keyboard focus there (the focus ring stayed on the strip's chip while a click put the
/// cursor on a row: a new user's finding). `changed` runs after either; the status bar
/// follows at once (it named the row left until the next key).
func followKeyboardFocus(
  of model: any ViewsPageModel, in hosts: [CollectionViewWidget], changed: @escaping () -> Void = {}
) {
  for host in hosts {
    host.focusEntered = { [unowned model, unowned host] in
      model.keyboardFocusDidEnter(host.collectionView)
      changed()
      host.didPlaceViews?()
    }
    host.pressHandler = { [unowned model, unowned host] _ in
      model.pointerDidPress(in: host.collectionView)
      if !host.containsKeyboardFocus { host.grabKeyboardFocus() }
      changed()
      return false  // the press goes on to the view
    }
  }
}

/// Has each of `hosts` say what `model` says of its view while it shows nothing (a list of no
/// sections, an empty board column: a new user's findings).
func showEmptyTexts(of model: any ViewsPageModel, in hosts: [CollectionViewWidget]) {
  for host in hosts { host.emptyText = model.emptyText(of: host.collectionView) }
}

/// The GTK gallery's sizes, in pixels, and its text measure.
extension GalleryMetrics {
  static let gtk = {
    var metrics = measured
    metrics.isDesktop = true  // Ctrl-Z undoes, a double click activates: the help says so
    return metrics
  }()

  private static let measured = GalleryMetrics(
    rowLength: 44, headerLength: 30, overscan: 88, chipPadding: 24, chipHeaderPadding: 32,
    categoryPadding: 28, swipeActionPadding: 24, waterfallColumnWidths: [150, 220, 300],
    waterfallUnit: 22, waterfallSpacing: (column: 6, item: 6),
    carouselInsets: (peek: 90, spacing: 24, vertical: 40),
    textWidth: { TextMeasure.width($0) },
    // Standard headers as ReuseGTK draws them at the strip's height: 15 points, bold.
    headerTextWidth: { TextMeasure.width($0, size: 15, bold: true) },
    // Chips measured as they come near the screen: the CJK and emoji chips' fonts load only
    // when those chips show.
    chipWidthEstimate: 80,
    clock: { Double(g_get_monotonic_time()) / 1_000_000 })
}

/// The pages, made from the shared models.
enum GTKPages {
  static func make(_ name: String, options: GalleryOptions, autoscroll: Bool) -> any GTKPage {
    switch name {
    case ListModel.name: return list(options)
    case CategoriesModel.name: return OptionBarScreen(options: options)
    case SwatchModel<SwatchCell>.name: return picker()
    case TaskBoardModel<TaskCell>.name: return tasks(options)
    case PhotoFeedModel.name: return waterfall(options)
    case OutlineModel<OutlineRowCell>.name: return outline(options)
    case "gmodel": return GModelPage(options: options)
    case StoreModel.name: return store(options)
    case SettingsModel.name:
      // Declared once in GalleryKit: standard content, no cell of the GTK gallery's own.
      let model = SettingsModel(options: options, metrics: .gtk)
      return HostedPage(model, host: CollectionViewWidget(collectionView: model.collectionView))
    case TableModel.name: return table(options)
    case BoardModel<BoardCardGTKCell>.name: return BoardPage(options: options)
    default: return carousel(options, autoscroll: autoscroll)
    }
  }

  private static func list(_ options: GalleryOptions) -> any GTKPage {
    let model = ListModel(options: options, metrics: .gtk)
    // GTK's list has no section index at its edge: the help does not speak of one.
    model.isIndexShown = false
    model.list.register(RowCell.self, forCellWithReuseIdentifier: ListModel.rowIdentifier)
    model.strip.register(ChipCell.self, forCellWithReuseIdentifier: ListModel.chipIdentifier)
    let host = CollectionViewWidget(collectionView: model.list)
    guard model.hasStrip else { return HostedPage(model, host: host) }
    // The tag strip below the list, as in the terminal (Tab goes between them).
    let strip = CollectionViewWidget(collectionView: model.strip)
    gtk_widget_set_size_request(strip.widget, -1, 44)
    gtk_widget_set_vexpand(strip.widget, 0)
    gtk_widget_set_vexpand(host.widget, 1)
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    asBox(box) {
      gtk_box_append($0, host.widget)
      gtk_box_append($0, strip.widget)
    }
    let page = HostedPage(model, host: host, widget: box)
    page.otherHosts = [strip]
    return page
  }

  private static func table(_ options: GalleryOptions) -> any GTKPage {
    let model = TableModel(
      options: options, metrics: .gtk, viewportSize: Size(width: 960, height: 600))
    model.register(cell: TableTextCell.self, header: TableHeaderCell.self)
    model.promptSelectsAllOnControlA = true  // as GTK's entries do
    model.announcesPrompts = true  // the keyboard focus stays on a cell while one takes keys
    model.start()
    let host = CollectionViewWidget(collectionView: model.table.collectionView)
    // The resize grip: a few pixels at a header's right edge.
    model.table.resizeHandleWidth = 6
    // A sort of a large table runs while the page works: each frame asks for more keys and
    // shows the order once it is found; frames keep coming while it runs.
    let table = model.table
    host.control = (
      { [unowned model, unowned table] time in
        model.poll()
        table.collectionView.tick(now: time)
      },
      { [unowned model, unowned table] in table.collectionView.isAnimating || model.isWorking },
      { nil }
    )
    // A double click edits a file's cell, opens a database's table, shows a value's rows.
    host.itemActivated = { [unowned model] path in model.activateCell(at: path) }
    host.emptyTextShowsUnderHeaders = true  // the column titles stay over no row
    let page = HostedPage(model, host: host)
    // A sort or a resize changes what headers show.
    page.afterKey = { [unowned host] in host.layoutAndPlace() }
    // A cell is edited in GTK's own entry, over the cell.
    let editor = CellEditor(model: model, host: host)
    page.cellEditor = editor
    page.afterPlace = { [unowned editor, unowned host, unowned model] in
      editor.sync()
      // "No rows", or a filter that left none, over the body (it was blank).
      let empty = model.emptyText
      if host.emptyText != empty { host.emptyText = empty }
    }
    return page
  }

  private static func tasks(_ options: GalleryOptions) -> any GTKPage {
    // Declared once in GalleryKit: the GTK gallery gives the task cell.
    let model = TaskBoardModel<TaskCell>(options: options, metrics: .gtk)
    let page = HostedPage(model, host: CollectionViewWidget(collectionView: model.collectionView))
    // The terminal's heading, before the cursor's task: what the last edit did ("shuffled
    // every section" said nothing here: a new user's finding).
    page.headline = { [unowned model] in model.headline(timing: false) }
    return page
  }

  private static func waterfall(_ options: GalleryOptions) -> any GTKPage {
    let model = PhotoFeedModel(options: options, metrics: .gtk)
    model.feed.collectionView.register(
      PhotoCell.self, forCellWithReuseIdentifier: PhotoFeedModel.cardIdentifier)
    let page = HostedPage(
      model, host: CollectionViewWidget(collectionView: model.feed.collectionView))
    page.headline = { [unowned model] in model.arrangement }
    return page
  }

  private static func carousel(_ options: GalleryOptions, autoscroll: Bool) -> any GTKPage {
    let model = CardDeckModel(options: options, metrics: .gtk)
    model.announcesSteps = true  // the keyboard focus stays on the carousel
    model.carousel.register(CardCell.self, forCellWithReuseIdentifier: CardDeckModel.cardIdentifier)
    let host = CollectionViewWidget(collectionView: model.carousel.collectionView)
    let carousel = model.carousel
    carousel.autoscrollInterval = autoscroll ? 3 : nil
    // The autoscroll holds while the page is not shown (it moved on unseen, and a screen
    // reader heard its cards on another page: a new user's finding); the placement as the
    // page shows asks for the next tick, which lets it go on.
    let hidden = { [unowned host, unowned model] in
      gtk_widget_get_mapped(host.widget) == 0 || model.isCovered
    }
    host.control = (
      { [unowned carousel] time in
        carousel.isAutoscrollPaused = hidden()
        carousel.tick(now: time)
      },
      { [unowned carousel] in carousel.collectionView.isAnimating },
      { [unowned carousel] in
        carousel.isAutoscrollPaused = hidden()
        return carousel.nextTickTime
      }
    )
    let page = HostedPage(model, host: host)
    // The modes first: the cards move on their own (a new user saw them do so, unexplained).
    page.headline = { [unowned model] in model.modes }
    model.statusSaysToggles = false
    return page
  }

  private static func outline(_ options: GalleryOptions) -> any GTKPage {
    let model = OutlineModel<OutlineRowCell>(options: options, metrics: .gtk)
    let view = model.collectionView
    view.overscan = GalleryMetrics.gtk.overscan
    let host = CollectionViewWidget(collectionView: view)
    // A press on a row's triangle expands or collapses it; elsewhere the row is tapped.
    host.pressHandler = { [unowned model, unowned view] point in
      model.pressDisclosure(
        at: Point(x: point.x + view.contentOffset.x, y: point.y + view.contentOffset.y),
        box: OutlineRowCell.disclosureBox)
    }
    // A double click on a row with children opens or closes it, as GtkTreeView's does.
    host.itemActivated = { [unowned model] in model.toggle(at: $0) }
    return HostedPage(model, host: host)
  }

  private static func store(_ options: GalleryOptions) -> any GTKPage {
    let model = StoreModel(options: options, metrics: .pixels)
    model.collectionView.register(
      StoreTileCell.self, forCellWithReuseIdentifier: StoreModel.tileIdentifier)
    model.collectionView.overscan = GalleryMetrics.gtk.overscan
    return HostedPage(model, host: CollectionViewWidget(collectionView: model.collectionView))
  }

  private static func picker() -> any GTKPage {
    let model = SwatchModel(cell: SwatchCell.self)
    model.announcesMoves = true  // the keyboard focus stays on the picker
    let host = CollectionViewWidget(collectionView: model.picker.collectionView)
    let picker = model.picker
    host.control = (
      { [unowned picker] time in _ = picker.tick(now: time) },
      { [unowned picker] in picker.isAnimating }, { nil }
    )
    host.interactive = picker
    // The swatches fit the window: the tallest row about 60 % of it, square pixels.
    host.didResize = { [unowned model] size in
      model.fit(to: size, aspect: 1, minimum: Size(width: 60, height: 40))
    }
    return HostedPage(model, host: host)
  }
}
