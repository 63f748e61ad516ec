import ReuseControls
import ReuseKit

/// A model of the picker page: a colour in a size, at a row and column of the picker.
public struct PickerSwatch: Sendable {
  public var colorName: String, localName: String
  /// The colour as 0xRRGGBB.
  public var rgb: UInt32
  public var width: Int, height: Int
  /// Where it is in the picker.
  public var row = 0, column = 0
  /// Which swatches are centred and chosen now (shared by every swatch of the page).
  public nonisolated(unsafe) var marks: PickerMarks?
  /// "400×500".
  public var size: String { "\(width)×\(height)" }
  /// Whether it is the centred swatch now.
  public var isCentred: Bool { marks?.isCentred(row, column) ?? false }
  /// Whether it is the chosen one.
  public var isChosen: Bool { marks?.chosen.map { $0 == (row, column) } ?? false }
  /// What assistive technology reads after its name: its size, and "chosen" when it is (drawn
  /// "✓ chosen", and told to no one: a new user's finding).
  public var accessibilityValue: String { isChosen ? "\(size), chosen" : size }
}

/// What the picker page marks on its swatches: the centred one and the chosen one.
public final class PickerMarks {
  var isCentred: (_ row: Int, _ column: Int) -> Bool = { _, _ in false }
  var chosen: (row: Int, column: Int)?
}

/// The `picker` page: a colour-and-size chooser on `FourWayPicker`. Eight colours across
/// (red, orange, yellow, green, cyan, blue, purple and a random one), six sizes down
/// (400 × 500, 200 × 300, 300 × 300, 400 × 300, 500 × 400, 300 × 200, scaled to the host: each
/// size row has its own item size). Arrows or drags move: a horizontal move changes the
/// colour in every row at once, a vertical one the size; each drag moves one axis. A click
/// picks a swatch.
///
/// The cell type (any cell configurable with a ``PickerSwatch``) is the host's.
public final class SwatchModel<Cell: ConfigurableCell>: PageModel, FourWayPickerDelegate
where Cell.Item == PickerSwatch {
  /// `--demo picker`.
  public static var name: String { "picker" }
  /// The tab's title.
  public let title = "Picker"
  /// The picker.
  public let picker: FourWayPicker<PickerSwatch>
  /// The latest delegate calls, newest first.
  public private(set) var events: [String] = []
  /// The swatch chosen last (Enter or a click).
  public private(set) var chosen: PickerSwatch? {
    didSet {
      marks.chosen = chosen.map { ($0.row, $0.column) }
      // The swatches on screen draw the mark again: a host that draws a cell only when told
      // (GTK) left "✓ chosen" on the swatch chosen before (a new user's finding).
      redrawSwatches()
    }
  }
  private let marks = PickerMarks()
  private var scale = (x: 0.0, y: 0.0)

  /// The swatches' widths, one a size row, before they are scaled to the host.
  public static var widths: [Int] { [400, 200, 300, 400, 500, 300] }
  /// The swatches' heights, one a size row, before they are scaled to the host.
  public static var heights: [Int] { [500, 300, 300, 300, 400, 200] }
  /// The colours across: a name, a Chinese name and 0xRRGGBB (drawn per row for `random`).
  public static var colors: [(name: String, local: String, rgb: UInt32)] {
    [
      ("red", "红", 0xFF3B30), ("orange", "橙", 0xFF9500), ("yellow", "黄", 0xFFCC00),
      ("green", "绿", 0x34C759), ("cyan", "青", 0x32D2F0), ("blue", "蓝", 0x007AFF),
      ("purple", "紫", 0xAF52DE), ("random", "随机", 0x000000),
    ]
  }

  /// The swatches, in a picker with `cell`s.
  public init(cell: Cell.Type) {
    var random: UInt64 = 0x0001_5EED
    let marks = self.marks
    let colors = Self.colors
    let rows = (0..<Self.widths.count).map { row in
      colors.enumerated().map { column, color in
        var rgb = color.rgb
        if color.name == "random" {
          random = random &* 6364136223846793005 &+ 1442695040888963407
          rgb = UInt32(truncatingIfNeeded: random >> 40) & 0xFF_FFFF
        }
        return PickerSwatch(
          colorName: color.name, localName: color.local, rgb: rgb, width: Self.widths[row],
          height: Self.heights[row], row: row, column: column, marks: marks)
      }
    }
    picker = FourWayPicker(rows: rows, cell: cell, itemSize: .fixed(Size(width: 20, height: 10)))
    picker.collectionView.accessibilityLabel = "Swatches"
    marks.isCentred = { [unowned picker] row, column in
      row == picker.currentRow && column == picker.column(forRow: row)
    }
    picker.delegate = self
  }

  /// Has every swatch on screen drawn again (their marks are read as they draw).
  private func redrawSwatches() {
    for row in 0..<Self.widths.count {
      picker.rowCell(row)?.rowView.forEachDisplayedView { view, _ in view.setNeedsDisplay() }
    }
  }

  /// Logs the newly centred swatch, and has every swatch on screen drawn again: the outline
  /// moves to the new centre (a host that draws only what changed, GTK's, kept it on the
  /// swatch it left, whose attributes did not change when the step settled).
  public func fourWayPicker(
    _ picker: FourWayPicker<PickerSwatch>, didScrollTo swatch: PickerSwatch
  ) {
    log("didScroll \(swatch.localName) \(swatch.colorName) \(swatch.size)")
    redrawSwatches()
    // Said where it lands, as a picker's wheel says its new value, where the host's focus
    // stays on the picker (GTK's: the arrows were silent, a new user's finding).
    guard announcesMoves else { return }
    picker.collectionView.announce(spoken(swatch))
  }

  /// Whether the swatch a move lands on is announced: for a host whose keyboard focus stays
  /// on the picker (GTK's); one that reads the centred swatch as the focus (the terminal's)
  /// says it already.
  public var announcesMoves = false

  /// Chooses the swatch and logs it.
  public func fourWayPicker(_ picker: FourWayPicker<PickerSwatch>, didSelect swatch: PickerSwatch) {
    chosen = swatch
    log("didSelect \(swatch.localName) \(swatch.colorName) \(swatch.size)")
    // A screen reader hears the choice: the focus stays on the swatch, so nothing else is said
    // (a new user's finding: Enter was silent).
    picker.collectionView.announce("chosen \(swatch.localName) \(swatch.colorName) \(swatch.size)")
  }

  private func log(_ line: String) {
    events.insert(line, at: 0)
    if events.count > 3 { events.removeLast() }
  }

  /// Sizes the swatches for a viewport of `size`: the tallest row takes about 60 % of it, and
  /// a point is `aspect` times as tall as it is wide (a terminal's cells: 2); no swatch gets
  /// smaller than `minimum`. The snapping sensitivity scales with them.
  public func fit(to size: Size, aspect: Double, minimum: Size) {
    let height = max(1, size.height)
    let width = max(1, size.width)
    let sy = 0.6 * height / 500
    let sx = min(aspect * sy, 0.8 * width / 500)
    guard sx != scale.x || sy != scale.y else { return }
    scale = (sx, sy)
    let widths = Self.widths
    let heights = Self.heights
    picker.itemSize = .perRow { row in
      Size(
        width: max(minimum.width, (Double(widths[row]) * sx).rounded()),
        height: max(minimum.height, (Double(heights[row]) * sy).rounded()))
    }
    picker.effectiveSlidingDistance = max(1, (30 * sx).rounded())
  }

  // MARK: Page

  /// The heading: the centred swatch and where it is.
  public var headline: String {
    let current =
      picker.currentModel.map { "\($0.localName) \($0.colorName) · \($0.size)" } ?? "nothing"
    return "centred: \(current) · size \(picker.currentRow + 1) of \(Self.widths.count), "
      + "colour \((picker.column(forRow: picker.currentRow) ?? 0) + 1) of \(Self.colors.count)"
  }

  /// The chosen swatch, for the page's last line.
  public var chosenLine: String {
    chosen.map { "chosen: \($0.localName) \($0.colorName) \($0.size)" } ?? "chosen: none"
  }

  /// The picker's own keys: arrows step, Enter and Space choose the centred swatch.
  public func handle(_ key: KeyPress) -> Bool { picker.handle(key) }

  /// The centred swatch, as a step says it, and whether it is the chosen one: the page showed
  /// as the picker's name alone, and which swatch was centred was heard only after an arrow
  /// (a new user's finding, in GTK). Only where the host's focus stays on the picker.
  public var spokenOnShow: String? {
    guard announcesMoves, let swatch = picker.currentModel else { return nil }
    return spoken(swatch)
  }

  /// A swatch as a step says it: "红 red 400×500, chosen, row 1 of 6, column 1 of 8".
  private func spoken(_ swatch: PickerSwatch) -> String {
    "\(swatch.localName) \(swatch.colorName) \(swatch.accessibilityValue), row \(swatch.row + 1) of "
      + "\(Self.widths.count), column \(swatch.column + 1) of \(Self.colors.count)"
  }

  /// The centred swatch and the chosen one.
  public var status: String {
    let centred =
      picker.currentModel.map { "\($0.localName) \($0.colorName) \($0.size)" } ?? "empty"
    let chosen = chosen.map { "chosen \($0.localName) \($0.colorName) \($0.size)" } ?? "none chosen"
    return "centred \(centred) · \(chosen)"
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("← →", "the previous, next colour (every size row follows)"),
      ("↑ ↓", "the previous, next size"),
      ("Home End", "the first, last colour"),
      ("Ctrl-Home Ctrl-End, PgUp PgDn", "the first, last size"),
      ("Enter", "choose the centred swatch"),
      ("drag", "one axis per drag; past 30 points (scaled) it moves one step, or snaps back"),
      ("click, wheel", "choose a swatch (and centre it); step rows and colours"),
    ]
  }
}
