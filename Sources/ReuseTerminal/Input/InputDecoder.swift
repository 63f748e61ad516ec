import ReuseKit

/// Turns the bytes a terminal sends into key and mouse events.
///
/// Feed it every read as it comes: a sequence split across reads waits for its end, and one
/// read may hold several events. It understands UTF-8 text, control keys, the CSI and SS3
/// sequences for arrows, navigation and function keys (with xterm's modifier parameter), Alt
/// as an Esc prefix, SGR (1006) mouse reports, and bracketed pastes (2004): the text between
/// `ESC [200~` and `ESC [201~` is one ``InputEvent/paste(_:)``, never keys (a pasted line
/// break is not Enter, a pasted `q` does not quit).
///
/// A lone Esc is ambiguous (it also starts every sequence), so it is held until
/// ``escapeTimeout`` passes with nothing after it; call ``flush(now:into:)`` when the deadline
/// in ``pendingDeadline`` arrives. Garbage never crashes it and never hangs it: an unknown
/// sequence is skipped at its final byte, a sequence longer than ``maximumSequenceLength`` is
/// dropped up to its final byte (however many reads it takes, or until ``escapeTimeout`` passes
/// without one), and invalid UTF-8 becomes U+FFFD.
public struct InputDecoder: Sendable {
  /// How long a lone Esc waits for a following byte, in seconds.
  public var escapeTimeout = 0.05
  /// The longest escape sequence kept before it is dropped as garbage.
  public static let maximumSequenceLength = 64

  private var pending: [UInt8] = []
  private var pendingSince = 0.0
  /// Whether the rest of an overlong control sequence is being dropped, up to its final byte:
  /// cut at ``maximumSequenceLength``, its tail ("…;30M") read as keys ("3", "0": a page
  /// switch, a new user's finding).
  private var dropsSequence = false
  /// The bytes of a paste being received (after `ESC [200~`), until its end.
  private var paste: [UInt8]?
  /// The longest paste kept, in bytes; the rest is dropped (and said: ``InputEvent/paste(_:)``'s
  /// text then ends in U+2026).
  public static let maximumPasteLength = 1 << 20
  /// How long a paste waits for more bytes before it ends without its closing sequence (a
  /// terminal that never sends it would otherwise swallow every key after it), in seconds.
  public var pasteTimeout = 0.5
  /// Whether the paste received lost bytes past ``maximumPasteLength``.
  private var pasteWasCut = false

  /// Creates a decoder.
  public init() {}

  /// When the held bytes (a lone Esc, or a partial character) resolve on their own, if any.
  public var pendingDeadline: Double? {
    if paste != nil { return pendingSince + pasteTimeout }
    return pending.isEmpty && !dropsSequence ? nil : pendingSince + escapeTimeout
  }

  /// Decodes `bytes`, received at `time`, appending complete events to `events`.
  public mutating func feed<Bytes: Sequence>(
    _ bytes: Bytes, at time: Double, into events: inout [InputEvent]
  )
  where Bytes.Element == UInt8 {
    if pending.isEmpty || paste != nil || dropsSequence { pendingSince = time }
    pending.append(contentsOf: bytes)
    let before = pending.count
    decode(into: &events, final: false)
    // Held bytes that start later than the old ones were held since now.
    if !pending.isEmpty && pending.count < before { pendingSince = time }
  }

  /// Resolves held bytes whose time is up: a lone Esc becomes `.escape`, a partial character
  /// becomes U+FFFD.
  public mutating func flush(now: Double, into events: inout [InputEvent]) {
    guard let deadline = pendingDeadline, now >= deadline else { return }
    // A sequence dropped whose final byte never came: the keys after the pause are keys.
    dropsSequence = false
    if paste != nil {
      // No closing sequence came: what arrived is the paste, and keys are keys again.
      paste?.append(contentsOf: pending)
      pending.removeAll(keepingCapacity: true)
      endPaste(into: &events)
      return
    }
    decode(into: &events, final: true)
  }

  /// The closing sequence of a bracketed paste.
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// Takes the bytes of a paste from `bytes` at `start`: up to its closing sequence (the paste
  /// then ends), or all but what may begin that sequence. Returns where decoding goes on, or
  /// `nil` when every byte was taken (or is held).
  private mutating func takePaste(
    _ bytes: [UInt8], from start: Int, into events: inout [InputEvent]
  ) -> Int? {
    var index = start
    let end = Self.pasteEnd
    while index < bytes.count {
      if bytes[index] == 0x1B {
        let available = min(end.count, bytes.count - index)
        if bytes[index..<(index + available)].elementsEqual(end[0..<available]) {
          guard available == end.count else {
            // Perhaps the closing sequence, cut by the read: held for the next.
            appendToPaste(bytes[start..<index])
            pending = Array(bytes[index...])
            return nil
          }
          appendToPaste(bytes[start..<index])
          endPaste(into: &events)
          return index + end.count
        }
      }
      index += 1
    }
    appendToPaste(bytes[start...])
    pending.removeAll(keepingCapacity: true)
    return nil
  }

  private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
    guard let count = paste?.count else { return }
    let room = Self.maximumPasteLength - count
    if bytes.count > room { pasteWasCut = true }
    paste?.append(contentsOf: bytes.prefix(max(0, room)))
  }

  private mutating func endPaste(into events: inout [InputEvent]) {
    guard let bytes = paste else { return }
    paste = nil
    var text = String(decoding: bytes, as: UTF8.self)
    if pasteWasCut { text.append("\u{2026}") }
    pasteWasCut = false
    events.append(.paste(text))
  }

  // MARK: Decoding

  private mutating func decode(into events: inout [InputEvent], final: Bool) {
    var index = 0
    let bytes = pending
    while index < bytes.count {
      if paste != nil {
        guard let next = takePaste(bytes, from: index, into: &events) else { return }
        index = next
        continue
      }
      if dropsSequence {
        // Parameters and intermediates go; the final byte ends the sequence and goes too; any
        // other byte ends it and is read.
        let byte = bytes[index]
        if byte >= 0x20 && byte <= 0x7E { index += 1 }
        if byte < 0x20 || byte >= 0x40 { dropsSequence = false }
        continue
      }
      let result = decodeOne(bytes, from: index, final: final)
      switch result {
      case .incomplete:
        pending = Array(bytes[index...])
        return
      case .event(let event, let length):
        if let event { events.append(event) }
        index += length
      case .beginPaste(let length):
        paste = []
        index += length
      case .dropSequence(let length):
        dropsSequence = true
        index += length
      }
    }
    pending.removeAll(keepingCapacity: true)
  }

  private enum Step {
    case incomplete
    case event(InputEvent?, length: Int)
    /// `ESC [200~`: the bytes up to `ESC [201~` are a paste.
    case beginPaste(length: Int)
    /// A control sequence past ``InputDecoder/maximumSequenceLength``: these bytes and the
    /// rest of it, to its final byte, are dropped.
    case dropSequence(length: Int)
  }

  private func decodeOne(_ bytes: [UInt8], from start: Int, final: Bool) -> Step {
    let byte = bytes[start]
    switch byte {
    case 0x1B:
      return decodeEscape(bytes, from: start, final: final)
    case 0x0D, 0x0A:
      return .event(.key(KeyEvent(.enter)), length: 1)
    case 0x09:
      return .event(.key(KeyEvent(.tab)), length: 1)
    case 0x7F, 0x08:
      return .event(.key(KeyEvent(.backspace)), length: 1)
    case 0x00:
      return .event(.key(KeyEvent(.control(" "), modifiers: .control)), length: 1)
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(byte + 0x60))
      return .event(.key(KeyEvent(.control(letter), modifiers: .control)), length: 1)
    case 0x1C...0x1F:
      return .event(nil, length: 1)  // Ctrl-\ ] ^ _: not keys we report
    case 0x20...0x7E:
      return .event(.key(KeyEvent(.character(Character(Unicode.Scalar(byte))))), length: 1)
    default:
      return decodeUTF8(bytes, from: start, final: final)
    }
  }

  private func decodeUTF8(_ bytes: [UInt8], from start: Int, final: Bool) -> Step {
    let lead = bytes[start]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default:
      return .event(.key(KeyEvent(.character("\u{FFFD}"))), length: 1)  // stray or invalid lead
    }
    var index = start + 1
    while index < start + length {
      guard index < bytes.count else {
        return final
          ? .event(.key(KeyEvent(.character("\u{FFFD}"))), length: index - start) : .incomplete
      }
      guard bytes[index] & 0xC0 == 0x80 else {
        return .event(.key(KeyEvent(.character("\u{FFFD}"))), length: index - start)
      }
      index += 1
    }
    let decoded = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
    let character = decoded.first ?? "\u{FFFD}"
    return .event(.key(KeyEvent(.character(character))), length: length)
  }

  private func decodeEscape(_ bytes: [UInt8], from start: Int, final: Bool) -> Step {
    guard start + 1 < bytes.count else {
      return final ? .event(.key(KeyEvent(.escape)), length: 1) : .incomplete
    }
    let next = bytes[start + 1]
    switch next {
    case 0x5B:  // [
      return decodeCSI(bytes, from: start, final: final)
    case 0x4F:  // O
      guard start + 2 < bytes.count else {
        return final
          ? .event(.key(KeyEvent(.character("O"), modifiers: .alt)), length: 2) : .incomplete
      }
      let key = InputDecoder.letterKey(bytes[start + 2])
      return .event(key.map { .key(KeyEvent($0)) }, length: 3)
    case 0x1B:
      // Esc Esc: the first is a lone Esc (Alt-Esc is not worth guessing).
      return .event(.key(KeyEvent(.escape)), length: 1)
    default:
      // Alt as an Esc prefix on the next key.
      let inner = decodeOne(bytes, from: start + 1, final: final)
      switch inner {
      case .incomplete:
        return .incomplete
      case .event(let event, let length):
        if case .key(var keyEvent)? = event {
          keyEvent.modifiers.insert(.alt)
          return .event(.key(keyEvent), length: 1 + length)
        }
        return .event(event, length: 1 + length)
      case .beginPaste(let length):
        return .event(nil, length: 1 + length)  // Esc before a paste: the Esc dropped
      case .dropSequence(let length):
        return .dropSequence(length: 1 + length)
      }
    }
  }

  private func decodeCSI(_ bytes: [UInt8], from start: Int, final: Bool) -> Step {
    // ESC [ parameters (0x30–0x3F)* intermediates (0x20–0x2F)* final (0x40–0x7E)
    var index = start + 2
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x40 && byte <= 0x7E { break }
      if byte < 0x20 || byte > 0x7E {
        // Not a CSI after all: drop the introducer, resume at this byte.
        return .event(nil, length: index - start)
      }
      index += 1
      if index - start > InputDecoder.maximumSequenceLength {
        return .dropSequence(length: index - start)  // garbage: drop it, to its end
      }
    }
    guard index < bytes.count else {
      return final ? .event(nil, length: bytes.count - start) : .incomplete
    }
    let finalByte = bytes[index]
    let length = index - start + 1
    let body = bytes[(start + 2)..<index]
    if body.first == 0x3C {  // <: SGR mouse
      return .event(
        decodeMouse(body.dropFirst(), release: finalByte == 0x6D, finalByte: finalByte),
        length: length)
    }
    let parameters = InputDecoder.parameters(body)
    if finalByte == 0x7E && parameters == [200] { return .beginPaste(length: length) }
    let modifiers = InputDecoder.modifiers(parameters.count > 1 ? parameters[1] : 1)
    let key: Key?
    switch finalByte {
    case 0x5A: key = .backTab  // Z
    case 0x7E:  // ~
      switch parameters.first ?? 0 {
      case 1, 7: key = .home
      case 2: key = .insert
      case 3: key = .delete
      case 4, 8: key = .end
      case 5: key = .pageUp
      case 6: key = .pageDown
      case 11...15: key = .function((parameters.first ?? 11) - 10)
      case 17...21: key = .function((parameters.first ?? 17) - 11)
      case 23, 24: key = .function((parameters.first ?? 23) - 12)
      default: key = nil
      }
    default:
      key = InputDecoder.letterKey(finalByte)
    }
    guard let key else { return .event(nil, length: length) }
    return .event(
      .key(KeyEvent(key, modifiers: key == .backTab ? [.shift] : modifiers)), length: length)
  }

  /// The key a final letter names, after `Esc [` or `Esc O`: the arrows, Home, End, F1–F4.
  static func letterKey(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x50...0x53: return .function(Int(byte) - 0x4F)  // P Q R S
    default: return nil
    }
  }

  private func decodeMouse(
    _ body: ArraySlice<UInt8>, release: Bool, finalByte: UInt8
  ) -> InputEvent? {
    guard finalByte == 0x4D || finalByte == 0x6D else { return nil }  // M or m
    let values = InputDecoder.parameters(body)
    guard values.count == 3 else { return nil }
    let code = values[0]
    let column = max(0, values[1] - 1)
    let row = max(0, values[2] - 1)
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    if code & 64 != 0 {
      let kinds: [MouseEvent.Kind] = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
      return .mouse(
        MouseEvent(
          kind: kinds[code & 3], button: .none, column: column, row: row, modifiers: modifiers))
    }
    let buttons: [MouseEvent.Button] = [.left, .middle, .right, .none]
    let button = buttons[code & 3]
    let kind: MouseEvent.Kind
    if release {
      kind = .release
    } else if code & 32 != 0 {
      kind = button == .none ? .move : .drag
    } else {
      kind = button == .none ? .release : .press
    }
    return .mouse(
      MouseEvent(kind: kind, button: button, column: column, row: row, modifiers: modifiers))
  }

  /// Semicolon-separated decimal parameters; missing ones are 0. Values are capped, so a
  /// hostile number cannot overflow.
  private static func parameters(_ body: some Collection<UInt8>) -> [Int] {
    var values: [Int] = []
    var current = 0
    var seen = false
    for byte in body {
      if byte >= 0x30 && byte <= 0x39 {
        current = min(current * 10 + Int(byte - 0x30), 1_000_000)
        seen = true
      } else if byte == 0x3B {
        values.append(current)
        current = 0
        seen = false
      }
    }
    if seen || !values.isEmpty { values.append(current) }
    return values
  }

  /// xterm's modifier parameter: 1 + (shift 1, alt 2, control 4).
  private static func modifiers(_ parameter: Int) -> KeyModifiers {
    let bits = max(0, parameter - 1)
    var modifiers: KeyModifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 { modifiers.insert(.alt) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    return modifiers
  }
}
