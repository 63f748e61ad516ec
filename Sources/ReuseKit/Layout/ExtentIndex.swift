/// A run of consecutive lengths along one axis, separated by a fixed spacing: the positions of
/// the items of a list, or of its sections.
///
/// Three storage modes answer the same questions at different costs:
/// - ``Mode/uniform``: every length is equal. Positions are arithmetic: O(1) time and no
///   memory per element.
/// - ``Mode/prefix``: lengths are known up front. A prefix-offset array answers position
///   queries in O(1) and position → index by binary search in O(log n). Changing a length
///   costs O(n − i).
/// - ``Mode/fenwick``: lengths change as cells measure themselves. A Fenwick tree makes
///   position, position → index and length updates all O(log n); an index of n estimated
///   lengths (``estimated(count:length:spacing:)``) is made in O(n / 256).
///
/// Element `i` starts at `start(i)` and ends at `start(i) + length(i)`; element `i + 1` starts
/// `spacing` later.
struct ExtentIndex: Sendable {
  /// How lengths are stored.
  enum Mode: Sendable {
    case uniform
    case prefix
    case fenwick
  }

  /// How lengths are stored.
  private(set) var mode: Mode
  /// The number of elements.
  private(set) var count: Int
  /// The gap between consecutive elements.
  private(set) var spacing: Double
  /// The length of every element, in uniform mode.
  private var uniformLength: Double
  /// Lengths, in prefix mode.
  private var lengths: [Double]
  /// `prefix[i]` = start of element `i`; `prefix[count]` = end of the last stride. Prefix mode.
  private var prefix: [Double]
  /// Strides (length + spacing), in Fenwick mode: the elements after those prepended.
  private var tree: FenwickTree
  /// Strides of the elements prepended since the index was built, in Fenwick mode, nearest
  /// first: `front[j]` is element `front.count - 1 - j`. Prepending appends to it, O(log n).
  private var front = FenwickTree()

  /// An index of `count` elements, all `length` long.
  ///
  /// - Complexity: O(1).
  static func uniform(count: Int, length: Double, spacing: Double) -> ExtentIndex {
    ExtentIndex(
      mode: .uniform, count: count, spacing: spacing, uniformLength: length, lengths: [],
      prefix: [], tree: FenwickTree())
  }

  /// An index of `count` elements that start `length` long and change one by one (Fenwick
  /// mode): estimated lengths, corrected as they are measured.
  ///
  /// - Complexity: O(n / 256).
  static func estimated(count: Int, length: Double, spacing: Double) -> ExtentIndex {
    ExtentIndex(
      mode: .fenwick, count: count, spacing: spacing, uniformLength: 0, lengths: [], prefix: [],
      tree: FenwickTree(count: count, value: length + spacing))
  }

  /// An index over `lengths`, in prefix or Fenwick mode. In Fenwick mode, `typicalLength` is
  /// the length most elements share (an estimate), which costs no memory per element.
  ///
  /// - Complexity: O(n).
  init(lengths: [Double], spacing: Double, mode: Mode, typicalLength: Double? = nil) {
    require(mode != .uniform, "use ExtentIndex.uniform(count:length:spacing:)")
    self.mode = mode
    self.count = lengths.count
    self.spacing = spacing
    self.uniformLength = 0
    if mode == .prefix {
      self.lengths = lengths
      self.prefix = ExtentIndex.prefixOffsets(lengths, spacing: spacing)
      self.tree = FenwickTree()
    } else {
      self.lengths = []
      self.prefix = []
      self.tree = FenwickTree(
        values: lengths.map { $0 + spacing }, defaultValue: typicalLength.map { $0 + spacing })
    }
  }

  private init(
    mode: Mode, count: Int, spacing: Double, uniformLength: Double, lengths: [Double],
    prefix: [Double], tree: FenwickTree
  ) {
    self.mode = mode
    self.count = count
    self.spacing = spacing
    self.uniformLength = uniformLength
    self.lengths = lengths
    self.prefix = prefix
    self.tree = tree
  }

  /// An empty index.
  init() { self = .uniform(count: 0, length: 0, spacing: 0) }

  private static func prefixOffsets(_ lengths: [Double], spacing: Double) -> [Double] {
    [Double](unsafeUninitializedCapacity: lengths.count + 1) { buffer, initialized in
      var running = 0.0
      buffer[0] = 0
      lengths.withUnsafeBufferPointer { lengths in
        for i in 0..<lengths.count {
          running += lengths[i] + spacing
          buffer[i + 1] = running
        }
      }
      initialized = lengths.count + 1
    }
  }

  // MARK: Queries

  /// The position where element `i` starts; `start(count)` is where one more would start.
  ///
  /// - Complexity: O(1), or O(log n) in Fenwick mode.
  @inline(__always)
  func start(_ i: Int) -> Double {
    switch mode {
    case .uniform: return Double(i) * (uniformLength + spacing)
    case .prefix: return prefix[i]
    case .fenwick:
      let prepended = front.count
      if prepended == 0 { return tree.prefixSum(i) }
      let frontTotal = front.total
      return i <= prepended
        ? frontTotal - front.prefixSum(prepended - i)
        : frontTotal + tree.prefixSum(i - prepended)
    }
  }

  /// The length of element `i`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func length(_ i: Int) -> Double {
    switch mode {
    case .uniform: return uniformLength
    case .prefix: return lengths[i]
    case .fenwick: return stride(at: i) - spacing
    }
  }

  /// Element `i`'s length plus spacing, in Fenwick mode.
  @inline(__always)
  private func stride(at i: Int) -> Double {
    let prepended = front.count
    return i < prepended ? front.value(at: prepended - 1 - i) : tree.value(at: i - prepended)
  }

  /// The distance from the start of element `lower` to the end of element `upper - 1`: the
  /// extent of the run `lower ..< upper`, or 0 when it is empty.
  func extent(of range: Range<Int>) -> Double {
    guard !range.isEmpty else { return 0 }
    return start(range.upperBound) - start(range.lowerBound) - spacing
  }

  /// The extent of all elements.
  var totalExtent: Double { extent(of: 0..<count) }

  /// The largest index `i` in `range` whose start is at most `position`, or
  /// `range.lowerBound` when none is. `range` must not be empty.
  ///
  /// - Complexity: O(1) in uniform mode, O(log n) otherwise.
  func lastIndex(startingAtOrBefore position: Double, in range: Range<Int>) -> Int {
    assert(!range.isEmpty)
    let found: Int
    switch mode {
    case .uniform:
      let stride = uniformLength + spacing
      if stride > 0 {
        let quotient = (position / stride).rounded(.down)
        found = quotient >= Double(Int.max / 2) ? Int.max / 2 : Int(Swift.max(-1, quotient))
      } else {
        found = position >= 0 ? count - 1 : -1
      }
    case .prefix:
      // Largest i in 0..<count with prefix[i] <= position.
      var low = range.lowerBound
      var high = range.upperBound  // exclusive
      while low < high {
        let mid = (low + high) / 2
        if prefix[mid] <= position { low = mid + 1 } else { high = mid }
      }
      found = low - 1
    case .fenwick:
      let prepended = front.count
      if prepended == 0 {
        found = tree.prefixCount(atMost: position)
      } else {
        let frontTotal = front.total
        if position >= frontTotal {
          found = prepended + tree.prefixCount(atMost: position - frontTotal)
        } else {
          // The largest i ≤ prepended with frontTotal − front.prefixSum(prepended − i) ≤
          // position: the fewest front elements (from the nearest) reaching frontTotal −
          // position.
          let needed = frontTotal - position
          let fewer = front.prefixCount(atMost: needed.nextDown)
          found = prepended - Swift.min(prepended, fewer + 1)
        }
      }
    }
    return Swift.min(Swift.max(found, range.lowerBound), range.upperBound - 1)
  }

  // MARK: Updates

  /// Replaces the length of element `i`.
  ///
  /// - Complexity: O(log n) in Fenwick mode; O(n − i) in prefix mode. Uniform indexes switch
  ///   to prefix mode first (O(n)).
  mutating func setLength(_ length: Double, at i: Int) {
    switch mode {
    case .uniform:
      let all = [Double](repeating: uniformLength, count: count)
      self = ExtentIndex(lengths: all, spacing: spacing, mode: .prefix)
      setLength(length, at: i)
    case .prefix:
      let delta = length - lengths[i]
      guard delta != 0 else { return }
      lengths[i] = length
      for j in (i + 1)...count { prefix[j] += delta }
    case .fenwick:
      let prepended = front.count
      if i < prepended {
        front.set(prepended - 1 - i, to: length + spacing)
      } else {
        tree.set(i - prepended, to: length + spacing)
      }
    }
  }

  /// Adds `count` elements `length` long before the first (Fenwick mode; other modes rebuild).
  ///
  /// - Complexity: O(k log n) in Fenwick mode for k elements; O(n) otherwise.
  mutating func prepend(count added: Int, length: Double) {
    guard added > 0 else { return }
    guard mode == .fenwick else {
      let all = [Double](repeating: length, count: added) + (0..<count).map(self.length)
      self = ExtentIndex(lengths: all, spacing: spacing, mode: mode == .uniform ? .prefix : mode)
      return
    }
    if front.count == 0 { front = FenwickTree(count: 0, value: length + spacing) }
    for _ in 0..<added { front.append(length + spacing) }
    count += added
  }

  /// Folds the prepended elements into the main tree, for the updates that rebuild it.
  ///
  /// - Complexity: O(n).
  private mutating func mergeFront() {
    guard front.count > 0 else { return }
    let strides = (0..<count).map(stride(at:))
    tree = FenwickTree(values: strides, defaultValue: tree.defaultValue)
    front = FenwickTree()
  }

  /// Adds elements at the end.
  ///
  /// - Complexity: O(k) in prefix mode, O(k log n) in Fenwick mode, for k new elements.
  ///   Uniform indexes switch to prefix mode first (O(n)) unless the lengths are uniform.
  mutating func append(contentsOf newLengths: [Double]) {
    switch mode {
    case .uniform:
      if newLengths.allSatisfy({ $0 == uniformLength }) {
        count += newLengths.count
        return
      }
      self = ExtentIndex(
        lengths: [Double](repeating: uniformLength, count: count), spacing: spacing, mode: .prefix)
      append(contentsOf: newLengths)
    case .prefix:
      replaceLengths(from: count, with: newLengths)
    case .fenwick:
      for length in newLengths { tree.append(length + spacing) }
      count = front.count + tree.count
    }
  }

  /// Replaces the lengths from `i` onward with `newLengths`, keeping elements before `i`.
  ///
  /// - Complexity: O(n − i) in prefix mode; in Fenwick mode O(k log n) for k lengths
  ///   appended at the end (`i == count`), O(n) otherwise.
  mutating func replaceLengths(from i: Int, with newLengths: [Double]) {
    switch mode {
    case .uniform:
      require(i == 0, "a uniform index can only be replaced whole")
      count = newLengths.count
    case .prefix:
      lengths.removeSubrange(i...)
      lengths.append(contentsOf: newLengths)
      prefix.removeSubrange((i + 1)...)
      var running = prefix[i]
      // No exact reservation: appends must grow the array geometrically, not copy it.
      for length in newLengths {
        running += length + spacing
        prefix.append(running)
      }
      count = lengths.count
    case .fenwick:
      if i < count { mergeFront() }
      if i == count {
        for length in newLengths { tree.append(length + spacing) }
      } else {
        var strides = (0..<i).map(tree.value(at:))
        strides.reserveCapacity(i + newLengths.count)
        for length in newLengths { strides.append(length + spacing) }
        tree = FenwickTree(values: strides, defaultValue: tree.defaultValue)
      }
      count = front.count + tree.count
    }
  }
}

extension ExtentIndex {
  /// The frame of a full-width header or footer of section `index`, for layouts whose
  /// sections stack vertically with their extents in this index: the header at the section's
  /// start, the footer at its end; `nil` when that length is 0.
  func sectionSupplementaryFrame(
    _ kind: SupplementaryKind, section index: Int, header: Double, footer: Double, width: Double
  ) -> Rect? {
    if kind == .header, header > 0 {
      return Rect(x: 0, y: start(index), width: width, height: header)
    }
    if kind == .footer, footer > 0 {
      return Rect(x: 0, y: start(index) + length(index) - footer, width: width, height: footer)
    }
    return nil
  }
}
