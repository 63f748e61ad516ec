import PropertyBased
import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

/// The whole-system randomised model test (issue 9): seeded runs mixing every operation a
/// user or an app can do (scroll, fling, tick, resize, inserts, deletes, moves, reloads,
/// snapshots, selection) over every layout and control (list, grid, waterfall, carousel,
/// picker), checking the invariants after every operation against an independent model of the
/// data:
/// - the visible set is exactly the items whose frames meet the viewport;
/// - every visible cell shows its item (identifier and content version);
/// - the reuse pools and the visible cells are disjoint;
/// - every `willDisplay` has one `didEndDisplaying`, and the ones outstanding are the visible
///   cells;
/// - the selection is the model's (it follows its items through updates);
/// - a settled offset is within bounds; nothing is NaN.
///
/// An operation is one primitive: a scroll call, a drag sample, a clock tick, a resize, a
/// batch update, a reload, a snapshot, a selection. The cheap checks run after every one (the
/// visible set against the layout's own query); the brute-force check of the visible set
/// (every item's frame against the viewport, independent of the layouts' index structures)
/// runs after every 16th.
///
/// Every failure names its seed and step. The suite runs 1,000,000 operations or more (each
/// surface prints its count).
@Suite struct SystemModelTests {
  /// Operations per seed, and seeds per surface: 5 surfaces × 250 seeds × 800 operations =
  /// 1,000,000 operations.
  static let operationsPerSeed = 800
  static let seedsPerSurface = 250

  @Test(arguments: Surface.allCases)
  func randomOperationsKeepEveryInvariant(_ surface: Surface) {
    var total = 0
    for index in 0..<Self.seedsPerSurface {
      let seed = UInt64(index + 1) &* 0x9E37_79B9 &+ UInt64(surface.rawValue.count)
      total += runSurface(surface, seed: seed, operations: Self.operationsPerSeed)
    }
    print("SystemModelTests: \(surface.rawValue): \(total) operations checked")
    #expect(total >= Self.seedsPerSurface * Self.operationsPerSeed)
  }
}

enum Surface: String, CaseIterable, Sendable {
  case list, grid, waterfall, carousel, picker
}

/// One seeded run over one surface.
protocol SurfaceRun {
  /// The operations run so far.
  var operations: Int { get }
  /// Runs a random step: one or more operations, each checked.
  mutating func step(_ step: Int)
}

extension CollectionRun: SurfaceRun {}
extension CarouselRun: SurfaceRun {}
extension PickerRun: SurfaceRun {}

/// Runs one seed until at least `operations` operations have run; returns how many ran.
func runSurface(_ surface: Surface, seed: UInt64, operations: Int) -> Int {
  func run(_ run: some SurfaceRun) -> Int {
    var run = run
    var step = 0
    while run.operations < operations {
      run.step(step)
      step += 1
    }
    return run.operations
  }
  switch surface {
  case .list, .grid, .waterfall: return run(CollectionRun(surface: surface, seed: seed))
  case .carousel: return run(CarouselRun(seed: seed))
  case .picker: return run(PickerRun(seed: seed))
  }
}

// MARK: - Collection views (list, grid, waterfall)

/// A cell that remembers what it was configured with.
final class ModelCell: CollectionViewCell {
  var id = -1
  var version = -1
  override func prepareForReuse() {
    id = -1
    version = -1
  }
}

/// The data: sections of identifiers, a content version per identifier; and the callback
/// ledger.
final class ModelSource: CollectionViewDataSource, CollectionViewDelegate {
  var sections: [[Int]] = []
  /// Stable section identifiers (for snapshots), beside `sections`.
  var sectionIDs: [Int] = []
  var versions: [Int: Int] = [:]
  var outstanding: Set<ObjectIdentifier> = []
  var failures: [String] = []

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ModelCell.self, withReuseIdentifier: "cell", for: indexPath)
    let id = sections[indexPath.section][indexPath.item]
    cell.id = id
    cell.version = versions[id] ?? 0
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if !outstanding.insert(ObjectIdentifier(cell)).inserted {
      failures.append("willDisplay twice without didEndDisplaying at \(indexPath)")
    }
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if outstanding.remove(ObjectIdentifier(cell)) == nil {
      failures.append("didEndDisplaying without willDisplay at \(indexPath)")
    }
  }
}

struct CollectionRun {
  let surface: Surface
  let seed: UInt64
  var random: SeededRandom
  let collectionView: CollectionView
  let source = ModelSource()
  var nextID = 1
  var selected: Set<Int> = []
  var time = 1.0
  var operations = 0
  var elements = LayoutElements()
  /// Whether the data goes through a diffable data source (snapshots) instead of explicit
  /// batch updates.
  let diffable: Bool
  var diffableSource: CollectionViewDiffableDataSource<Int, Int>?
  var nextSectionID = 1

  init(surface: Surface, seed: UInt64) {
    self.surface = surface
    self.seed = seed
    random = SeededRandom(seed: seed)
    let source = self.source
    let scale = [3, 20, 200, 200, 2_000][random.int(0...4)]
    let sectionCount = random.chance(0.1) ? 0 : random.int(1...4)
    for _ in 0..<sectionCount {
      var section: [Int] = []
      for _ in 0..<(random.chance(0.15) ? 0 : random.int(0...scale)) {
        section.append(nextID)
        nextID += 1
      }
      source.sections.append(section)
      source.sectionIDs.append(-source.sections.count)
    }
    let layout: CollectionViewLayout
    let lengthOf: (ItemPath) -> Double = { [source] path in
      let id = source.sections[path.section][path.item]
      return Double((id * 37) % 50 + 5)
    }
    let header: ListLayout.SectionMetric =
      random.chance(0.5) ? .fixed(Double(random.int(0...20))) : .none
    switch surface {
    case .list:
      let sizing: ListLayout.ItemSizing
      switch random.int(0...2) {
      case 0: sizing = .uniform(Double(random.int(1...40)))
      case 1: sizing = .perItem(lengthOf)
      default: sizing = .estimated(Double(random.int(5...40)))
      }
      let list = ListLayout(
        scrollDirection: random.chance(0.8) ? .vertical : .horizontal, itemSizing: sizing,
        itemSpacing: Double(random.int(0...4)), headerLength: header)
      list.pinsHeaders = random.chance(0.3)
      layout = list
    case .grid:
      layout = GridLayout(
        columns: random.chance(0.5) ? .fixed(random.int(1...5)) : .adaptive(minimumWidth: 40),
        itemHeight: random.chance(0.5) ? .fixed(Double(random.int(5...60))) : .aspectRatio(1),
        columnSpacing: Double(random.int(0...4)), rowSpacing: Double(random.int(0...4)),
        headerLength: header)
    default:
      layout = WaterfallLayout(
        columns: random.chance(0.5) ? .fixed(random.int(1...4)) : .adaptive(minimumWidth: 50),
        itemHeight: random.chance(0.7)
          ? .perItem({ path, _ in lengthOf(path) }) : .estimated(Double(random.int(10...60))),
        columnSpacing: Double(random.int(0...4)), itemSpacing: Double(random.int(0...4)),
        headerLength: header,
        placement: [.shortestFirst, .leftToRight, .rightToLeft][random.int(0...2)])
    }
    collectionView = CollectionView(
      layout: layout,
      viewportSize: Size(width: Double(random.int(50...400)), height: Double(random.int(50...600))))
    collectionView.diagnostics.handler = nil
    collectionView.register(ModelCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.register(
      ReusableView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
    collectionView.allowsMultipleSelection = random.chance(0.5)
    diffable = random.chance(0.35)
    collectionView.delegate = source
    if diffable {
      let diffableSource = CollectionViewDiffableDataSource<Int, Int>(
        collectionView: collectionView
      ) { [source] collectionView, indexPath, id in
        let cell = collectionView.dequeueReusableCell(
          ModelCell.self, withReuseIdentifier: "cell", for: indexPath)
        cell.id = id
        cell.version = source.versions[id] ?? 0
        return cell
      }
      diffableSource.supplementaryViewProvider = { collectionView, kind, path in
        collectionView.dequeueReusableSupplementaryView(
          ofKind: kind, withReuseIdentifier: "header", for: path)
      }
      self.diffableSource = diffableSource
      apply(reconfiguring: [], animated: false)
    } else {
      collectionView.dataSource = source
    }
    collectionView.layoutIfNeeded()
  }

  /// Applies the model as a snapshot (diffed against the current one).
  private func apply(reconfiguring ids: [Int], animated: Bool) {
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections(source.sectionIDs)
    for (index, items) in source.sections.enumerated() {
      snapshot.appendItems(items, toSection: source.sectionIDs[index])
    }
    if !ids.isEmpty { snapshot.reconfigureItems(ids) }
    diffableSource?.apply(snapshot, animatingDifferences: animated)
  }

  mutating func step(_ step: Int) {
    let name: String
    switch random.int(0...99) {
    case 0..<18:
      name = "scroll"
      scroll()
    case 18..<30:
      name = "fling"
      fling(step)
    case 30..<36:
      name = "resize"
      let tiny = random.chance(0.1)
      collectionView.viewportSize = Size(
        width: tiny ? Double(random.int(0...2)) : Double(random.int(20...500)),
        height: tiny ? Double(random.int(0...2)) : Double(random.int(20...700)))
      collectionView.layoutIfNeeded()
      settle()
    case 36..<62:
      name = diffable ? "snapshot" : "batch"
      batch()
    case 62..<68:
      name = "sections"
      sectionBatch()
    case 68..<72:
      name = "reload"
      reloadAll()
    case 72..<90:
      name = "select"
      select()
    default:
      name = "tick"
      for _ in 0..<random.int(1...5) {
        time += 1.0 / 120
        collectionView.tick(now: time)
        collectionView.layoutIfNeeded()
        operation("tick at step \(step)", settled: false)
      }
    }
    operation("\(name) at step \(step)", settled: !collectionView.isAnimating)
  }

  /// One operation ran: check.
  private mutating func operation(_ context: @autoclosure () -> String, settled: Bool) {
    operations += 1
    check(context, settled: settled, bruteForce: operations % 16 == 0)
  }

  private var totalItems: Int { source.sections.reduce(0) { $0 + $1.count } }

  private mutating func scroll() {
    collectionView.layoutIfNeeded()
    let minimum = collectionView.minimumContentOffset
    let maximum = collectionView.maximumContentOffset
    if random.chance(0.5) || totalItems == 0 {
      let target = Point(
        x: random.double(minimum.x...max(minimum.x, maximum.x)),
        y: random.double(minimum.y...max(minimum.y, maximum.y)))
      collectionView.setContentOffset(target, animated: random.chance(0.3))
    } else {
      let section = source.sections.indices.filter { !source.sections[$0].isEmpty }.randomElement(
        using: &random)!
      let item = random.int(0..<source.sections[section].count)
      collectionView.scrollToItem(
        at: ItemPath(section: section, item: item),
        at: [.start, .center, .end, .nearest][random.int(0...3)], animated: random.chance(0.3))
    }
    settle()
  }

  private mutating func fling(_ step: Int) {
    let axis = collectionView.collectionViewLayout.scrollDirection
    var point = Point(x: 100, y: 100)
    collectionView.beginDrag(at: point, time: time)
    let velocity = random.double(-3000...3000)
    for _ in 0..<random.int(1...6) {
      time += 1.0 / 60
      point[axis] += velocity / 60
      collectionView.moveDrag(to: point, time: time)
      collectionView.layoutIfNeeded()
      operation("drag at step \(step)", settled: false)
    }
    collectionView.endDrag(at: point, time: time)
    settle()
  }

  /// Ticks at 60 Hz until nothing moves, each tick an operation.
  private mutating func settle() {
    var frames = 0
    while collectionView.isAnimating && frames < 600 {
      time += 1.0 / 60
      collectionView.tick(now: time)
      collectionView.layoutIfNeeded()
      frames += 1
      if collectionView.isAnimating { operation("tick \(frames) of a settle", settled: false) }
    }
    collectionView.layoutIfNeeded()
  }

  /// A random valid batch of item deletes, moves, inserts and reloads, applied to the model
  /// and the collection view in one update.
  private mutating func batch() {
    guard !source.sections.isEmpty else { return }
    let old = source.sections
    var deleted: [ItemPath] = []
    var moved: Set<Int> = []
    var reloaded: [ItemPath] = []
    var remaining: [[Int]] = []
    for (section, items) in old.enumerated() {
      var kept: [Int] = []
      for (index, id) in items.enumerated() {
        let roll = random.int(0...99)
        if roll < 8 {
          deleted.append(ItemPath(section: section, item: index))
        } else if roll < 14 {
          moved.insert(id)
        } else {
          if roll < 18 { reloaded.append(ItemPath(section: section, item: index)) }
          kept.append(id)
        }
      }
      remaining.append(kept)
    }
    // Place the moved items and some new ones at random final positions.
    var newIDs: [Int] = []
    for _ in 0..<random.int(0...6) {
      newIDs.append(nextID)
      nextID += 1
    }
    var target = remaining
    for id in Array(moved).sorted() + newIDs {
      let section = random.int(0..<target.count)
      target[section].insert(id, at: random.int(0...target[section].count))
    }
    var oldPath: [Int: ItemPath] = [:]
    for (section, items) in old.enumerated() {
      for (index, id) in items.enumerated() {
        oldPath[id] = ItemPath(section: section, item: index)
      }
    }
    var moves: [(ItemPath, ItemPath)] = []
    var inserted: [ItemPath] = []
    for (section, items) in target.enumerated() {
      for (index, id) in items.enumerated() {
        let path = ItemPath(section: section, item: index)
        if moved.contains(id) { moves.append((oldPath[id]!, path)) }
        if newIDs.contains(id) { inserted.append(path) }
      }
    }
    for path in reloaded { source.versions[old[path.section][path.item], default: 0] += 1 }
    for path in deleted { selected.remove(old[path.section][path.item]) }
    source.sections = target
    if diffable {
      apply(
        reconfiguring: reloaded.map { old[$0.section][$0.item] }, animated: random.chance(0.3))
      settle()
      return
    }
    let result = collectionView.performBatchUpdates(animated: random.chance(0.3)) {
      collectionView.deleteItems(at: deleted)
      collectionView.insertItems(at: inserted)
      for (from, to) in moves { collectionView.moveItem(at: from, to: to) }
      collectionView.reloadItems(at: reloaded)
    }
    if case .failure(let error) = result {
      Issue.record("seed \(seed): a valid batch was refused: \(error)")
    }
    settle()
  }

  /// Inserts or deletes a whole section.
  private mutating func sectionBatch() {
    if random.chance(0.5) || source.sections.isEmpty {
      var items: [Int] = []
      for _ in 0..<random.int(0...8) {
        items.append(nextID)
        nextID += 1
      }
      let index = random.int(0...source.sections.count)
      source.sections.insert(items, at: index)
      source.sectionIDs.insert(nextSectionID, at: index)
      nextSectionID += 1
      if diffable {
        apply(reconfiguring: [], animated: random.chance(0.3))
      } else {
        collectionView.performBatchUpdates(animated: false) {
          collectionView.insertSections([index])
        }
      }
    } else {
      let index = random.int(0..<source.sections.count)
      for id in source.sections[index] { selected.remove(id) }
      source.sections.remove(at: index)
      source.sectionIDs.remove(at: index)
      if diffable {
        apply(reconfiguring: [], animated: random.chance(0.3))
      } else {
        collectionView.performBatchUpdates(animated: false) {
          collectionView.deleteSections([index])
        }
      }
    }
    settle()
  }

  /// New data and `reloadData()`: the selection keeps the index paths that still exist.
  private mutating func reloadAll() {
    var paths: [ItemPath] = []
    for (section, items) in source.sections.enumerated() {
      for (index, id) in items.enumerated() where selected.contains(id) {
        paths.append(ItemPath(section: section, item: index))
      }
    }
    var sections = source.sections
    for index in sections.indices where random.chance(0.5) {
      sections[index].shuffle(using: &random)
      if random.chance(0.3) { sections[index].removeLast(min(sections[index].count, 3)) }
    }
    source.sections = sections
    selected = Set(
      paths.compactMap { path in
        path.section < sections.count && path.item < sections[path.section].count
          ? sections[path.section][path.item] : nil
      })
    if let diffableSource {
      var snapshot = Snapshot<Int, Int>()
      snapshot.appendSections(source.sectionIDs)
      for (index, items) in sections.enumerated() {
        snapshot.appendItems(items, toSection: source.sectionIDs[index])
      }
      diffableSource.applySnapshotUsingReloadData(snapshot)
    } else {
      collectionView.reloadData()
    }
    collectionView.layoutIfNeeded()
  }

  private mutating func select() {
    collectionView.layoutIfNeeded()
    let visible = collectionView.indexPathsForVisibleItems
    guard let path = visible.randomElement(using: &random) else { return }
    let id = source.sections[path.section][path.item]
    if random.chance(0.8) {
      collectionView.tapItem(at: path)
      if collectionView.allowsMultipleSelection {
        if selected.contains(id) { selected.remove(id) } else { selected.insert(id) }
      } else {
        selected = [id]
      }
    } else {
      collectionView.deselectItem(at: path)
      selected.remove(id)
    }
  }

  private mutating func check(_ context: () -> String, settled: Bool, bruteForce: Bool) {
    func fail(_ message: String) {
      Issue.record("seed \(seed) (\(surface)), \(context()): \(message)")
    }
    let view = collectionView
    for failure in source.failures { fail("\(failure)") }
    source.failures.removeAll()
    let offset = view.contentOffset
    let size = view.contentSize
    guard offset.x.isFinite, offset.y.isFinite, size.width.isFinite, size.height.isFinite else {
      fail("NaN or infinite offset \(offset) or size \(size)")
      return
    }
    // Views of a running update animation are drawn where the animation says; check the
    // exact set when nothing animates.
    let visible = view.indexPathsForVisibleItems
    var cells: [ObjectIdentifier] = []
    for path in visible {
      guard let cell = view.cellForItem(at: path) as? ModelCell else {
        fail("no cell for visible \(path)")
        continue
      }
      cells.append(ObjectIdentifier(cell))
      guard path.section < source.sections.count, path.item < source.sections[path.section].count
      else {
        fail("visible \(path) is out of range")
        continue
      }
      let id = source.sections[path.section][path.item]
      if cell.id != id || cell.version != (source.versions[id] ?? 0) {
        fail("\(path) shows \(cell.id) v\(cell.version), not \(id) v\(source.versions[id] ?? 0)")
      }
      if cell.isSelected != selected.contains(id) {
        fail("\(path) isSelected \(cell.isSelected), model \(selected.contains(id))")
      }
      if let frame = cell.layoutAttributes?.frame,
        !(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite
          && frame.height.isFinite)
      {
        fail("\(path) has frame \(frame)")
      }
    }
    // Selection: the model's, by identifier.
    var selectedIDs: Set<Int> = []
    for path in view.indexPathsForSelectedItems {
      guard path.section < source.sections.count, path.item < source.sections[path.section].count
      else {
        fail("selected \(path) is out of range")
        continue
      }
      selectedIDs.insert(source.sections[path.section][path.item])
    }
    if selectedIDs != selected {
      fail("selection \(selectedIDs.sorted()) ≠ model \(selected.sorted())")
    }
    // Pools are disjoint from the visible cells; callbacks are paired.
    let pooled = Set(view.reusePool.stacks.joined().map(ObjectIdentifier.init))
    if !pooled.isDisjoint(with: cells) { fail("a visible cell is pooled") }
    if !view.isAnimatingUpdates && source.outstanding != Set(cells) {
      fail("\(source.outstanding.count) cells displayed by callbacks, \(cells.count) visible")
    }
    // The visible set is exactly the items meeting the viewport (without an update
    // animation): against the layout's own query every time, and against every item's frame
    // (independent of the layouts' index structures) when `bruteForce`.
    let viewport = Rect(origin: offset, size: view.viewportSize)
    if !view.isAnimatingUpdates && viewport.width > 0 && viewport.height > 0 {
      var expected: Set<ItemPath> = []
      if bruteForce && totalItems <= 3_000 {
        for (section, items) in source.sections.enumerated() {
          for index in items.indices {
            let path = ItemPath(section: section, item: index)
            if let frame = view.collectionViewLayout.layoutAttributesForItem(at: path)?.frame,
              frame.intersects(viewport)
            {
              expected.insert(path)
            }
          }
        }
      } else {
        elements.removeAll()
        view.collectionViewLayout.elements(in: LayoutQuery(viewport: viewport), into: &elements)
        for attributes in elements.items where attributes.frame.intersects(viewport) {
          expected.insert(attributes.indexPath)
        }
      }
      if Set(visible) != expected {
        let extra = Set(visible).subtracting(expected).sorted().prefix(3)
        let missing = expected.subtracting(visible).sorted().prefix(3)
        fail("visible set off: extra \(Array(extra)), missing \(Array(missing))")
      }
    }
    // A settled offset is within bounds.
    if settled && !view.isTracking {
      let minimum = view.minimumContentOffset
      let maximum = view.maximumContentOffset
      for axis in [Axis.horizontal, .vertical] {
        let value = offset[axis]
        if value < minimum[axis] - 0.001 || value > max(minimum[axis], maximum[axis]) + 0.001 {
          fail("settled offset \(offset) outside \(minimum)…\(maximum)")
        }
      }
    }
  }
}

// MARK: - Carousel

/// A carousel card: the item and slot it was configured for.
final class ModelCard: CollectionViewCell {
  var item = -1
  var slot = -1
}

final class ModelCards: CarouselDataSource, CarouselDelegate {
  var count = 0
  var changes = 0
  func numberOfItems(in carousel: Carousel) -> Int { count }
  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    let cell = carousel.dequeueReusableCell(
      ModelCard.self, withReuseIdentifier: "card", forSlot: slot)
    cell.item = index
    cell.slot = slot
    return cell
  }
  func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int) { changes += 1 }
}

struct CarouselRun {
  let seed: UInt64
  var random: SeededRandom
  let carousel: Carousel
  let cards = ModelCards()
  var time = 1.0
  var operations = 0

  private mutating func operation(_ context: @autoclosure () -> String, settled: Bool) {
    operations += 1
    check(context(), settled: settled)
  }

  init(seed: UInt64) {
    self.seed = seed
    random = SeededRandom(seed: seed)
    carousel = Carousel(
      layout: CarouselLayout(
        peekInset: Double(random.int(0...40)), spacing: Double(random.int(0...20))),
      viewportSize: Size(width: Double(random.int(40...500)), height: Double(random.int(20...300))),
      virtualSlotCount: [1_000, 1_000_000][random.int(0...1)])
    carousel.collectionView.diagnostics.handler = nil
    carousel.register(ModelCard.self, forCellWithReuseIdentifier: "card")
    cards.count = random.chance(0.1) ? 0 : random.int(1...30)
    carousel.delegate = cards
    carousel.wraps = random.chance(0.5)
    carousel.dataSource = cards
    if random.chance(0.3) { carousel.autoscrollInterval = random.double(0.2...3) }
  }

  mutating func step(_ step: Int) {
    let view = carousel.collectionView
    switch random.int(0...9) {
    case 0, 1:
      carousel.scroll(to: random.int(-5...40), animated: random.chance(0.6))
    case 2, 3:
      var point = Point(x: random.double(0...view.viewportSize.width), y: 10)
      view.beginDrag(at: point, time: time)
      let velocity = random.double(-2500...2500)
      for _ in 0..<random.int(1...6) {
        time += 1.0 / 60
        point.x += velocity / 60
        view.moveDrag(to: point, time: time)
        carousel.tick(now: time)
        operation("drag at step \(step)", settled: false)
      }
      view.endDrag(at: point, time: time)
    case 4:
      view.viewportSize = Size(
        width: Double(random.int(0...500)), height: Double(random.int(0...300)))
      view.layoutIfNeeded()
    case 5:
      cards.count = random.chance(0.1) ? 0 : random.int(1...30)
      carousel.reloadData()
    case 6:
      carousel.wraps.toggle()
    case 7:
      view.tap(
        at: Point(
          x: view.contentOffset.x + random.double(0...max(1, view.viewportSize.width)), y: 5))
    default:
      break
    }
    operation("step \(step)", settled: !view.isAnimating)
    // Let it move and settle (autoscroll keeps it animating: bounded frames), each tick an
    // operation.
    for frame in 0..<random.int(0...120) {
      time += 1.0 / 60
      carousel.tick(now: time)
      operation("tick \(frame) after step \(step)", settled: !view.isAnimating)
      if !view.isAnimating { break }
    }
  }

  private func check(_ context: String, settled: Bool) {
    let where_ = "seed \(seed) (carousel), \(context)"
    let view = carousel.collectionView
    view.layoutIfNeeded()
    let offset = view.contentOffset
    guard offset.x.isFinite, offset.y.isFinite else {
      Issue.record("\(where_): offset \(offset)")
      return
    }
    if cards.count > 0 && !(0..<cards.count).contains(carousel.currentIndex) {
      Issue.record("\(where_): currentIndex \(carousel.currentIndex) of \(cards.count)")
    }
    var cells: [ObjectIdentifier] = []
    for path in view.indexPathsForVisibleItems {
      guard let card = view.cellForItem(at: path) as? ModelCard else {
        Issue.record("\(where_): no card at \(path)")
        continue
      }
      cells.append(ObjectIdentifier(card))
      let expected = carousel.item(forSlot: path.item)
      if card.slot != path.item || card.item != expected {
        Issue.record(
          "\(where_): slot \(path.item) shows item \(card.item) (slot \(card.slot)), not \(expected)"
        )
      }
      if let transform = card.layoutAttributes?.transform,
        !(transform.scaleX.isFinite && transform.scaleY.isFinite)
      {
        Issue.record("\(where_): transform \(transform)")
      }
    }
    let pooled = Set(view.reusePool.stacks.joined().map(ObjectIdentifier.init))
    if !pooled.isDisjoint(with: cells) { Issue.record("\(where_): a visible card is pooled") }
    // Exact visible set: the cards whose (untransformed) frames meet the viewport.
    let viewport = Rect(origin: offset, size: view.viewportSize)
    if viewport.width > 0 && viewport.height > 0 && carousel.layout.cardWidth > 0 {
      let stride = max(carousel.layout.cardStride, 0.001)
      let reach = Int(min(1e6, viewport.width / stride)) + 3
      let nearest = carousel.layout.cardNearest(offset: offset.x)
      let first = max(0, nearest - reach)
      let last = min(carousel.collectionView.numberOfItems(inSection: 0), nearest + reach + 1)
      var expected: Set<Int> = []
      for slot in first..<max(first, last)
      where carousel.layout.frameForCard(slot).intersects(viewport) {
        expected.insert(slot)
      }
      let shown = Set(view.indexPathsForVisibleItems.map(\.item))
      if shown != expected {
        Issue.record("\(where_): visible slots \(shown.sorted()) ≠ \(expected.sorted())")
      }
    }
    if settled && !view.isTracking {
      let minimum = view.minimumContentOffset
      let maximum = view.maximumContentOffset
      if offset.x < minimum.x - 0.001 || offset.x > max(minimum.x, maximum.x) + 0.001 {
        Issue.record("\(where_): settled offset \(offset.x) outside \(minimum.x)…\(maximum.x)")
      }
    }
  }
}

// MARK: - Picker

struct PickerRun {
  let seed: UInt64
  var random: SeededRandom
  var counts: [Int]
  let picker: FourWayPicker<Swatch>
  var time = 1.0
  var operations = 0

  private mutating func operation(_ context: @autoclosure () -> String, settled: Bool) {
    operations += 1
    check(context(), settled: settled)
  }

  init(seed: UInt64) {
    self.seed = seed
    var random = SeededRandom(seed: seed)
    let counts = (0..<(random.chance(0.05) ? 0 : random.int(1...20))).map { _ in
      random.chance(0.1) ? 0 : random.int(1...25)
    }
    let widths = (0..<40).map { _ in Double(random.int(20...300)) }
    let heights = (0..<40).map { _ in Double(random.int(20...400)) }
    picker = FourWayPicker(
      rows: PickerRun.rows(counts), cell: SwatchCell.self,
      itemSize: .perRow { Size(width: widths[$0 % 40], height: heights[$0 % 40]) },
      initialRow: random.int(0...5), initialColumn: random.int(0...5),
      viewportSize: Size(
        width: Double(random.int(100...500)), height: Double(random.int(100...800))))
    picker.collectionView.diagnostics.handler = nil
    picker.effectiveSlidingDistance = Double(random.int(0...50))
    picker.allowsMultiStepFlings = random.chance(0.3)
    picker.collectionView.layoutIfNeeded()
    self.random = random
    self.counts = counts
  }

  static func rows(_ counts: [Int]) -> [[Swatch]] {
    counts.enumerated().map { row, count in (0..<count).map { Swatch(row: row, column: $0) } }
  }

  mutating func step(_ step: Int) {
    let container = picker.collectionView
    switch random.int(0...9) {
    case 0, 1, 2:
      let start = Point(x: 100, y: 100)
      picker.beginDrag(at: start, time: time)
      let dx = random.double(-300...300)
      let dy = random.chance(0.5) ? random.double(-15...15) : random.double(-400...400)
      let samples = random.int(1...8)
      for sample in 1...samples {
        time += random.double(0.005...0.08)
        let fraction = Double(sample) / Double(samples)
        picker.moveDrag(
          to: Point(x: start.x + dx * fraction, y: start.y + dy * fraction), time: time)
        operation("drag sample at step \(step)", settled: false)
      }
      picker.endDrag(at: Point(x: start.x + dx, y: start.y + dy), time: time)
    case 3, 4:
      picker.step([.up, .down, .left, .right][random.int(0...3)], animated: random.chance(0.7))
    case 5:
      picker.tap(
        at: Point(
          x: random.double(0...container.viewportSize.width),
          y: container.contentOffset.y + random.double(0...container.viewportSize.height)))
    case 6:
      container.viewportSize = Size(
        width: Double(random.int(60...500)), height: Double(random.int(60...800)))
      container.layoutIfNeeded()
    case 7:
      counts = (0..<random.int(0...20)).map { _ in random.chance(0.1) ? 0 : random.int(1...25) }
      picker.setRows(PickerRun.rows(counts))
    default:
      for _ in 0..<random.int(1...10) {
        time += 1.0 / 120
        picker.tick(now: time)
        operation("tick at step \(step)", settled: false)
      }
    }
    var frames = 0
    while picker.isAnimating && frames < 1_000 {
      time += 1.0 / 60
      picker.tick(now: time)
      frames += 1
      if picker.isAnimating { operation("settling tick at step \(step)", settled: false) }
    }
    operation("step \(step)", settled: true)
  }

  private func check(_ context: String, settled: Bool) {
    let where_ = "seed \(seed) (picker), \(context)"
    let container = picker.collectionView
    container.layoutIfNeeded()
    guard container.contentOffset.x.isFinite, container.contentOffset.y.isFinite else {
      Issue.record("\(where_): offset \(container.contentOffset)")
      return
    }
    if counts.isEmpty {
      if picker.currentModel != nil { Issue.record("\(where_): a model with no rows") }
      return
    }
    let row = picker.currentRow
    guard row >= 0 && row < counts.count else {
      Issue.record("\(where_): row \(row) of \(counts.count)")
      return
    }
    if let column = picker.column(forRow: row) {
      if picker.currentModel != Swatch(row: row, column: column) {
        Issue.record(
          "\(where_): model \(String(describing: picker.currentModel)) at (\(row), \(column))")
      }
    } else if counts[row] != 0 {
      Issue.record("\(where_): no column in a row of \(counts[row])")
    }
    // Centred, settled.
    if settled, let frame = container.frameForItem(at: ItemPath(section: 0, item: row)),
      abs(frame.midY - container.contentOffset.y - container.viewportSize.height / 2) > 0.5
    {
      Issue.record("\(where_): row \(row) is not centred")
    }
    // Every row on screen shows its own models at the shared column, and no visible item cell
    // is pooled.
    let pooled = Set(picker.itemPool.stacks.joined().map(ObjectIdentifier.init))
    container.forEachDisplayedView { view, attributes in
      guard let cell = view as? PickerRowCell else { return }
      let row = attributes.indexPath.item
      if cell.row != row { Issue.record("\(where_): row cell bound to \(cell.row), shows \(row)") }
      for path in cell.rowView.indexPathsForVisibleItems {
        guard let item = cell.rowView.cellForItem(at: path) as? SwatchCell else { continue }
        if pooled.contains(ObjectIdentifier(item)) {
          Issue.record("\(where_): a visible swatch is pooled")
        }
        if item.swatch != Swatch(row: row, column: path.item) {
          Issue.record("\(where_): (\(row), \(path.item)) shows \(String(describing: item.swatch))")
        }
      }
      if settled, let column = picker.column(forRow: row), !cell.rowView.isAnimating,
        let frame = cell.rowView.frameForItem(at: ItemPath(section: 0, item: column)),
        abs(frame.midX - cell.rowView.contentOffset.x - cell.rowView.viewportSize.width / 2) > 0.5
      {
        Issue.record("\(where_): row \(row) is not at column \(column)")
      }
    }
  }
}
