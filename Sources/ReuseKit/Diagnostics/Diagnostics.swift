/// A replaceable sink for ``Diagnostic`` reports.
///
/// Each collection view owns one and passes it to its layout through ``LayoutContext``; there
/// is no global instance. Install a ``handler`` to route reports to your logger (the terminal
/// host shows them in its status line). Whatever the handler, the sink keeps a count per code
/// and the most recent reports, so tests and debugging tools can inspect them.
public final class Diagnostics {
  /// Called for every report. The default prints `description` to standard output.
  public var handler: ((Diagnostic) -> Void)?

  /// The most recent reports, oldest first, at most ``recentLimit`` of them.
  public private(set) var recent: [Diagnostic] = []

  /// How many reports ``recent`` keeps.
  public var recentLimit = 32

  /// How many reports there have been, in all.
  public private(set) var totalCount = 0

  private var countsByCode: [Diagnostic.Code: Int] = [:]

  /// Creates a sink with `handler`, which defaults to printing each report.
  public init(handler: ((Diagnostic) -> Void)? = { print($0) }) {
    self.handler = handler
  }

  /// Records a report and passes it to the handler.
  public func report(_ diagnostic: Diagnostic) {
    totalCount += 1
    countsByCode[diagnostic.code, default: 0] += 1
    if recent.count >= max(1, recentLimit) { recent.removeFirst(recent.count - recentLimit + 1) }
    recent.append(diagnostic)
    handler?(diagnostic)
  }

  /// Records a report built from a code and a message.
  public func report(_ code: Diagnostic.Code, _ message: String) {
    report(Diagnostic(code, message))
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
