import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct ReusePoolTests {
  private func pooledView(_ pool: ReusePool, _ identifier: String) -> ReusableView {
    let view = ReusableView()
    view.reuseIdentifier = identifier
    pool.enqueue(view, slot: pool.slot(for: identifier))
    return view
  }

  @Test func capIsAppliedOutsidePassesAndDeferredInside() {
    let pool = ReusePool(defaultCapacity: 2)
    pool.beginPass()
    for _ in 0..<5 { _ = pooledView(pool, "a") }
    #expect(pool.count(forReuseIdentifier: "a") == 5, "a pass keeps every view until it ends")
    pool.endPass()
    #expect(pool.count(forReuseIdentifier: "a") == 2)
    #expect(pool.discardedCount == 3)
    _ = pooledView(pool, "a")
    #expect(pool.count(forReuseIdentifier: "a") == 2)
  }

  @Test func trimAndPerIdentifierCapacities() {
    let pool = ReusePool(defaultCapacity: 10)
    for _ in 0..<6 { _ = pooledView(pool, "a") }
    for _ in 0..<4 { _ = pooledView(pool, "b") }
    pool.setCapacity(1, forReuseIdentifier: "b")
    #expect(pool.countsByIdentifier == ["a": 6, "b": 1])
    pool.trim(keepingAtMost: 2)
    #expect(pool.totalCount == 3)
    pool.trim()
    #expect(pool.totalCount == 0)
    #expect(pool.capacity(forReuseIdentifier: "b") == 1)
    #expect(pool.capacity(forReuseIdentifier: "zzz") == 10)
  }

  @Test func dequeueIsLastInFirstOut() {
    let pool = ReusePool()
    let first = pooledView(pool, "a")
    let second = pooledView(pool, "a")
    let slot = pool.slot(for: "a")
    #expect(pool.dequeue(slot: slot) === second)
    #expect(pool.dequeue(slot: slot) === first)
    #expect(pool.dequeue(slot: slot) == nil)
  }
}

@Suite struct ReusePoolStorageTests {
  /// Many views in one slot (past the buffer's growth): the newest comes back first, the cap
  /// drops the oldest, and the pool's end gives back every view it kept.
  @Test func manyViewsComeBackNewestFirstAndGoWithThePool() {
    weak var kept: ReusableView?
    do {
      let pool = ReusePool(defaultCapacity: 100)
      let slot = pool.slot(for: "a")
      let views = (0..<40).map { _ in ReusableView() }
      pool.beginPass()
      for view in views {
        view.reuseIdentifier = "a"
        pool.enqueue(view, slot: slot)
      }
      pool.endPass()
      #expect(pool.count(forReuseIdentifier: "a") == 40)
      #expect(pool.dequeue(slot: slot) === views[39])
      #expect(pool.dequeue(slot: slot) === views[38])
      pool.defaultCapacity = 10  // the 28 oldest go
      #expect(
        pool.stacks[slot].map(ObjectIdentifier.init) == views[28..<38].map(ObjectIdentifier.init))
      #expect(views[0].reuseState == .discarded && views[28].reuseState == .pooled)
      kept = views[30]
    }
    #expect(kept == nil, "the pool gave back the views it kept when it went")
  }
}

@Suite struct VisibleSetTests {
  private func cells(_ items: [Int]) -> [LayoutAttributes] {
    items.map { LayoutAttributes(forCellAt: ItemPath(section: 0, item: $0), frame: .zero) }
  }

  @Test func reconcileReleasesLeavingViewsBeforeEnteringOnes() {
    let set = VisibleSet(holdsCellsOnly: true)
    var log: [String] = []
    var free: [ReusableView] = []
    func run(_ items: [Int]) {
      var elements = cells(items)
      set.reconcile(
        with: &elements,
        leaving: { view, attributes in
          log.append("-\(attributes.indexPath.item)")
          free.append(view)
        },
        updating: { _, _ in },
        entering: { attributes in
          log.append("+\(attributes.indexPath.item)")
          return free.popLast() ?? ReusableView()
        })
    }
    run([0, 1, 2, 3])
    log.removeAll()
    run([2, 3, 4, 5])
    #expect(log == ["-0", "-1", "+4", "+5"])
    #expect(free.isEmpty, "entering items took the views that left in the same pass")
    #expect(set.attributes.map(\.indexPath.item) == [2, 3, 4, 5])
    #expect(set.index(of: cells([4])[0]) == 2)
    #expect(set.index(of: cells([9])[0]) == nil)
  }
}

/// The merge against a model of it, frame after frame of random changes: runs of unchanged
/// elements (a scroll), elements changed every few places (a pinned column), all changed (a
/// carousel), entering and leaving ones, and frames whose coordinates are equal but written
/// differently (`-0.0` for `0.0`: other bytes, the same attributes). After each frame the
/// callbacks are exactly the model's and every element that stayed kept its view, whichever
/// way the merge compared it (element by element, or a run as memory).
@Suite struct VisibleSetModelTests {
  @Test func attributesHaveNoPaddingSoRunsCompareAsMemory() {
    #expect(MemoryLayout<LayoutAttributes>.size == MemoryLayout<LayoutAttributes>.stride)
    #expect(VisibleSet.comparesRunsAsBytes)
  }

  @Test(arguments: 0..<24)
  func randomFramesMatchTheModel(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0x5E7_0000)
    let cellsOnly = index % 2 == 0
    let set = VisibleSet(holdsCellsOnly: cellsOnly)
    var versions: [Int: Int] = [:]  // an element's attributes change with its version
    var shown: [Int: ObjectIdentifier] = [:]  // element -> its view
    var start = random.int(0...50)
    for frame in 0..<80 {
      let context = "seed \(seed), frame \(frame)"
      // The window moves by a little (most frames) or jumps; a few places inside are holes.
      start = random.chance(0.8) ? max(0, start + random.int(-3...6)) : random.int(0...200)
      let count = random.int(0...60)
      var keys = Array(start..<(start + count)).filter { _ in !random.chance(0.05) }
      if !cellsOnly && random.chance(0.5) { keys.append(-1) }  // a header before every cell
      keys.sort()
      // Which elements change: none, every k-th (a pinned column), any with a chance, all.
      let pattern = random.int(0...3)
      let every = random.int(2...7)
      for (position, key) in keys.enumerated() {
        let changes =
          switch pattern {
          case 0: false
          case 1: position % every == 0
          case 2: random.chance(0.2)
          default: true
          }
        if changes { versions[key, default: 0] += 1 }
      }
      let signedZero = random.chance(0.3)
      var elements = keys.map { key in
        attributes(key, version: versions[key, default: 0], negativeZero: signedZero)
      }
      let expected = elements
      let old = Dictionary(uniqueKeysWithValues: set.attributes.map { (key(of: $0), $0) })
      var left: [Int] = []
      var updated: [Int] = []
      var entered: [Int] = []
      var enteredViews: [Int: ObjectIdentifier] = [:]
      set.reconcile(
        with: &elements,
        leaving: { view, attributes in
          left.append(key(of: attributes))
          #expect(shown[key(of: attributes)] == ObjectIdentifier(view), "\(context)")
        },
        updating: { view, attributes in
          updated.append(key(of: attributes))
          #expect(shown[key(of: attributes)] == ObjectIdentifier(view), "\(context)")
        },
        entering: { attributes in
          let view = ReusableView()
          entered.append(key(of: attributes))
          enteredViews[key(of: attributes)] = ObjectIdentifier(view)
          return view
        })
      let newKeys = Set(keys)
      #expect(left == old.keys.filter { !newKeys.contains($0) }.sorted(), "\(context)")
      #expect(entered == keys.filter { old[$0] == nil }, "\(context)")
      #expect(
        updated == keys.filter { old[$0] != nil && old[$0] != expected[keys.firstIndex(of: $0)!] },
        "\(context): exactly the elements whose attributes changed hear of it")
      #expect(set.attributes == expected, "\(context)")
      for key in left { shown[key] = nil }
      shown.merge(enteredViews) { _, new in new }
      #expect(
        set.views.map(ObjectIdentifier.init) == keys.map { shown[$0] },
        "\(context): every element that stayed kept its view")
    }
  }

  /// Element `key` (-1: the header of section 0, before the cells, which are in section 1)
  /// at `version`; `negativeZero` writes its zero coordinate as `-0.0`.
  private func attributes(_ key: Int, version: Int, negativeZero: Bool) -> LayoutAttributes {
    let zero = negativeZero ? -0.0 : 0.0
    if key < 0 {
      return LayoutAttributes(
        forSupplementaryViewOfKind: .header, section: 0,
        frame: Rect(x: zero, y: Double(version), width: 10, height: 1))
    }
    return LayoutAttributes(
      forCellAt: ItemPath(section: 1, item: key),
      frame: Rect(x: zero, y: Double(key), width: 10, height: 1),
      alpha: version == 0 ? 1 : 1 / Double(version + 1))
  }

  private func key(of attributes: LayoutAttributes) -> Int {
    attributes.category == .cell ? attributes.indexPath.item : -1
  }
}

/// The pool as a collection view lends it to its passes (unretained, with the cap applied after
/// a put back outside a pass).
@Suite struct PoolLendingTests {
  private func photoList(
    capacity: Int
  ) -> (CollectionView, CollectionArrayDataSource<Photo, PhotoCell>) {
    let collectionView = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 20, height: 10))
    collectionView.reusePool.defaultCapacity = capacity
    let items = (0..<200).map { Photo(id: $0, title: "Photo \($0)") }
    let source = CollectionArrayDataSource(
      collectionView: collectionView, items: items, cell: PhotoCell.self)
    collectionView.layoutIfNeeded()
    return (collectionView, source)
  }

  /// Cells a delete fades out end on the animation's last tick, outside any layout pass: the
  /// pool applies its cap as they come back (it waits only for a pass to end), as the update's
  /// completion, which runs before any other pass, sees.
  @Test func cellsPutBackAfterAnAnimationAreCappedAtOnce() {
    let (collectionView, source) = makeValues([Array(0..<40)])
    collectionView.reusePool.defaultCapacity = 1
    var pooledAtCompletion: Int?
    var discardedAtCompletion = 0
    source.sections[0] = Array(6..<40)
    collectionView.performBatchUpdates(
      { collectionView.deleteItems(at: (0..<6).map { ItemPath(section: 0, item: $0) }) },
      completion: { _ in
        pooledAtCompletion = collectionView.reusePool.count(forReuseIdentifier: "value")
        discardedAtCompletion = collectionView.reusePool.discardedCount
      })
    #expect(collectionView.isAnimating)
    collectionView.tick(now: 10)
    collectionView.tick(now: 10 + collectionView.updateAnimationDuration)
    #expect(!collectionView.isAnimating)
    #expect(pooledAtCompletion == 1, "the six faded cells came back past the cap of one")
    #expect(discardedAtCompletion >= 5)
    #expect(source.shown(collectionView) == Array(6..<16))
    #expect(source.violations.isEmpty)
  }

  /// A pool shared by two collection views, replaced on one of them between passes, and cells
  /// taken and put back through each: no view is lost or shown twice.
  @Test func aPoolReplacedBetweenPassesKeepsEveryViewAccountedFor() {
    let (first, firstSource) = photoList(capacity: 8)
    let (second, secondSource) = photoList(capacity: 8)
    second.reusePool = first.reusePool
    for step in 1...30 {
      first.contentOffset = Point(x: 0, y: Double(step * 7 % 150))
      second.contentOffset = Point(x: 0, y: Double(step * 11 % 150))
      first.layoutIfNeeded()
      second.layoutIfNeeded()
      if step == 15 { second.reusePool = ReusePool(defaultCapacity: 4) }
    }
    for view in [first, second] {
      let titles = view.visibleCells.compactMap { ($0 as? PhotoCell)?.title }
      #expect(titles.count == view.reuseCounters.visible)
      #expect(Set(titles).count == titles.count, "a row shown twice")
    }
    _ = (firstSource, secondSource)
  }
}
