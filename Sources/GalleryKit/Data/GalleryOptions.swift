/// What every page is built from: the command-line options and where diagnostics go.
public struct GalleryOptions: Sendable {
  /// How many items demos generate.
  public var itemCount: Int
  /// Data loaded from `--data`, if any.
  public var data: GalleryData?
  /// A CSV file from `--data FILE.csv`, read by the table page.
  public var csv: CSVFile?
  /// How many rows the table page's demo generates.
  public var tableRows: Int
  /// A SQLite database from `--data FILE.sqlite`: the table page opens on its tables.
  public var sqlite: SQLiteFile?
  /// Records from `--data FILE.json` holding an array of objects: the table page shows them.
  public var records: JSONRecords?
  /// What the table page shows when its content comes from elsewhere (a PostgreSQL server's
  /// tables, `--data postgresql://…`), made with the page's clock; first of all the sources.
  public var tableContent:
    (@Sendable (_ clock: @escaping @Sendable () -> Double) -> any TableContent)?

  /// Creates options.
  public init(
    itemCount: Int = 1_000, data: GalleryData? = nil, csv: CSVFile? = nil,
    tableRows: Int = 1_000_000, sqlite: SQLiteFile? = nil, records: JSONRecords? = nil
  ) {
    self.sqlite = sqlite
    self.records = records
    self.itemCount = itemCount
    self.data = data
    self.csv = csv
    self.tableRows = tableRows
  }
}
