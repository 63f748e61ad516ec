import ReuseTestSupport
import Testing

@testable import ReuseTerminal

/// Colour that adapts to the terminal: which mode the environment asks for, the nearest
/// palette entries, and what each mode writes.
@Suite struct ColorModeTests {
  @Test func theEnvironmentPicksTheMode() {
    let cases: [([String: String], ColorMode)] = [
      (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColor),
      (["TERM": "xterm-256color", "COLORTERM": "24bit"], .trueColor),
      (["TERM": "tmux-256color"], .palette256),
      (["TERM": "screen-256color", "COLORTERM": "yes"], .palette256),
      (["TERM": "linux"], .palette16),
      (["TERM": "xterm"], .palette16),
      ([:], .palette16),
      (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .monochrome),
      (["TERM": "xterm-256color", "NO_COLOR": ""], .palette256),  // empty: not set
      (["TERM": "dumb"], .plain),
      (["TERM": "dumb", "NO_COLOR": "1", "COLORTERM": "truecolor"], .plain),
    ]
    for (environment, expected) in cases {
      #expect(ColorMode.detect(environment: environment) == expected, "\(environment)")
    }
  }

  @Test func paletteEntriesAreTheNearest() {
    // Exact cube and grey entries map to themselves.
    #expect(Color(hex: 0x000000).nearest256Index == 16)
    #expect(Color(hex: 0xFFFFFF).nearest256Index == 231)
    #expect(Color(hex: 0xFF0000).nearest256Index == 196)
    #expect(Color(hex: 0x5F87AF).nearest256Index == 67)
    #expect(Color(hex: 0x808080).nearest256Index == 244)
    #expect(Color(hex: 0x1C1C1C).nearest256Index == 234)
    #expect(Color(hex: 0x000000).nearest16Index == 0)
    #expect(Color(hex: 0xFF0000).nearest16Index == 9)
    #expect(Color(hex: 0xCD0000).nearest16Index == 1)
    #expect(Color(hex: 0xFFFFFF).nearest16Index == 15)
    // Against a brute-force search over the same palettes, for seeded random colours.
    var random = SeededRandom(seed: 0xC0105)
    func cube(_ index: Int) -> Color {
      if index >= 232 {
        let level = UInt8(8 + 10 * (index - 232))
        return Color(red: level, green: level, blue: level)
      }
      let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
      let value = index - 16
      return Color(red: levels[value / 36], green: levels[value / 6 % 6], blue: levels[value % 6])
    }
    for _ in 0..<2_000 {
      let color = Color(hex: UInt32(random.next() & 0xFF_FFFF))
      let best256 = (16...255).map { color.distance(to: cube($0)) }.min()!
      #expect(color.distance(to: cube(color.nearest256Index)) == best256, "\(color)")
      let best16 = Color.ansi16.map { color.distance(to: $0) }.min()!
      #expect(color.distance(to: Color.ansi16[color.nearest16Index]) == best16, "\(color)")
    }
  }

  private func written(_ style: TextStyle, _ mode: ColorMode) -> String {
    var bytes: [UInt8] = []
    ANSI.appendStyle(style, mode: mode, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func eachModeWritesItsOwnSequences() {
    let style = TextStyle(
      foreground: Color(hex: 0xFF0000), background: Color(hex: 0x000000), attributes: .bold)
    #expect(written(style, .trueColor) == "\u{1B}[0;1;38;2;255;0;0;48;2;0;0;0m")
    #expect(written(style, .palette256) == "\u{1B}[0;1;38;5;196;48;5;16m")
    #expect(written(style, .palette16) == "\u{1B}[0;1;91;40m")
    #expect(written(style, .monochrome) == "\u{1B}[0;1m")
    #expect(written(style, .plain) == "")
    // Monochrome keeps focus visible: a light (highlight) background is reversed.
    let focus = TextStyle(foreground: Color(hex: 0x1B1D2A), background: Color(hex: 0x7AA2F7))
    #expect(written(focus, .monochrome) == "\u{1B}[0;7m")
    let row = TextStyle(foreground: Color(hex: 0xC0CAF5), background: Color(hex: 0x252839))
    #expect(written(row, .monochrome) == "\u{1B}[0m")
    #expect(written(TextStyle(attributes: .underline), .monochrome) == "\u{1B}[0;4m")
  }

  /// In 16 colours a dark text on a darker background that both map to black keeps a colour of
  /// its own (the table's scroll bar track was drawn black on black: a new user's finding);
  /// the same colour on itself stays as it is.
  @Test func sixteenColoursKeepTextApartFromItsBackground() {
    let track = TextStyle(foreground: Color(hex: 0x33384F), background: Color(hex: 0x1A1B26))
    #expect(Color(hex: 0x33384F).nearest16Index == Color(hex: 0x1A1B26).nearest16Index)
    let written16 = written(track, .palette16)
    #expect(written16.hasSuffix(";40m") && !written16.contains(";30;"), "\(written16)")
    let index = Color(hex: 0x33384F).nearest16Index(avoiding: 0)
    #expect(index != 0 && written16.contains(";\(index < 8 ? 30 + index : 82 + index);"))
    let same = TextStyle(foreground: Color(hex: 0x1A1B26), background: Color(hex: 0x1A1B26))
    #expect(written(same, .palette16) == "\u{1B}[0;30;40m")
  }

  @Test func theRendererAndSnapshotsWriteInTheirMode() {
    let canvas = Canvas(columns: 4, rows: 1)
    canvas.draw("ab", column: 0, row: 0, style: TextStyle(foreground: Color(hex: 0x00FF00)))
    #expect(canvas.ansiText(mode: .palette16).contains("\u{1B}[0;92m"))
    #expect(!canvas.ansiText(mode: .monochrome).contains("38;"))
    let output = MemoryTerminal()
    let renderer = Renderer(output: output)
    renderer.colorMode = .palette256
    renderer.render(canvas)
    let bytes = String(decoding: output.bytes, as: UTF8.self)
    #expect(bytes.contains("38;5;46"), "\(bytes)")
    #expect(!bytes.contains("38;2;"))
  }

  @Test func wrappingBreaksAtSpacesAndInsideOverlongWords() {
    #expect(
      TextLayout.wrap("select a category; slide the strip", toWidth: 12) == [
        "select a", "category;", "slide the", "strip",
      ])
    #expect(TextLayout.wrap("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
    #expect(TextLayout.wrap("红红红 x", toWidth: 4) == ["红红", "红 x"])
    #expect(TextLayout.wrap("", toWidth: 5) == [""])
    var random = SeededRandom(seed: 0x3A9)
    let words = ["a", "bb", "红", "😀", "word", "longerword", "x"]
    for _ in 0..<500 {
      let text = (0..<random.int(0...12)).map { _ in words[random.int(0..<words.count)] }
        .joined(separator: " ")
      let width = random.int(2...15)
      let lines = TextLayout.wrap(text, toWidth: width)
      #expect(lines.allSatisfy { CharacterWidth.of($0) <= width }, "\(text) at \(width)")
      #expect(
        lines.joined().filter { $0 != " " } == text.filter { $0 != " " },
        "nothing lost: \(text) at \(width)")
    }
  }
}
