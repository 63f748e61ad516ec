import ReuseKit
import ReuseTestSupport

@testable import ReuseControls

// The controls' test fixtures, shared by every suite of this target.

// MARK: Carousel

/// A card that remembers its item.
final class CardCell: CollectionViewCell {
  var item = -1
  override func prepareForReuse() { item = -1 }
}

/// Items 0 ..< count; records delegate calls.
final class Cards: CarouselDataSource, CarouselDelegate {
  var count: Int
  var currentIndexChanges: [Int] = []
  var selected: [Int] = []

  init(_ count: Int) { self.count = count }

  func numberOfItems(in carousel: Carousel) -> Int { count }
  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    let cell = carousel.dequeueReusableCell(
      CardCell.self, withReuseIdentifier: "card", forSlot: slot)
    cell.item = index
    return cell
  }
  func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int) {
    currentIndexChanges.append(index)
  }
  func carousel(_ carousel: Carousel, didSelectItemAt index: Int) { selected.append(index) }
}

/// A carousel 100 wide: cards of 60 with 8 of spacing and 12 of peek (a stride of 68).
func makeCarousel(_ count: Int, wraps: Bool = false) -> (Carousel, Cards) {
  let carousel = Carousel(
    layout: CarouselLayout(peekInset: 12, spacing: 8), viewportSize: Size(width: 100, height: 20))
  carousel.collectionView.diagnostics.handler = nil
  carousel.register(CardCell.self, forCellWithReuseIdentifier: "card")
  let cards = Cards(count)
  carousel.delegate = cards
  carousel.wraps = wraps
  carousel.dataSource = cards
  return (carousel, cards)
}

func shownItems(_ carousel: Carousel) -> [Int] {
  carousel.collectionView.visibleCells.map { ($0 as! CardCell).item }
}

/// Ticks `carousel` at its next autoscroll (or now, without one) and lets the cards settle.
func autoscrollOnce(_ carousel: Carousel, from time: inout Double) {
  time = carousel.nextAutoscroll ?? time
  carousel.tick(now: time)
  settle(carousel, from: &time)
}

/// Runs the clock until nothing moves.
func settle(_ carousel: Carousel, from time: inout Double) {
  var frames = 0
  while carousel.collectionView.isAnimating && frames < 2_000 {
    time += 1.0 / 60
    carousel.tick(now: time)
    frames += 1
  }
}

// MARK: Picker

/// A model: its row and column, so every check can say where it came from.
struct Swatch: Equatable, CustomStringConvertible {
  var row: Int
  var column: Int
  var description: String { "(\(row), \(column))" }
}

/// A cell configurable with a swatch.
final class SwatchCell: CollectionViewCell, ConfigurableCell {
  var swatch: Swatch?
  func configure(with item: Swatch, at indexPath: ItemPath) { swatch = item }
  override func prepareForReuse() { swatch = nil }
}

/// Rows of swatches with the given counts.
func swatches(_ counts: [Int]) -> [[Swatch]] {
  counts.enumerated().map { row, count in (0..<count).map { Swatch(row: row, column: $0) } }
}

/// A 375 × 667 picker; rows of 200 × 300 items unless `sizes` says otherwise.
func makePicker(
  _ counts: [Int], sizes: ((Int) -> Size)? = nil, row: Int = 0, column: Int = 0
) -> FourWayPicker<Swatch> {
  let picker = FourWayPicker(
    rows: swatches(counts), cell: SwatchCell.self,
    itemSize: sizes.map { .perRow($0) } ?? .fixed(Size(width: 200, height: 300)),
    initialRow: row, initialColumn: column, viewportSize: Size(width: 375, height: 667))
  picker.collectionView.diagnostics.handler = nil
  picker.collectionView.layoutIfNeeded()
  return picker
}

/// A slow drag by (dx, dy) from the middle, in ten samples over `duration`, then a release.
func drag(
  _ picker: FourWayPicker<Swatch>, dx: Double, dy: Double, at time: inout Double,
  duration: Double = 0.5, hold: Double = 0
) {
  let start = Point(x: 187, y: 333)
  picker.beginDrag(at: start, time: time)
  for step in 1...10 {
    time += duration / 10
    let fraction = Double(step) / 10
    picker.moveDrag(to: Point(x: start.x + dx * fraction, y: start.y + dy * fraction), time: time)
  }
  if hold > 0 {
    time += hold
    picker.moveDrag(to: Point(x: start.x + dx, y: start.y + dy), time: time)
  }
  picker.endDrag(at: Point(x: start.x + dx, y: start.y + dy), time: time)
}

/// Runs the clock until nothing moves.
func settle(_ picker: FourWayPicker<Swatch>, from time: inout Double) {
  var frames = 0
  while picker.isAnimating && frames < 3_000 {
    time += 1.0 / 120
    picker.tick(now: time)
    frames += 1
  }
}

/// Whether the picker rests with its current row centred and that row's column centred.
func isCentred(_ picker: FourWayPicker<Swatch>) -> Bool {
  let container = picker.collectionView
  guard let frame = container.frameForItem(at: ItemPath(section: 0, item: picker.currentRow))
  else { return false }
  let rowCentred =
    abs(frame.midY - (container.contentOffset.y + container.viewportSize.height / 2)) < 0.5
  guard let column = picker.column(forRow: picker.currentRow) else { return rowCentred }
  guard let cell = picker.rowCell(picker.currentRow),
    let item = cell.rowView.frameForItem(at: ItemPath(section: 0, item: column))
  else { return false }
  let rowView = cell.rowView
  return rowCentred
    && abs(item.midX - (rowView.contentOffset.x + rowView.viewportSize.width / 2)) < 0.5
}

// MARK: Option bar

/// Columns with given widths; records every delegate call.
final class Columns: OptionBarDataSource, OptionBarDelegate {
  var widths: [Double]
  var events: [String] = []
  var displayed: [ObjectIdentifier: Int] = [:]

  init(_ widths: [Double]) { self.widths = widths }

  func numberOfColumns(in optionBar: OptionBar) -> Int { widths.count }
  func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
    let cell = optionBar.dequeueReusableCell(
      RecordingCell.self, withReuseIdentifier: "tab", forColumnAt: index)
    cell.configuredPath = ItemPath(section: 0, item: index)
    return cell
  }
  func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double { widths[index] }
  func optionBar(
    _ optionBar: OptionBar, willDisplay cell: CollectionViewCell, forColumnAt index: Int
  ) {
    displayed[ObjectIdentifier(cell)] = index
  }
  func optionBar(
    _ optionBar: OptionBar, didEndDisplaying cell: CollectionViewCell, forColumnAt index: Int
  ) {
    events.append("end \(index)")
    displayed[ObjectIdentifier(cell)] = nil
  }
  func optionBar(_ optionBar: OptionBar, didSelectColumnAt index: Int, origin: SelectionOrigin) {
    events.append("select \(index) \(origin)")
  }
  func optionBar(_ optionBar: OptionBar, didDeselectColumnAt index: Int, origin: SelectionOrigin) {
    events.append("deselect \(index) \(origin)")
  }
  func optionBarWillReload(_ optionBar: OptionBar) { events.append("willReload") }
  func optionBarDidReload(_ optionBar: OptionBar) { events.append("didReload") }
}

func makeBar(_ widths: [Double], width: Double = 100) -> (OptionBar, Columns) {
  let bar = OptionBar(viewportSize: Size(width: width, height: 3))
  bar.collectionView.diagnostics.handler = nil
  bar.register(RecordingCell.self, forCellWithReuseIdentifier: "tab")
  let columns = Columns(widths)
  bar.delegate = columns
  bar.dataSource = columns
  return (bar, columns)
}

/// One regression test per defect of ZXOptionBar (the Option Bar article lists them), and the
/// rest of the control.

// MARK: Interruptions

/// Whether the item is fully inside the viewport and no header or footer is drawn over it
/// (pinned ones float above the items).
func isFullyVisibleAndClear(_ path: ItemPath, in collectionView: CollectionView) -> Bool {
  guard let frame = collectionView.frameForItem(at: path) else { return false }
  let axis = collectionView.collectionViewLayout.scrollDirection
  let start = collectionView.contentOffset[axis]
  guard frame.min(axis) >= start - 1e-9,
    frame.max(axis) <= start + collectionView.viewportSize[axis] + 1e-9
  else { return false }
  var covered = false
  collectionView.forEachDisplayedView { _, attributes in
    if attributes.category != .cell, attributes.frame.intersects(frame) { covered = true }
  }
  return !covered
}

/// Ticks at 120 Hz for `duration` seconds.
func tickFor(_ duration: Double, from time: inout Double, _ tick: (Double) -> Void) {
  let end = time + duration
  while time < end - 1e-9 {
    time += 1.0 / 120
    tick(time)
  }
}

/// Whether a card is centred exactly.
func isOnCard(_ carousel: Carousel) -> Bool {
  let offset = carousel.collectionView.contentOffset.x
  return abs(carousel.layout.offsetCentering(carousel.currentSlot) - offset) < 1e-6
}
