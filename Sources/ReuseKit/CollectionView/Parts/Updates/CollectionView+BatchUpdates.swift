extension CollectionView {
  // MARK: Batch updates

  /// Applies several inserts, deletes, moves and reloads as one update, as UIKit's
  /// `performBatchUpdates` does: change your data inside `updates`, and describe the change
  /// with ``insertItems(at:)``, ``deleteItems(at:)``, ``moveItem(at:to:)`` and the rest.
  ///
  /// Deletes, move sources and reloads name paths **before** the update; inserts and move
  /// destinations name paths **after** it (see `Changeset`). The update is checked against
  /// the data source's counts before and after. An inconsistent one is reported through
  /// ``ScrollView/diagnostics`` as a `BatchUpdateError` and the collection view reloads
  /// instead (selection stays where the items still exist): no crash.
  ///
  /// What a valid update keeps:
  /// - displayed cells stay with their items (a moved item keeps its cell; a later
  ///   `didEndDisplaying` names its current path);
  /// - the selection follows its items; a deleted item leaves it;
  /// - the first visible item keeps its place on screen (the scroll anchor, see
  ///   ``anchorsFirstVisibleItem``), whatever is inserted or deleted above it;
  /// - estimated sizes already measured follow their items.
  ///
  /// With `animated` (and a non-zero ``updateAnimationDuration``), cells glide to their new
  /// places, inserted ones fade in and deleted ones fade out, on the host's clock. Calls nest:
  /// an inner batch joins the outer one. Calls outside any batch are batches of their own.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the change.
  ///   - updates: Changes your data and records the change.
  ///   - completion: Called when the animation ends (`true`), or when it is cut short or the
  ///     update fell back to a reload (`false`).
  /// - Returns: The error when the update did not fit the data.
  /// - Complexity: O(S + c log c + k log k) for S sections, c operations and k displayed
  ///   views, plus the layout's update (O(S) uniform, O(n) per-item or estimated).
  @discardableResult
  public func performBatchUpdates(
    animated: Bool = true, _ updates: () -> Void, completion: ((Bool) -> Void)? = nil
  ) -> Result<Void, BatchUpdateError> {
    self.updates.perform(animated: animated, updates, completion: completion, in: self)
  }

  /// Applies a changeset as one batch update (a stage of a `StagedChangeset`, say): change
  /// your data first, then call this.
  @discardableResult
  public func performBatchUpdates(
    with changeset: Changeset, animated: Bool = true, completion: ((Bool) -> Void)? = nil
  ) -> Result<Void, BatchUpdateError> {
    performBatchUpdates(animated: animated, { record(changeset) }, completion: completion)
  }

  /// Inserts items at these paths (after the update).
  public func insertItems(at indexPaths: [ItemPath]) {
    record(Changeset(insertedItems: indexPaths))
  }

  /// Deletes the items at these paths (before the update).
  public func deleteItems(at indexPaths: [ItemPath]) {
    record(Changeset(deletedItems: indexPaths))
  }

  /// Moves an item from `indexPath` (before) to `newIndexPath` (after).
  public func moveItem(at indexPath: ItemPath, to newIndexPath: ItemPath) {
    record(Changeset(movedItems: [ItemMove(from: indexPath, to: newIndexPath)]))
  }

  /// Replaces the cells of these items (paths before the update): the data source is asked
  /// for new cells, and their sizes are computed again.
  public func reloadItems(at indexPaths: [ItemPath]) {
    record(Changeset(reloadedItems: indexPaths))
  }

  /// Configures the cells of these items again (paths before the update): the data source's
  /// `cellForItemAt` runs, and dequeuing returns the item's current cell, unprepared, as in
  /// UIKit. Cheaper than a reload, and the cell keeps its state.
  public func reconfigureItems(at indexPaths: [ItemPath]) {
    record(Changeset(reconfiguredItems: indexPaths))
  }

  /// Inserts these sections (indices after the update).
  public func insertSections(_ sections: [Int]) {
    record(Changeset(insertedSections: sections))
  }

  /// Deletes these sections (indices before the update).
  public func deleteSections(_ sections: [Int]) {
    record(Changeset(deletedSections: sections))
  }

  /// Moves a section from `section` (before) to `newSection` (after).
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record(Changeset(movedSections: [SectionMove(from: section, to: newSection)]))
  }

  /// Replaces these sections' cells and supplementary views (indices before the update); their
  /// item counts are read afresh.
  public func reloadSections(_ sections: [Int]) {
    record(Changeset(reloadedSections: sections))
  }

  /// Configures these sections' supplementary views again (indices before the update): for a
  /// changed header title.
  public func reconfigureSections(_ sections: [Int]) {
    record(Changeset(reconfiguredSections: sections))
  }

  private func record(_ changes: Changeset) {
    self.updates.record(changes, in: self)
  }

  // MARK: Reconfiguring in place

  /// Asks the data source again for the displayed cells of `items` and the displayed
  /// supplementary views of `sections`; dequeuing returns the current view. A data source that
  /// returns a different view (another identifier) gets it displayed instead, as a reload.
  func reconfigureDisplayedViews(
    items: Set<ItemPath>, sections: Set<Int>, _ context: PassContext
  ) {
    var replaced: [LayoutAttributes] = []
    // The data source runs here, outside a pass: treat it as one, so that a layout or an
    // update it starts waits (a reload) instead of changing the sets being walked.
    runAsPass {
      for entry in displayedItems.entries where items.contains(entry.attributes.indexPath) {
        registry.reconfiguringView = entry.view
        let cell = context.cell(for: self, at: entry.attributes.indexPath)
        registry.reconfiguringView = nil
        if cell === entry.view {
          entry.view.measuredLength = nil  // its size may have changed
          entry.view.setNeedsDisplay()
        } else {
          discardUnusedView(cell)
          replaced.append(entry.attributes)
        }
      }
      for entry in displayedSupplementaryViews.entries
      where sections.contains(entry.attributes.indexPath.section) {
        guard let kind = entry.attributes.supplementaryKind else { continue }
        registry.reconfiguringView = entry.view
        let returned = context.supplementaryView(
          for: self, ofKind: kind, at: entry.attributes.indexPath)
        registry.reconfiguringView = nil
        if returned === entry.view {
          entry.view.setNeedsDisplay()
        } else {
          discardUnusedView(returned)
          replaced.append(entry.attributes)
        }
      }
    }
    if !replaced.isEmpty {
      let isReplaced = { (attributes: LayoutAttributes) in
        replaced.contains { $0.isSameElement(as: attributes) }
      }
      displayedItems.removeAll(where: isReplaced, leaving: { endDisplaying($0, $1, context) })
      displayedSupplementaryViews.removeAll(
        where: isReplaced, leaving: { endDisplaying($0, $1, context) })
      setNeedsLayout()
    } else if collectionViewLayout.wantsSelfSizing {
      setNeedsLayout()
    }
    reloadIfRequested()
    layoutIfNeeded()
  }

  /// A view dequeued but never displayed goes back to the pool.
  private func discardUnusedView(_ view: ReusableView) {
    guard view.reuseState == .dequeued else { return }
    reusePool.enqueue(view, slot: registry.poolSlots[view.registrationSlot])
  }
}

extension CollectionView {
  /// How long a batch update animates (moves, appearing and disappearing items), in seconds
  /// on the host's clock. 0 applies updates at once. UIKit's default is 0.3. Negative or NaN
  /// values count as 0, with a diagnostic.
  public var updateAnimationDuration: Double {
    get { updates.duration }
    set {
      if !(newValue >= 0 && newValue.isFinite) {
        diagnostics.report(
          .invalidMetric, "updateAnimationDuration \(newValue) is invalid; using 0")
      }
      updates.duration = newValue >= 0 && newValue.isFinite ? newValue : 0
    }
  }

  /// Whether batch updates keep the first visible item in its place on screen (`true`, the
  /// default): inserting or deleting above it moves the content offset instead of the
  /// content. The anchor is the first item reaching into the viewport that the update neither
  /// deletes nor moves. When the content is scrolled to its very top it stays at the top, so
  /// items inserted there show. `false` keeps the content offset, as UIKit does.
  public var anchorsFirstVisibleItem: Bool {
    get { updates.anchorsFirstVisibleItem }
    set { updates.anchorsFirstVisibleItem = newValue }
  }
}

extension CollectionView {
  /// Whether a `performBatchUpdates` call is collecting changes now: a gesture that would
  /// change the data waits.
  var isCollectingUpdates: Bool { updates.isCollecting }
}
