import Foundation
import XCTest

/// The GTK gallery as a user drives it: a real window on the Xvfb display `test.sh` opens,
/// input from xdotool (stepped drags, wheel notches, clicks), state read from the status line
/// the gallery writes (`--status-file`), pixels from ImageMagick's `import`.
final class EndToEndTests: XCTestCase {
  /// The gallery, running.
  final class Gallery {
    let process = Process()
    let statusPath = NSTemporaryDirectory() + "reuse-gtk-status-\(UUID().uuidString)"

    init(page: String, items: Int = 1_000, arguments extra: [String] = []) throws {
      let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      process.executableURL = directory.appendingPathComponent("reuse-gallery-gtk")
      process.arguments =
        [
          "--demo", page, "--items", "\(items)", "--no-autoscroll", "--size", "960x720",
          "--status-file", statusPath,
        ] + extra
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

  func testAStepwiseDragFlingsTheListAndItComesToRest() throws {
    let gallery = try Gallery(page: "list", items: 1_000_000)
    try drag(x: 400, y: 600, dx: 0, dy: -40, steps: 10)
    let released = gallery.offset.y
    XCTAssertGreaterThan(released, 300, gallery.status)
    try gallery.settle()
    XCTAssertGreaterThan(gallery.offset.y, released + 100, "the release flung: \(gallery.status)")
  }

  func testAWheelNotchScrollsOneLine() throws {
    let gallery = try Gallery(page: "list")
    try xdotool("mousemove", "400", "400")
    for _ in 0..<3 {
      try xdotool("click", "5")
      Thread.sleep(forTimeInterval: 0.05)
    }
    try gallery.waitFor("three notches") { _ in gallery.offset.y == 120 }
  }

  func testAClickSelectsTheRowUnderIt() throws {
    let gallery = try Gallery(page: "list")
    // Tabs 36 px, the pinned header 30, rows 44: the second row's middle.
    try xdotool("mousemove", "200", "\(36 + 30 + 44 + 22)")
    try xdotool("click", "1")
    try gallery.waitFor("the selection") { $0.contains("Brisk Falcon · 1 selected") }
  }

  func testADataFileFillsThePagesAndABrokenOneIsRefused() throws {
    let file = NSTemporaryDirectory() + "reuse-gtk-data-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(
      #"{"sections": [{"title": "Fruit", "items": ["Apple", "Banana"]}, "#
        .appending(#"{"title": "Veg", "items": ["Leek"]}]}"#).utf8
    ).write(to: URL(fileURLWithPath: file))
    let gallery = try Gallery(page: "list", arguments: ["--data", file])
    try xdotool("mousemove", "200", "\(36 + 30 + 44 + 22)")
    try xdotool("click", "1")
    try gallery.waitFor("the file's second item") { $0.contains("Banana · 1 selected") }
    try xdotool("key", "2")
    try gallery.waitFor("the option bar's categories") {
      $0.contains("Fruit · 1 of 2")
    }
    // A broken file: a clear error and a non-zero exit, no window.
    try Data("{\"sections\": [".utf8).write(to: URL(fileURLWithPath: file))
    let broken = Process()
    broken.executableURL = gallery.process.executableURL
    broken.arguments = ["--data", file]
    let errors = Pipe()
    broken.standardError = errors
    try broken.run()
    broken.waitUntilExit()
    XCTAssertEqual(broken.terminationStatus, 2)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertTrue(message.contains("line 1"), message)
  }

  func testADragPagesTheCarouselAndKeysStepIt() throws {
    let gallery = try Gallery(page: "carousel")
    XCTAssertTrue(gallery.status.contains("card 1 of 12"), gallery.status)
    try drag(x: 700, y: 300, dx: -30, dy: 0, steps: 8)
    try gallery.settle()
    XCTAssertTrue(gallery.status.contains("card 2 of 12"), gallery.status)
    // Wrap: ← from the second card twice reaches the last.
    try xdotool("key", "Left", "Left")
    try gallery.settle()
    try gallery.waitFor("the wrap") { $0.contains("card 12 of 12") }
  }

  /// Every page, drawn, against its committed reference (`RECORD_REFERENCES=1` writes them):
  /// fewer than 0.5 % of the pixels may differ by more than 8 %.
  func testEveryPageMatchesItsReferenceScreenshot() throws {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("References")
    let record = ProcessInfo.processInfo.environment["RECORD_REFERENCES"] == "1"
    for page in ["list", "optionbar", "picker", "datasource", "waterfall", "carousel"] {
      let gallery = try Gallery(page: page)
      Thread.sleep(forTimeInterval: 0.5)
      let shot = NSTemporaryDirectory() + "reuse-gtk-\(page).png"
      try Self.run("import", ["-window", "root", "-crop", "960x720+0+0", "+repage", shot])
      let reference = references.appendingPathComponent("\(page).png").path
      if record {
        try? FileManager.default.removeItem(atPath: reference)
        try FileManager.default.copyItem(atPath: shot, toPath: reference)
        continue
      }
      let output = try Self.run(
        "compare", ["-metric", "AE", "-fuzz", "8%", reference, shot, "null:"])
      let different = Double(output.split(separator: " ").first ?? "") ?? .infinity
      XCTAssertLessThan(different, 960 * 720 * 0.005, "\(page): \(output)")
      withExtendedLifetime(gallery) {}
    }
  }
}
