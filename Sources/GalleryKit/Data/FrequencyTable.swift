import ReuseControls

/// A column's frequency table, as VisiData's Shift-F makes one: each distinct value with how
/// many rows hold it, its share of the rows and a bar, the most frequent first. A second table
/// over the same data: Enter on a value goes back and shows only the rows that hold it.
public final class FrequencyTable: TableContent {
  /// The table it counts.
  public let parent: (any TableContent)?
  /// The counted column, in the parent.
  public let column: Int
  /// The counted column's title.
  public let columnTitle: String
  /// The distinct values and their counts, the most frequent first (ties by value).
  public let values: [(value: String, count: Int)]
  /// The rows counted.
  public let total: Int
  /// Which rows were counted when not all: the filter shown ("“pebble” in Name").
  public let scope: String
  /// Whether the counted column holds numbers: its values then sort (and tie) as numbers and
  /// show right-aligned.
  public let isNumericValue: Bool

  /// The frequencies of `counts` (value to rows), for `column` titled `columnTitle` of
  /// `parent`, counted in the rows `scope` says (empty: all).
  public convenience init(
    counts: [String: Int], column: Int, columnTitle: String, parent: (any TableContent)?,
    scope: String = "", numeric: Bool = false
  ) {
    self.init(
      ranked: Self.rank(counts, numeric: numeric), column: column, columnTitle: columnTitle,
      parent: parent, scope: scope, numeric: numeric)
  }

  /// The frequencies already in order (``rank(_:numeric:)``, made off the loop for many
  /// values).
  public init(
    ranked: [(value: String, count: Int)], column: Int, columnTitle: String,
    parent: (any TableContent)?, scope: String = "", numeric: Bool = false
  ) {
    self.parent = parent
    self.scope = scope
    self.column = column
    self.columnTitle = columnTitle
    isNumericValue = numeric
    values = ranked
    total = ranked.reduce(0) { $0 + $1.count }
  }

  /// `counts` in a frequency table's order: the most frequent first, ties by value (as
  /// numbers for a `numeric` column).
  ///
  /// - Complexity: O(n log n) for n values.
  public static func rank(_ counts: [String: Int], numeric: Bool) -> [(value: String, count: Int)] {
    let entries = counts.map {
      (value: $0.key, count: $0.value, number: numeric ? Self.number($0.key) : nil)
    }
    return
      entries.sorted { a, b in
        a.count != b.count
          ? a.count > b.count : Self.precedes((a.value, a.number), (b.value, b.number))
      }
      .map { (value: $0.value, count: $0.count) }
  }

  /// A value as a number, for a numeric column ("6,528.58" is 6528.58), else `nil`.
  static func number(_ value: String) -> Double? {
    Double(value.replacing(",", with: ""))
  }

  /// Values in order: numbers first and by size, then the rest by their bytes.
  static func precedes(_ a: (String, Double?), _ b: (String, Double?)) -> Bool {
    switch (a.1, b.1) {
    case (let x?, let y?) where x != y: return x < y
    case (.some, nil): return true
    case (nil, .some): return false
    default: return a.0.utf8.lexicographicallyPrecedes(b.0.utf8)
    }
  }

  /// "Frequencies of Name", and "among “pebble” in City" for a filter's rows.
  public var name: String {
    "Frequencies of \(columnTitle)\(scope.isEmpty ? "" : " among \(scope)")"
  }
  /// The value, Count, Percent and a bar.
  public var columnTitles: [String] { [columnTitle, "Count", "Percent", "Histogram"] }
  /// One row per distinct value.
  public var rowCount: Int { values.count }

  /// How many characters the longest bar takes.
  static let barWidth = 24

  /// The bar of `count` against the largest count `most`: whole blocks, then an eighth block
  /// (▏ to ▉) for what is left, rounded up so that no count draws nothing. In whole blocks
  /// alone, counts 2 % apart drew the same bar (507, 506, 495 and 492 of a 507: a new user's
  /// finding).
  static func bar(_ count: Int, of most: Int) -> String {
    let most = max(1, most)
    let eighths = max(1, (min(count, most) * Self.barWidth * 8 + most - 1) / most)
    let partial = eighths % 8 == 0 ? "" : String(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1])
    return String(repeating: "█", count: eighths / 8) + partial
  }

  /// The value (empty shown as "(empty)"), its count, its share and its bar.
  public func text(row: Int, column: Int) -> String? {
    guard values.indices.contains(row) else { return nil }
    let (value, count) = values[row]
    switch column {
    case 0: return value.isEmpty ? "(empty)" : value
    case 1: return count.formatted
    case 2:
      let tenths = total > 0 ? (count * 1_000 + total / 2) / total : 0
      guard tenths == 0, count > 0, total > 0 else { return "\(tenths / 10).\(tenths % 10) %" }
      // Under a twentieth of a per cent: two more digits, so that thousands of rare values
      // do not all read "0.0 %" (a 3,650-value column of a million rows did); "< 0.001 %" below.
      let thousandths = (count * 100_000 + total / 2) / total
      guard thousandths > 0 else { return "< 0.001 %" }
      let digits = String(thousandths)
      return "0.0" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits + " %"
    default: return Self.bar(count, of: values.first?.count ?? 1)
    }
  }

  /// Values as text, the rest by count.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    guard values.indices.contains(row) else { return .missing }
    guard column == 0 else { return .number(Double(values[row].count)) }
    let value = values[row].value
    guard isNumericValue, Self.number(value) != nil else { return .text(value) }
    return TableSortKey(reading: value.replacing(",", with: ""))
  }

  /// Count and Percent are numbers.
  public func isNumeric(column: Int) -> Bool {
    column == 1 || column == 2 || (column == 0 && isNumericValue)
  }

  /// Nothing arrives.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) { (0..<0, false) }

  /// All is there.
  public var loadingStatus: String? { nil }
}

/// Counting a column's values for its frequency table: a slice of rows a frame on the loop
/// (for content read from memory), or by the content where its rows live (a database's
/// `GROUP BY`, ``TableContent/countValues(column:)``).
struct FrequencyScan {
  let column: Int
  let rowCount: Int
  /// The source rows to count (a filter's, in any order), or `nil` for all.
  let rows: [Int]?
  private(set) var scanned = 0
  private(set) var counts: [String: Int] = [:]
  /// Whether the count has decided how much room its dictionary takes.
  private var reserved = false
  /// The count running where the rows live, if the content runs one.
  let job: TableCountJob?
  private(set) var problem: String?
  /// Whether the job's counts were taken (by ``advance(while:text:)``). Asking the job itself
  /// raced: it could finish between taking its result and asking whether it was done, and
  /// the values shown were none.
  private var tookJobResult = false

  init(column: Int, rowCount: Int, rows: [Int]? = nil, job: TableCountJob?) {
    self.column = column
    self.rowCount = rows?.count ?? rowCount
    self.rows = rows
    self.job = job
  }

  /// Whether every row is counted.
  var isDone: Bool {
    problem != nil || (job == nil ? scanned >= rowCount : tookJobResult)
  }

  /// Counts more rows while `hasTime()` says so (512 at least), reading cells with `text`.
  mutating func advance(while hasTime: () -> Bool, text: (Int) -> String?) {
    if let job {
      switch job.result {
      case .success(let found)?:
        counts = found
        scanned = rowCount
        tookJobResult = true
      case .failure(let error)?: problem = error.message
      case nil: break
      }
      return
    }
    repeat {
      let end = min(rowCount, scanned + 512)
      while scanned < end {
        counts[text(rows?[scanned] ?? scanned) ?? "", default: 0] += 1
        scanned += 1
      }
      // Most values distinct so far (an id column): room for all of them now, while the
      // dictionary is small, rather than a rehash of hundreds of thousands in one frame.
      if !reserved, scanned >= 4_096 {
        reserved = true
        if counts.count * 2 > scanned { counts.reserveCapacity(rowCount) }
      }
    } while !isDone && hasTime()
  }

  /// "counting the values of Name… 45 %".
  func status(columnTitle: String) -> String {
    if let problem { return "the count stopped: \(problem)" }
    if isDone { return "putting \(plural(counts.count, "value")) in order… (Esc cancels)" }
    let percent = job == nil ? " \(100 * scanned / max(1, rowCount)) %" : ""
    return "counting the values of \(columnTitle)…\(percent) (Esc cancels)"
  }
}

/// A count of a column's values running off the loop where the rows live.
public final class TableCountJob: Sendable {
  private let state = Locked<Result<[String: Int], DataFileError>?>(nil)

  /// A job; its work calls ``finish(_:)``.
  public init() {}

  /// The counts, or why they could not be made.
  public func finish(_ result: Result<[String: Int], DataFileError>) {
    state.withLock { $0 = result }
  }

  /// The result, once there is one.
  public var result: Result<[String: Int], DataFileError>? { state.withLock { $0 } }
}
