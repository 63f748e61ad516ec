/// A report about outside data that was wrong and has been replaced by a safe fallback.
///
/// ReuseKit never crashes on bad counts, sizes, insets or updates. It clamps or falls back,
/// and reports what it did through ``Diagnostics``. Each diagnostic has a stable ``code`` to
/// match on and a human-readable ``message`` that names the place and the fallback.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem was found.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    /// A size or length was NaN, infinite, negative or too large; it was clamped.
    case invalidSize
    /// A section or item count was negative or too large; it was clamped.
    case invalidCount
    /// Insets, spacing or another metric was NaN, infinite or negative; it was clamped.
    case invalidMetric
    /// An index path was out of range for the current data; the request was ignored.
    case indexPathOutOfRange
    /// A batch update did not match the data source's counts; the view reloaded instead.
    case inconsistentUpdate
    /// Data contained duplicate identifiers; the stated duplicate policy was applied.
    case duplicateIdentifier
    /// An identifier named by an operation is not in the data; the operation was ignored.
    case unknownIdentifier
    /// A delegate or data source changed state re-entrantly; the change was deferred.
    case reentrantUpdate
    /// The data source's counts changed without a reload; the view reloaded.
    case dataSourceChangedWithoutReload
    /// A configuration value was out of its valid range; it was clamped.
    case invalidConfiguration
  }

  /// The kind of problem.
  public var code: Code
  /// What was wrong, where, and what was done instead.
  public var message: String
  /// For ``Code/inconsistentUpdate``: the mismatch, as a value to match on.
  public var batchUpdateError: BatchUpdateError?

  /// Creates a diagnostic.
  public init(_ code: Code, _ message: String, batchUpdateError: BatchUpdateError? = nil) {
    self.code = code
    self.message = message
    self.batchUpdateError = batchUpdateError
  }

  /// `[ReuseKit] <code>: <message>`.
  public var description: String { "[ReuseKit] \(code.rawValue): \(message)" }
}
