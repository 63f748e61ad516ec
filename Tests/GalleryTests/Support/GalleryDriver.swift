import Foundation
import GalleryKit
import ReuseTerminal
import TerminalGallery

/// A gallery on `page` at `size`, without frame times (so frames compare), drawn once into
/// the returned canvas.
func makeTestGallery(
  _ page: String, _ size: TerminalSize, items: Int = 1_000, data: GalleryData? = nil,
  tableRows: Int = 1_000_000, csv: CSVFile? = nil
) -> (Gallery, Canvas) {
  let gallery = Gallery(
    options: GalleryOptions(itemCount: items, data: data, csv: csv, tableRows: tableRows),
    initialPage: page)
  gallery.showsTiming = false
  gallery.resize(to: size)
  let canvas = Canvas(columns: size.columns, rows: size.rows)
  gallery.draw(into: canvas)
  return (gallery, canvas)
}

/// Ticks `gallery` at 60 Hz from `time` until nothing animates (at most `limit` frames).
func settleTestGallery(_ gallery: Gallery, time: inout Double, limit: Int = 1_000) {
  var frames = 0
  while gallery.isAnimating && frames < limit {
    time += 1.0 / 60
    gallery.tick(now: time)
    frames += 1
  }
}

/// Types a prompt's key (`|`, `&`, `/`), `text` and Enter, a hundredth of a second apart and
/// with no frame between: a job it starts is under way when this returns.
func typeTestPrompt(_ key: Character, _ text: String, _ gallery: Gallery, time: inout Double) {
  for event in [KeyEvent(.character(key))] + text.map({ KeyEvent(.character($0)) })
    + [KeyEvent(.enter)]
  {
    time += 0.01
    gallery.handle(.key(event), at: time)
  }
}

/// Ticks `gallery` at 60 Hz until `condition` holds (at most `limit` frames). With
/// `waitingForJobs`, each frame also waits 2 ms of real time: a job on a thread of its own (a
/// sort of a million rows) takes real time, many times more under AddressSanitizer.
func tickTestGallery(
  _ gallery: Gallery, time: inout Double, limit: Int = 100_000, waitingForJobs: Bool = false,
  until condition: () -> Bool
) {
  var frames = 0
  while !condition() && frames < limit {
    time += 1.0 / 60
    gallery.tick(now: time)
    frames += 1
    if waitingForJobs { Thread.sleep(forTimeInterval: 0.002) }
  }
}

/// Presses `keys` one by one, `interval` seconds apart, letting every animation settle after
/// each.
func pressTestGallery(
  _ keys: [KeyEvent], _ gallery: Gallery, time: inout Double, interval: Double = 0.1
) {
  for key in keys {
    time += interval
    gallery.handle(.key(key), at: time)
    settleTestGallery(gallery, time: &time)
  }
}

/// Presses `keys` one by one, a tenth of a second apart, letting every animation settle
/// after each, then draws into `canvas`.
func pressTestGallery(_ keys: [Key], _ gallery: Gallery, _ canvas: Canvas, time: inout Double) {
  pressTestGallery(keys.map { KeyEvent($0) }, gallery, time: &time)
  gallery.draw(into: canvas)
}

/// The gallery drawn into `canvas`, as plain text lines.
func drawnTestGallery(_ gallery: Gallery, _ canvas: Canvas) -> [String] {
  gallery.draw(into: canvas)
  return canvas.plainTextLines()
}

/// A mouse drag on `gallery`: a press at `from` (a 0-based column and row), `steps` moves of
/// `step` cells each, `interval` seconds apart, and a release where the last move ended
/// unless `releases` is false. Advances `time` by the moves.
func dragTestGallery(
  _ gallery: Gallery, from: (column: Int, row: Int), step: (columns: Int, rows: Int),
  steps: Int, interval: Double = 1.0 / 60, releases: Bool = true, time: inout Double
) {
  gallery.handle(.mouse(MouseEvent(kind: .press, column: from.column, row: from.row)), at: time)
  var column = from.column
  var row = from.row
  for _ in 0..<steps {
    time += interval
    column += step.columns
    row += step.rows
    gallery.handle(.mouse(MouseEvent(kind: .drag, column: column, row: row)), at: time)
  }
  if releases {
    gallery.handle(.mouse(MouseEvent(kind: .release, column: column, row: row)), at: time)
  }
}

/// Metrics where a cell is a point and text is as wide as its characters, on a clock that
/// stands still: for page models driven without a host.
let plainTestMetrics = GalleryMetrics(
  rowLength: 1, headerLength: 1, overscan: 0, chipPadding: 2, chipHeaderPadding: 2,
  categoryPadding: 2, swipeActionPadding: 2, waterfallColumnWidths: [10],
  waterfallUnit: 1, waterfallSpacing: (0, 0), carouselInsets: (0, 0, 0),
  textWidth: { Double($0.count) }, clock: { 0 })
