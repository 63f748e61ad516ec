import PropertyBased
import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

/// The whole-system randomised model test: seeded runs mixing every operation a
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
final class ModelSource: SectionedValues, PlainSupplementaryViews, CollectionViewDelegate {
  var sections: [[Int]] = []
  /// Stable section identifiers (for snapshots), beside `sections`.
  var sectionIDs: [Int] = []
  var versions: [Int: Int] = [:]
  var outstanding: Set<ObjectIdentifier> = []
  var failures: [String] = []

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
  func apply(reconfiguring ids: [Int], animated: Bool) {
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

}
