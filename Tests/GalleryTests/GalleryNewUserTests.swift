import GalleryKit
import ReuseKit
import ReuseTerminal
import TerminalGallery
import Testing

/// The waterfall page selects with a box dragged from the gaps between its cards (issue 41,
/// finding 5: a plain drag from a gap scrolled the cards instead).
@Suite struct GalleryWaterfallBoxTests {
  @Test func aPlainDragFromAGapDrawsABoxAndSelects() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("waterfall", TerminalSize(columns: 80, rows: 24))
    let view = try #require(gallery.currentPage.restorableView)
    // The pane starts below the tab bar and the page's heading.
    let paneTop = 2
    var gap: (column: Int, row: Int)?
    // The first gap between two columns of cards, on the pane's second row.
    search: for row in (paneTop + 1)..<(paneTop + 10) {
      for column in 10..<60 {
        let point = Point(
          x: Double(column) + 0.5 + view.contentOffset.x,
          y: Double(row - paneTop) + 0.5 + view.contentOffset.y)
        if view.indexPathForItem(at: point) == nil {
          gap = (column, row)
          break search
        }
      }
    }
    let start = try #require(gap, "a gap between the cards")
    let before = view.contentOffset
    dragTestGallery(
      gallery, from: start, step: (columns: 2, rows: 1), steps: 6, interval: 1.0 / 30,
      time: &time)
    settleTestGallery(gallery, time: &time)
    gallery.draw(into: canvas)
    #expect(view.contentOffset == before, "the cards did not scroll")
    #expect(!view.indexPathsForSelectedItems.isEmpty, "the box selected the cards it met")
  }
}

/// The outline's scroll thumb with parents stuck at the top (issue 41, finding 1): the stuck
/// rows stand where the viewport is, so they no longer count as the top of what is in view
/// (the thumb filled the whole track at the end).
@Suite struct GalleryOutlineThumbTests {
  /// The scroll bar's column (the last) of the pane's rows, as text.
  private func track(_ keys: String) throws -> String {
    let frame = GallerySnapshot.render(
      page: "outline", size: TerminalSize(columns: 80, rows: 20),
      keys: try GallerySnapshot.parseKeys(keys), options: GalleryOptions(itemCount: 1_000),
      color: false)
    let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
    return String(lines.dropFirst(2).dropLast().compactMap(\.last))
  }

  @Test func theThumbShowsTheShareInViewAtTheEnd() throws {
    let top = try track("right right right")
    let end = try track("right right right end")
    let thumb = { (track: String) in track.filter { $0 == "┃" }.count }
    #expect(thumb(top) < top.count, "content longer than the view: \(top)")
    #expect(thumb(end) < end.count, "not the whole track at the end: \(end)")
    #expect(end.hasSuffix("┃") && !end.hasPrefix("┃"), "at the bottom of the track: \(end)")
    #expect(top.hasPrefix("┃") && !top.hasSuffix("┃"), "at the top of the track: \(top)")
  }
}

/// A card cell that draws nothing.
private final class PlainBoardCell: CollectionViewCell, BoardCardPresenting {
  var card: BoardCard?
  var showsFocus = true
}

/// A board is a working set (issue 41, finding 17): `--items 10000000` made 30,000,000 cards.
@Suite struct GalleryBoardSizeTests {
  @Test func theBoardHoldsAtMostItsMaximumOfCards() {
    let metrics = GalleryMetrics(
      rowLength: 1, headerLength: 1, overscan: 2, chipPadding: 3, chipHeaderPadding: 4,
      categoryPadding: 4, swipeActionPadding: 4, waterfallColumnWidths: [16],
      waterfallUnit: 1, waterfallSpacing: (column: 1, item: 1),
      carouselInsets: (peek: 6, spacing: 2, vertical: 0), textWidth: { Double($0.count) },
      clock: { 0 })
    let huge = BoardModel<PlainBoardCell>(
      options: GalleryOptions(itemCount: 10_000_000), metrics: metrics)
    #expect(huge.cards.map(\.count).reduce(0, +) == BoardModel<PlainBoardCell>.maximumCards)
    // Every card once, in the four columns.
    #expect(Set(huge.cards.joined()).count == BoardModel<PlainBoardCell>.maximumCards)
    let small = BoardModel<PlainBoardCell>(options: GalleryOptions(itemCount: 100), metrics: metrics)
    #expect(small.cards.map(\.count).reduce(0, +) == 300, "three cards an item below it")
  }
}

/// A swatch cell that counts its redraws and says whether it was drawn as centred last.
private final class CountingSwatchCell: CollectionViewCell, ConfigurableCell {
  var swatch: PickerSwatch?
  var drawnCentred = false
  func configure(with item: PickerSwatch, at indexPath: ItemPath) {
    swatch = item
    setNeedsDisplay()
  }
  /// What a host that redraws only on request (GTK) would draw now.
  override func setNeedsDisplay() { drawnCentred = swatch?.isCentred ?? false }
  /// A host redraws when placed, too.
  override func apply(_ layoutAttributes: LayoutAttributes) { setNeedsDisplay() }
}

/// The picker's outline follows the centre in a host that draws only what it is asked to
/// (issue 41, finding 3: GTK kept the outline on the swatch it left).
@Suite struct GalleryPickerOutlineTests {
  @Test func onlyTheCentredSwatchIsDrawnCentredAfterEachStep() throws {
    let model = SwatchModel(cell: CountingSwatchCell.self)
    let picker = model.picker
    picker.collectionView.viewportSize = Size(width: 120, height: 40)
    model.fit(to: Size(width: 120, height: 40), aspect: 2, minimum: Size(width: 4, height: 2))
    var time = 1.0
    picker.tick(now: time)
    for key in [KeyPress.Key.right, .right, .down, .left, .up, .right] {
      #expect(picker.handle(KeyPress(key)))
      for _ in 0..<240 {
        time += 1.0 / 60
        picker.tick(now: time)
        picker.collectionView.layoutIfNeeded()
      }
      var centred: [PickerSwatch] = []
      for row in 0..<SwatchModel<CountingSwatchCell>.widths.count {
        picker.rowCell(row)?.rowView.forEachDisplayedView { view, _ in
          if let cell = view as? CountingSwatchCell, cell.drawnCentred, let swatch = cell.swatch {
            centred.append(swatch)
          }
        }
      }
      let current = try #require(picker.currentModel)
      #expect(
        centred.map { [$0.row, $0.column] } == [[current.row, current.column]],
        "after \(key): drawn centred \(centred.map { "\($0.row),\($0.column)" })")
    }
  }
}
