import ReuseKit

/// How big things are in a host's points (a terminal's are character cells, GTK's pixels), and
/// the two things only a host can do for a page model: measure a text, and read the clock.
public struct GalleryMetrics: Sendable {
  /// A list row's length along the scroll axis (a data file's tall rows are multiples).
  public var rowLength: Double
  /// A section header's length.
  public var headerLength: Double
  /// How far beyond the viewport views are displayed ahead of time, on every side.
  public var overscan: Double
  /// The room a chip or a tab takes beyond its text, and a section title of chips beyond its.
  public var chipPadding: Double
  /// The room a section title of chips takes beyond its text.
  public var chipHeaderPadding: Double
  /// The room an option bar's category takes beyond its name.
  public var categoryPadding: Double
  /// The room a swipe action takes beyond its title.
  public var swipeActionPadding: Double
  /// The waterfall's column widths (narrow, medium, wide) and how many points a card's photo
  /// unit and text take.
  public var waterfallColumnWidths: [Double]
  /// How many points one unit of a waterfall card's length takes.
  public var waterfallUnit: Double
  /// The waterfall's spacing between columns and between the cards of a column.
  public var waterfallSpacing: (column: Double, item: Double)
  /// The carousel's peeking inset, the spacing between its cards and its vertical inset.
  public var carouselInsets: (peek: Double, spacing: Double, vertical: Double)
  /// The width of a text, in points.
  public var textWidth: @Sendable (String) -> Double
  /// The width of a header's title, in points, as the host draws standard headers (GTK's
  /// are bold and larger than the rows' text); the text's width when `nil`.
  public var headerTextWidth: (@Sendable (String) -> Double)?
  /// The width the list page's chips are taken to have until they come near the screen and
  /// are measured (the strip's layout in estimated mode); `nil` measures every chip when the
  /// strip is laid out. GTK estimates: measuring a chip in a script that no loaded font covers
  /// loads one (2 MB for CJK, and the emoji font), which a first frame without those chips
  /// need not pay for.
  public var chipWidthEstimate: Double?
  /// A monotonic clock, in seconds: how long an edit took.
  public var clock: @Sendable () -> Double
  /// Whether the host is a desktop window (GTK), where Ctrl-Z undoes and a double click
  /// activates, rather than a terminal, where Ctrl-Z suspends: what the pages' help says.
  /// `false` by default.
  public var isDesktop = false

  /// Creates metrics.
  public init(
    rowLength: Double, headerLength: Double, overscan: Double, chipPadding: Double,
    chipHeaderPadding: Double, categoryPadding: Double, swipeActionPadding: Double,
    waterfallColumnWidths: [Double],
    waterfallUnit: Double,
    waterfallSpacing: (column: Double, item: Double),
    carouselInsets: (peek: Double, spacing: Double, vertical: Double),
    textWidth: @escaping @Sendable (String) -> Double,
    headerTextWidth: (@Sendable (String) -> Double)? = nil,
    chipWidthEstimate: Double? = nil,
    clock: @escaping @Sendable () -> Double
  ) {
    self.rowLength = rowLength
    self.headerLength = headerLength
    self.overscan = overscan
    self.chipPadding = chipPadding
    self.chipHeaderPadding = chipHeaderPadding
    self.swipeActionPadding = swipeActionPadding
    self.categoryPadding = categoryPadding
    self.waterfallColumnWidths = waterfallColumnWidths
    self.waterfallUnit = waterfallUnit
    self.waterfallSpacing = waterfallSpacing
    self.carouselInsets = carouselInsets
    self.textWidth = textWidth
    self.headerTextWidth = headerTextWidth
    self.chipWidthEstimate = chipWidthEstimate
    self.clock = clock
  }
}

/// What a page says of its main collection view's items from its data (not from a cell):
/// what tests compare a host's accessible names, descriptions and states with.
public protocol ItemDescribing {
  /// The title of the item at `indexPath`. `nil` by default.
  func itemTitle(at indexPath: ItemPath) -> String?
  /// Where the item at `indexPath` is, from the data, when that is not its place among all
  /// items ("level 2, 3 of 6" in a tree), and whether it is expanded (`nil`: it has nothing to
  /// expand). `nil` by default.
  func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)?
}

extension ItemDescribing {
  /// No titles.
  public func itemTitle(at indexPath: ItemPath) -> String? { nil }
  /// The place among all items.
  public func itemPlace(at indexPath: ItemPath) -> (description: String, isExpanded: Bool?)? {
    nil
  }
}

/// A page model whose clicks move the cursor: a click that selects or deselects an item puts
/// the focus on it (the delegate's selection calls, forwarded to ``clicked(_:in:)``).
public protocol ClickFocusing: CollectionViewDelegate {
  /// The user selected or deselected the item at `indexPath` in `view`.
  func clicked(_ indexPath: ItemPath, in view: CollectionView)
}

extension ClickFocusing {
  /// A click that selects: ``clicked(_:in:)`` (not each item of a range or of Control-A,
  /// which leave the focus where it is).
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    guard !collectionView.isChangingManyItems else { return }
    clicked(indexPath, in: collectionView)
  }

  /// A click that deselects: ``clicked(_:in:)``.
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath
  ) {
    guard !collectionView.isChangingManyItems else { return }
    clicked(indexPath, in: collectionView)
  }
}

/// A page of a gallery, whatever host shows it: what it shows (its collection views or
/// control), its data and edits, its keys, its status line and its help. A host adds cells
/// that draw, places the views and translates input.
public protocol PageModel: AnyObject, ItemDescribing {
  /// The page's name on the command line (`--demo list`).
  static var name: String { get }
  /// The title in the tabs.
  var title: String { get }
  /// Handles a key: the page's own keys first, then the focused view's key map. Returns
  /// whether it was used.
  func handle(_ key: KeyPress) -> Bool
  /// A line about the page's state: what has the focus first.
  var status: String { get }
  /// The page's keys, for the help: (keys, what they do).
  var keyHelp: [(String, String)] { get }
  /// Whether the page takes text now (a find prompt): every key goes to it, none switches
  /// pages or quits (but Ctrl-C in the terminal).
  var isTyping: Bool { get }
  /// Whether a find's matches are marked now (GTK steps through them with Enter and
  /// Shift-Enter, as its search bars do, until Escape clears them).
  var hasActiveFind: Bool { get }
  /// The page's find (`/`, `n`, `N`, Escape) over its main collection view, if it has one:
  /// hosts advance it each frame and mark its matches.
  var finder: FindBar? { get }
  /// Puts pasted text, on one line, into the field that takes text now (at its caret).
  /// Returns whether a field took it.
  func paste(_ text: String) -> Bool
  /// Ctrl-C: stops the page's job off the loop (a find that looks, a sort, a count, a save),
  /// as a shell's Ctrl-C stops what runs. Returns whether one was running.
  func cancelJob() -> Bool
  /// What a screen reader hears of the page as it shows, beyond its view's name, where the
  /// host's keyboard focus stays on the view itself (a carousel's centred card), or `nil`.
  var spokenOnShow: String? { get }
}

extension PageModel {
  /// The rows a screen reader reads say the page.
  public var spokenOnShow: String? { nil }
  /// Pages take text while their find's prompt shows.
  public var isTyping: Bool { finder?.isTyping ?? false }
  /// Whether the page's find marks matches.
  public var hasActiveFind: Bool { finder?.isActive ?? false }
  /// No find by default.
  public var finder: FindBar? { nil }
  /// Into the find's prompt, if it shows.
  public func paste(_ text: String) -> Bool { finder?.paste(text) ?? false }
  /// The find's search, if it looks.
  public func cancelJob() -> Bool { finder?.cancelSearch() ?? false }
}
