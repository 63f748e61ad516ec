import ReuseControls
import ReuseKit

/// The frequency table being counted, and the view of the table it was asked from (its sort,
/// restored when the page goes back).
struct FrequencyRequest {
  var scan: FrequencyScan
  /// The sort of the table counted, and whether its data source made it.
  var sort: TableSortDescriptor?
  var sortedByDataSource: Bool
}

extension TableModel {
  // MARK: Frequencies

  /// `F`: counts the values of the cursor's column (a slice of rows a frame, or where the rows
  /// live), then shows its frequency table; Escape stops the count.
  func startFrequencies() {
    guard !(content is FrequencyTable), let column = table.focusedCell?.column else { return }
    frequency = FrequencyRequest(
      scan: FrequencyScan(
        column: column, rowCount: content.rowCount, job: content.countValues(column: column)),
      sort: table.sortDescriptor, sortedByDataSource: table.isSortedByDataSource)
    advanceFrequencies()
  }

  /// Counts more values; once all are counted, the frequency table shows. Returns whether a
  /// count runs.
  @discardableResult
  func advanceFrequencies() -> Bool {
    guard var running = frequency else { return false }
    let deadline = metrics.clock() + jobSliceDuration
    let clock = metrics.clock
    let content = self.content
    let column = running.scan.column
    running.scan.advance(while: { clock() < deadline }) { row in
      content.text(row: row, column: column)
    }
    frequency = running
    guard running.scan.isDone else { return true }
    frequency = nil
    if let problem = running.scan.problem {
      jumpProblem = "the count stopped: \(problem)"
      return true
    }
    let table = FrequencyTable(
      counts: running.scan.counts, column: column,
      columnTitle: content.columnTitles[column], parent: content)
    parentView = (running.sort, running.sortedByDataSource)
    open(table)
    return true
  }

  /// Escape while counting: the count stops.
  func cancelFrequencies() -> Bool {
    guard frequency != nil else { return false }
    frequency = nil
    return true
  }

  /// From a frequency table back to the table it counts, sorted as it was; with `value`,
  /// showing only the rows whose cell in the counted column is exactly it.
  func leaveFrequencies(filteringTo value: String?) {
    guard let frequencies = content as? FrequencyTable, let parent = frequencies.parent else {
      return
    }
    let view = parentView
    parentView = nil
    open(parent)
    if let sort = view?.sort {
      if view?.sortedByDataSource == true {
        table.dataSourceDidSort(by: sort)  // the content kept its order
      } else if table.numberOfRows >= table.backgroundSortThreshold {
        table.beginSort(by: sort)
      } else {
        table.sort(by: sort)
      }
    }
    if let value {
      table.focusCell(row: 0, column: frequencies.column)
      startFilter(value, column: frequencies.column, wholeValue: true)
    }
  }
}
