import ReuseControls
import ReuseKit

/// A data grid of 1,000,000 rows × 1,000 columns (rows 44 points, columns 100) in a 320 × 800
/// viewport, with a frozen header row and first column: about 5 columns × 19 rows of cells
/// shown. A `.jump` frame steps the offset a third of the viewport down and 50 points
/// sideways (bouncing at the ends on both axes: about 40 cells replaced); a `.row` frame a row
/// down (a steady 60 Hz scroll of 2,640 points a second), and a column sideways every 20th.
public final class TableScenario: TableViewDataSource {
  public enum Step: String, CaseIterable, Sendable {
    case jump, row
  }
  public let table: TableView
  let rows: Int
  var down: FrameStepper
  var across: FrameStepper

  let step: Step
  var frames = 0

  public init(_ step: Step = .jump, rows: Int = 1_000_000, columns: Int = 1_000) {
    self.step = step
    self.rows = rows
    table = TableView(
      columns: (0..<columns).map { TableColumn(title: "C\($0)", width: .fixed(100)) },
      rowHeight: .uniform(44), headerHeight: 44, viewportSize: Size(width: 320, height: 800))
    table.register(BenchCell.self, forCellWithReuseIdentifier: "c")
    table.layout.frozenColumnCount = 1
    down = FrameStepper(
      viewportLength: 800, step: step == .jump ? 800.0 / 3 : 44, contentLength: Double(rows) * 44)
    across = FrameStepper(
      viewportLength: 320, step: step == .jump ? 50 : 100, contentLength: Double(columns) * 100)
    table.dataSource = self
    table.collectionView.layoutIfNeeded()
  }

  /// One frame: the offset steps on both axes, and a pass lays out.
  public func frame() {
    frames += 1
    let x =
      step == .jump || frames % 20 == 0 ? across.next() : table.collectionView.contentOffset.x
    table.collectionView.contentOffset = Point(x: x, y: down.next())
    table.collectionView.layoutIfNeeded()
  }

  public func numberOfRows(in tableView: TableView) -> Int { rows }

  public func tableView(
    _ tableView: TableView, cellForRow row: Int, column: Int
  )
    -> CollectionViewCell
  {
    let cell = tableView.dequeueReusableCell(BenchCell.self, withReuseIdentifier: "c")
    cell.item = row &* 1_000 &+ column
    return cell
  }

  /// A progressive filter's step on the table (sort it first): the scan goes 500 source rows
  /// further, every 5th of them found (100 rows a step, anywhere in the sort), and the table
  /// shows what was found so far, then lays out. 2,000 steps scan the million rows.
  public func filterStep() {
    if scanned == 0 { found = RowSet() }
    let end = min(rows, scanned + 500)
    for row in stride(from: scanned, to: end, by: 5) { found.insert(row) }
    scanned = end == rows ? 0 : end
    table.filterRows(found)
    table.collectionView.layoutIfNeeded()
  }
  var scanned = 0
  var found = RowSet()

  /// Column 1 sorts by a scrambled number; column 2 by a scrambled name of 10,000 (two
  /// words, capitalised as names are, some with Latin-1 accents: "Émile Falcon 42").
  public func tableView(
    _ tableView: TableView, sortKeyForRow row: Int, column: Int
  )
    -> TableSortKey
  {
    column == 2
      ? .text(Self.names[(row &* 7_919) % Self.names.count])
      : .number(Double((row &* 7_919) % 1_000_003))
  }

  /// The names column 2 sorts by, made once.
  static let names: [String] = {
    let first = [
      "Amber", "brisk", "Cobalt", "dusky", "Émile", "Ångström", "frosty", "Zoë", "opal", "Pale",
    ]
    let second = [
      "Falcon", "meadow", "Harbour", "canyon", "Summit", "lagoon", "Orchard", "ÿacht", "Marble",
      "glacier",
    ]
    return (0..<10_000).map { "\(first[$0 % 10]) \(second[($0 / 10) % 10]) \($0 / 100)" }
  }()
}
