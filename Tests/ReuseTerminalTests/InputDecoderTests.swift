import ReuseTestSupport
import Testing

@testable import ReuseTerminal

@Suite struct InputDecoderTests {
  private func decode(_ chunks: [[UInt8]], flushAt time: Double? = nil) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for (index, chunk) in chunks.enumerated() {
      decoder.feed(chunk, at: Double(index) * 0.001, into: &events)
    }
    if let time { decoder.flush(now: time, into: &events) }
    return events
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func keysArrowsAndNavigation() {
    let events = decode([
      bytes(
        "a\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[1;5D\u{1B}[H\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[Z\t\r\u{7F}\u{03}"
      )
    ])
    #expect(
      events == [
        .key(KeyEvent(.character("a"))), .key(KeyEvent(.up)), .key(KeyEvent(.down)),
        .key(KeyEvent(.right)), .key(KeyEvent(.left, modifiers: .control)), .key(KeyEvent(.home)),
        .key(KeyEvent(.end)), .key(KeyEvent(.pageUp)), .key(KeyEvent(.pageDown)),
        .key(KeyEvent(.backTab, modifiers: .shift)), .key(KeyEvent(.tab)), .key(KeyEvent(.enter)),
        .key(KeyEvent(.backspace)), .key(KeyEvent(.control("c"), modifiers: .control)),
      ])
  }

  @Test func utf8TextIncludingWideAndSplitCharacters() {
    let text = bytes("红한é😀")
    // Feed one byte at a time: every character must still arrive whole.
    let events = decode(text.map { [$0] })
    #expect(events == ["红", "한", "é", "😀"].map { .key(KeyEvent(.character(Character($0)))) })
  }

  @Test func sgrMouseReports() {
    let events = decode([
      bytes(
        "\u{1B}[<0;10;5M\u{1B}[<32;12;5M\u{1B}[<0;12;5m\u{1B}[<65;1;1M\u{1B}[<64;3;4M\u{1B}[<20;2;2M"
      )
    ])
    #expect(
      events == [
        .mouse(MouseEvent(kind: .press, button: .left, column: 9, row: 4)),
        .mouse(MouseEvent(kind: .drag, button: .left, column: 11, row: 4)),
        .mouse(MouseEvent(kind: .release, button: .left, column: 11, row: 4)),
        .mouse(MouseEvent(kind: .scrollDown, button: .none, column: 0, row: 0)),
        .mouse(MouseEvent(kind: .scrollUp, button: .none, column: 2, row: 3)),
        .mouse(
          MouseEvent(kind: .press, button: .left, column: 1, row: 1, modifiers: [.shift, .control])),
      ])
  }

  @Test func aSequenceSplitAcrossReadsDecodesOnce() {
    let whole = bytes("\u{1B}[<0;10;5M\u{1B}[1;2A")
    for split in 1..<whole.count {
      let events = decode([Array(whole[..<split]), Array(whole[split...])])
      #expect(
        events == [
          .mouse(MouseEvent(kind: .press, column: 9, row: 4)),
          .key(KeyEvent(.up, modifiers: .shift)),
        ], "split at \(split)")
    }
  }

  @Test func aLoneEscapeResolvesAfterTheTimeout() {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    decoder.feed([0x1B], at: 1.0, into: &events)
    #expect(events.isEmpty && decoder.pendingDeadline == 1.05)
    decoder.flush(now: 1.02, into: &events)
    #expect(events.isEmpty)
    decoder.flush(now: 1.06, into: &events)
    #expect(events == [.key(KeyEvent(.escape))])
    #expect(decoder.pendingDeadline == nil)
    // Esc followed by a key soon enough is Alt+key.
    decoder.feed([0x1B], at: 2.0, into: &events)
    decoder.feed(bytes("x"), at: 2.01, into: &events)
    #expect(events.last == .key(KeyEvent(.character("x"), modifiers: .alt)))
  }

  /// A bracketed paste is one event, whatever it holds (line breaks, escape sequences, a `q`)
  /// and wherever the reads cut it; keys around it stay keys.
  @Test func aBracketedPasteIsOneEventWhereverTheReadsCutIt() {
    let whole = bytes("a\u{1B}[200~x\r\ny\u{1B}[Aq é\u{1B}[201~b")
    let expected: [InputEvent] = [
      .key(KeyEvent(.character("a"))), .paste("x\r\ny\u{1B}[Aq é"),
      .key(KeyEvent(.character("b"))),
    ]
    #expect(decode([whole]) == expected)
    for split in 1..<whole.count {
      #expect(
        decode([Array(whole[..<split]), Array(whole[split...])]) == expected, "split at \(split)")
    }
    // Byte by byte.
    #expect(decode(whole.map { [$0] }) == expected)
  }

  /// A paste whose closing sequence never comes ends after `pasteTimeout` of silence, and keys
  /// are keys again; one longer than `maximumPasteLength` is cut, and says so with "…".
  @Test func aPasteWithoutItsEndOrTooLongEndsSafely() {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    decoder.feed(bytes("\u{1B}[200~hello"), at: 1.0, into: &events)
    #expect(events.isEmpty && decoder.pendingDeadline == 1.5)
    decoder.feed(bytes(" world"), at: 1.3, into: &events)
    decoder.flush(now: 1.6, into: &events)
    #expect(events.isEmpty, "0.3 s of silence only")
    decoder.flush(now: 1.81, into: &events)
    #expect(events == [.paste("hello world")])
    decoder.feed(bytes("q"), at: 2.0, into: &events)
    #expect(events.last == .key(KeyEvent(.character("q"))))
    events.removeAll()
    let long = [UInt8](repeating: 0x61, count: InputDecoder.maximumPasteLength + 10)
    decoder.feed(bytes("\u{1B}[200~") + long + bytes("\u{1B}[201~"), at: 3.0, into: &events)
    guard case .paste(let text)? = events.first, events.count == 1 else {
      Issue.record("\(events.count) events")
      return
    }
    #expect(text.unicodeScalars.count == InputDecoder.maximumPasteLength + 1)
    #expect(text.hasSuffix("a\u{2026}"))
  }

  /// A control sequence too long to keep is dropped whole, up to its final byte, in one read
  /// or across several: its tail is never read as keys (the tail of 30 parameters, "…;30M",
  /// switched pages as "3" and "0": a new user's finding). One whose final byte never comes
  /// ends at the timeout, and the next key is a key.
  @Test func anOverlongSequenceIsDroppedToItsFinalByte() {
    let parameters = (1...30).map(String.init).joined(separator: ";")
    #expect(parameters.utf8.count + 2 > InputDecoder.maximumSequenceLength)
    let x = InputEvent.key(KeyEvent(.character("x")))
    #expect(decode([bytes("\u{1B}[" + parameters + "Mx")]) == [x])
    // 254 parameters over reads of 16 bytes, then a key in a read of its own.
    let long = bytes("\u{1B}[" + (1...254).map(String.init).joined(separator: ";") + "M")
    let reads = stride(from: 0, to: long.count, by: 16).map {
      Array(long[$0..<min($0 + 16, long.count)])
    }
    #expect(decode(reads + [bytes("x")]) == [x])
    // No final byte: at the timeout the dropping ends; Enter ends it at once, and is read.
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    decoder.feed(bytes("\u{1B}[" + parameters), at: 0, into: &events)
    #expect(decoder.pendingDeadline != nil, "held, so that the timeout ends it")
    decoder.flush(now: 1, into: &events)
    decoder.feed(bytes("x"), at: 1.1, into: &events)
    #expect(events == [x], "x after the pause is a key, not the lost final byte")
    events.removeAll()
    decoder.feed(bytes("\u{1B}[" + parameters + ";9\r"), at: 2, into: &events)
    #expect(events == [.key(KeyEvent(.enter))])
  }

  @Test func garbageNeverCrashesOrHangs() {
    var random = SeededRandom(seed: 0xBAD)
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var time = 0.0
    for _ in 0..<2_000 {
      let length = Int(random.next() % 64) + 1
      var chunk: [UInt8] = []
      for _ in 0..<length {
        // Bias towards escape-sequence bytes so the parser's corners are hit.
        let roll = random.next() % 10
        chunk.append(
          roll < 2
            ? 0x1B
            : roll < 4
              ? [0x5B, 0x3C, 0x3B, 0x4D, 0x7E][Int(random.next() % 5)] : UInt8(random.next() & 0xFF)
        )
      }
      time += 0.001
      decoder.feed(chunk, at: time, into: &events)
      #expect(decoder.pendingDeadline == nil || (decoder.pendingDeadline! - time) < 1)
    }
    decoder.flush(now: time + 1, into: &events)
    #expect(decoder.pendingDeadline == nil, "nothing stays held after the timeout")
    #expect(!events.isEmpty)
  }

  /// Ten million seeded random bytes, in reads of random sizes, some biased toward
  /// escape-sequence bytes. No crash, no hang (nothing is held past the timeout), bounded
  /// memory, and afterwards a plain key still decodes.
  @Test func tenMillionRandomBytesNeverCrashHangOrWedge() {
    let total = 10_000_000
    var random = SeededRandom(seed: 0x1_0000_000B)
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var time = 0.0
    var fed = 0
    var chunk: [UInt8] = []
    chunk.reserveCapacity(4_096)
    var eventCount = 0
    while fed < total {
      let length = min(total - fed, Int(random.next() % 4_096) + 1)
      let escapeHeavy = random.next() % 4 == 0
      chunk.removeAll(keepingCapacity: true)
      for _ in 0..<length {
        let value = random.next()
        if escapeHeavy {
          let roll = value % 16
          chunk.append(
            roll < 3
              ? 0x1B
              : roll < 8
                ? [0x5B, 0x3C, 0x3B, 0x4D, 0x6D, 0x7E, 0x4F][Int((value >> 8) % 7)]
                : roll < 12 ? UInt8(0x30 + (value >> 16) % 10) : UInt8((value >> 24) & 0xFF))
        } else {
          chunk.append(UInt8(value & 0xFF))
        }
      }
      fed += length
      time += 0.001
      decoder.feed(chunk, at: time, into: &events)
      if let deadline = decoder.pendingDeadline, deadline - time >= 1 {
        Issue.record("a sequence is held for \(deadline - time) s after \(fed) bytes")
        return
      }
      eventCount += events.count
      events.removeAll(keepingCapacity: true)  // a host consumes events every read
    }
    decoder.flush(now: time + 1, into: &events)
    #expect(decoder.pendingDeadline == nil, "nothing stays held after the timeout")
    #expect(eventCount > 100_000, "random bytes decode to events: \(eventCount)")
    events.removeAll()
    decoder.feed(Array("q".utf8), at: time + 2, into: &events)
    decoder.flush(now: time + 3, into: &events)
    #expect(events.last == .key(KeyEvent(.character("q"))), "the decoder is not wedged")
  }

  @Test func hugeNumbersAndLongSequencesAreDropped() {
    let long = bytes("\u{1B}[" + String(repeating: "9", count: 200) + "Aq")
    let events = decode([long], flushAt: 10)
    #expect(events.last == .key(KeyEvent(.character("q"))))
    let huge = decode([bytes("\u{1B}[<0;99999999999999999999;3Mz")])
    #expect(huge.last == .key(KeyEvent(.character("z"))))
  }
}
