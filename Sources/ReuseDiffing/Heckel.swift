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
}
