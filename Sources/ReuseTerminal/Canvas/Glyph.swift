#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One grapheme cluster in eight bytes, so that a canvas cell is plain data: copied, compared
/// and hashed without reference counting or Unicode-aware string comparison.
///
/// A cluster of up to eight UTF-8 bytes (any single scalar, a letter with a few combining
/// marks, a flag, a keycap) is stored inline. A longer one (a family emoji, a long run of
/// combining marks) is stored once in a process-wide table and referred to by index; the table
/// only grows with distinct long clusters, which real screens have few of. Equal bytes give
/// equal glyphs, so a comparison is one integer comparison.
public struct Glyph: Hashable, Sendable {
  /// Inline UTF-8 bytes, first byte lowest, zero-padded; or, when the top byte is `0xFF`
  /// (never a UTF-8 byte), an index into the table of long clusters.
  @usableFromInline var raw: UInt64

  @inlinable init(raw: UInt64) { self.raw = raw }

  /// The blank: one space.
  public static let space = Glyph(raw: 0x20)
  /// Nothing: the right half of a wide character.
  public static let none = Glyph(raw: 0)

  /// The glyph of one ASCII byte.
  @inlinable public init(ascii byte: UInt8) { raw = UInt64(byte) }

  /// The glyph of `character`.
  public init(_ character: Character) {
    var string = String(character)
    self.init(utf8: &string)
  }

  /// The glyph of a cluster given as a string (normally one `Character`).
  public init(_ string: String) {
    var copy = string
    self.init(utf8: &copy)
  }

  private init(utf8 string: inout String) {
    let count = string.utf8.count
    if count <= 8 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      for byte in string.utf8 {
        value |= UInt64(byte) << shift
        shift += 8
      }
      raw = value
    } else {
      raw = 0xFF00_0000_0000_0000 | UInt64(GlyphTable.shared.index(of: Array(string.utf8)))
    }
  }

  /// Whether this is the empty glyph of a wide character's right half.
  public var isNone: Bool { raw == 0 }

  /// Whether terminals may disagree about how wide this glyph is: a character below U+3000
  /// or from U+10000 to U+1FFFF (symbols, emoji, Hangul jamo), or a cluster of several
  /// scalars (a presentation selector, a joiner, a flag's pair). CJK ideographs, kana, Hangul
  /// syllables and fullwidth forms take two columns in every terminal.
  @inlinable
  public var widthMayBeDisputed: Bool {
    if raw >> 56 == 0xFF { return true }
    let lead = UInt8(truncatingIfNeeded: raw)
    let length: UInt64 = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    if length < 8 && raw >> (8 * length) != 0 { return true }
    switch length {
    case 3: return lead <= 0xE2
    case 4: return !(lead == 0xF0 && UInt8(truncatingIfNeeded: raw >> 8) >= 0xA0)
    default: return true
    }
  }

  /// The cluster as a string.
  public var string: String {
    var bytes: [UInt8] = []
    appendUTF8(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the cluster's UTF-8 bytes.
  @inlinable
  public func appendUTF8(to bytes: inout [UInt8]) {
    var value = raw
    if value >> 56 == 0xFF {
      GlyphTable.shared.appendBytes(
        ofIndex: Int(truncatingIfNeeded: value & 0xFFFF_FFFF), to: &bytes)
      return
    }
    while value != 0 {
      bytes.append(UInt8(truncatingIfNeeded: value))
      value >>= 8
    }
  }
}

/// The process-wide store of clusters longer than eight bytes, behind a lock (drawing may
/// happen off the main thread in tests).
@usableFromInline
final class GlyphTable: @unchecked Sendable {
  @usableFromInline static let shared = GlyphTable()

  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private var clusters: [[UInt8]] = []
  private var indices: [[UInt8]: Int] = [:]

  private init() {
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  func index(of bytes: [UInt8]) -> Int {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if let index = indices[bytes] { return index }
    clusters.append(bytes)
    indices[bytes] = clusters.count - 1
    return clusters.count - 1
  }

  @usableFromInline
  func appendBytes(ofIndex index: Int, to bytes: inout [UInt8]) {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if index < clusters.count { bytes.append(contentsOf: clusters[index]) }
  }
}
