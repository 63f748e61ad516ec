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
  /// left, right, enter, tab, backtab, esc, space, backspace, home, end, pgup, pgdn, a single
  /// character, or ctrl-X.
  public static func parseKeys(_ script: String) throws -> [KeyEvent] {
    var keys: [KeyEvent] = []
    for word in script.split(whereSeparator: { $0 == " " || $0 == "," }) {
      let name = String(word)
      let lower = name.lowercased()
      let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "enter": .enter, "return": .enter,
        "tab": .tab, "backtab": .backTab, "shift-tab": .backTab, "esc": .escape, "escape": .escape,
        "space": .character(" "), "backspace": .backspace, "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
      ]
      if let key = named[lower] {
        keys.append(KeyEvent(key, modifiers: key == .backTab ? .shift : []))
      } else if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last {
        keys.append(KeyEvent(.control(letter), modifiers: .control))
      } else if name.count == 1, let character = name.first {
        keys.append(KeyEvent(.character(character)))
      } else {
        throw ScriptError(description: "unknown key \"\(name)\" in the key script")
      }
    }
    return keys
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
