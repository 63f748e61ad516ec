import Observation
import ReuseKit
import Synchronization

/// What changed in the observable models a declared collection read, from any thread: the
/// body, or the items whose cells read a property. The host's loop takes it on its next tick.
final class ObservationTracker: Sendable {
  private struct State: ~Copyable {
    /// Items whose cell's configuration is being watched (at most one watch per item, so
    /// scrolling back and forth adds none).
    var watched: Set<Key> = []
    /// Items a watched property of changed since the last tick.
    var changed: Set<Key> = []
    var bodyChanged = false
    var wake: (@Sendable () -> Void)?
  }

  /// An item identifier, sendable because it is only hashed and compared under the lock.
  struct Key: Hashable, @unchecked Sendable {
    let value: AnyHashable
  }

  private let state = Mutex(State())
  /// Whether anything waits for the next tick (read every tick without the lock).
  private let pending = Atomic<Bool>(false)

  /// Called (on the thread of the change) when something changed: wake the host's loop.
  func setWake(_ wake: (@Sendable () -> Void)?) {
    state.withLock { $0.wake = wake }
  }

  var hasChanges: Bool { pending.load(ordering: .relaxed) }

  /// Runs `body` (the declaration's body), watching what it reads.
  ///
  /// The change handler holds the tracker strongly: a model it watches keeps it (a small
  /// object, not the data source) until that model next changes, and the first body pays no
  /// weak reference (a weak reference gives the tracker a side table: an allocation, and every
  /// later retain of it taken the slow way).
  func trackingBody<T>(_ body: () -> T) -> T {
    withObservationTracking(body) { self.bodyDidChange() }
  }

  /// Makes item `id`'s cell with `make`, watching the properties it reads unless they already
  /// are watched.
  func tracking(_ id: AnyHashable, _ make: () -> CollectionViewCell) -> CollectionViewCell {
    let key = Key(value: id)
    guard state.withLock({ $0.watched.insert(key).inserted }) else { return make() }
    return withObservationTracking(make) { [weak self] in self?.itemDidChange(key) }
  }

  /// What changed since the last call, and whether the body did.
  func take() -> (items: Set<AnyHashable>, body: Bool) {
    pending.store(false, ordering: .relaxed)
    return state.withLock { state in
      let items = Set(state.changed.map(\.value))
      let body = state.bodyChanged
      state.changed.removeAll()
      state.bodyChanged = false
      return (items, body)
    }
  }

  /// The next tick is wanted without a change (an explicit update).
  func requestTick() {
    pending.store(true, ordering: .relaxed)
  }

  private func bodyDidChange() {
    let wake = state.withLock { state in
      state.bodyChanged = true
      return state.wake
    }
    pending.store(true, ordering: .relaxed)
    wake?()
  }

  private func itemDidChange(_ key: Key) {
    let wake = state.withLock { state in
      state.watched.remove(key)
      state.changed.insert(key)
      return state.wake
    }
    pending.store(true, ordering: .relaxed)
    wake?()
  }
}
