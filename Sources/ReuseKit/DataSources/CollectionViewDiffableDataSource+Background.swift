import Synchronization

/// A diff running off the host's loop, for
/// ``CollectionViewDiffableDataSource/applyInBackground(_:animatingDifferences:completion:)``:
/// how far it is, whether it ended, and a way to stop it. It can be read and cancelled from
/// any thread.
public final class BackgroundDiff: Sendable {
  /// What the diff does, in order: gathering the old snapshot's identifiers, the new one's,
  /// matching them, and putting the changes in stages.
  static let steps = 4
  private let state = Mutex<(stepsDone: Int, isCancelled: Bool, isApplied: Bool)>(
    (0, false, false))

  init() {}

  /// How far the diff is, from 0 to 1 (1 once its changes are found, before they show).
  public var fractionDone: Double {
    Double(state.withLock { $0.stepsDone }) / Double(Self.steps)
  }

  /// Whether it was cancelled: by ``cancel()``, or by a newer snapshot applied meanwhile (its
  /// changes, found against a state that is gone, are never shown).
  public var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Whether its changes were applied to the collection view.
  public var isApplied: Bool { state.withLock { $0.isApplied } }

  /// Stops it: it ends at its next step, and nothing changes on screen. Safe from any thread,
  /// and after it ended (a diff already applied stays applied).
  public func cancel() {
    state.withLock { if !$0.isApplied { $0.isCancelled = true } }
  }

  /// A step done; `false` when cancelled (the work stops there).
  func advance() -> Bool {
    state.withLock {
      $0.stepsDone = min(Self.steps, $0.stepsDone + 1)
      return !$0.isCancelled
    }
  }

  /// Marks it applied, unless it was cancelled first; returns whether it was.
  func markApplied() -> Bool {
    state.withLock {
      guard !$0.isCancelled else { return false }
      $0.isApplied = true
      return true
    }
  }
}

/// What a background diff found, handed from its thread to the host's.
final class DiffResult: Sendable {
  let stages = Mutex<[Changeset]?>(nil)
}

/// A background diff under way: the job, the snapshot it diffs to, and what it found.
struct PendingDiff<SectionID: Hashable, ItemID: Hashable> {
  let job: BackgroundDiff
  let snapshot: Snapshot<SectionID, ItemID>
  let animated: Bool
  let completion: ((Bool) -> Void)?
  /// The stages found, once the diff is done.
  let result = DiffResult()
}

extension CollectionViewDiffableDataSource where SectionID: Sendable, ItemID: Sendable {
  /// Makes `snapshot` the current state, as ``apply(_:animatingDifferences:completion:)``
  /// does, with the diff found on a thread of its own: a large one (a million items) holds no
  /// frame. Until it is done the collection view shows, scrolls, selects and answers keys with
  /// the current state; on the first tick after, the changes show as one batch update
  /// (animated when `animatingDifferences`). The returned job says how far it is and stops it
  /// (``BackgroundDiff/cancel()``: nothing changes).
  ///
  /// A newer snapshot, applied either way, or a reload replaces a diff under way (cancelled:
  /// its changes were found against a state that is gone); so does the user's move of an
  /// item. `completion` runs on the host's loop once the changes show (`true`), or when the
  /// diff is cancelled (`false`, on the next tick).
  ///
  /// The host must tick the collection view while ``ScrollView/isAnimating``, as it does
  /// for animations: the pending diff keeps it `true`.
  ///
  /// - Complexity: O(n) off the caller's thread; O(changes) to show them.
  @discardableResult
  public func applyInBackground(
    _ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: ((Bool) -> Void)? = nil
  ) -> BackgroundDiff {
    cancelPendingDiff()
    let job = BackgroundDiff()
    let old = current
    // Nothing shown yet: a reload, as `apply` does (no diff to wait for).
    if old.numberOfSections == 0 {
      for _ in 0..<BackgroundDiff.steps { _ = job.advance() }
      _ = job.markApplied()
      apply(snapshot, animatingDifferences: animatingDifferences) { completion?(true) }
      return job
    }
    let pending = PendingDiff(
      job: job, snapshot: snapshot, animated: animatingDifferences, completion: completion)
    pendingDiff = pending
    collectionView.attachDriver(self)
    startDiff(from: old, to: snapshot, job: job, into: pending.result)
    return job
  }
}

/// Finds the changes from `old` to `new` on a thread of the global executor, into `result`.
private func startDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>(
  from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>,
  job: BackgroundDiff, into result: DiffResult
) {
  Task.detached(priority: .userInitiated) {
    let found = CollectionViewDiffableDataSource<SectionID, ItemID>.changes(
      from: old, to: new, job: job)
    guard let found else { return }
    result.stages.withLock { $0 = found }
  }
}

extension CollectionViewDiffableDataSource: PagingDriver {
  package var hasPendingWork: Bool { pendingDiff != nil }

  /// On a tick: a diff done shows; one cancelled says so.
  package func applyArrivals(in view: CollectionView) {
    guard let pending = pendingDiff else { return }
    if pending.job.isCancelled {
      finishPendingDiff()
      pending.completion?(false)
      return
    }
    guard let stages = pending.result.stages.withLock({ $0 }) else { return }
    finishPendingDiff()
    guard pending.job.markApplied() else {
      pending.completion?(false)
      return
    }
    show(pending.snapshot, stages: stages, animated: pending.animated) {
      pending.completion?(true)
    }
  }

  package func displayedItemsDidChange(in view: CollectionView) {}

  /// Only ticks.
  package var observesPasses: Bool { false }

  /// Cancels a diff under way (a newer state is applied), if any; its completion hears `false`.
  func cancelPendingDiff() {
    guard let pending = pendingDiff else { return }
    pending.job.cancel()
    finishPendingDiff()
    pending.completion?(false)
  }

  /// No diff pending: the collection view no longer ticks for one.
  private func finishPendingDiff() {
    pendingDiff = nil
    // Another driver attached meanwhile (a paged source made for the view) stays.
    if collectionView.paging.driver === self { collectionView.attachDriver(nil) }
  }
}
