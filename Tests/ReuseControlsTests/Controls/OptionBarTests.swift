import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

@Suite struct OptionBarTests {
  @Test func variableWidthColumnsSitAtTheSumOfTheWidthsBefore() {
    let (bar, columns) = makeBar([10, 30, 5, 20, 40])
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    #expect((0..<5).map { bar.frameForColumn(at: $0)!.minX } == [0, 10, 40, 45, 65])
    #expect(bar.collectionView.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3, 4])
  }

  @Test func didEndDisplayingIsSent() {
    let (bar, columns) = makeBar(Array(repeating: 20, count: 50))
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    bar.collectionView.contentOffset = Point(x: 400, y: 0)
    bar.collectionView.layoutIfNeeded()
    #expect(columns.events.filter { $0.hasPrefix("end") }.count == 5)
    #expect(
      Set(columns.displayed.values) == Set(bar.collectionView.indexPathsForVisibleItems.map(\.item))
    )
  }

  @Test func zeroColumnsWork() {
    let (bar, columns) = makeBar([])
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    #expect(bar.collectionView.contentSize.width == 0)
    bar.select(0, animated: true)
    #expect(bar.selectedIndex == nil)
    #expect(bar.collectionView.diagnostics.count(of: .indexPathOutOfRange) == 1)
    #expect(bar.indicatorFrame == nil)
    #expect(columns.events == ["willReload", "didReload", "willReload", "didReload"])
  }

  @Test func deselectingSetsTheIndexToNilNotZero() {
    let (bar, columns) = makeBar([10, 10, 10])
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    bar.select(2, animated: false)
    bar.deselect()
    #expect(bar.selectedIndex == nil)
    #expect(columns.events.suffix(2) == ["select 2 programmatic", "deselect 2 programmatic"])
    bar.select(nil, animated: false)
    #expect(columns.events.last == "deselect 2 programmatic", "deselecting nothing says nothing")
  }

  @Test func selectingAnOffScreenColumnScrollsItToTheCentreClampedAtTheEnds() {
    let (bar, columns) = makeBar(Array(repeating: 20, count: 100), width: 100)
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    bar.select(60, animated: false)
    let frame = bar.frameForColumn(at: 60)!
    #expect(bar.collectionView.contentOffset.x == frame.midX - 50)
    #expect(bar.collectionView.indexPathsForVisibleItems.map(\.item).contains(60))
    bar.select(99, animated: false)
    #expect(bar.collectionView.contentOffset.x == bar.collectionView.maximumContentOffset.x)
    bar.select(1, animated: true)
    for step in 1...60 { bar.collectionView.tick(now: Double(step) / 60) }
    #expect(bar.collectionView.contentOffset.x == 0, "clamped at the start")
  }

  @Test func theContentSizeFollowsAReload() {
    let (bar, columns) = makeBar([10, 20])
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    #expect(bar.collectionView.contentSize.width == 30)
    columns.widths = [10, 20, 30, 40]
    bar.reloadData()
    #expect(bar.collectionView.contentSize.width == 100)
    #expect(bar.numberOfColumns == 4)
  }

  @Test func theSelectedLookSurvivesReuse() {
    let (bar, columns) = makeBar(Array(repeating: 20, count: 200))
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    bar.select(2, animated: false)
    bar.collectionView.contentOffset = Point(x: 2_000, y: 0)
    bar.collectionView.layoutIfNeeded()
    #expect(bar.collectionView.visibleCells.allSatisfy { !$0.isSelected }, "reused cells are clean")
    bar.collectionView.contentOffset = .zero
    bar.collectionView.layoutIfNeeded()
    for (cell, path) in zip(
      bar.collectionView.visibleCells, bar.collectionView.indexPathsForVisibleItems)
    {
      #expect(cell.isSelected == (path.item == 2))
    }
  }

  @Test func tapsAndSlidesSelectWithTheirOrigin() {
    let (bar, columns) = makeBar(Array(repeating: 20, count: 30))
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    bar.collectionView.tap(at: Point(x: 45, y: 1))
    #expect(bar.selectedIndex == 2)
    #expect(columns.events.last == "select 2 tap")
    // Slide: drag and release; the column settling in the centre is selected.
    bar.selectsCenteredColumnOnSlide = true
    let view = bar.collectionView
    view.beginDrag(at: Point(x: 90, y: 1), time: 10)
    for step in 1...10 {
      view.moveDrag(to: Point(x: 90 - Double(step) * 8, y: 1), time: 10 + Double(step) / 60)
    }
    view.endDrag(at: Point(x: 10, y: 1), time: 10 + 11.0 / 60)
    var time = 10.2
    while view.isAnimating && time < 20 {
      time += 1.0 / 60
      view.tick(now: time)
    }
    let centre = view.indexPathForItem(at: Point(x: view.contentOffset.x + 50, y: 1))!.item
    #expect(bar.selectedIndex == centre)
    #expect(columns.events.last == "select \(centre) slide")
    #expect(columns.events.contains("deselect 2 slide"))
  }

  @Test func theIndicatorSitsUnderTheSelectedColumn() {
    let (bar, columns) = makeBar([10, 30, 5])
    defer { withExtendedLifetime(columns) {} }  // the data source is held weakly
    #expect(bar.indicatorFrame == nil)
    bar.select(1, animated: false)
    #expect(bar.indicatorFrame == Rect(x: 10, y: 2.75, width: 30, height: 0.25))
  }
}
