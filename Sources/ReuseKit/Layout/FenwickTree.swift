/// A binary indexed tree over non-negative `Double` values that all start at one default value:
/// prefix sums and point updates in O(log n), the inverse search (offset → index) in O(log n),
/// and creation in O(n / 256), whatever n is.
///
/// Layouts with estimated sizes keep their item lengths in one, so that a cell measuring
/// itself moves every later item in O(log n) instead of O(n), and so that ten million items
/// of an estimated length cost almost nothing until they are measured.
///
/// ### Two levels
/// Elements are grouped in blocks of ``blockSize``. A value is the default plus a delta; the
/// deltas of a block live in storage allocated when one of them first becomes non-zero, with
/// a Fenwick tree of their own. A second Fenwick tree holds each block's sum of deltas. The
/// sum of the first `i` values is `i × default`, plus the whole blocks' delta sums, plus a
/// prefix of one block: O(log(n / B) + log B) = O(log n).
struct FenwickTree: Sendable {
  /// log2 of ``blockSize``.
  static let blockShift = 8
  /// How many elements share one block of delta storage.
  static let blockSize = 1 << blockShift

  /// The value of every element that was never given another.
  private(set) var defaultValue: Double
  /// The number of values.
  private(set) var count = 0
  /// 1-based Fenwick tree over the blocks' delta sums: `blockTree[k]` holds the sum of
  /// blocks `k - lowbit(k) ..< k`. Index 0 is unused.
  private var blockTree: [Double] = [0]
  /// Per block, the slot of its delta storage, or -1 while all its deltas are 0.
  private var blockSlots: [Int32] = []
  /// Per slot, ``blockSize`` deltas (value − default).
  private var deltas: [Double] = []
  /// Per slot, a 1-based Fenwick tree over the block's deltas, stored at
  /// `slot × blockSize + (k − 1)` for k in 1 ... blockSize.
  private var localTrees: [Double] = []
  /// The largest power of two not above the block count, where binary lifting starts.
  private var topBlockStep = 0

  /// `count` values, all `value`.
  ///
  /// - Complexity: O(n / ``blockSize``).
  init(count: Int = 0, value: Double = 0) {
    defaultValue = value
    let blocks = FenwickTree.blockCount(for: max(0, count))
    self.count = max(0, count)
    blockTree = [Double](repeating: 0, count: blocks + 1)
    blockSlots = [Int32](repeating: -1, count: blocks)
    topBlockStep = FenwickTree.topStep(blocks)
  }

  /// The tree over `values`, with `defaultValue` the value most of them share (the others
  /// take delta storage).
  ///
  /// - Complexity: O(n).
  init(values: [Double], defaultValue: Double? = nil) {
    self.init(count: values.count, value: defaultValue ?? values.first ?? 0)
    let size = FenwickTree.blockSize
    var sums = [Double](repeating: 0, count: blockSlots.count)
    values.withUnsafeBufferPointer { values in
      for block in 0..<blockSlots.count {
        let first = block * size
        let last = min(values.count, first + size)
        var sum = 0.0
        var slot = -1
        for i in first..<last where values[i] != self.defaultValue {
          if slot < 0 { slot = allocateSlot(forBlock: block) }
          let delta = values[i] - self.defaultValue
          deltas[slot * size + (i - first)] = delta
          sum += delta
        }
        if slot >= 0 { buildLocalTree(slot: slot) }
        sums[block] = sum
      }
    }
    for k in 1..<(sums.count + 1) where !sums.isEmpty {
      blockTree[k] += sums[k - 1]
      let parent = k + (k & -k)
      if parent <= sums.count { blockTree[parent] += blockTree[k] }
    }
  }

  private static func blockCount(for count: Int) -> Int {
    (count + blockSize - 1) >> blockShift
  }

  private static func topStep(_ n: Int) -> Int {
    guard n > 0 else { return 0 }
    var step = 1
    while step * 2 <= n { step *= 2 }
    return step
  }

  private mutating func allocateSlot(forBlock block: Int) -> Int {
    let slot = deltas.count >> FenwickTree.blockShift
    deltas.append(contentsOf: repeatElement(0, count: FenwickTree.blockSize))
    localTrees.append(contentsOf: repeatElement(0, count: FenwickTree.blockSize))
    blockSlots[block] = Int32(truncatingIfNeeded: slot)
    return slot
  }

  /// Builds a slot's local tree from its deltas in O(B).
  private mutating func buildLocalTree(slot: Int) {
    let size = FenwickTree.blockSize
    let base = slot * size
    for k in 1...size { localTrees[base + k - 1] = deltas[base + k - 1] }
    for k in 1...size {
      let parent = k + (k & -k)
      if parent <= size { localTrees[base + parent - 1] += localTrees[base + k - 1] }
    }
  }

  // MARK: Queries

  /// The value at `i`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func value(at i: Int) -> Double {
    let slot = Int(blockSlots[i >> FenwickTree.blockShift])
    if slot < 0 { return defaultValue }
    return defaultValue + deltas[slot << FenwickTree.blockShift | (i & (FenwickTree.blockSize - 1))]
  }

  /// The sum of the values `0 ..< i`.
  ///
  /// - Complexity: O(log n).
  func prefixSum(_ i: Int) -> Double {
    assert(i >= 0 && i <= count, "prefix index out of range")
    let block = i >> FenwickTree.blockShift
    var sum = 0.0
    var k = block
    while k > 0 {
      sum += blockTree[k]
      k &= k - 1
    }
    let rest = i & (FenwickTree.blockSize - 1)
    if rest > 0 {
      let slot = Int(blockSlots[block])
      if slot >= 0 {
        let base = slot << FenwickTree.blockShift
        var k = rest
        while k > 0 {
          sum += localTrees[base + k - 1]
          k &= k - 1
        }
      }
    }
    return Double(i) * defaultValue + sum
  }

  /// The sum of all values.
  ///
  /// - Complexity: O(log n).
  var total: Double { prefixSum(count) }

  /// The largest `k` in `0 ... count` with `prefixSum(k) <= y`.
  ///
  /// - Complexity: O(log n).
  func prefixCount(atMost y: Double) -> Int {
    guard count > 0, y >= 0 else { return 0 }
    let size = FenwickTree.blockSize
    let blocks = blockSlots.count
    // Whole blocks first, each worth B × default plus its deltas (the last block counts as
    // whole: its missing elements would only come after `count`).
    var block = 0
    var remaining = y
    var step = topBlockStep
    let blockLength = Double(size) * defaultValue
    while step > 0 {
      let next = block + step
      if next <= blocks {
        let worth = blockTree[next] + Double(step) * blockLength
        if worth <= remaining {
          block = next
          remaining -= worth
        }
      }
      step >>= 1
    }
    if block >= blocks { return count }
    // Then elements within the block.
    let slot = Int(blockSlots[block])
    var position = 0
    step = size >> 1
    while step > 0 {
      let next = position + step
      let deltaSum = slot >= 0 ? localTrees[slot * size + next - 1] : 0
      let worth = deltaSum + Double(step) * defaultValue
      if worth <= remaining {
        position = next
        remaining -= worth
      }
      step >>= 1
    }
    return min(count, block * size + position)
  }

  // MARK: Updates

  /// Replaces the value at `i`.
  ///
  /// - Complexity: O(log n); allocates the block's storage the first time one of its values
  ///   leaves the default.
  mutating func set(_ i: Int, to value: Double) {
    let delta = value - self.value(at: i)
    guard delta != 0 else { return }
    let block = i >> FenwickTree.blockShift
    var slot = Int(blockSlots[block])
    if slot < 0 { slot = allocateSlot(forBlock: block) }
    let size = FenwickTree.blockSize
    let base = slot * size
    let local = i & (size - 1)
    deltas[base + local] += delta
    var k = local + 1
    while k <= size {
      localTrees[base + k - 1] += delta
      k += k & -k
    }
    k = block + 1
    let blocks = blockSlots.count
    while k <= blocks {
      blockTree[k] += delta
      k += k & -k
    }
  }

  /// Adds `value` at the end.
  ///
  /// - Complexity: O(log n).
  mutating func append(_ value: Double) {
    if count & (FenwickTree.blockSize - 1) == 0 {
      // A new block, all default so far: its tree node covers blocks low ..< k.
      blockSlots.append(-1)
      let k = blockSlots.count
      let low = k - (k & -k)
      blockTree.append(blockPrefix(k - 1) - blockPrefix(low))
      topBlockStep = FenwickTree.topStep(k)
    }
    count += 1
    if value != defaultValue { set(count - 1, to: value) }
  }

  /// The sum of the delta sums of blocks `0 ..< k`.
  private func blockPrefix(_ k: Int) -> Double {
    var sum = 0.0
    var index = k
    while index > 0 {
      sum += blockTree[index]
      index &= index - 1
    }
    return sum
  }

  /// Every value, in order.
  ///
  /// - Complexity: O(n).
  var values: [Double] { (0..<count).map(value(at:)) }
}
