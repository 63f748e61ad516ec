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
}

extension TerminalScene {
  /// Nothing is due: sleep until input.
  public var nextWakeTime: Double? { nil }
}

/// Runs a ``TerminalScene`` in the real terminal.
///
/// It enters raw mode and the alternate screen, draws a frame, then loops: wait for input (or
/// the next frame while something animates), decode it, let the scene handle it, tick, draw,
/// and render only what changed. When nothing animates the loop blocks on input: an idle
/// application uses no CPU. The terminal is restored on every way out: return, thrown error,
/// SIGINT, SIGTERM, SIGHUP; Ctrl-Z and SIGTSTP suspend it cleanly and it comes back on SIGCONT.
public final class TerminalApp {
  /// The scene shown.
  public let scene: any TerminalScene
  /// The frame interval while something animates, in seconds.
  public var frameInterval = 1.0 / 60

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
  }

  /// Runs until the scene wants to quit or the input closes.
  public func run() throws(PlatformError) {
    try Platform.enterApplicationMode()
    defer { Platform.leaveApplicationMode() }
    var size = Platform.terminalSize() ?? TerminalSize(columns: 80, rows: 24)
    scene.resize(to: size)
    canvas.resize(columns: size.columns, rows: size.rows)
    var needsDraw = true
    var readBuffer: [UInt8] = []
    var events: [InputEvent] = []
    while !scene.wantsToQuit {
      if needsDraw {
        let start = Platform.monotonicTime()
        canvas.clear()
        scene.draw(into: canvas)
        let bytes = renderer.render(canvas)
        scene.didRender(duration: Platform.monotonicTime() - start, bytes: bytes)
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
      for event in events { scene.handle(event, at: time) }
      if !events.isEmpty { needsDraw = true }
      if wake.contains(.inputClosed) { break }
      if wake.contains(.resize), let newSize = Platform.terminalSize(), newSize != size {
        size = newSize
        scene.resize(to: size)
        canvas.resize(columns: size.columns, rows: size.rows)
        renderer.invalidate()
        needsDraw = true
      }
      if wake.contains(.resumed) {
        renderer.invalidate()
        needsDraw = true
      }
      if scene.wantsToSuspend {
        scene.wantsToSuspend = false
        Platform.suspend()
        if let newSize = Platform.terminalSize(), newSize != size {
          size = newSize
          scene.resize(to: size)
          canvas.resize(columns: size.columns, rows: size.rows)
        }
        renderer.invalidate()
        needsDraw = true
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
}
