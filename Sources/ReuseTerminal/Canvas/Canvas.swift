/// A grid of terminal cells: what one frame shows.
///
/// Each cell holds a grapheme cluster, its width and a style. A wide character (width 2)
/// occupies its cell and a continuation cell to its right (an empty grapheme of width 0);
/// drawing over either half of it clears the other half, so the grid is always consistent.
/// Combining marks stay with their base character (they are part of its `Character`).
/// Every drawing call clips, to the canvas and to an optional rectangle.
public final class Canvas {
  /// One cell: plain data (24 bytes), so frames copy and compare at memory speed.
  public struct Cell: Hashable, Sendable {
    /// The grapheme shown: a space when blank, ``Glyph/none`` in the right half of a wide
    /// character.
    public var glyph: Glyph
    /// 1, 2 for the left half of a wide character, 0 for its right half.
    public var width: UInt8
    /// Colours and attributes.
    public var style: TextStyle

    /// Creates a cell.
    @inlinable
    public init(glyph: Glyph, width: UInt8, style: TextStyle) {
      self.glyph = glyph
      self.width = width
      self.style = style
    }

    /// Creates a cell from a grapheme given as a string.
    public init(grapheme: String, width: UInt8, style: TextStyle) {
      self.init(glyph: grapheme.isEmpty ? .none : Glyph(grapheme), width: width, style: style)
    }

    /// The grapheme shown, `" "` when blank, `""` in the right half of a wide character.
    public var grapheme: String { glyph.string }

    /// A blank cell.
    @inlinable
    public static func blank(_ style: TextStyle) -> Cell {
      Cell(glyph: .space, width: 1, style: style)
    }
  }

  // Drawing touches these once per cell: `@exclusivity(unchecked)` drops the runtime
  // access tracking, a third of a frame's time otherwise. A canvas is drawn from one thread.

  /// The number of columns.
  @exclusivity(unchecked) public private(set) var columns: Int
  /// The number of rows.
  @exclusivity(unchecked) public private(set) var rows: Int
  /// The cells, row by row.
  @exclusivity(unchecked) public private(set) var cells: [Cell]
  /// Whether this canvas is written as plain text, without colours or attributes (a
  /// `TERM=dumb` terminal, ``ColorMode/plain``): views then mark what colour would show (the
  /// focused row, the current tab) with characters. ``TerminalApp`` sets it from its mode.
  public var marksWithText = false
  /// Whether colours show (not ``ColorMode/monochrome`` or ``ColorMode/plain``): without them
  /// a background tint (a selection, a mark) shows nothing, so views use attributes instead
  /// (underline, bold). ``TerminalApp`` sets it from its mode.
  public var showsColor = true
  /// Where the terminal's cursor goes after the frame (the focused item's first cell, so that
  /// a screen reader that follows the cursor reads the focused line), or `nil` to leave it.
  /// ``clear(_:)`` resets it; the scene sets it while it draws.
  public var cursor: (column: Int, row: Int)?

  /// Creates a blank canvas; negative sizes become 0.
  public init(columns: Int, rows: Int, style: TextStyle = .plain) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    self.cells = Array(repeating: .blank(style), count: self.columns * self.rows)
  }

  /// The whole canvas.
  public var bounds: CellRect { CellRect(x: 0, y: 0, width: columns, height: rows) }

  /// The cell at `column`, `row`, which must be inside.
  public subscript(column: Int, row: Int) -> Cell {
    precondition(column >= 0 && column < columns && row >= 0 && row < rows, "cell out of canvas")
    return cells[row * columns + column]
  }

  /// Resizes and clears the canvas.
  public func resize(columns: Int, rows: Int, style: TextStyle = .plain) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: .blank(style), count: self.columns * self.rows)
  }

  /// Makes every cell blank in `style`.
  public func clear(_ style: TextStyle = .plain) {
    cursor = nil
    let blank = Cell.blank(style)
    for index in cells.indices { cells[index] = blank }
  }

  /// Fills `rect` (clipped) with `character` in `style`.
  public func fill(_ rect: CellRect, style: TextStyle, character: Character = " ") {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let width = CharacterWidth.of(character)
    if width != 1 {
      for row in area.y..<area.maxY {
        var column = area.x
        while column < area.maxX {
          column += max(
            1, draw(String(character), column: column, row: row, style: style, clip: area))
        }
      }
      return
    }
    let cell = Cell(glyph: Glyph(character), width: 1, style: style)
    for row in area.y..<area.maxY {
      // Neighbours of a wide character cut at the edges become blanks.
      repairEdge(column: area.x, row: row)
      repairEdge(column: area.maxX - 1, row: row)
      let start = row * columns
      cells.withUnsafeMutableBufferPointer { cells in
        for column in area.x..<area.maxX { cells[start + column] = cell }
      }
    }
  }

  /// Changes the style of every cell in `rect` (clipped), keeping the characters.
  public func restyle(_ rect: CellRect, _ change: (inout TextStyle) -> Void) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      let start = row * columns
      for column in area.x..<area.maxX { change(&cells[start + column].style) }
    }
  }

  /// Draws `text` from `column`, `row`, clipped to `clip` and the canvas, and returns how many
  /// columns it advanced (its full width, drawn or not).
  ///
  /// A `nil` background in `style` keeps each cell's background. Tabs become spaces; other
  /// control characters are skipped. A wide character that does not fit entirely inside the
  /// clip is drawn as a blank.
  @discardableResult
  public func draw(
    _ text: String, column: Int, row: Int, style: TextStyle, clip: CellRect? = nil
  )
    -> Int
  {
    let area = (clip ?? bounds).intersection(bounds)
    var x = column
    let visibleRow = row >= area.y && row < area.maxY
    var clusters = Clusters(text)
    while let cluster = clusters.next() {
      let glyph: Glyph
      let width: Int
      switch cluster {
      case .ascii(let byte):
        if byte >= 0x20 && byte < 0x7F {
          glyph = Glyph(ascii: byte)
        } else if byte == 0x09 {
          glyph = .space  // a tab
        } else {
          continue  // a control character
        }
        width = 1
      case .character(let character):
        width = CharacterWidth.of(character)
        guard width > 0 else { continue }
        glyph = Glyph(character)
      }
      defer { x += width }
      guard visibleRow, x + width > area.x, x < area.maxX else { continue }
      if width == 2 && (x < area.x || x + 1 >= area.maxX) {
        // Half of it would be clipped: show a blank in the visible half.
        let visible = x < area.x ? x + 1 : x
        put(.space, width: 1, column: visible, row: row, style: style)
        continue
      }
      put(glyph, width: UInt8(width), column: x, row: row, style: style)
    }
    return x - column
  }

  /// Writes one grapheme, keeping wide characters whole.
  private func put(_ glyph: Glyph, width: UInt8, column: Int, row: Int, style: TextStyle) {
    let index = row * columns + column
    repairEdge(column: column, row: row)
    if width == 2 { repairEdge(column: column + 1, row: row) }
    var resolved = style
    if resolved.background == nil { resolved.background = cells[index].style.background }
    cells[index] = Cell(glyph: glyph, width: width, style: resolved)
    if width == 2 {
      cells[index + 1] = Cell(glyph: .none, width: 0, style: resolved)
    }
  }

  /// Before `column` is overwritten: if it is half of a wide character, blank the other half.
  private func repairEdge(column: Int, row: Int) {
    guard column >= 0, column < columns, row >= 0, row < rows else { return }
    let index = row * columns + column
    let cell = cells[index]
    if cell.width == 0, column > 0 {
      cells[index - 1] = .blank(cells[index - 1].style)
      cells[index] = .blank(cell.style)
    } else if cell.width == 2, column + 1 < columns {
      cells[index + 1] = .blank(cells[index + 1].style)
      cells[index] = .blank(cell.style)
    }
  }

  /// The characters of each row, without styles; trailing blanks trimmed.
  public func plainTextLines() -> [String] {
    (0..<rows).map { row in
      var bytes: [UInt8] = []
      for column in 0..<columns where cells[row * columns + column].width > 0 {
        cells[row * columns + column].glyph.appendUTF8(to: &bytes)
      }
      while bytes.last == 0x20 { bytes.removeLast() }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The whole frame as text with ANSI colour (SGR) sequences written for `mode`, rows
  /// separated by newlines, each ending with a reset.
  public func ansiText(mode: ColorMode = .trueColor) -> String {
    var bytes: [UInt8] = []
    var pen: TextStyle?
    for row in 0..<rows {
      if row > 0 { bytes.append(0x0A) }
      for column in 0..<columns {
        let cell = cells[row * columns + column]
        guard cell.width > 0 else { continue }
        if pen != cell.style {
          ANSI.appendStyle(cell.style, mode: mode, to: &bytes)
          pen = cell.style
        }
        cell.glyph.appendUTF8(to: &bytes)
      }
      ANSI.appendReset(to: &bytes)
      pen = nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
