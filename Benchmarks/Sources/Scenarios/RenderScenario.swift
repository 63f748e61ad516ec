import ReuseKit
import ReuseTerminal

/// A terminal output that only counts.
public final class CountingOutput: TerminalOutput {
  public var total = 0
  public func write(_ bytes: [UInt8]) { total += bytes.count }
}

final class RowCell: TerminalCell, ItemCell {
  var item = 0
  override func draw(in context: DrawContext) {
    let hue = UInt8(item * 37 % 200 + 40)
    context.fill(TextStyle(background: Color(red: 30, green: 32, blue: item % 2 == 0 ? 48 : 58)))
    context.text(
      "▌", x: 0, y: 0, style: TextStyle(foreground: Color(red: hue, green: 120, blue: 200)))
    context.text(
      "Row \(item) · a list item with a title", x: 3, y: 0,
      style: TextStyle(foreground: Color(hex: 0xC0CAF5)))
    context.text(
      "#\(item + 1)", x: context.width - 10, y: 0,
      style: TextStyle(foreground: Color(hex: 0x7C83A8)))
  }
}

/// A 200×60 terminal frame of a list (a header row, a status row and a styled, 24-bit-colour
/// list between), drawn into a canvas and rendered to an in-memory terminal.
public final class RenderScenario {
  let canvas = Canvas(columns: 200, rows: 60)
  public let output = CountingOutput()
  public let renderer: Renderer
  let source = BenchDataSource<RowCell>(count: 1_000_000, identifier: "row")
  let pane: CollectionViewPane

  public init() {
    renderer = Renderer(output: output)
    let collectionView = CollectionView(layout: ListLayout(itemSizing: .uniform(1)))
    collectionView.register(RowCell.self, forCellWithReuseIdentifier: "row")
    collectionView.dataSource = source
    pane = CollectionViewPane(collectionView: collectionView)
    pane.frame = CellRect(x: 0, y: 1, width: 200, height: 58)
    pane.background = TextStyle(background: Color(hex: 0x1B1D2A))
  }

  /// Scrolls, draws the frame and renders it; returns the bytes written.
  public func frame(scrollBy rows: Double) -> Int {
    let collectionView = pane.collectionView
    if rows != 0 {
      var offset = collectionView.contentOffset
      offset.y = offset.y + rows > 900_000 ? 0 : offset.y + rows
      collectionView.contentOffset = offset
    }
    canvas.fill(
      CellRect(x: 0, y: 0, width: 200, height: 1),
      style: TextStyle(foreground: Color(hex: 0x1B1D2A), background: Color(hex: 0x7AA2F7)))
    canvas.draw(
      " ReuseKit · render benchmark", column: 0, row: 0, style: TextStyle(attributes: .bold))
    pane.draw(into: canvas)
    canvas.fill(
      CellRect(x: 0, y: 59, width: 200, height: 1),
      style: TextStyle(foreground: Color(hex: 0xC0CAF5), background: Color(hex: 0x33384F)))
    canvas.draw(
      " visible \(collectionView.reuseCounters.visible) · created \(collectionView.reuseCounters.created)",
      column: 0, row: 59, style: .plain)
    return renderer.render(canvas)
  }
}
