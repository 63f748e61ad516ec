import ReuseControls

/// The demo table: `rows` × 50 columns of generated people, places, dates, statuses and
/// numbers, each cell computed from its row and column when it shows (nothing is stored).
public final class DemoTable: TableContent {
  /// How many rows.
  public let rowCount: Int
  /// The columns' titles: ten kinds, then again numbered ("Amount 2").
  public let columnTitles: [String]
  static let kinds = [
    "#", "Name", "City", "Joined", "Status", "Plan", "Amount", "Quantity", "Rating", "Share",
  ]
  static let cities = [
    "Lisbon", "Osaka", "Nairobi", "Quito", "Tallinn", "Hobart", "Recife", "Bergen", "Hanoi",
    "Tucson", "Lyon", "Daegu", "Perth", "Split", "Cusco", "Izmir", "Malmö", "Goa", "Dakar",
    "Halifax",
  ]
  static let statuses = ["Active", "Paused", "Trial", "Closed"]
  static let plans = ["Free", "Pro", "Team", "Enterprise"]

  /// A demo of `rows` rows and `columns` columns (50 by default).
  public init(rows: Int, columns: Int = 50) {
    rowCount = max(0, rows)
    columnTitles = (0..<max(1, columns)).map { column in
      let kind = column < Self.kinds.count ? column : 1 + (column - 1) % (Self.kinds.count - 1)
      let round = column < Self.kinds.count ? 1 : 1 + (column - 1) / (Self.kinds.count - 1)
      return Self.kinds[kind] + (round > 1 ? " \(round)" : "")
    }
  }

  /// The kind (an index into ``kinds``) of `column`.
  static func kind(of column: Int) -> Int {
    column < kinds.count ? column : 1 + (column - 1) % (kinds.count - 1)
  }

  /// A number drawn from the row and column, the same every time.
  static func draw(_ row: Int, _ column: Int) -> UInt64 {
    var z =
      UInt64(truncatingIfNeeded: row) &* 0x9E37_79B9_7F4A_7C15
      &+ UInt64(truncatingIfNeeded: column) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// What a screen reader names the grid.
  public var name: String { "Accounts" }

  /// Every cell is there at once.
  public func text(row: Int, column: Int) -> String? {
    guard row >= 0, row < rowCount, column >= 0, column < columnTitles.count else { return nil }
    let value = Self.draw(row, column)
    switch Self.kind(of: column) {
    case 0: return (row + 1).formatted
    case 1: return DemoData.title(forItem: Int(value % 576))
    case 2: return Self.cities[Int(value % UInt64(Self.cities.count))]
    case 3: return Self.isoDate(days: Int(value % 3_650))
    case 4: return Self.statuses[Int(value % 4)]
    case 5: return Self.plans[Int(value % 4)]
    case 6: return Self.cents(Int(value % 1_000_000))
    case 7: return String(value % 1_000)
    case 8: return Self.tenths(Int(value % 41) + 10)
    default: return "\(value % 101) %"
    }
  }

  /// Numbers sort as numbers (dates by their day), the rest as text.
  public func sortKey(row: Int, column: Int) -> TableSortKey {
    let value = Self.draw(row, column)
    switch Self.kind(of: column) {
    case 0: return .number(Double(row))
    case 3: return .number(Double(value % 3_650))
    case 6: return .number(Double(value % 1_000_000) / 100)
    case 7: return .number(Double(value % 1_000))
    case 8: return .number(Double(value % 41 + 10) / 10)
    case 9: return .number(Double(value % 101))
    default: return .text(text(row: row, column: column) ?? "")
    }
  }

  /// The number columns.
  public func isNumeric(column: Int) -> Bool {
    [0, 3, 6, 7, 8, 9].contains(Self.kind(of: column))
  }

  /// Nothing arrives: all is there.
  public func update() -> (loadedRows: Range<Int>, countChanged: Bool) { (0..<0, false) }

  /// All is there.
  public var loadingStatus: String? { nil }

  /// "2019-04-12": day `days` after 1 January 2015.
  static func isoDate(days: Int) -> String {
    // Days since 1970 → civil date (Howard Hinnant's algorithm).
    let z = days + 16_436 + 719_468
    let era = z / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day))"
  }

  /// "12,345.67" from cents.
  static func cents(_ cents: Int) -> String {
    let rest = cents % 100
    return "\((cents / 100).formatted).\(rest < 10 ? "0" : "")\(rest)"
  }

  /// "4.2" from tenths.
  static func tenths(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }
}
