import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `carousel` page: paging cards (``Carousel``) with the neighbours peeking in, drawn
/// smaller and dimmer by their transform. Drag or click a peeking card to page; toggle the
/// infinite wrap and the autoscroll; cycle to 3, 2 or 1 cards to see one item fill several
/// slots when wrapping.
///
/// The page shows 12 cards (`--items` fewer, if smaller), or the `--data` file's items.
final class CarouselPage: PanePage, CarouselDataSource, CarouselDelegate {
  let title = "Carousel"

  private let carousel: Carousel
  let pane: CollectionViewPane
  var frame = CellRect.zero
  private let titles: [String]
  private let captions: [String]
  private var counts: [Int]
  private var countChoice = 0
  private var lastEvent = "drag or click a card"
  private var lastSelected: Int?
  let autoscrollSeconds = 2.0

  init(options: GalleryOptions) {
    if let data = options.data, case let items = data.sections.flatMap(\.items), !items.isEmpty {
      titles = items.map(\.title)
      captions = items.map { $0.detail ?? "" }
    } else {
      let count = max(0, min(12, options.itemCount))
      titles = (0..<count).map { DemoData.title(forItem: $0 * 11 + 2) }
      captions = (0..<count).map { "a photo essay · \(3 + ($0 * 7) % 12) min read" }
    }
    counts = [titles.count]
    for few in [3, 2, 1] where few < titles.count { counts.append(few) }
    carousel = Carousel(layout: CarouselLayout(peekInset: 6, spacing: 2, verticalInset: 0))
    carousel.collectionView.diagnostics.handler = nil
    carousel.register(CarouselCardCell.self, forCellWithReuseIdentifier: "card")
    pane = CollectionViewPane(collectionView: carousel.collectionView)
    pane.background = Theme.plain
    carousel.delegate = self
    carousel.wraps = true
    carousel.dataSource = self
  }

  private var count: Int { counts[countChoice] }

  // MARK: Carousel

  func numberOfItems(in carousel: Carousel) -> Int { count }

  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    let cell = carousel.dequeueReusableCell(
      CarouselCardCell.self, withReuseIdentifier: "card", forSlot: slot)
    cell.title = titles[index]
    cell.caption = captions[index]
    cell.number = index
    cell.count = count
    cell.color = Theme.palette[index % Theme.palette.count]
    cell.isChosen = index == lastSelected
    return cell
  }

  func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int) {
    lastEvent = "current → \(index + 1)"
  }

  func carousel(_ carousel: Carousel, didSelectItemAt index: Int) {
    lastSelected = index
    lastEvent = "selected \(titles[index])"
    for case let cell as CarouselCardCell in carousel.collectionView.visibleCells {
      cell.isChosen = cell.number == index
    }
  }

  // MARK: Page

  func layout(in frame: CellRect) { place(in: frame, top: 2, bottom: 2) }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    let wrap = carousel.wraps ? "wrap on" : "wrap off"
    let auto =
      carousel.autoscrollInterval.map { "autoscroll every \(Int($0)) s" } ?? "autoscroll off"
    let position =
      count == 0
      ? "no cards" : "card \((carousel.currentIndex + 1).formatted) of \(count.formatted)"
    context.text(" \(position) · \(wrap) · \(auto) · \(lastEvent)", x: 0, y: 0, style: Theme.title)
    pane.draw(into: canvas)
    guard frame.height > 3, count > 0 else { return }
    let dots =
      count <= 24
      ? (0..<count).map { $0 == carousel.currentIndex ? "●" : "○" }.joined(separator: " ")
      : "\((carousel.currentIndex + 1).formatted) / \(count.formatted)"
    context.centeredText(dots, y: frame.height - 1, style: TextStyle(foreground: Theme.accent))
  }

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    switch key.key {
    case .left:
      carousel.step(by: -1)
    case .right:
      carousel.step(by: 1)
    case .home:
      carousel.scroll(to: 0, animated: true)
    case .end:
      carousel.scroll(to: count - 1, animated: true)
    case .enter:
      if count > 0 { carousel(carousel, didSelectItemAt: carousel.currentIndex) }
    case .character("w"):
      carousel.wraps.toggle()
    case .character("a"):
      carousel.autoscrollInterval = carousel.autoscrollInterval == nil ? autoscrollSeconds : nil
      carousel.tick(now: time)  // arms the timer from now
    case .character("n"):
      countChoice = (countChoice + 1) % counts.count
      if let selected = lastSelected, selected >= count { lastSelected = nil }
      carousel.reloadData()
    default:
      return false
    }
    return true
  }

  func tick(now: Double) {
    carousel.tick(now: now)
  }

  /// Only motion counts: an autoscroll waiting for its turn is a timer (``nextWakeTime``), so
  /// the app sleeps between moves instead of drawing 60 frames a second.
  var isAnimating: Bool { carousel.collectionView.isAnimating }

  var nextWakeTime: Double? { carousel.nextTickTime }

  var status: String {
    guard count > 0 else { return "no cards" }
    let current = carousel.currentIndex
    let position = "\(titles[current]) · card \((current + 1).formatted) of \(count.formatted)"
    return position + (lastSelected.map { " · selected \(titles[$0])" } ?? "")
  }

  var keyHelp: [(String, String)] {
    [
      ("← →", "the previous, next card (the shortest way round when wrapping)"),
      ("Home End", "the first, last card"), ("Enter", "select the centred card"),
      ("w", "wrap on or off"), ("a", "autoscroll every 2 s on or off (a drag pauses it)"),
      ("n", "cycle the card count: all, 3, 2, 1 (wrap shows one item in several slots)"),
      ("drag, click", "page with a drag; a click on a peeking card scrolls to it"),
    ]
  }
}
