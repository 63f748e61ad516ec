/// How many colours a terminal shows, and so how a ``TextStyle`` is written to it.
///
/// ``detect(environment:)`` reads the usual variables: `TERM=dumb` gets ``plain`` text;
/// `NO_COLOR` (set and not empty) gets ``monochrome``; `COLORTERM=truecolor` or `24bit` gets
/// ``trueColor``; a `TERM` ending in `256color` gets ``palette256``; anything else
/// (`TERM=linux`, `xterm`, `vt100`) gets ``palette16``.
public enum ColorMode: String, Hashable, Sendable, CaseIterable {
  /// 24-bit colour (`38;2;r;g;b`).
  case trueColor
  /// The xterm 256-colour palette (`38;5;n`): each colour becomes the nearest entry of the
  /// 6 × 6 × 6 cube or the grey ramp.
  case palette256
  /// The 16 ANSI colours (`30`–`37`, `90`–`97`): each colour becomes the nearest one.
  case palette16
  /// No colour; bold, dim, italic, underline and reverse stay, and a light background (a
  /// highlight on the dark theme: the focus, a selection) is shown reversed, so focus stays
  /// visible.
  case monochrome
  /// No styling at all: text only.
  case plain

  /// The mode the environment asks for (see the type's overview).
  public static func detect(environment: [String: String]) -> ColorMode {
    let term = environment["TERM"] ?? ""
    if term == "dumb" { return .plain }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    if term.hasSuffix("256color") || term.hasSuffix("256colour") { return .palette256 }
    return .palette16
  }

  /// A background at least this bright is a highlight: ``monochrome`` shows it reversed.
  public static let highlightLuminance = 0.5

  /// `style` as this mode writes it: colours dropped in ``monochrome`` and ``plain`` (and
  /// attributes too in ``plain``); a highlight becomes reverse video in ``monochrome``. The
  /// palettes keep the 24-bit colours in the style; ``ANSI`` maps them as it writes.
  public func adapt(_ style: TextStyle) -> TextStyle {
    switch self {
    case .trueColor, .palette256, .palette16:
      return style
    case .monochrome:
      var attributes = style.attributes
      if let background = style.background, background.luminance >= Self.highlightLuminance {
        attributes.insert(.reverse)
      }
      return TextStyle(attributes: attributes)
    case .plain:
      return .plain
    }
  }
}

extension Color {
  /// The 16 ANSI colours as xterm shows them, by index (0–7 normal, 8–15 bright).
  public static let ansi16: [Color] = [
    Color(hex: 0x000000), Color(hex: 0xCD0000), Color(hex: 0x00CD00), Color(hex: 0xCDCD00),
    Color(hex: 0x0000EE), Color(hex: 0xCD00CD), Color(hex: 0x00CDCD), Color(hex: 0xE5E5E5),
    Color(hex: 0x7F7F7F), Color(hex: 0xFF0000), Color(hex: 0x00FF00), Color(hex: 0xFFFF00),
    Color(hex: 0x5C5CFF), Color(hex: 0xFF00FF), Color(hex: 0x00FFFF), Color(hex: 0xFFFFFF),
  ]

  /// The levels of the 256-colour palette's 6 × 6 × 6 cube.
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The index (16–255) of the nearest entry of the xterm 256-colour palette: the nearest of
  /// the cube's colours and the grey ramp's (232–255, 8 to 238 in steps of 10), by squared
  /// distance. The 16 system colours (0–15) are left out: terminals theme them.
  public var nearest256Index: Int {
    func level(_ component: UInt8) -> Int {
      var best = 0
      for index in 1..<Self.cubeLevels.count
      where abs(Self.cubeLevels[index] - Int(component))
        < abs(Self.cubeLevels[best] - Int(component))
      {
        best = index
      }
      return best
    }
    let (r, g, b) = (level(red), level(green), level(blue))
    let cube = Color(
      red: UInt8(Self.cubeLevels[r]), green: UInt8(Self.cubeLevels[g]),
      blue: UInt8(Self.cubeLevels[b]))
    // The grey nearest under the weighted distance is at the weighted mean: try the ramp's
    // steps either side of it.
    let mean = (2 * Double(red) + 4 * Double(green) + 3 * Double(blue)) / 9
    let below = min(23, max(0, Int(((mean - 8) / 10).rounded(.down))))
    var greyStep = below
    for step in [below, min(23, below + 1)]
    where distance(to: Self.grey(step)) < distance(to: Self.grey(greyStep)) {
      greyStep = step
    }
    return distance(to: Self.grey(greyStep)) < distance(to: cube)
      ? 232 + greyStep : 16 + 36 * r + 6 * g + b
  }

  /// Entry `232 + step` of the 256-colour palette's grey ramp.
  private static func grey(_ step: Int) -> Color {
    let level = UInt8(8 + 10 * step)
    return Color(red: level, green: level, blue: level)
  }

  /// The index (0–15) of the nearest of the 16 ANSI colours, by squared distance.
  public var nearest16Index: Int {
    var best = 0
    for index in 1..<Self.ansi16.count
    where distance(to: Self.ansi16[index]) < distance(to: Self.ansi16[best]) {
      best = index
    }
    return best
  }

  /// The index of the nearest of the 16 ANSI colours other than entry `excluded`.
  public func nearest16Index(avoiding excluded: Int) -> Int {
    var best = excluded == 0 ? 1 : 0
    for index in Self.ansi16.indices
    where index != excluded && distance(to: Self.ansi16[index]) < distance(to: Self.ansi16[best]) {
      best = index
    }
    return best
  }

  /// The squared distance between two colours, each component weighted by how much the eye
  /// sees it (2, 4, 3: a cheap approximation of perceived difference).
  func distance(to other: Color) -> Int {
    let dr = Int(red) - Int(other.red)
    let dg = Int(green) - Int(other.green)
    let db = Int(blue) - Int(other.blue)
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }
}
