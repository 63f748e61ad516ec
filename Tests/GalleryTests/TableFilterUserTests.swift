import GalleryKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// The table page's filters as a new user met them.
@Suite struct TableFilterUserTests {
  /// `&` over a filter shown selects among the filter's rows, and the filter stays: Escape
  /// takes the selection back to the filter, a second Escape shows every row. (`&` took the
  /// filter away, and nothing said so: a new user's finding.)
  @Test func selectingKeepsTheFilterShown() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery(
      "table", TerminalSize(columns: 120, rows: 30), tableRows: 3_000)
    let probe = TablePageProbe(gallery)
    let table = try #require((gallery.currentPage as? TablePage)?.model.table)
    pressTestGallery([KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("|", "lisbon", gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    #expect(probe.status.contains("“lisbon” in City (Esc shows all)"), "\(probe.status)")
    let shown = table.numberOfDisplayedRows
    #expect(shown > 0 && shown < 3_000)
    let lisbon = (0..<shown).map { table.sourceRow(forDisplayRow: $0) }
    // Selecting "bon" among them: every Lisbon row, and the filter still shows them alone.
    typeTestPrompt("&", "bon", gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    #expect(table.numberOfDisplayedRows == shown, "the filter stays: \(probe.status)")
    #expect(probe.status.contains("among “lisbon” in City"), "\(probe.status)")
    #expect(probe.status.contains("\(shown) rows selected"), "\(probe.status)")
    #expect(
      lisbon.allSatisfy { table.selectedRows.contains($0) || table.isSelected(row: $0, column: 2) })
    // Escape: the selection goes, the filter shows on; again: every row.
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    #expect(table.numberOfDisplayedRows == shown, "\(probe.status)")
    #expect(probe.status.contains("“lisbon” in City (Esc shows all)"), "\(probe.status)")
    #expect(!probe.status.contains("selected"), "\(probe.status)")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    #expect(table.numberOfDisplayedRows == 3_000, "\(probe.status)")
  }

  /// A frequency table made while rows are selected among a filter's (`&` after `|`) counts
  /// the rows the filter shows, not the rows selected.
  @Test func aFrequencyTableDuringASelectionCountsTheFilteredRows() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery(
      "table", TerminalSize(columns: 120, rows: 30), tableRows: 3_000)
    let model = try #require((gallery.currentPage as? TablePage)?.model)
    pressTestGallery([KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("|", "lisbon", gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    let shown = model.table.numberOfDisplayedRows
    // Fewer rows selected than shown: a name in one row of the filter's.
    let name = try #require(
      model.content.text(row: model.table.sourceRow(forDisplayRow: 0), column: 1))
    pressTestGallery([KeyEvent(.left)], gallery, time: &time)
    typeTestPrompt("&", name, gallery, time: &time)
    settleTestGallery(gallery, time: &time, limit: 10_000)
    #expect(model.table.numberOfDisplayedRows == shown)
    #expect(model.table.selectedRows.count < shown, "\(model.table.selectedRows.count)")
    pressTestGallery([KeyEvent(.character("F"))], gallery, time: &time)
    tickTestGallery(gallery, time: &time, limit: 10_000) { model.content is FrequencyTable }
    let counted = try #require(model.content as? FrequencyTable)
    #expect(counted.total == shown, "\(counted.total) counted of \(shown) shown")
  }

  /// A filter that has found no row yet is said as one still looking, not as "0 of 1,000,000
  /// rows shown" first (a new user's finding: the count sounded final).
  @Test func aFilterStillLookingIsNotSaidAsNoRowsShown() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("table", TerminalSize(columns: 120, rows: 30))
    let table = try #require((gallery.currentPage as? TablePage)?.model.table)
    let view = table.collectionView
    var heard: [String] = []
    let host = view.accessibilityAnnouncementHandler
    view.accessibilityAnnouncementHandler = {
      heard.append($0)
      host?($0)
    }
    pressTestGallery([KeyEvent(.right), KeyEvent(.right)], gallery, time: &time)
    typeTestPrompt("|", "zzzz", gallery, time: &time)
    #expect(table.numberOfDisplayedRows == 0, "no row found yet")
    #expect(!heard.contains { $0.contains("rows shown") }, "\(heard)")
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
  }
}
