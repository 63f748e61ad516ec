/// The largest length, in points, that a layout accepts for one element. Longer lengths are
/// clamped to it, with a diagnostic: they are almost always a bug (an uninitialised value, a
/// unit mix-up), and they would push later offsets out of `Double`'s exact-integer range.
public let maximumElementLength: Double = 10_000_000

/// Clamps lengths that come from outside data, and collects one coalesced diagnostic for all
/// the bad values of a pass (rather than one per item).
package struct LengthSanitizer {
  /// What is being measured, for the message ("item length", "header length").
  package let subject: String
  package private(set) var invalidCount = 0
  private var firstPath = ItemPath(section: 0, item: 0)
  private var firstValue = 0.0

  package init(subject: String) { self.subject = subject }

  /// `value` when it is a finite length in `0 ... maximumElementLength`; otherwise 0 (for NaN,
  /// infinite or negative) or `maximumElementLength` (for too large), recording the problem.
  @inline(__always)
  package mutating func sanitize(_ value: Double, at path: ItemPath) -> Double {
    if value >= 0 && value <= maximumElementLength { return value }
    if invalidCount == 0 {
      firstPath = path
      firstValue = value
    }
    invalidCount += 1
    return value > maximumElementLength && value.isFinite ? maximumElementLength : 0
  }

  /// Reports the problems of this pass, if any, as one diagnostic.
  package func report(to diagnostics: Diagnostics) {
    guard invalidCount > 0 else { return }
    let fallback =
      firstValue > maximumElementLength && firstValue.isFinite
      ? "clamped to \(maximumElementLength)" : "clamped to 0"
    let others = invalidCount > 1 ? " (and \(invalidCount - 1) more)" : ""
    diagnostics.report(
      .invalidSize,
      "\(subject) at \(firstPath) is \(firstValue), \(fallback)\(others); lengths must be finite, "
        + "not negative, and at most \(maximumElementLength)")
  }
}

extension Diagnostics {
  /// Returns `value` if it is a finite, non-negative metric; otherwise reports it and returns 0.
  func sanitizedMetric(_ value: Double, _ name: String) -> Double {
    if value >= 0 && value <= maximumElementLength { return value }
    report(.invalidMetric, "\(name) is \(value); using 0")
    return 0
  }

  /// Returns `insets` if every edge is a finite, non-negative metric; otherwise reports them and
  /// returns them with the bad edges set to 0.
  func sanitizedInsets(_ insets: EdgeInsets, _ name: String) -> EdgeInsets {
    let clean = insets.sanitized
    let bounded = EdgeInsets(
      top: min(clean.top, maximumElementLength), left: min(clean.left, maximumElementLength),
      bottom: min(clean.bottom, maximumElementLength), right: min(clean.right, maximumElementLength)
    )
    if bounded != insets {
      report(
        .invalidMetric, "\(name) \(insets) has a NaN, infinite or negative edge; using \(bounded)")
    }
    return bounded
  }
}
