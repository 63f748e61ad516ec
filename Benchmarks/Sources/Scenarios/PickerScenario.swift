import ReuseControls
import ReuseKit

/// The picker's geometry: 375 × 667, items of 200 × 300, 1,000 rows of 1,000 columns; flings
/// at 120 Hz, alternating horizontal and vertical, with multi-step flings allowed so that one
/// fling crosses many items and rows.
public enum PickerGeometry {
  public static let viewport = Size(width: 375, height: 667)
  public static let item = Size(width: 200, height: 300)
  public static let rows = 1_000
  public static let columns = 1_000
  public static let tick = 1.0 / 120
}

/// A trivial picker cell.
public final class PickerBenchCell: CollectionViewCell, ConfigurableCell {
  var model = 0
  public func configure(with item: Int, at indexPath: ItemPath) { model = item }
}

/// A picker being flung: each frame ticks the clock; when the picker rests, the next fling
/// starts (a quick drag and a release), alternating axes and reversing at the ends.
public final class PickerFixture {
  public let picker: FourWayPicker<Int>
  var time = 1.0
  public private(set) var flings = 0
  public private(set) var peakVisibleItems = 0
  public private(set) var peakVisibleRows = 0
  private var horizontalSign = -1.0
  private var verticalSign = -1.0

  public init() {
    let rows = (0..<PickerGeometry.rows).map { row in
      (0..<PickerGeometry.columns).map { row * PickerGeometry.columns + $0 }
    }
    picker = FourWayPicker(
      rows: rows, cell: PickerBenchCell.self, itemSize: .fixed(PickerGeometry.item),
      initialRow: PickerGeometry.rows / 2, initialColumn: PickerGeometry.columns / 2,
      viewportSize: PickerGeometry.viewport)
    picker.collectionView.diagnostics.handler = nil
    picker.allowsMultiStepFlings = true
    picker.collectionView.layoutIfNeeded()
  }

  /// One frame: a fling starts when the last one ended, then the clock ticks.
  @inline(__always)
  public func frame() {
    if !picker.isAnimating { startFling() }
    time += PickerGeometry.tick
    picker.tick(now: time)
  }

  private func startFling() {
    let horizontal = flings % 2 == 0
    flings += 1
    if horizontal {
      if picker.currentColumn < 50 { horizontalSign = -1 }
      if picker.currentColumn > PickerGeometry.columns - 50 { horizontalSign = 1 }
    } else {
      if picker.currentRow < 50 { verticalSign = -1 }
      if picker.currentRow > PickerGeometry.rows - 50 { verticalSign = 1 }
    }
    let start = Point(x: 187, y: 333)
    let step = horizontal ? Point(x: 40 * horizontalSign, y: 0) : Point(x: 0, y: 40 * verticalSign)
    picker.beginDrag(at: start, time: time)
    var point = start
    for _ in 0..<4 {
      time += PickerGeometry.tick
      point = Point(x: point.x + step.x, y: point.y + step.y)
      picker.moveDrag(to: point, time: time)
    }
    picker.endDrag(at: point, time: time)
  }

  /// The item cells and rows on screen now, for the peak counts.
  public func notePeaks() {
    let displayed = picker.displayedCellCounts
    peakVisibleItems = max(peakVisibleItems, displayed.items)
    peakVisibleRows = max(peakVisibleRows, displayed.rows)
  }
}
