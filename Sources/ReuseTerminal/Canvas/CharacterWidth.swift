/// How many terminal columns a character takes: 0, 1 or 2.
///
/// The tables come from Unicode data (`Scripts/generate-width-table.py`), not from the locale:
/// East Asian Wide and Fullwidth characters (CJK, Hangul, most emoji) take two columns;
/// combining marks, format characters and Hangul medial and final jamo take none.
public enum CharacterWidth {
  /// The width of one scalar. Control characters have width 0 (they are never drawn).
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }  // DEL and C1 controls
    if value < 0x300 { return 1 }
    return width(of: value)
  }

  /// The width of a grapheme cluster: its first visible scalar's width, or 2 when an emoji
  /// presentation selector (U+FE0F) asks for emoji style. A cluster of only zero-width or
  /// control scalars has width 0.
  public static func of(_ character: Character) -> Int {
    var width = 0
    var emojiStyle = false
    for scalar in character.unicodeScalars {
      if scalar.value == 0xFE0F { emojiStyle = true }
      if width == 0 { width = of(scalar) }
    }
    return width == 1 && emojiStyle ? 2 : width
  }

  /// The total width of a string, cluster by cluster.
  public static func of(_ string: String) -> Int {
    var total = 0
    var clusters = Clusters(string)
    while let cluster = clusters.next() {
      switch cluster {
      case .ascii(let byte): total += byte >= 0x20 && byte < 0x7F ? 1 : 0
      case .character(let character): total += of(character)
      }
    }
    return total
  }

  /// The width of the run in ``spans`` that holds `value`, or 1: one binary search.
  private static func width(of value: UInt32) -> Int {
    var low = 0
    var high = spans.count
    while low < high {
      let mid = (low + high) / 2
      if spans[mid].range.upperBound < value {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < spans.count && spans[low].range.contains(value) ? spans[low].width : 1
  }
}

/// The grapheme clusters of a string, with a fast path for ASCII: a printable ASCII byte
/// followed by another ASCII byte is a whole cluster, so it needs no grapheme breaking and no
/// `Character`. Everything else goes through `Character`.
struct Clusters: IteratorProtocol {
  /// One cluster: a lone ASCII byte, or a `Character`.
  enum Element {
    case ascii(UInt8)
    case character(Character)
  }

  private let text: String
  private var index: String.Index
  private let end: String.Index

  init(_ text: String) {
    self.text = text
    index = text.utf8.startIndex
    end = text.utf8.endIndex
  }

  @inline(__always)
  mutating func next() -> Element? {
    guard index < end else { return nil }
    let utf8 = text.utf8
    let byte = utf8[index]
    let following = utf8.index(after: index)
    // CR LF is one cluster, but both halves are controls that are never drawn.
    if byte < 0x80 && (following == end || utf8[following] < 0x80) {
      index = following
      return .ascii(byte)
    }
    // `index` is a cluster boundary: the start, or the end of the previous cluster.
    let character = text[index]
    index = text.index(after: index)
    return .character(character)
  }
}
