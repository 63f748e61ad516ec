/// Moves an offset by a third of the viewport per frame, bouncing at both ends, so that
/// every frame is a steady-state frame (no wrap-around jump).
public struct FrameStepper {
  let maximum: Double
  let step: Double
  public var offset = 0.0
  var direction = 1.0

  /// A stepper over content `contentLength` long seen through `viewportLength`.
  public init(viewportLength: Double, step: Double, contentLength: Double) {
    maximum = max(0, contentLength - viewportLength)
    self.step = step
  }

  /// The next offset.
  public mutating func next() -> Double {
    offset += direction * step
    if offset > maximum {
      offset = maximum
      direction = -1
    } else if offset < 0 {
      offset = 0
      direction = 1
    }
    return offset
  }
}
