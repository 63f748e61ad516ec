import ReuseTestSupport
import Testing

@testable import ReuseTerminal

/// A renderer writing to an in-memory terminal, a screen emulator reading it, and a canvas,
/// `columns` × `rows`.
private func terminal(
  columns: Int, rows: Int
) -> (
  MemoryTerminal, Renderer, ScreenEmulator, Canvas
) {
  let output = MemoryTerminal()
  return (
    output, Renderer(output: output), ScreenEmulator(columns: columns, rows: rows),
    Canvas(columns: columns, rows: rows)
  )
}

@Suite struct RendererTests {
  private func paintRows(_ canvas: Canvas, from first: Int) {
    for row in 0..<canvas.rows {
      let hue = UInt8((row + first) * 37 % 256)
      canvas.fill(
        CellRect(x: 0, y: row, width: canvas.columns, height: 1),
        style: TextStyle(background: Color(red: hue, green: 40, blue: 80)))
      canvas.draw(
        "row \(row + first) 红한 " + String(repeating: "x", count: (row + first) % 50), column: 1,
        row: row,
        style: TextStyle(foreground: Color(hex: 0xEEEEEE), attributes: row % 3 == 0 ? .bold : []))
    }
  }

  @Test func framesReplayExactlyAndOnlyChangesAreWritten() {
    var (output, renderer, screen, canvas) = terminal(columns: 60, rows: 20)
    paintRows(canvas, from: 0)
    renderer.render(canvas)
    screen.apply(output.bytes)
    #expect(screen.matches(canvas))
    // Nothing changed: nothing written.
    output.reset()
    #expect(renderer.render(canvas) == 0 && output.writeCount == 0)
    // One cell changed: a cursor move, a style and one character.
    canvas.draw("Z", column: 30, row: 7, style: .plain)
    output.reset()
    let bytes = renderer.render(canvas)
    #expect(renderer.lastFrameCellCount == 1)
    #expect(bytes < 40, "\(bytes) bytes for one cell")
    screen.apply(output.bytes)
    #expect(screen.matches(canvas))
  }

  @Test func aOneRowScrollWritesFarLessThanAFullFrame() {
    var (output, renderer, screen, canvas) = terminal(columns: 200, rows: 60)
    // A list whose rows repeat their look every 3 rows, as list cells do.
    func paint(offset: Int) {
      canvas.clear()
      for row in 0..<60 {
        let item = row + offset
        if item % 3 == 0 {
          canvas.fill(
            CellRect(x: 0, y: row, width: 200, height: 1),
            style: TextStyle(background: Color(hex: 0x202030)))
        }
        canvas.draw("Item \(item / 3)", column: 2, row: row, style: .plain)
      }
    }
    paint(offset: 0)
    let full = renderer.render(canvas)
    screen.apply(output.bytes)
    paint(offset: 1)
    output.reset()
    let scrolled = renderer.render(canvas)
    screen.apply(output.bytes)
    #expect(screen.matches(canvas))
    #expect(Double(scrolled) <= 0.2 * Double(full), "scroll \(scrolled) bytes vs full \(full)")
  }

  @Test func resizeAndInvalidateRedrawEverything() {
    let output = MemoryTerminal()
    let renderer = Renderer(output: output)
    let canvas = Canvas(columns: 10, rows: 3)
    canvas.draw("hello", column: 0, row: 0, style: .plain)
    renderer.render(canvas)
    renderer.invalidate()
    output.reset()
    renderer.render(canvas)
    var screen = ScreenEmulator(columns: 10, rows: 3)
    screen.apply(output.bytes)
    #expect(screen.matches(canvas), "a full frame after invalidate, from a clear screen")
    canvas.resize(columns: 4, rows: 2)
    canvas.draw("ab红", column: 0, row: 1, style: .plain)
    output.reset()
    renderer.render(canvas)
    var small = ScreenEmulator(columns: 4, rows: 2)
    small.apply(output.bytes)
    #expect(small.matches(canvas))
  }

  /// A terminal that draws an emoji with a presentation selector one column wide (tmux) shows
  /// no stale character beside it: the renderer blanks both of its cells first (a sort left
  /// "🏙️aCity", the a from the "Paris" drawn there before: a new user's finding).
  @Test func aWideGlyphSomeTerminalsDrawNarrowLeavesNothingStale() {
    var (output, renderer, screen, canvas) = terminal(columns: 20, rows: 2)
    screen.narrowEmojiPresentation = true
    canvas.draw("Paris", column: 2, row: 0, style: .plain)
    renderer.render(canvas)
    screen.apply(output.bytes)
    canvas.clear()
    canvas.draw("\u{1F3D9}\u{FE0F}City", column: 2, row: 0, style: .plain)
    output.reset()
    renderer.render(canvas)
    screen.apply(output.bytes)
    let shown = screen.text(ofRow: 0)
    #expect(!shown.contains("a") && shown.contains("\u{1F3D9}\u{FE0F} City"), "\(shown)")
    // CJK is two columns everywhere: drawn without the blanking.
    #expect(!Glyph("红").widthMayBeDisputed && !Glyph("한").widthMayBeDisputed)
    #expect(Glyph("\u{1F3D9}\u{FE0F}").widthMayBeDisputed && Glyph("😀").widthMayBeDisputed)
    #expect(Glyph("\u{20000}").widthMayBeDisputed == false && Glyph("⌚").widthMayBeDisputed)
  }

  @Test func randomEditsAlwaysReplayExactly() {
    var random = SeededRandom(seed: 77)
    var (output, renderer, screen, canvas) = terminal(columns: 40, rows: 12)
    let words = ["a", "红", "한", "😀", "e\u{301}", "wide 红 text", "   ", "·"]
    for frame in 0..<300 {
      for _ in 0..<Int(random.next() % 8) {
        let word = words[Int(random.next() % UInt64(words.count))]
        let style = TextStyle(
          foreground: random.next() % 2 == 0 ? nil : Color(hex: UInt32(random.next() & 0xFFFFFF)),
          background: random.next() % 3 == 0 ? Color(hex: UInt32(random.next() & 0xFFFFFF)) : nil,
          attributes: TextStyle.Attributes(rawValue: UInt8(random.next() % 32)))
        canvas.draw(
          word, column: Int(random.next() % 44) - 2, row: Int(random.next() % 12), style: style)
      }
      output.reset()
      renderer.render(canvas)
      screen.apply(output.bytes)
      #expect(screen.matches(canvas), "frame \(frame)")
    }
  }

  @Test func scrolledBandsReplayExactlyInBothDirections() {
    var random = SeededRandom(seed: 5)
    var (output, renderer, screen, canvas) = terminal(columns: 50, rows: 20)
    var offset = 100
    var scrolled = 0
    for frame in 0..<200 {
      offset += Int(random.next() % 13) - 6
      canvas.clear()
      canvas.draw("header", column: 0, row: 0, style: TextStyle(attributes: .bold))
      for row in 1..<19 {
        let item = row + offset
        canvas.fill(
          CellRect(x: 0, y: row, width: 50, height: 1),
          style: TextStyle(background: Color(red: UInt8(item * 7 % 256), green: 30, blue: 60)))
        canvas.draw("item \(item) 红", column: 2, row: row, style: .plain)
      }
      canvas.draw("status \(frame)", column: 0, row: 19, style: .plain)
      output.reset()
      renderer.render(canvas)
      if renderer.lastFrameScroll != 0 { scrolled += 1 }
      screen.apply(output.bytes)
      #expect(screen.matches(canvas), "frame \(frame)")
    }
    #expect(scrolled > 100, "most frames used a scroll region (\(scrolled))")
  }
}
