import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

/// Seeded random sessions of what users do, per control: drags (released with and without
/// velocity), touches that catch running motions, key steps at random moments on the clock,
/// wheel notches, resizes, reloads, appends and requests to show an item. Whenever everything
/// comes to rest, the session checks what SPEC §5 and §7 promise:
/// - a paging or snapping view rests on a stop;
/// - n key steps moved n stops from where the content was heading (clamped, or wrapped);
/// - the item last asked to be visible is fully visible and clear of pinned headers;
/// - an append asked the size provider only for the new items, and moved no placed item.
///
/// A failure names its seed and the shortest sequence of gestures found that still fails.
@Suite struct InteractionPropertyTests {
  @Test(arguments: SurfaceKind.allCases)
  func randomSessionsKeepThePromises(_ kind: SurfaceKind) {
    for seed in UInt64(1)...60 {
      var random = SeededRandom(seed: seed &* 7_919 &+ UInt64(kind.rawValue))
      let gestures = (0..<48).map { _ in Gesture.random(using: &random, for: kind) }
      guard let failure = runSession(kind, gestures) else { continue }
      let shortest = shrink(gestures) { runSession(kind, $0) != nil }
      Issue.record(
        """
        \(kind) seed \(seed): \(failure)
        shortest failing sequence (\(shortest.count) of \(gestures.count) gestures):
          \(shortest.map(\.description).joined(separator: "\n  "))
        then: \(runSession(kind, shortest) ?? "passes alone")
        """)
      return
    }
  }
}

// MARK: Gestures

/// One thing a user does, in units of the surface's viewport.
enum Gesture: CustomStringConvertible {
  /// A drag by a fraction of the viewport, in `samples` moves 1/60 s apart, held still for
  /// `hold` seconds before the release (a long hold releases with no velocity).
  case drag(dx: Double, dy: Double, samples: Int, hold: Double)
  /// A touch that lifts without travelling past the slop (it catches what moves).
  case touch(hold: Double)
  /// Key presses, `interval` seconds apart: forward when positive, along `vertical` for
  /// surfaces with two axes.
  case steps(Int, vertical: Bool, interval: Double)
  /// Wheel notches.
  case wheel(Int)
  /// Time passes.
  case wait(Double)
  /// Time passes until nothing moves; the promises are checked.
  case rest
  /// The viewport takes this scale of its original size.
  case resize(Double)
  /// The data is read again.
  case reload
  /// Items are appended at the end.
  case append(Int)
  /// An item (a fraction of the count) is scrolled into view, as a focused row is.
  case reveal(Double, animated: Bool)

  var description: String {
    switch self {
    case .drag(let dx, let dy, let samples, let hold):
      return "drag(dx: \(dx), dy: \(dy), samples: \(samples), hold: \(hold))"
    case .touch(let hold): return "touch(hold: \(hold))"
    case .steps(let count, let vertical, let interval):
      return "steps(\(count), vertical: \(vertical), interval: \(interval))"
    case .wheel(let notches): return "wheel(\(notches))"
    case .wait(let seconds): return "wait(\(seconds))"
    case .rest: return "rest"
    case .resize(let scale): return "resize(\(scale))"
    case .reload: return "reload"
    case .append(let count): return "append(\(count))"
    case .reveal(let fraction, let animated): return "reveal(\(fraction), animated: \(animated))"
    }
  }

  static func random(using random: inout SeededRandom, for kind: SurfaceKind) -> Gesture {
    func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    switch random.int(0...99) {
    case 0..<22:
      let along = random.chance(0.5)
      let length = rounded(random.double(-1.2...1.2))
      let jitter = rounded(random.double(-0.05...0.05))
      return .drag(
        dx: along ? length : jitter, dy: along ? jitter : length, samples: random.int(1...12),
        hold: random.chance(0.3) ? rounded(random.double(0.05...0.4)) : 0)
    case 22..<34: return .touch(hold: rounded(random.double(0...0.2)))
    case 34..<56:
      let count = random.int(1...5) * (random.chance(0.5) ? 1 : -1)
      return .steps(
        count, vertical: random.chance(0.5),
        interval: rounded(random.double(0.01...(random.chance(0.8) ? 0.12 : 0.5))))
    case 56..<62: return .wheel(random.int(1...3) * (random.chance(0.5) ? 1 : -1))
    case 62..<72: return .wait(rounded(random.double(0.01...0.3)))
    case 72..<84: return .rest
    case 84..<88: return .resize([0.8, 1, 1.25, 0.5, 1.1][random.int(0...4)])
    case 88..<91: return .reload
    case 91..<95: return .append(random.int(1...40))
    default: return .reveal(rounded(random.double(0...1)), animated: random.chance(0.6))
    }
  }
}

/// Removes gestures one at a time while the sequence still fails.
func shrink(_ gestures: [Gesture], failing: ([Gesture]) -> Bool) -> [Gesture] {
  var current = gestures
  var index = 0
  var trials = 0
  while index < current.count && trials < 2_000 {
    var candidate = current
    candidate.remove(at: index)
    trials += 1
    if failing(candidate) { current = candidate } else { index += 1 }
  }
  return current
}

// MARK: Sessions

/// The controls sessions run on.
enum SurfaceKind: Int, CaseIterable, CustomStringConvertible, Sendable {
  case pagingScrollView, snappingList, list, optionBar, carousel, wrappingCarousel, picker
  case waterfall

  var description: String {
    switch self {
    case .pagingScrollView: "paging scroll view"
    case .snappingList: "snapping list"
    case .list: "list with pinned headers"
    case .optionBar: "option bar"
    case .carousel: "carousel"
    case .wrappingCarousel: "wrapping carousel"
    case .picker: "picker"
    case .waterfall: "waterfall"
    }
  }

  func make() -> any InteractionSurface {
    switch self {
    case .pagingScrollView: PagingSurface()
    case .snappingList: SnappingListSurface()
    case .list: ListSurface()
    case .optionBar: OptionBarSurface()
    case .carousel: CarouselSurface(wraps: false)
    case .wrappingCarousel: CarouselSurface(wraps: true)
    case .picker: PickerSurface()
    case .waterfall: WaterfallSurface()
    }
  }
}

/// A control under test: how input reaches it, and what it promises at rest.
protocol InteractionSurface: AnyObject {
  /// The base viewport, which drags and resizes scale.
  var baseViewport: Size { get }
  /// The axis key steps move along, or `nil` when up and down move one axis and left and right
  /// the other (the picker).
  var stepAxis: Bool? { get }
  /// How far a resting stop may be from the expected one (rounding, for free scrolling).
  var stopTolerance: Int { get }
  func tick(_ time: Double)
  var isMoving: Bool { get }
  func beginDrag(at point: Point, time: Double)
  func moveDrag(to point: Point, time: Double)
  func endDrag(at point: Point, time: Double)
  /// After a touch that did not drag: what the host does with a tap (nothing by default).
  func tap(at point: Point)
  func wheel(_ notches: Int, time: Double)
  /// One key press.
  func step(forward: Bool, vertical: Bool)
  /// The stop index (per axis) the content is heading to; `nil` for free scrolling.
  func targetStop(vertical: Bool) -> Int?
  /// The stop index after one press from `index` (clamped, or wrapped).
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int
  /// The stop index it rests on now.
  func restingStop(vertical: Bool) -> Int?
  func resize(_ scale: Double)
  func reload()
  /// Appends and checks that only new items were measured and nothing placed moved.
  func append(_ count: Int) -> String?
  /// Scrolls an item into view; returns a check for when things rest, if the surface has one.
  func reveal(_ fraction: Double, animated: Bool) -> (() -> String?)?
  /// What must hold whenever everything rests (on a stop, and so on).
  func checkAtRest() -> String?
}

extension InteractionSurface {
  var stopTolerance: Int { 0 }
  func tap(at point: Point) {}
  func wheel(_ notches: Int, time: Double) {}
  func append(_ count: Int) -> String? { nil }
  func reveal(_ fraction: Double, animated: Bool) -> (() -> String?)? { nil }
  func reload() {}
}

/// Plays `gestures` on a new surface; returns the first broken promise.
func runSession(_ kind: SurfaceKind, _ gestures: [Gesture]) -> String? {
  runSessionOn(kind.make(), gestures)
}

func runSessionOn(
  _ surface: any InteractionSurface, _ gestures: [Gesture], finalRest: Bool = true
) -> String? {
  var time = 0.0
  /// Key presses since the last rest, per axis: the stop they started from and where each
  /// press leads; `nil` once anything else moved the content.
  var expected: [Bool: Int] = [:]
  var pendingReveal: (() -> String?)?
  let center = Point(x: surface.baseViewport.width / 2, y: surface.baseViewport.height / 2)

  func advance(_ seconds: Double) {
    let end = time + seconds
    while time < end - 1e-9 {
      time = min(end, time + 1.0 / 60)
      surface.tick(time)
    }
  }
  func rest() -> String? {
    surface.tick(time)  // at least one frame is drawn after the last input
    var frames = 0
    while surface.isMoving && frames < 1_200 {
      time += 1.0 / 60
      surface.tick(time)
      frames += 1
    }
    if surface.isMoving { return "still moving 20 s later" }
    if let failure = surface.checkAtRest() { return failure }
    for (vertical, stop) in expected {
      let actual = surface.restingStop(vertical: vertical)
      // Free-scrolling offsets count in thousandths of a point: one of rounding is the same.
      if actual.map({ abs($0 - stop) > surface.stopTolerance })
        ?? true
      {
        return "key presses should have led to stop \(stop) (\(vertical ? "vertical" : "horizontal")), "
          + "it rests on \(actual.map(String.init) ?? "no stop")"
      }
    }
    expected = [:]
    if let check = pendingReveal, let failure = check() { return failure }
    return nil
  }
  func interrupted() {
    expected = [:]
    pendingReveal = nil
  }

  for (index, gesture) in gestures.enumerated() {
    let context = "after gesture \(index + 1) (\(gesture))"
    switch gesture {
    case .drag(let dx, let dy, let samples, let hold):
      interrupted()
      let viewport = surface.baseViewport
      surface.beginDrag(at: center, time: time)
      for sample in 1...samples {
        advance(1.0 / 60)
        let fraction = Double(sample) / Double(samples)
        surface.moveDrag(
          to: Point(
            x: center.x + dx * viewport.width * fraction,
            y: center.y + dy * viewport.height * fraction), time: time)
      }
      if hold > 0 {
        advance(hold)
        surface.moveDrag(
          to: Point(x: center.x + dx * viewport.width, y: center.y + dy * viewport.height),
          time: time)
      }
      surface.endDrag(
        at: Point(x: center.x + dx * viewport.width, y: center.y + dy * viewport.height),
        time: time)
    case .touch(let hold):
      interrupted()
      surface.beginDrag(at: center, time: time)
      advance(hold)
      surface.endDrag(at: Point(x: center.x + 0.4, y: center.y), time: time)
      surface.tap(at: center)
    case .steps(let count, let requested, let interval):
      pendingReveal = nil
      let vertical = surface.stepAxis ?? requested
      for _ in 0..<abs(count) {
        surface.tick(time)  // the host drew the last frame: the geometry is current
        if let target = expected[vertical] ?? surface.targetStop(vertical: vertical) {
          expected[vertical] = surface.stop(after: target, forward: count > 0, vertical: vertical)
        }
        surface.step(forward: count > 0, vertical: vertical)
        advance(interval)
      }
    case .wheel(let notches):
      interrupted()
      for _ in 0..<abs(notches) {
        surface.wheel(notches, time: time)
        advance(0.02)
      }
    case .wait(let seconds):
      advance(seconds)
    case .rest:
      if let failure = rest() { return "\(context): \(failure)" }
    case .resize(let scale):
      interrupted()
      surface.resize(scale)
    case .reload:
      interrupted()
      surface.reload()
    case .append(let count):
      if let failure = surface.append(count) { return "\(context): \(failure)" }
    case .reveal(let fraction, let animated):
      interrupted()
      pendingReveal = surface.reveal(fraction, animated: animated)
    }
  }
  if finalRest, let failure = rest() { return "at the end: \(failure)" }
  return nil
}

// MARK: Surfaces

/// A free-scrolling view's offset in thousandths of a point: page keys move it a viewport.
func freeStop(_ offset: Double) -> Int { Int((offset * 1_000).rounded()) }

/// Where one page key leads from `stop` (clamped to the content).
func freeStop(afterPaging view: ScrollView, from stop: Int, forward: Bool) -> Int {
  let moved = Double(stop) / 1_000 + (forward ? 1 : -1) * view.viewportSize.height
  return freeStop(view.clampedContentOffset(Point(x: 0, y: moved)).y)
}

/// A scroll view paging through twelve pages.
final class PagingSurface: InteractionSurface {
  let view = ScrollView()
  let baseViewport = Size(width: 100, height: 60)
  let stepAxis: Bool? = false
  var pages = 12

  init() {
    view.diagnostics.handler = nil
    view.isPagingEnabled = true
    resize(1)
  }

  var page: Double { view.viewportSize.width }
  func tick(_ time: Double) {
    view.tick(now: time)
  }
  var isMoving: Bool { view.isAnimating }
  func beginDrag(at point: Point, time: Double) { view.beginDrag(at: point, time: time) }
  func moveDrag(to point: Point, time: Double) { view.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { view.endDrag(at: point, time: time) }
  func wheel(_ notches: Int, time: Double) {
    view.scroll(byWheel: Point(x: notches > 0 ? 10 : -10, y: 0), time: time)
  }
  func step(forward: Bool, vertical: Bool) { view.scroll(by: .pages(forward ? 1 : -1)) }
  func targetStop(vertical: Bool) -> Int? {
    vertical ? nil : Int((view.restingContentOffset.x / page).rounded())
  }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    min(max(0, index + (forward ? 1 : -1)), pages - 1)
  }
  func restingStop(vertical: Bool) -> Int? {
    let index = (view.contentOffset.x / page).rounded()
    return view.contentOffset.x == index * page ? Int(index) : nil
  }
  func resize(_ scale: Double) {
    let size = Size(width: baseViewport.width * scale, height: baseViewport.height)
    view.viewportSize = size
    view.contentSize = Size(width: size.width * Double(pages), height: size.height)
  }
  func append(_ count: Int) -> String? {
    pages += 1
    view.contentSize.width = page * Double(pages)
    return nil
  }
  func checkAtRest() -> String? {
    let offset = view.contentOffset
    if restingStop(vertical: false) == nil || offset.y != 0 { return "rests at \(offset), off a page" }
    if offset.x < 0 || offset.x > view.maximumContentOffset.x {
      return "rests at \(offset), out of bounds"
    }
    return nil
  }
}

/// A horizontal list of items of different widths that snaps to their leading edges, with a
/// sensitivity.
final class SnappingListSurface: CollectionViewDataSource, InteractionSurface {
  let view: CollectionView
  let baseViewport = Size(width: 100, height: 20)
  let stepAxis: Bool? = false
  var count = 120

  init() {
    view = CollectionView(
      layout: ListLayout(
        scrollDirection: .horizontal, itemSizing: .perItem { Double(20 + ($0.item * 13) % 31) }),
      viewportSize: baseViewport)
    view.diagnostics.handler = nil
    view.snapping = ScrollSnapping(alignment: .leading, sensitivity: 8)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = self
    view.layoutIfNeeded()
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: "cell", for: indexPath)
  }

  func tick(_ time: Double) {
    view.tick(now: time)
  }
  var isMoving: Bool { view.isAnimating }
  func beginDrag(at point: Point, time: Double) { view.beginDrag(at: point, time: time) }
  func moveDrag(to point: Point, time: Double) { view.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { view.endDrag(at: point, time: time) }
  func wheel(_ notches: Int, time: Double) {
    view.scroll(byWheel: Point(x: notches > 0 ? 10 : -10, y: 0), time: time)
  }
  func step(forward: Bool, vertical: Bool) { view.scroll(by: .items(forward ? 1 : -1)) }

  /// Each item's resting offset: its leading edge, clamped to the content.
  func offset(ofStop index: Int) -> Double {
    view.clampedContentOffset(
      Point(x: view.frameForItem(at: ItemPath(section: 0, item: index))!.minX, y: 0)
    ).x
  }
  /// The item whose (unclamped) leading edge is nearest `offset`, by brute force.
  func nearestItem(to offset: Double) -> Int {
    var best = 0
    for item in 0..<count {
      let edge = view.frameForItem(at: ItemPath(section: 0, item: item))!.minX
      let bestEdge = view.frameForItem(at: ItemPath(section: 0, item: best))!.minX
      if abs(edge - offset) < abs(bestEdge - offset) { best = item }
    }
    return best
  }
  func targetStop(vertical: Bool) -> Int? {
    vertical ? nil : nearestItem(to: view.restingContentOffset.x)
  }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    min(max(0, index + (forward ? 1 : -1)), count - 1)
  }
  func restingStop(vertical: Bool) -> Int? {
    let item = nearestItem(to: view.contentOffset.x)
    // Near the end, several items rest at the clamped offset: any of them is that stop.
    if offset(ofStop: item) != view.contentOffset.x { return nil }
    return item
  }
  func resize(_ scale: Double) {
    view.viewportSize = Size(width: baseViewport.width * scale, height: baseViewport.height)
  }
  func reload() { view.reloadData() }
  func append(_ added: Int) -> String? {
    count += added
    view.insertItems(at: (count - added..<count).map { ItemPath(section: 0, item: $0) })
    return nil
  }
  func checkAtRest() -> String? {
    view.layoutIfNeeded()
    let offset = view.contentOffset.x
    let onStop = (0..<count).contains { self.offset(ofStop: $0) == offset }
    return onStop ? nil : "rests at x = \(offset), between items"
  }
}

/// A vertical list with pinned headers, items of their own heights, in sections.
final class ListSurface: CollectionViewDataSource, InteractionSurface {
  let view: CollectionView
  let layout: ListLayout
  let baseViewport = Size(width: 40, height: 24)
  let stepAxis: Bool? = true
  let stopTolerance = 1
  var counts = [30, 0, 45, 60]
  var asked: [ItemPath] = []

  init() {
    var asked: (ItemPath) -> Void = { _ in }
    layout = ListLayout(
      itemSizing: .perItem { path in
        asked(path)
        return Double(1 + (path.section * 7 + path.item * 3) % 4)
      }, headerLength: .fixed(2))
    layout.pinsHeaders = true
    view = CollectionView(layout: layout, viewportSize: baseViewport)
    view.diagnostics.handler = nil
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.register(
      ReusableView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
    asked = { [unowned self] in self.asked.append($0) }
    view.dataSource = self
    view.layoutIfNeeded()
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { counts[section] }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: "cell", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }

  func tick(_ time: Double) {
    view.tick(now: time)
    view.layoutIfNeeded()  // the host draws the frame
  }
  var isMoving: Bool { view.isAnimating }
  func beginDrag(at point: Point, time: Double) { view.beginDrag(at: point, time: time) }
  func moveDrag(to point: Point, time: Double) { view.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { view.endDrag(at: point, time: time) }
  func wheel(_ notches: Int, time: Double) {
    view.scroll(byWheel: Point(x: 0, y: notches > 0 ? 3 : -3), time: time)
  }
  func step(forward: Bool, vertical: Bool) { view.scroll(by: .pages(forward ? 1 : -1)) }
  // Page keys on a free list: a "stop" is the offset (in thousandths), a page per press.
  func targetStop(vertical: Bool) -> Int? { freeStop(view.restingContentOffset.y) }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    freeStop(afterPaging: view, from: index, forward: forward)
  }
  func restingStop(vertical: Bool) -> Int? { freeStop(view.contentOffset.y) }
  func resize(_ scale: Double) {
    view.viewportSize = Size(
      width: baseViewport.width, height: (baseViewport.height * scale).rounded())
  }
  func reload() { view.reloadData() }
  func append(_ added: Int) -> String? {
    view.layoutIfNeeded()
    asked.removeAll()
    let last = counts.count - 1
    counts[last] += added
    view.insertItems(
      at: (counts[last] - added..<counts[last]).map { ItemPath(section: last, item: $0) })
    view.layoutIfNeeded()
    let new = Set((counts[last] - added..<counts[last]).map { ItemPath(section: last, item: $0) })
    if asked.count != added || !Set(asked).isSubset(of: new) {
      return "appending \(added) asked for \(asked.count) lengths: \(asked.prefix(5))…"
    }
    return nil
  }
  func reveal(_ fraction: Double, animated: Bool) -> (() -> String?)? {
    let flat = Int(fraction * Double(counts.reduce(0, +) - 1))
    var section = 0
    var item = flat
    while item >= counts[section] {
      item -= counts[section]
      section += 1
    }
    let path = ItemPath(section: section, item: item)
    view.scrollToItem(at: path, at: .nearest, animated: animated)
    return { [view] in
      isFullyVisibleAndClear(path, in: view)
        ? nil
        : "\(path) was asked to be visible; it is at \(view.frameForItem(at: path)!), "
          + "the viewport at \(view.contentOffset.y)"
    }
  }
  func checkAtRest() -> String? {
    let offset = view.contentOffset.y
    if offset < view.minimumContentOffset.y || offset > view.maximumContentOffset.y {
      return "rests at y = \(offset), out of bounds"
    }
    return nil
  }
}

/// A strip of columns of their own widths that selects the column a slide leaves centred.
final class OptionBarSurface: OptionBarDataSource, OptionBarDelegate, InteractionSurface {
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
  func tick(_ time: Double) {
    view.tick(now: time)
    view.layoutIfNeeded()  // the host draws the frame
  }
  var isMoving: Bool { view.isAnimating }
  func beginDrag(at point: Point, time: Double) {
    selectionMovedLast = false
    view.beginDrag(at: point, time: time)
  }
  func moveDrag(to point: Point, time: Double) { view.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { view.endDrag(at: point, time: time) }
  func tap(at point: Point) {
    // The host taps what is under the finger when the touch did not drag.
    if view.tap(at: Point(x: point.x + view.contentOffset.x, y: point.y)) != nil {
      selectionMovedLast = true
    }
  }
  func step(forward: Bool, vertical: Bool) {
    selectionMovedLast = true
    bar.select(min(max(0, (bar.selectedIndex ?? 0) + (forward ? 1 : -1)), count - 1), animated: true)
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
final class CarouselSurface: InteractionSurface {
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
  var isMoving: Bool { view.isAnimating }
  func beginDrag(at point: Point, time: Double) { view.beginDrag(at: point, time: time) }
  func moveDrag(to point: Point, time: Double) { view.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { view.endDrag(at: point, time: time) }
  func wheel(_ notches: Int, time: Double) {
    view.scroll(byWheel: Point(x: notches > 0 ? 10 : -10, y: 0), time: time)
  }
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
    guard pickerIsCentred(picker) else { return nil }
    return vertical ? picker.currentRow : picker.column(forRow: picker.currentRow)
  }
  func resize(_ scale: Double) {
    picker.collectionView.viewportSize = Size(
      width: baseViewport.width * scale, height: baseViewport.height * scale)
  }
  func reload() { picker.reloadData() }
  func checkAtRest() -> String? {
    pickerIsCentred(picker)
      ? nil
      : "rests with row \(picker.currentRow) or its column \(picker.currentColumn) off centre"
  }
}

/// A waterfall feed that loads more at the end.
final class WaterfallSurface: CollectionViewDataSource, InteractionSurface {
  let view: CollectionView
  let layout: WaterfallLayout
  let baseViewport = Size(width: 90, height: 60)
  let stepAxis: Bool? = true
  let stopTolerance = 1
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

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: "cell", for: indexPath)
  }

  func tick(_ time: Double) {
    view.tick(now: time)
    view.layoutIfNeeded()  // the host draws the frame
  }
  var isMoving: Bool { view.isAnimating }
  func beginDrag(at point: Point, time: Double) { view.beginDrag(at: point, time: time) }
  func moveDrag(to point: Point, time: Double) { view.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { view.endDrag(at: point, time: time) }
  func wheel(_ notches: Int, time: Double) {
    view.scroll(byWheel: Point(x: 0, y: notches > 0 ? 3 : -3), time: time)
  }
  func step(forward: Bool, vertical: Bool) { view.scroll(by: .pages(forward ? 1 : -1)) }
  // Page keys on a free list: a "stop" is the offset (in thousandths), a page per press.
  func targetStop(vertical: Bool) -> Int? { freeStop(view.restingContentOffset.y) }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    freeStop(afterPaging: view, from: index, forward: forward)
  }
  func restingStop(vertical: Bool) -> Int? { freeStop(view.contentOffset.y) }
  func resize(_ scale: Double) {
    view.viewportSize = Size(
      width: (baseViewport.width * scale).rounded(), height: baseViewport.height)
  }
  func reload() { view.reloadData() }
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
  func checkAtRest() -> String? {
    let offset = view.contentOffset.y
    if offset < view.minimumContentOffset.y || offset > view.maximumContentOffset.y {
      return "rests at y = \(offset), out of bounds"
    }
    return nil
  }
}









