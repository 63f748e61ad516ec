import ReuseControls
import ReuseKit
import Synchronization

/// Finding and filtering in a CSV file off the loop: the file's bytes read a megabyte at a
/// time on a thread of its own, one field of each row parsed and compared, no other made.
extension CSVTable {
  /// A search for `needle` in `column` on a thread of its own, over the file as loaded (from
  /// row `start` to the end, then from the top): the rows whose cell contains it, ignoring case,
  /// or (`wholeValue`) the cells that are exactly it. Edited rows are searched as edited. `nil`
  /// while the file still loads (its rows are still being found), for a pattern (the page
  /// scans the cells with it), or for a column the file does not have.
  ///
  /// - Complexity: O(bytes of the file), a read of a megabyte at a time; a String is made for
  ///   one field a row.
  public func search(
    for needle: String, column: Int, from start: Int, wholeValue: Bool,
    within conditions: [TableRowCondition]
  ) -> TableSearchJob? {
    // One column a scan: with a filter's conditions too, the page scans the cells.
    guard conditions.isEmpty else { return nil }
    guard isDone, problem == nil, column >= 0, column < columnTitles.count else { return nil }
    guard wholeValue || TableMatcher.patternText(of: needle) == nil else { return nil }
    let matcher = FieldMatcher(needle, wholeValue: wholeValue)
    let scan = ColumnScan(of: self, column: column)
    let start = min(max(0, start), scan.count)
    let job = TableSearchJob()
    let stop = Atomic(false)
    let started = runOnThreadOfItsOwn {
      var deliveredAny = false
      var found: [Int] = []
      for range in [start..<scan.count, 0..<start] where !range.isEmpty {
        let finished = scan.run(over: range, stop: stop) { row, text in
          if matcher.matches(text) { found.append(row) }
        } afterChunk: {
          // The first match at once (the cursor goes to it), then in batches.
          if !found.isEmpty && (found.count >= 256 || !deliveredAny) {
            deliveredAny = true
            job.deliver(found)
            found.removeAll(keepingCapacity: true)
          }
        }
        guard finished else { return job.finish() }
      }
      job.deliver(found)
      job.finish()
    }
    guard started else {
      job.finish(problem: "a thread did not start")
      return job
    }
    job.onStop { stop.store(true, ordering: .relaxed) }
    return job
  }

  /// A reader of `column`'s sort keys for the sort's thread, once the file is loaded: the file
  /// read a megabyte at a time there, one field a row parsed (the keys ``sortKey(row:column:)``
  /// gives, edits included), instead of the table asking a slice per frame on the loop.
  ///
  /// - Complexity: O(bytes of the file), off the loop.
  public func sortKeyReader(column: Int) -> TableSortKeyReader? {
    guard isDone, problem == nil, column >= 0 else { return nil }
    let scan = ColumnScan(of: self, column: column)
    return TableSortKeyReader(rowCount: scan.count) { progress, isCancelled in
      var keys: [TableSortKey] = []
      keys.reserveCapacity(scan.count)
      let finished = scan.fields(over: 0..<scan.count, isStopped: isCancelled) {
        progress(keys.count)
      } _: { row, field in
        // An edited row's field, as the table's own keys have it.
        keys.append(scan.rows.edited[row] != nil ? CSVTable.key(field ?? "") : CSVTable.key(field))
      }
      return finished ? keys : nil
    }
  }

  /// Counts `column`'s values on a thread of its own (each cell as it shows), over the file
  /// as loaded with its edits; `nil` while the file still loads.
  ///
  /// - Complexity: O(bytes of the file), one field a row made.
  public func countValues(
    column: Int, within conditions: [TableRowCondition]
  )
    -> TableCountJob?
  {
    // One column a scan: the rows a filter shows are counted by the page.
    guard conditions.isEmpty else { return nil }
    guard isDone, problem == nil, column >= 0, column < columnTitles.count else { return nil }
    let scan = ColumnScan(of: self, column: column)
    let job = TableCountJob()
    let started = runOnThreadOfItsOwn {
      var counts: [String: Int] = [:]
      _ = scan.run(over: 0..<scan.count, stop: Atomic(false)) { _, text in
        counts[text, default: 0] += 1
      } afterChunk: {
      }
      job.finish(.success(counts))
    }
    if !started { job.finish(.failure(DataFileError("a thread did not start"))) }
    return job
  }
}

/// One column of a loaded CSV file read off the loop: the rows' starts and the edits as they
/// were when it began, the file read a megabyte at a time, one field a row parsed.
struct ColumnScan: Sendable {
  let rows: CSVRows
  let column: Int

  init(of table: CSVTable, column: Int) {
    rows = CSVRows(of: table)
    self.column = column
  }

  /// How many rows it scans.
  var count: Int { rows.starts.count }

  /// Calls `body` with each row of `range` and its cell's text (on one line, as it shows),
  /// and `afterChunk` after each megabyte; returns `false` when `stop` ended it early.
  func run(
    over range: Range<Int>, stop: borrowing Atomic<Bool>, _ body: (Int, String) -> Void,
    afterChunk: () -> Void
  ) -> Bool {
    fields(over: range, isStopped: { stop.load(ordering: .relaxed) }, afterChunk: afterChunk) {
      body($0, CSVTable.oneLine($1 ?? ""))
    }
  }

  /// Calls `body` with each row of `range` and its field as the file (or an edit) has it,
  /// `nil` for a row too short to have one, and `afterChunk` after each megabyte; returns
  /// `false` when `isStopped` ended it early.
  func fields(
    over range: Range<Int>, isStopped: () -> Bool, afterChunk: () -> Void,
    _ body: (Int, String?) -> Void
  ) -> Bool {
    let (file, edited, rows) = (self.rows.file, self.rows.edited, self.rows.starts)
    let size = file.size
    let delimiter = file.dialect.delimiter
    var row = range.lowerBound
    while row < range.upperBound {
      guard !isStopped() else { return false }
      // A run of rows in a megabyte of the file (a row longer than that alone).
      let first = row
      var last = row
      while last + 1 < range.upperBound && rows[last + 1] - rows[first] < 1 << 20 { last += 1 }
      let chunkStart = rows[first]
      let chunkEnd = last + 1 < rows.count ? rows[last + 1] : size
      let bytes = file.read(chunkStart..<chunkEnd)
      bytes.withUnsafeBytes { buffer in
        for row in first...last {
          let text: String?
          if let fields = edited[row] {
            text = column < fields.count ? fields[column] : ""
          } else {
            let from = min(buffer.count, rows[row] - chunkStart)
            let to = min(buffer.count, (row + 1 < rows.count ? rows[row + 1] : size) - chunkStart)
            text = CSVRow.field(
              column, of: UnsafeRawBufferPointer(rebasing: buffer[from..<max(from, to)]),
              delimiter: delimiter)
          }
          body(row, text)
        }
      }
      afterChunk()
      row = last + 1
    }
    return true
  }
}

/// How a cell's text is compared with a needle, as the page's scan compares it
/// (`TableMatcher`): contains, ignoring case (ReuseKit's `TextMatcher`: an ASCII cell byte by
/// byte, its letters folded, no lowercased copy made), or equal.
struct FieldMatcher: Sendable {
  let whole: String
  let text: TextMatcher
  let wholeValue: Bool

  init(_ needle: String, wholeValue: Bool) {
    self.wholeValue = wholeValue
    whole = needle
    text = TextMatcher(needle)
  }

  func matches(_ cell: String) -> Bool { wholeValue ? cell == whole : text.matches(cell) }
}
