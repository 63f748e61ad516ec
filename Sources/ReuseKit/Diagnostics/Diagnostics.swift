/// A replaceable sink for ``Diagnostic`` reports.
///
/// Each collection view owns one and passes it to its layout through ``LayoutContext``; there
/// is no global instance. Install a ``handler`` to route reports to your logger (the terminal
/// host shows them in its status line). Whatever the handler, the sink keeps a count per code
/// and the most recent reports, so tests and debugging tools can inspect them.
///
/// By default nothing is written anywhere: the core does no I/O, and a report printed to a
/// full-screen host's terminal would corrupt its frame. Set ``handler`` (to
/// ``printToStandardOutput`` while debugging a headless test, say) to see reports as they come.
public final class Diagnostics {
  /// Called for every report; `nil` (the default) only records it.
  public var handler: ((Diagnostic) -> Void)?

  /// The most recent reports, oldest first, at most ``recentLimit`` of them.
  public private(set) var recent: [Diagnostic] = []

  /// How many reports ``recent`` keeps; 0 or less keeps none (the counts still grow).
  public var recentLimit = 32

  /// How many reports there have been, in all.
  public private(set) var totalCount = 0

  private var countsByCode: [Diagnostic.Code: Int] = [:]

  /// Creates a sink with `handler`, which defaults to none: reports are recorded only.
  public init(handler: ((Diagnostic) -> Void)? = nil) {
    self.handler = handler
  }

  /// A handler that prints each report's description: for headless tools and tests, never for
  /// a host that draws on the terminal it would print to.
  public static let printToStandardOutput: @Sendable (Diagnostic) -> Void = { print($0) }

  /// Records a report and passes it to the handler.
  public func report(_ diagnostic: Diagnostic) {
    totalCount += 1
    countsByCode[diagnostic.code, default: 0] += 1
    let limit = max(0, recentLimit)
    if limit > 0 {
      if recent.count >= limit { recent.removeFirst(recent.count - limit + 1) }
      recent.append(diagnostic)
    } else if !recent.isEmpty {
      recent.removeAll()
    }
    handler?(diagnostic)
  }

  /// Records a report built from a code and a message.
  public func report(_ code: Diagnostic.Code, _ message: String) {
    report(Diagnostic(code, message))
  }

  /// Whether an optional metric is absent or positive and finite; otherwise reports it as
  /// ``Diagnostic/Code/invalidMetric``, naming it and saying what happens `instead`.
  package func isValidOptionalMetric(_ value: Double?, _ name: String, instead: String) -> Bool {
    guard let value, !(value > 0 && value.isFinite) else { return true }
    report(.invalidMetric, "\(name) \(value) is invalid; \(instead)")
    return false
  }

  /// How many reports with `code` there have been.
  public func count(of code: Diagnostic.Code) -> Int { countsByCode[code] ?? 0 }

  /// Forgets the recorded reports and counts.
  public func removeAll() {
    recent.removeAll()
    countsByCode.removeAll()
    totalCount = 0
  }
}
