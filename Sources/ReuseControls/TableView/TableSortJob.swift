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
    total = Self.work(rows: keys.count)
    let job = self
    Task.detached(priority: .userInitiated) { await job.run(keys) }
  }

  /// Reads the keys with `reader` on a thread of the global executor (counted as one more
  /// pass of the work), then sorts them by `descriptor`.
  init(reader: TableSortKeyReader, descriptor: TableSortDescriptor) {
    self.descriptor = descriptor
    rowCount = reader.rowCount
    total = Self.work(rows: reader.rowCount) + 4 * max(1, reader.rowCount)  // a read: 4 moves
    let job = self
    Task.detached(priority: .userInitiated) {
      let keys = reader.read(
        { read in job.done.store(min(read, reader.rowCount) * 4, ordering: .relaxed) },
        { job.wasCancelled })
      guard let keys, keys.count == reader.rowCount, !job.wasCancelled else {
        job.cancel()
        return
      }
      await job.run(keys)
    }
  }

  /// The work of sorting `rows` rows, in element moves: sorting a block is about log2(block)
  /// levels; each merge pass one; the keys in order and the inverse one more.
  private static func work(rows: Int) -> Int {
    let n = max(1, rows)
    var passes = 0
    var width = blockSize
    while width < n {
      passes += 1
      width *= 2
    }
    return n * (14 + passes + 1)
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

  private func run(_ keys: [TableSortKey]) async {
    let ascending = descriptor.ascending
    var order: [Int32]?
    if keys.allSatisfy({
      switch $0 {
      case .number, .missing: return true
      case .integer, .text: return false
      }
    }) {
      // Numbers that a double holds (and rows without a key, last): a plain array to compare.
      let shared = Shared(count: keys.count) { index -> Double in
        // NaN, here as in the keys' order, is a row without a key: last.
        if case .number(let value) = keys[index] { return value }
        return .nan
      }
      order = await sortedOrder(
        count: keys.count, by: NumberOrder(values: shared, ascending: ascending))
      shared.release()
    } else {
      let shared = Shared(count: keys.count) { keys[$0] }
      order = await sortedOrder(count: keys.count, by: KeyOrder(keys: shared, ascending: ascending))
      shared.release()
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

  /// `0..<count` ordered by `precedes` (a total order): the two halves sorted at once on two
  /// threads (blocks, then merge passes), then merged. `nil` when cancelled.
  private func sortedOrder<Order: RowOrder>(count: Int, by rows: Order) async -> [Int32]? {
    guard count > 0 else { return [] }
    let order = Buffer(count: count)
    let spare = Buffer(count: count)
    defer {
      order.free()
      spare.free()
    }
    for index in 0..<count { order.pointer[index] = Int32(index) }
    // The first half a whole number of blocks, so that each half merges on its own.
    let blocks = (count + Self.blockSize - 1) / Self.blockSize
    let middle = min(count, (blocks + 1) / 2 * Self.blockSize)
    let job = self
    let finished = await withTaskGroup(of: Bool.self) { group in
      for range in [0..<middle, middle..<count] where !range.isEmpty {
        group.addTask { job.sort(range, in: order, using: spare, by: rows) }
      }
      var all = true
      for await done in group { all = all && done }
      return all
    }
    guard finished, !wasCancelled else { return nil }
    // The two halves into the spare buffer, then out as an array.
    merge(0..<middle, middle..<count, from: order, into: spare, by: rows)
    return Array(UnsafeBufferPointer(start: spare.pointer, count: count))
  }

  /// Sorts `range` of `order` by `precedes`: blocks, then merge passes through `spare`; the
  /// result ends in `order`. `false` when cancelled.
  private func sort<Order: RowOrder>(
    _ range: Range<Int>, in order: Buffer, using spare: Buffer, by rows: Order
  ) -> Bool {
    let block = Self.blockSize
    var start = range.lowerBound
    while start < range.upperBound {
      if wasCancelled { return false }
      let end = min(range.upperBound, start + block)
      var slice = UnsafeMutableBufferPointer(start: order.pointer + start, count: end - start)
      slice.sort(by: rows.precedes)
      done.add((end - start) * 14, ordering: .relaxed)
      start = end
    }
    var from = order
    var into = spare
    var width = block
    while width < range.count {
      if wasCancelled { return false }
      var low = range.lowerBound
      while low < range.upperBound {
        let middle = min(range.upperBound, low + width)
        let high = min(range.upperBound, low + 2 * width)
        merge(low..<middle, middle..<high, from: from, into: into, by: rows)
        low = high
      }
      swap(&from, &into)
      width *= 2
    }
    if from.pointer != order.pointer {
      (order.pointer + range.lowerBound).update(
        from: from.pointer + range.lowerBound, count: range.count)
    }
    return true
  }

  /// Merges the sorted runs `left` and `right` (adjacent) of `from` into the same places of
  /// `into`.
  private func merge<Order: RowOrder>(
    _ left: Range<Int>, _ right: Range<Int>, from: Buffer, into: Buffer, by rows: Order
  ) {
    let source = from.pointer
    let target = into.pointer
    var l = left.lowerBound
    var r = right.lowerBound
    var out = left.lowerBound
    while l < left.upperBound && r < right.upperBound {
      if rows.precedes(source[r], source[l]) {
        target[out] = source[r]
        r += 1
      } else {
        target[out] = source[l]
        l += 1
      }
      out += 1
    }
    while l < left.upperBound {
      target[out] = source[l]
      l += 1
      out += 1
    }
    while r < right.upperBound {
      target[out] = source[r]
      r += 1
      out += 1
    }
    done.add(right.upperBound - left.lowerBound, ordering: .relaxed)
  }
}

/// How two source rows compare: by their keys in the sort's direction (rows without a key
/// last), then by row. A type, not a closure, so that the sort and the merges specialise on
/// it and inline the comparison.
private protocol RowOrder: Sendable {
  func precedes(_ a: Int32, _ b: Int32) -> Bool
}

/// Rows by a number each (`nan`: no key).
private struct NumberOrder: RowOrder {
  let values: Shared<Double>
  let ascending: Bool

  @inline(__always)
  func precedes(_ a: Int32, _ b: Int32) -> Bool {
    let x = values.pointer[Int(a)]
    let y = values.pointer[Int(b)]
    if x.isNaN || y.isNaN {
      if x.isNaN && y.isNaN { return a < b }
      return y.isNaN
    }
    if x < y { return ascending }
    if y < x { return !ascending }
    return a < b
  }
}

/// Rows by their keys.
private struct KeyOrder: RowOrder {
  let keys: Shared<TableSortKey>
  let ascending: Bool

  @inline(__always)
  func precedes(_ a: Int32, _ b: Int32) -> Bool {
    TableView.precedes(
      keys.pointer[Int(a)], Int(a), keys.pointer[Int(b)], Int(b), ascending: ascending)
  }
}

/// A buffer of row indices two sorting threads share, each writing only its own half.
private struct Buffer: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<Int32>
  init(count: Int) { pointer = .allocate(capacity: count) }
  func free() { pointer.deallocate() }
}

/// The sort's keys (or numbers), in a buffer the sorting threads read.
private struct Shared<Element>: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<Element>
  let count: Int
  /// `count` elements, element `index` being `element(index)`.
  init(count: Int, _ element: (Int) -> Element) {
    self.count = count
    pointer = .allocate(capacity: count)
    for index in 0..<count { (pointer + index).initialize(to: element(index)) }
  }
  func release() {
    pointer.deinitialize(count: count)
    pointer.deallocate()
  }
}
