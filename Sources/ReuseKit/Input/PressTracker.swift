/// Tells a tap from a drag: a press that lifts without having travelled past the slop (or
/// left the place it went down) is a tap. Shared by the collection view's interpreter and the
/// controls that route a press themselves (the four-direction picker), so the rule is written
/// once.
public struct PressTracker: Hashable, Sendable {
  /// How far, in points, a press must travel to become a drag.
  public var slop: Double
  /// Where the press went down, while it is down.
  public private(set) var start: Point?
  /// Whether it has travelled past the slop since.
  public private(set) var hasMoved = false

  /// A tracker with `slop` points of tolerance.
  public init(slop: Double) { self.slop = slop }

  /// Whether a press is down.
  public var isPressed: Bool { start != nil }

  /// Follows `event`; returns `true` for the release of a tap.
  public mutating func track(_ event: PointerEvent) -> Bool {
    switch event.phase {
    case .began:
      start = event.location
      hasMoved = false
      return false
    case .moved:
      if let start, max(abs(event.location.x - start.x), abs(event.location.y - start.y)) >= slop {
        hasMoved = true
      }
      return false
    case .ended:
      defer { reset() }
      guard start != nil else { return false }
      _ = track(PointerEvent(.moved, at: event.location, time: event.time))
      return !hasMoved
    case .cancelled:
      reset()
      return false
    }
  }

  /// Forgets the press.
  public mutating func reset() {
    start = nil
    hasMoved = false
  }
}

/// Something that interprets pointer, wheel and key events: a collection view, or a control
/// built on collection views. Hosts translate their events and hand them here.
public protocol PointerInteractive: AnyObject {
  /// Handles a pointer event; returns whether it was used (a press outside the view is not).
  @discardableResult func handle(_ event: PointerEvent) -> Bool
  /// Handles a wheel event; returns whether it was used.
  @discardableResult func handle(_ event: WheelEvent) -> Bool
  /// Handles a key; returns whether it was used, so the host may give it to something else.
  @discardableResult func handle(_ key: KeyPress) -> Bool
}
