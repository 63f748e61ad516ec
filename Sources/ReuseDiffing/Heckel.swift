/// Paul Heckel's linear-time matching ("A technique for isolating differences between files",
/// CACM 1978), over identifiers, with duplicates matched in order.
///
/// **Identity is the identifier's own `==`** (and `hashValue`): two identifiers Swift calls
/// equal are the same element, whatever their bytes (`"caf\u{E9}"` and `"cafe\u{301}"` are one
/// string to Swift, so one element to the diff).
///
/// 0. The common prefix and suffix match in place, unhashed (most edits change a few
///    elements: only those between are hashed).
/// 1. Between them, one forward walk pairs the elements that are still equal where they lie,
///    or a step apart past an element replaced, deleted or inserted, unhashed: 100,000
///    identifiers replaced among 1,000,000 hash 200,000 elements, not 2,000,000. A walk that
///    finds few pairs (a shuffle) stops soon.
/// 2. One symbol-table entry per distinct identifier left records its occurrences in the old
///    version, in order (one hash per element).
/// 3. Each element of the new version left takes the next unmatched old occurrence of its
///    identifier, if any.
///
/// Heckel's paper matches only identifiers that occur once in each version (and spreads
/// matches to equal neighbours); matching the k-th new occurrence with the k-th old one
/// generalises that, as DifferenceKit does: unique identifiers match exactly as in the paper,
/// and duplicates are matched in order instead of being deleted and inserted. That is the
/// duplicate policy: the result is always valid, and occurrences beyond the other version's
/// count are deleted or inserted.
///
/// The prefix obeys that rule by construction. The suffix obeys it unless an identifier in it
/// also occurs between, a different number of times in each version (its k-th occurrence from
/// the start is then not its k-th from the end): that case is detected (the suffix's
/// identifiers are looked up, only when the part between has such an identifier) and matched
/// again without the suffix step. The walk's pairs obey it unless one of their identifiers is
/// also left to the table (only duplicates can be): every pair's identifier is looked up there,
/// and if one is found the whole middle is matched again without the walk.
@usableFromInline
struct HeckelMatch {
  /// For each old element, the index of its match in the new version, or -1.
  @usableFromInline var oldToNew: [Int]
  /// For each new element, the index of its match in the old version, or -1.
  @usableFromInline var newToOld: [Int]
  /// How many distinct identifiers occur more than once in either version.
  @usableFromInline var duplicatedIdentifiers: Int

  /// Matches `old` against `new`.
  ///
  /// The symbol table is open addressing over entry indices (linear probing, at most half
  /// full); an entry keeps the identifier's hash and where one occurrence is, so identifiers
  /// are hashed once each and never copied, retained or released.
  ///
  /// - Complexity: O(m + n) time and space, one hash of each element.
  @inlinable
  init<ID: Hashable>(old: [ID], new: [ID]) {
    // Callers that are not specialised (a generic data source's diff runs in ReuseKit, for
    // any identifier type) would hash and compare through witness tables, copying every
    // identifier to do so. The common identifier types go to versions compiled for them.
    if ID.self == String.self {
      self.init(
        strings: unsafeBitCast(old, to: [String].self), unsafeBitCast(new, to: [String].self))
    } else if ID.self == Int.self {
      self.init(integers: unsafeBitCast(old, to: [Int].self), unsafeBitCast(new, to: [Int].self))
    } else {
      self.init(matching: old, new)
    }
  }

  /// String identifiers, compiled for them.
  @usableFromInline
  init(strings old: [String], _ new: [String]) { self.init(matching: old, new) }

  /// Integer identifiers, compiled for them.
  @usableFromInline
  init(integers old: [Int], _ new: [Int]) { self.init(matching: old, new) }

  @inlinable
  init<ID: Hashable>(matching old: [ID], _ new: [ID]) {
    let oldCount = old.count
    let newCount = new.count
    precondition(
      oldCount + newCount < Int(Int32.max),
      "Diffing \(oldCount) + \(newCount) elements: at most \(Int32.max - 1) in all")
    var oldMatches = [Int](repeating: -1, count: oldCount)
    var newMatches = [Int](repeating: -1, count: newCount)
    // A common prefix and suffix match in place, unhashed: an edit that inserts, deletes or
    // changes a few elements hashes only the part between. (Duplicates are counted there.)
    var prefix = 0
    var suffix = 0
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        let limit = min(oldCount, newCount)
        while prefix < limit && old[prefix] == new[prefix] { prefix += 1 }
        while suffix < limit - prefix && old[oldCount - 1 - suffix] == new[newCount - 1 - suffix] {
          suffix += 1
        }
      }
    }
    for index in 0..<prefix {
      oldMatches[index] = index
      newMatches[index] = index
    }
    // String identifiers hash their UTF-8 bytes while every one of them is ASCII (where
    // equal bytes and Swift's `==` agree); any other string makes the whole match hash with
    // `hashValue`, which follows `==` (canonical equivalence) for every string.
    var hashing = HeckelHashing.hashValue
    var walks = true
    if ID.self == Int.self {
      hashing = .integer
    } else if ID.self == String.self {
      hashing = .asciiBytes
    }
    // Matches are written straight into the results' storage.
    var duplicated = 0
    oldMatches.withUnsafeMutableBufferPointer { oldToNew in
      newMatches.withUnsafeMutableBufferPointer { newToOld in
        while true {
          switch HeckelMatch.matchMiddle(
            old, new, prefix: prefix, suffix: suffix, hashing: hashing, walks: walks,
            oldToNew: oldToNew, newToOld: newToOld)
          {
          case .matched(let count):
            for back in 0..<suffix {
              oldToNew[oldCount - 1 - back] = newCount - 1 - back
              newToOld[newCount - 1 - back] = oldCount - 1 - back
            }
            duplicated = count
            return
          case .notASCII:
            hashing = .hashValue
          case .suffixBreaksOrder:
            suffix = 0
          case .pairsBreakOrder:
            walks = false
          }
          for index in prefix..<oldCount { oldToNew[index] = -1 }
          for index in prefix..<newCount { newToOld[index] = -1 }
        }
      }
    }
    oldToNew = oldMatches
    newToOld = newMatches
    duplicatedIdentifiers = duplicated
  }

  /// Matches the elements between the common prefix and suffix, writing each match into
  /// `oldToNew` and `newToOld` (whose entries there are -1): the walk's pairs first when
  /// `walks`, then the rest through the symbol table.
  @inlinable
  static func matchMiddle<ID: Hashable>(
    _ old: [ID], _ new: [ID], prefix: Int, suffix: Int, hashing: HeckelHashing, walks: Bool,
    oldToNew: UnsafeMutableBufferPointer<Int>, newToOld: UnsafeMutableBufferPointer<Int>
  ) -> HeckelOutcome {
    let oldCount = old.count
    let newCount = new.count
    let oldRange = prefix..<(oldCount - suffix)
    let newRange = prefix..<(newCount - suffix)
    // Manually managed buffers: the probe loop runs 200,000 times for 100,000 elements, and
    // array accesses there would pay for uniqueness and exclusivity checks.
    // The elements of each side left to the table. (Temporary buffers are kept to what is
    // touched: a fresh large block costs a page fault per 4 KB.)
    let oldRest = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, oldRange.count))
    let newRest = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, newRange.count))
    defer {
      oldRest.deallocate()
      newRest.deallocate()
    }
    var pairCount = 0
    if walks {
      old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
          pairCount = walkInStep(
            old, new, oldRange, newRange, oldToNew: oldToNew, newToOld: newToOld)
        }
      }
    }
    var oldRestCount = 0
    for index in oldRange where oldToNew[index] < 0 {
      oldRest[oldRestCount] = Int32(truncatingIfNeeded: index)
      oldRestCount &+= 1
    }
    var newRestCount = 0
    for index in newRange where newToOld[index] < 0 {
      newRest[newRestCount] = Int32(truncatingIfNeeded: index)
      newRestCount &+= 1
    }
    var capacity = 16
    while capacity < 2 * (oldRestCount + newRestCount) { capacity <<= 1 }
    let mask = capacity - 1
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)  // entry + 1; 0 empty
    slots.initialize(repeating: 0, count: capacity)
    let entries = UnsafeMutablePointer<HeckelEntry>.allocate(
      capacity: max(1, oldRestCount + newRestCount))
    var entryCount = 0
    // For each old element left (by its place in `oldRest`), the next unmatched occurrence of
    // its identifier there, or -1.
    let nextOccurrence = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, oldRestCount))
    // The pairs and the suffix are looked up a chunk at a time.
    let chunk = 4_096
    let hashes = UnsafeMutablePointer<Int>.allocate(
      capacity: max(chunk, oldRestCount, newRestCount))
    defer {
      slots.deallocate()
      entries.deallocate()
      nextOccurrence.deallocate()
      hashes.deallocate()
    }
    return old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        /// The entry of the element at `representative` (an old index, or -1 - a new index),
        /// whose hash is `hash`; added if new (-1 if absent and `insert` is false). Elements
        /// are compared where they lie, never copied.
        @inline(__always)
        func entry(hash: Int, at representative: Int, insert: Bool = true) -> Int {
          var slot = hash & mask
          while true {
            let stored = Int(slots[slot])
            if stored == 0 {
              guard insert else { return -1 }
              entryCount += 1
              slots[slot] = Int32(truncatingIfNeeded: entryCount)
              (entries + entryCount - 1).initialize(
                to: HeckelEntry(hash: hash, representative: representative))
              return entryCount - 1
            }
            let candidate = entries + (stored - 1)
            if candidate.pointee.hash == hash {
              let other = Int(candidate.pointee.representative)
              let equal: Bool
              switch (other >= 0, representative >= 0) {
              case (true, true): equal = old[other] == old[representative]
              case (true, false): equal = old[other] == new[-1 - representative]
              case (false, true): equal = new[-1 - other] == old[representative]
              case (false, false): equal = new[-1 - other] == new[-1 - representative]
              }
              if equal { return stored - 1 }
            }
            slot = (slot + 1) & mask
          }
        }
        @inline(__always)
        func indices(
          _ list: UnsafeMutablePointer<Int32>, _ count: Int
        ) -> LazyMapSequence<
          UnsafeBufferPointer<Int32>, Int
        > {
          UnsafeBufferPointer(start: list, count: count).lazy.map { Int($0) }
        }
        // Bytes ORed together while hashing ASCII strings: a high bit set means one was not.
        var highBits: UInt64 = 0
        // Hash a whole side first: the probes then have their addresses ready, and the
        // processor overlaps their cache misses instead of waiting for each in turn.
        heckelHashes(old, indices(oldRest, oldRestCount), into: hashes, hashing, &highBits)
        // An entry's head and tail are places in `oldRest`.
        for rest in 0..<oldRestCount {
          let entry = entries + entry(hash: hashes[rest], at: Int(oldRest[rest]))
          nextOccurrence[rest] = -1
          let tail = Int(entry.pointee.tail)
          if tail >= 0 {
            nextOccurrence[tail] = Int32(truncatingIfNeeded: rest)
          } else {
            entry.pointee.head = Int32(truncatingIfNeeded: rest)
          }
          entry.pointee.tail = Int32(truncatingIfNeeded: rest)
          entry.pointee.oldCount = entry.pointee.oldCount &<< 1 | 1
        }
        heckelHashes(new, indices(newRest, newRestCount), into: hashes, hashing, &highBits)
        var matched = 0
        for rest in 0..<newRestCount {
          let index = Int(newRest[rest])
          let entry = entries + entry(hash: hashes[rest], at: -1 - index)
          entry.pointee.newCount = entry.pointee.newCount &<< 1 | 1
          let head = Int(entry.pointee.head)
          if head >= 0 {
            let oldIndex = Int(oldRest[head])
            newToOld[index] = oldIndex
            oldToNew[oldIndex] = index
            entry.pointee.head = nextOccurrence[head]
            matched &+= 1
          }
        }
        if highBits & 0x8080_8080_8080_8080 != 0 { return .notASCII }
        var duplicated = 0
        var index = 0
        while index < entryCount {
          duplicated &+= (entries[index].oldCount | entries[index].newCount) > 1 ? 1 : 0
          index &+= 1
        }
        defer { entries.deinitialize(count: entryCount) }
        // A pair's identifier that is also in the table occurs elsewhere too: its pair may not
        // be the k-th occurrence on each side.
        // (The pairs are the old elements of the middle between those in `oldRest`.)
        if pairCount > 0 && entryCount > 0 {
          var start = oldRange.lowerBound
          for rest in 0...oldRestCount {
            let gapEnd = rest < oldRestCount ? Int(oldRest[rest]) : oldRange.upperBound
            while start < gapEnd {
              let part = start..<min(gapEnd, start &+ chunk)
              heckelHashes(old, part, into: hashes, hashing, &highBits)
              for index in part
              where entry(hash: hashes[index &- start], at: index, insert: false) >= 0 {
                return .pairsBreakOrder
              }
              start = part.upperBound
            }
            start = gapEnd &+ 1
          }
          if highBits & 0x8080_8080_8080_8080 != 0 { return .notASCII }
        }
        // Some identifier occurs a different number of times in each version exactly when an
        // element on either side is left unmatched.
        let unbalanced = matched != oldRestCount || matched != newRestCount
        // The suffix matched its occurrences counting from the end: right unless one of its
        // identifiers occurs between a different number of times in each version.
        if unbalanced && suffix > 0 {
          var start = oldCount - suffix
          while start < oldCount {
            let part = start..<min(oldCount, start + chunk)
            heckelHashes(old, part, into: hashes, hashing, &highBits)
            for index in part {
              let found = entry(hash: hashes[index - start], at: index, insert: false)
              // Counts saturate past 7: equal saturated counts may differ, so they count as
              // a conflict too (the match without the suffix is right whatever they are).
              if found >= 0
                && (entries[found].oldCount != entries[found].newCount
                  || entries[found].oldCount == .max)
              {
                return .suffixBreaksOrder
              }
            }
            start = part.upperBound
          }
          if highBits & 0x8080_8080_8080_8080 != 0 { return .notASCII }
        }
        return .matched(duplicated: duplicated)
      }
    }
  }

  /// Pairs, in one forward walk over `oldRange` and `newRange`, the elements still equal
  /// where they lie: past an element replaced, deleted or inserted, one step ahead on either
  /// side finds the walk's place again; lost for eight steps, it looks 32 ahead on each side,
  /// and where the ends would align. Comparisons beyond one a step are paid from a budget
  /// that pairs earn (capped), so a walk that finds few pairs (a shuffle, a long run
  /// inserted) stops soon and leaves the rest to the table.
  ///
  /// Writes each pair into `oldToNew` and `newToOld`; returns the number of pairs.
  ///
  /// - Complexity: O(m + n) comparisons, in order through memory.
  @inlinable
  static func walkInStep<ID: Equatable>(
    _ old: UnsafeBufferPointer<ID>, _ new: UnsafeBufferPointer<ID>, _ oldRange: Range<Int>,
    _ newRange: Range<Int>, oldToNew: UnsafeMutableBufferPointer<Int>,
    newToOld: UnsafeMutableBufferPointer<Int>
  ) -> Int {
    var i = oldRange.lowerBound
    var j = newRange.lowerBound
    let oldEnd = oldRange.upperBound
    let newEnd = newRange.upperBound
    var pairs = 0
    var budget = 256
    var misses = 0
    let window = 32
    while i < oldEnd && j < newEnd {
      if old[i] == new[j] {
        oldToNew[i] = j
        newToOld[j] = i
        pairs &+= 1
        i &+= 1
        j &+= 1
        misses = 0
        budget = min(budget &+ 2, 4_096)
        continue
      }
      misses &+= 1
      if misses < 8 {
        guard budget >= 3 else { break }
        budget &-= 3
        if i + 1 < oldEnd && j + 1 < newEnd && old[i + 1] == new[j + 1] {
          i &+= 1  // replaced
          j &+= 1
        } else if i + 1 < oldEnd && old[i + 1] == new[j] {
          i &+= 1  // deleted
        } else if j + 1 < newEnd && old[i] == new[j + 1] {
          j &+= 1  // inserted
        } else {
          i &+= 1
          j &+= 1
        }
        continue
      }
      misses = 0
      guard budget >= 2 * window + 2 else { break }
      budget &-= 2 * window + 2
      // Where the ends align (one run deleted or inserted since the walk's place).
      let alignedOld = oldEnd - (newEnd - j)
      if alignedOld > i && old[alignedOld] == new[j] {
        i = alignedOld
        continue
      }
      let alignedNew = newEnd - (oldEnd - i)
      if alignedNew > j && new[alignedNew] == old[i] {
        j = alignedNew
        continue
      }
      if let found = (i + 1..<min(oldEnd, i + window)).first(where: { old[$0] == new[j] }) {
        i = found
      } else if let found = (j + 1..<min(newEnd, j + window)).first(where: { new[$0] == old[i] }) {
        j = found
      } else {
        i &+= 1
        j &+= 1
      }
    }
    return pairs
  }
}

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

/// Marks a longest strictly increasing subsequence of `values`: the elements that can stay
/// while the others move (patience sorting).
///
/// - Complexity: O(k log k).
@usableFromInline
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
  let count = values.count
  // The common case, no moves: the whole sequence increases, and all of it stays.
  var increasing = true
  values.withUnsafeBufferPointer { values in
    var index = 1
    while index < count {
      if values[index - 1] >= values[index] {
        increasing = false
        break
      }
      index += 1
    }
  }
  if increasing { return [Bool](repeating: true, count: count) }
  var keep = [Bool](repeating: false, count: count)
  // tails[l]: the index of the smallest tail of an increasing run of length l + 1.
  var tails = [Int]()
  var previous = [Int](repeating: -1, count: count)
  for index in 0..<count {
    let value = values[index]
    // Mostly-sorted input (few moves) extends the longest run: no search.
    if let last = tails.last, values[last] < value {
      previous[index] = last
      tails.append(index)
      continue
    }
    var low = 0
    var high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var index = tails.last ?? -1
  while index >= 0 {
    keep[index] = true
    index = previous[index]
  }
  return keep
}
