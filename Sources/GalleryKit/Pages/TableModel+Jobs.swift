import ReuseControls
import ReuseKit

/// The table's jobs that run over frames: loading, sorting, and stopping them.
extension TableModel {
  /// Whether a job runs that needs frames: rows loading, or a sort being made.
  public var isWorking: Bool {
    table.isSorting || content.isBusy
      || find.map { !$0.isDone || $0.rowCount != table.numberOfDisplayedRows } == true
      || filter.map { !$0.scan.isDone || $0.shownAt == nil } == true || frequency != nil
      || shownRows != notedRows || saving != nil || followingSort != nil
      || editNote == TableModel.stillLoadingNote || editNote == TableModel.readingAgainNote
      || pendingFrequencies != nil
      || (content.isStillReading
        && (filter?.startedWhileReading == true
          || find?.startedWhileReading == true))
  }

  /// A filter or a find that began while the file was still read scanned the rows there were
  /// then, a frame's slice at a time: once it is read they start again, on the content's own
  /// search (a thread reading the file), the rows a filter shows staying until it is done.
  func restartJobsStartedWhileReading() {
    guard !content.isStillReading else { return }
    if let running = filter, running.startedWhileReading {
      startFilter(
        running.text, selecting: running.selects, column: running.scan.column,
        wholeValue: running.wholeValue, within: running.within, replacing: true)
    }
    if let running = find, running.startedWhileReading, !running.wasStopped {
      startFind(running.text, column: running.column)
    }
  }

  /// Once the content found where the focused row went in the order it sorted, the cursor
  /// goes to it, the view staying on the top of the new order (as after the table's own
  /// sorts); not when the cursor has moved since.
  func followSortedRow() {
    guard let following = followingSort, following.shown else { return }
    guard let followed = content.takeFollowedRow() else {
      // A content that never says gives up the cursor's row, not the frames.
      if metrics.clock() - following.began > 60 { followingSort = nil }
      return
    }
    followingSort = nil
    guard case .found(let row) = followed,
      let focused = table.focusedCell, focused.row == 0, focused.column == following.column,
      let display = table.displayRow(forSourceRow: row)
    else { return }
    table.collectionView.focusItem(
      at: ItemPath(section: display, item: following.column), scrollsIntoView: false)
  }

  /// Stops the job begun last (Escape, Ctrl-C): a save; a find or a filter begun while a sort
  /// runs; a count waiting for the sort; else the sort being made (the rows keep their
  /// order), or a count, filter or find still running. Returns whether one was running.
  @discardableResult
  public func cancelJob() -> Bool {
    if let saving {
      saving.job.stop()
      editNote = "stopping the save…"
      return true
    }
    // A find or a filter begun while the sort runs stops first.
    if !sortIsLatestJob, stopRunningJob() { return true }
    // A count waiting for the sort is the later request: Escape takes it back first.
    if pendingFrequencies != nil, isSortUnderWay, cancelFrequencies() {
      editNote = "count cancelled; the sort goes on"
      table.collectionView.announce("count cancelled; the sort goes on")
      return true
    }
    if content.cancelSort() {
      sortStart = nil
      followingSort = nil
    } else if table.isSorting {
      table.cancelSort()
      sortStart = nil
    } else {
      return stopRunningJob()
    }
    editNote = "sort cancelled: the rows keep their order"
    table.collectionView.announce("sort cancelled: the rows keep their order")
    return true
  }

  /// A count, a filter or a find still running stops, as a sort does (Escape, Ctrl-C): the
  /// count and the find end, the filter's rows all show again, or the rows of the filter it
  /// was made over (a stopped filter took that one with it: a new user's finding). Returns
  /// whether one ran.
  func stopRunningJob() -> Bool {
    let stopped: String
    if cancelFrequencies() {
      stopped = "count cancelled"
    } else if let running = filter, !running.scan.isDone, let before = running.filterBefore {
      running.scan.job?.stop()
      pendingFrequencies = nil  // a count asked for the stopped filter's rows
      if before.rowCount == table.numberOfRows {
        filter = before.filter
        table.filterRows(before.rows, announces: false)
      } else {
        // Rows came since (a file still read): the filter is made again over them all.
        filter = nil
        startFilter(meeting: before.filter.conditions)
      }
      let shown = before.filter.conditions.map(describe).joined(separator: " and ")
      stopped = "filter stopped: the rows of \(shown) show again"
    } else if let running = filter, !running.scan.isDone {
      clearFilter()
      if let before = running.selectionBefore {
        // Stopped before it ended: what was selected before it began is selected again.
        table.restoreSelection(before)
      }
      stopped =
        running.selects
        ? "selection stopped: the selection is as it was" : "filter stopped: every row shows"
    } else if var running = find, !running.isDone {
      if running.matches.isEmpty {
        clearFind()
        stopped = "search stopped"
      } else {
        running.stop()
        find = running
        stopped =
          "search stopped: \(plural(running.matches.count, "match", "matches")) found so far "
          + "(n N step through them; Esc clears the marks)"
      }
    } else {
      return false
    }
    editNote = stopped
    table.collectionView.announce(stopped)
    return true
  }
}
