// The longest gap between two frames of the terminal gallery while a long job runs, on the
// real clock: the gallery in process (its table page over generated rows), ticked and drawn
// into a canvas as the terminal host does, a Down key every tenth frame, until the job ends.
//
//   frame-gaps sort ROWS COLUMN        # sorts the table by COLUMN (1: Name, text; 6: Amount)
//   frame-gaps sort-sync ROWS COLUMN   # the baseline: TableView.sort(by:) on the loop, as
//                                      # every sort ran before: the frame waits for all of it
//   frame-gaps find ROWS COLUMN TEXT   # `/` TEXT Enter: the first match, then every match
//   frame-gaps filter ROWS COLUMN TEXT # `|` TEXT Enter: the first filtered screen, then all
//   frame-gaps find-sync|filter-sync ROWS COLUMN TEXT   # the baselines: every row scanned
//                                      # (and, for the filter, shown) in one frame
//   frame-gaps save ROWS COLUMN FILE.csv       # the CSV file opened and loaded, one cell of
//                                      # COLUMN edited ("x"), Ctrl-S: saved in place (FILE.bak
//                                      # kept) on the save's thread, frames going on
//   frame-gaps save-sync ROWS COLUMN FILE.csv  # the baseline: the same save on the loop, as
//                                      # every save ran before (one frame waits for it)
//   frame-gaps count ROWS COLUMN       # `F`: COLUMN's values counted a slice a frame, put in
//                                      # order on a thread, the frequency table shown
//   frame-gaps count-sync ROWS COLUMN  # the baseline: counted and put in order in one frame
//
// Prints one JSON object: {"job", "items", "column", "longest_gap_ms", "frames", "total_ms"},
// with "first_ms" (the first match, the first filtered screen) for find and filter.
import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal
import TerminalGallery

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line to standard error.
enum StandardError {
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
  }
}

let arguments = CommandLine.arguments
let jobs = [
  "sort", "sort-sync", "find", "filter", "find-sync", "filter-sync", "save", "save-sync", "count",
  "count-sync",
]
guard arguments.count >= 4, jobs.contains(arguments[1]),
  let rows = Int(arguments[2]), let column = Int(arguments[3]), rows > 0, column >= 0,
  arguments.count
    == (arguments[1].hasPrefix("sort") || arguments[1].hasPrefix("count") ? 4 : 5)
else {
  print(
    "usage: frame-gaps sort|sort-sync|count|count-sync ROWS COLUMN, "
      + "find|filter|find-sync|filter-sync ROWS COLUMN TEXT, or save|save-sync ROWS COLUMN FILE.csv"
  )
  exit(64)
}
let job = arguments[1]
let needle = arguments.count == 5 ? arguments[4] : ""
let now = { Platform.monotonicTime() }

if job == "find-sync" || job == "filter-sync" {
  // Every row's cell scanned in one go (and, for the filter, the rows shown): what one frame
  // would wait for without the slices.
  let content = DemoTable(rows: rows)
  let model = TableModel(
    content: content, metrics: .terminal, viewportSize: Size(width: 118, height: 26))
  model.register(cell: PlainTableCell.self, header: PlainTableHeader.self)
  model.start()
  model.table.collectionView.layoutIfNeeded()
  let start = now()
  let lowered = needle.lowercased()
  var found = RowSet()
  for row in 0..<rows
  where content.text(row: row, column: column)?.lowercased().contains(lowered) == true {
    found.insert(row)
  }
  if job == "filter-sync" {
    model.table.filterRows(found)
    model.table.collectionView.layoutIfNeeded()
  }
  let gap = now() - start
  print(
    "{\"job\": \"\(job)\", \"items\": \(rows), \"column\": \(column), "
      + "\"longest_gap_ms\": \(Int((gap * 1_000).rounded())), \"frames\": 1, "
      + "\"total_ms\": \(Int((gap * 1_000).rounded())), \"first_ms\": \(Int((gap * 1_000).rounded())), "
      + "\"matches\": \(found.count)}")
  exit(0)
}

if arguments[1] == "count-sync" {
  // A column's frequency table made where the loop runs: every row counted and the values put
  // in order in one frame.
  let content = DemoTable(rows: rows)
  let start = now()
  var counts: [String: Int] = [:]
  for row in 0..<rows { counts[content.text(row: row, column: column) ?? "", default: 0] += 1 }
  let table = FrequencyTable(
    counts: counts, column: column, columnTitle: "", parent: content,
    numeric: content.isNumeric(column: column))
  let gap = now() - start
  print(
    "{\"job\": \"count-sync\", \"items\": \(rows), \"column\": \(column), "
      + "\"longest_gap_ms\": \(Int((gap * 1_000).rounded())), \"frames\": 1, "
      + "\"total_ms\": \(Int((gap * 1_000).rounded())), \"values\": \(table.rowCount)}")
  exit(0)
}

if arguments[1] == "sort-sync" {
  // The table page's model over the same rows, sorted where the loop runs: one frame.
  let model = TableModel(
    content: DemoTable(rows: rows), metrics: .terminal, viewportSize: Size(width: 118, height: 26))
  model.register(cell: PlainTableCell.self, header: PlainTableHeader.self)
  model.start()
  model.table.collectionView.layoutIfNeeded()
  let start = now()
  model.table.sort(by: TableSortDescriptor(column: column))
  model.table.collectionView.layoutIfNeeded()
  let gap = now() - start
  print(
    "{\"job\": \"sort-sync\", \"items\": \(rows), \"column\": \(column), "
      + "\"longest_gap_ms\": \(Int((gap * 1_000).rounded())), \"frames\": 1, "
      + "\"total_ms\": \(Int((gap * 1_000).rounded()))}")
  exit(0)
}

let csv: CSVFile?
if job.hasPrefix("save") {
  do {
    csv = try CSVFile.open(path: needle)
  } catch {
    print("frame-gaps: cannot open \(needle): \(error.message)")
    exit(1)
  }
} else {
  csv = nil
}

if job == "save-sync" {
  // The file loaded, one cell edited, then the save on the loop: one frame waits for it.
  let content = CSVTable(file: csv!)
  while content.loadingStatus != nil {
    var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
    nanosleep(&pause, nil)
    _ = content.update()
  }
  _ = content.setText("x", row: 0, column: column)
  let start = now()
  do {
    _ = try content.save()
  } catch {
    print("frame-gaps: the save failed: \(error.message)")
    exit(1)
  }
  let gap = now() - start
  print(
    "{\"job\": \"save-sync\", \"items\": \(content.rowCount), \"column\": \(column), "
      + "\"longest_gap_ms\": \(Int((gap * 1_000).rounded())), \"frames\": 1, "
      + "\"total_ms\": \(Int((gap * 1_000).rounded()))}")
  exit(0)
}

let gallery = Gallery(
  options: GalleryOptions(itemCount: 1_000, csv: csv, tableRows: rows), initialPage: "table")
let size = TerminalSize(columns: 120, rows: 30)
gallery.resize(to: size)
let canvas = Canvas(columns: size.columns, rows: size.rows)

gallery.draw(into: canvas)
if job == "save" {
  // Loaded first (its own job), then one cell edited: the save is what is timed.
  while gallery.isAnimating {
    var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
    nanosleep(&pause, nil)
    gallery.tick(now: now())
    gallery.draw(into: canvas)
  }
  gallery.handle(.key(KeyEvent(.character("e"))), at: now())
  gallery.handle(.key(KeyEvent(.character("x"))), at: now())
  gallery.handle(.key(KeyEvent(.enter)), at: now())
  gallery.draw(into: canvas)
}
// The cursor to the column, then `s` (or the prompt, the text and Enter).
if job != "save" {
  for _ in 0..<column { gallery.handle(.key(KeyEvent(.right)), at: now()) }
}
if job != "sort" && job != "save" && job != "count" {
  gallery.handle(.key(KeyEvent(.character(job == "find" ? "/" : "|"))), at: now())
  for character in needle { gallery.handle(.key(KeyEvent(.character(character))), at: now()) }
}
/// Whether the screen shows the job's first result: a find's first match in the status line,
/// a filter's first rows in the heading ("41 of 1,000,000 rows ×", not "0 of").
func showsFirst(_ lines: [String]) -> Bool {
  if job == "find" { return lines.last?.contains("match 1 of") == true }
  return lines.contains { $0.contains(" of \(rows.formatted) rows ×") && !$0.hasPrefix(" 0 of ") }
}
/// Whether the job reports a first result (a find's match, a filter's first screen).
let hasFirst = job == "find" || job == "filter"
let start = now()
switch job {
case "sort": gallery.handle(.key(KeyEvent(.character("s"))), at: start)
case "save": gallery.handle(.key(KeyEvent(.control("s"), modifiers: .control)), at: start)
case "count": gallery.handle(.key(KeyEvent(.character("F"))), at: start)
default: gallery.handle(.key(KeyEvent(.enter)), at: start)
}
gallery.draw(into: canvas)
var first: Double? =
  hasFirst && showsFirst(canvas.plainTextLines()) ? now() - start : nil
var longest = now() - start
var frames = 0
var last = now()
while gallery.isAnimating && frames < 1_000_000 {
  // A 60 Hz host would sleep here; a millisecond leaves the sort's thread a core.
  var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
  nanosleep(&pause, nil)
  frames += 1
  if frames % 10 == 0 { gallery.handle(.key(KeyEvent(.down)), at: now()) }
  gallery.tick(now: now())
  gallery.draw(into: canvas)
  let t = now()
  let gap = t - last - 0.001
  if gap > 0.05 {
    // Where a long gap happened, on standard error: the status line after it.
    var line = "frame \(frames): \(Int((gap * 1_000).rounded())) ms; "
    line += canvas.plainTextLines().last ?? ""
    StandardError.write(line + "\n")
  }
  longest = max(longest, gap)
  last = t
  if first == nil, hasFirst, showsFirst(canvas.plainTextLines()) {
    first = t - start
  }
}
let total = now() - start
let status = canvas.plainTextLines().last ?? ""
guard job != "sort" || status.contains("sorted by") else {
  print("frame-gaps: the sort did not end; the status line: \(status)")
  exit(1)
}
guard job != "count" || canvas.plainTextLines().contains(where: { $0.contains("Frequencies of") })
else {
  print("frame-gaps: the count did not end; the status line: \(status)")
  exit(1)
}
guard job != "save" || status.contains("saved 1 edited row") else {
  print("frame-gaps: the save did not end; the status line: \(status)")
  exit(1)
}
guard !hasFirst || first != nil else {
  print("frame-gaps: no first result; the status line: \(status)")
  exit(1)
}
let firstField = first.map { ", \"first_ms\": \(Int(($0 * 1_000).rounded()))" } ?? ""
print(
  "{\"job\": \"\(job)\", \"items\": \(rows), \"column\": \(column), "
    + "\"longest_gap_ms\": \(Int((longest * 1_000).rounded())), \"frames\": \(frames), "
    + "\"total_ms\": \(Int((total * 1_000).rounded()))\(firstField)}")

/// A cell and a header that draw nothing: the baseline measures the sort, not drawing.
final class PlainTableCell: CollectionViewCell, TableCellPresenting {
  func present(text: String?, isNumeric: Bool, isMatch: Bool) {}
  func present(editing field: TextFieldState?) {}
}
final class PlainTableHeader: ReusableView, TableHeaderPresenting {
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool) {}
}
