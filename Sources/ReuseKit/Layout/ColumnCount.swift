/// How many columns a grid or waterfall section has.
public enum ColumnCount: Sendable {
  /// The same number in every section.
  case fixed(Int)
  /// A number per section.
  case perSection(@Sendable (Int) -> Int)
  /// As many columns as fit, each at least `minimumWidth` wide (with the spacing between
  /// them), and at least one: the count follows the width.
  case adaptive(minimumWidth: Double)

  /// The largest column count a layout accepts; more are clamped, with a diagnostic.
  public static let maximum = 1_000
}

/// The horizontal geometry of one section's columns, sanitised.
struct ColumnGeometry: Equatable {
  var count: Int
  var width: Double
  var left: Double
  var spacing: Double

  /// The columns of a section `width` wide (insets already removed).
  init(
    _ columns: ColumnCount, section: Int, width: Double, left: Double, spacing: Double,
    diagnostics: Diagnostics, subject: String
  ) {
    var count: Int
    switch columns {
    case .fixed(let value): count = value
    case .perSection(let countOf): count = countOf(section)
    case .adaptive(let minimum):
      let clean = minimum.isFinite && minimum > 0 ? minimum : 1
      if clean != minimum {
        diagnostics.report(
          .invalidMetric, "\(subject): minimum column width \(minimum) is invalid; using 1")
      }
      let fitting = (width + spacing) / (clean + spacing)
      count = fitting.isFinite ? Int(Swift.max(1, Swift.min(fitting.rounded(.down), 1e6))) : 1
    }
    if count < 1 || count > ColumnCount.maximum {
      let clamped = Swift.min(Swift.max(1, count), ColumnCount.maximum)
      diagnostics.report(
        .invalidConfiguration,
        "\(subject): \(count) columns in section \(section); using \(clamped)")
      count = clamped
    }
    self.count = count
    self.spacing = spacing
    self.left = left
    self.width = Swift.max(0, (width - Double(count - 1) * spacing) / Double(count))
  }

  /// Where column `column` starts.
  @inline(__always)
  func x(of column: Int) -> Double { left + Double(column) * (width + spacing) }

  /// The columns that meet `minX ..< maxX`.
  func columns(meeting minX: Double, _ maxX: Double) -> Range<Int> {
    let stride = width + spacing
    guard stride > 0 else { return 0..<count }
    let first = Int(
      Swift.max(0, Swift.min(Double(count), ((minX - left - width) / stride).rounded(.down) + 1)))
    let last = Int(Swift.max(0, Swift.min(Double(count), ((maxX - left) / stride).rounded(.up))))
    return first..<Swift.max(first, last)
  }
}
