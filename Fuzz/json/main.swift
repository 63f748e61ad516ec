// libFuzzer target: the --data parser takes any bytes without trapping, and every error it
// reports names a line and column inside the input.
import GalleryKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let parsed = try GalleryData.parse(bytes)
    // A file that parses is within the limits it promises.
    precondition(parsed.sections.count <= GalleryData.maximumSections)
    precondition(parsed.sections.reduce(0) { $0 + $1.items.count } <= GalleryData.maximumItems)
  } catch {
    guard let location = error.location else { return 0 }  // a limit: no place in the file
    // Lines are counted by newlines; columns by characters (UTF-8 lead bytes).
    var lines: [Int] = [1]
    for byte in bytes {
      if byte == 0x0A {
        lines.append(1)
      } else if byte & 0xC0 != 0x80 {
        lines[lines.count - 1] += 1
      }
    }
    precondition(
      location.line >= 1 && location.line <= lines.count,
      "line \(location.line) outside \(lines.count) lines: \(error)")
    precondition(
      location.column >= 1 && location.column <= lines[location.line - 1] + 1,
      "column \(location.column) outside line \(location.line): \(error)")
  }
  return 0
}
