// What the platform layer reports: the terminal's size, and what woke a wait for input.

/// The size of the terminal, in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var columns: Int
  /// Rows.
  public var rows: Int

  /// Creates a size; negative values become 0.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  /// `80x24`.
  public var description: String { "\(columns)x\(rows)" }
}

/// What woke a wait for input: bytes ready on the `input`, a `resize` (SIGWINCH), the process
/// `resumed` after a suspension (SIGCONT: redraw everything), the `inputClosed` (end of file or
/// an error).
public struct PlatformWake: OptionSet, Sendable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates a value from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let input = PlatformWake(rawValue: 1), resize = PlatformWake(rawValue: 2)
  public static let resumed = PlatformWake(rawValue: 4), inputClosed = PlatformWake(rawValue: 8)
}
