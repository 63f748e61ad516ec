// libFuzzer target: the diff of any two versions of sectioned data, duplicates included, and
// applied by the batch rules (independently of the engine's own mapping), gives the target
// exactly.
import ReuseKit
import ReuseTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // The input is two versions, split at the first 0xFF; in each, 0xFE starts a new section
  // and any other byte is an element: its low bits the identity (so duplicates are common),
  // the high bits the content.
  let split = bytes.firstIndex(of: 0xFF) ?? bytes.count / 2
  func sections(_ part: ArraySlice<UInt8>) -> [TokenSection] {
    var result: [TokenSection] = []
    var elements: [Token] = []
    var title = 0
    func close() {
      result.append(TokenSection(model: Token(id: 1_000 + title, content: 0), elements: elements))
      elements = []
      title += 1
    }
    for byte in part {
      if byte == 0xFE {
        close()
      } else {
        elements.append(Token(id: Int(byte & 0x1F), content: Int(byte >> 5)))
      }
    }
    close()
    return result
  }
  let source = sections(bytes[..<split])
  let target = sections(bytes[min(bytes.count, split + 1)...])
  let stages = StagedChangeset(source: source, target: target)
  var current = source
  for (index, stage) in stages.enumerated() {
    // Each stage fits the counts before and after it (what a collection view checks)...
    let counts = current.map(\.elements.count)
    guard
      case .success = stage.validate(
        oldItemCounts: counts, newItemCounts: target.map(\.elements.count))
    else { fatalError("stage \(index) is invalid for \(counts): \(stage)") }
    // ... and each stage reads the final data, as a data source would.
    guard let applied = referenceApply(stage, to: current, target: target) else {
      fatalError("stage \(index) does not fit the data: \(stage)")
    }
    current = applied.result
  }
  precondition(current == target, "the diff does not reach the target")
  return 0
}
