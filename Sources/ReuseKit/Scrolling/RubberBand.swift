/// The resistance a scroll view offers past its content edges while dragged.
///
/// UIKit's curve: `f(x) = x · c · d / (d + c · x)` for a drag `x` points past the edge, with
/// constant `c = 0.55`. Near the edge the content follows the finger at 55 %; further out it
/// resists more and more and never passes `d`. ReuseKit takes `d` as half the viewport (UIKit
/// uses the whole one), so an overshoot can never exceed half the viewport, however far a drag
/// goes; the feel near the edge (slope 0.55) is the same.
public enum RubberBand {
  /// UIKit's constant.
  public static let coefficient = 0.55

  /// How far content is displaced for a drag `distance` points past an edge (either sign),
  /// in a viewport `viewportLength` long.
  @inlinable
  public static func displacement(forDrag distance: Double, viewportLength: Double) -> Double {
    let dimension = max(1, viewportLength / 2)
    let magnitude = abs(distance)
    let result = magnitude * coefficient * dimension / (dimension + coefficient * magnitude)
    return distance < 0 ? -result : result
  }

  /// The drag distance that produces `displacement`: the inverse of
  /// ``displacement(forDrag:viewportLength:)``, for resuming a drag on displaced content.
  @inlinable
  public static func drag(forDisplacement displacement: Double, viewportLength: Double) -> Double {
    let dimension = max(1, viewportLength / 2)
    let magnitude = min(abs(displacement), dimension * 0.999)
    let result = magnitude * dimension / (coefficient * (dimension - magnitude))
    return displacement < 0 ? -result : result
  }
}
