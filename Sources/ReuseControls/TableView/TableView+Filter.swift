import ReuseKit

extension TableView {
  // MARK: Filtering

  /// Shows only the source rows in `rows` (`nil`: every row again), in the order shown (the
  /// sort's, or the data's), as one animated batch of deleted and inserted rows when it
  /// changes at most 2,000 rows, else at once (a reload). Focus and selection are held by source row,
  /// so they stay with their rows; a focused row that the filter hides hands the focus to the
  /// row shown nearest it. Rows the data source adds later stay hidden until a filter names
  /// them; a reload keeps the filter (rows past the new count drop out of it).
  ///
  /// Assistive technology hears what the filter left: "1,204 of 1,000,000 rows shown", or
  /// "every row shown"; not with `announces` false (a filter that shows what it found so far
  /// says its first and last steps, not every one).
  ///
  /// - Complexity: O(n) for n rows (a walk of the order), plus the batch update.
  public func filterRows(_ rows: RowSet?, announces: Bool = true) {
    let oldFilter = rowFilter
    guard rows != oldFilter else { return }
    var focused = focusedCell ?? focusHeldByFilter
    // An earlier step moved the focus off its row, and nothing moved it since: it goes back
    // to that row if this step shows it (a progressive filter had not found the row yet, and
    // the cursor stayed on a neighbour for good).
    if let moved = focusMovedByFilter, let current = focusedCell, current == moved.to {
      focused = moved.from
    }
    // The changes, in one walk of the order every row has, stopped once there are more than
    // an animation shows (they are shown as a reload then).
    let animatedChanges = 2_000
    var deleted: [Int] = []
    var inserted: [Int] = []
    var oldIndex = 0
    var newIndex = 0
    // A sorted table whose filter only gained rows (a progressive filter's step): the rows
    // found are put in their places by rank, merged into the order shown.
    let merged = mergedDisplayOrder(from: oldFilter, to: rows, keeping: animatedChanges + 1)
    func visit(wasShown: Bool, isShown: Bool) {
      if wasShown && !isShown { deleted.append(oldIndex) }
      if isShown && !wasShown { inserted.append(newIndex) }
      if wasShown { oldIndex += 1 }
      if isShown { newIndex += 1 }
    }
    if let merged {
      inserted = merged.inserted
    } else if let rowOrder {
      for source in rowOrder {
        let source = Int(source)
        visit(
          wasShown: oldFilter?.contains(source) ?? true, isShown: rows?.contains(source) ?? true)
        if deleted.count + inserted.count > animatedChanges { break }
      }
    } else {
      // In row order the sets' words line up: 64 rows at a time where both filters agree (a
      // progressive filter over ten million rows adds a few thousand a step; a walk of every
      // row took a second of each step in a debug build).
      let wordCount = (numberOfRows + 63) / 64
      for index in 0..<wordCount {
        let rowsLeft = numberOfRows - index * 64
        let valid: UInt64 = rowsLeft >= 64 ? ~0 : (UInt64(1) << UInt64(rowsLeft)) - 1
        let old = (oldFilter?.word(index) ?? ~0) & valid
        let new = (rows?.word(index) ?? ~0) & valid
        if old == new {
          oldIndex += old.nonzeroBitCount
          newIndex += new.nonzeroBitCount
          continue
        }
        var either = old | new
        while either != 0 {
          let bit = UInt64(1) << UInt64(either.trailingZeroBitCount)
          visit(wasShown: old & bit != 0, isShown: new & bit != 0)
          either &= either - 1
        }
        if deleted.count + inserted.count > animatedChanges { break }
      }
    }
    rowFilter = rows
    if let merged {
      displayOrder = merged.order
    } else {
      displayOrder = extendedDisplayOrder(from: oldFilter) ?? derivedDisplayOrder()
    }
    sourceToDisplayCache = nil
    // A range anchored on a row the filter hides has no place to start from: the next one
    // starts at the focus.
    if let held = anchor, let rows, !rows.contains(held.row) { anchor = nil }
    let changed = deleted.count + inserted.count
    if changed > animatedChanges {
      // Too many to animate: shown at once, as a reload (a batch of a million deleted rows
      // costs its mapping; the focus is put back on its row below, the selection is by row).
      collectionView.reloadData()
    } else if changed > 0 {
      if collectionView.isAnnouncing { collectionView.replaceNextAnnouncement(with: "") }
      let result = collectionView.performBatchUpdates(
        with: Changeset(deletedSections: deleted, insertedSections: inserted), animated: true)
      if case .failure = result { collectionView.reloadData() }
    }
    keepFocus(near: focused)
    if let focused, let now = focusedCell, now.row != focused.row {
      focusMovedByFilter = (focused, now)
    } else {
      focusMovedByFilter = nil
    }
    // No row shows: the focus waits for the rows to come back (its column too).
    focusHeldByFilter = numberOfDisplayedRows == 0 ? focused : nil
    if announces { collectionView.announce(filterAnnouncement) }
  }

  /// The display order of a filter that only adds rows past the last one `oldFilter` showed
  /// (a scan going down the rows, showing what it found so far), in unsorted rows: the order
  /// shown, with the new rows appended in place. `nil` when the change is of another kind.
  ///
  /// - Complexity: O(words up to the old last row + rows added), where building the order
  ///   again is O(rows shown): each step of a progressive filter over ten million rows took
  ///   longer than the last.
  func extendedDisplayOrder(from oldFilter: RowSet?) -> [Int32]? {
    guard rowOrder == nil, let rowFilter, let oldFilter, let oldLast = oldFilter.last,
      displayOrder?.count == oldFilter.count, oldLast < numberOfRows
    else { return nil }
    let lastWord = oldLast / 64
    let upToLast: UInt64 = oldLast % 64 == 63 ? ~0 : (UInt64(1) << UInt64(oldLast % 64 + 1)) - 1
    for index in 0..<lastWord where rowFilter.word(index) != oldFilter.word(index) { return nil }
    guard rowFilter.word(lastWord) & upToLast == oldFilter.word(lastWord) & upToLast else {
      return nil
    }
    var order = displayOrder ?? []
    displayOrder = nil  // the one reference: appended in place
    var index = lastWord
    var bits = rowFilter.word(lastWord) & ~upToLast
    let wordCount = (numberOfRows + 63) / 64
    while index < wordCount {
      while bits != 0 {
        let row = index * 64 + bits.trailingZeroBitCount
        if row >= numberOfRows { return order }
        order.append(Int32(row))
        bits &= bits - 1
      }
      index += 1
      bits = rowFilter.word(index)
    }
    return order
  }

  /// The display order of a sorted table whose filter goes from `oldFilter` to `newFilter` by
  /// adding rows only (a progressive filter's step: its scan goes down the source rows, and
  /// what it finds lands anywhere in the sort): the rows added, ordered by their rank in the
  /// sort, merged into the order shown; and the display rows they land on (the first `limit`
  /// of them: beyond an animation's worth the change is shown as a reload). `nil` when the
  /// table is not sorted, or the change hides a row.
  ///
  /// - Complexity: O(rows / 64 + k log k + m) for k rows added to m shown, where deriving the
  ///   order again walks every row of the sort (each step over ten million sorted rows took
  ///   seconds in a debug build).
  func mergedDisplayOrder(
    from oldFilter: RowSet?, to newFilter: RowSet?, keeping limit: Int
  ) -> (order: [Int32], inserted: [Int])? {
    guard let rowOrder, rowOrder.count == numberOfRows, let oldFilter, let newFilter,
      let shown = displayOrder, shown.count == oldFilter.count,
      (oldFilter.last ?? -1) < numberOfRows
    else { return nil }
    var added: [Int32] = []
    for index in 0..<(numberOfRows + 63) / 64 {
      let old = oldFilter.word(index)
      let new = newFilter.word(index)
      if old & ~new != 0 { return nil }  // a row hidden: not a step of this kind
      var bits = new & ~old
      while bits != 0 {
        let row = index * 64 + bits.trailingZeroBitCount
        if row < numberOfRows { added.append(Int32(row)) }
        bits &= bits - 1
      }
    }
    let ranks = sortRanks
    added.sort { ranks[Int($0)] < ranks[Int($1)] }
    var order: [Int32] = []
    order.reserveCapacity(shown.count + added.count)
    var inserted: [Int] = []
    var next = 0
    for row in added {
      let rank = ranks[Int(row)]
      while next < shown.count && ranks[Int(shown[next])] < rank {
        order.append(shown[next])
        next += 1
      }
      if inserted.count < limit { inserted.append(order.count) }
      order.append(row)
    }
    order.append(contentsOf: shown[next...])
    return (order, inserted)
  }

  /// Source row → its place in the sort (``rowOrder``), made once per sort.
  var sortRanks: [Int32] {
    if let sortRanksCache { return sortRanksCache }
    var ranks = [Int32](repeating: 0, count: rowOrder?.count ?? 0)
    for (rank, row) in (rowOrder ?? []).enumerated() where Int(row) < ranks.count {
      ranks[Int(row)] = Int32(rank)
    }
    sortRanksCache = ranks
    return ranks
  }

  /// "1,204 of 1,000,000 rows shown", or "every row shown".
  var filterAnnouncement: String {
    guard rowFilter != nil else { return "every row shown" }
    return "\(numberOfDisplayedRows.grouped) of \(numberOfRows.grouped) rows shown"
  }

  /// After a filter: the focused cell's row when it shows, else the row shown nearest where it
  /// was in the order, in the same column.
  private func keepFocus(near focused: (row: Int, column: Int)?) {
    guard let focused, numberOfDisplayedRows > 0 else { return }
    if let display = displayRow(forSourceRow: focused.row) {
      collectionView.focusItem(
        at: ItemPath(section: display, item: focused.column), scrollsIntoView: true)
      return
    }
    // The first row shown after it in the order (or the last shown row).
    var next: Int?
    if let rowOrder {
      let place = rowOrder.firstIndex(of: Int32(focused.row)) ?? rowOrder.count
      next = rowOrder[place...].lazy.compactMap { self.displayRow(forSourceRow: Int($0)) }.first
    } else {
      next = (focused.row..<numberOfRows).lazy.compactMap(displayRow(forSourceRow:)).first
    }
    let target = next ?? numberOfDisplayedRows - 1
    collectionView.focusItem(
      at: ItemPath(section: target, item: focused.column), scrollsIntoView: true)
  }
}

extension TableView {
  /// After the viewport changed size: a column the left edge cuts (scrolled partly under the
  /// frozen columns, a one-character sliver after a narrow window grew again) shows whole,
  /// when the focused cell stays in view, as a spreadsheet keeps whole columns at its left.
  func showCutColumnWhole() {
    let view = collectionView
    let offset = view.contentOffset
    guard offset.x > 0, numberOfDisplayedRows > 0, view.viewportSize.width > 0 else { return }
    let frozen = layout.pinnedLengths(inSection: 0).crossLeading
    let edge = offset.x + frozen
    guard let position = layout.shownPosition(atX: edge),
      let column = layout.column(atShownPosition: position),
      let cut = layout.layoutAttributesForItem(at: ItemPath(section: 0, item: column))?.frame,
      cut.minX < edge - 0.5
    else { return }
    let aligned = max(view.minimumContentOffset.x, cut.minX - frozen)
    if let focused = view.focusedIndexPath,
      let frame = layout.layoutAttributesForItem(at: focused)?.frame,
      frame.maxX > aligned + view.viewportSize.width + 0.5
    {
      return  // the cursor's cell would leave the view
    }
    view.setContentOffset(Point(x: aligned, y: offset.y), animated: false)
  }
}
