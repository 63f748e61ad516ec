/// The batch-update part of a collection view (IGListKit's updater, RecyclerView's
/// `ItemAnimator`): it collects the inserts, deletes, moves and reloads of a
/// `performBatchUpdates`, checks them against the data source's counts, applies them as one
/// ``BatchUpdateTransaction``, and runs the update's animation on the host's clock (which takes
/// part in passes while it runs: views entering or leaving because of the update fade or
/// slide).
final class BatchUpdater {
  /// How long an animated update runs, in seconds (0: at once).
  var duration = 0.3
  /// Whether updates keep the first visible item in its place on screen.
  var anchorsFirstVisibleItem = true
  /// How deeply `performBatchUpdates` calls are nested, and what they collected.
  private var depth = 0
  private var pending = Changeset()
  private var pendingAnimated = true
  private var pendingCompletions: [(Bool) -> Void] = []
  /// The running update animation.
  @exclusivity(unchecked) private(set) var animation: UpdateAnimation?
  /// Views an interrupted, unanimated-over update animation left on screen: they end right
  /// after the update that interrupted it.
  var settlingViews: [UpdateAnimation.Disappearing] = []

  /// Whether an update animates.
  var isAnimating: Bool { animation != nil }

  /// Whether a `performBatchUpdates` call is collecting changes.
  var isCollecting: Bool { depth > 0 }

  /// Views removed by an update that are still on screen (fading out or sliding away).
  var viewsStillShown: [ReusableView] {
    ((animation?.disappearing ?? []) + settlingViews).map(\.view)
  }

  // MARK: Collecting

  /// Runs `updates`, collecting what it records; the outermost call commits them as one
  /// update. Calls nest: an inner batch joins the outer one.
  func perform(
    animated: Bool, _ updates: () -> Void, completion: ((Bool) -> Void)?,
    in collectionView: CollectionView
  ) -> Result<Void, BatchUpdateError> {
    if depth == 0 {
      pending = Changeset()
      pendingAnimated = animated
      pendingCompletions = []
    } else if !animated {
      pendingAnimated = false
    }
    if let completion { pendingCompletions.append(completion) }
    depth += 1
    updates()
    depth -= 1
    guard depth == 0 else { return .success(()) }
    let batch = pending
    let completions = pendingCompletions
    pending = Changeset()
    pendingCompletions = []
    return commit(batch, animated: pendingAnimated, completions: completions, in: collectionView)
  }

  /// Records changes: into the batch being collected, or as a batch of their own.
  func record(_ changes: Changeset, in collectionView: CollectionView) {
    if depth > 0 {
      pending.formUnion(changes)
    } else {
      _ = commit(changes, animated: true, completions: [], in: collectionView)
    }
  }

  // MARK: Committing

  /// Checks `changeset` against the counts before and after and applies it, or falls back to a
  /// reload with a diagnostic when it does not fit.
  private func commit(
    _ changeset: Changeset, animated: Bool, completions: [(Bool) -> Void],
    in view: CollectionView
  ) -> Result<Void, BatchUpdateError> {
    if view.isInPass {
      let error = BatchUpdateError.updateDuringLayoutPass
      view.diagnostics.report(
        Diagnostic(.reentrantUpdate, error.description, batchUpdateError: error))
      view.requestReloadAfterPass()
      for completion in completions { completion(false) }
      return .failure(error)
    }
    if commitReconfiguresInPlace(changeset, completions: completions, in: view) {
      return .success(())
    }
    // A running update animation is not cut short: the new one starts from where views are
    // drawn now. Its leftovers (views still fading out, completions) are settled after this
    // update is applied, so their callbacks see a consistent state.
    view.forEachPart { $0.dataWillChange(reloading: false, in: view) }
    let previous = animation
    setAnimation(nil, in: view)
    let newCounts = view.readCounts()
    switch changeset.validate(
      oldItemCounts: view.itemCounts.array, newItemCounts: newCounts.array)
    {
    case .failure(let error):
      setAnimation(previous, in: view)
      finishAnimation(finished: false, in: view)
      view.diagnostics.report(
        Diagnostic(
          .inconsistentUpdate, error.description + " Reloading the data instead.",
          batchUpdateError: error))
      view.reloadData()
      view.layoutIfNeeded()
      for completion in completions { completion(false) }
      return .failure(error)
    case .success(let mapping):
      var update = BatchUpdateTransaction(
        changeset: changeset, mapping: mapping, newCounts: newCounts,
        duration: animated ? duration : 0, completions: completions, previous: previous)
      update.run(on: view)
      settle(interruptedCompletions: previous?.completions ?? [], in: view)
      view.forEachPart { $0.dataChangeDidFinish(in: view) }
      view.announce(Self.announcement(for: changeset))
      return .success(())
    }
  }

  /// A batch that only reconfigures (rows arriving from a file or a database), the counts
  /// unchanged and no update animating: the displayed views are asked again in place, without
  /// the mapping, whose tables are O(sections) (80 MB for each batch of arriving rows in a
  /// table of 10⁷ rows). Returns `false` for anything else, which the full path checks and
  /// applies (and reports, when it does not fit).
  ///
  /// - Complexity: O(k + d) for k reconfigured paths and d displayed views, plus the count
  ///   check (O(1) for uniform counts, else O(S) for at most 4,096 sections).
  private func commitReconfiguresInPlace(
    _ changeset: Changeset, completions: [(Bool) -> Void], in view: CollectionView
  ) -> Bool {
    guard changeset.isContentOnly, changeset.reloadedItems.isEmpty,
      changeset.reloadedSections.isEmpty, animation == nil, view.countsAreUnchanged(),
      changeset.reconfiguredItems.allSatisfy(view.counts.isValid),
      changeset.reconfiguredSections.allSatisfy({ $0 >= 0 && $0 < view.counts.sectionCount })
    else { return false }
    view.counts.contentRevision &+= 1
    view.reconfigureDisplayedViews(
      items: Set(changeset.reconfiguredItems), sections: Set(changeset.reconfiguredSections),
      view.passContext)
    view.setNeedsLayout()
    view.layoutIfNeeded()
    for completion in completions { completion(true) }
    return true
  }

  /// What a screen reader hears after `changeset`: "3 items added, 1 item removed" (moves,
  /// sections and reconfigurations counted the same way); empty when nothing was added,
  /// removed or moved.
  static func announcement(for changeset: Changeset) -> String {
    func count(_ number: Int, _ noun: String, _ verb: String) -> String? {
      number == 0 ? nil : "\(number.grouped) \(noun)\(number == 1 ? "" : "s") \(verb)"
    }
    return [
      count(changeset.insertedItems.count, "item", "added"),
      count(changeset.deletedItems.count, "item", "removed"),
      count(changeset.movedItems.count, "item", "moved"),
      count(changeset.insertedSections.count, "section", "added"),
      count(changeset.deletedSections.count, "section", "removed"),
      count(changeset.movedSections.count, "section", "moved"),
    ].compactMap { $0 }.joined(separator: ", ")
  }

  /// Ends the views an interrupted animation left that the new update did not carry on, and
  /// tells that animation's completions it was cut short.
  private func settle(interruptedCompletions: [(Bool) -> Void], in view: CollectionView) {
    if !settlingViews.isEmpty {
      let context = view.passContext
      let views = settlingViews
      settlingViews = []
      for item in views { view.endDisplaying(item.view, item.attributes, context) }
    }
    for completion in interruptedCompletions { completion(false) }
  }

  // MARK: The animation

  /// Installs the update's animation (or none): while one runs, it takes part in passes.
  func setAnimation(_ new: UpdateAnimation?, in collectionView: CollectionView) {
    if let animation, animation !== new { collectionView.leave(animation) }
    animation = new
    if let new { collectionView.join(new) }
  }

  /// Content moved under the viewport: every animation start moves with it.
  func contentDidMove(by delta: Point, in view: CollectionView) {
    animation?.shift(by: delta)
  }

  /// Starts the clock on the first tick and ends the animation when it has run.
  func advance(to time: Double, in collectionView: CollectionView) {
    guard let animation else { return }
    if animation.startTime == nil { animation.startTime = time }
    if let start = animation.startTime, time - start >= animation.duration {
      finishAnimation(finished: true, in: collectionView)
    }
  }

  /// Ends the animation: removed views end their display and go back to the pool, and the
  /// completions run (`finished` is `false` when another update or a reload cut it short).
  func finishAnimation(finished: Bool, in view: CollectionView) {
    guard let ending = animation else { return }
    setAnimation(nil, in: view)
    let context = view.passContext
    // Display callbacks run as in a layout pass: an update they start is deferred (a reload).
    view.runAsPass {
      for item in ending.disappearing {
        view.endDisplaying(item.view, item.attributes, context)
      }
    }
    view.reloadIfRequested()
    for completion in ending.completions { completion(finished) }
    #if REUSEKIT_CHECKS
      view._checkInvariants()
    #endif
  }
}

extension BatchUpdater {
  /// Checks that no batch is left half-collected outside `performBatchUpdates`, that a
  /// running animation takes part in passes, and that the duration is valid. Compiled in only
  /// with `REUSEKIT_CHECKS`.
  func checkInvariants(in collectionView: CollectionView) {
    #if REUSEKIT_CHECKS
      collectionView.invariant(depth >= 0, "batch depth \(depth)")
      collectionView.invariant(duration >= 0 && duration.isFinite, "update duration \(duration)")
      if let animation {
        collectionView.invariant(
          collectionView.participants.contains { $0 === animation },
          "an update animation runs without taking part in passes")
      }
    #endif
  }
}

extension BatchUpdater: CollectionViewPart {
  /// A reload cuts the running update animation short. (A batch update carries it on.)
  func dataWillChange(reloading: Bool, in view: CollectionView) {
    if reloading { finishAnimation(finished: false, in: view) }
  }
}
