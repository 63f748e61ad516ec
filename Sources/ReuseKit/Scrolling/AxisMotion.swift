/// The animation of one axis of a scroll view's offset, as closed-form functions of time.
///
/// Because every motion is evaluated from its start time rather than integrated tick by tick,
/// a fling lands on the same offset whatever the tick rate, and a replay is exact.
struct AxisMotion {
  /// What moves the axis.
  enum Kind: Equatable {
    /// Nothing: the axis rests.
    case idle
    /// Exponential decay from `origin` at `velocity` (pt/s), keeping `rate` per millisecond.
    case decay(origin: Double, velocity: Double, rate: Double)
    /// A decay whose rate was fitted so that it comes to rest exactly on `target`.
    case aimedDecay(origin: Double, target: Double, velocity: Double, rate: Double)
    /// A critically damped spring toward `target`, starting at `origin` with `velocity`.
    case spring(target: Double, origin: Double, velocity: Double, stiffness: Double)
    /// An ease-in-out curve from `origin` to `target` over `duration` seconds.
    case ease(origin: Double, target: Double, duration: Double)
  }

  var kind = Kind.idle
  /// When the motion started, in seconds on the host's clock.
  var start = 0.0

  /// Below this speed (pt/s) a motion counts as stopped.
  static let restingVelocity = 1.0
  /// Within this distance (pt) of its target a spring counts as arrived.
  static let restingDistance = 0.25

  var isIdle: Bool { kind == .idle }

  /// Where the motion will come to rest, if known.
  var restingPosition: Double? {
    switch kind {
    case .idle: return nil
    case .decay(let origin, let velocity, let rate):
      return origin + velocity / 1000 * rate / (1 - rate)
    case .aimedDecay(_, let target, _, _), .spring(let target, _, _, _), .ease(_, let target, _):
      return target
    }
  }

  /// The position and velocity at `time`, and whether the motion has finished (in which case
  /// the position is exactly the resting position).
  func sample(at time: Double) -> (position: Double, velocity: Double, finished: Bool) {
    let t = max(0, time - start)
    switch kind {
    case .idle:
      return (0, 0, true)
    case .decay(let origin, let velocity, let rate):
      // Per-millisecond decay, in closed form: v(t) = v0 · rate^ms, and the distance is the
      // sum of the geometric series, which tends to v0 / 1000 · rate / (1 − rate).
      let milliseconds = t * 1000
      let kept = power(rate, milliseconds)
      let current = velocity * kept
      let travel = velocity / 1000 * rate / (1 - rate)
      if abs(current) < AxisMotion.restingVelocity {
        return (origin + travel, 0, true)
      }
      return (origin + travel * (1 - kept), current, false)
    case .aimedDecay(let origin, let target, let velocity, let rate):
      let kept = power(rate, t * 1000)
      let current = velocity * kept
      if abs(current) < AxisMotion.restingVelocity { return (target, 0, true) }
      return (origin + (target - origin) * (1 - kept), current, false)
    case .spring(let target, let origin, let velocity, let omega):
      // Critically damped: x(t) = target + (a + b·t)·e^(−ωt).
      let a = origin - target
      let b = velocity + omega * a
      let decay = exponential(-omega * t)
      let position = target + (a + b * t) * decay
      let speed = (b - omega * (a + b * t)) * decay
      if abs(position - target) < AxisMotion.restingDistance
        && abs(speed) < AxisMotion.restingVelocity * 10
      {
        return (target, 0, true)
      }
      return (position, speed, false)
    case .ease(let origin, let target, let duration):
      guard duration > 0, t < duration else { return (target, 0, true) }
      let p = t / duration
      // Cubic ease-in-out.
      let eased = p < 0.5 ? 4 * p * p * p : 1 - power(-2 * p + 2, 3) / 2
      let slope = p < 0.5 ? 12 * p * p : 3 * power(-2 * p + 2, 2)
      return (origin + (target - origin) * eased, (target - origin) * slope / duration, false)
    }
  }

  /// A decay that comes to rest exactly at `target`, starting at `origin` with `velocity`, if
  /// one exists with a rate that feels natural; otherwise a spring.
  static func settle(
    from origin: Double, velocity: Double, to target: Double, at time: Double
  )
    -> AxisMotion
  {
    let distance = target - origin
    if abs(distance) < restingDistance && abs(velocity) < restingVelocity {
      return AxisMotion(kind: .idle, start: time)
    }
    if distance != 0, velocity != 0, (distance > 0) == (velocity > 0) {
      // rate / (1 − rate) = k, where k = 1000 · distance / velocity.
      let k = 1000 * distance / velocity
      let rate = k / (1 + k)
      if rate >= 0.95 && rate <= 0.9985 {
        return AxisMotion(
          kind: .aimedDecay(origin: origin, target: target, velocity: velocity, rate: rate),
          start: time)
      }
    }
    return AxisMotion(
      kind: .spring(target: target, origin: origin, velocity: velocity, stiffness: 14), start: time)
  }

  /// A spring back to `target` from a displaced `origin` (a bounce), with the entering
  /// velocity limited so that the overshoot stays under `maximumOvershoot`.
  static func bounce(
    from origin: Double, velocity: Double, to target: Double, maximumOvershoot: Double,
    at time: Double
  ) -> AxisMotion {
    let omega = 12.0
    // A critically damped spring entering at v peaks v / (ω·e) beyond its start.
    let limit = max(0, maximumOvershoot) * omega * 2.718281828
    let clamped = max(-limit, min(limit, velocity))
    return AxisMotion(
      kind: .spring(target: target, origin: origin, velocity: clamped, stiffness: omega),
      start: time)
  }

  /// Moves the whole motion by `delta` (the content moved underneath it).
  mutating func shift(by delta: Double) {
    switch kind {
    case .idle: break
    case .decay(let origin, let velocity, let rate):
      kind = .decay(origin: origin + delta, velocity: velocity, rate: rate)
    case .aimedDecay(let origin, let target, let velocity, let rate):
      kind = .aimedDecay(
        origin: origin + delta, target: target + delta, velocity: velocity, rate: rate)
    case .spring(let target, let origin, let velocity, let stiffness):
      kind = .spring(
        target: target + delta, origin: origin + delta, velocity: velocity, stiffness: stiffness)
    case .ease(let origin, let target, let duration):
      kind = .ease(origin: origin + delta, target: target + delta, duration: duration)
    }
  }
}
