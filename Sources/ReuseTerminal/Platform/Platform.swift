// Every operating-system call the terminal host makes lives in this file: terminal modes,
// size, signals, waiting for input, reading, writing and the clock.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Signal handlers can only touch globals, and only with async-signal-safe calls (write,
// tcsetattr, signal, raise). These hold what they need.
//
// The two terminal states live on the heap, 128 bytes apart, and only a pointer is global:
// Swift 6.3 lays out a statically initialised global of an imported C struct (`termios`)
// inconsistently with its run-time type layout (seen here: the global after it was
// overwritten by a store to it), so no `termios` value is stored in a global.
nonisolated(unsafe) private var terminalStates: UnsafeMutableRawPointer? = nil
nonisolated(unsafe) private var terminalStateSaved = false
nonisolated(unsafe) private var applicationModeActive = false
nonisolated(unsafe) private var wakePipe: (read: Int32, write: Int32) = (-1, -1)
nonisolated(unsafe) private var leaveBytes: UnsafeMutablePointer<UInt8>? = nil
nonisolated(unsafe) private var leaveByteCount = 0
nonisolated(unsafe) private var enterBytes: UnsafeMutablePointer<UInt8>? = nil
nonisolated(unsafe) private var enterByteCount = 0
// While the alternate screen shows, standard error (when it is the terminal too) goes to an
// unlinked temporary file; leaving the screen writes it out, so what a run said there (a
// diagnostic, or a crash's fatal error) shows on the main screen instead of vanishing with
// the alternate one. `heldStandardError` is the terminal's descriptor, kept aside.
nonisolated(unsafe) private var standardErrorFile: Int32 = -1
nonisolated(unsafe) private var heldStandardError: Int32 = -1
nonisolated(unsafe) private var replayBuffer: UnsafeMutablePointer<UInt8>? = nil

/// Ends the process (outside `Platform`, whose `exit` would shadow the C function).
private func terminate(_ status: Int32) -> Never { exit(status) }

/// Installs `handler` for `number` (`nil`: the default action).
private func setSignalHandler(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
  if let handler {
    _ = signal(number, handler)
  } else {
    _ = signal(number, SIG_DFL)
  }
}

/// The terminal state found at start (`saved`) or the raw one (`application`).
private func terminalState(saved: Bool) -> UnsafeMutablePointer<termios>? {
  guard let terminalStates else { return nil }
  return (terminalStates + (saved ? 0 : 128)).assumingMemoryBound(to: termios.self)
}

/// Puts the terminal back as it was: used by the exit paths and by signal handlers.
private func restoreTerminalNow() {
  guard applicationModeActive else { return }
  applicationModeActive = false
  if let leaveBytes { _ = write(STDOUT_FILENO, leaveBytes, leaveByteCount) }
  if terminalStateSaved, let saved = terminalState(saved: true) {
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, saved)
  }
  releaseStandardError()
}

/// Points standard error back at the terminal and writes there what went to the file
/// meanwhile (async-signal-safe: descriptors and a preallocated buffer only).
private func releaseStandardError() {
  guard heldStandardError >= 0, standardErrorFile >= 0, let replayBuffer else { return }
  _ = dup2(heldStandardError, STDERR_FILENO)
  _ = lseek(standardErrorFile, 0, SEEK_SET)
  while true {
    let count = read(standardErrorFile, replayBuffer, 4096)
    guard count > 0 else { break }
    var written = 0
    while written < count {
      let result = write(STDERR_FILENO, replayBuffer + written, count - written)
      guard result > 0 else { break }
      written += result
    }
    guard written == count else { break }
  }
  // Written out: the file starts again empty if the screen is entered again (after Ctrl-Z).
  _ = ftruncate(standardErrorFile, 0)
  _ = lseek(standardErrorFile, 0, SEEK_SET)
}

/// Sends standard error to the file while the alternate screen shows.
private func holdStandardError() {
  guard heldStandardError >= 0, standardErrorFile >= 0 else { return }
  _ = dup2(standardErrorFile, STDERR_FILENO)
}

/// Re-enters raw mode and the alternate screen after a resume.
private func reenterTerminalNow() {
  guard terminalStateSaved, !applicationModeActive, let raw = terminalState(saved: false) else {
    return
  }
  _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, raw)
  if let enterBytes { _ = write(STDOUT_FILENO, enterBytes, enterByteCount) }
  holdStandardError()
  applicationModeActive = true
}

private func notifyWake(_ byte: UInt8) {
  var value = byte
  if wakePipe.write >= 0 { _ = write(wakePipe.write, &value, 1) }
}

/// The operating system, as the terminal host sees it. Use one at a time.
public enum Platform {
  /// Whether standard output is a terminal.
  public static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether standard input is a terminal.
  public static var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// The process's environment variables.
  public static var environment: [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }

  /// The terminal's size, or `nil` when it cannot be read.
  public static func terminalSize() -> TerminalSize? {
    var size = winsize()
    let result = withUnsafeMutablePointer(to: &size) {
      ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0)
    }
    guard result == 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Sleeps for `seconds` (at most a second; a signal may end it early).
  public static func sleep(seconds: Double) {
    var time = timespec(tv_sec: 0, tv_nsec: Int(min(max(0, seconds), 0.999_999) * 1e9))
    nanosleep(&time, nil)
  }

  /// Seconds on a monotonic clock (never jumps with the wall clock).
  public static func monotonicTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }

  /// Enters raw mode (no echo, no line buffering, no signals from keys, no output processing),
  /// the alternate screen, a hidden cursor and mouse reporting, and installs the handlers that
  /// restore the terminal on SIGINT, SIGTERM, SIGHUP, SIGQUIT and crash signals (SIGILL,
  /// SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE), suspend it on SIGTSTP and
  /// re-enter on SIGCONT, and report SIGWINCH.
  ///
  /// Pair it with ``leaveApplicationMode()``; a `defer` right after the call covers normal exit
  /// and thrown errors, and the handlers cover signals.
  ///
  /// With `fullScreen` `false` (a screen-reader mode that writes lines), only raw mode: the
  /// main screen, the cursor and the mouse stay as they are.
  public static func enterApplicationMode(fullScreen: Bool = true) throws(PlatformError) {
    if terminalStates == nil {
      let storage = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 16)
      storage.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
      terminalStates = storage
    }
    guard let saved = terminalState(saved: true), let application = terminalState(saved: false)
    else { throw .system("no memory for the terminal state") }
    guard tcgetattr(STDIN_FILENO, saved) == 0 else {
      throw .notATerminal("tcgetattr failed (errno \(errno))")
    }
    terminalStateSaved = true
    var raw = saved.pointee
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    application.pointee = raw
    if wakePipe.read < 0 {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else { throw .system("pipe failed (errno \(errno))") }
      for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
      wakePipe = (fds[0], fds[1])
    }
    let enter = fullScreen ? ANSI.enterApplicationMode : ""
    let leave = fullScreen ? ANSI.leaveApplicationMode : ANSI.leaveLineMode
    leaveBytes = copyBytes(leave, count: &leaveByteCount)
    enterBytes = copyBytes(enter, count: &enterByteCount)
    installSignalHandlers()
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw .system("tcsetattr failed (errno \(errno))")
    }
    if !enter.isEmpty { writeAll(Array(enter.utf8)) }
    if fullScreen { captureStandardError() }
    applicationModeActive = true
  }

  /// Standard error, when it is a terminal, goes to an unlinked temporary file until the
  /// alternate screen is left (see `releaseStandardError`). Without a file, it stays as it is.
  private static func captureStandardError() {
    guard isatty(STDERR_FILENO) == 1 else { return }
    if standardErrorFile < 0 {
      var template = Array("/tmp/reuse-stderr-XXXXXX".utf8CString)
      let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard file >= 0 else { return }
      template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
      let held = dup(STDERR_FILENO)
      guard held >= 0 else {
        close(file)
        return
      }
      standardErrorFile = file
      heldStandardError = held
      replayBuffer = .allocate(capacity: 4096)
    }
    holdStandardError()
  }

  /// Restores the terminal exactly as ``enterApplicationMode(fullScreen:)`` found it. Safe to call twice.
  public static func leaveApplicationMode() {
    restoreTerminalNow()
    for number in handledSignals + crashSignals { setSignalHandler(number, nil) }
  }

  /// Suspends the process as Ctrl-Z would in a normal program: restores the terminal, stops,
  /// and re-enters raw mode when the shell resumes it.
  public static func suspend() {
    restoreTerminalNow()
    _ = raise(SIGTSTP)
    // Execution continues here after SIGCONT; its handler re-entered raw mode.
    reenterTerminalNow()
  }

  /// Waits until input is ready, a signal arrives, or `timeout` seconds pass (`nil`: no
  /// timeout). The process sleeps meanwhile: an idle host uses no CPU.
  public static func wait(timeout: Double?) -> PlatformWake {
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
    ]
    let milliseconds: Int32
    if let timeout {
      milliseconds = Int32(max(0, min(timeout, 3600)) * 1000)
    } else {
      milliseconds = -1
    }
    let ready = poll(&fds, nfds_t(fds.count), milliseconds)
    var wake: PlatformWake = []
    guard ready > 0 else { return wake }
    if fds[0].revents & Int16(POLLIN) != 0 { wake.insert(.input) }
    if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
      && fds[0].revents & Int16(POLLIN) == 0
    {
      wake.insert(.inputClosed)
    }
    if fds[1].revents & Int16(POLLIN) != 0 {
      var byte: UInt8 = 0
      while read(wakePipe.read, &byte, 1) == 1 {
        if byte == 1 { wake.insert(.resize) }
        if byte == 2 { wake.insert(.resumed) }
      }
    }
    return wake
  }

  /// Reads what is available on standard input (at most `capacity` bytes) into `buffer`.
  /// Returns `nil` at end of input.
  public static func readInput(into buffer: inout [UInt8], capacity: Int = 4096) -> Int? {
    if buffer.count < capacity { buffer = [UInt8](repeating: 0, count: capacity) }
    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, capacity) }
    if count > 0 { return count }
    if count == 0 { return nil }
    return errno == EINTR || errno == EAGAIN ? 0 : nil
  }

  /// Writes every byte to standard output, retrying short writes and interruptions.
  public static func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno != EINTR && errno != EAGAIN {
          return
        }
      }
    }
  }

  /// Writes `text` to standard error.
  public static func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }

  /// Reads a whole file, or throws with a reason.
  public static func readFile(atPath path: String, limit: Int) throws(PlatformError) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw .system("cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system("cannot read \(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return result }
      result.append(contentsOf: chunk[0..<count])
      if result.count > limit {
        throw .system("\(path) is larger than \(limit / 1_000_000) MB; refusing to load it")
      }
    }
  }

  /// Writes a whole file (created, or replaced through a temporary file beside it so that a
  /// failed write never leaves half a file), or throws with a reason.
  public static func writeFile(atPath path: String, bytes: [UInt8]) throws(PlatformError) {
    let temporary = path + ".tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
      throw .system("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(fd, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        close(fd)
        unlink(temporary)
        throw .system("cannot write \(path): \(reason)")
      }
      written += count
    }
    close(fd)
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .system("cannot write \(path): \(reason)")
    }
  }

  /// Whether anything (a file, a directory, a link) is at `path`.
  public static func fileExists(atPath path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 || errno != ENOENT
  }

  /// Whether a file can be written at `path`: the file itself when it exists, else the folder
  /// it would be made in.
  public static func canWrite(atPath path: String) -> Bool {
    if fileExists(atPath: path) { return access(path, W_OK) == 0 }
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    return access(folder.isEmpty ? "/" : folder, W_OK) == 0
  }

  /// Ends the process with `status`, without running anything else.
  public static func exit(_ status: Int32) -> Never {
    terminate(status)
  }

  // MARK: Private

  /// The asynchronous signals the host handles.
  private static let handledSignals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH,
  ]
  /// The signals of a crash.
  private static let crashSignals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

  private static func copyBytes(_ text: String, count: inout Int) -> UnsafeMutablePointer<UInt8> {
    let bytes = Array(text.utf8)
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    pointer.initialize(from: bytes, count: bytes.count)
    count = bytes.count
    return pointer
  }

  private static func installSignalHandlers() {
    // Termination: restore the terminal, then die of the same signal (so the shell sees it).
    let terminate: @convention(c) (Int32) -> Void = { number in
      restoreTerminalNow()
      setSignalHandler(number, nil)
      _ = raise(number)
    }
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { setSignalHandler(number, terminate) }
    // A crash (a Swift trap is SIGILL on x86-64 and SIGTRAP on arm64; also an abort, a bad
    // access, a division trap): restore the terminal too. The signal re-raised here is held
    // until the handler returns; the faulting instruction then runs again and, with the
    // default action back, ends the process as it would have without us.
    for number in crashSignals { setSignalHandler(number, terminate) }
    // Suspension: restore, stop; SIGCONT re-enters and asks for a full redraw.
    let suspend: @convention(c) (Int32) -> Void = { _ in
      restoreTerminalNow()
      setSignalHandler(SIGTSTP, nil)
      _ = raise(SIGTSTP)
    }
    let resume: @convention(c) (Int32) -> Void = { _ in
      reenterTerminalNow()
      notifyWake(2)
      setSignalHandler(SIGTSTP, suspendHandler)
    }
    suspendHandler = suspend
    setSignalHandler(SIGTSTP, suspend)
    // A launcher may have blocked these (a thread pool's mask is inherited through fork and
    // exec): unblock them, or resizes and signals would never arrive.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in handledSignals { sigaddset(&handled, number) }
    _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    setSignalHandler(SIGCONT, resume)
    let resize: @convention(c) (Int32) -> Void = { _ in notifyWake(1) }
    setSignalHandler(SIGWINCH, resize)
  }
}

nonisolated(unsafe) private var suspendHandler: (@convention(c) (Int32) -> Void)? = nil
