import Foundation
import ReuseControls
import ReuseKit
import Testing

@testable import GalleryKit

/// A numeric column's decimal points line up (a new user's finding: a database's REAL column
/// showed "5830.1" above "2430.18", the points one apart).
@Suite struct DecimalAlignmentTests {
  @Test func fractionDigitsReadPlainDecimalsOnly() {
    #expect(ColumnDecimals.fractionDigits(of: "2430.18") == 2)
    #expect(ColumnDecimals.fractionDigits(of: "-6,528.5") == 1)
    #expect(ColumnDecimals.fractionDigits(of: "42") == 0)
    #expect(ColumnDecimals.fractionDigits(of: ".5") == 1)
    for text in ["", "-", ".", "1e-05", "12.5 %", "2017-11-22", "1.2.3", "4-2", ",5"] {
      #expect(ColumnDecimals.fractionDigits(of: text) == nil, "\(text)")
    }
  }

  /// Where each shown number's point is, counted from the right of its text (one past the
  /// end for a number with none).
  private func pointFromRight(_ text: String) -> Int {
    guard let point = text.lastIndex(where: { $0 == "." || $0 == "\u{2008}" }) else { return 0 }
    return text.distance(from: point, to: text.endIndex)
  }

  @Test func pointsLineUpOnceAMoreExactNumberShows() throws {
    let path = NSTemporaryDirectory() + "reusekit-decimals-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The first rows have one digit after the point; a later one two, one none, one many.
    let amounts = ["5830.1", "514.8", "7", "2430.18", "0.30000000000000004", "12"]
    let text = "name,amount\n" + amounts.enumerated().map { "n\($0),\($1)\n" }.joined()
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let (model, _) = try makeLoadedCSVTableModel(path: path)
    _ = model.poll()  // the column's points moved over: its cells configured again
    model.table.collectionView.layoutIfNeeded()
    var shown: [Int: String] = [:]
    for path in model.table.collectionView.indexPathsForVisibleItems where path.item == 1 {
      let cell = model.table.collectionView.cellForItem(at: path) as? RecordingTableCell
      shown[path.section] = cell?.text
    }
    #expect(shown.count == amounts.count)
    // Every plain number ends two digits past its point, or where it would be.
    for (row, amount) in amounts.enumerated() where amount.count < 10 {
      let text = try #require(shown[row])
      #expect(text.hasPrefix(amount), "\(text)")
      #expect(pointFromRight(text) == 3, "row \(row): \(text.debugDescription)")
    }
    // Too many digits to line up: shown as it is, and the rest not widened for it.
    #expect(shown[4] == "0.30000000000000004")
    // The text read to a screen reader has no padding.
    let spoken = model.tableView(model.table, accessibilityDescriptionOfRow: 0, column: 1)
    #expect(spoken?.label == "5830.1")
  }
}
