import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseControls

/// What each control is to assistive technology: the option bar a tab list, the carousel a
/// carousel whose slots say which card of how many they show, the picker one grid of rows and
/// columns; increment and decrement move the carousel's page and the picker's column.
@Suite struct ControlAccessibilityTests {
  @Test func theOptionBarIsATabList() {
    let (bar, _) = makeBar([20, 30, 25, 40, 10], width: 100)
    bar.select(2, animated: false)
    let elements = bar.collectionView.accessibilityElements
    #expect(bar.collectionView.accessibilityContainerElement.role == .tabList)
    #expect(!elements.isEmpty && elements.allSatisfy { $0.role == .tab })
    let selected = elements.filter(\.isSelected)
    #expect(selected.map(\.indexPath?.item) == [2])
    #expect(selected.first?.positionInSet == 3 && selected.first?.setSize == 5)
  }

  /// A wrapping carousel shows cards in many slots: each slot says its card's place among
  /// the cards; increment and decrement page, wrapping, and announce the page.
  @Test(arguments: [false, true])
  func carouselSlotsSayTheirCard(_ wraps: Bool) {
    let (carousel, _) = makeCarousel(7, wraps: wraps)
    var time = 1.0
    var heard: [String] = []
    carousel.collectionView.accessibilityAnnouncementHandler = { heard.append($0) }
    for step in 0..<12 {
      for element in carousel.collectionView.accessibilityElements {
        #expect(element.role == .slide)
        let card = carousel.item(forSlot: element.indexPath!.item)
        #expect(element.positionInSet == card + 1 && element.setSize == 7, "step \(step)")
      }
      let moved = carousel.collectionView.performAccessibilityAction(.increment)
      settle(carousel, from: &time)
      if wraps || step < 6 {
        #expect(moved)
        #expect(heard.last == "page \(carousel.currentIndex + 1) of 7")
      } else {
        #expect(!moved, "the last card: nothing further")
      }
    }
    #expect(carousel.currentIndex == (wraps ? 12 % 7 : 6))
    #expect(carousel.collectionView.performAccessibilityAction(.decrement))
  }

  /// The picker: rows of the container, cells of each row at their row and column; the
  /// column moves with increment and decrement from any cell.
  @Test func thePickerIsOneGrid() {
    let picker = makePicker([8, 8, 5, 8])
    let rows = picker.collectionView
    #expect(rows.accessibilityContainerElement.role == .grid)
    #expect(rows.accessibilityElements.allSatisfy { $0.role == .row })
    var cells = 0
    for (index, cell) in picker.rowCells.enumerated() where cell.row >= 0 {
      for element in cell.rowView.accessibilityElements {
        cells += 1
        #expect(element.role == .gridCell, "row \(index)")
        let column = element.indexPath!.item
        #expect(
          element.gridPosition
            == GridPosition(
              row: cell.row + 1, column: column + 1, rowCount: 4,
              columnCount: picker.rowCounts[cell.row]))
        #expect(element.positionDescription.hasPrefix("row \(cell.row + 1) of 4, column"))
      }
    }
    #expect(cells > 0)
    var time = 1.0
    let shown = picker.rowCells.first { $0.row == 0 }!
    #expect(shown.rowView.performAccessibilityAction(.increment))
    settle(picker, from: &time)
    #expect(picker.currentColumn == 1)
    #expect(rows.performAccessibilityAction(.decrement))
    settle(picker, from: &time)
    #expect(picker.currentColumn == 0)
    #expect(!rows.performAccessibilityAction(.decrement), "the first column")
  }
}
