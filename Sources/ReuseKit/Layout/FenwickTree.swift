/// A binary indexed tree over non-negative `Double` values: prefix sums and point updates in
/// O(log n), and the inverse search (offset → index) in O(log n) by binary lifting.
///
/// Layouts with estimated sizes keep their item lengths in one, so that a cell measuring
/// itself moves every later item in O(log n) instead of O(n).
struct FenwickTree: Sendable {
  /// The values, as given.
  private(set) var values: [Double]
  /// 1-based tree: `tree[i]` holds the sum of `values[i - lowbit(i) ..< i]`.
  private var tree: [Double]
  /// The largest power of two not above `count`, where binary lifting starts.
  private var topStep: Int

  /// Builds the tree from `values`.
  ///
  /// - Complexity: O(n).
  init(values: [Double]) {
    self.values = values
    let n = values.count
    var tree = [Double](repeating: 0, count: n + 1)
    for i in 1..<(n + 1) where n > 0 {
      tree[i] += values[i - 1]
      let parent = i + (i & -i)
      if parent <= n { tree[parent] += tree[i] }
    }
    self.tree = tree
    var step = 1
    while step * 2 <= n { step *= 2 }
    self.topStep = n == 0 ? 0 : step
  }

  /// An empty tree.
  init() { self.init(values: []) }

  /// The number of values.
  var count: Int { values.count }

  /// The sum of `values[0 ..< i]`.
  ///
  /// - Complexity: O(log n).
  func prefixSum(_ i: Int) -> Double {
    assert(i >= 0 && i <= values.count, "prefix index out of range")
    var sum = 0.0
    var index = i
    while index > 0 {
      sum += tree[index]
      index &= index - 1
    }
    return sum
  }

  /// The sum of all values.
  ///
  /// - Complexity: O(log n).
  var total: Double { prefixSum(values.count) }

  /// Replaces `values[i]` with `value`.
  ///
  /// - Complexity: O(log n).
  mutating func set(_ i: Int, to value: Double) {
    let delta = value - values[i]
    values[i] = value
    guard delta != 0 else { return }
    var index = i + 1
    let n = values.count
    while index <= n {
      tree[index] += delta
      index += index & -index
    }
  }

  /// Adds `value` at the end.
  ///
  /// - Complexity: O(log n).
  mutating func append(_ value: Double) {
    values.append(value)
    let i = values.count  // 1-based index of the new node
    let low = i - (i & -i)
    // tree[i] covers values[low ..< i]: the new value plus the sum of values[low ..< i - 1].
    tree.append(value + prefixSum(i - 1) - prefixSum(low))
    if topStep == 0 {
      topStep = 1
    } else if topStep * 2 <= i {
      topStep *= 2
    }
  }

  /// The largest `k` in `0 ... count` with `prefixSum(k) <= y`.
  ///
  /// - Complexity: O(log n).
  func prefixCount(atMost y: Double) -> Int {
    var position = 0
    var remaining = y
    var step = topStep
    let n = values.count
    while step > 0 {
      let next = position + step
      if next <= n && tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step >>= 1
    }
    return position
  }
}
