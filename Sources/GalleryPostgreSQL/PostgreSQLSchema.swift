#if PostgreSQL
  import GalleryKit

  /// What the table page needs to know of a server's table or view, read from its catalog:
  /// nothing of its rows.
  public struct PostgreSQLTableInfo: Sendable, Hashable {
    /// Its schema ("public").
    public var schema: String
    /// Its name.
    public var name: String
    /// Whether it is a view (or a materialized one).
    public var isView: Bool
    /// Its columns' names.
    public var columns: [String]
    /// The columns of a number type (integers, floats, numeric), drawn right-aligned.
    public var numericColumns: Set<Int>
    /// The columns an index starts with: sorting by one is an `ORDER BY` through it.
    public var indexedColumns: Set<Int>
    /// The primary key's column, when the key is one column (what orders ties and finds a
    /// row again after a sort).
    public var keyColumn: Int?
    /// Whether the key is an integer: dense keys make a page a key range.
    public var hasIntegerKey: Bool
    /// The planner's estimate of its rows (`reltuples`; −1 when never analysed).
    public var estimatedRows: Int

    /// "orders", or "sales.orders" outside the `public` schema.
    public var displayName: String { schema == "public" ? name : "\(schema).\(name)" }

    /// Its quoted, schema-qualified name for SQL.
    public var quotedName: String { quote(schema) + "." + quote(name) }
  }

  /// `name` as a quoted SQL identifier: in double quotes, each double quote doubled (a name
  /// cannot be bound).
  public func quote(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
  }

  extension PostgreSQLSession {
    /// The tables and views the user may read (the system's own left out), from the catalog
    /// in three queries whatever their number.
    public func tables() async throws(DataFileError) -> [PostgreSQLTableInfo] {
      var tables: [Int: PostgreSQLTableInfo] = [:]
      var order: [Int] = []
      try await query(
        """
        SELECT c.oid::int8, n.nspname::text, c.relname::text, c.relkind::text, \
        greatest(c.reltuples, -1)::int8 \
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
        WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') \
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') \
        AND n.nspname NOT LIKE 'pg\\_toast%' AND has_table_privilege(c.oid, 'SELECT') \
        ORDER BY n.nspname = 'public' DESC, n.nspname, c.relname
        """
      ) { row in
        guard let oid = row[0].flatMap({ Int($0) }) else { return true }
        order.append(oid)
        tables[oid] = PostgreSQLTableInfo(
          schema: row[1] ?? "", name: row[2] ?? "", isView: row[3] == "v" || row[3] == "m",
          columns: [], numericColumns: [], indexedColumns: [], keyColumn: nil,
          hasIntegerKey: false, estimatedRows: row[4].flatMap { Int($0) } ?? -1)
        return true
      }
      guard !order.isEmpty else { return [] }
      try await query(
        """
        SELECT a.attrelid::int8, a.attname::text, t.typcategory::text \
        FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid \
        WHERE a.attrelid = ANY(string_to_array($1, ',')::oid[]) AND a.attnum > 0 \
        AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum
        """, [.text(order.map(String.init).joined(separator: ","))]
      ) { row in
        guard let oid = row[0].flatMap({ Int($0) }), tables[oid] != nil else { return true }
        if row[2] == "N" { tables[oid]!.numericColumns.insert(tables[oid]!.columns.count) }
        tables[oid]!.columns.append(row[1] ?? "")
        return true
      }
      try await query(
        """
        SELECT i.indrelid::int8, a.attname::text, i.indisprimary AND i.indnkeyatts = 1, \
        format_type(a.atttypid, NULL) IN ('integer', 'bigint', 'smallint') \
        FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] \
        WHERE i.indrelid = ANY(string_to_array($1, ',')::oid[]) AND i.indkey[0] > 0
        """, [.text(order.map(String.init).joined(separator: ","))]
      ) { row in
        guard let oid = row[0].flatMap({ Int($0) }), var table = tables[oid],
          let column = table.columns.firstIndex(of: row[1] ?? "")
        else { return true }
        table.indexedColumns.insert(column)
        if row[2] == "t" {
          table.keyColumn = column
          table.hasIntegerKey = row[3] == "t"
        }
        tables[oid] = table
        return true
      }
      return order.compactMap { tables[$0] }
    }
  }
#endif
