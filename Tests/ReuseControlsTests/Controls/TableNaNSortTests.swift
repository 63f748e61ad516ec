import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseControls

/// Rows whose column 0 sorts by the keys given.
private final class Keyed: TableViewDataSource {
  let keys: [TableSortKey]
  init(_ keys: [TableSortKey]) { self.keys = keys }
  func numberOfRows(in tableView: TableView) -> Int { keys.count }
  func tableView(_ tableView: TableView, cellForRow row: Int, column: Int) -> CollectionViewCell {
    tableView.dequeueReusableCell(GridCell.self, withReuseIdentifier: "cell")
  }
  func tableView(_ tableView: TableView, headerForColumn column: Int) -> ReusableView {
    tableView.dequeueReusableHeader(withReuseIdentifier: "header")
  }
  func tableView(_ tableView: TableView, sortKeyForRow row: Int, column: Int) -> TableSortKey {
    keys[row]
  }
}

/// A NaN among a column's numbers sorts as a row without a key, last in both directions: it
/// was compared with `<`, and the rows around it came out of order (`5, 3, 10, nan, 2`
/// sorted to `3, 5, 10, nan, 2`: a new user's finding, a CSV column holding "nan").
@Suite struct TableNaNSortTests {
  private func sortedValues(
    _ keys: [TableSortKey], ascending: Bool, background: Bool
  )
    -> [TableSortKey]
  {
    let source = Keyed(keys)
    let table = TableView(
      columns: [TableColumn(title: "v", width: .fixed(8))],
      viewportSize: Size(width: 20, height: 10))
    table.collectionView.diagnostics.handler = nil
    table.register(GridCell.self, forCellWithReuseIdentifier: "cell")
    table.registerHeader(GridHeader.self, withReuseIdentifier: "header")
    table.dataSource = source
    let descriptor = TableSortDescriptor(column: 0, ascending: ascending)
    if background {
      table.beginSort(by: descriptor)
      let clock = ContinuousClock()
      let start = clock.now
      while table.advanceSort(while: { false }), clock.now - start < .seconds(10) {}
    } else {
      table.sort(by: descriptor)
    }
    return withExtendedLifetime(source) {
      (0..<keys.count).map { keys[table.sourceRow(forDisplayRow: $0)] }
    }
  }

  @Test(arguments: [false, true])
  func nanSortsLastInBothDirections(background: Bool) {
    let numbers: [TableSortKey] = [5, 3, 10, .nan, 2].map { .number($0) }
    let up = sortedValues(numbers, ascending: true, background: background)
    #expect(up.dropLast() == [2, 3, 5, 10].map { .number($0) }[...], "\(up)")
    #expect(up.last?.isMissing == true)
    let down = sortedValues(numbers, ascending: false, background: background)
    #expect(down.dropLast() == [10, 5, 3, 2].map { .number($0) }[...], "\(down)")
    #expect(down.last?.isMissing == true)
    // Mixed with text and rows without a key: numbers, text, then NaN and none.
    let mixed: [TableSortKey] = [
      .number(5), .text("N/A"), .number(3), .number(.nan), .missing, .number(2),
    ]
    let ordered = sortedValues(mixed, ascending: true, background: background)
    #expect(
      Array(ordered.prefix(4)) == [.number(2), .number(3), .number(5), .text("N/A")], "\(ordered)")
    let lastTwo = ordered.suffix(2).map { $0.isMissing }
    #expect(lastTwo == [true, true], "\(ordered)")
  }

  /// Whole numbers from 2⁵³ on sort by their exact value: read as doubles, 9007199254740993
  /// and 9007199254740992 were one number, and rows of 64-bit identifiers sorted out of
  /// order (a new user's finding).
  @Test(arguments: [false, true])
  func wholeNumbersBeyondADoubleSortExactly(background: Bool) {
    let texts = [
      "9223372036854775807", "10000000000000001", "", "9007199254740994", "text",
      "9007199254740993", "9.3e18", "1e16", "-9007199254740995", "9007199254740992",
    ]
    let keys = texts.map(TableSortKey.init(reading:))
    #expect(keys[5] == .integer(9_007_199_254_740_993))
    #expect(keys[9] == .integer(9_007_199_254_740_992))
    #expect(keys[6] == .number(9.3e18))
    #expect(TableSortKey(reading: "12") == .number(12))
    let ascending = [
      "-9007199254740995", "9007199254740992", "9007199254740993", "9007199254740994", "1e16",
      "10000000000000001", "9223372036854775807", "9.3e18", "text", "",
    ]
    let up = sortedValues(keys, ascending: true, background: background)
    #expect(up == ascending.map(TableSortKey.init(reading:)), "\(up)")
    let down = sortedValues(keys, ascending: false, background: background)
    let descending = ascending.dropLast().reversed() + [""]
    #expect(down == descending.map(TableSortKey.init(reading:)), "\(down)")
  }

  /// Numbers a spreadsheet reads, with spaces around them or commas grouping their
  /// thousands, sort as numbers ("  8 " and "1,000" sorted as text after every number: a
  /// new user's finding); a comma that groups nothing leaves the text as it is.
  @Test(arguments: [false, true])
  func groupedAndSpacedNumbersSortAsNumbers(background: Bool) {
    #expect(TableSortKey(reading: "  8 ") == .number(8))
    #expect(TableSortKey(reading: "1,000") == .number(1_000))
    #expect(TableSortKey(reading: "-12,345,678.5") == .number(-12_345_678.5))
    #expect(TableSortKey(reading: " +1,000e3") == .number(1_000_000))
    #expect(TableSortKey(reading: "12,345,678,901,234,567") == .integer(12_345_678_901_234_567))
    for text in ["1,5", "1,00", ",100", "1,,000", "12,34,567", "1,000,", "1.000,5", "a 1", "- 1"] {
      #expect(TableSortKey(reading: text) == .text(text), "\(text)")
    }
    #expect(TableSortKey.plainNumber("42") == nil, "plain already")
    #expect(TableSortKey.plainNumber("2024-01-05") == nil, "a date stays text")
    #expect(TableSortKey(reading: "2024-01-05") == .text("2024-01-05"))
    let texts = ["100", "  8", "1,000", "abc", "9", "-4.2", "99"]
    let up = sortedValues(
      texts.map(TableSortKey.init(reading:)), ascending: true, background: background)
    let expected = ["-4.2", "  8", "9", "99", "100", "1,000", "abc"]
    #expect(up == expected.map(TableSortKey.init(reading:)), "\(up)")
  }
}
