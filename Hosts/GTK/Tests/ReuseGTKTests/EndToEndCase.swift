import Foundation
import XCTest

/// What the GTK gallery's end-to-end tests share: the gallery running on the Xvfb display
/// `test.sh` opens, input from xdotool, state read from the status line it writes
/// (`--status-file`), pixels from ImageMagick's `import`.
class EndToEndCase: XCTestCase {
  /// The gallery, running.
  final class Gallery {
    let process = Process()
    let statusPath = NSTemporaryDirectory() + "reuse-gtk-status-\(UUID().uuidString)"

    init(
      page: String, items: Int = 1_000, arguments extra: [String] = [],
      environment: [String: String] = [:]
    ) throws {
      let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      process.executableURL = directory.appendingPathComponent("reuse-gallery-gtk")
      process.arguments =
        [
          "--demo", page, "--items", "\(items)", "--no-autoscroll", "--size", "960x720",
          "--status-file", statusPath,
        ] + extra
      if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Up to 10 s for the first frame.
      let deadline = Date().addingTimeInterval(10)
      var text = ""
      while !text.contains("first frame"), Date() < deadline {
        text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
      }
      guard text.contains("first frame") else { throw Failure("no first frame: \(text)") }
      try waitFor("the page to settle") { $0.hasPrefix("page=") && !$0.contains("moving=true") }
    }

    deinit {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      try? FileManager.default.removeItem(atPath: statusPath)
    }

    var status: String { (try? String(contentsOfFile: statusPath, encoding: .utf8)) ?? "" }

    /// The content offset the status line reports.
    var offset: (x: Double, y: Double) {
      guard let field = status.split(separator: " ").first(where: { $0.hasPrefix("offset=") })
      else { return (.nan, .nan) }
      let numbers = field.dropFirst(7).split(separator: ",").compactMap { Double($0) }
      return numbers.count == 2 ? (numbers[0], numbers[1]) : (.nan, .nan)
    }

    /// Whether the gallery still runs.
    var isRunning: Bool { process.isRunning }

    func waitFor(
      _ what: String, timeout: Double = 5, _ condition: (String) -> Bool
    ) throws {
      let deadline = Date().addingTimeInterval(timeout)
      while Date() < deadline {
        if condition(status) { return }
        Thread.sleep(forTimeInterval: 0.02)
      }
      throw Failure("timed out waiting for \(what); the status is: \(status)")
    }

    func settle() throws {
      Thread.sleep(forTimeInterval: 0.1)
      try waitFor("the motion to end") { !$0.contains("moving=true") }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  func xdotool(_ arguments: String...) throws { try Self.run("xdotool", arguments) }

  /// A press at (`x`, `y`), `steps` moves of (`dx`, `dy`) 16 ms apart, and a release, in one
  /// xdotool run (starting a process per event would space them too far apart: a finger that
  /// rests 100 ms before lifting does not fling).
  func drag(x: Int, y: Int, dx: Int, dy: Int, steps: Int) throws {
    var arguments = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
    for step in 1...steps {
      arguments += ["sleep", "0.016", "mousemove", "\(x + dx * step)", "\(y + dy * step)"]
    }
    arguments += ["sleep", "0.016", "mouseup", "1"]
    try Self.run("xdotool", arguments)
  }

  /// A press at (`x`, `y`) moved through `points` 50 ms apart, held (no release).
  func hold(x: Int, y: Int, through points: [(Int, Int)]) throws {
    var arguments = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
    for (px, py) in points { arguments += ["sleep", "0.05", "mousemove", "\(px)", "\(py)"] }
    try Self.run("xdotool", arguments)
  }

  /// Runs the gallery's executable with `arguments` (a file it should refuse, before any
  /// window): its exit status and what it wrote to standard error.
  static func refusal(of gallery: Gallery, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = gallery.process.executableURL
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, message)
  }

  /// The focused cell the status line names: "Name: Hollow Comet" in "· row 3 · Name: Hollow
  /// Comet · sorted by …", or "" when there is none.
  static func focusedCell(_ status: String) -> String {
    guard
      let row = status.range(of: #"· row [0-9,]+( \(#[0-9,]+\))? · "#, options: .regularExpression)
    else {
      return ""
    }
    let rest = status[row.upperBound...]
    let ends = [rest.range(of: " · "), rest.range(of: " headers=")]
    let end = ends.compactMap { $0?.lowerBound }.min() ?? rest.endIndex
    return String(rest[..<end])
  }

  /// The section headers on screen, from the status line: (text, y) top to bottom.
  static func headers(_ status: String) -> [(text: String, y: Int)] {
    guard let start = status.range(of: "headers=["),
      let end = status.range(of: "]", range: start.upperBound..<status.endIndex)
    else { return [] }
    return status[start.upperBound..<end.lowerBound].split(separator: "|").compactMap { entry in
      guard let at = entry.lastIndex(of: "@"), let y = Int(entry[entry.index(after: at)...])
      else { return nil }
      return (String(entry[..<at]), y)
    }
  }

  /// The colour of one pixel of the window (`import` and ImageMagick's `txt:` format), as
  /// "#RRGGBB".
  static func pixel(x: Int, y: Int) throws -> String {
    let shot = NSTemporaryDirectory() + "reuse-gtk-pixel-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: shot) }
    try run("import", ["-window", "root", "-crop", "960x720+0+0", "+repage", shot])
    let text = try run("convert", [shot, "-crop", "1x1+\(x)+\(y)", "+repage", "txt:-"])
    guard let colour = text.range(of: "#[0-9A-Fa-f]{6}", options: .regularExpression) else {
      throw Failure("no colour in \(text)")
    }
    return String(text[colour])
  }
}
