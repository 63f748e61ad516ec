import ReuseKit
import ReuseTestSupport

@testable import ReuseControls

// MARK: Control surfaces

/// A strip of columns of their own widths that selects the column a slide leaves centred.
final class OptionBarSurface: OptionBarDataSource, OptionBarDelegate, ScrollingSurface {
  let bar = OptionBar(viewportSize: Size(width: 100, height: 3))
  let baseViewport = Size(width: 100, height: 3)
  let stepAxis: Bool? = false
  let count = 60
  /// Whether the last thing that moved the strip was a key, a tap or code (which centre the
  /// selected column) rather than a slide.
  var selectionMovedLast = true

  init() {
    bar.collectionView.diagnostics.handler = nil
    bar.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tab")
    bar.selectsCenteredColumnOnSlide = true
    bar.delegate = self
    bar.dataSource = self
    bar.select(0, animated: false)
  }

  func numberOfColumns(in optionBar: OptionBar) -> Int { count }
  func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
    optionBar.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: "tab", forColumnAt: index)
  }
  func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
    Double(8 + (index * 11) % 17)
  }

  var view: CollectionView { bar.collectionView }
  /// The option bar takes no wheel here: its host moves the selection with keys.
  let wheelNotch = Point.zero
  func wheel(_ notches: Int, time: Double) {}
  func beginDrag(at point: Point, time: Double) {
    selectionMovedLast = false
    view.beginDrag(at: point, time: time)
  }
  func tap(at point: Point) {
    // The host taps what is under the finger when the touch did not drag.
    if view.tap(at: Point(x: point.x + view.contentOffset.x, y: point.y)) != nil {
      selectionMovedLast = true
    }
  }
  func step(forward: Bool, vertical: Bool) {
    selectionMovedLast = true
    bar.select(
      min(max(0, (bar.selectedIndex ?? 0) + (forward ? 1 : -1)), count - 1), animated: true)
  }
  func targetStop(vertical: Bool) -> Int? { vertical ? nil : bar.selectedIndex }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    min(max(0, index + (forward ? 1 : -1)), count - 1)
  }
  func restingStop(vertical: Bool) -> Int? {
    guard let selected = bar.selectedIndex, centring(selected) == view.contentOffset.x else {
      return nil
    }
    return selected
  }
  /// The offset that centres a column, clamped to the content.
  func centring(_ column: Int) -> Double {
    let frame = bar.frameForColumn(at: column)!
    return view.clampedContentOffset(
      Point(x: frame.midX - view.viewportSize.width / 2, y: 0)
    ).x
  }
  func resize(_ scale: Double) {
    view.viewportSize = Size(width: baseViewport.width * scale, height: baseViewport.height)
  }
  func reload() { bar.reloadData() }
  func checkAtRest() -> String? {
    view.layoutIfNeeded()
    let offset = view.contentOffset.x
    guard (0..<count).contains(where: { centring($0) == offset }) else {
      return "rests at x = \(offset), with no column centred"
    }
    if selectionMovedLast, restingStop(vertical: false) == nil {
      return "the selected column \(bar.selectedIndex.map(String.init) ?? "none") is not centred"
    }
    return nil
  }
}

/// Cards of a carousel, wrapping or not.
final class CarouselSurface: ScrollingSurface {
  let carousel: Carousel
  let cards = Cards(9)
  let baseViewport = Size(width: 100, height: 20)
  let stepAxis: Bool? = false
  let wraps: Bool

  init(wraps: Bool) {
    self.wraps = wraps
    carousel = Carousel(
      layout: CarouselLayout(peekInset: 12, spacing: 8), viewportSize: baseViewport,
      virtualSlotCount: 1_000)
    carousel.collectionView.diagnostics.handler = nil
    carousel.register(CardCell.self, forCellWithReuseIdentifier: "card")
    carousel.wraps = wraps
    carousel.dataSource = cards
  }

  var view: CollectionView { carousel.collectionView }
  func tick(_ time: Double) {
    carousel.tick(now: time)
    view.layoutIfNeeded()  // the host draws the frame
  }
  let wheelNotch = Point(x: 10, y: 0)
  func step(forward: Bool, vertical: Bool) { carousel.step(by: forward ? 1 : -1) }
  func targetStop(vertical: Bool) -> Int? { vertical ? nil : carousel.targetIndex }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    let next = index + (forward ? 1 : -1)
    return wraps ? (next + cards.count) % cards.count : min(max(0, next), cards.count - 1)
  }
  func restingStop(vertical: Bool) -> Int? {
    let slot = carousel.currentSlot
    guard carousel.layout.offsetCentering(slot) == view.contentOffset.x else { return nil }
    return carousel.item(forSlot: slot)
  }
  func resize(_ scale: Double) {
    view.viewportSize = Size(width: baseViewport.width * scale, height: baseViewport.height)
  }
  func reload() { carousel.reloadData() }
  func checkAtRest() -> String? {
    guard restingStop(vertical: false) != nil else {
      return "rests at x = \(view.contentOffset.x), between cards"
    }
    if carousel.currentIndex != carousel.item(forSlot: carousel.currentSlot) {
      return "currentIndex \(carousel.currentIndex) is not the centred card"
    }
    return nil
  }
}

/// A four-direction picker: eight columns, six rows.
final class PickerSurface: InteractionSurface {
  let picker: FourWayPicker<Swatch>
  let baseViewport = Size(width: 375, height: 667)
  let stepAxis: Bool? = nil
  let rows = 6
  let columns = 8

  init() {
    picker = FourWayPicker(
      rows: (0..<6).map { row in (0..<8).map { Swatch(row: row, column: $0) } },
      cell: SwatchCell.self, itemSize: .perRow { Size(width: 160 + Double($0 * 20), height: 200) },
      viewportSize: baseViewport)
    picker.collectionView.diagnostics.handler = nil
    picker.collectionView.layoutIfNeeded()
  }

  func tick(_ time: Double) {
    picker.tick(now: time)
    picker.collectionView.layoutIfNeeded()  // the host draws the frame
  }
  var isMoving: Bool { picker.isAnimating }
  func beginDrag(at point: Point, time: Double) { picker.beginDrag(at: point, time: time) }
  func moveDrag(to point: Point, time: Double) { picker.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { picker.endDrag(at: point, time: time) }
  func wheel(_ notches: Int, time: Double) { picker.step(notches > 0 ? .down : .up) }
  func step(forward: Bool, vertical: Bool) {
    picker.step(vertical ? (forward ? .down : .up) : (forward ? .right : .left))
  }
  func targetStop(vertical: Bool) -> Int? { vertical ? picker.targetRow : picker.targetColumn }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    min(max(0, index + (forward ? 1 : -1)), (vertical ? rows : columns) - 1)
  }
  func restingStop(vertical: Bool) -> Int? {
    guard isCentred(picker) else { return nil }
    return vertical ? picker.currentRow : picker.column(forRow: picker.currentRow)
  }
  func resize(_ scale: Double) {
    picker.collectionView.viewportSize = Size(
      width: baseViewport.width * scale, height: baseViewport.height * scale)
  }
  func reload() { picker.reloadData() }
  func checkAtRest() -> String? {
    isCentred(picker)
      ? nil
      : "rests with row \(picker.currentRow) or its column \(picker.currentColumn) off centre"
  }
}

/// A waterfall feed that loads more at the end.
final class WaterfallSurface: PlainCells, FreeScrollingSurface {
  let view: CollectionView
  let layout: WaterfallLayout
  let baseViewport = Size(width: 90, height: 60)
  let stepAxis: Bool? = true
  var count = 120
  var asked: [ItemPath] = []

  init() {
    var asked: (ItemPath) -> Void = { _ in }
    layout = WaterfallLayout(
      columns: .adaptive(minimumWidth: 28),
      itemHeight: .perItem { path, _ in
        asked(path)
        return Double(5 + (path.item * 7) % 11)
      }, columnSpacing: 1, itemSpacing: 1)
    view = CollectionView(layout: layout, viewportSize: baseViewport)
    view.diagnostics.handler = nil
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    asked = { [unowned self] in self.asked.append($0) }
    view.dataSource = self
    view.layoutIfNeeded()
  }

  func resize(_ scale: Double) {
    view.viewportSize = Size(
      width: (baseViewport.width * scale).rounded(), height: baseViewport.height)
  }
  func append(_ added: Int) -> String? {
    view.layoutIfNeeded()
    let placed = (0..<count).map { layout.frameForItem(at: ItemPath(section: 0, item: $0)) }
    asked.removeAll()
    count += added
    view.insertItems(at: (count - added..<count).map { ItemPath(section: 0, item: $0) })
    view.layoutIfNeeded()
    if asked.count != added || !asked.allSatisfy({ $0.item >= count - added }) {
      return "appending \(added) asked for \(asked.count) heights: \(asked.prefix(5))…"
    }
    for (item, frame) in placed.enumerated()
    where layout.frameForItem(at: ItemPath(section: 0, item: item)) != frame {
      return "appending \(added) moved item \(item)"
    }
    return nil
  }
  func reveal(_ fraction: Double, animated: Bool) -> (() -> String?)? {
    let path = ItemPath(section: 0, item: Int(fraction * Double(count - 1)))
    view.scrollToItem(at: path, at: .nearest, animated: animated)
    return { [view] in
      isFullyVisibleAndClear(path, in: view) ? nil : "\(path) was asked to be visible; it is not"
    }
  }
}
