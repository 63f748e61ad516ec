import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

// MARK: - Carousel

/// A carousel card: the item and slot it was configured for.
final class ModelCard: CollectionViewCell {
  var item = -1
  var slot = -1
}

final class ModelCards: CarouselDataSource, CarouselDelegate {
  var count = 0
  var changes = 0
  func numberOfItems(in carousel: Carousel) -> Int { count }
  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    let cell = carousel.dequeueReusableCell(
      ModelCard.self, withReuseIdentifier: "card", forSlot: slot)
    cell.item = index
    cell.slot = slot
    return cell
  }
  func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int) { changes += 1 }
}

/// A seeded run of operations on one control, checked after each.
protocol ControlRun {
  var operations: Int { get set }
  /// What must hold after an operation (`settled`: once everything rests).
  func check(_ context: String, settled: Bool)
}

extension ControlRun {
  mutating func operation(_ context: @autoclosure () -> String, settled: Bool) {
    operations += 1
    check(context(), settled: settled)
  }
}

struct CarouselRun: ControlRun {
  let seed: UInt64
  var random: SeededRandom
  let carousel: Carousel
  let cards = ModelCards()
  var time = 1.0
  var operations = 0

  init(seed: UInt64) {
    self.seed = seed
    random = SeededRandom(seed: seed)
    carousel = Carousel(
      layout: CarouselLayout(
        peekInset: Double(random.int(0...40)), spacing: Double(random.int(0...20))),
      viewportSize: Size(width: Double(random.int(40...500)), height: Double(random.int(20...300))),
      virtualSlotCount: [1_000, 1_000_000][random.int(0...1)])
    carousel.collectionView.diagnostics.handler = nil
    carousel.register(ModelCard.self, forCellWithReuseIdentifier: "card")
    cards.count = random.chance(0.1) ? 0 : random.int(1...30)
    carousel.delegate = cards
    carousel.wraps = random.chance(0.5)
    carousel.dataSource = cards
    if random.chance(0.3) { carousel.autoscrollInterval = random.double(0.2...3) }
  }

  mutating func step(_ step: Int) {
    let view = carousel.collectionView
    switch random.int(0...9) {
    case 0, 1:
      carousel.scroll(to: random.int(-5...40), animated: random.chance(0.6))
    case 2, 3:
      var point = Point(x: random.double(0...view.viewportSize.width), y: 10)
      view.beginDrag(at: point, time: time)
      let velocity = random.double(-2500...2500)
      for _ in 0..<random.int(1...6) {
        time += 1.0 / 60
        point.x += velocity / 60
        view.moveDrag(to: point, time: time)
        carousel.tick(now: time)
        operation("drag at step \(step)", settled: false)
      }
      view.endDrag(at: point, time: time)
    case 4:
      view.viewportSize = Size(
        width: Double(random.int(0...500)), height: Double(random.int(0...300)))
      view.layoutIfNeeded()
    case 5:
      cards.count = random.chance(0.1) ? 0 : random.int(1...30)
      carousel.reloadData()
    case 6:
      carousel.wraps.toggle()
    case 7:
      view.tap(
        at: Point(
          x: view.contentOffset.x + random.double(0...max(1, view.viewportSize.width)), y: 5))
    default:
      break
    }
    operation("step \(step)", settled: !view.isAnimating)
    // Let it move and settle (autoscroll keeps it animating: bounded frames), each tick an
    // operation.
    for frame in 0..<random.int(0...120) {
      time += 1.0 / 60
      carousel.tick(now: time)
      operation("tick \(frame) after step \(step)", settled: !view.isAnimating)
      if !view.isAnimating { break }
    }
  }

  func check(_ context: String, settled: Bool) {
    let where_ = "seed \(seed) (carousel), \(context)"
    let view = carousel.collectionView
    view.layoutIfNeeded()
    let offset = view.contentOffset
    guard offset.x.isFinite, offset.y.isFinite else {
      Issue.record("\(where_): offset \(offset)")
      return
    }
    if cards.count > 0 && !(0..<cards.count).contains(carousel.currentIndex) {
      Issue.record("\(where_): currentIndex \(carousel.currentIndex) of \(cards.count)")
    }
    var cells: [ObjectIdentifier] = []
    for path in view.indexPathsForVisibleItems {
      guard let card = view.cellForItem(at: path) as? ModelCard else {
        Issue.record("\(where_): no card at \(path)")
        continue
      }
      cells.append(ObjectIdentifier(card))
      let expected = carousel.item(forSlot: path.item)
      if card.slot != path.item || card.item != expected {
        Issue.record(
          "\(where_): slot \(path.item) shows item \(card.item) (slot \(card.slot)), not \(expected)"
        )
      }
      if let transform = card.layoutAttributes?.transform,
        !(transform.scaleX.isFinite && transform.scaleY.isFinite)
      {
        Issue.record("\(where_): transform \(transform)")
      }
    }
    let pooled = Set(view.reusePool.stacks.joined().map(ObjectIdentifier.init))
    if !pooled.isDisjoint(with: cells) { Issue.record("\(where_): a visible card is pooled") }
    // Exact visible set: the cards whose (untransformed) frames meet the viewport.
    let viewport = Rect(origin: offset, size: view.viewportSize)
    if viewport.width > 0 && viewport.height > 0 && carousel.layout.cardWidth > 0 {
      let stride = max(carousel.layout.cardStride, 0.001)
      let reach = Int(min(1e6, viewport.width / stride)) + 3
      let nearest = carousel.layout.cardNearest(offset: offset.x)
      let first = max(0, nearest - reach)
      let last = min(carousel.collectionView.numberOfItems(inSection: 0), nearest + reach + 1)
      var expected: Set<Int> = []
      for slot in first..<max(first, last)
      where carousel.layout.frameForCard(slot).intersects(viewport) {
        expected.insert(slot)
      }
      let shown = Set(view.indexPathsForVisibleItems.map(\.item))
      if shown != expected {
        Issue.record("\(where_): visible slots \(shown.sorted()) ≠ \(expected.sorted())")
      }
    }
    if settled && !view.isTracking {
      let minimum = view.minimumContentOffset
      let maximum = view.maximumContentOffset
      if offset.x < minimum.x - 0.001 || offset.x > max(minimum.x, maximum.x) + 0.001 {
        Issue.record("\(where_): settled offset \(offset.x) outside \(minimum.x)…\(maximum.x)")
      }
    }
  }
}

// MARK: - Picker

struct PickerRun: ControlRun {
  let seed: UInt64
  var random: SeededRandom
  var counts: [Int]
  let picker: FourWayPicker<Swatch>
  var time = 1.0
  var operations = 0

  init(seed: UInt64) {
    self.seed = seed
    var random = SeededRandom(seed: seed)
    let counts = (0..<(random.chance(0.05) ? 0 : random.int(1...20))).map { _ in
      random.chance(0.1) ? 0 : random.int(1...25)
    }
    let widths = (0..<40).map { _ in Double(random.int(20...300)) }
    let heights = (0..<40).map { _ in Double(random.int(20...400)) }
    picker = FourWayPicker(
      rows: PickerRun.rows(counts), cell: SwatchCell.self,
      itemSize: .perRow { Size(width: widths[$0 % 40], height: heights[$0 % 40]) },
      initialRow: random.int(0...5), initialColumn: random.int(0...5),
      viewportSize: Size(
        width: Double(random.int(100...500)), height: Double(random.int(100...800))))
    picker.collectionView.diagnostics.handler = nil
    picker.effectiveSlidingDistance = Double(random.int(0...50))
    picker.allowsMultiStepFlings = random.chance(0.3)
    picker.collectionView.layoutIfNeeded()
    self.random = random
    self.counts = counts
  }

  static func rows(_ counts: [Int]) -> [[Swatch]] {
    counts.enumerated().map { row, count in (0..<count).map { Swatch(row: row, column: $0) } }
  }

  mutating func step(_ step: Int) {
    let container = picker.collectionView
    switch random.int(0...9) {
    case 0, 1, 2:
      let start = Point(x: 100, y: 100)
      picker.beginDrag(at: start, time: time)
      let dx = random.double(-300...300)
      let dy = random.chance(0.5) ? random.double(-15...15) : random.double(-400...400)
      let samples = random.int(1...8)
      for sample in 1...samples {
        time += random.double(0.005...0.08)
        let fraction = Double(sample) / Double(samples)
        picker.moveDrag(
          to: Point(x: start.x + dx * fraction, y: start.y + dy * fraction), time: time)
        operation("drag sample at step \(step)", settled: false)
      }
      picker.endDrag(at: Point(x: start.x + dx, y: start.y + dy), time: time)
    case 3, 4:
      picker.step([.up, .down, .left, .right][random.int(0...3)], animated: random.chance(0.7))
    case 5:
      picker.tap(
        at: Point(
          x: random.double(0...container.viewportSize.width),
          y: container.contentOffset.y + random.double(0...container.viewportSize.height)))
    case 6:
      container.viewportSize = Size(
        width: Double(random.int(60...500)), height: Double(random.int(60...800)))
      container.layoutIfNeeded()
    case 7:
      counts = (0..<random.int(0...20)).map { _ in random.chance(0.1) ? 0 : random.int(1...25) }
      picker.setRows(PickerRun.rows(counts))
    default:
      for _ in 0..<random.int(1...10) {
        time += 1.0 / 120
        picker.tick(now: time)
        operation("tick at step \(step)", settled: false)
      }
    }
    var frames = 0
    while picker.isAnimating && frames < 1_000 {
      time += 1.0 / 60
      picker.tick(now: time)
      frames += 1
      if picker.isAnimating { operation("settling tick at step \(step)", settled: false) }
    }
    operation("step \(step)", settled: true)
  }

  func check(_ context: String, settled: Bool) {
    let where_ = "seed \(seed) (picker), \(context)"
    let container = picker.collectionView
    container.layoutIfNeeded()
    guard container.contentOffset.x.isFinite, container.contentOffset.y.isFinite else {
      Issue.record("\(where_): offset \(container.contentOffset)")
      return
    }
    if counts.isEmpty {
      if picker.currentModel != nil { Issue.record("\(where_): a model with no rows") }
      return
    }
    let row = picker.currentRow
    guard row >= 0 && row < counts.count else {
      Issue.record("\(where_): row \(row) of \(counts.count)")
      return
    }
    if let column = picker.column(forRow: row) {
      if picker.currentModel != Swatch(row: row, column: column) {
        Issue.record(
          "\(where_): model \(String(describing: picker.currentModel)) at (\(row), \(column))")
      }
    } else if counts[row] != 0 {
      Issue.record("\(where_): no column in a row of \(counts[row])")
    }
    // Centred, settled.
    if settled, let frame = container.frameForItem(at: ItemPath(section: 0, item: row)),
      abs(frame.midY - container.contentOffset.y - container.viewportSize.height / 2) > 0.5
    {
      Issue.record("\(where_): row \(row) is not centred")
    }
    // Every row on screen shows its own models at the shared column, and no visible item cell
    // is pooled.
    let pooled = Set(picker.itemPool.stacks.joined().map(ObjectIdentifier.init))
    container.forEachDisplayedView { view, attributes in
      guard let cell = view as? PickerRowCell else { return }
      let row = attributes.indexPath.item
      if cell.row != row { Issue.record("\(where_): row cell bound to \(cell.row), shows \(row)") }
      for path in cell.rowView.indexPathsForVisibleItems {
        guard let item = cell.rowView.cellForItem(at: path) as? SwatchCell else { continue }
        if pooled.contains(ObjectIdentifier(item)) {
          Issue.record("\(where_): a visible swatch is pooled")
        }
        if item.swatch != Swatch(row: row, column: path.item) {
          Issue.record("\(where_): (\(row), \(path.item)) shows \(String(describing: item.swatch))")
        }
      }
      if settled, let column = picker.column(forRow: row), !cell.rowView.isAnimating,
        let frame = cell.rowView.frameForItem(at: ItemPath(section: 0, item: column)),
        abs(frame.midX - cell.rowView.contentOffset.x - cell.rowView.viewportSize.width / 2) > 0.5
      {
        Issue.record("\(where_): row \(row) is not at column \(column)")
      }
    }
  }
}
