import ReuseControls
import ReuseKit

/// A card of the carousel page.
public protocol CardPresenting: CollectionViewCell {
  /// Shows a card: its title and caption, its number of `count`, its colour (an index into
  /// the host's palette), whether the user chose it.
  func present(
    title: String, caption: String, number: Int, count: Int, colorIndex: Int, isChosen: Bool)
  /// Whether the user chose it (Enter or a click on the centred card).
  var isChosen: Bool { get set }
  /// The card's number.
  var number: Int { get }
}

/// The `carousel` page: paging cards (`Carousel`) with the neighbours peeking in, drawn
/// smaller and dimmer by their transform. Drag or click a peeking card to page; toggle the
/// infinite wrap and the autoscroll; cycle to 3, 2 or 1 cards to see one item fill several
/// slots when wrapping.
///
/// The page shows 12 cards (`--items` fewer, if smaller), or the `--data` file's items. Hosts
/// register a ``CardPresenting`` cell under ``cardIdentifier``.
public final class CardDeckModel: PageModel, CarouselDataSource, CarouselDelegate {
  /// `--demo carousel`.
  public static let name = "carousel"
  /// The reuse identifier the card cells are registered under.
  public static let cardIdentifier = "card"
  /// The tab's title.
  public let title = "Carousel"
  /// The carousel.
  public let carousel: Carousel
  /// Whether something covers the cards (the keys' help): the autoscroll holds meanwhile (it
  /// went on behind the help, unseen: a new user's finding) and starts its wait again after.
  public var isCovered = false {
    didSet { carousel.isAutoscrollPaused = isCovered }
  }
  private let titles: [String]
  private let captions: [String]
  private var counts: [Int]
  private var countChoice = 0
  /// What happened last.
  public private(set) var lastEvent = "drag or click a card"
  /// The card chosen last.
  public private(set) var lastSelected: Int?
  /// The autoscroll's interval when `a` turns it on: 2 s, or the one it had when `a` last
  /// turned it off (GTK starts it at 3 s, and the help said 2: a new user's finding).
  public var autoscrollSeconds: Double {
    carousel.autoscrollInterval ?? lastAutoscrollInterval
  }
  private var lastAutoscrollInterval = 2.0

  /// The cards for `options`, spaced by `metrics`.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    // A data file's items, even none (the demo's cards showed for a file with no items, which
    // the other pages show empty: a new user's finding).
    if let data = options.data {
      let items = data.sections.flatMap(\.items)
      titles = items.map(\.title)
      captions = items.map { $0.detail ?? "" }
    } else {
      let count = max(0, min(12, options.itemCount))
      titles = (0..<count).map { DemoData.title(forItem: $0 * 11 + 2) }
      captions = (0..<count).map { "a photo essay · \(3 + ($0 * 7) % 12) min read" }
    }
    counts = [titles.count]
    for few in [3, 2, 1] where few < titles.count { counts.append(few) }
    let insets = metrics.carouselInsets
    carousel = Carousel(
      layout: CarouselLayout(
        peekInset: insets.peek, spacing: insets.spacing, verticalInset: insets.vertical))
    carousel.delegate = self
    carousel.collectionView.accessibilityLabel = "Cards"
    carousel.wraps = true
    carousel.dataSource = self
  }

  /// How many cards show now.
  public var count: Int { counts[countChoice] }

  // MARK: Carousel

  /// How many cards show now: ``count``.
  public func numberOfItems(in carousel: Carousel) -> Int { count }

  /// A card cell showing the card's title, caption, number and colour, and whether it is chosen.
  public func carousel(
    _ carousel: Carousel, cellForItemAt index: Int, slot: Int
  )
    -> CollectionViewCell
  {
    let cell = carousel.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: Self.cardIdentifier, forSlot: slot)
    (cell as? any CardPresenting)?.present(
      title: titles[index], caption: captions[index], number: index, count: count,
      colorIndex: index, isChosen: index == lastSelected)
    return cell
  }

  /// Records the new current card as the last event.
  public func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int) {
    lastEvent = "current → \((index + 1).formatted)"
  }

  /// Chooses the card: records it, and marks it (and no other) chosen in the visible cells.
  public func carousel(_ carousel: Carousel, didSelectItemAt index: Int) {
    lastSelected = index
    lastEvent = "selected \(titles[index])"
    for case let cell as any CardPresenting in carousel.collectionView.visibleCells {
      cell.isChosen = cell.number == index
    }
  }

  // MARK: Page

  /// The heading: where the carousel is, its modes and what happened last.
  public var headline: String {
    let position =
      count == 0
      ? "no cards" : "card \((carousel.currentIndex + 1).formatted) of \(count.formatted)"
    return "\(position) · \(modes) · \(lastEvent)"
  }

  /// The wrap's and the autoscroll's modes: "wrap on · autoscroll every 3 s" (a host whose
  /// status line shows no heading says them there: GTK's scrolled on its own, unexplained).
  public var modes: String {
    let wrap = carousel.wraps ? "wrap on" : "wrap off"
    let auto =
      carousel.autoscrollInterval.map { "autoscroll every \(Int($0)) s" } ?? "autoscroll off"
    return "\(wrap) · \(auto)"
  }

  /// The page dots (● for the current card), or "n / m" past 24 cards; empty without cards.
  public var dots: String {
    guard count > 0 else { return "" }
    return count <= 24
      ? (0..<count).map { $0 == carousel.currentIndex ? "●" : "○" }.joined(separator: " ")
      : "\((carousel.currentIndex + 1).formatted) / \(count.formatted)"
  }

  /// ← → step, Home and End go to the ends, Enter chooses the centred card, w toggles the
  /// wrap, a the autoscroll (`time` arms its timer), n cycles the card count.
  public func handle(_ key: KeyPress, at time: Double) -> Bool {
    if key.isCommandChord { return false }
    toggled = nil
    switch key.key {
    case .left, .right, .home, .end:
      switch key.key {
      case .left: carousel.step(by: -1)
      case .right: carousel.step(by: 1)
      case .home: carousel.scroll(to: 0, animated: true)
      default: carousel.scroll(to: count - 1, animated: true)
      }
      // The card a step goes to, said at once where the host's focus stays on the carousel
      // (GTK's: a screen reader heard nothing, a new user's finding).
      let target = carousel.targetIndex
      if announcesSteps, titles.indices.contains(target) {
        carousel.collectionView.announce(
          "\(titles[target]), card \((target + 1).formatted) of \(count.formatted)")
      }
    case .enter:
      if count > 0 { carousel(carousel, didSelectItemAt: carousel.currentIndex) }
    case .character("w"):
      carousel.wraps.toggle()
      toggled = carousel.wraps ? "wrap on" : "wrap off"
    case .character("a"):
      if let interval = carousel.autoscrollInterval {
        lastAutoscrollInterval = interval
        carousel.autoscrollInterval = nil
      } else {
        carousel.autoscrollInterval = lastAutoscrollInterval
      }
      carousel.tick(now: time)  // arms the timer from now
      toggled =
        carousel.autoscrollInterval.map { "autoscroll every \(Int($0)) s" } ?? "autoscroll off"
    case .character("n"):
      countChoice = (countChoice + 1) % counts.count
      if let selected = lastSelected, selected >= count { lastSelected = nil }
      carousel.reloadData()
    default:
      return false
    }
    // A screen reader hears what a key turned on or off, and the card chosen (its focus line
    // stays on the same card: it heard nothing; a new user's finding).
    if let said = toggled ?? (key.key == .enter && count > 0 ? lastEvent : nil) {
      carousel.collectionView.announce(said)
    }
    return true
  }

  /// ``handle(_:at:)`` at the carousel's current time.
  public func handle(_ key: KeyPress) -> Bool {
    handle(key, at: carousel.collectionView.now)
  }

  /// The current card's title and place, and the card chosen last.
  public var status: String {
    guard count > 0 else { return "no cards" }
    let current = carousel.currentIndex
    let position = "\(titles[current]) · card \((current + 1).formatted) of \(count.formatted)"
    return position + (lastSelected.map { " · selected \(titles[$0])" } ?? "")
      + (statusSaysToggles ? toggled.map { " · \($0)" } ?? "" : "")
  }

  /// Whether ``status`` ends with the mode `w` or `a` just switched: `false` for a host
  /// whose status line begins with ``modes`` already (GTK's said "autoscroll off" twice in
  /// one line: a new user's finding).
  public var statusSaysToggles = true

  /// Whether a key's step is announced: for a host whose keyboard focus stays on the
  /// carousel (GTK's); one that reads the current card as the focus (the terminal's) says it
  /// already.
  public var announcesSteps = false

  /// The centred card, as a step says it ("Nimble Falcon, card 2 of 12"): the page showed as
  /// "Cards, 12 items" alone, and which card showed was heard only after an arrow (a new
  /// user's finding, in GTK).
  public var spokenOnShow: String? {
    let index = carousel.currentIndex
    guard titles.indices.contains(index) else { return nil }
    return "\(titles[index]), card \((index + 1).formatted) of \(count.formatted)"
  }

  /// The mode `w` or `a` just switched, said in the status until the next key (GTK shows
  /// the status, not the heading that names the modes, and said nothing).
  private var toggled: String?

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("← →", "the previous, next card (the shortest way round when wrapping)"),
      ("Home End", "the first, last card"), ("Enter", "select the centred card"),
      ("w", "wrap on or off"),
      ("a", "autoscroll every \(Int(autoscrollSeconds)) s on or off (a drag pauses it)"),
      ("n", "cycle the card count: all, 3, 2, 1 (wrap shows one item in several slots)"),
      ("drag, click", "page with a drag; a click on a peeking card scrolls to it"),
    ]
  }
}
