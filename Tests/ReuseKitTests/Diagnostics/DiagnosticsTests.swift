import Testing

@testable import ReuseKit

@Suite struct DiagnosticsTests {
  /// A limit of 0 or less keeps no reports and never traps; the counts go on.
  @Test(arguments: [0, -1, -100])
  func aLimitOfNothingKeepsNoReports(limit: Int) {
    let diagnostics = Diagnostics()
    diagnostics.recentLimit = limit
    for index in 0..<5 { diagnostics.report(.invalidMetric, "report \(index)") }
    #expect(diagnostics.recent.isEmpty)
    #expect(diagnostics.totalCount == 5)
    #expect(diagnostics.count(of: .invalidMetric) == 5)
  }

  @Test func theMostRecentReportsAreKeptAndALoweredLimitDropsTheOldest() {
    let diagnostics = Diagnostics()
    diagnostics.recentLimit = 3
    for index in 0..<5 { diagnostics.report(.invalidMetric, "report \(index)") }
    #expect(diagnostics.recent.map(\.message) == ["report 2", "report 3", "report 4"])
    diagnostics.recentLimit = 1
    diagnostics.report(.invalidCount, "last")
    #expect(diagnostics.recent.map(\.message) == ["last"])
    diagnostics.recentLimit = 0
    diagnostics.report(.invalidCount, "gone")
    #expect(diagnostics.recent.isEmpty)
  }

  /// The default sink writes nothing (a full-screen host's frame would be corrupted): it only
  /// records, and a handler sees every report.
  @Test func theDefaultHandlerWritesNothingAndAHandlerHearsEverything() {
    let diagnostics = Diagnostics()
    #expect(diagnostics.handler == nil)
    #expect(CollectionView(layout: ListLayout(itemSizing: .uniform(1))).diagnostics.handler == nil)
    var heard: [String] = []
    diagnostics.handler = { heard.append($0.message) }
    diagnostics.report(.invalidMetric, "one")
    diagnostics.report(.invalidMetric, "two")
    #expect(heard == ["one", "two"])
  }
}
