import ReuseKit

/// Supplies a ``TableView``'s rows, cells and sort keys, by the data's own row order.
///
/// ### Call rules
/// - Rows are the data's rows (its *source* order), whatever the table's sort: the table shows
///   them sorted, and asks by source row.
/// - A row the data does not have yet (still loading) gets a placeholder cell; when it arrives,
///   call ``TableView/reloadRows(_:)`` and its cells are configured again, as Android's Paging
///   shows placeholders.
/// - `cellForRow` must return ``TableView/dequeueReusableCell(withReuseIdentifier:)`` configured
///   (dequeue, never allocate).
public protocol TableViewDataSource: AnyObject {
  /// How many rows there are (placeholders for rows still loading included).
  func numberOfRows(in tableView: TableView) -> Int
  /// The cell for source row `row` in column `column`.
  func tableView(_ tableView: TableView, cellForRow row: Int, column: Int) -> CollectionViewCell
  /// The header of `column` (``TableView/dequeueReusableHeader(withReuseIdentifier:)``
  /// configured). The default is a blank view.
  func tableView(_ tableView: TableView, headerForColumn column: Int) -> ReusableView
  /// The key that sorts source row `row` by `column`; ``TableSortKey/missing`` for a row not
  /// loaded yet (it sorts last). Asked once per row when a sort is applied. The default is
  /// `.missing` for every row: the column does not sort.
  func tableView(_ tableView: TableView, sortKeyForRow row: Int, column: Int) -> TableSortKey

  /// Whether the data source orders the rows itself by `descriptor` (`nil`: their stored
  /// order), as a database does with `ORDER BY`, instead of the table asking every row's key.
  /// Return `true` to take the sort; call ``TableView/dataSourceDidSort(by:)`` once the rows
  /// are in the new order (at once, or when a job off the loop ends). The default, `false`,
  /// lets the table sort.
  func tableView(_ tableView: TableView, sortRowsBy descriptor: TableSortDescriptor?) -> Bool

  /// A reader of every row's key for `column` that runs off the caller's thread, for a
  /// background sort (``TableView/beginSort(by:)``), or `nil` (the default): the table then
  /// asks ``tableView(_:sortKeyForRow:column:)`` a slice per frame on its own thread. Give one
  /// when the keys can be read without the data source's thread (a file read again on the
  /// sort's thread, say): the keys of 10⁷ rows are then read at full speed instead of a few
  /// milliseconds a frame. Its keys must be the ones `sortKeyForRow` gives.
  func tableView(_ tableView: TableView, sortKeyReaderForColumn column: Int) -> TableSortKeyReader?

  /// What the cell of source row `row` in `column` tells a screen reader (its label, value and
  /// hint), without the cell: asked for a cell that is not displayed, such as the focused one
  /// after a sort moved its row off screen. The default, `nil`, leaves it unlabelled. Give the
  /// description ``tableView(_:cellForRow:column:)`` gives its cell.
  func tableView(
    _ tableView: TableView, accessibilityDescriptionOfRow row: Int, column: Int
  ) -> AccessibilityDescription?
}

/// Reads a column's sort keys on a background sort's thread
/// (``TableViewDataSource/tableView(_:sortKeyReaderForColumn:)``).
public struct TableSortKeyReader: Sendable {
  /// The rows it reads: the table's row count when the sort begins (another count is not
  /// used: the table gathers the keys itself).
  public let rowCount: Int
  /// Reads the keys of rows `0..<rowCount`, in order, telling `progress` how many are read
  /// now and then; `nil` when `isCancelled` says stop (asked now and then).
  public let read:
    @Sendable (_ progress: (Int) -> Void, _ isCancelled: () -> Bool) -> [TableSortKey]?

  /// A reader of `rowCount` keys.
  public init(
    rowCount: Int,
    read:
      @escaping @Sendable (_ progress: (Int) -> Void, _ isCancelled: () -> Bool) -> [TableSortKey]?
  ) {
    self.rowCount = rowCount
    self.read = read
  }
}

extension TableViewDataSource {
  /// No description: a cell not displayed is not labelled.
  public func tableView(
    _ tableView: TableView, accessibilityDescriptionOfRow row: Int, column: Int
  ) -> AccessibilityDescription? {
    nil
  }

  /// No reader: the table asks for the keys a slice at a time.
  public func tableView(
    _ tableView: TableView, sortKeyReaderForColumn column: Int
  ) -> TableSortKeyReader? {
    nil
  }

  /// The table sorts.
  public func tableView(
    _ tableView: TableView, sortRowsBy descriptor: TableSortDescriptor?
  )
    -> Bool
  {
    false
  }

  /// A blank header.
  public func tableView(_ tableView: TableView, headerForColumn column: Int) -> ReusableView {
    tableView.dequeueBlankHeader()
  }
  /// Nothing sorts.
  public func tableView(
    _ tableView: TableView, sortKeyForRow row: Int, column: Int
  )
    -> TableSortKey
  {
    .missing
  }
}

/// Hears what a ``TableView``'s user does. Every method has a default that does nothing.
public protocol TableViewDelegate: AnyObject {
  /// The focused cell moved (source row and column), by a key or a click.
  func tableView(_ tableView: TableView, didFocusRow row: Int, column: Int)
  /// The selection changed.
  func tableViewSelectionDidChange(_ tableView: TableView)
  /// A sort was applied (`nil`: back to the data's order).
  func tableView(_ tableView: TableView, didSortBy descriptor: TableSortDescriptor?)
  /// A column was resized, moved, hidden or shown.
  func tableViewColumnsDidChange(_ tableView: TableView)
  /// These source rows are about to show (load them if they are placeholders).
  func tableView(_ tableView: TableView, prefetchRows rows: [Int])
}

extension TableViewDelegate {
  /// Does nothing.
  public func tableView(_ tableView: TableView, didFocusRow row: Int, column: Int) {}
  /// Does nothing.
  public func tableViewSelectionDidChange(_ tableView: TableView) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didSortBy descriptor: TableSortDescriptor?) {}
  /// Does nothing.
  public func tableViewColumnsDidChange(_ tableView: TableView) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, prefetchRows rows: [Int]) {}
}

/// One column of a ``TableView``: its title, and its geometry as the table's layout takes it
/// (`TableLayout.Column`), read and written through the column itself:
/// `column.width`, `column.minimumWidth` (the narrowest a resize makes it), `column.isHidden`.
@dynamicMemberLookup
public struct TableColumn: Hashable, Sendable {
  /// The header's text.
  public var title: String
  /// How wide it is, the narrowest a resize makes it, whether it is hidden.
  public var geometry: TableLayout.Column

  /// The geometry's properties, as the column's own.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<TableLayout.Column, Value>)
    -> Value
  {
    get { geometry[keyPath: keyPath] }
    set { geometry[keyPath: keyPath] = newValue }
  }

  /// A column.
  public init(
    title: String, width: TableLayout.ColumnWidth, minimumWidth: Double = 3, isHidden: Bool = false
  ) {
    self.title = title
    geometry = TableLayout.Column(width: width, minimumWidth: minimumWidth, isHidden: isHidden)
  }
}

/// What a row sorts by in a column: numbers before text (a column mixing them), and rows
/// without a key (not loaded yet) last, whatever the direction.
public enum TableSortKey: Hashable, Sendable {
  /// A number (dates as numbers too). NaN has no place among numbers: it sorts as
  /// ``missing`` (a NaN compared with `<` left the rows around it out of order).
  case number(Double)
  /// A whole number from ±2⁵³ on, where a `Double` rounds: 9007199254740993 read as a number
  /// is 9007199254740992, and two identifiers a row apart sorted as equal (a new user's
  /// finding). It sorts among the ``number(_:)`` keys by its exact value.
  /// ``init(reading:)`` makes it only for such numbers.
  case integer(Int)
  /// Text, in a reader's order: case ignored and the accented Latin letters of Latin-1
  /// (`À`–`ÿ`) taken as their letter, so "alpha" < "Ångström" < "zeta" < "Zoë"; other
  /// characters by their Unicode scalars, after those; equal so far, the UTF-8 bytes decide
  /// (the same order on every run, whatever the locale).
  case text(String)
  /// No key (a row not loaded yet): the row sorts last.
  case missing

  /// Whether the row sorts last, whatever the direction: no key, or a NaN.
  var isMissing: Bool {
    switch self {
    case .missing: return true
    case .number(let value): return value.isNaN
    case .integer, .text: return false
    }
  }

  /// Orders keys ascending: numbers, then text, then none (NaN as none).
  static func ascends(_ lhs: TableSortKey, _ rhs: TableSortKey) -> Bool {
    if lhs.isMissing || rhs.isMissing { return !lhs.isMissing && rhs.isMissing }
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)): return a < b
    case (.integer(let a), .integer(let b)): return a < b
    case (.integer(let a), .number(let b)): return order(of: a, against: b) < 0
    case (.number(let a), .integer(let b)): return order(of: b, against: a) > 0
    case (.text(let a), .text(let b)):
      return textPrecedes(a, b)
    case (.number, .text), (.integer, .text), (.number, .missing), (.integer, .missing),
      (.text, .missing):
      return true
    default: return false
    }
  }

  /// -1, 0 or 1 as `a` is less than, equal to or more than `b`, exactly (`b` not NaN).
  static func order(of a: Int, against b: Double) -> Int {
    let rounded = Double(a)
    // A double other than `a` rounded lies beyond `a` on the same side as beyond its rounding.
    if rounded != b { return rounded < b ? -1 : 1 }
    // Equal once rounded: `b` is whole; 2⁶³ (Int.max rounded up) is more than any `a`.
    if b >= 0x1p63 { return -1 }
    let whole = Int(b)
    return a < whole ? -1 : a == whole ? 0 : 1
  }

  /// The key of a value read as text: a number when it reads as one (an exact
  /// ``integer(_:)`` for a whole number from ±2⁵³ on), ``missing`` when empty, else the text.
  /// Spaces around a number and commas grouping its thousands ("  8 ", "1,000", "-12,345.5")
  /// are read as a spreadsheet reads them (they sorted as text, after every number: a new
  /// user's finding); a comma anywhere else ("1,5", "1,00") leaves it text.
  public init(reading text: String) {
    guard !text.isEmpty else {
      self = .missing
      return
    }
    guard let number = Double(text) else {
      guard let plain = Self.plainNumber(text), let number = Double(plain) else {
        self = .text(text)
        return
      }
      self = Self.numeric(number, plain)
      return
    }
    self = Self.numeric(number, text)
  }

  /// `number`'s key: exact for a whole number from ±2⁵³ on (`text` its digits).
  private static func numeric(_ number: Double, _ text: String) -> TableSortKey {
    if abs(number) >= 0x1p53, let whole = Int(text) { return .integer(whole) }
    return .number(number)
  }

  /// `text` as a number's plain digits, when it is one with spaces around it or commas
  /// grouping its whole part in threes; `nil` otherwise (no allocation for text with neither,
  /// or that does not start, after spaces, with a sign, a digit or a point).
  public static func plainNumber(_ text: String) -> String? {
    let bytes = text.utf8
    var start = bytes.startIndex
    var end = bytes.endIndex
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    while start < end, isSpace(bytes[start]) { start = bytes.index(after: start) }
    while end > start, isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
    guard start < end else { return nil }
    // Neither spaces around it nor a comma: `Double` has judged it already (a date, a word),
    // with no allocation here.
    guard start != bytes.startIndex || end != bytes.endIndex || bytes.contains(0x2C) else {
      return nil
    }
    let first = bytes[start]
    guard first == 0x2D || first == 0x2B || first == 0x2E || (0x30...0x39).contains(first) else {
      return nil
    }
    // The whole part's digits, each comma three digits after the one before (or after 1 to 3
    // leading digits).
    var digits: [UInt8] = []
    var index = start
    if first == 0x2D || first == 0x2B {
      digits.append(first)
      index = bytes.index(after: index)
    }
    var run = 0
    var groups = 0
    while index < end {
      let byte = bytes[index]
      if (0x30...0x39).contains(byte) {
        run += 1
      } else if byte == 0x2C {
        guard run == 3 || (groups == 0 && (1...3).contains(run)) else { return nil }
        groups += 1
        run = 0
        index = bytes.index(after: index)
        continue
      } else {
        break
      }
      digits.append(byte)
      index = bytes.index(after: index)
    }
    guard groups == 0 || run == 3 else { return nil }
    // The rest (a fraction, an exponent) as it is: `Double` judges it.
    while index < end {
      guard bytes[index] != 0x2C else { return nil }
      digits.append(bytes[index])
      index = bytes.index(after: index)
    }
    let plain = String(decoding: digits, as: UTF8.self)
    return plain.utf8.count == text.utf8.count ? nil : plain
  }
}

extension TableSortKey {
  /// Whether `a` comes before `b` in ``text(_:)``'s order.
  ///
  /// Text was compared by its bytes alone, so "Zoë" came before "alpha" and "Ångström" after
  /// "zeta" (a new user's finding). Letters are compared folded, one UTF-8 sequence at a
  /// time, with no allocation; the bytes break ties ("A" before "a").
  static func textPrecedes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { x in
      b.withUTF8 { y in
        var i = 0
        var j = 0
        while i < x.count && j < y.count {
          let (wa, na) = collationWeight(x, at: i)
          let (wb, nb) = collationWeight(y, at: j)
          if wa != wb { return wa < wb }
          i += na
          j += nb
        }
        if i < x.count || j < y.count { return i >= x.count }
        return x.lexicographicallyPrecedes(y)
      }
    }
  }

  /// The weight of the character whose UTF-8 sequence starts at `index`, and the sequence's
  /// length: ASCII folded to lower case, Latin-1's letters to their base letter, any other
  /// scalar after them all in scalar order.
  @inline(__always)
  private static func collationWeight(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (UInt32, Int) {
    let lead = bytes[index]
    if lead < 0x80 {
      return (lead >= 0x41 && lead <= 0x5A ? UInt32(lead | 0x20) : UInt32(lead), 1)
    }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    guard index + length <= bytes.count, length > 1 else { return (0x0100_0000 + UInt32(lead), 1) }
    var scalar = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
    if scalar >= 0xC0 && scalar <= 0xFF, case let base = latinBase[Int(scalar - 0xC0)], base != 0 {
      return (UInt32(base), length)
    }
    return (0x100 + scalar, length)
  }

  /// The base letter of each of U+00C0–U+00FF (`0` for × and ÷, which are not letters).
  static let latinBase: [UInt8] = Array(
    "aaaaaaaceeeeiiiidnooooo*ouuuuytsaaaaaaaceeeeiiiidnooooo*ouuuuyty".utf8
  ).map { $0 == UInt8(ascii: "*") ? 0 : $0 }
}

/// A table's sort: a column and a direction.
public struct TableSortDescriptor: Hashable, Sendable {
  /// The column sorted by.
  public var column: Int
  /// Ascending (smallest first) or descending.
  public var ascending: Bool

  /// A sort by `column`.
  public init(column: Int, ascending: Bool = true) {
    self.column = column
    self.ascending = ascending
  }
}

/// What a click, Space or a Shift-extended range selects in a ``TableView``.
public enum TableSelectionMode: Hashable, Sendable {
  /// Cells.
  case cells
  /// Whole rows.
  case rows
  /// Whole columns.
  case columns
}
