import ReuseKit

#if canImport(Glibc)
  import Glibc
#endif

/// A diffable data source over 100,000 items applying the next version each operation, and
/// back: integer identifiers (10,000 removed, 10,000 added, 2,000 swapped) or UUID-like
/// strings (10,000 deleted, 10,000 inserted, 2,000 moved), as `diff/apply/snapshot`.
public final class ApplyScenario<ID: Hashable & Sendable> {
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
  let dataSource: CollectionViewDiffableDataSource<Int, ID>
  let snapshots: [Snapshot<Int, ID>]
  var applied = 0

  init(old: [ID], new: [ID]) {
    view.register(BenchCell.self, forCellWithReuseIdentifier: "c")
    dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, path, _ in
      view.dequeueReusableCell(withReuseIdentifier: "c", for: path)
    }
    snapshots = [old, new].map { version in
      var snapshot = Snapshot<Int, ID>()
      snapshot.appendSections([0])
      snapshot.appendItems(version)
      return snapshot
    }
    dataSource.apply(snapshots[0], animatingDifferences: false)
    view.contentOffset = Point(x: 0, y: 44 * 50_000)
    view.layoutIfNeeded()
  }

  /// One operation: the other version applied.
  public func apply() {
    applied += 1
    dataSource.apply(snapshots[applied % 2], animatingDifferences: false)
  }

  /// One operation, timed on the host's clock: the other version applied at once (`false`),
  /// or its diff found off the loop (`true`, `applyInBackground`) while the view ticks at
  /// 60 Hz. Returns the ticks it took and the longest time the loop was held, in seconds (the
  /// apply itself, or the longest tick).
  public func timedApply(inBackground: Bool) -> (ticks: Int, longest: Double) {
    applied += 1
    let snapshot = snapshots[applied % 2]
    guard inBackground else {
      let start = Self.seconds()
      dataSource.apply(snapshot, animatingDifferences: false)
      return (0, Self.seconds() - start)
    }
    var start = Self.seconds()
    let job = dataSource.applyInBackground(snapshot, animatingDifferences: false)
    var longest = Self.seconds() - start
    var ticks = 0
    var now = 0.0
    while !job.isApplied && !job.isCancelled {
      usleep(16_000)
      now += 1.0 / 60
      start = Self.seconds()
      view.tick(now: now)
      view.layoutIfNeeded()
      longest = max(longest, Self.seconds() - start)
      ticks += 1
    }
    return (ticks, longest)
  }

  static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// What is displayed (a result the optimiser cannot drop).
  public var visible: Int { view.reuseCounters.visible }
}

extension ApplyScenario where ID == Int {
  /// `count` integers, and the same with every tenth replaced by a new one: the imperative
  /// side of `declarative/update/data`.
  public convenience init(everyTenthOf count: Int) {
    var new = Array(0..<count)
    for index in stride(from: 0, to: count, by: 10) { new[index] = count + index }
    self.init(old: Array(0..<count), new: new)
  }

  /// Integers: 10,000 removed at the start, 10,000 added at the end, 2,000 swapped.
  public convenience init() {
    var ids = Array(10_000..<110_000)
    for i in 0..<2_000 { ids.swapAt(i * 7 % ids.count, (i * 13 + 5_000) % ids.count) }
    self.init(old: Array(0..<100_000), new: ids)
  }
}

extension ApplyScenario where ID == String {
  /// UUID-like strings: 10,000 deleted, 10,000 inserted, 2,000 moved, at seeded places.
  public convenience init(uuids: Void = ()) {
    var random = SplitMix64(seed: 0xD1FF)
    func next() -> UInt64 { random.next() }
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
    self.init(old: old, new: new)
  }
}
