import Benchmark
import ReuseKit
import Scenarios

/// The `diff` family: UUID-like string identifiers, some deleted, some inserted, some moved,
/// diffed by ours (Heckel, `StagedChangeset`) and by the standard library's
/// `CollectionDifference` (`difference(from:)`, Myers) on the same input.
///
/// - 5,000 items: 1,000 deleted, 1,000 inserted, 200 moved;
/// - 100,000 items: 10,000 deleted, 10,000 inserted, 2,000 moved.
///
/// Myers is O((n + m) · d): at 100,000 items one run takes tens of seconds here, so that
/// baseline runs once, without warm-up.
func registerDiffBenchmarks() {
  for (count, changed, moved) in [(5_000, 1_000, 200), (100_000, 10_000, 2_000)] {
    registerDiff(count: count, deleted: changed, inserted: changed, moved: moved)
  }
  registerSnapshotApply(count: 100_000, deleted: 10_000, inserted: 10_000, moved: 2_000)
}

/// Two versions of a list of UUID-like identifiers.
struct DiffInput {
  let old: [String]
  let new: [String]

  init(count: Int, deleted: Int, inserted: Int, moved: Int, seed: UInt64 = 0xD1FF) {
    var random = SplitMix64(seed: seed)
    old = (0..<count).map { _ in random.uuid() }
    var new = old
    for _ in 0..<deleted { new.remove(at: random.int(below: new.count)) }
    for _ in 0..<inserted { new.insert(random.uuid(), at: random.int(below: new.count + 1)) }
    for _ in 0..<moved {
      let element = new.remove(at: random.int(below: new.count))
      new.insert(element, at: random.int(below: new.count + 1))
    }
    self.new = new
  }
}

private func registerDiff(count: Int, deleted: Int, inserted: Int, moved: Int) {
  let input = State<DiffInput>()
  let setup: Benchmark.BenchmarkSetupHook = {
    let made = DiffInput(count: count, deleted: deleted, inserted: inserted, moved: moved)
    checkEqualWork(made, deleted: deleted, inserted: inserted, moved: moved)
    input.value = made
  }
  benchmark(
    "diff/linear/uuid", items: count, scaling: .one,
    closure: { _ in
      let input = input.value!
      blackHole(StagedChangeset(source: input.old, target: input.new))
    }, setup: setup, teardown: { input.value = nil })

  let slow = count > 10_000
  Benchmark(
    rowName(
      "diff/linear/uuid", items: count, operations: 1, baseline: "stdlib-CollectionDifference"),
    configuration: slow
      ? .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 0,
        scalingFactor: .one, maxDuration: .seconds(1), maxIterations: 1)
      : configuration(scaling: .one),
    closure: { _ in
      let input = input.value!
      blackHole(input.new.difference(from: input.old))
    }, setup: setup, teardown: { input.value = nil })
}

/// Both sides describe the change fully, so they do the same work: ours validates against the
/// counts and finds every delete and insert (moves: the fewest, at most the number made);
/// the standard library's difference, applied to the old list, gives the new one.
private func checkEqualWork(_ input: DiffInput, deleted: Int, inserted: Int, moved: Int) {
  let stages = StagedChangeset(source: input.old, target: input.new)
  guard stages.count == 1,
    case .success = stages[0].validate(
      oldItemCounts: [input.old.count], newItemCounts: [input.new.count])
  else { fatalError("diff benchmark: our changeset does not fit the input") }
  let ours = stages[0]
  guard ours.deletedItems.count == deleted, ours.insertedItems.count == inserted,
    ours.movedItems.count <= moved, ours.movedItems.count > moved / 2
  else {
    fatalError(
      "diff benchmark: ours found \(ours.deletedItems.count) deletes, "
        + "\(ours.insertedItems.count) inserts, \(ours.movedItems.count) moves")
  }
  if input.old.count <= 10_000 {
    guard input.old.applying(input.new.difference(from: input.old)) == input.new else {
      fatalError("diff benchmark: CollectionDifference does not round-trip")
    }
  }
}

/// A diffable data source over 100,000 items: build the next snapshot's diff and apply it to
/// the collection view as a batch (validate, remap, anchor, layout), unanimated.
private func registerSnapshotApply(count: Int, deleted: Int, inserted: Int, moved: Int) {
  final class Fixture {
    let collectionView: CollectionView
    let dataSource: CollectionViewDiffableDataSource<Int, String>
    var snapshots: [Snapshot<Int, String>] = []
    var next = 0

    init(_ input: DiffInput) {
      collectionView = CollectionView(
        layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
      collectionView.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
      dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) {
        collectionView, indexPath, _ in
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      }
      for version in [input.old, input.new] {
        var snapshot = Snapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(version)
        snapshots.append(snapshot)
      }
      dataSource.apply(snapshots[0], animatingDifferences: false)
      collectionView.contentOffset = Point(x: 0, y: 44 * 50_000)
      collectionView.layoutIfNeeded()
    }

    /// Applies the other version.
    func apply() {
      next = 1 - next
      dataSource.apply(snapshots[next], animatingDifferences: false)
    }
  }
  let fixture = State<Fixture>()
  benchmark(
    "diff/apply/snapshot", items: count, scaling: .one,
    closure: { _ in fixture.value!.apply() },
    setup: {
      fixture.value = Fixture(
        DiffInput(count: count, deleted: deleted, inserted: inserted, moved: moved))
    },
    teardown: { fixture.value = nil })
}

extension SplitMix64 {
  mutating func int(below bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

  /// 128 random bits as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`: 36 characters, like a UUID.
  mutating func uuid() -> String {
    let hex = Array("0123456789abcdef".utf8)
    let words = [next(), next()]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    var digit = 0
    for index in 0..<36 {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        bytes.append(UInt8(ascii: "-"))
        continue
      }
      bytes.append(hex[Int((words[digit / 16] >> UInt64((digit % 16) * 4)) & 15)])
      digit += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
