import ReuseKit
import ReuseTestSupport

@testable import ReuseControls

// MARK: Surfaces

/// A surface whose input goes straight to one scroll view: drags, the wheel (one notch moves
/// `wheelNotch`) and, for a collection view, ticks that lay out as the host's frame does.
protocol ScrollingSurface: InteractionSurface {
  associatedtype Scroller: ScrollView
  var view: Scroller { get }
  var wheelNotch: Point { get }
}

extension ScrollingSurface {
  var isMoving: Bool { view.isAnimating }
  func beginDrag(at point: Point, time: Double) { view.beginDrag(at: point, time: time) }
  func moveDrag(to point: Point, time: Double) { view.moveDrag(to: point, time: time) }
  func endDrag(at point: Point, time: Double) { view.endDrag(at: point, time: time) }
  func wheel(_ notches: Int, time: Double) {
    let notch = wheelNotch
    view.scroll(byWheel: notches > 0 ? notch : Point(x: -notch.x, y: -notch.y), time: time)
  }
  func tick(_ time: Double) {
    view.tick(now: time)
    (view as? CollectionView)?.layoutIfNeeded()  // the host draws the frame
  }
}

/// A vertical collection view that scrolls freely: a "stop" is the offset (in thousandths),
/// and a page key moves a page.
protocol FreeScrollingSurface: ScrollingSurface where Scroller == CollectionView {}

extension FreeScrollingSurface {
  var wheelNotch: Point { Point(x: 0, y: 3) }
  var stopTolerance: Int { 1 }
  func step(forward: Bool, vertical: Bool) { view.scroll(by: .pages(forward ? 1 : -1)) }
  func targetStop(vertical: Bool) -> Int? { freeStop(view.restingContentOffset.y) }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    freeStop(afterPaging: view, from: index, forward: forward)
  }
  func restingStop(vertical: Bool) -> Int? { freeStop(view.contentOffset.y) }
  func reload() { view.reloadData() }
  func checkAtRest() -> String? {
    let offset = view.contentOffset.y
    if offset < view.minimumContentOffset.y || offset > view.maximumContentOffset.y {
      return "rests at y = \(offset), out of bounds"
    }
    return nil
  }
}

/// A data source of `count` plain cells (registered as "cell") in one section.
protocol PlainCells: CollectionViewDataSource {
  var count: Int { get }
}

extension PlainCells {
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: "cell", for: indexPath)
  }
}

/// A free-scrolling view's offset in thousandths of a point: page keys move it a viewport.
func freeStop(_ offset: Double) -> Int { Int((offset * 1_000).rounded()) }

/// Where one page key leads from `stop` (clamped to the content).
func freeStop(afterPaging view: ScrollView, from stop: Int, forward: Bool) -> Int {
  let moved = Double(stop) / 1_000 + (forward ? 1 : -1) * view.viewportSize.height
  return freeStop(view.clampedContentOffset(Point(x: 0, y: moved)).y)
}

/// A scroll view paging through twelve pages.
final class PagingSurface: ScrollingSurface {
  let view = ScrollView()
  let baseViewport = Size(width: 100, height: 60)
  let stepAxis: Bool? = false
  var pages = 12

  init() {
    view.diagnostics.handler = nil
    view.isPagingEnabled = true
    resize(1)
  }

  var page: Double { view.viewportSize.width }
  let wheelNotch = Point(x: 10, y: 0)
  func step(forward: Bool, vertical: Bool) { view.scroll(by: .pages(forward ? 1 : -1)) }
  func targetStop(vertical: Bool) -> Int? {
    vertical ? nil : Int((view.restingContentOffset.x / page).rounded())
  }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    min(max(0, index + (forward ? 1 : -1)), pages - 1)
  }
  func restingStop(vertical: Bool) -> Int? {
    let index = (view.contentOffset.x / page).rounded()
    return view.contentOffset.x == index * page ? Int(index) : nil
  }
  func resize(_ scale: Double) {
    let size = Size(width: baseViewport.width * scale, height: baseViewport.height)
    view.viewportSize = size
    view.contentSize = Size(width: size.width * Double(pages), height: size.height)
  }
  func append(_ count: Int) -> String? {
    pages += 1
    view.contentSize.width = page * Double(pages)
    return nil
  }
  func checkAtRest() -> String? {
    let offset = view.contentOffset
    if restingStop(vertical: false) == nil || offset.y != 0 {
      return "rests at \(offset), off a page"
    }
    if offset.x < 0 || offset.x > view.maximumContentOffset.x {
      return "rests at \(offset), out of bounds"
    }
    return nil
  }
}

/// A horizontal list of items of different widths that snaps to their leading edges, with a
/// sensitivity.
final class SnappingListSurface: PlainCells, ScrollingSurface {
  let view: CollectionView
  let baseViewport = Size(width: 100, height: 20)
  let stepAxis: Bool? = false
  var count = 120

  init() {
    view = CollectionView(
      layout: ListLayout(
        scrollDirection: .horizontal, itemSizing: .perItem { Double(20 + ($0.item * 13) % 31) }),
      viewportSize: baseViewport)
    view.diagnostics.handler = nil
    view.snapping = ScrollSnapping(alignment: .leading, sensitivity: 8)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = self
    view.layoutIfNeeded()
  }

  let wheelNotch = Point(x: 10, y: 0)
  func step(forward: Bool, vertical: Bool) { view.scroll(by: .items(forward ? 1 : -1)) }

  /// Each item's resting offset: its leading edge, clamped to the content.
  func offset(ofStop index: Int) -> Double {
    view.clampedContentOffset(
      Point(x: view.frameForItem(at: ItemPath(section: 0, item: index))!.minX, y: 0)
    ).x
  }
  /// The item whose (unclamped) leading edge is nearest `offset`, by brute force.
  func nearestItem(to offset: Double) -> Int {
    var best = 0
    for item in 0..<count {
      let edge = view.frameForItem(at: ItemPath(section: 0, item: item))!.minX
      let bestEdge = view.frameForItem(at: ItemPath(section: 0, item: best))!.minX
      if abs(edge - offset) < abs(bestEdge - offset) { best = item }
    }
    return best
  }
  func targetStop(vertical: Bool) -> Int? {
    vertical ? nil : nearestItem(to: view.restingContentOffset.x)
  }
  func stop(after index: Int, forward: Bool, vertical: Bool) -> Int {
    min(max(0, index + (forward ? 1 : -1)), count - 1)
  }
  func restingStop(vertical: Bool) -> Int? {
    let item = nearestItem(to: view.contentOffset.x)
    // Near the end, several items rest at the clamped offset: any of them is that stop.
    if offset(ofStop: item) != view.contentOffset.x { return nil }
    return item
  }
  func resize(_ scale: Double) {
    view.viewportSize = Size(width: baseViewport.width * scale, height: baseViewport.height)
  }
  func reload() { view.reloadData() }
  func append(_ added: Int) -> String? {
    count += added
    view.insertItems(at: (count - added..<count).map { ItemPath(section: 0, item: $0) })
    return nil
  }
  func checkAtRest() -> String? {
    view.layoutIfNeeded()
    let offset = view.contentOffset.x
    let onStop = (0..<count).contains { self.offset(ofStop: $0) == offset }
    return onStop ? nil : "rests at x = \(offset), between items"
  }
}

/// A vertical list with pinned headers, items of their own heights, in sections.
final class ListSurface: PlainSupplementaryViews, FreeScrollingSurface {
  let view: CollectionView
  let layout: ListLayout
  let baseViewport = Size(width: 40, height: 24)
  let stepAxis: Bool? = true
  var counts = [30, 0, 45, 60]
  var asked: [ItemPath] = []

  init() {
    var asked: (ItemPath) -> Void = { _ in }
    layout = ListLayout(
      itemSizing: .perItem { path in
        asked(path)
        return Double(1 + (path.section * 7 + path.item * 3) % 4)
      }, headerLength: .fixed(2))
    layout.pinsHeaders = true
    view = CollectionView(layout: layout, viewportSize: baseViewport)
    view.diagnostics.handler = nil
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.register(
      ReusableView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
    asked = { [unowned self] in self.asked.append($0) }
    view.dataSource = self
    view.layoutIfNeeded()
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { counts[section] }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      CollectionViewCell.self, withReuseIdentifier: "cell", for: indexPath)
  }

  func resize(_ scale: Double) {
    view.viewportSize = Size(
      width: baseViewport.width, height: (baseViewport.height * scale).rounded())
  }
  func append(_ added: Int) -> String? {
    view.layoutIfNeeded()
    asked.removeAll()
    let last = counts.count - 1
    counts[last] += added
    view.insertItems(
      at: (counts[last] - added..<counts[last]).map { ItemPath(section: last, item: $0) })
    view.layoutIfNeeded()
    let new = Set((counts[last] - added..<counts[last]).map { ItemPath(section: last, item: $0) })
    if asked.count != added || !Set(asked).isSubset(of: new) {
      return "appending \(added) asked for \(asked.count) lengths: \(asked.prefix(5))…"
    }
    return nil
  }
  func reveal(_ fraction: Double, animated: Bool) -> (() -> String?)? {
    let flat = Int(fraction * Double(counts.reduce(0, +) - 1))
    var section = 0
    var item = flat
    while item >= counts[section] {
      item -= counts[section]
      section += 1
    }
    let path = ItemPath(section: section, item: item)
    view.scrollToItem(at: path, at: .nearest, animated: animated)
    return { [view] in
      isFullyVisibleAndClear(path, in: view)
        ? nil
        : "\(path) was asked to be visible; it is at \(view.frameForItem(at: path)!), "
          + "the viewport at \(view.contentOffset.y)"
    }
  }
}
