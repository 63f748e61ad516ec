import ReuseControls
import ReuseKit
import Scenarios

// Scenarios for Benchmarks/instructions.sh, the stable measure: `instructions SCENARIO N` runs
// N operations after a warm-up, printing a result the optimiser cannot drop. The scenarios
// are the benchmark suite's (the Scenarios module).
#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let operations = Int(arguments[2]) else {
  print("usage: instructions SCENARIO N")
  exit(2)
}
var sink = 0
switch arguments[1] {
case "list", "estimated", "waterfall", "carousel":
  // Frame steps at 1,000,000 items (a third of an 800-point viewport each), or 40-point
  // steps over 1,000 carousel cards.
  let scroll = ScrollScenario(ScrollScenario.Kind(rawValue: arguments[1])!)
  for _ in 0..<(100 + operations) { scroll.frame() }
  sink = scroll.view.reuseCounters.visible
case "select-all":
  // Every item of the 1,000,000-item list selected, one more deselected (an exception), then
  // all deselected, and a frame: what Ctrl-A and Escape cost beside a scroll frame
  // ("list").
  let scroll = ScrollScenario(.list)
  scroll.view.allowsMultipleSelection = true
  for step in 0..<(100 + operations) {
    scroll.view.selectAllItems()
    scroll.view.deselectItem(at: ItemPath(section: 0, item: step % 1_000))
    sink &+= scroll.view.numberOfSelectedItems
    scroll.view.deselectAllItems()
    scroll.frame()
  }
case "declarative":
  // The same list as "list", declared with ForEach over an array of 1,000,000 numbers.
  let scenario = DeclarativeScenario(.numbers)
  for _ in 0..<(100 + operations) { scenario.frame() }
  sink = scenario.view.reuseCounters.visible
case "declarative-body", "declarative-body-100":
  // The body run again over unchanged data: 1 section, or 100 sharing the million items.
  let scenario = DeclarativeScenario(
    .numbers, sections: arguments[1] == "declarative-body" ? 1 : 100)
  for _ in 0..<operations { scenario.evaluateUnchangedBody() }
  sink = scenario.source.statistics.bodyEvaluations
case "declarative-property":
  // An observed property of a displayed item written, then the next tick and frame.
  let scenario = DeclarativeScenario(.observed)
  for _ in 0..<(10 + operations) { scenario.changeDisplayedProperty() }
  sink = scenario.cellsConfigured
case "declarative-data":
  // A new array with 100,000 of 1,000,000 identifiers replaced, diffed and applied.
  let scenario = DeclarativeScenario(.numbers)
  for _ in 0..<operations { scenario.applyChangedData() }
  sink = scenario.cellsConfigured
case "declarative-edits", "declarative-edits-baseline":
  // Two edits (a number inserted third, the last removed) of a declared million-number list,
  // shown: over a RecordedArray, applied as edits; over a plain array, diffed.
  let scenario = EditScenario(recorded: arguments[1] == "declarative-edits")
  for _ in 0..<operations { scenario.edit() }
  sink = scenario.view.reuseCounters.visible
case "outline-expand", "outline-expand-baseline":
  // A root of 10,000 children opened and closed (unanimated batches, a pass each): declared
  // (an OutlineGroup over nodes made as they are read), or the imperative OutlineDataSource.
  let scenario = OutlineScenario(arguments[1] == "outline-expand" ? .declared : .imperative)
  for _ in 0..<operations {
    scenario.toggle()
    sink &+= scenario.rows
    scenario.toggle()
  }
case "snapshot-data":
  // The same change through the imperative diffable data source (a snapshot applied).
  let scenario = ApplyScenario<Int>(everyTenthOf: 1_000_000)
  for _ in 0..<operations { scenario.apply() }
  sink = scenario.visible
case "snapshot-data-timed":
  // The same change, timed: the loop held by the apply at once, then by the longest tick
  // while the diff runs off the loop (`applyInBackground`), N times each, in turns.
  let scenario = ApplyScenario<Int>(everyTenthOf: 1_000_000)
  var atOnce: [Double] = []
  var background: [Double] = []
  var ticks: [Int] = []
  for _ in 0..<operations {
    atOnce.append(scenario.timedApply(inBackground: false).longest)
    let (count, longest) = scenario.timedApply(inBackground: true)
    background.append(longest)
    ticks.append(count)
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  print(
    "at once: median \(median(atOnce) * 1_000) ms held; in the background: median longest "
      + "tick \(median(background) * 1_000) ms over a median of \(ticks.sorted()[ticks.count / 2]) "
      + "ticks")
  sink = scenario.visible
case "declarative-first", "list-first":
  // A million-row list made and laid out for its first frame: declared, or imperative. Each
  // is left alive on purpose (retained and never released), so that neither side counts a
  // teardown or reuses memory the one before freed.
  for _ in 0..<operations {
    if arguments[1] == "declarative-first" {
      let scenario = DeclarativeScenario(.range)
      sink &+= scenario.view.reuseCounters.visible
      _ = Unmanaged.passRetained(scenario)
    } else {
      let scenario = ScrollScenario(.list)
      sink &+= scenario.view.reuseCounters.visible
      _ = Unmanaged.passRetained(scenario)
    }
  }
case "sections-first", "sections-first-baseline":
  // Ten million rows in 200,000 sections of fifty, with headers, made and laid out for the
  // first frame: declared (a `Sections` run), or the imperative data source. Each left alive,
  // as "declarative-first" leaves them.
  for _ in 0..<operations {
    let scenario = SectionsScenario(
      arguments[1] == "sections-first" ? .declared : .imperative)
    sink &+= scenario.view.reuseCounters.visible
    _ = Unmanaged.passRetained(scenario)
  }
case "sections-frame", "sections-frame-baseline":
  // A steady scroll frame over those sections.
  let scenario = SectionsScenario(arguments[1] == "sections-frame" ? .declared : .imperative)
  for _ in 0..<(100 + operations) { scenario.frame() }
  sink = scenario.view.reuseCounters.visible
case "find-scan", "find-scan-all":
  // A find for "quiet" in 1,000,000 titled rows, every row scanned (one title in 37 matches),
  // or for " " (every title matches).
  let scenario = FindScenario(query: arguments[1] == "find-scan" ? "quiet" : " ")
  for _ in 0..<operations { sink &+= scenario.fullScan() }
case "diff":
  let scenario = ApplyScenario<Int>()
  for _ in 0..<operations { scenario.apply() }
  sink = scenario.visible
case "uuid":
  let scenario = ApplyScenario<String>(uuids: ())
  for _ in 0..<operations { scenario.apply() }
  sink = scenario.visible
case "chat":
  let chat = ChatScenario()
  for _ in 0..<operations { chat.prependOlder() }
  sink = chat.view.reuseCounters.visible
case "reorder", "reorder-grid", "reorder-baseline":
  // A drag frame over 1,000,000 items; the baseline scrolls the same list 7 points a frame.
  let scenario = ReorderScenario(
    arguments[1] == "reorder-grid" ? .grid : .list, moving: arguments[1] != "reorder-baseline",
    warmUpFrames: 200)
  for _ in 0..<operations { scenario.frame() }
  sink = scenario.view.reuseCounters.visible
case "dnd", "box", "drag-baseline":
  // A drag and drop frame between two lists of 1,000,000 items, a drag-box frame over a grid
  // of 1,000,000, or the list scrolled 7 points a frame.
  let kind: DragScenario.Kind =
    arguments[1] == "dnd" ? .dnd : arguments[1] == "box" ? .box : .scroll
  let scenario = DragScenario(kind, warmUpFrames: 200)
  for _ in 0..<operations { scenario.frame() }
  sink = scenario.visible
case "rails", "rails-baseline":
  // A frame of 1,000 rails × 1,000 items (the list scrolled, one rail dragged sideways), or a
  // plain list of 1,000,000 rows scrolled the same way.
  let scenario = RailsScenario(arguments[1] == "rails" ? .rails : .list, warmUpFrames: 200)
  for _ in 0..<operations { scenario.frame() }
  sink = scenario.visible
case "span-append", "span-append-small":
  // 25 items appended to a grid with spans of 1,000,000 (or 10,000) items.
  let scenario = SpanAppendScenario(items: arguments[1] == "span-append" ? 1_000_000 : 10_000)
  for _ in 0..<operations { scenario.append() }
  sink = scenario.view.reuseCounters.visible
case "picker":
  // A 120 Hz frame of flings across 1,000 × 1,000 swatches (a fling starts when one ends).
  let fixture = PickerFixture()
  for _ in 0..<(2_000 + operations) { fixture.frame() }
  sink = fixture.picker.currentRow
case "render":
  // A full 200×60 terminal frame of a styled list, drawn and rendered.
  let scenario = RenderScenario()
  for _ in 0..<(10 + operations) {
    scenario.renderer.invalidate()
    sink &+= scenario.frame(scrollBy: 0)
  }
case "table", "table-row":
  // A frame of a 1,000,000 × 1,000 data grid: a third of a viewport down and 50 points across,
  // or a row down (and a column across every 20th frame).
  let scenario = TableScenario(arguments[1] == "table" ? .jump : .row)
  for _ in 0..<(100 + operations) { scenario.frame() }
  sink = scenario.table.collectionView.reuseCounters.visible
case "table-filter":
  // A progressive filter's step on 1,000,000 rows sorted by a number column: 500 rows more
  // scanned, 100 of them found and shown (2,000 steps scan every row once).
  let scenario = TableScenario()
  scenario.table.sort(by: TableSortDescriptor(column: 1))
  for _ in 0..<operations { scenario.filterStep() }
  sink = scenario.table.numberOfDisplayedRows
case "table-sort", "table-sort-text":
  // Sorting 1,000,000 rows by a number column (or a text column) and back (two operations
  // per N).
  let scenario = TableScenario()
  let column = arguments[1] == "table-sort" ? 1 : 2
  for _ in 0..<operations {
    scenario.table.sort(by: TableSortDescriptor(column: column))
    scenario.table.sort(by: nil)
  }
  sink = scenario.table.sourceRow(forDisplayRow: 0)
default:
  print("unknown scenario \(arguments[1])")
  exit(2)
}
print(sink)
