import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `picker` page: a colour-and-size chooser on ``FourWayPicker``. Eight colours across (red, orange,
/// yellow, green, cyan, blue, purple and a random one), six sizes down (400 × 500, 200 × 300,
/// 300 × 300, 400 × 300, 500 × 400, 300 × 200, scaled to the terminal: each size row has its
/// own item size). Arrows or drags move: a horizontal move changes the colour in every row at
/// once, a vertical one the size; each drag moves one axis. A click picks a swatch.
final class PickerPage: PanePage, FourWayPickerDelegate {
  let title = "Picker"

  private let picker: FourWayPicker<PickerSwatch>
  let pane: CollectionViewPane
  var frame = CellRect.zero
  private var events: [String] = []
  private var chosen: PickerSwatch? {
    didSet { marks.chosen = chosen.map { ($0.row, $0.column) } }
  }
  private let marks = PickerMarks()
  private var scale = (x: 0.05, y: 0.025)

  static let widths = [400, 200, 300, 400, 500, 300]
  static let heights = [500, 300, 300, 300, 400, 200]
  static let colors: [(String, String, Color)] = [
    ("red", "红", Color(hex: 0xFF3B30)), ("orange", "橙", Color(hex: 0xFF9500)),
    ("yellow", "黄", Color(hex: 0xFFCC00)), ("green", "绿", Color(hex: 0x34C759)),
    ("cyan", "青", Color(hex: 0x32D2F0)), ("blue", "蓝", Color(hex: 0x007AFF)),
    ("purple", "紫", Color(hex: 0xAF52DE)), ("random", "随机", Color(hex: 0x000000)),
  ]

  init(options: GalleryOptions) {
    var random: UInt64 = 0x0001_5EED
    let marks = self.marks
    let rows = (0..<Self.widths.count).map { row in
      Self.colors.map { name, local, color in
        var color = color
        if name == "random" {
          random = random &* 6364136223846793005 &+ 1442695040888963407
          color = Color(hex: UInt32(truncatingIfNeeded: random >> 40))
        }
        return PickerSwatch(
          colorName: name, localName: local, color: color, width: Self.widths[row],
          height: Self.heights[row], row: row,
          column: Self.colors.firstIndex { $0.0 == name } ?? 0, marks: marks)
      }
    }
    picker = FourWayPicker(
      rows: rows, cell: SwatchCell.self, itemSize: .fixed(Size(width: 20, height: 10)))
    picker.collectionView.diagnostics.handler = nil
    marks.isCentred = { [unowned picker] row, column in
      row == picker.currentRow && column == picker.column(forRow: row)
    }
    pane = CollectionViewPane(collectionView: picker.collectionView)
    pane.background = Theme.plain
    picker.delegate = self
  }

  func fourWayPicker(_ picker: FourWayPicker<PickerSwatch>, didScrollTo swatch: PickerSwatch) {
    log("didScroll \(swatch.localName) \(swatch.colorName) \(swatch.size)")
  }

  func fourWayPicker(_ picker: FourWayPicker<PickerSwatch>, didSelect swatch: PickerSwatch) {
    chosen = swatch
    log("didSelect \(swatch.localName) \(swatch.colorName) \(swatch.size)")
  }

  private func log(_ line: String) {
    events.insert(line, at: 0)
    if events.count > 3 { events.removeLast() }
  }

  /// Sizes in terminal cells: the tallest row takes about 60 % of the pane, and a cell is
  /// about twice as tall as it is wide.
  private func applyScale() {
    let height = max(1, pane.frame.height)
    let width = max(1, pane.frame.width)
    let sy = 0.6 * Double(height) / 500
    let sx = min(2 * sy, 0.8 * Double(width) / 500)
    guard sx != scale.x || sy != scale.y else { return }
    scale = (sx, sy)
    picker.itemSize = .perRow { row in
      Size(
        width: max(4, (Double(PickerPage.widths[row]) * sx).rounded()),
        height: max(3, (Double(PickerPage.heights[row]) * sy).rounded()))
    }
    picker.effectiveSlidingDistance = max(1, (30 * sx).rounded())
  }

  // MARK: Page

  func layout(in frame: CellRect) {
    place(in: frame, bottom: 1)
    applyScale()
  }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    let current =
      picker.currentModel.map { "\($0.localName) \($0.colorName) · \($0.size)" } ?? "nothing"
    context.text(
      " centred: \(current) · size \(picker.currentRow + 1) of \(PickerPage.widths.count), "
        + "colour \((picker.column(forRow: picker.currentRow) ?? 0) + 1) of 8",
      x: 0, y: 0, style: Theme.title)
    pane.draw(into: canvas)
    // The page's status line: the chosen model, then the latest callbacks.
    if frame.height > 2 {
      let chosen =
        chosen.map { "chosen: \($0.localName) \($0.colorName) \($0.size)" } ?? "chosen: none"
      let used = context.text(
        " \(chosen) ", x: 0, y: frame.height - 1, style: TextStyle(foreground: Theme.selection))
      context.text(
        "│ " + events.joined(separator: " · "), x: used, y: frame.height - 1, style: Theme.dim)
    }
  }

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    key.keyPress.map { picker.handle($0) } ?? false
  }

  /// The mouse, translated for the picker's own interpreter (it routes drags between its
  /// rows and its column, and tells taps from drags).
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    let frame = pane.frame
    let point = Point(
      x: Double(mouse.column - frame.x) + 0.5, y: Double(mouse.row - frame.y) + 0.5)
    switch mouse.kind {
    case .press:
      guard mouse.button == .left, pane.contains(column: mouse.column, row: mouse.row) else {
        return false
      }
      return picker.handle(PointerEvent(.began, at: point, time: time))
    case .drag:
      return picker.handle(PointerEvent(.moved, at: point, time: time))
    case .release:
      return picker.handle(PointerEvent(.ended, at: point, time: time))
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      guard pane.contains(column: mouse.column, row: mouse.row) else { return false }
      let delta: Point
      switch mouse.kind {
      case .scrollUp: delta = Point(x: 0, y: -1)
      case .scrollDown: delta = Point(x: 0, y: 1)
      case .scrollLeft: delta = Point(x: -1, y: 0)
      default: delta = Point(x: 1, y: 0)
      }
      return picker.handle(WheelEvent(delta: delta, time: time))
    case .move:
      return false
    }
  }

  func tick(now: Double) { picker.tick(now: now) }

  var isAnimating: Bool { picker.isAnimating }

  var poolSizes: [String: Int] {
    var sizes = picker.collectionView.poolSizes
    sizes[SwatchCell.reuseIdentifier] = picker.itemPool.count(
      forReuseIdentifier: SwatchCell.reuseIdentifier)
    return sizes
  }

  var status: String {
    let centred =
      picker.currentModel.map { "\($0.localName) \($0.colorName) \($0.size)" } ?? "empty"
    let chosen = chosen.map { "chosen \($0.localName) \($0.colorName) \($0.size)" } ?? "none chosen"
    return "centred \(centred) · \(chosen)"
  }

  var keyHelp: [(String, String)] {
    [
      ("← →", "the previous, next colour (every size row follows)"),
      ("↑ ↓", "the previous, next size"), ("Enter", "choose the centred swatch"),
      ("drag", "one axis per drag; past 30 points (scaled) it moves one step, or snaps back"),
      ("click, wheel", "choose a swatch (and centre it); step rows and colours"),
    ]
  }
}
