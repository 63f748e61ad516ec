import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

/// Seeded random sessions of what users do, per control: drags (released with and without
/// velocity), touches that catch running motions, key steps at random moments on the clock,
/// wheel notches, resizes, reloads, appends and requests to show an item. Whenever everything
/// comes to rest, the session checks what the controls promise:
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
        return
          "key presses should have led to stop \(stop) (\(vertical ? "vertical" : "horizontal")), "
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
