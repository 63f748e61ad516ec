import PropertyBased
import ReuseTestSupport
import Testing

@testable import ReuseKit

/// The seeded model test: random steps against a collection view over 0–100,000 items, with
/// every invariant checked against an independent reference after every step.
///
/// A failure names the seed; PropertyBased also prints a `.fixedSeed(...)` to replay the run.
@Suite struct CollectionViewModelTests {
  @Test(.shrinking(false))
  func randomStepsKeepEveryInvariant() async {
    await propertyCheck(count: 60, input: Gen.uint64(in: 1...UInt64.max)) { seed in
      runModel(seed: seed, steps: 60)
    }
  }

  /// A fixed list of seeds that once found bugs, or cover corners (empty data, huge lists).
  @Test(arguments: [UInt64(1), 2, 3, 42, 0xDEAD_BEEF])
  func knownSeeds(_ seed: UInt64) {
    runModel(seed: seed, steps: 80)
  }
}

/// The reference's view of the data: counts, lengths, and the layout configuration.
private struct ModelData {
  var counts: [Int]
  var lengths: [[Double]]
  var header: Double
  var footer: Double
  var spacing: Double
  var perItem: Bool

  static func random(_ random: inout SeededRandom) -> ModelData {
    // Log-uniform sizes: mostly small lists, sometimes up to 100,000 items.
    let scale = [1, 10, 100, 1_000, 10_000, 100_000][random.int(0...5)]
    let sectionCount = random.chance(0.1) ? 0 : random.int(1...4)
    let counts = (0..<sectionCount).map { _ in
      random.chance(0.15) ? 0 : random.int(0...scale) / max(1, sectionCount / 2)
    }
    let perItem = random.chance(0.5)
    let uniform = Double(random.int(1...30))
    let lengths = counts.map { count in
      (0..<count).map { _ in perItem ? Double(random.int(0...40)) : uniform }
    }
    return ModelData(
      counts: counts, lengths: lengths,
      header: random.chance(0.5) ? Double(random.int(1...10)) : 0,
      footer: random.chance(0.3) ? Double(random.int(1...10)) : 0,
      spacing: Double(random.int(0...3)), perItem: perItem)
  }

  func makeLayout() -> ListLayout {
    let lengths = self.lengths
    return ListLayout(
      itemSizing: perItem
        ? .perItem { lengths[$0.section][$0.item] }
        : .uniform(lengths.first { !$0.isEmpty }?.first ?? 1),
      itemSpacing: spacing, headerLength: .fixed(header), footerLength: .fixed(footer))
  }

  func reference(viewport: Size) -> ListReference {
    let uniform = lengths.first { !$0.isEmpty }?.first ?? 1
    return ListReference(
      axis: .vertical, counts: counts, viewport: viewport,
      length: { perItem ? lengths[$0.section][$0.item] : uniform }, spacing: spacing,
      inset: .zero, header: { _ in header }, footer: { _ in footer })
  }
}

private func runModel(seed: UInt64, steps: Int) {
  var random = SeededRandom(seed: seed)
  var data = ModelData.random(&random)
  let (collectionView, recorder) = makeCollectionView(
    counts: data.counts, layout: data.makeLayout(),
    viewport: Size(width: Double(random.int(1...200)), height: Double(random.int(0...400))))
  recorder.recordsEvents = false
  collectionView.reusePool.defaultCapacity = 10_000  // so no cell is ever discarded here
  var reference = data.reference(viewport: collectionView.viewportSize)
  var selection: Set<ItemPath> = []

  for step in 0..<steps {
    let context = "seed \(seed), step \(step)"
    collectionView._debugLabel = "model test " + context
    switch random.int(0...9) {
    case 0...3:
      let length = max(1, reference.contentLength)
      collectionView.contentOffset = Point(x: 0, y: random.double(-0.2 * length...1.2 * length))
    case 4:
      collectionView.viewportSize = Size(
        width: Double(random.int(0...200)), height: Double(random.int(0...400)))
      reference = data.reference(viewport: collectionView.viewportSize)
    case 5:
      data = ModelData.random(&random)
      recorder.counts = data.counts
      collectionView.collectionViewLayout = data.makeLayout()
      collectionView.reloadData()
      selection = selection.filter {
        $0.section < data.counts.count && $0.item < data.counts[$0.section]
      }
      reference = data.reference(viewport: collectionView.viewportSize)
    case 6, 7:
      let total = data.counts.reduce(0, +)
      guard total > 0 else { continue }
      let section = data.counts.indices.filter { data.counts[$0] > 0 }.randomElement(
        using: &random)!
      let path = ItemPath(section: section, item: random.int(0..<data.counts[section]))
      if selection.contains(path) {
        collectionView.deselectItem(at: path)
        selection.remove(path)
      } else {
        collectionView.selectItem(at: path)
        selection = [path]  // single selection
      }
    case 8:
      collectionView.overscan = Double(random.int(0...60))
    default:
      collectionView.layoutIfNeeded()
    }
    collectionView.layoutIfNeeded()

    // The visible cells are exactly the items whose frames meet the widened visible rect.
    let widened = collectionView.bounds.outset(by: collectionView.overscan)
    let expected = collectionView.viewportSize.isEmpty ? [] : reference.items(in: widened)
    let visible = collectionView.indexPathsForVisibleItems
    #expect(visible == expected.map(\.indexPath), "\(context): visible set")
    // Each cell was configured for its item, sits at its frame, and shows the selection.
    for (cell, attributes) in zip(collectionView.visibleCells, expected) {
      let cell = cell as! RecordingCell
      #expect(cell.configuredPath == attributes.indexPath, "\(context): configuration")
      #expect(cell.frame == attributes.frame, "\(context): frame")
      #expect(cell.isSelected == selection.contains(attributes.indexPath), "\(context): selection")
    }
    #expect(Set(collectionView.indexPathsForSelectedItems) == selection, "\(context): selection")
    // No cell is both visible and pooled.
    let visibleIDs = Set(collectionView.visibleCells.map(ObjectIdentifier.init))
    for stack in collectionView._pooledViews {
      for view in stack {
        #expect(!visibleIDs.contains(ObjectIdentifier(view)), "\(context): pooled and visible")
      }
    }
    // Display callbacks are paired.
    #expect(recorder.displayed == Set(visible), "\(context): callbacks")
    #expect(recorder.pairingViolations.isEmpty, "\(context): \(recorder.pairingViolations)")
    // Cells created stay at peak visible plus a small constant.
    let counters = collectionView.reuseCounters(forReuseIdentifier: "cell")
    #expect(counters.discarded == 0)
    #expect(counters.created <= counters.peakVisible + 2, "\(context): \(counters)")
    #expect(collectionView.contentSize.height == reference.contentLength, "\(context): content")
  }
}
