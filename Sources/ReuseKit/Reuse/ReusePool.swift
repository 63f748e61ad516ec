/// Idle reusable views, kept per reuse identifier, with a cap per identifier.
///
/// Each collection view has a pool; give several collection views the same pool (as the
/// picker's rows do) to let them trade views. Views that share a pool must register the same
/// identifiers to compatible view types.
///
/// Within one layout pass, views that leave are pooled without regard to the cap, so the
/// items that enter in the same pass reuse them; the cap is applied when the pass ends. So a
/// cap that is too small costs view creations, never correctness.
///
/// Stored properties skip dynamic exclusivity checks (`@exclusivity(unchecked)`): the pool is
/// used from one thread and its methods never overlap accesses (a checked one costs every
/// layout pass two runtime calls when it ends).
public final class ReusePool {
  /// The cap applied to identifiers without their own.
  @exclusivity(unchecked) public var defaultCapacity: Int {
    didSet {
      defaultCapacity = max(0, defaultCapacity)
      enforceCapacities()
    }
  }

  @exclusivity(unchecked) private var slotsByIdentifier: [String: Int] = [:]
  @exclusivity(unchecked) private(set) var identifiers: [String] = []
  /// Each slot's idle views, oldest first, in buffers the pool manages: taking a view and
  /// putting one back are a load and a store (as nested arrays, each checked both arrays'
  /// uniqueness and capacity: about 140 instructions for each cell that enters and leaves).
  @exclusivity(unchecked) private var storage: [ViewStack] = []
  @exclusivity(unchecked) private var capacities: [Int?] = []
  /// Open layout passes; the cap is enforced when the last one ends.
  @exclusivity(unchecked) private var openPasses = 0

  /// Views dropped because of the cap or ``trim(keepingAtMost:)``, over the pool's life.
  @exclusivity(unchecked) public private(set) var discardedCount = 0

  /// Creates a pool that keeps at most `defaultCapacity` idle views per identifier.
  public init(defaultCapacity: Int = 64) {
    self.defaultCapacity = max(0, defaultCapacity)
  }

  deinit {
    for slot in storage.indices { storage[slot].free() }
  }

  // MARK: Public

  /// Sets the cap for one identifier; `nil` returns it to ``defaultCapacity``.
  public func setCapacity(_ capacity: Int?, forReuseIdentifier identifier: String) {
    let slot = self.slot(for: identifier)
    capacities[slot] = capacity.map { max(0, $0) }
    enforceCapacities()
  }

  /// The cap for `identifier`.
  public func capacity(forReuseIdentifier identifier: String) -> Int {
    guard let slot = slotsByIdentifier[identifier] else { return defaultCapacity }
    return capacities[slot] ?? defaultCapacity
  }

  /// How many idle views wait under `identifier`.
  public func count(forReuseIdentifier identifier: String) -> Int {
    slotsByIdentifier[identifier].map { storage[$0].count } ?? 0
  }

  /// How many idle views wait, per identifier (identifiers with none are left out).
  public var countsByIdentifier: [String: Int] {
    var result: [String: Int] = [:]
    for (slot, identifier) in identifiers.enumerated() where storage[slot].count > 0 {
      result[identifier] = storage[slot].count
    }
    return result
  }

  /// How many idle views wait, in all.
  public var totalCount: Int { storage.reduce(0) { $0 + $1.count } }

  /// Each slot's idle views, oldest first. Allocates; for checks and tests, not for frames.
  var stacks: [[ReusableView]] { storage.map(\.views) }

  /// Drops idle views until at most `limit` remain per identifier (all of them by default),
  /// for example on memory pressure. Their owners detach them from the host.
  public func trim(keepingAtMost limit: Int = 0) {
    for slot in storage.indices { trim(slot: slot, to: max(0, limit)) }
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }

  // MARK: Internal

  /// The slot for `identifier`, created on first use.
  func slot(for identifier: String) -> Int {
    if let slot = slotsByIdentifier[identifier] { return slot }
    let slot = identifiers.count
    slotsByIdentifier[identifier] = slot
    identifiers.append(identifier)
    storage.append(ViewStack())
    capacities.append(nil)
    return slot
  }

  /// Takes an idle view from `slot`, or `nil` when there is none.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func dequeue(slot: Int) -> ReusableView? {
    guard let view = storage.withUnsafeMutableBufferPointer({ $0[slot].popLast() }) else {
      return nil
    }
    view.reuseState = .dequeued
    return view
  }

  /// Puts `view` back. Inside a pass the cap waits until the pass ends.
  ///
  /// - Complexity: amortised O(1).
  func enqueue(_ view: ReusableView, slot: Int) {
    if enqueueUncapped(view, slot: slot) { applyCapacity(slot: slot) }
  }

  /// Puts `view` back and runs no code outside the pool (so a caller may lend the pool
  /// unretained); returns whether the cap must be applied now, with ``applyCapacity(slot:)``
  /// (outside a pass).
  @inline(__always)
  func enqueueUncapped(_ view: ReusableView, slot: Int) -> Bool {
    assert(view.reuseState != .pooled, "view enqueued twice")
    view.reuseState = .pooled
    view.poolSlot = slot
    storage.withUnsafeMutableBufferPointer { $0[slot].append(view) }
    return openPasses == 0
  }

  /// Drops the oldest idle views of `slot` past its cap (their owners hear of each).
  func applyCapacity(slot: Int) { trim(slot: slot, to: capacity(of: slot)) }

  /// Starts a layout pass: caps wait until the matching ``endPass()``.
  func beginPass() { openPasses += 1 }

  /// Ends a layout pass and applies the caps.
  func endPass() {
    openPasses -= 1
    assert(openPasses >= 0, "unbalanced endPass")
    if openPasses == 0 { enforceCapacities() }
  }

  /// Makes every pooled view owned by `owner` forget it (the owner is going away, or moving
  /// to another pool), after letting the owner detach it from its host.
  func forget(owner: any ReuseOwner) {
    for stack in stacks {
      for view in stack where view.owner === owner {
        owner.relinquish(view)
        view.owner = nil
      }
    }
  }

  private func capacity(of slot: Int) -> Int { capacities[slot] ?? defaultCapacity }

  private func enforceCapacities() {
    guard openPasses == 0 else { return }
    for slot in storage.indices where storage[slot].count > capacity(of: slot) {
      trim(slot: slot, to: capacity(of: slot))
    }
  }

  private func trim(slot: Int, to limit: Int) {
    let excess = storage[slot].count - limit
    guard excess > 0 else { return }
    // The oldest go first.
    let dropped = storage.withUnsafeMutableBufferPointer { $0[slot].removeFirst(excess) }
    discardedCount += excess
    for view in dropped {
      view.reuseState = .discarded
      view.owner?.reusePool(self, didDiscard: view)
    }
  }
}

extension ReusePool {
  /// Checks that every pooled view is marked pooled and filed under its own identifier.
  /// Compiled in only with `REUSEKIT_CHECKS`.
  func _checkInvariants() {
    #if REUSEKIT_CHECKS
      precondition(identifiers.count == storage.count && storage.count == capacities.count)
      for (slot, stack) in stacks.enumerated() {
        for view in stack {
          precondition(view.reuseState == .pooled, "a pooled view is \(view.reuseState)")
          precondition(view.reuseIdentifier == identifiers[slot], "view filed under wrong id")
        }
        if openPasses == 0 {
          precondition(stack.count <= capacity(of: slot), "pool over its cap")
        }
      }
    #endif
  }
}

/// One slot's idle views, oldest first: a buffer of retained references the pool manages.
/// A value with a buffer it does not own on copy: the pool keeps exactly one of each (its
/// `storage`), and frees the buffers in its `deinit`.
struct ViewStack {
  private(set) var count = 0
  private var capacity = 0
  private var buffer: UnsafeMutablePointer<Unmanaged<ReusableView>>?

  /// Adds `view`, retained, on top.
  @inline(__always)
  mutating func append(_ view: ReusableView) {
    if count == capacity { grow() }
    buffer.unsafelyUnwrapped[count] = .passRetained(view)
    count += 1
  }

  /// Takes the newest view, or `nil`.
  @inline(__always)
  mutating func popLast() -> ReusableView? {
    guard count > 0 else { return nil }
    count -= 1
    return buffer.unsafelyUnwrapped[count].takeRetainedValue()
  }

  /// Takes the `n` oldest views.
  mutating func removeFirst(_ n: Int) -> [ReusableView] {
    let n = min(n, count)
    guard n > 0, let buffer else { return [] }
    let taken = (0..<n).map { buffer[$0].takeRetainedValue() }
    for index in 0..<(count - n) { buffer[index] = buffer[index + n] }  // toward the front
    count -= n
    return taken
  }

  /// The views, oldest first. Allocates.
  var views: [ReusableView] {
    guard let buffer else { return [] }
    return (0..<count).map { buffer[$0].takeUnretainedValue() }
  }

  /// Gives back every view and the buffer (the pool's `deinit`).
  mutating func free() {
    guard let buffer else { return }
    for index in 0..<count { buffer[index].release() }
    buffer.deallocate()
    self.buffer = nil
    count = 0
    capacity = 0
  }

  private mutating func grow() {
    let newCapacity = max(8, capacity * 2)
    let grown = UnsafeMutablePointer<Unmanaged<ReusableView>>.allocate(capacity: newCapacity)
    if let buffer {
      grown.moveInitialize(from: buffer, count: count)
      buffer.deallocate()
    }
    buffer = grown
    capacity = newCapacity
  }
}
