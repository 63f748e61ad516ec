/// Where rendered bytes go: the terminal, or memory in tests.
public protocol TerminalOutput: AnyObject {
  /// Writes `bytes` in order, all of them.
  func write(_ bytes: [UInt8])
}

/// A terminal output that keeps everything written, for tests.
public final class MemoryTerminal: TerminalOutput {
  /// Every byte written, in order.
  public private(set) var bytes: [UInt8] = []
  /// How many writes there were.
  public private(set) var writeCount = 0

  /// Creates an empty output.
  public init() {}

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) {
    self.bytes.append(contentsOf: bytes)
    writeCount += 1
  }

  /// Forgets what was written.
  public func reset() {
    bytes.removeAll()
    writeCount = 0
  }

  /// What was written, as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
