// Scenarios for Benchmarks/instructions.sh: `instructions SCENARIO N` runs N operations after
// a warm-up. list, estimated, waterfall: frame steps at 1,000,000 items (a third of an
// 800-point viewport each); carousel: 40-point scroll events over 1,000 cards; diff: applying
// a 100,000-item snapshot (10,000 removed, 10,000 added, 2,000 swapped) and back.
import ReuseKit
import ReuseControls

final class Cell: CollectionViewCell { var item = -1 }
final class Source: CollectionViewDataSource {
  let count: Int
  init(_ count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(Cell.self, withReuseIdentifier: "c", for: indexPath)
    cell.item = indexPath.item
    return cell
  }
}
final class Cards: CarouselDataSource {
  func numberOfItems(in carousel: Carousel) -> Int { 1_000 }
  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    carousel.dequeueReusableCell(Cell.self, withReuseIdentifier: "c", forSlot: slot)
  }
}

let args = CommandLine.arguments
let scenario = args[1]
let frames = Int(args[2])!
var sink = 0
switch scenario {
case "list", "estimated", "waterfall":
  let layout: CollectionViewLayout =
    scenario == "list" ? ListLayout(itemSizing: .uniform(44)) as CollectionViewLayout
    : scenario == "estimated" ? ListLayout(itemSizing: .estimated(44)) as CollectionViewLayout
    : WaterfallLayout(columns: .fixed(2), itemHeight: .perItem { p, _ in Double(100 + (p.item &* 37) % 201) })
  let view = CollectionView(layout: layout, viewportSize: Size(width: 320, height: 800))
  view.diagnostics.handler = nil
  let source = Source(1_000_000)
  view.register(Cell.self, forCellWithReuseIdentifier: "c")
  view.dataSource = source
  view.layoutIfNeeded()
  var offset = 0.0
  var direction = 1.0
  let maximum = view.contentSize.height - 800
  for _ in 0..<(100 + frames) {
    offset += direction * 800 / 3
    if offset > maximum { offset = maximum; direction = -1 } else if offset < 0 { offset = 0; direction = 1 }
    view.contentOffset = Point(x: 0, y: offset)
    view.layoutIfNeeded()
  }
  sink = view.reuseCounters.visible
case "carousel":
  let cards = Cards()
  let carousel = Carousel(layout: CarouselLayout(peekInset: 24, spacing: 12), viewportSize: Size(width: 320, height: 200))
  carousel.collectionView.diagnostics.handler = nil
  carousel.register(Cell.self, forCellWithReuseIdentifier: "c")
  carousel.dataSource = cards
  var offset = 0.0
  var direction = 1.0
  let maximum = carousel.collectionView.contentSize.width - 320
  for _ in 0..<(100 + frames) {
    offset += direction * 40
    if offset > maximum { offset = maximum; direction = -1 } else if offset < 0 { offset = 0; direction = 1 }
    carousel.collectionView.contentOffset = Point(x: offset, y: 0)
    carousel.collectionView.layoutIfNeeded()
  }
  sink = carousel.currentIndex
case "diff":
  let view = CollectionView(layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
  view.diagnostics.handler = nil
  view.register(Cell.self, forCellWithReuseIdentifier: "c")
  let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { cv, path, id in
    let cell = cv.dequeueReusableCell(Cell.self, withReuseIdentifier: "c", for: path)
    cell.item = id
    return cell
  }
  var a = Snapshot<Int, Int>()
  a.appendSections([0])
  a.appendItems(Array(0..<100_000))
  var ids = Array(10_000..<110_000)
  for i in stride(from: 0, to: 2_000, by: 1) { ids.swapAt(i * 7 % ids.count, (i * 13 + 5_000) % ids.count) }
  var b = Snapshot<Int, Int>()
  b.appendSections([0])
  b.appendItems(ids)
  dataSource.apply(a, animatingDifferences: false)
  for i in 0..<frames { dataSource.apply(i % 2 == 0 ? b : a, animatingDifferences: false) }
  sink = view.reuseCounters.visible
default: fatalError()
}
print(sink)
