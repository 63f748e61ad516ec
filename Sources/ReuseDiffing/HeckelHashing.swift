/// The hashes of the elements at `indices` for ``HeckelMatch``'s table, written from `hashes` on.
/// Integer identifiers (the common case: database ids) take a multiplicative hash, a few
/// instructions instead of SipHash's hundred; ASCII string identifiers (UUIDs, keys) a
/// word-at-a-time hash of their bytes, seeded per process, ORing the bytes into `highBits` (a
/// string that is not contiguous sets it as if it were not ASCII). The table only needs
/// consistency within one diff. One loop per way of hashing, so that each stays tight.
@inlinable
func heckelHashes<ID: Hashable, Indices: Sequence<Int>>(
  _ elements: UnsafeBufferPointer<ID>, _ indices: Indices,
  into hashes: UnsafeMutablePointer<Int>, _ hashing: HeckelHashing, _ highBits: inout UInt64
) {
  var next = hashes
  // Each cast is guarded by the type it casts to: after specialisation the other branches
  // are gone (a size-mismatched `unsafeBitCast` must never be compiled in, even unreachable:
  // `-Ounchecked` clients turn its check into an assumption).
  switch hashing {
  case .integer where ID.self == Int.self:
    for index in indices {
      let bits = UInt(bitPattern: unsafeBitCast(elements[index], to: Int.self))
      next.initialize(to: Int(bitPattern: (bits &* 0x9E37_79B9_7F4A_7C15) >> 20))
      next += 1
    }
  case .asciiBytes where ID.self == String.self:
    var bits: UInt64 = 0
    for index in indices {
      if let hash = unsafeBitCast(elements[index], to: String.self).utf8
        .withContiguousStorageIfAvailable({ hashUTF8($0, highBits: &bits) })
      {
        next.initialize(to: hash)
      } else {
        next.initialize(to: 0)
        bits |= 0x80
      }
      next += 1
    }
    highBits |= bits
  default:
    for index in indices {
      next.initialize(to: elements[index].hashValue)
      next += 1
    }
  }
}

/// How ``HeckelMatch`` hashes identifiers.
@usableFromInline
enum HeckelHashing {
  /// A multiplicative hash of an `Int`.
  case integer
  /// ``hashUTF8(_:highBits:)`` of a `String` that is all ASCII.
  case asciiBytes
  /// `hashValue`.
  case hashValue
}

/// How one attempt of ``HeckelMatch/matchMiddle(_:_:prefix:suffix:hashing:oldToNew:newToOld:)``
/// ended.
@usableFromInline
enum HeckelOutcome {
  /// Matched; the number of distinct identifiers that occur more than once.
  case matched(duplicated: Int)
  /// A string is not ASCII (or not contiguous): match again with `hashValue`.
  case notASCII
  /// The suffix's in-place matches break the k-th-occurrence order: match without it.
  case suffixBreaksOrder
  /// The walk's pairs break the k-th-occurrence order: match without the walk.
  case pairsBreakOrder
}

/// A per-process seed for ``hashUTF8(_:)``: identifiers that collide in one run do not in the
/// next, so crafted input cannot make every diff quadratic.
@usableFromInline
let utf8HashSeed = UInt64.random(in: UInt64.min...UInt64.max)

/// A fast hash of UTF-8 bytes, eight at a time (a multiply-rotate per word and a final
/// avalanche), seeded per process: a few instructions a word instead of SipHash's dozens.
/// Every byte is also ORed into `highBits`: its high bits say whether one was not ASCII.
@inlinable
func hashUTF8(_ bytes: UnsafeBufferPointer<UInt8>, highBits: inout UInt64) -> Int {
  let count = bytes.count
  var hash = utf8HashSeed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
  guard let base = bytes.baseAddress, count > 0 else { return Int(truncatingIfNeeded: hash) }
  let raw = UnsafeRawPointer(base)
  @inline(__always) func mix(_ word: UInt64) {
    highBits |= word
    hash = (hash ^ (word &* 0xBF58_476D_1CE4_E5B9))
    hash = ((hash << 27) | (hash >> 37)) &* 0x94D0_49BB_1331_11EB
  }
  var offset = 0
  while offset + 8 <= count {
    mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    offset += 8
  }
  if offset < count {
    if count >= 8 {
      // The last eight bytes, overlapping the words already mixed: one load, no loop.
      mix(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    } else {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < count {
        tail |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
        shift += 8
        offset += 1
      }
      mix(tail)
    }
  }
  hash ^= hash >> 31
  hash &*= 0xD6E8_FEB8_6659_FD93
  hash ^= hash >> 32
  return Int(truncatingIfNeeded: hash)
}

/// One symbol-table entry: 24 bytes, so the table stays small in cache.
@usableFromInline
struct HeckelEntry {
  /// The identifier's hash.
  @usableFromInline var hash: Int
  /// Where one occurrence is: an old index, or -1 - a new index.
  @usableFromInline var representative: Int32
  /// The next unmatched old occurrence (its place among the old elements hashed), or -1.
  @usableFromInline var head: Int32 = -1
  /// The last old occurrence (to append to the chain), or -1.
  @usableFromInline var tail: Int32 = -1

  /// Occurrences in each version, as a run of low bits that saturates (0, 1, 3, 7, … 255):
  /// more than 1 means more than once. No branch to count.
  @usableFromInline var oldCount: UInt8 = 0
  @usableFromInline var newCount: UInt8 = 0

  @inlinable init(hash: Int, representative: Int) {
    self.hash = hash
    self.representative = Int32(truncatingIfNeeded: representative)
  }
}
