/// What a terminal application shows and how it reacts: the part ``TerminalApp`` runs.
public protocol TerminalScene: AnyObject {
  /// The terminal has this size now (also called once at start).
  func resize(to size: TerminalSize)
  /// Draws the whole frame into `canvas` (which has the terminal's size).
  func draw(into canvas: Canvas)
  /// Handles one input event, received at `time` (seconds, monotonic).
  func handle(_ event: InputEvent, at time: Double)
  /// Advances animations to `now`.
  func tick(now: Double)
  /// Whether something animates: the loop then ticks at display rate instead of sleeping.
  var isAnimating: Bool { get }
  /// When nothing animates but something is due later (a carousel's next autoscroll), the
  /// time it is due: the loop sleeps until then (or input) and ticks once. `nil` by default.
  var nextWakeTime: Double? { get }
  /// Whether the application should end.
  var wantsToQuit: Bool { get }
  /// Whether the application asked to be suspended (Ctrl-Z); the loop clears it.
  var wantsToSuspend: Bool { get set }
  /// The last frame took `duration` seconds to draw and render, and wrote `bytes` bytes.
  func didRender(duration: Double, bytes: Int)
  /// In ``TerminalApp/Mode/screenReader``: what a screen reader should read since the last
  /// call, one line each ("Amber Falcon, 1 of 1,000,000, selected"; an announcement; a page
  /// that opened). Empty by default.
  func spokenLines() -> [String]
}

extension TerminalScene {
  /// Nothing is due: sleep until input.
  public var nextWakeTime: Double? { nil }

  /// Nothing to say.
  public func spokenLines() -> [String] { [] }
}

/// Runs a ``TerminalScene`` in the real terminal.
///
/// It enters raw mode and the alternate screen, draws a frame, then loops: wait for input (or
/// the next frame while something animates), decode it, let the scene handle it, tick, draw,
/// and render only what changed. When nothing animates the loop blocks on input: an idle
/// application uses no CPU. A resize, or Ctrl-L, repaints the whole screen. The terminal is
/// restored on every way out: return, thrown error, SIGINT, SIGTERM, SIGHUP; Ctrl-Z and
/// SIGTSTP suspend it cleanly and it comes back on SIGCONT.
public final class TerminalApp {
  /// The scene shown.
  public let scene: any TerminalScene
  /// The frame interval while something animates, in seconds.
  public var frameInterval = 1.0 / 60

  /// How the application shows itself.
  public enum Mode: Hashable, Sendable {
    /// The alternate screen, drawn as frames, the cursor hidden (on the focused item, for
    /// screen readers that follow it, when ``TerminalApp/showsCursor`` is on).
    case fullScreen
    /// For screen readers: the main screen, no frames; each line the scene speaks
    /// (``TerminalScene/spokenLines()``) written as plain text, keys as usual.
    case screenReader
  }
  /// How the application shows itself (``Mode/fullScreen`` by default).
  public var mode = Mode.fullScreen
  /// Whether the cursor shows (on the cell the scene puts it, ``Canvas/cursor``): for
  /// screen readers and magnifiers that follow it. Off by default.
  public var showsCursor = false

  private let canvas = Canvas(columns: 0, rows: 0)
  private let renderer: Renderer
  private var decoder = InputDecoder()

  private final class StandardOutput: TerminalOutput {
    func write(_ bytes: [UInt8]) { Platform.writeAll(bytes) }
  }

  /// Creates an application for `scene`, writing colours as `colorMode` says (by default,
  /// as the environment asks: ``ColorMode/detect(environment:)``).
  public init(
    scene: any TerminalScene,
    colorMode: ColorMode = ColorMode.detect(environment: Platform.environment)
  ) {
    self.scene = scene
    self.renderer = Renderer(output: StandardOutput())
    renderer.colorMode = colorMode
    canvas.marksWithText = colorMode == .plain
    canvas.showsColor = colorMode != .plain && colorMode != .monochrome
  }

  /// Runs until the scene wants to quit or the input closes.
  public func run() throws(PlatformError) {
    try Platform.enterApplicationMode(fullScreen: mode == .fullScreen)
    defer { Platform.leaveApplicationMode() }
    if mode == .fullScreen && showsCursor { Platform.writeAll(Array(ANSI.showCursor.utf8)) }
    var size = Platform.terminalSize() ?? TerminalSize(columns: 80, rows: 24)
    scene.resize(to: size)
    canvas.resize(columns: size.columns, rows: size.rows)
    var needsDraw = true
    // After a resize or a resume: the terminal's size taken, and everything repainted.
    func adoptTerminalSize() {
      if let newSize = Platform.terminalSize(), newSize != size {
        size = newSize
        scene.resize(to: size)
        canvas.resize(columns: size.columns, rows: size.rows)
      }
      renderer.invalidate()
      needsDraw = true
    }
    var readBuffer: [UInt8] = []
    var events: [InputEvent] = []
    while !scene.wantsToQuit {
      if needsDraw {
        let start = Platform.monotonicTime()
        canvas.clear()
        scene.draw(into: canvas)
        if mode == .fullScreen {
          let bytes = renderer.render(canvas)
          scene.didRender(duration: Platform.monotonicTime() - start, bytes: bytes)
        } else {
          speak(scene.spokenLines())
        }
        needsDraw = false
      }
      var timeout: Double? = nil
      let now = Platform.monotonicTime()
      if scene.isAnimating {
        timeout = frameInterval
      } else if let due = scene.nextWakeTime, due.isFinite {
        timeout = max(0, due - now)  // a timer, not a frame loop: idle until then
      }
      if let deadline = decoder.pendingDeadline {
        timeout = min(timeout ?? .infinity, max(0, deadline - now))
      }
      let wake = Platform.wait(timeout: timeout)
      let time = Platform.monotonicTime()
      events.removeAll(keepingCapacity: true)
      if wake.contains(.input) {
        guard let count = Platform.readInput(into: &readBuffer) else { break }
        decoder.feed(readBuffer[0..<count], at: time, into: &events)
      }
      decoder.flush(now: time, into: &events)
      for event in events {
        // Ctrl-L repaints the whole screen, as in other terminal programs (whatever another
        // program or a terminal's reflow left on it).
        if event == .key(KeyEvent(.control("l"), modifiers: .control))
          || event == .key(KeyEvent(.control("l")))
        {
          renderer.invalidate()
        } else {
          scene.handle(event, at: time)
        }
      }
      if !events.isEmpty { needsDraw = true }
      if wake.contains(.inputClosed) { break }
      if wake.contains(.resize) {
        // Every resize repaints everything, even one back to the size last drawn: two that
        // came during one long frame (a shrink, then a grow) read as no change, while the
        // terminal had cut and reflowed the screen in between, and the frames after drew
        // only their changes over the damage.
        adoptTerminalSize()
      }
      if wake.contains(.resumed) && mode == .fullScreen {
        renderer.invalidate()
        needsDraw = true
      }
      if scene.wantsToSuspend {
        scene.wantsToSuspend = false
        Platform.suspend()
        adoptTerminalSize()
      }
      if scene.isAnimating {
        scene.tick(now: time)
        needsDraw = true
      } else if let due = scene.nextWakeTime, due <= time {
        scene.tick(now: time)
        needsDraw = true
      }
    }
  }

  /// Writes each line as plain text on a line of its own (raw mode: "\r\n" ends it), with
  /// control characters left out.
  private func speak(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    var bytes: [UInt8] = []
    for line in lines {
      for scalar in line.unicodeScalars where scalar.value >= 0x20 && scalar.value != 0x7F {
        bytes.append(contentsOf: String(scalar).utf8)
      }
      bytes.append(contentsOf: [0x0D, 0x0A])
    }
    Platform.writeAll(bytes)
  }
}
