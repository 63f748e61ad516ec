import ReuseTerminal

/// A tiny terminal emulator: applies cursor moves, clears, SGR and text to a grid, so tests can
/// check that the renderer's bytes really produce the canvas.
struct ScreenEmulator {
  var columns: Int
  var rows: Int
  var grid: [Canvas.Cell]
  var cursor = (column: 0, row: 0)
  var pen = TextStyle.plain
  var region: (top: Int, bottom: Int)?
  /// Draws a narrow character asking for emoji presentation (U+FE0F) one column wide, as
  /// tmux 3.3 does, where the canvas gives it two.
  var narrowEmojiPresentation = false

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    grid = Array(repeating: .blank(.plain), count: columns * rows)
  }

  mutating func apply(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.first {
      if scalar == "\u{1B}" {
        scalars = scalars.dropFirst()
        guard scalars.first == "[" else { continue }
        scalars = scalars.dropFirst()
        var body = ""
        while let next = scalars.first, !(next.value >= 0x40 && next.value <= 0x7E) {
          body.unicodeScalars.append(next)
          scalars = scalars.dropFirst()
        }
        guard let final = scalars.first else { return }
        scalars = scalars.dropFirst()
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map {
          Int($0) ?? 0
        }
        switch final {
        case "H":
          cursor = (
            max(0, (numbers.count > 1 ? numbers[1] : 1) - 1), max(0, (numbers.first ?? 1) - 1)
          )
        case "J":
          grid = Array(repeating: .blank(.plain), count: columns * rows)
        case "m":
          applySGR(numbers)
        case "r":
          region =
            body.isEmpty
            ? nil
            : (
              max(0, (numbers.first ?? 1) - 1), max(0, (numbers.count > 1 ? numbers[1] : rows) - 1)
            )
          cursor = (0, 0)
        case "S", "T":
          let (top, bottom) = region ?? (0, rows - 1)
          let count = max(1, numbers.first ?? 1) * (final == "S" ? 1 : -1)
          let order = count > 0 ? Array(top...bottom) : Array((top...bottom).reversed())
          var copy = grid
          for row in order {
            let source = row + count
            for column in 0..<columns {
              copy[row * columns + column] =
                source >= top && source <= bottom
                ? grid[source * columns + column] : .blank(pen.on(pen.background))
            }
          }
          grid = copy
        default:
          break
        }
        continue
      }
      // A grapheme: the scalar plus any following zero-width scalars.
      var grapheme = String(scalar)
      scalars = scalars.dropFirst()
      while let next = scalars.first, CharacterWidth.of(next) == 0, next.value >= 0x20 {
        grapheme.unicodeScalars.append(next)
        scalars = scalars.dropFirst()
      }
      var width = CharacterWidth.of(Character(grapheme))
      if narrowEmojiPresentation, grapheme.unicodeScalars.contains("\u{FE0F}"),
        let first = grapheme.unicodeScalars.first, CharacterWidth.of(first) == 1
      {
        width = 1
      }
      guard cursor.row < rows, cursor.column < columns else { continue }
      let index = cursor.row * columns + cursor.column
      grid[index] = Canvas.Cell(grapheme: grapheme, width: UInt8(width), style: pen)
      if width == 2 && cursor.column + 1 < columns {
        grid[index + 1] = Canvas.Cell(grapheme: "", width: 0, style: pen)
      }
      cursor.column += width
    }
  }

  private mutating func applySGR(_ numbers: [Int]) {
    var index = 0
    while index < numbers.count {
      switch numbers[index] {
      case 0: pen = .plain
      case 1: pen.attributes.insert(.bold)
      case 2: pen.attributes.insert(.dim)
      case 3: pen.attributes.insert(.italic)
      case 4: pen.attributes.insert(.underline)
      case 7: pen.attributes.insert(.reverse)
      case 38, 48:
        if index + 4 < numbers.count, numbers[index + 1] == 2 {
          let color = Color(
            red: UInt8(numbers[index + 2]), green: UInt8(numbers[index + 3]),
            blue: UInt8(numbers[index + 4]))
          if numbers[index] == 38 { pen.foreground = color } else { pen.background = color }
          index += 4
        }
      default: break
      }
      index += 1
    }
  }

  /// Whether the screen shows exactly the canvas (characters and styles).
  /// Row `row`'s text as it shows (right halves of wide characters left out).
  func text(ofRow row: Int) -> String {
    grid[row * columns..<(row + 1) * columns].map(\.grapheme).joined()
  }

  func matches(_ canvas: Canvas) -> Bool {
    guard canvas.columns == columns && canvas.rows == rows else { return false }
    return grid == canvas.cells
  }
}
