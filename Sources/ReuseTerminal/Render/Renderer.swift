/// Writes frames to a terminal, sending only what changed since the last frame.
///
/// First it looks for a band of rows that moved up or down together (a scrolled list): it
/// fingerprints every row, finds the shift and band that reuse the most changed rows, and asks
/// the terminal to scroll that band (a scroll region and SU/SD), so the rows that moved cost a
/// few bytes instead of being rewritten. Then, for each row, it finds the runs of cells that
/// still differ, moves the cursor to each run (unless it is already there), switches style only
/// when the style changes, and writes the run. Runs separated by a short gap of unchanged
/// cells are joined, when rewriting the gap is cheaper than another cursor move. A frame is one
/// `write`.
public final class Renderer {
  /// Where frames go.
  public let output: any TerminalOutput
  /// Bytes written by the last ``render(_:)``.
  public private(set) var lastFrameByteCount = 0
  /// Cells rewritten by the last ``render(_:)``.
  public private(set) var lastFrameCellCount = 0

  // Touched once per cell: no runtime exclusivity tracking (a renderer is used from one
  // thread).
  @exclusivity(unchecked) private var previous: [Canvas.Cell] = []
  @exclusivity(unchecked) private var previousColumns = -1
  @exclusivity(unchecked) private var previousRows = -1
  @exclusivity(unchecked) private var buffer: [UInt8] = []
  @exclusivity(unchecked) private var previousFingerprints: [UInt64] = []
  @exclusivity(unchecked) private var fingerprints: [UInt64] = []
  /// Whether to scroll bands with the terminal's scroll regions (on by default).
  public var usesScrollRegions = true
  /// How styles are written: 24-bit, a palette, monochrome or plain. Changing it redraws
  /// everything on the next render.
  public var colorMode = ColorMode.trueColor {
    didSet { if colorMode != oldValue { invalidate() } }
  }
  /// Rows scrolled by the terminal in the last frame (positive: content moved up).
  public private(set) var lastFrameScroll = 0
  /// Where the last frame left the cursor on purpose (``Canvas/cursor``).
  private var lastCursor: (column: Int, row: Int)?

  /// Creates a renderer for `output`. The first frame is drawn whole.
  public init(output: any TerminalOutput) {
    self.output = output
  }

  /// Forgets the last frame: the next one is drawn whole (after a resize, a resume, or
  /// anything else that disturbed the screen).
  public func invalidate() {
    previousColumns = -1
    lastCursor = nil
  }

  /// Draws `canvas`: all of it the first time or after ``invalidate()``, else only the
  /// changes. Returns the number of bytes written.
  ///
  /// - Complexity: O(columns × rows) comparisons; writes proportional to the change.
  @discardableResult
  public func render(_ canvas: Canvas) -> Int {
    let columns = canvas.columns
    let rows = canvas.rows
    var frame = beginFrame(columns: columns, rows: rows)
    let cells = canvas.cells
    scrollMovedBand(cells, columns: columns, rows: rows, frame: &frame)
    cells.withUnsafeBufferPointer { current in
      previous.withUnsafeBufferPointer { old in
        let screen = Screen(current: current, old: old, columns: columns, full: frame.full)
        for row in 0..<rows { writeChanges(inRow: row, of: screen, frame: &frame) }
      }
    }
    finishFrame(cells, columns: columns, rows: rows, frame: frame, cursor: canvas.cursor)
    return buffer.count
  }

  // MARK: A frame, step by step

  /// What a frame tracks while it is written: whether it is drawn whole, the style the
  /// terminal's pen has, where its cursor is (if known) and how many cells were written.
  private struct FrameState {
    let full: Bool
    var pen: TextStyle?
    var cursor: (column: Int, row: Int)?
    var written = 0
  }

  /// The cells of this frame and the last, for one frame's comparisons.
  private struct Screen {
    let current: UnsafeBufferPointer<Canvas.Cell>
    let old: UnsafeBufferPointer<Canvas.Cell>
    let columns: Int
    let full: Bool

    /// Whether the cell at `index` must be written.
    @inline(__always)
    func changed(_ index: Int) -> Bool {
      full || index >= old.count || current[index] != old[index]
    }
  }

  /// Starts a frame: a size change clears the screen and draws everything.
  private func beginFrame(columns: Int, rows: Int) -> FrameState {
    buffer.removeAll(keepingCapacity: true)
    let full = columns != previousColumns || rows != previousRows
    if full { buffer.append(contentsOf: ANSI.clearScreen.utf8) }
    return FrameState(full: full, pen: nil, cursor: full ? (0, 0) : nil)
  }

  /// Scrolls the band of rows that moved together, when there is one (the cursor's place is
  /// unknown afterwards).
  private func scrollMovedBand(
    _ cells: [Canvas.Cell], columns: Int, rows: Int, frame: inout FrameState
  ) {
    computeFingerprints(cells, columns: columns, rows: rows)
    lastFrameScroll = 0
    guard !frame.full && usesScrollRegions, let band = scrolledBand(columns: columns, rows: rows)
    else { return }
    applyScroll(band, columns: columns)
    lastFrameScroll = band.shift
    frame.cursor = nil
  }

  /// Writes every run of changed cells in `row`.
  private func writeChanges(inRow row: Int, of screen: Screen, frame: inout FrameState) {
    var column = 0
    while let run = changedRun(inRow: row, from: column, of: screen) {
      column = write(run, inRow: row, of: screen, frame: &frame)
    }
  }

  /// The next run of cells to write in `row` at or after `column`, or `nil`: it starts at the
  /// next changed cell (at its left half when only a wide character's right half changed) and
  /// goes on while cells change, joining gaps of up to four unchanged cells (cheaper to rewrite
  /// than another cursor move).
  @inline(__always)
  private func changedRun(
    inRow row: Int, from column: Int, of screen: Screen
  )
    -> (start: Int, end: Int)?
  {
    let start = row * screen.columns
    var first = column
    while first < screen.columns && !screen.changed(start + first) { first += 1 }
    guard first < screen.columns else { return nil }
    if screen.current[start + first].width == 0 && first > 0 { first -= 1 }
    var end = first
    var gap = 0
    var probe = first
    while probe < screen.columns {
      if screen.changed(start + probe) {
        end = probe
        gap = 0
      } else {
        gap += 1
        if gap > 4 { break }
      }
      probe += 1
    }
    return (first, end)
  }

  /// Writes a run: the cursor moved there unless it is already there, the style switched only
  /// when it changes. Returns the column after the run.
  private func write(
    _ run: (start: Int, end: Int), inRow row: Int, of screen: Screen, frame: inout FrameState
  ) -> Int {
    let start = row * screen.columns
    if frame.cursor == nil || frame.cursor! != (run.start, row) {
      ANSI.appendCursorMove(column: run.start, row: row, to: &buffer)
    }
    var x = run.start
    while x <= run.end {
      let cell = screen.current[start + x]
      if cell.width == 0 {  // an orphan right half (the left was already written)
        x += 1
        continue
      }
      if frame.pen != cell.style {
        ANSI.appendStyle(cell.style, mode: colorMode, to: &buffer)
        frame.pen = cell.style
      }
      frame.written += 1
      guard cell.width == 2 else {
        cell.glyph.appendUTF8(to: &buffer)
        x += 1
        continue
      }
      // Terminals disagree about some wide characters' widths. One they may draw one column
      // wide (tmux, an emoji with a presentation selector) has its cells blanked first: the
      // old right half stayed showing ("🏙️aCity" after a sort: a new user's finding). After
      // any, the cursor is placed explicitly rather than trusted.
      if cell.glyph.widthMayBeDisputed {
        buffer.append(0x20)
        buffer.append(0x20)
        ANSI.appendCursorMove(column: x, row: row, to: &buffer)
      }
      cell.glyph.appendUTF8(to: &buffer)
      x += 2
      if x <= run.end { ANSI.appendCursorMove(column: x, row: row, to: &buffer) }
    }
    frame.cursor = Renderer.lastWasWide(screen.current, start, x) ? nil : (x, row)
    return x
  }

  /// Ends a frame: the pen reset, the frame kept for the next comparison, one `write`.
  private func finishFrame(
    _ cells: [Canvas.Cell], columns: Int, rows: Int, frame: FrameState,
    cursor: (column: Int, row: Int)?
  ) {
    if frame.pen != nil { ANSI.appendReset(to: &buffer) }
    // The cursor on what has the focus: where screen readers that follow it read. Moved only
    // when it is somewhere else or the frame wrote anything (writing moves it).
    if let cursor, cursor.column >= 0, cursor.row >= 0, cursor.column < columns, cursor.row < rows,
      !buffer.isEmpty || lastCursor == nil || lastCursor! != cursor
    {
      ANSI.appendCursorMove(column: cursor.column, row: cursor.row, to: &buffer)
    }
    lastCursor = cursor
    if previous.count == cells.count {
      // Copy into the kept buffer: no allocation, and the canvas stays uniquely referenced
      // (sharing its array would make its next draw copy the whole frame).
      previous.withUnsafeMutableBufferPointer { old in
        cells.withUnsafeBufferPointer { new in
          _ = old.update(fromContentsOf: new)
        }
      }
    } else {
      previous = cells.withUnsafeBufferPointer { Array($0) }
    }
    previousColumns = columns
    previousRows = rows
    swap(&previousFingerprints, &fingerprints)
    lastFrameByteCount = buffer.count
    lastFrameCellCount = frame.written
    if !buffer.isEmpty { output.write(buffer) }
  }

  // MARK: Scrolling

  /// A cheap fingerprint of every row, to find rows that moved.
  private func computeFingerprints(_ cells: [Canvas.Cell], columns: Int, rows: Int) {
    fingerprints.removeAll(keepingCapacity: true)
    cells.withUnsafeBufferPointer { cells in
      for row in 0..<rows {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for column in 0..<columns {
          hash = (hash ^ Renderer.fingerprint(cells[row * columns + column])) &* 0x100_0000_01B3
        }
        fingerprints.append(hash)
      }
    }
  }

  private static func fingerprint(_ cell: Canvas.Cell) -> UInt64 {
    var value = cell.glyph.raw &* 31 &+ UInt64(cell.width)
    let style = cell.style
    if let color = style.foreground {
      value =
        value &* 1_099_511
        &+ (UInt64(color.red) << 16 | UInt64(color.green) << 8 | UInt64(color.blue)) &+ 1
    }
    if let color = style.background {
      value =
        value &* 16_777_619
        &+ (UInt64(color.red) << 16 | UInt64(color.green) << 8 | UInt64(color.blue)) &+ 3
    }
    return value &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(style.attributes.rawValue)
  }

  /// The band of rows `top...bottom` whose content moved by `shift` rows (positive: up), when
  /// scrolling it saves at least two row rewrites.
  private func scrolledBand(columns: Int, rows: Int) -> (top: Int, bottom: Int, shift: Int)? {
    guard rows >= 4, previousFingerprints.count == rows else { return nil }
    var best: (top: Int, bottom: Int, shift: Int, saved: Int)?
    let maximumShift = rows / 2
    for magnitude in 1...maximumShift {
      for shift in [magnitude, -magnitude] {
        // Runs of rows r where the new row r equals the old row r + shift.
        var row = max(0, -shift)
        let last = min(rows, rows - shift)
        while row < last {
          guard fingerprints[row] == previousFingerprints[row + shift] else {
            row += 1
            continue
          }
          let start = row
          var saved = 0
          while row < last && fingerprints[row] == previousFingerprints[row + shift] {
            if fingerprints[row] != previousFingerprints[row] { saved += 1 }
            row += 1
          }
          if saved >= 2 && saved > (best?.saved ?? 0) {
            // The band spans the reused rows and the rows their move vacates.
            let top = shift > 0 ? start : start + shift
            let bottom = shift > 0 ? row - 1 + shift : row - 1
            best = (top, bottom, shift, saved)
          }
        }
      }
    }
    // Fingerprints can collide; that only costs bytes, never correctness: the diff that
    // follows compares real cells against the scrolled copy of the previous frame.
    guard let best else { return nil }
    return (best.top, best.bottom, best.shift)
  }

  /// Scrolls the band on the terminal and in the copy of the previous frame.
  private func applyScroll(_ band: (top: Int, bottom: Int, shift: Int), columns: Int) {
    ANSI.appendReset(to: &buffer)
    // DECSTBM (1-based, inclusive), then SU (content up) or SD (content down), then reset.
    buffer.append(contentsOf: [0x1B, 0x5B])
    ANSI.appendDecimal(band.top + 1, to: &buffer)
    buffer.append(0x3B)
    ANSI.appendDecimal(band.bottom + 1, to: &buffer)
    buffer.append(contentsOf: [0x72, 0x1B, 0x5B])  // r ESC [
    ANSI.appendDecimal(abs(band.shift), to: &buffer)
    buffer.append(band.shift > 0 ? 0x53 : 0x54)  // S or T
    buffer.append(contentsOf: [0x1B, 0x5B, 0x72])  // ESC [ r
    let blank = Canvas.Cell.blank(.plain)
    let blankFingerprint: UInt64 = {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for _ in 0..<columns { hash = (hash ^ Renderer.fingerprint(blank)) &* 0x100_0000_01B3 }
      return hash
    }()
    let rows = stride(
      from: band.shift > 0 ? band.top : band.bottom,
      through: band.shift > 0 ? band.bottom : band.top, by: band.shift > 0 ? 1 : -1)
    previous.withUnsafeMutableBufferPointer { previous in
      guard let base = previous.baseAddress else { return }
      for row in rows {
        let source = row + band.shift
        if source >= band.top && source <= band.bottom {
          (base + row * columns).update(from: base + source * columns, count: columns)
          previousFingerprints[row] = previousFingerprints[source]
        } else {
          (base + row * columns).update(repeating: blank, count: columns)
          previousFingerprints[row] = blankFingerprint
        }
      }
    }
  }

  /// Whether the cell just before `column` is the left half of a wide character.
  private static func lastWasWide(
    _ cells: UnsafeBufferPointer<Canvas.Cell>, _ start: Int, _ column: Int
  ) -> Bool {
    column >= 2 && cells[start + column - 2].width == 2
  }
}
