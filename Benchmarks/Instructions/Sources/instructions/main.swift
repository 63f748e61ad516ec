import ReuseControls
// Scenarios for Benchmarks/instructions.sh: `instructions SCENARIO N` runs N operations after
// a warm-up. list, estimated, waterfall: frame steps at 1,000,000 items (a third of an
// 800-point viewport each); carousel: 40-point scroll events over 1,000 cards; diff: applying
// a 100,000-item snapshot (10,000 removed, 10,000 added, 2,000 swapped) and back; render: a
// full 200×60 terminal frame of a styled list, drawn and rendered (as `render/frame/full`);
// reorder, reorder-grid: a drag frame of an interactive movement over 1,000,000 items (as
// `reorder/frame/*`), reorder-baseline the same list scrolled 7 points a frame.
import ReuseKit
import ReuseTerminal

final class Cell: CollectionViewCell { var item = -1 }
final class Source: CollectionViewDataSource {
  let count: Int
  init(_ count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      Cell.self, withReuseIdentifier: "c", for: indexPath)
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
    scenario == "list"
    ? ListLayout(itemSizing: .uniform(44)) as CollectionViewLayout
    : scenario == "estimated"
      ? ListLayout(itemSizing: .estimated(44)) as CollectionViewLayout
      : WaterfallLayout(
        columns: .fixed(2), itemHeight: .perItem { p, _ in Double(100 + (p.item &* 37) % 201) })
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
    if offset > maximum {
      offset = maximum; direction = -1
    } else if offset < 0 {
      offset = 0; direction = 1
    }
    view.contentOffset = Point(x: 0, y: offset)
    view.layoutIfNeeded()
  }
  sink = view.reuseCounters.visible
case "carousel":
  let cards = Cards()
  let carousel = Carousel(
    layout: CarouselLayout(peekInset: 24, spacing: 12), viewportSize: Size(width: 320, height: 200))
  carousel.collectionView.diagnostics.handler = nil
  carousel.register(Cell.self, forCellWithReuseIdentifier: "c")
  carousel.dataSource = cards
  var offset = 0.0
  var direction = 1.0
  let maximum = carousel.collectionView.contentSize.width - 320
  for _ in 0..<(100 + frames) {
    offset += direction * 40
    if offset > maximum {
      offset = maximum; direction = -1
    } else if offset < 0 {
      offset = 0; direction = 1
    }
    carousel.collectionView.contentOffset = Point(x: offset, y: 0)
    carousel.collectionView.layoutIfNeeded()
  }
  sink = carousel.currentIndex
case "diff":
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
  view.diagnostics.handler = nil
  view.register(Cell.self, forCellWithReuseIdentifier: "c")
  let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
    cv, path, id in
    let cell = cv.dequeueReusableCell(Cell.self, withReuseIdentifier: "c", for: path)
    cell.item = id
    return cell
  }
  var a = Snapshot<Int, Int>()
  a.appendSections([0])
  a.appendItems(Array(0..<100_000))
  var ids = Array(10_000..<110_000)
  for i in stride(from: 0, to: 2_000, by: 1) {
    ids.swapAt(i * 7 % ids.count, (i * 13 + 5_000) % ids.count)
  }
  var b = Snapshot<Int, Int>()
  b.appendSections([0])
  b.appendItems(ids)
  dataSource.apply(a, animatingDifferences: false)
  for i in 0..<frames { dataSource.apply(i % 2 == 0 ? b : a, animatingDifferences: false) }
  sink = view.reuseCounters.visible
case "uuid":
  // As `diff/apply/snapshot`: UUID-like strings, 10,000 deleted, 10,000 inserted, 2,000 moved.
  var state: UInt64 = 0xD1FF
  func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// 36 characters of hex and dashes, like a UUID (not the benchmark's exact strings).
  func uuid() -> String {
    let high = String(next(), radix: 16)
    let low = String(next(), radix: 16)
    return "\(high.prefix(8))-\(high.dropFirst(8).prefix(4))-4\(low.prefix(3))-"
      + "\(low.dropFirst(3).prefix(4))-\(low.suffix(8))\(high.suffix(4))"
  }
  let old = (0..<100_000).map { _ in uuid() }
  var new = old
  for _ in 0..<10_000 { new.remove(at: Int(next() % UInt64(new.count))) }
  for _ in 0..<10_000 { new.insert(uuid(), at: Int(next() % UInt64(new.count + 1))) }
  for _ in 0..<2_000 {
    let element = new.remove(at: Int(next() % UInt64(new.count)))
    new.insert(element, at: Int(next() % UInt64(new.count + 1)))
  }
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
  view.diagnostics.handler = nil
  view.register(Cell.self, forCellWithReuseIdentifier: "c")
  let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
    cv, path, _ in cv.dequeueReusableCell(withReuseIdentifier: "c", for: path)
  }
  let snapshots = [old, new].map { version in
    var snapshot = Snapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(version)
    return snapshot
  }
  dataSource.apply(snapshots[0], animatingDifferences: false)
  view.contentOffset = Point(x: 0, y: 44 * 50_000)
  view.layoutIfNeeded()
  for i in 0..<frames { dataSource.apply(snapshots[(i + 1) % 2], animatingDifferences: false) }
  sink = view.reuseCounters.visible
case "chat":
  // As `chat/prepend/estimated`: 1,000 older messages prepended to 1,000,000, per operation.
  final class Chat: CollectionViewDataSource {
    var count = 1_000_000
    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    ) -> Int { count }
    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    ) -> CollectionViewCell {
      collectionView.dequeueReusableCell(Cell.self, withReuseIdentifier: "c", for: indexPath)
    }
  }
  let chat = Chat()
  let view = CollectionView(
    layout: ListLayout(itemSizing: .estimated(44)), viewportSize: Size(width: 320, height: 800))
  view.diagnostics.handler = nil
  view.anchorsToEnd = true
  view.register(Cell.self, forCellWithReuseIdentifier: "c")
  view.dataSource = chat
  view.layoutIfNeeded()
  view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
  view.layoutIfNeeded()
  let older = (0..<1_000).map { ItemPath(section: 0, item: $0) }
  for _ in 0..<frames {
    chat.count += 1_000
    view.performBatchUpdates(with: Changeset(insertedItems: older), animated: false)
    view.layoutIfNeeded()
  }
  sink = view.reuseCounters.visible
case "reorder", "reorder-baseline", "reorder-grid":
  // As `reorder/frame/list`: a lifted item's pointer moves 7 points and the clock ticks
  // 1/60 s, over 1,000,000 estimated rows (the baseline scrolls 7 points instead).
  final class Movable: CollectionViewDataSource {
    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    ) -> Int { 1_000_000 }
    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    ) -> CollectionViewCell {
      let cell = collectionView.dequeueReusableCell(
        Cell.self, withReuseIdentifier: "c", for: indexPath)
      cell.item = indexPath.item
      return cell
    }
    func collectionView(
      _ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath
    )
      -> Bool
    { true }
  }
  let moving = scenario != "reorder-baseline"
  let movable = Movable()
  let view = CollectionView(
    layout: scenario == "reorder-grid"
      ? GridLayout(columns: .fixed(3), itemHeight: .fixed(100))
      : ListLayout(itemSizing: .estimated(44), itemSpacing: 1),
    viewportSize: Size(width: 320, height: 800))
  view.diagnostics.handler = nil
  view.register(Cell.self, forCellWithReuseIdentifier: "c")
  view.dataSource = movable
  view.layoutIfNeeded()
  view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
  view.layoutIfNeeded()
  if moving {
    let lifted = view.indexPathForItem(at: Point(x: 160, y: view.contentOffset.y + 300))!
    let began = view.beginInteractiveMovementForItem(at: lifted)
    precondition(began)
  }
  var pointer = 300.0
  var step = 7.0
  var time = 0.0
  for _ in 0..<(200 + frames) {
    pointer += step
    if pointer > 560 || pointer < 240 { step = -step }
    if moving {
      view.updateInteractiveMovementTargetPosition(Point(x: 160, y: view.contentOffset.y + pointer))
    } else {
      view.contentOffset.y += step
      view.layoutIfNeeded()
    }
    time += 1.0 / 60
    view.tick(now: time)
  }
  sink = view.reuseCounters.visible + (view.interactiveMovementTarget?.item ?? 0)
case "render":
  final class Output: TerminalOutput {
    var total = 0
    func write(_ bytes: [UInt8]) { total += bytes.count }
  }
  final class Row: TerminalCell {
    var item = 0
    override func draw(in context: DrawContext) {
      context.fill(TextStyle(background: Color(red: 30, green: 32, blue: item % 2 == 0 ? 48 : 58)))
      context.text(
        "▌", x: 0, y: 0,
        style: TextStyle(foreground: Color(red: UInt8(item * 37 % 200 + 40), green: 120, blue: 200))
      )
      context.text(
        "Row \(item) · a list item with a title", x: 3, y: 0,
        style: TextStyle(foreground: Color(hex: 0xC0CAF5)))
      context.text(
        "#\(item + 1)", x: context.width - 10, y: 0,
        style: TextStyle(foreground: Color(hex: 0x7C83A8)))
    }
  }
  final class Rows: CollectionViewDataSource {
    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    ) -> Int { 1_000_000 }
    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    ) -> CollectionViewCell {
      let cell = collectionView.dequeueReusableCell(
        Row.self, withReuseIdentifier: "r", for: indexPath)
      cell.item = indexPath.item
      return cell
    }
  }
  let output = Output()
  let renderer = Renderer(output: output)
  let canvas = Canvas(columns: 200, rows: 60)
  let rows = Rows()
  let view = CollectionView(layout: ListLayout(itemSizing: .uniform(1)))
  view.register(Row.self, forCellWithReuseIdentifier: "r")
  view.dataSource = rows
  let pane = CollectionViewPane(collectionView: view)
  pane.frame = CellRect(x: 0, y: 1, width: 200, height: 58)
  pane.background = TextStyle(background: Color(hex: 0x1B1D2A))
  for _ in 0..<(10 + frames) {
    renderer.invalidate()
    canvas.fill(
      CellRect(x: 0, y: 0, width: 200, height: 1),
      style: TextStyle(foreground: Color(hex: 0x1B1D2A), background: Color(hex: 0x7AA2F7)))
    canvas.draw(" ReuseKit · render", column: 0, row: 0, style: TextStyle(attributes: .bold))
    pane.draw(into: canvas)
    _ = renderer.render(canvas)
  }
  sink = output.total
default: fatalError()
}
print(sink)
