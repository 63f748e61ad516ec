import GalleryKit
import ReuseKit
import ReuseTerminal

/// Runs the gallery without a terminal: at a given size, after a key script, on a virtual
/// clock. `reuse-gallery --snapshot` and the tests use it.
public enum GallerySnapshot {
  /// An error in a key script or a size.
  public struct ScriptError: Error, CustomStringConvertible, Sendable {
    /// What was wrong.
    public var description: String
  }

  /// Parses `80x24`.
  public static func parseSize(_ text: String) throws -> TerminalSize {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns >= 1,
      rows >= 1, columns <= 1000, rows <= 1000
    else {
      throw ScriptError(
        description: "size \"\(text)\" is not COLUMNSxROWS (each 1 to 1000), e.g. 80x24")
    }
    return TerminalSize(columns: columns, rows: rows)
  }

  /// Parses a key script: names separated by spaces (`down down enter`). Names: up, down,
  /// left, right, enter, tab, backtab, esc, space, backspace, delete, insert, home, end, pgup,
  /// pgdn, f1 to f12, or a single character; any of them after `shift-`, `alt-` or `ctrl-`
  /// (`shift-down`, `ctrl-home`, `alt-left`, `ctrl-s`; several in any order, `ctrl-shift-up`).
  /// Ctrl with a letter is the terminal's control key (`ctrl-c`), as a terminal sends it.
  public static func parseKeys(_ script: String) throws -> [KeyEvent] {
    try script.split(whereSeparator: { $0 == " " || $0 == "," }).map { try parseKey(String($0)) }
  }

  /// One name of a key script, with its modifiers.
  static func parseKey(_ name: String) throws -> KeyEvent {
    let named: [String: Key] = [
      "up": .up, "down": .down, "left": .left, "right": .right, "enter": .enter, "return": .enter,
      "tab": .tab, "backtab": .backTab, "esc": .escape, "escape": .escape,
      "space": .character(" "), "backspace": .backspace, "delete": .delete, "del": .delete,
      "insert": .insert, "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp,
      "pgdn": .pageDown, "pagedown": .pageDown,
    ]
    var rest = Substring(name)
    var modifiers: KeyModifiers = []
    let prefixes: [(String, KeyModifiers)] = [
      ("shift-", .shift), ("alt-", .alt), ("ctrl-", .control),
    ]
    // A prefix only while something follows it (`-` alone is the character).
    while let (prefix, modifier) = prefixes.first(where: {
      rest.lowercased().hasPrefix($0.0) && rest.count > $0.0.count
    }) {
      modifiers.insert(modifier)
      rest = rest.dropFirst(prefix.count)
    }
    let lower = rest.lowercased()
    var key: Key
    if let known = named[lower] {
      key = known
    } else if lower.count >= 2, lower.first == "f", let number = Int(lower.dropFirst()),
      (1...12).contains(number)
    {
      key = .function(number)
    } else if rest.count == 1, let character = rest.first {
      key = .character(character)
    } else {
      throw ScriptError(description: "unknown key \"\(name)\" in the key script")
    }
    // What a terminal sends: Shift-Tab as its own key, Ctrl with a letter as a control key.
    if key == .tab && modifiers.contains(.shift) { key = .backTab }
    if key == .backTab { modifiers.insert(.shift) }
    if modifiers.contains(.shift), case .character(let character) = key, character.isLetter {
      key = .character(Character(character.uppercased()))
      modifiers.remove(.shift)
    }
    if modifiers.contains(.control), case .character(let character) = key,
      character.isLetter, character.isASCII
    {
      key = .control(Character(character.lowercased()))
    }
    return KeyEvent(key, modifiers: modifiers)
  }

  /// Builds the gallery on `page` at `size`, plays `keys` (letting animations finish after each),
  /// and returns it, drawn into `canvas`.
  public static func run(
    page: String, size: TerminalSize, keys: [KeyEvent], options: GalleryOptions, canvas: Canvas
  ) -> Gallery {
    let gallery = Gallery(options: options, initialPage: page)
    gallery.showsTiming = false
    gallery.resize(to: size)
    var clock = 1.0
    func settle() {
      var frames = 0
      while gallery.isAnimating && frames < 600 {
        clock += 1.0 / 60
        gallery.tick(now: clock)
        frames += 1
      }
      // Jobs off the loop (rows loading from a database, a sort) take real time: waited for,
      // up to the limit.
      let deadline = Platform.monotonicTime() + jobTimeLimit
      while gallery.isWaitingForJob && Platform.monotonicTime() < deadline {
        Platform.sleep(seconds: 0.002)
        clock += 1.0 / 60
        gallery.tick(now: clock)
      }
    }
    settle()
    for key in keys {
      clock += 0.1
      gallery.handle(.key(key), at: clock)
      settle()
      if gallery.wantsToQuit { break }
    }
    canvas.resize(columns: size.columns, rows: size.rows)
    gallery.draw(into: canvas)
    return gallery
  }

  /// How long a snapshot waits, after each key, for jobs off the loop, in seconds.
  public static let jobTimeLimit = 10.0

  /// The frame as text (`color`: with ANSI colours).
  public static func render(
    page: String, size: TerminalSize, keys: [KeyEvent], options: GalleryOptions, color: Bool
  ) -> String {
    let canvas = Canvas(columns: size.columns, rows: size.rows)
    _ = run(page: page, size: size, keys: keys, options: options, canvas: canvas)
    return color ? canvas.ansiText() : canvas.plainTextLines().joined(separator: "\n")
  }

  /// The engine counters of `gallery`'s page, as JSON.
  public static func statsJSON(_ gallery: Gallery) -> String {
    let counters = gallery.currentPage.counters
    let pools = gallery.currentPage.poolSizes.sorted { $0.key < $1.key }
      .map { "\"\(escape($0.key))\": \($0.value)" }.joined(separator: ", ")
    return """
      {"page": "\(escape(gallery.currentPageName))", "visible": \(counters.visible), \
      "created": \(counters.created), "reused": \(counters.reused), \
      "peakVisible": \(counters.peakVisible), "discarded": \(counters.discarded), \
      "pools": {\(pools)}}
      """
  }

  private static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20:
        result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
