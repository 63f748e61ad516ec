import Synchronization

/// A sort of a table's rows by keys already gathered, run off the caller's thread: the rows
/// are sorted in blocks, then merged pass by pass, so the job says how far it is and stops at
/// the next block or merge when cancelled. The order is total (equal keys by source row), so
/// the result is the one ``TableView/sort(by:)`` finds.
///
/// Numbers sort through a plain array of doubles (no enum, no reference counting on each
/// comparison); text through the keys themselves.
final class TableSortJob: Sendable {
  /// What the job found: the order (display row → source row), the keys in that order, and
  /// the inverse (source row → display row).
  struct Result: Sendable {
    var order: [Int32]
    var sortedKeys: [TableSortKey]
    var inverse: [Int32]
  }

  /// What it sorts by.
  let descriptor: TableSortDescriptor
  /// The rows it sorts (the table's count when its keys were gathered).
  let rowCount: Int
  /// Work done and to do, in element moves (a block sort counts its size × its depth).
  private let done = Atomic<Int>(0)
  private let total: Int
  private let isCancelled = Atomic<Bool>(false)
  private let result = Mutex<Result?>(nil)

  /// How big a block is sorted at once before the merges.
  static let blockSize = 1 << 14

  /// Starts sorting `keys` (one per source row) by `descriptor` on a thread of the global
  /// executor.
  init(keys: [TableSortKey], descriptor: TableSortDescriptor) {
    self.descriptor = descriptor
    rowCount = keys.count
    let n = max(1, keys.count)
    var passes = 0
    var width = Self.blockSize
    while width < n {
      passes += 1
      width *= 2
    }
    // Sorting a block is about log2(block) levels of work; each merge pass one; the keys in
    // order and the inverse one more.
    total = n * (14 + passes + 1)
    let job = self
    Task.detached(priority: .userInitiated) { job.run(keys) }
  }

  /// How far the job is, from 0 to 1.
  var progress: Double {
    min(1, Double(done.load(ordering: .relaxed)) / Double(max(1, total)))
  }

  /// Stops the job at its next block or merge; it finds nothing.
  func cancel() { isCancelled.store(true, ordering: .relaxed) }

  /// Whether the job was cancelled.
  var wasCancelled: Bool { isCancelled.load(ordering: .relaxed) }

  /// The result, once (`nil` while the job runs, after it was taken, or when cancelled).
  func takeResult() -> Result? {
    result.withLock { found in
      defer { found = nil }
      return found
    }
  }

  // MARK: The thread

  private func run(_ keys: [TableSortKey]) {
    let ascending = descriptor.ascending
    var order: [Int32]?
    if keys.allSatisfy({ if case .text = $0 { return false } else { return true } }) {
      // Numbers (and rows without a key, last): a plain array to compare.
      let values = keys.map { key -> Double in
        if case .number(let value) = key { return value.isNaN ? .infinity : value }
        return .nan
      }
      order = values.withUnsafeBufferPointer { values in
        sortedOrder(count: keys.count) { a, b in
          let x = values[Int(a)]
          let y = values[Int(b)]
          if x.isNaN || y.isNaN {
            if x.isNaN && y.isNaN { return a < b }
            return y.isNaN
          }
          if x < y { return ascending }
          if y < x { return !ascending }
          return a < b
        }
      }
    } else {
      order = keys.withUnsafeBufferPointer { keys in
        sortedOrder(count: keys.count) { a, b in
          TableView.precedes(keys[Int(a)], Int(a), keys[Int(b)], Int(b), ascending: ascending)
        }
      }
    }
    guard let order, !wasCancelled else { return }
    var inverse = [Int32](repeating: 0, count: order.count)
    var sortedKeys: [TableSortKey] = []
    sortedKeys.reserveCapacity(order.count)
    for (display, source) in order.enumerated() {
      inverse[Int(source)] = Int32(display)
      sortedKeys.append(keys[Int(source)])
    }
    done.add(order.count, ordering: .relaxed)
    guard !wasCancelled else { return }
    let found = Result(order: order, sortedKeys: sortedKeys, inverse: inverse)
    result.withLock { $0 = found }
  }

  /// `0..<count` ordered by `precedes` (a total order): blocks sorted, then merged in passes.
  /// `nil` when cancelled.
  private func sortedOrder(count: Int, by precedes: (Int32, Int32) -> Bool) -> [Int32]? {
    var order = (0..<count).map { Int32($0) }
    let block = Self.blockSize
    var start = 0
    while start < count {
      if wasCancelled { return nil }
      let end = min(count, start + block)
      order[start..<end].sort(by: precedes)
      done.add((end - start) * 14, ordering: .relaxed)
      start = end
    }
    var buffer = order
    var width = block
    while width < count {
      if wasCancelled { return nil }
      order.withUnsafeBufferPointer { from in
        buffer.withUnsafeMutableBufferPointer { into in
          var low = 0
          while low < count {
            let middle = min(count, low + width)
            let high = min(count, low + 2 * width)
            var left = low
            var right = middle
            var out = low
            while left < middle && right < high {
              if precedes(from[right], from[left]) {
                into[out] = from[right]
                right += 1
              } else {
                into[out] = from[left]
                left += 1
              }
              out += 1
            }
            while left < middle {
              into[out] = from[left]
              left += 1
              out += 1
            }
            while right < high {
              into[out] = from[right]
              right += 1
              out += 1
            }
            done.add(high - low, ordering: .relaxed)
            low = high
          }
        }
      }
      swap(&order, &buffer)
      width *= 2
    }
    return order
  }
}
