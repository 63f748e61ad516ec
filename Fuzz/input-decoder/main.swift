// libFuzzer target: the terminal input decoder takes any bytes, split into reads of any size,
// without trapping, and afterwards still decodes a plain key.
import ReuseTerminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var decoder = InputDecoder()
  var events: [InputEvent] = []
  // The first byte chooses the read size: terminals deliver bytes in chunks of any length.
  let chunk = max(1, Int(bytes.first ?? 1) % 17)
  var time = 0.0
  var start = bytes.isEmpty ? 0 : 1
  while start < bytes.count {
    let end = min(bytes.count, start + chunk)
    decoder.feed(bytes[start..<end], at: time, into: &events)
    decoder.flush(now: time, into: &events)
    time += 0.01
    start = end
  }
  // Whatever came before, once the escape timeout passes a plain key decodes as itself.
  decoder.flush(now: time + 1, into: &events)
  events.removeAll()
  decoder.feed([0x71], at: time + 2, into: &events)  // "q"
  decoder.flush(now: time + 3, into: &events)
  guard events.last == .key(KeyEvent(.character("q"))) else {
    fatalError("after \(bytes.count) bytes, \"q\" decoded as \(events)")
  }
  return 0
}
