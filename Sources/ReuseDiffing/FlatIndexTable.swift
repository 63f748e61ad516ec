/// A hash table from flat indices (non-negative integers: an item's place counting across
/// sections) to small integers: open addressing with linear probing, at most half full, and a
/// multiplicative hash. A batch update's mapping keeps its item operations in these, so that
/// validating a quarter of a million moves costs one cheap probe each, with no `ItemPath`
/// hashing and no per-entry allocation.
struct FlatIndexTable: Sendable {
  /// Keys, or -1 for an empty slot.
  private var keys: [Int]
  private var values: [Int]
  private var shift: Int
  /// The number of keys.
  private(set) var count = 0

  /// A table with room for `capacity` keys before it grows.
  init(capacity: Int = 0) {
    var size = 8
    var bits = 3
    while size < 2 * max(0, capacity) {
      size <<= 1
      bits += 1
    }
    keys = [Int](repeating: -1, count: size)
    values = [Int](repeating: 0, count: size)
    shift = Int.bitWidth - bits
  }

  @inline(__always)
  private func slot(for key: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: key &* -7_046_029_254_386_353_131) >> UInt(shift))
  }

  /// The value for `key`, or `nil`.
  ///
  /// - Complexity: O(1) expected.
  subscript(key: Int) -> Int? {
    var index = slot(for: key)
    let mask = keys.count - 1
    while true {
      let stored = keys[index]
      if stored == key { return values[index] }
      if stored < 0 { return nil }
      index = (index + 1) & mask
    }
  }

  /// Adds `key` with `value`, unless it is there already: then returns the value it has, and
  /// changes nothing.
  ///
  /// - Complexity: O(1) amortised.
  @discardableResult
  mutating func insert(_ key: Int, value: Int) -> Int? {
    if 2 * (count + 1) > keys.count { grow() }
    var index = slot(for: key)
    let mask = keys.count - 1
    while true {
      let stored = keys[index]
      if stored == key { return values[index] }
      if stored < 0 {
        keys[index] = key
        values[index] = value
        count += 1
        return nil
      }
      index = (index + 1) & mask
    }
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    self = FlatIndexTable(capacity: keys.count)
    for index in oldKeys.indices where oldKeys[index] >= 0 {
      insert(oldKeys[index], value: oldValues[index])
    }
  }
}
