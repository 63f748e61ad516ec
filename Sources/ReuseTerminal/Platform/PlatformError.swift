/// A failure of the terminal platform.
public enum PlatformError: Error, CustomStringConvertible, Sendable {
  /// Standard input is not a terminal (or cannot be configured as one).
  case notATerminal(String)
  /// A system call failed.
  case system(String)

  /// What went wrong.
  public var description: String {
    switch self {
    case .notATerminal(let reason): return "not a terminal: \(reason)"
    case .system(let reason): return reason
    }
  }
}
