import ReuseTestSupport
import Testing

@testable import ReuseKit

/// An estimated list of 60 rows measured at 10 points each, in a 100-point viewport.
private func makeMeasuredList() -> (CollectionView, Board) {
  let (view, board) = makeBoard([Array(0..<60)], layout: ListLayout(itemSizing: .estimated(10)))
  for value in 0..<60 { board.lengths[value] = 10 }
  view.reloadData()
  view.layoutIfNeeded()
  return (view, board)
}

/// The row showing `value` at `item` has new content `length` long: the board and its cell
/// (if displayed) say so, as an app's data and cell would.
private func resize(_ view: CollectionView, _ board: Board, _ item: Int, to length: Double) {
  board.lengths[board.sections[0][item]] = length
  (view.cellForItem(at: ItemPath(section: 0, item: item)) as? BoardCell)?.preferredLength = length
}

/// Where each displayed item is drawn on screen (its leading edge, viewport coordinates).
private func onScreen(_ view: CollectionView) -> [Int: Double] {
  var places: [Int: Double] = [:]
  for path in view.indexPathsForVisibleItems {
    places[path.item] =
      view.cellForItem(at: path)!.layoutAttributes!.frame.minY
      - view.contentOffset.y
  }
  return places
}

/// The row at `item` takes new content `length` long and asks for its size again.
private func change(
  _ view: CollectionView, _ board: Board, _ item: Int, to length: Double, animated: Bool = true
) {
  resize(view, board, item, to: length)
  view.invalidateSize(ofItemAt: ItemPath(section: 0, item: item), animated: animated)
}

/// Ticks `view` `frames` times at 60 Hz from `time`.
private func tick(_ view: CollectionView, _ time: inout Double, frames: Int) {
  for _ in 0..<frames {
    time += 1.0 / 60
    view.tick(now: time)
  }
}

@Suite struct SizeChangeTests {
  /// A row asked to grow and, before a frame, to shrink back to the length it is drawn at: it
  /// stays that length (a new user's finding: Enter twice at once on the list left the row
  /// grown, its details gone, blank lines under it).
  @Test func aChangeUndoneBeforeAFrameLeavesTheRowAsItWas() {
    let (view, board) = makeMeasuredList()
    defer { withExtendedLifetime(board) {} }
    let row = ItemPath(section: 0, item: 2)
    resize(view, board, 2, to: 30)
    view.invalidateSize(ofItemAt: row)
    resize(view, board, 2, to: 10)
    view.invalidateSize(ofItemAt: row)
    var time = 0.0
    tick(view, &time, frames: 60)
    #expect(view.frameForItem(at: row)?.height == 10)
    #expect(view.frameForItem(at: ItemPath(section: 0, item: 3))?.minY == 30)
    #expect(!view.isAnimating)
    // Midway, back: it shrinks from where it is drawn to 10.
    resize(view, board, 2, to: 30)
    view.invalidateSize(ofItemAt: row)
    tick(view, &time, frames: 5)
    let midway = view.frameForItem(at: row)!.height
    #expect(midway > 10 && midway < 30)
    resize(view, board, 2, to: 10)
    view.invalidateSize(ofItemAt: row)
    tick(view, &time, frames: 60)
    #expect(view.frameForItem(at: row)?.height == 10)
  }

  /// A row wholly above the top (scrolled past) grows, then shrinks back: frame by frame, the
  /// rows on screen stay where they are (its length moves what precedes the screen), so the
  /// end shown stays the end. End pressed while a row near the top grew left the last rows
  /// below the screen, and while it shrank a blank strip past the end (a new user's finding).
  @Test func aRowAboveTheTopChangesSizeWithoutMovingWhatIsOnScreen() {
    let (view, board) = makeMeasuredList()
    defer { withExtendedLifetime(board) {} }
    var time = 0.0
    func frame() {
      time += 1.0 / 60
      view.tick(now: time)
    }
    for length in [30.0, 10.0] {
      // Row 2 starts to change on screen; a frame later the view is at the end (End).
      view.contentOffset = .zero
      view.layoutIfNeeded()
      resize(view, board, 2, to: length)
      view.invalidateSize(ofItemAt: ItemPath(section: 0, item: 2))
      frame()
      #expect(view.isAnimating)
      view.contentOffset = Point(x: 0, y: view.contentSize.height - 100)
      view.layoutIfNeeded()
      let shown = onScreen(view).filter { $0.value + 10 > 1e-9 }  // a row out by rounding, not
      #expect(shown.keys.sorted() == Array(50..<60))
      for step in 0..<30 {
        frame()
        // The same rows at the same places (a row just outside, by rounding, aside).
        let now = onScreen(view)
        var same = true
        for (row, place) in now {
          if let before = shown[row] {
            same = same && abs(place - before) < 1e-9
          } else {
            same = same && (place + 10 < 1e-9 || place > 100 - 1e-9)
          }
        }
        same = same && shown.keys.allSatisfy { now[$0] != nil }
        #expect(same, "length \(length), frame \(step): \(now)")
        #expect(abs(view.contentOffset.y - (view.contentSize.height - 100)) < 1e-9)
      }
      #expect(view.frameForItem(at: ItemPath(section: 0, item: 2))?.height == length)
    }
  }

  /// A row shrinking on the clock is given its old length again at once (unanimated): the
  /// shrink ends there, and the row stays at that length through the frames that follow
  /// (Enter three times fast on the list's last row left it open with no room for its
  /// details: a new user's finding).
  @Test func aChangeAtOnceEndsTheOneUnderWay() {
    let (view, board) = makeMeasuredList()
    defer { withExtendedLifetime(board) {} }
    let row = ItemPath(section: 0, item: 4)
    change(view, board, 4, to: 30, animated: false)
    #expect(view.frameForItem(at: row)?.height == 30)
    var time = 0.0
    change(view, board, 4, to: 10)
    tick(view, &time, frames: 4)
    let midway = view.frameForItem(at: row)!.height
    #expect(midway > 10 && midway < 30)
    change(view, board, 4, to: 30, animated: false)
    #expect(view.frameForItem(at: row)?.height == 30)
    tick(view, &time, frames: 60)
    #expect(view.frameForItem(at: row)?.height == 30)
    #expect(view.frameForItem(at: ItemPath(section: 0, item: 5))?.minY == 70)
    #expect(!view.isAnimating)
  }

  /// A row on screen near the end starts to grow (or shrink), and End is pressed while it
  /// does: the view comes to the end and stays there while the row finishes, the last row
  /// whole at the bottom (a new user's finding: the last rows' details ended below the
  /// screen, and a second End was needed).
  @Test func endPressedWhileARowOnScreenChangesSizeKeepsTheEnd() {
    for length in [30.0, 2.0] {
      let (view, board) = makeMeasuredList()
      defer { withExtendedLifetime(board) {} }
      var time = 0.0
      // Near the end: rows 47–56 on screen; row 55 changes on the clock.
      view.contentOffset = Point(x: 0, y: 470)
      view.layoutIfNeeded()
      change(view, board, 55, to: length)
      tick(view, &time, frames: 1)
      #expect(view.isAnimating)
      #expect(view.handle(KeyPress(.end)))
      tick(view, &time, frames: 90)
      #expect(!view.isAnimating)
      #expect(view.frameForItem(at: ItemPath(section: 0, item: 55))?.height == length)
      let end = view.contentSize.height - view.viewportSize.height
      #expect(abs(view.contentOffset.y - end) < 1e-9, "length \(length): at the end")
      #expect(view.focusedIndexPath == ItemPath(section: 0, item: 59))
      let last = view.frameForItem(at: ItemPath(section: 0, item: 59))!
      #expect(abs(last.maxY - (view.contentOffset.y + 100)) < 1e-9, "length \(length)")
      // And frame by frame after the scroll settles, the end stays the end.
      change(view, board, 57, to: length == 30 ? 25 : 5)
      for step in 0..<30 {
        tick(view, &time, frames: 1)
        let end = view.contentSize.height - view.viewportSize.height
        #expect(abs(view.contentOffset.y - end) < 1e-9, "length \(length), frame \(step)")
      }
    }
  }

  /// A row partly above the top grows: frame by frame, its top stays where it is on screen,
  /// nothing before it moves, the rows after it move down together, and it ends at its size.
  @Test func aRowGrowsInPlaceFrameByFrameWithItsTopWhereItWas() {
    let (view, board) = makeMeasuredList()
    defer { withExtendedLifetime(board) {} }
    view.contentOffset = Point(x: 0, y: 53)  // row 5 spans 50-60: 3 points above the top
    view.layoutIfNeeded()
    resize(view, board, 5, to: 40)
    view.invalidateSize(ofItemAt: ItemPath(section: 0, item: 5))
    #expect(view.isAnimating)
    var previous = onScreen(view)
    var time = 0.0
    var growth: [Double] = []
    for frame in 0..<30 {
      time += 1.0 / 60
      view.tick(now: time)
      let now = onScreen(view)
      #expect(now[5] == -3, "frame \(frame): the growing row keeps its top")
      #expect(view.contentOffset.y == 53, "frame \(frame)")
      let length = view.frameForItem(at: ItemPath(section: 0, item: 5))!.height
      growth.append(length)
      // The rows after it sit right after it, and moved down by the same amount.
      var deltas: [Double] = []
      for (item, y) in now where item > 5 {
        #expect(
          abs(y - (-3 + length + Double(item - 6) * 10)) < 1e-9, "frame \(frame), row \(item)")
        if let before = previous[item] { deltas.append(y - before) }
      }
      if let first = deltas.first { #expect(deltas.allSatisfy { abs($0 - first) < 1e-9 }) }
      previous = now
    }
    #expect(zip(growth, growth.dropFirst()).allSatisfy { $0 <= $1 }, "no step back: \(growth)")
    #expect(
      growth.last == 40 && growth[1] > 10 && growth[1] < 40,
      "the first tick starts the clock: \(growth)")
    #expect(!view.isAnimating)
  }

  /// Anchored at its trailing edge, a row near the bottom grows upward: its bottom and what
  /// follows stay on screen, what precedes it moves up.
  @Test func anchoredAtItsTrailingEdgeARowGrowsUpward() {
    let (view, board) = makeMeasuredList()
    defer { withExtendedLifetime(board) {} }
    let before = onScreen(view)
    resize(view, board, 8, to: 30)
    view.invalidateSize(ofItemAt: ItemPath(section: 0, item: 8), anchor: .trailingEdge)
    var time = 0.0
    for frame in 0..<30 {
      time += 1.0 / 60
      view.tick(now: time)
      let now = onScreen(view)
      #expect(now[9] == before[9], "frame \(frame): what follows stays")
      let length = view.frameForItem(at: ItemPath(section: 0, item: 8))!.height
      #expect(abs(now[8]! + length - 90) < 1e-9, "frame \(frame): the bottom stays at 90")
    }
    #expect(view.contentOffset.y == 20)
    #expect(onScreen(view)[7] == before[7]! - 20)
  }

  /// Without animation the new size applies at once; an item off screen is measured again
  /// when it shows; a layout that sizes its items itself is asked again.
  @Test func atOnceOffScreenAndSizedByTheLayout() {
    let (view, board) = makeMeasuredList()
    defer { withExtendedLifetime(board) {} }
    resize(view, board, 2, to: 25)
    view.invalidateSize(ofItemAt: ItemPath(section: 0, item: 2), animated: false)
    #expect(view.frameForItem(at: ItemPath(section: 0, item: 2))?.height == 25)
    #expect(!view.isAnimating)
    resize(view, board, 40, to: 33)
    view.invalidateSize(ofItemAt: ItemPath(section: 0, item: 40))
    #expect(!view.isAnimating, "off screen: nothing to animate")
    view.scrollToItem(at: ItemPath(section: 0, item: 40), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(view.frameForItem(at: ItemPath(section: 0, item: 40))?.height == 33)
    view.invalidateSize(ofItemAt: ItemPath(section: 3, item: 0))
    #expect(view.diagnostics.count(of: .indexPathOutOfRange) == 1)
    // A layout with per-item lengths of its own is invalidated from the item.
    var lengths = [Double](repeating: 10, count: 60)
    let (sized, sizedBoard) = makeBoard(
      [Array(0..<60)], layout: ListLayout(itemSizing: .perItem { lengths[$0.item] }))
    defer { withExtendedLifetime(sizedBoard) {} }
    lengths[3] = 50
    sized.invalidateSize(ofItemAt: ItemPath(section: 0, item: 3))
    sized.layoutIfNeeded()
    #expect(sized.frameForItem(at: ItemPath(section: 0, item: 3))?.height == 50)
  }

  /// Rows inserted above while a row grows: the change follows its row, and ends at its size.
  @Test func anUpdateDuringTheGrowthCarriesItAlong() {
    let (view, board) = makeMeasuredList()
    defer { withExtendedLifetime(board) {} }
    resize(view, board, 4, to: 30)
    view.invalidateSize(ofItemAt: ItemPath(section: 0, item: 4))
    view.tick(now: 1.0 / 60)
    board.sections[0].insert(contentsOf: [100, 101], at: 0)
    board.lengths[100] = 10
    board.lengths[101] = 10
    view.performBatchUpdates(animated: false) {
      view.insertItems(at: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
    }
    var time = 1.0 / 60
    tick(view, &time, frames: 30)
    #expect(view.frameForItem(at: ItemPath(section: 0, item: 6))?.height == 30)
    #expect(!view.isAnimating)
  }
}

/// Text that wraps: as many lines as its characters need at the width it is given.
private final class WrappingCell: CollectionViewCell {
  var characters = 0
  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(
      width: proposedSize.width,
      height: (Double(characters) / max(1, proposedSize.width)).rounded(.up))
  }
}

private final class WrappingText: CollectionViewDataSource {
  let lengths: [Int]
  init(_ lengths: [Int]) { self.lengths = lengths }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    lengths.count
  }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      WrappingCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.characters = lengths[indexPath.item]
    return cell
  }
}

@Suite struct MeasureAgainAcrossTests {
  /// Rows measured at one width measure again when the viewport takes another (a new user's
  /// finding: chat messages wrapped at 40 columns kept their heights at 100, blank lines
  /// under them, until scrolled away and back).
  @Test func rowsMeasureAgainWhenTheWidthChanges() {
    let text = WrappingText([120, 80, 200, 40, 160, 90, 30, 250])
    let view = makeTestView(
      layout: ListLayout(itemSizing: .estimated(1)), viewport: Size(width: 40, height: 60),
      cell: WrappingCell.self, header: ReusableView.self)
    view.dataSource = text
    view.layoutIfNeeded()
    func heights() -> [Double] {
      view.indexPathsForVisibleItems.sorted().map { view.frameForItem(at: $0)!.height }
    }
    func expected(width: Double) -> [Double] {
      view.indexPathsForVisibleItems.sorted().map {
        (Double(text.lengths[$0.item]) / width).rounded(.up)
      }
    }
    #expect(heights() == expected(width: 40))
    view.viewportSize = Size(width: 100, height: 60)
    view.layoutIfNeeded()
    #expect(heights() == expected(width: 100))
    view.viewportSize = Size(width: 20, height: 60)
    view.layoutIfNeeded()
    #expect(heights() == expected(width: 20))
  }
}
