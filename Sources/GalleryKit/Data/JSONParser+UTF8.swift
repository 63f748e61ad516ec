extension JSONParser {
  /// The offset of the first byte that is not valid UTF-8 (a stray continuation byte, a
  /// truncated or overlong sequence, a surrogate, a value past U+10FFFF), or `nil`.
  ///
  /// - Complexity: O(n).
  public static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var minimum: UInt32
      var value: UInt32
      switch lead {
      case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
      case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
      default: return index
      }
      guard index + length <= count else { return index }
      for offset in 1..<length {
        let byte = bytes[index + offset]
        guard byte & 0xC0 == 0x80 else { return index }
        value = value << 6 | UInt32(byte & 0x3F)
      }
      if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
        return index
      }
      index += length
    }
    return nil
  }
}
