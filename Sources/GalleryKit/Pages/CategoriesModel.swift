import ReuseControls
import ReuseKit

/// The `optionbar` page: a strip of categories (`OptionBar`) with variable widths (each
/// name's width as the host measures it) and an indicator under the selected one that follows
/// while the strip scrolls. Below it, the selected category's headlines and a log of the
/// bar's delegate calls (selections with their origin: tap, slide or code; reloads; cells
/// shown and hidden).
///
/// `--items N` is the number of categories (the first ones are named, the rest numbered: try
/// 100,000); `--data` uses the file's section titles. Hosts register a ``TitlePresenting``
/// cell under ``categoryIdentifier``.
public final class CategoriesModel: PageModel, OptionBarDataSource, OptionBarDelegate {
  /// `--demo optionbar`.
  public static let name = "optionbar"
  /// The reuse identifier the category cells are registered under.
  public static let categoryIdentifier = "category"
  /// The tab's title.
  public let title = "Option bar"
  /// The strip.
  public let bar: OptionBar
  private let allNames: [String]?
  /// With `--data`, each section's items: the body shows the selected section's.
  private let sectionItems: [[GalleryData.Item]]?
  private let total: Int
  /// Whether the last selection came from a key on this page (the bar sees it as code).
  private var selectedByKey = false
  private var showsFew = false
  /// The category selected before `d` deselected it: the arrows go on from there.
  private var lastSelectedIndex: Int?
  /// The bar's delegate calls, newest first, and how many cells were shown and hidden.
  public private(set) var log: [String] = []
  /// How many cells the bar has shown (`willDisplay` calls).
  public private(set) var displayed = 0
  /// How many cells the bar has stopped showing (`didEndDisplaying` calls).
  public private(set) var ended = 0
  private var lastOrigin: SelectionOrigin?
  private let metrics: GalleryMetrics

  static let named = [
    "Top stories", "推荐", "World", "Tech", "科技", "Sport", "Culture", "Science", "Travel",
    "한국어", "Food", "Photography", "Music", "経済", "Health", "Climate", "Design", "Books",
    "Film", "Gaming", "Ελληνικά", "Space", "History", "Cars",
  ]

  /// Up to this many categories, every width is measured at each reload.
  public static let measuredUpFrontLimit = 5_000

  /// The categories for `options`, measured by `metrics`, in a bar `viewportSize` big.
  public init(options: GalleryOptions, metrics: GalleryMetrics, viewportSize: Size) {
    self.metrics = metrics
    // A data file's sections, even none (the demo's categories showed for a file of none: a
    // new user's finding).
    if let data = options.data {
      allNames = data.sections.map(\.title)
      sectionItems = data.sections.map { Array($0.items) }
      total = data.sections.count
    } else {
      allNames = nil
      sectionItems = nil
      total = max(0, options.itemCount)
    }
    bar = OptionBar(viewportSize: viewportSize)
    bar.collectionView.accessibilityLabel = "Categories"
    // Past a few thousand categories, widths are asked for only as columns show: a reload of
    // ten million costs what a reload of ten does.
    if total > Self.measuredUpFrontLimit {
      bar.estimatedColumnWidth = metrics.textWidth("Topic 10") + metrics.categoryPadding
    }
    bar.delegate = self
  }

  /// Sets the data source once the host's cell is registered: the first reload asks for it.
  public func start() {
    bar.dataSource = self
    log.removeAll()  // the reload before the data source was set
    record("didReload: \(plural(bar.numberOfColumns, "column"))")
    bar.select(0, animated: false)
  }

  /// How many categories show now (`r` shows 5).
  public var count: Int { showsFew ? min(total, 5) : total }

  /// The name of category `index`.
  public func name(_ index: Int) -> String {
    if let allNames { return allNames[index] }
    return index < Self.named.count ? Self.named[index] : "Topic \((index + 1).formatted)"
  }

  private func record(_ line: String) {
    log.insert(line, at: 0)
    if log.count > 40 { log.removeLast() }
  }

  private func describe(_ origin: SelectionOrigin) -> String {
    switch origin {
    case .tap: "tap"
    case .slide: "slide"
    case .programmatic: "code"
    }
  }

  /// The origin as the log says it: a key on this page reaches the bar as code, and is
  /// logged as the key it was.
  private func logged(_ origin: SelectionOrigin) -> String {
    origin == .programmatic && selectedByKey ? "key" : describe(origin)
  }

  // MARK: Option bar

  /// How many categories show now: ``count``.
  public func numberOfColumns(in optionBar: OptionBar) -> Int { count }

  /// A category cell showing the category's name.
  public func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
    let cell = optionBar.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: Self.categoryIdentifier, forColumnAt: index)
    (cell as? any TitlePresenting)?.title = name(index)
    return cell
  }

  /// The width of the category's name, plus the room a category takes beyond it.
  public func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
    metrics.textWidth(name(index)) + metrics.categoryPadding
  }

  /// Counts a shown cell.
  public func optionBar(
    _ optionBar: OptionBar, willDisplay cell: CollectionViewCell, forColumnAt index: Int
  ) {
    displayed += 1
  }

  /// Counts a hidden cell.
  public func optionBar(
    _ optionBar: OptionBar, didEndDisplaying cell: CollectionViewCell, forColumnAt index: Int
  ) {
    ended += 1
  }

  /// Logs the selection and its origin, and keeps the origin for the status line.
  public func optionBar(
    _ optionBar: OptionBar, didSelectColumnAt index: Int, origin: SelectionOrigin
  ) {
    lastOrigin = origin
    if origin != .programmatic { selectedByKey = false }
    record("didSelect \(name(index)) (\(logged(origin)))")
  }

  /// Logs the deselection and its origin.
  public func optionBar(
    _ optionBar: OptionBar, didDeselectColumnAt index: Int, origin: SelectionOrigin
  ) {
    record("didDeselect \(name(index)) (\(logged(origin)))")
  }

  /// Logs the reload's start.
  public func optionBarWillReload(_ optionBar: OptionBar) { record("willReload") }

  /// Logs the reload and the new number of columns.
  public func optionBarDidReload(_ optionBar: OptionBar) {
    record("didReload: \(plural(optionBar.numberOfColumns, "column"))")
  }

  // MARK: Page

  /// The heading: how many categories, the selection, whether a slide selects.
  public var headline: String {
    let selection = bar.selectedIndex.map { "selected \(name($0))" } ?? "nothing selected"
    let slide = bar.selectsCenteredColumnOnSlide ? "on" : "off"
    return "\(plural(count, "category", "categories")) · \(selection) · slide selects: \(slide)"
  }

  /// The items of category `column` to show under the bar: the data file's section, or
  /// `count` demo headlines (an empty section has none).
  public func items(ofColumn column: Int, count: Int) -> [GalleryData.Item] {
    guard let sectionItems else {
      return (0..<max(0, count)).map { line in
        let seed = column &* 31 &+ (line + 1) &* 7
        return GalleryData.Item(
          title:
            "\(DemoData.title(forItem: seed)) and the \(DemoData.title(forItem: seed &* 3 + 1))")
      }
    }
    return sectionItems.indices.contains(column) ? sectionItems[column] : []
  }

  /// ← → Home End select (scrolling the category to the centre), d deselects, s toggles
  /// whether a slide selects, r reloads with 5 categories or all.
  public func handle(_ key: KeyPress) -> Bool {
    if key.isCommandChord { return false }
    if [.left, .right, .home, .end, .character("d")].contains(key.key) { selectedByKey = true }
    // With nothing selected (after `d`), the arrows go on from the category last selected,
    // not from the first (← → jumped back to it: a new user's finding).
    let current = bar.selectedIndex ?? lastSelectedIndex.map { min($0, count - 1) }
    switch key.key {
    case .left:
      guard count > 0 else { return true }
      bar.select(max(0, (current ?? 1) - 1), animated: true)
    case .right:
      guard count > 0 else { return true }
      bar.select(min(count - 1, (current ?? -1) + 1), animated: true)
    case .home:
      if count > 0 { bar.select(0, animated: true) }
    case .end:
      if count > 0 { bar.select(count - 1, animated: true) }
    case .character("d"):
      lastSelectedIndex = bar.selectedIndex ?? lastSelectedIndex
      bar.deselect(animated: true)
      if announcesSelection { bar.collectionView.announce("nothing selected") }
    case .character("s"):
      bar.selectsCenteredColumnOnSlide.toggle()
      bar.collectionView.announce(
        bar.selectsCenteredColumnOnSlide ? "slide selects on" : "slide selects off")
    case .character("r"):
      showsFew.toggle()
      bar.reloadData()
      // Other categories now: the place a `d` left names none of them (→ after `End d r` went
      // to the last of the five, as if from the thousandth).
      lastSelectedIndex = nil
      // Said: the strip's new length is otherwise only drawn (a new user's finding). The
      // selected category is not named here: the focus line that follows the reload names it
      // with its new place ("Top stories, 1 of 5, selected"); said here too, it was heard
      // twice (another finding).
      let selection = bar.selectedIndex == nil ? ", nothing selected" : ""
      let counted = plural(count, "category", "categories")
      bar.collectionView.announce(
        (showsFew ? "reloaded with \(counted)" : "reloaded: all \(counted)") + selection)
    default:
      return false
    }
    // The category selected, said where the host's focus stays on the strip (GTK's: the
    // arrows were silent, a new user's finding).
    if announcesSelection, [.left, .right, .home, .end].contains(key.key),
      let selected = bar.selectedIndex
    {
      bar.collectionView.announce(
        "\(name(selected)), \((selected + 1).formatted) of \(count.formatted), selected")
    }
    return true
  }

  /// Whether a key's selection is announced: for a host whose keyboard focus stays on the
  /// strip (GTK's); one that reads the selected category as the focus (the terminal's) says
  /// it already.
  public var announcesSelection = false

  /// The selected category, kept by `--restore`; one past this run's categories selects the
  /// last (the gallery says so).
  public var restorableSelection: Int? {
    get { bar.selectedIndex }
    set {
      if let index = newValue, count > 0 {
        bar.select(min(max(0, index), count - 1), animated: false)
      }
    }
  }

  /// The selected category, its place and how it was selected (key, tap, slide or code).
  public var status: String {
    guard let selected = bar.selectedIndex else { return "nothing selected" }
    let how = selectedByKey ? "key" : lastOrigin.map(describe) ?? "code"
    return "\(name(selected)) · \((selected + 1).formatted) of \(count.formatted) · by \(how)"
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("← →", "select the previous, next category (scrolls it to the centre)"),
      ("Home End", "the first, last category"), ("d", "deselect (the selection becomes none)"),
      ("s", "slide selects: the column a drag leaves in the centre is selected"),
      ("r", "reload with 5 categories, or all again"),
      ("click, drag, wheel", "select a category; slide the strip"),
    ]
  }
}
