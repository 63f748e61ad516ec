/// The largest number of sections a collection view accepts; more are clamped, with a
/// diagnostic.
public let maximumSectionCount = 10_000_000
/// The largest number of items, over all sections, a collection view accepts; more are
/// clamped, with a diagnostic. Ten billion: a table of ten million rows by a thousand columns.
public let maximumItemCount = 10_000_000_000

extension CollectionView {
  /// Reads the counts again and replaces every displayed view at the next layout pass.
  ///
  /// Selected items that still exist stay selected. A running update animation ends first.
  /// Called from inside a layout pass (from a display callback), the reload waits until the
  /// pass ends.
  ///
  /// - Complexity: O(S) now, plus a full layout prepare at the next pass.
  public func reloadData() {
    if pass.isInPass {
      pass.reloadRequested = true
      return
    }
    // The data source has changed already: from here on the displayed views show old data,
    // also while a running update animation ends below (its checks must not hold them to the
    // new data, such as a selection overlay that answers by the new order). Only the checks
    // hear it: a pass run meanwhile (from a completion) configures no view before the counts
    // are read.
    pass.isReloading = true
    forEachPart { $0.dataWillChange(reloading: true, in: self) }
    pass.isReloading = false
    loadCounts()
    forEachPart { $0.dataDidChange(.reload, in: self) }
    pass.needsReconfigureAll = true
    collectionViewLayout.invalidateLayout()
    setNeedsLayout()
    #if REUSEKIT_CHECKS
      selection.checkInvariants(in: self)
    #endif
    forEachPart { $0.dataChangeDidFinish(in: self) }
  }

  /// The number of sections, as last read from the data source.
  public var numberOfSections: Int { counts.sectionCount }

  /// Changes whenever items may have new paths: a reload or a batch update (not a viewport
  /// change, not a reconfigure). What holds index paths across frames (an ``ItemSearch``)
  /// compares it to know they may be stale.
  public var dataRevision: Int { counts.revision }

  /// Changes whenever items' content may have changed: with ``dataRevision``, and also when a
  /// batch only reconfigures or reloads items in place (their paths unchanged). What reads the
  /// items' text across frames (an ``ItemSearch``) compares it to know it must read again.
  public var contentRevision: Int { counts.contentRevision }

  /// The number of items in `section`, as last read; 0 for a section out of range.
  public func numberOfItems(inSection section: Int) -> Int {
    counts.numberOfItems(inSection: section)
  }

  /// The item counts per section, as last read.
  var itemCounts: ItemCountList { counts.perSection }

  /// `true` when `indexPath` names an item of the current data.
  func isValid(_ indexPath: ItemPath) -> Bool { counts.isValid(indexPath) }

  /// Reads the section and item counts from the data source, clamping bad ones.
  func loadCounts() {
    // One count for every section, as before: nothing to read again (a reload of ten million
    // rows that only changed their order would otherwise write 160 MB of counts and
    // prefixes).
    if let uniform = counts.uniform, let dataSource,
      dataSource.numberOfItemsInEverySection(in: self) == uniform,
      dataSource.numberOfSections(in: self) == counts.sectionCount
    {
      setItemCounts(nil)
      return
    }
    setItemCounts(readCounts())
  }

  /// Takes new counts (and the section-index titles with them); the focus stays in range.
  /// Takes new counts (`nil`: the same as before, read again), and what depends on them.
  func setItemCounts(_ newCounts: ItemCountList?) {
    if let newCounts {
      // One count in every section: the next reload need not read them again (it checks
      // that the data source still says that count for all).
      counts.set(newCounts, uniform: newCounts.uniformCount)
    }
    accessibility.revision &+= 1
    // An item noted to keep in view across a resize was named in the old data (an update
    // keeps its own anchor).
    pass.resizeAnchor = nil
    counts.revision &+= 1
    counts.contentRevision &+= 1
    counts.indexTitles = dataSource?.indexTitles(for: self) ?? []
    focus.keepInRange(in: self)
  }

  /// Whether the data source says the counts last read, checked cheaply: O(1) when it says
  /// one count for every section, else by reading them when there are at most 4,096 sections;
  /// `false` (unknown) beyond.
  func countsAreUnchanged() -> Bool {
    guard let dataSource else { return counts.sectionCount == 0 }
    // As read: a count past the limit was clamped to it (and reported then), so a data
    // source that still says 10,000,021 sections has not changed.
    let sections = min(max(0, dataSource.numberOfSections(in: self)), maximumSectionCount)
    guard sections == counts.sectionCount else { return false }
    if let uniform = counts.uniform {
      return dataSource.numberOfItemsInEverySection(in: self) == uniform
    }
    return counts.sectionCount <= 4_096 && readCounts() == counts.perSection
  }

  /// The data source's section and item counts now, clamped (with diagnostics).
  func readCounts() -> ItemCountList {
    guard let dataSource else { return [] }
    var sectionCount = dataSource.numberOfSections(in: self)
    if sectionCount < 0 || sectionCount > maximumSectionCount {
      let clamped = min(max(0, sectionCount), maximumSectionCount)
      diagnostics.report(
        .invalidCount, "numberOfSections is \(sectionCount); using \(clamped)")
      sectionCount = clamped
    }
    var counts = [Int]()
    var clampedSections = 0
    var firstClamped: (section: Int, reported: Int, count: Int)?
    if let every = dataSource.numberOfItemsInEverySection(in: self) {
      // One count for all: written at memory speed; the sections past the total are clamped.
      let count = max(0, every)
      let whole = count == 0 ? sectionCount : min(sectionCount, maximumItemCount / count)
      if count == every && whole == sectionCount {
        // One number for every section: no memory per section.
        return ItemCountList(repeating: count, count: sectionCount)
      }
      counts = [Int](repeating: count, count: sectionCount)
      if whole < sectionCount {
        counts[whole] = maximumItemCount - whole * count
        for section in (whole + 1)..<sectionCount { counts[section] = 0 }
      }
      if count != every || whole < sectionCount {
        clampedSections = count != every ? sectionCount : sectionCount - whole
        firstClamped = (count != every ? 0 : whole, every, counts[count != every ? 0 : whole])
      }
    } else {
      counts.reserveCapacity(sectionCount)
      var total = 0
      for section in 0..<sectionCount {
        let reported = dataSource.collectionView(self, numberOfItemsInSection: section)
        var count = max(0, reported)
        count = min(count, maximumItemCount - total)
        if count != reported {
          if firstClamped == nil { firstClamped = (section, reported, count) }
          clampedSections += 1
        }
        total += count
        counts.append(count)
      }
    }
    if let first = firstClamped {
      diagnostics.report(
        .invalidCount,
        "numberOfItemsInSection(\(first.section)) is \(first.reported); using \(first.count)"
          + (first.reported > 0 ? " (at most \(maximumItemCount) items in all)" : "")
          + (clampedSections > 1 ? ", and \(clampedSections - 1) more sections clamped" : ""))
    }
    return ItemCountList(counts)
  }
}

extension CollectionView {
  /// Ends displaying every view without touching the data (its views go back to the pool,
  /// with the usual `didEndDisplaying` calls); the next pass asks for cells again. A picker
  /// row does this when it scrolls away, so its item cells serve the other rows. Unlike
  /// ``reloadData()`` it reads no counts and leaves the layout prepared: no allocation.
  package func endDisplayingAll() {
    guard !pass.isInPass else { return }
    updates.finishAnimation(finished: false, in: self)
    pass.isInPass = true
    reusePool.beginPass()
    let context = PassContext(dataSource: dataSource, delegate: collectionDelegate, host: host)
    displayedItems.removeAll { endDisplaying($0, $1, context) }
    displayedSupplementaryViews.removeAll { endDisplaying($0, $1, context) }
    reusePool.endPass()
    pass.isInPass = false
    setNeedsLayout()
  }
}
