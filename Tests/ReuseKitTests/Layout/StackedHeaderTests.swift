import ReuseTestSupport
import Testing

@testable import ReuseKit

/// Headers that stack in an outline, frame by frame: the stuck rows are exactly those a
/// reference over the flat rows finds (each the ancestor, at the next depth, of the row under
/// the rows stuck so far, pushed up by its subtree's end, capped), every other cell sits at its
/// natural frame, and between frames 1 point apart nothing jumps.
@Suite struct StackedHeaderTests {
  /// A random tree of ints, every node expanded; returns the data source, view and the
  /// visible rows' levels.
  final class Fixture {
    let view: CollectionView
    let outline: OutlineDataSource<Int>
    let layout: ListLayout

    init(seed: UInt64, rowLength: Double, viewport: Size, maximumRows: Int = 5) {
      var random = SeededRandom(seed: seed)
      layout = ListLayout(itemSizing: .uniform(rowLength))
      view = CollectionView(layout: layout, viewportSize: viewport)
      view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
      outline = OutlineDataSource(collectionView: view) { view, path, _, _ in
        view.dequeueReusableCell(withReuseIdentifier: "cell", for: path)
      }
      var next = 0
      func grow(_ parent: Int?, depth: Int) {
        let count = depth == 0 ? random.int(3...6) : random.int(0...(depth > 5 ? 1 : 5))
        let children = (0..<count).map { _ in
          next += 1
          return next
        }
        outline.tree.append(children, to: parent)
        for child in children where depth < 8 && random.chance(0.7) {
          grow(child, depth: depth + 1)
        }
      }
      grow(nil, depth: 0)
      for item in 1...next where outline.tree.hasChildren(item) { _ = outline.tree.expand(item) }
      outline.reloadData()
      layout.stackedHeaders = outline.stackedHeaders(maximumRows: maximumRows)
      view.layoutIfNeeded()
    }

    var levels: [Int] {
      outline.tree.visibleItems.map { outline.tree.level(of: $0) }
    }
  }

  /// The reference: over the flat rows' levels, uniform rows `h` long.
  static func expectedStack(
    levels: [Int], h: Double, start: Double, length: Double, maximumRows: Int
  ) -> (stack: [(row: Int, top: Double)], compressed: Bool) {
    func rowAt(_ y: Double) -> Int? {
      guard h > 0 else { return nil }
      let row = Int((y / h).rounded(.down))
      return row >= 0 && row < levels.count ? row : (row < 0 ? 0 : nil)
    }
    func ancestor(of row: Int, depth: Int) -> Int? {
      guard levels[row] > depth else { return nil }
      var r = row - 1
      while r >= 0, levels[r] != depth { r -= 1 }
      return r >= 0 ? r : nil
    }
    func subtreeEnd(_ row: Int) -> Int {
      var r = row + 1
      while r < levels.count, levels[r] > levels[row] { r += 1 }
      return r - 1
    }
    var stack: [(row: Int, top: Double, limit: Double)] = []
    var slot = start
    while let row = rowAt(slot), stack.count < 64 {
      let depth = stack.count
      var candidate = ancestor(of: row, depth: depth)
      // A parent row partly scrolled away sticks itself.
      if candidate == nil, levels[row] == depth, subtreeEnd(row) > row,
        Double(row) * h < slot
      {
        candidate = row
      }
      guard let a = candidate else { break }
      // It must descend from the rows already stuck.
      if depth > 0, ancestor(of: a, depth: depth - 1) != stack[depth - 1].row { break }
      let limit = Double(subtreeEnd(a) + 1) * h - h
      let top = min(slot, limit)
      stack.append((a, top, limit))
      slot = top + h
    }
    var kept = min(stack.count, maximumRows)
    while kept > 0, Double(kept) * h > 0.4 * length + 1e-9 { kept -= 1 }
    let compressed = kept < stack.count
    if kept < stack.count {
      if kept == 0 { return ([], true) }
      stack = [stack[0]] + stack.suffix(kept - 1)
      var next = start
      for index in stack.indices {
        stack[index].top = min(next, stack[index].limit)
        next = stack[index].top + h
      }
    }
    return (stack.map { ($0.row, $0.top) }, compressed)
  }

  @Test(arguments: 0..<8)
  func frameByFrameTheStackIsTheReferencesAndNothingJumps(_ index: Int) {
    let seed = UInt64(0x57AC_0000 + index)
    let h = 2.0
    let fixture = Fixture(
      seed: seed, rowLength: h, viewport: Size(width: 40, height: index % 2 == 0 ? 60 : 14),
      maximumRows: index % 3 == 0 ? 3 : 5)
    let view = fixture.view
    let levels = fixture.levels
    let maximumRows = index % 3 == 0 ? 3 : 5
    var previous: [ItemPath: Rect] = [:]
    var wasCompressed = false
    var y = 0.0
    let end = max(0, view.contentSize.height - view.viewportSize.height)
    while y <= end {
      view.contentOffset = Point(x: 0, y: y)
      view.layoutIfNeeded()
      let context = "seed \(seed), y \(y)"
      let (expected, compressed) = Self.expectedStack(
        levels: levels, h: h, start: y, length: view.viewportSize.height,
        maximumRows: maximumRows)
      let stuck = fixture.layout.stuckItems(forViewport: view.bounds)
      #expect(stuck.map(\.indexPath.item) == expected.map(\.row), "\(context): stuck rows")
      #expect(stuck.map(\.frame.minY) == expected.map(\.top), "\(context): stuck tops")
      #expect(
        stuck.map(\.frame.height).reduce(0, +) <= 0.4 * view.viewportSize.height + 1e-9,
        "\(context): over 40 %")
      var frames: [ItemPath: Rect] = [:]
      let stuckPaths = Set(stuck.map(\.indexPath))
      for cell in view.visibleCells {
        guard let path = view.indexPath(for: cell) else { continue }
        frames[path] = cell.frame
        if let row = stuck.first(where: { $0.indexPath == path }) {
          #expect(cell.frame == row.frame, "\(context): stuck \(path) drawn elsewhere")
        } else {
          #expect(
            cell.frame == Rect(x: 0, y: Double(path.item) * h, width: 40, height: h),
            "\(context): \(path) moved from its place")
        }
      }
      for path in stuckPaths { #expect(frames[path] != nil, "\(context): \(path) not shown") }
      // Continuity: while the chain fits the cap, a row that stays stuck moves at most the 1
      // point the content moved, and one that becomes stuck was, a frame ago, where it sticks
      // now (or within a point). (Compressing a deeper chain drops middle rows: the rows
      // under them move up a row.)
      if !compressed && !wasCompressed {
        for row in stuck {
          if let before = previous[row.indexPath] {
            let moved = abs(before.minY - row.frame.minY)
            #expect(moved <= 1 + 1e-9, "\(context): \(row.indexPath) jumped \(moved)")
          }
        }
      }
      previous = frames
      wasCompressed = compressed
      y += 1
    }
  }

  /// The first offset (in steps of a row) where at least two rows stick in a 40 × 60 view,
  /// with a viewport of content below it.
  static func offsetWithTwoStuckRows(_ fixture: Fixture) -> Double? {
    var y = 0.0
    while y < fixture.view.contentSize.height - 60 {
      let viewport = Rect(x: 0, y: y, width: 40, height: 60)
      if fixture.layout.stuckItems(forViewport: viewport).count >= 2 { return y }
      y += 2
    }
    return nil
  }

  /// A 40 × 60 fixture of two-point rows, scrolled `extra` points past the first offset where
  /// two rows stick; nil, recorded as an issue, where no offset has two.
  static func scrolledPastTwoStuckRows(
    seed: UInt64, by extra: Double, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Fixture? {
    let fixture = Fixture(seed: seed, rowLength: 2, viewport: Size(width: 40, height: 60))
    guard let y = offsetWithTwoStuckRows(fixture) else {
      Issue.record("no offset with two stuck rows", sourceLocation: sourceLocation)
      return nil
    }
    fixture.view.contentOffset = Point(x: 0, y: y + extra)
    fixture.view.layoutIfNeeded()
    return fixture
  }

  @Test func aPressOnAStuckHeaderScrollsToItUnderItsParents() {
    guard let fixture = Self.scrolledPastTwoStuckRows(seed: 0x57AC_0042, by: 7) else { return }
    let view = fixture.view
    let stuck = fixture.layout.stuckItems(forViewport: view.bounds)
    let target = stuck[1]
    var time = 1.0
    view.tick(now: time)
    view.handle(
      PointerEvent(.began, at: Point(x: 5, y: target.frame.midY - view.contentOffset.y), time: time)
    )
    view.handle(
      PointerEvent(.ended, at: Point(x: 5, y: target.frame.midY - view.contentOffset.y), time: time)
    )
    for _ in 0..<60 {
      time += 1.0 / 60
      view.tick(now: time)
    }
    #expect(view.focusedIndexPath == target.indexPath)
    // It starts right under its parent's stuck row.
    let natural = fixture.layout.layoutAttributesForItem(at: target.indexPath)!.frame
    #expect(natural.minY - view.contentOffset.y == stuck[0].frame.height)
    let now = fixture.layout.stuckItems(forViewport: view.bounds)
    #expect(now.map(\.indexPath) == [stuck[0].indexPath])
  }

  /// A stuck row sits where the viewport is: an update, a saved position and the first focus
  /// never take it as the item that keeps its place (they would scroll to its natural place).
  @Test func anUpdateUnderTheStackKeepsTheContentWhereItIs() {
    guard let fixture = Self.scrolledPastTwoStuckRows(seed: 0x57AC_0044, by: 1) else { return }
    let view = fixture.view
    let stuck = Set(fixture.layout.stuckItems(forViewport: view.bounds).map(\.indexPath))
    // The saved position names the first row that scrolls, not a stuck one.
    let saved = view.savedScrollPosition()!
    #expect(!stuck.contains(saved.indexPath))
    // Collapse a row below the stack, animated: nothing above it moves.
    let rows = view.indexPathsForVisibleItems.filter { !stuck.contains($0) }
    guard
      let target = rows.dropFirst(2).first(where: { path in
        fixture.outline.item(at: path).map { fixture.outline.tree.isExpanded($0) } == true
      })
    else {
      Issue.record("no expanded row below the stack")
      return
    }
    let offset = view.contentOffset
    var time = 1.0
    view.tick(now: time)
    fixture.outline.collapse(fixture.outline.item(at: target)!, animated: true)
    for _ in 0..<40 {
      time += 1.0 / 60
      view.tick(now: time)
    }
    #expect(view.contentOffset == offset, "the content moved: \(offset) → \(view.contentOffset)")
  }

  /// `scrollToItem` measures the stack stuck where it lands, not the one stuck where it
  /// starts: from the top (no stack) or from far below (another stack), a row scrolled to the
  /// start, to the nearest edge or to the centre, animated or not, is never under a stuck row
  /// there, and at the start it lies just below its stuck parents.
  @Test(arguments: [0x57AC_0050, 0x57AC_0051, 0x57AC_0052] as [UInt64])
  func scrollingToARowLandsItBelowTheStackStuckWhereItLands(_ seed: UInt64) {
    let fixture = Fixture(seed: seed, rowLength: 2, viewport: Size(width: 40, height: 60))
    let view = fixture.view
    let layout = fixture.layout
    var random = SeededRandom(seed: seed)
    let count = view.numberOfItems(inSection: 0)
    let maximum = view.maximumContentOffset.y
    var time = 1.0
    for step in 0..<60 {
      let path = ItemPath(section: 0, item: random.int(0...(count - 1)))
      let position = [ScrollPosition.start, .nearest, .center][step % 3]
      let animated = step % 2 == 1
      // From the top or from the far end: stacks unlike the one where the row lands.
      view.contentOffset = Point(x: 0, y: random.chance(0.5) ? 0 : maximum)
      view.layoutIfNeeded()
      view.tick(now: time)
      view.scrollToItem(at: path, at: position, animated: animated)
      for _ in 0..<(animated ? 90 : 1) {
        time += 1.0 / 60
        view.tick(now: time)
      }
      let frame = layout.layoutAttributesForItem(at: path)!.frame
      let stuck = layout.stuckItems(forViewport: view.bounds).filter { $0.indexPath != path }
      let cover = stuck.map(\.frame.maxY).max() ?? view.contentOffset.y
      let context = Comment(
        rawValue: "seed \(seed) step \(step): \(path) \(position) animated \(animated), "
          + "row at \(frame.minY), stack ends at \(cover), offset \(view.contentOffset.y)")
      // A row the stack would cover when clamped at the end of the content is not asked for.
      guard view.contentOffset.y < maximum - 0.001 || position == .nearest else { continue }
      #expect(frame.minY >= cover - 0.001, context)
      // At the start it lies just below them: a point further, a stuck row would cover it.
      if position == .start, view.contentOffset.y > 0.001, view.contentOffset.y < maximum - 1 {
        let further = Rect(
          origin: Point(x: 0, y: view.contentOffset.y + 1), size: view.viewportSize)
        let coverFurther =
          layout.stuckItems(forViewport: further).filter { $0.indexPath != path }
          .map(\.frame.maxY).max() ?? further.minY
        #expect(coverFurther > frame.minY + 0.001, context)
      }
    }
  }

  @Test func noStackWithoutAnOutlineOrInATinyViewport() {
    let fixture = Fixture(seed: 0x57AC_0043, rowLength: 2, viewport: Size(width: 40, height: 4))
    for y in stride(from: 0.0, to: 200, by: 3) {
      // 40 % of 4 points holds no 2-point row... but one: 1.6 < 2.
      #expect(
        fixture.layout.stuckItems(forViewport: Rect(x: 0, y: y, width: 40, height: 4)).isEmpty)
    }
    fixture.layout.stackedHeaders = nil
    #expect(
      fixture.layout.stuckItems(forViewport: Rect(x: 0, y: 50, width: 40, height: 60)).isEmpty)
  }
}
