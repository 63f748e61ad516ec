import Benchmark
import ReuseControls
import ReuseKit
import Scenarios

/// The option bar's geometry: a 320 × 44 strip of 44-point columns (20–120 points, seeded,
/// in the variable rows); a frame moves the strip by a third of its width.
enum OptionBarGeometry {
  static let width = 320.0
  static let height = 44.0
  static let columnWidth = 44.0
  static let frameStep = 320.0 / 3
  static let columnCounts = [10_000, 100_000]
}

/// The carousel's geometry: 320 × 200, a 24-point peek and 12-point spacing (cards of 248,
/// a stride of 260); a scroll event moves the cards by 40 points, a fast drag at 60 Hz.
enum CarouselGeometry {
  static let viewport = Size(width: 320, height: 200)
  static let peekInset = 24.0
  static let spacing = 12.0
  static let eventStep = 40.0
  static let cardCount = 1_000
  /// Reloads before the `after-reloads` rows are timed.
  static let reloads = 100
}

/// The `optionbar` and `carousel` families.
func registerControlBenchmarks() {
  for count in OptionBarGeometry.columnCounts {
    registerOptionBarFrame(count, variable: false)
    registerOptionBarFrame(count, variable: true)
  }
  registerOptionBarReload(10_000_000)
  registerCarouselFrame(wraps: false, reloads: 0)
  registerCarouselFrame(wraps: false, reloads: CarouselGeometry.reloads)
  registerCarouselFrame(wraps: true, reloads: 0)
}

// MARK: Option bar

/// An option bar of the benchmark's geometry with `BenchCell`s registered and no diagnostics
/// handler.
private func makeBar() -> OptionBar {
  let bar = OptionBar(
    viewportSize: Size(width: OptionBarGeometry.width, height: OptionBarGeometry.height))
  bar.collectionView.diagnostics.handler = nil
  bar.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
  return bar
}

/// The option bar's cell for a column: a `BenchCell` showing `index`.
@inline(__always)
private func benchCell(_ bar: OptionBar, _ index: Int) -> CollectionViewCell {
  let cell = bar.dequeueReusableCell(
    BenchCell.self, withReuseIdentifier: "cell", forColumnAt: index)
  cell.item = index
  return cell
}

/// An option bar over `count` trivial cells, equal widths or seeded variable ones (from the
/// delegate).
final class OptionBarFixture: OptionBarDataSource, OptionBarDelegate {
  let bar: OptionBar
  let count: Int
  let widths: [Double]?
  var stepper = FrameStepper(contentLength: 0)

  init(count: Int, variable: Bool) {
    self.count = count
    var random = SplitMix64(seed: Geometry.seed)
    widths = variable ? (0..<count).map { _ in Double(20 + random.next() % 101) } : nil
    bar = makeBar()
    bar.columnWidth = OptionBarGeometry.columnWidth
    bar.delegate = self
    bar.dataSource = self
    bar.select(0, animated: false)
    stepper = FrameStepper(
      contentLength: bar.collectionView.contentSize.width, viewportLength: OptionBarGeometry.width,
      step: OptionBarGeometry.frameStep)
  }

  func numberOfColumns(in optionBar: OptionBar) -> Int { count }

  func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
    benchCell(optionBar, index)
  }

  func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
    widths?[index] ?? optionBar.columnWidth
  }

  @inline(__always)
  func frame() {
    bar.collectionView.contentOffset = Point(x: stepper.next(), y: 0)
    bar.collectionView.layoutIfNeeded()
  }

  var visibleColumns: [Int] { bar.collectionView.indexPathsForVisibleItems.map(\.item) }
}

private func registerOptionBarFrame(_ count: Int, variable: Bool) {
  let name = "optionbar/frame/\(variable ? "variable" : "uniform")"
  registerSteps(
    name, items: count, scaling: .kilo,
    make: {
      let fixture = OptionBarFixture(count: count, variable: variable)
      for _ in 0..<100 { fixture.frame() }
      return fixture
    },
    step: { $0.frame() }, result: { $0.bar.collectionView.reuseCounters.visible })

  // ZXOptionBar is only right for equal widths.
  guard !variable else { return }
  registerBaselineFrames(
    name, items: count, scaling: .one, baseline: "optionbar-seed000",
    make: {
      let baseline = OptionBarSeed000(
        columnCount: count, boundsLength: OptionBarGeometry.width, horizontal: true,
        columnWidth: { _ in OptionBarGeometry.columnWidth })
      let check = OptionBarFixture(count: count, variable: false)
      var stepper = check.stepper
      requireSameFrames(
        "\(name) vs optionbar-seed000", frames: 200, baseline: baseline, stepper: &stepper,
        ours: { check.visibleColumns }, oursFrame: check.frame)
      return (baseline, stepper)
    })
}

/// A reload of `count` columns of their own widths, with estimated widths: the widths are
/// asked for only as columns show, so a reload costs what the estimate index costs
/// (O(n / 256)) plus the columns on screen. The setup checks that a reload asks for fewer
/// than 100 widths.
private func registerOptionBarReload(_ count: Int) {
  final class Columns: OptionBarDataSource, OptionBarDelegate {
    let bar: OptionBar
    var asked = 0
    init() {
      bar = makeBar()
      bar.estimatedColumnWidth = OptionBarGeometry.columnWidth
      bar.delegate = self
      bar.dataSource = self
    }
    func numberOfColumns(in optionBar: OptionBar) -> Int { 10_000_000 }
    func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
      benchCell(optionBar, index)
    }
    func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
      asked += 1
      return Double(20 + (index &* 37) % 101)
    }
  }
  let columns = State<Columns>()
  benchmark(
    "optionbar/reload/estimated", items: count, scaling: .one,
    closure: { benchmark in
      let fixture = columns.value!
      for _ in benchmark.scaledIterations { fixture.bar.reloadData() }
      blackHole(fixture.bar.collectionView.contentSize.width)
    },
    setup: {
      let fixture = Columns()
      precondition(fixture.bar.numberOfColumns == count)
      fixture.asked = 0
      fixture.bar.reloadData()
      precondition(fixture.asked < 100, "a reload asked for \(fixture.asked) widths")
      columns.value = fixture
    },
    teardown: { columns.value = nil })
}

// MARK: Carousel

/// A carousel over trivial cells.
final class CarouselFixture: CarouselDataSource {
  let carousel: Carousel
  let count: Int
  var stepper = FrameStepper(contentLength: 0)
  private var origin = 0.0

  init(count: Int, wraps: Bool) {
    self.count = count
    carousel = Carousel(
      layout: CarouselLayout(
        peekInset: CarouselGeometry.peekInset, spacing: CarouselGeometry.spacing),
      viewportSize: CarouselGeometry.viewport)
    carousel.collectionView.diagnostics.handler = nil
    carousel.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
    carousel.wraps = wraps
    carousel.dataSource = self
    // Wrapping starts in the middle of its run; the stepper moves relative to it.
    origin = carousel.collectionView.contentOffset.x
    let length =
      wraps ? Double(count) * carousel.layout.cardStride : carousel.layout.contentSize.width
    stepper = FrameStepper(
      contentLength: length, viewportLength: CarouselGeometry.viewport.width,
      step: CarouselGeometry.eventStep)
  }

  func numberOfItems(in carousel: Carousel) -> Int { count }

  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    let cell = carousel.dequeueReusableCell(
      BenchCell.self, withReuseIdentifier: "cell", forSlot: slot)
    cell.item = index
    return cell
  }

  /// One scroll event: the cards move, the carousel lays out (transforms, current index).
  @inline(__always)
  func frame() {
    carousel.collectionView.contentOffset = Point(x: origin + stepper.next(), y: 0)
    carousel.collectionView.layoutIfNeeded()
  }

  var visibleCards: [Int] { carousel.collectionView.indexPathsForVisibleItems.map(\.item) }
}

/// `reloads`: reloads before timing (each with a scroll event between), where
/// BayCarouselView's leak shows.
private func registerCarouselFrame(wraps: Bool, reloads: Int) {
  let name =
    "carousel/frame/\(wraps ? "wrap" : "plain")" + (reloads > 0 ? "-after-\(reloads)-reloads" : "")
  let count = CarouselGeometry.cardCount
  registerSteps(
    name, items: count, scaling: .kilo,
    make: {
      let fixture = CarouselFixture(count: count, wraps: wraps)
      for _ in 0..<reloads {
        fixture.carousel.reloadData()
        fixture.frame()
      }
      for _ in 0..<100 { fixture.frame() }
      return fixture
    },
    step: { $0.frame() }, result: { $0.carousel.currentIndex })

  // BayCarouselView does not wrap.
  guard !wraps else { return }
  registerBaselineFrames(
    name, items: count, scaling: .kilo, baseline: "baycarousel-seed004",
    make: {
      let baseline = BayCarousel(
        numberOfRows: count, viewportWidth: CarouselGeometry.viewport.width,
        cardInset: CarouselGeometry.peekInset, padding: CarouselGeometry.spacing)
      let check = CarouselFixture(count: count, wraps: false)
      var stepper = check.stepper
      baseline.scrollViewDidScroll()
      for _ in 0..<reloads {
        check.carousel.reloadData()
        check.frame()
        baseline.reloadData()
        baseline.contentOffset = stepper.next()
        baseline.scrollViewDidScroll()
      }
      requireSameFrames(
        "\(name) vs baycarousel-seed004", baseline: baseline, stepper: &stepper,
        ours: { check.visibleCards }, oursFrame: check.frame)
      return (baseline, stepper)
    })
}
