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
